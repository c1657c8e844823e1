// A real browser for the reader page's tests: Debian's chromium over the DevTools protocol (the default)
// or Debian's firefox-esr over WebDriver BiDi (PAGE_BROWSER=firefox), both through puppeteer-core, or
// Debian's WebKitGTK over WebDriver classic (PAGE_BROWSER=webkit). All come from the distribution;
// puppeteer-core downloads no browser of its own. The tests drive them through ./page-driver.ts.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import type { PageDriver } from './page-driver.ts';

export type BrowserName = 'chromium' | 'firefox' | 'webkit';
/** The browsers puppeteer-core drives. */
export type PuppeteerBrowserName = Exclude<BrowserName, 'webkit'>;

const BROWSERS: BrowserName[] = ['chromium', 'firefox', 'webkit'];

/** The browser a test run asks for: PAGE_BROWSER=firefox or webkit, else chromium. */
export function requestedBrowser(): BrowserName {
  const name = process.env.PAGE_BROWSER ?? 'chromium';
  if (!BROWSERS.includes(name as BrowserName))
    throw new Error(`PAGE_BROWSER: ${name} is none of ${BROWSERS.join(', ')}`);
  return name as BrowserName;
}

/** Where the browser's program (WebKit: its WebDriver) is: CHROMIUM_PATH / FIREFOX_PATH / WEBKIT_DRIVER_PATH, else Debian's. */
export function browserPath(name: BrowserName): string {
  if (name === 'chromium') return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (name === 'firefox') return process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
  return process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
}

const INSTALL: Record<BrowserName, string> = {
  chromium: 'run scripts/install-browser.sh (as root: it apt-get installs Debian chromium), or set CHROMIUM_PATH',
  firefox: 'apt-get install firefox-esr, or set FIREFOX_PATH',
  webkit: 'run scripts/install-webkit.sh (it apt-get installs webkit2gtk-driver and Xvfb), or set WEBKIT_DRIVER_PATH',
};

export function missingBrowserReason(name: BrowserName): string {
  return `${browserPath(name)} is missing: ${INSTALL[name]}`;
}

// Chromium's own network calls are refused on a closed network, many at a time: these flags stop them.
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LaunchedBrowser {
  name: PuppeteerBrowserName;
  browser: Browser;
  close(): Promise<void>;
}

/** Starts the browser headless on a fresh profile, removed on close. */
export async function launchBrowser(name: PuppeteerBrowserName = 'chromium'): Promise<LaunchedBrowser> {
  const executablePath = browserPath(name);
  if (!existsSync(executablePath)) throw new Error(missingBrowserReason(name));
  const profile = mkdtempSync(join(tmpdir(), `bible-${name}-`));
  const browser = await puppeteer.launch({
    browser: name === 'chromium' ? 'chrome' : 'firefox',
    executablePath,
    headless: true,
    userDataDir: profile,
    args: name === 'chromium' ? CHROMIUM_FLAGS : [],
    ...(name === 'firefox' && {
      // Service workers are off in Firefox's automation profile unless asked for.
      extraPrefsFirefox: { 'dom.serviceWorkers.enabled': true, 'dom.serviceWorkers.testing.enabled': true },
    }),
  });
  return {
    name,
    browser,
    async close() {
      await browser.close().catch(() => {});
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const axeSource = () => readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** axe-core's serious and critical findings on the page as it stands. */
export async function seriousAccessibilityFindings(page: PageDriver): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScript(axeSource());
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<any> } }).axe;
    const result = await axe.run(document);
    return (result.violations as any[])
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id as string,
        impact: v.impact as string,
        help: v.help as string,
        targets: (v.nodes as any[]).slice(0, 5).map((n) => String(n.target)),
      }));
  });
}
