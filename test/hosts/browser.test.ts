// The reader page in Debian's chromium, driven by playwright-core: load it from the local server, read
// John 3, search "love" and see the count, then cut the network (offline emulation and the server
// stopped), reload, and still read and search. Screenshots go to test-output/.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BibleServer } from '../../engine/node/server.ts';
import { ensureBundle } from '../../scripts/bundle.ts';
import { bible } from '../helpers.ts';
import { startServer } from './http.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OUTPUT = resolve(import.meta.dirname, '..', '..', 'test-output');
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let srv: BibleServer | undefined;
let context: BrowserContext | undefined;
const profile = mkdtempSync(join(tmpdir(), 'bible-chromium-'));

beforeAll(async () => {
  await ensureBundle(() => {});
  srv = await startServer();
});
afterAll(async () => {
  await context?.close().catch(() => {});
  await srv?.close(100);
  rmSync(profile, { recursive: true, force: true });
});

/** Waits for the page to have opened the engine and shown the chapter. */
async function ready(page: Page): Promise<void> {
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
}

async function searchFor(page: Page, query: string): Promise<number> {
  await page.fill('#search-input', query);
  await page.evaluate(() => {
    delete document.getElementById('search-count')!.dataset.count;
  });
  await page.click('#search-form button[type="submit"]');
  await page.waitForFunction(() => document.getElementById('search-count')!.dataset.count !== undefined, undefined, {
    timeout: 30_000,
  });
  return Number(await page.getAttribute('#search-count', 'data-count'));
}

/** What the engine answers for the page's count: GetSearchCount where the build has it. */
async function expectedCount(query: string): Promise<number | undefined> {
  const b = await bible();
  if (!b.operations.some((op) => op.name === 'GetSearchCount')) return undefined;
  return ((await b.call('GetSearchCount', { query, versionId: 'kjv' })) as { searchCount: number }).searchCount;
}

// Without chromium the test skips with the reason printed, except in CI, where .ci/run installs it first:
// there a missing browser is a failure, never a silent skip.
const MISSING = `${CHROMIUM} is missing: run scripts/install-browser.sh (as root: it apt-get installs Debian's chromium), or set CHROMIUM_PATH`;
const skip = !existsSync(CHROMIUM) && !process.env.CI;
if (skip) console.log(`skipping the reader page test: ${MISSING}`);

describe.skipIf(skip)('the offline reader page in chromium', () => {
  it('reads John 3 and searches, then does both again with the network cut', { timeout: 180_000 }, async () => {
    if (!existsSync(CHROMIUM)) throw new Error(MISSING);
    mkdirSync(OUTPUT, { recursive: true });
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: FLAGS,
      viewport: { width: 1200, height: 900 },
    });
    const page = context.pages()[0] ?? (await context.newPage());
    const problems: string[] = [];
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });

    await page.goto(`${srv!.url}#v=kjv&b=43&c=3`);
    await ready(page);
    expect(await page.textContent('#chapter-title')).toBe('John 3');
    expect(await page.textContent('#chapter-text')).toContain('For God so loved the world');
    expect(await page.locator('#chapter-text .verse').count()).toBe(36);

    const count = await searchFor(page, 'love');
    expect(count).toBeGreaterThan(100);
    const want = await expectedCount('love');
    if (want !== undefined) expect(count).toBe(want);
    expect(await page.textContent('#search-count')).toContain(`${count.toLocaleString('en')} verses`);
    expect(await page.locator('#search-results .result').count()).toBe(Math.min(count, 200));

    // A verse's original words with Strong's numbers, where the build has them.
    await page.click('#chapter-text .verse[data-id="43003016"]');
    await page.waitForSelector('#verse-detail:not([hidden]) h3');
    if ((await bible()).operations.some((op) => op.name === 'GetOriginalText')) {
      await page.waitForSelector('#verse-detail table.words td.strongs', { timeout: 30_000 });
      expect(await page.textContent('#verse-detail table.words')).toMatch(/G\d+/);
    } else {
      expect(await page.textContent('#verse-detail')).toContain('not in this build');
    }

    // Parallel versions side by side.
    await page.selectOption('#parallel', 'asv');
    await page.waitForSelector('#chapter-text .rows');
    expect(await page.textContent('#chapter-text .rows')).toContain(
      'For God so loved the world, that he gave his only begotten Son',
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(OUTPUT, 'reader-online.png'), fullPage: false });

    // The service worker controls the page and the packs used are stored, before the network goes.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await page.waitForFunction(
      async () => {
        const urls = (await (await caches.open('bible-packs')).keys()).map((r) => r.url);
        return ['meta.pack', 'text-kjv.pack', 'text-asv.pack'].every((p) => urls.some((u) => u.includes(`/data/${p}`)));
      },
      undefined,
      { timeout: 30_000, polling: 200 },
    );

    await context.setOffline(true);
    await srv!.close(1000);
    srv = undefined;

    await page.reload();
    await ready(page);
    expect(await page.textContent('#status')).toContain('offline');
    expect(await page.textContent('#chapter-title')).toBe('John 3');
    expect(await page.textContent('#chapter-text')).toContain('For God so loved the world');
    // The search in the URL ran again on reload, and a new one works too.
    await page.waitForFunction(() => document.getElementById('search-count')!.dataset.count !== undefined, undefined, {
      timeout: 30_000,
    });
    expect(Number(await page.getAttribute('#search-count', 'data-count'))).toBe(count);
    await page.selectOption('#parallel', '');
    const offlineCount = await searchFor(page, 'love');
    expect(offlineCount).toBe(count);
    const worldCount = await searchFor(page, 'world');
    const wantWorld = await expectedCount('world');
    expect(worldCount).toBeGreaterThan(100);
    if (wantWorld !== undefined) expect(worldCount).toBe(wantWorld);
    await page.screenshot({ path: join(OUTPUT, 'reader-offline.png'), fullPage: false });
    expect(existsSync(join(OUTPUT, 'reader-offline.png'))).toBe(true);

    // Searching reads the text packs the page already has: it never asks for a pack of its own.
    expect(requested.filter((url) => /\/data\/search/.test(url))).toEqual([]);
    expect(requested.some((url) => url.includes('/data/text-kjv.pack'))).toBe(true);
    // Failed network fetches while offline are expected console noise; script errors are not.
    expect(problems.filter((p) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED|net::ERR/.test(p))).toEqual([]);
  });
});
