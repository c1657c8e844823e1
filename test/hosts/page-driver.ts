// One interface for driving a tab of a real browser in the reader page's tests, with two implementations:
// puppeteer-core (chromium over the DevTools protocol, firefox-esr over WebDriver BiDi) and WebDriver
// classic (WebKitGTK through WebKitWebDriver, which puppeteer-core cannot drive). It holds only what the
// page tests do: open, reload and step through history, run a function in the page, click, type and press
// keys, wait, size the window, take screenshots, and report the page's script errors.
import { writeFileSync } from 'node:fs';
import type { Page } from 'puppeteer-core';
import { ELEMENT_KEY, sleep, startWebKitSession, type WebDriverSession } from '../../scripts/hosts/webdriver.ts';
import { type BrowserName, browserPath, launchBrowser } from './page-browser.ts';

export interface WindowSize {
  width: number;
  height: number;
  /** a phone: touch, a mobile viewport and two device pixels to a CSS pixel, where the browser can emulate it */
  phone?: boolean;
}

export interface WaitOptions {
  /** milliseconds; 30 s unless given */
  timeout?: number;
  /** milliseconds between tries (the puppeteer implementation may check on every frame instead) */
  polling?: number;
}

/** A key as puppeteer names it. */
export type KeyName = 'ArrowRight' | 'ArrowLeft' | 'Escape' | 'Enter' | '/';

export interface PageDriver {
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  back(): Promise<void>;
  forward(): Promise<void>;
  url(): Promise<string>;
  /** Sizes the page's viewport (WebKit: its window's inside); the size it really got. */
  setWindowSize(size: WindowSize): Promise<{ width: number; height: number }>;
  /** Runs `fn` in the page with `args` (JSON values); its result, awaited. `fn` must use nothing outside itself. */
  evaluate<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>>;
  /** `fn` on the first element matching `selector`; fails when none does. */
  evalOn<R>(selector: string, fn: (element: HTMLElement) => R): Promise<Awaited<R>>;
  /** `fn` on every element matching `selector`, in document order. */
  evalOnAll<R>(selector: string, fn: (elements: HTMLElement[]) => R): Promise<Awaited<R>>;
  exists(selector: string): Promise<boolean>;
  /** Clicks the middle of the first element matching `selector`, scrolled into view. */
  click(selector: string): Promise<void>;
  /** Focuses the first element matching `selector` and types `text` into it, key by key. */
  type(selector: string, text: string): Promise<void>;
  /** Presses and releases one key in whatever has the focus. */
  press(key: KeyName): Promise<void>;
  focus(selector: string): Promise<void>;
  /** Picks `value` in the <select> matching `selector`, as a person would (input and change events). */
  select(selector: string, value: string): Promise<void>;
  waitForSelector(selector: string, options?: WaitOptions): Promise<void>;
  /** Waits until `fn(...args)` in the page is truthy. */
  waitForFunction<A extends unknown[]>(fn: (...args: A) => unknown, options: WaitOptions, ...args: A): Promise<void>;
  /** Runs a script's source in the page as a classic script. */
  addScript(source: string): Promise<void>;
  screenshot(path: string): Promise<void>;
  /** Cuts the page's network (navigator.onLine false, requests fail) or restores it; false when the browser cannot. */
  setOffline(offline: boolean): Promise<boolean>;
  /** Script errors and console errors the page raised so far, as `page error: …` / `console: … <url>`. */
  problems(): Promise<string[]>;
  /** Responses of 400 or more the page got since it was made, `status url`; undefined where the driver cannot see them. */
  failedResponses: (() => string[]) | undefined;
  close(): Promise<void>;
}

export interface DriverBrowser {
  name: BrowserName;
  version: string;
  newPage(): Promise<PageDriver>;
  close(): Promise<void>;
}

const DEFAULT_TIMEOUT = 30_000;

/** Starts `name` and returns it behind the driver interface. */
export async function launchDriver(name: BrowserName): Promise<DriverBrowser> {
  if (name === 'webkit') return launchWebKit();
  const launched = await launchBrowser(name);
  return {
    name,
    version: await launched.browser.version(),
    newPage: async () => puppeteerPage(await launched.browser.newPage()),
    close: launched.close,
  };
}

