// Browsers in the host matrix: Firefox ESR (Debian's firefox-esr, over WebDriver BiDi through
// puppeteer-core) and WebKit (Debian's WebKitWebDriver under Xvfb, over WebDriver classic, which
// puppeteer-core cannot speak: the small client of ./webdriver.ts does). Each loads a page that imports the
// installed package's browser bundle (test/hosts/matrix/browser-check.js) from a local server, and the
// page posts its answers back to that server; then each loads the reader page and waits for its
// chapter. The server serves the installed package's dist/web and dist/data, as any static host would.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { sleep, startWebKitSession } from './webdriver.ts';

const MATRIX_DIR = resolve(import.meta.dirname, '..', '..', 'test', 'hosts', 'matrix');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.pack': 'application/octet-stream',
};

export interface PageServer {
  url: string;
  /** The next report a page posts, or a rejection after `timeoutMs`. */
  nextReport: (timeoutMs: number) => Promise<unknown>;
  close: () => Promise<void>;
}

/** A file of `root` for a URL path, or undefined when there is none (no path leaves the root). */
function fileIn(root: string, path: string): string | undefined {
  const file = normalize(join(root, decodeURIComponent(path)));
  if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) return undefined;
  return file;
}

/** Serves the check page, the installed package's dist/web and, under /data/, its dist/data. */
export async function servePackage(packageDir: string): Promise<PageServer> {
  const web = join(packageDir, 'dist', 'web');
  const data = join(packageDir, 'dist', 'data');
  const waiting: ((report: unknown) => void)[] = [];
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://host').pathname;
    if (request.method === 'POST' && path === '/report') {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        response.writeHead(204).end();
        waiting.shift()?.(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      });
      return;
    }
    const file =
      path === '/browser-check.html' || path === '/browser-check.js'
        ? join(MATRIX_DIR, path.slice(1))
        : path.startsWith('/data/')
          ? fileIn(data, path.slice('/data/'.length))
          : fileIn(web, path === '/' ? 'index.html' : path.slice(1));
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the page server has no port');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    nextReport: (timeoutMs) =>
      new Promise((done, fail) => {
        const timer = setTimeout(
          () => fail(new Error(`the page posted no report in ${timeoutMs / 1000} s`)),
          timeoutMs,
        );
        waiting.push((report) => {
          clearTimeout(timer);
          done(report);
        });
      }),
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/** What a browser does for the matrix: open `url`, and the text the reader page shows at `url`. */
export interface BrowserSession {
  version: string;
  open: (url: string) => Promise<void>;
  /** The page's body text, once `contains` is in it (or what it is after `timeoutMs`). */
  bodyTextWhen: (contains: string, timeoutMs: number) => Promise<string>;
  close: () => Promise<void>;
}

/** Firefox ESR over WebDriver BiDi through puppeteer-core, with a fresh profile. */
export async function firefoxSession(puppeteerModule: string): Promise<BrowserSession> {
  const puppeteer = (await import(puppeteerModule)).default as typeof import('puppeteer-core').default;
  const profile = mkdtempSync(join(tmpdir(), 'bible-firefox-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
    headless: true,
    userDataDir: profile,
  });
  const page = await browser.newPage();
  return {
    version: await browser.version(),
    open: async (url) => {
      await page.goto(url);
    },
    bodyTextWhen: async (contains, timeoutMs) => {
      await page
        .waitForFunction((text: string) => document.body?.textContent.includes(text), { timeout: timeoutMs }, contains)
        .catch(() => {});
      return page.evaluate(() => document.body?.textContent ?? '');
    },
    close: async () => {
      await browser.close().catch(() => {});
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Debian's WebKitGTK through WebKitWebDriver, on a display of its own (Xvfb). */
export async function webkitSession(): Promise<BrowserSession> {
  const session = await startWebKitSession();
  return {
    version: session.version,
    open: async (url) => {
      await session.command('POST', '/url', { url });
    },
    bodyTextWhen: async (contains, timeoutMs) => {
      const end = Date.now() + timeoutMs;
      let text = '';
      while (Date.now() < end) {
        text = String(
          await session.command('POST', '/execute/sync', {
            script: 'return document.body ? document.body.textContent : ""',
            args: [],
          }),
        );
        if (text.includes(contains)) break;
        await sleep(250);
      }
      return text;
    },
    close: session.close,
  };
}