function puppeteerPage(page: Page): PageDriver {
  const problems: string[] = [];
  const failed: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${(error as Error).message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()} ${message.location().url ?? ''}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  const evaluate = <A extends unknown[], R>(fn: (...args: A) => R, ...args: A) =>
    page.evaluate(fn as (...a: unknown[]) => R, ...args) as Promise<Awaited<R>>;
  return {
    goto: async (url) => {
      await page.goto(url);
    },
    reload: async () => {
      await page.reload();
    },
    back: async () => {
      await page.goBack();
    },
    forward: async () => {
      await page.goForward();
    },
    url: async () => page.url(),
    setWindowSize: async ({ width, height, phone }) => {
      await page.setViewport(
        phone ? { width, height, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : { width, height },
      );
      return { width, height };
    },
    evaluate,
    // The function itself goes to puppeteer: a wrapper around it would not carry `fn` into the page.
    evalOn: (selector, fn) => page.$eval(selector, fn as (n: Element) => unknown) as Promise<never>,
    evalOnAll: (selector, fn) => page.$$eval(selector, fn as (ns: Element[]) => unknown) as Promise<never>,
    exists: async (selector) => (await page.$(selector)) !== null,
    click: (selector) => page.click(selector),
    type: (selector, text) => page.type(selector, text),
    press: (key) => page.keyboard.press(key),
    focus: (selector) => page.focus(selector),
    select: async (selector, value) => {
      await page.select(selector, value);
    },
    waitForSelector: async (selector, options = {}) => {
      await page.waitForSelector(selector, { timeout: options.timeout ?? DEFAULT_TIMEOUT });
    },
    waitForFunction: async (fn, options, ...args) => {
      await page.waitForFunction(
        fn as (...a: unknown[]) => unknown,
        { timeout: options.timeout ?? DEFAULT_TIMEOUT, ...(options.polling && { polling: options.polling }) },
        ...args,
      );
    },
    addScript: async (source) => {
      await page.addScriptTag({ content: source });
    },
    screenshot: async (path) => {
      await page.screenshot({ path });
    },
    setOffline: async (offline) => {
      await page.setOfflineMode(offline);
      return true;
    },
    problems: async () => [...problems],
    failedResponses: () => [...failed],
    close: () => page.close(),
  };
}

// WebDriver classic keys (the spec's code points for keys without a character).
const WEBDRIVER_KEYS: Record<KeyName, string> = {
  ArrowRight: '\uE014',
  ArrowLeft: '\uE012',
  Escape: '\uE00C',
  Enter: '\uE007',
  '/': '/',
};

/**
 * Runs a function's source as an asynchronous WebDriver script: its arguments, then the callback the
 * driver adds; the result, or the error's text, travels back wrapped so a rejection is not a timeout.
 */
function asyncScript(fnSource: string, call: string): string {
  return `const done = arguments[arguments.length - 1];
const args = Array.prototype.slice.call(arguments, 0, arguments.length - 1);
const fn = (${fnSource});
new Promise((resolve) => resolve(${call})).then(
  (value) => done({ value: value === undefined ? null : value }),
  (error) => done({ error: String((error && error.stack) || error) }),
);`;
}

const NO_MATCH = `(selector) => { const n = document.querySelector(selector); if (!n) throw new Error('no element matches ' + selector); return n; }`;

// WebDriver classic shows no console or page errors: after each load, the page's errors and console.error
// calls are recorded in the page, and read back before the next load and when asked.
const WATCH_PROBLEMS = `if (!window.__driverProblems) {
  const seen = (window.__driverProblems = []);
  addEventListener('error', (e) => seen.push('page error: ' + e.message));
  addEventListener('unhandledrejection', (e) => seen.push('page error: ' + String(e.reason && e.reason.message || e.reason)));
  const consoleError = console.error.bind(console);
  console.error = (...parts) => { seen.push('console: ' + parts.map(String).join(' ') + ' ' + location.href); consoleError(...parts); };
}`;
const TAKE_PROBLEMS = 'return (window.__driverProblems || []).splice(0);';

/**
 * WebKitGTK over WebDriver classic. Each page is a window of its own (MiniBrowser takes no screenshot of a
 * tab behind another); the blank first window stays open so closing a page never ends the session.
 */
async function launchWebKit(): Promise<DriverBrowser> {
  const session = await startWebKitSession(browserPath('webkit'));
  await session.command('POST', '/timeouts', { script: 120_000, pageLoad: 60_000 });
  const home = (await session.command('GET', '/window')) as string;
  let current = home;
  const switchTo = async (handle: string) => {
    if (current === handle) return;
    await session.command('POST', '/window', { handle });
    current = handle;
  };
  return {
    name: 'webkit',
    version: session.version,
    newPage: async () => {
      const { handle } = (await session.command('POST', '/window/new', { type: 'window' })) as { handle: string };
      await switchTo(handle);
      return webdriverPage(session, handle, switchTo, async () => {
        await switchTo(handle);
        await session.command('DELETE', '/window');
        // WebDriver opens new windows from the current one: the first window is current again.
        current = '';
        await switchTo(home);
      });
    },
    close: session.close,
  };
}

function webdriverPage(
  session: WebDriverSession,
  handle: string,
  switchTo: (handle: string) => Promise<void>,
  closeTab: () => Promise<void>,
): PageDriver {
  const problems: string[] = [];
  const command = async (method: string, path: string, body?: unknown) => {
    await switchTo(handle);
    return session.command(method, path, body);
  };
  const run = async <R>(fnSource: string, call: string, args: unknown[]): Promise<R> => {
    const answer = (await command('POST', '/execute/async', { script: asyncScript(fnSource, call), args })) as {
      value?: R;
      error?: string;
    };
    if (answer.error !== undefined) throw new Error(`in the page: ${answer.error}`);
    return answer.value as R;
  };
  const evaluate = <A extends unknown[], R>(fn: (...args: A) => R, ...args: A) =>
    run<Awaited<R>>(fn.toString(), 'fn.apply(null, args)', args);
  const element = async (selector: string) => {
    const found = (await command('POST', '/element', { using: 'css selector', value: selector })) as Record<
      string,
      string
    >;
    return found[ELEMENT_KEY];
  };
  const takeProblems = async () => {
    const seen = (await command('POST', '/execute/sync', { script: TAKE_PROBLEMS, args: [] }).catch(
      () => [],
    )) as string[];
    problems.push(...seen);
  };
  const watchProblems = () => command('POST', '/execute/sync', { script: WATCH_PROBLEMS, args: [] });
  const navigate = async (path: string, body: unknown = {}) => {
    await takeProblems();
    await command('POST', path, body);
    await watchProblems();
  };
  const waitForFunction = async <A extends unknown[]>(
    fn: (...args: A) => unknown,
    options: WaitOptions,
    ...args: A
  ) => {
    const timeout = options.timeout ?? DEFAULT_TIMEOUT;
    const end = Date.now() + timeout;
    let lastError: unknown;
    for (;;) {
      try {
        if (await evaluate(fn, ...args)) return;
      } catch (error) {
        // A script cut short by a load under way: try again.
        lastError = error;
      }
      if (Date.now() > end)
        throw new Error(
          `waited ${timeout} ms for ${fn.toString().slice(0, 120)}${lastError ? `; last error: ${lastError}` : ''}`,
        );
      await sleep(options.polling ?? 50);
    }
  };
  return {
    goto: (url) => navigate('/url', { url }),
    reload: () => navigate('/refresh'),
    back: () => navigate('/back'),
    forward: () => navigate('/forward'),
    url: async () => String(await command('GET', '/url')),
    // MiniBrowser's window has a frame around the page: the window is made larger by it, so the page gets
    // the size asked for, as far as the window's smallest size allows.
    setWindowSize: async ({ width, height }) => {
      const inner = () => evaluate(() => ({ width: innerWidth, height: innerHeight }));
      await command('POST', '/window/rect', { width, height });
      const got = await inner();
      await command('POST', '/window/rect', {
        width: width + (width - got.width),
        height: height + (height - got.height),
      });
      return inner();
    },
    evaluate,
    evalOn: (selector, fn) => run(fn.toString(), `fn((${NO_MATCH})(args[0]))`, [selector]),
    evalOnAll: (selector, fn) =>
      run(fn.toString(), 'fn(Array.prototype.slice.call(document.querySelectorAll(args[0])))', [selector]),
    exists: (selector) => evaluate((s: string) => document.querySelector(s) !== null, selector),
    click: async (selector) => {
      await command('POST', `/element/${await element(selector)}/click`, {});
    },
    type: async (selector, text) => {
      await command('POST', `/element/${await element(selector)}/value`, { text });
    },
    press: async (key) => {
      const value = WEBDRIVER_KEYS[key];
      await command('POST', '/actions', {
        actions: [
          {
            type: 'key',
            id: 'keyboard',
            actions: [
              { type: 'keyDown', value },
              { type: 'keyUp', value },
            ],
          },
        ],
      });
    },
    focus: async (selector) => {
      await run(`${NO_MATCH}`, 'fn(args[0]).focus()', [selector]);
    },
    select: async (selector, value) => {
      await run(NO_MATCH, 'Object.assign(fn(args[0]), { value: args[1] })', [selector, value]);
      await run(
        NO_MATCH,
        "['input', 'change'].forEach((type) => fn(args[0]).dispatchEvent(new Event(type, { bubbles: true })))",
        [selector],
      );
    },
    waitForSelector: (selector, options = {}) =>
      waitForFunction((s: string) => document.querySelector(s) !== null, options, selector),
    waitForFunction,
    addScript: async (source) => {
      await command('POST', '/execute/sync', { script: source, args: [] });
    },
    screenshot: async (path) => {
      writeFileSync(path, Buffer.from(String(await command('GET', '/screenshot')), 'base64'));
    },
    setOffline: async () => false,
    problems: async () => {
      await takeProblems();
      await watchProblems().catch(() => {});
      return [...problems];
    },
    failedResponses: undefined,
    close: closeTab,
  };
}
