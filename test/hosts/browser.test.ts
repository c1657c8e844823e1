// The reader page in a real browser (chromium by default, firefox-esr with PAGE_BROWSER=firefox, WebKitGTK
// with PAGE_BROWSER=webkit), driven through ./page-driver.ts against the local server: it reads chapters laid out as blocks, jumps to references
// typed in the search box, keeps its place in the URL (Back, Forward, a link), opens a verse's panel
// (cross references, commentary, Hebrew and Greek words, Strong's numbers), remembers its display
// settings, answers keys, brings the panel into view on a phone, and offline says which translations
// it holds. Each screen passes axe-core with no serious or critical findings. Screenshots go to
// test-output/. A step a browser's driver cannot take is skipped for that browser alone, with the reason printed.
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BibleServer } from '../../engine/node/server.ts';
import { ensureBundle } from '../../scripts/bundle.ts';
import { bible } from '../helpers.ts';
import { startServer } from './http.ts';
import { browserPath, missingBrowserReason, requestedBrowser, seriousAccessibilityFindings } from './page-browser.ts';
import { type DriverBrowser, launchDriver, type PageDriver } from './page-driver.ts';

const BROWSER = requestedBrowser();
const OUTPUT = resolve(import.meta.dirname, '..', '..', 'test-output');
const DESKTOP = { width: 1200, height: 900 };
const PHONE = { width: 390, height: 844, phone: true };

let srv: BibleServer | undefined;
let launched: DriverBrowser | undefined;
let page: PageDriver;

/** Says, in the test's output, which step this browser skips and why. */
const skipStep = (step: string, reason: string) => console.log(`${BROWSER}: skipping "${step}": ${reason}`);

// Without the browser the test skips with the reason printed, except in CI, where .ci/run installs
// chromium first: there a missing browser is a failure, never a silent skip.
const skip = !existsSync(browserPath(BROWSER)) && !process.env.CI;
if (skip) console.log(`skipping the reader page test: ${missingBrowserReason(BROWSER)}`);

beforeAll(async () => {
  if (skip) return;
  await ensureBundle(() => {});
  srv = await startServer();
  mkdirSync(OUTPUT, { recursive: true });
  launched = await launchDriver(BROWSER);
  page = await launched.newPage();
  await page.setWindowSize(DESKTOP);
});
afterAll(async () => {
  await launched?.close();
  await srv?.close(100);
});

const shot = (name: string, p: PageDriver = page) => p.screenshot(join(OUTPUT, `reader-${BROWSER}-${name}.png`));

/** The page has opened the engine and shown what its hash says. */
async function settled(p: PageDriver = page): Promise<void> {
  await p.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  await p.waitForFunction(
    () => {
      const text = document.getElementById('chapter-text')!;
      return text.dataset.shown !== undefined && document.getElementById('search-count')!.textContent !== 'searching…';
    },
    { timeout: 30_000, polling: 50 },
  );
}

async function open(hash: string, p: PageDriver = page): Promise<void> {
  await p.goto(`${srv!.url}${hash}`);
  await settled(p);
}

const text = (selector: string, p: PageDriver = page) => p.evalOn(selector, (n) => n.textContent ?? '');
const hashParam = async (name: string, p: PageDriver = page) =>
  p.evaluate((n: string) => new URLSearchParams(location.hash.slice(1)).get(n), name);
const verseIdsIn = (selector: string, p: PageDriver = page) =>
  p.evalOnAll(selector, (nodes) => [...new Set(nodes.map((n) => n.dataset.verse))]);

async function expectAccessible(screen: string, p: PageDriver = page): Promise<void> {
  const findings = await seriousAccessibilityFindings(p);
  expect(findings, `axe on ${screen}`).toEqual([]);
}

/** Types into the search box and submits, then waits for the page to show the new place. */
async function submit(query: string): Promise<void> {
  await page.evalOn('#search-input', (n) => {
    (n as HTMLInputElement).value = '';
  });
  await page.type('#search-input', query);
  const before = await page.evaluate(() => location.hash);
  await page.click('#search-form button[type="submit"]');
  await page.waitForFunction(
    (h: string) => location.hash !== h || !document.getElementById('message')!.hidden,
    {},
    before,
  );
  await settled();
}

describe.skipIf(skip)(`the reader page in ${BROWSER}`, { timeout: 120_000 }, () => {
  it('reads John 3 laid out in blocks, every verse once, and passes axe', async () => {
    await open('#v=kjv&b=43&c=3');
    expect(await text('#chapter-title')).toBe('John 3');
    expect(await text('#chapter-text')).toContain('For God so loved the world');
    const rows = await (await bible()).call('GetChapter', { bookId: 43, chapterId: 3, versionId: 'kjv' });
    expect(await verseIdsIn('#chapter-text .vnum')).toEqual(rows.map((r: { id: string }) => r.id));
    expect(['structured', 'verses']).toContain(await page.evalOn('#chapter-text', (n) => n.dataset.layout));
    await shot('john-3');
    await expectAccessible('the chapter');

    // A second translation beside it, aligned by verse, and the choice kept in the URL.
    await page.select('#parallel', 'asv');
    await page.waitForFunction(() => document.getElementById('chapter-text')!.dataset.layout === 'parallel', {});
    expect(await text('#chapter-text .rows')).toContain(
      'For God so loved the world, that he gave his only begotten Son',
    );
    expect(await hashParam('p')).toBe('asv');
    await expectAccessible('two translations side by side');
    await page.select('#parallel', '');
  });

  it('lays out Psalm 23 with its title, and opens a note from its marker where the text has notes', async () => {
    await open('#v=web&b=19&c=23');
    expect(await text('#chapter-title')).toBe('Psalms 23');
    const structured = (await page.evalOn('#chapter-text', (n) => n.dataset.layout)) === 'structured';
    if (structured) {
      expect(await page.evalOnAll('#chapter-text .title-psalm', (n) => n.length)).toBeGreaterThan(0);
      expect(await page.evalOnAll('#chapter-text .poetry', (n) => n.length)).toBeGreaterThan(0);
    }
    const marker = '#chapter-text .note-call';
    if (await page.exists(marker)) {
      const noteId = await page.evalOn(marker, (n) => n.getAttribute('aria-controls')!);
      expect(await page.evalOn(`#${noteId}`, (n) => n.hidden)).toBe(true);
      await page.click(marker);
      expect(await page.evalOn(`#${noteId}`, (n) => n.hidden)).toBe(false);
      expect(await page.evalOn(marker, (n) => n.getAttribute('aria-expanded'))).toBe('true');
      expect(await hashParam('sel')).toBeNull();
    }
    await shot('psalm-23');
    await expectAccessible('Psalm 23');
  });

  it('shows the words of Jesus in red, and the switch turns that off and is remembered', async () => {
    await open('#v=kjv&b=43&c=3');
    // A run marked as the words of Jesus, as the layout writes it, in the page's own stylesheet.
    const colourOfWordsOfJesus = () =>
      page.evaluate(() => {
        const probe = Object.assign(document.createElement('span'), { className: 'w wj', textContent: 'Verily' });
        document.getElementById('chapter-text')!.append(probe);
        const [wj, plain] = [
          getComputedStyle(probe).color,
          getComputedStyle(document.getElementById('chapter-title')!).color,
        ];
        probe.remove();
        return { wj, plain };
      });
    const red = await colourOfWordsOfJesus();
    expect(red.wj).not.toBe(red.plain);
    await page.click('#red-letters');
    const plain = await colourOfWordsOfJesus();
    expect(plain.wj).toBe(plain.plain);
    await page.reload();
    await settled();
    expect(await page.evalOn('#red-letters', (n) => (n as HTMLInputElement).checked)).toBe(false);
    await page.click('#red-letters');
    expect((await colourOfWordsOfJesus()).wj).toBe(red.wj);
  });

  it('jumps to references typed in the search box and searches words otherwise', async () => {
    await open('#v=kjv&b=1&c=1');
    await submit('John 3:16');
    expect(await text('#chapter-title')).toBe('John 3');
    expect(await hashParam('hl')).toBe('43003016-43003016');
    expect(await verseIdsIn('#chapter-text .hl')).toEqual(['43003016']);

    await submit('Rom 8');
    expect(await text('#chapter-title')).toBe('Romans 8');
    expect(await hashParam('hl')).toBeNull();

    await submit('Ps 23:1-3');
    expect(await text('#chapter-title')).toBe('Psalms 23');
    expect(await verseIdsIn('#chapter-text .hl')).toEqual(['19023001', '19023002', '19023003']);

    await submit('Rom 8:28-30; Jn 3:16');
    expect(await page.evalOnAll('#search-results .result', (n) => n.length)).toBe(4);
    expect(await text('#search-results h3')).toBe('Romans 8:28-30; John 3:16');

    await submit('love');
    const want = (await (await bible()).call('GetSearchCount', { query: 'love', versionId: 'kjv' })).searchCount;
    expect(Number(await page.evalOn('#search-count', (n) => n.dataset.count))).toBe(want);
    expect(await page.evalOnAll('#search-results .result', (n) => n.length)).toBe(Math.min(want, 200));
    await shot('search-love');
    await expectAccessible('search results');

    // Back and Forward step through those places; each step shows what its URL says.
    await page.back();
    await settled();
    expect(await text('#search-results h3')).toBe('Romans 8:28-30; John 3:16');
    await page.back();
    await settled();
    expect(await text('#chapter-title')).toBe('Psalms 23');
    expect(await page.evalOn('#search-results', (n) => n.hidden)).toBe(true);
    await page.back();
    await settled();
    expect(await text('#chapter-title')).toBe('Romans 8');
    await page.forward();
    await settled();
    expect(await text('#chapter-title')).toBe('Psalms 23');
  });

  it("opens a verse's panel: cross references that open their verse, commentary, Greek words, Strong's verses", async () => {
    const b = await bible();
    await open('#v=kjv&b=43&c=3');
    await page.click('#chapter-text .vnum[data-verse="43003016"]');
    await page.waitForSelector('#verse-detail[data-verse="43003016"]');
    expect(await hashParam('sel')).toBe('43003016');
    expect(await text('#verse-detail h3')).toBe('John 3:16');
    const xrefs = await b.call('GetCrossReferences', { verseId: '43003016' });
    expect(await page.evalOnAll('#verse-detail .xrefs a', (n) => n.length)).toBe(Math.min(xrefs.length, 40));
    expect(await text('#verse-detail .commentary')).toContain('For God so loved the world');
    expect(await text('#verse-detail table.words')).toMatch(/G\d+/);
    await shot('verse-panel');
    await expectAccessible('the verse panel');

    // A link to this place opens the same place in a new tab.
    const link = await page.url();
    const other = await launched!.newPage();
    await other.setWindowSize(DESKTOP);
    await open('', other).catch(() => {});
    await other.goto(link);
    await settled(other);
    await other.waitForSelector('#verse-detail[data-verse="43003016"]');
    expect(await text('#chapter-title', other)).toBe('John 3');
    await other.close();

    // A cross reference opens its verse in its chapter.
    const first = xrefs[0];
    await page.click('#verse-detail .xrefs a');
    await page.waitForSelector(`#verse-detail[data-verse="${first.sv}"]`);
    expect(Number(await hashParam('b'))).toBe(Number(first.sv.slice(0, 2)));
    expect(Number(await hashParam('c'))).toBe(Number(first.sv.slice(2, 5)));
    expect(await verseIdsIn('#chapter-text .picked')).toEqual([first.sv]);

    // A Strong's number lists every verse using it.
    await page.click('#verse-detail td.strongs a');
    await page.waitForFunction(() => document.getElementById('search-count')!.dataset.count !== undefined, {});
    const strongs = (await hashParam('s'))!;
    const verses = await b.call('GetSearchStrongs', { strongsId: strongs, versionId: 'kjv' });
    expect(Number(await page.evalOn('#search-count', (n) => n.dataset.count))).toBe(verses.length);
    expect(await text('#search-results h3')).toContain(strongs);
  });

  it('remembers the font size and the dark theme', async () => {
    await open('#v=kjv&b=43&c=1');
    const size = () => page.evalOn('#chapter-text', (n) => Number.parseFloat(getComputedStyle(n).fontSize));
    const before = await size();
    await page.click('#larger');
    await page.click('#larger');
    expect(await size()).toBeGreaterThan(before);
    if (!(await page.evalOn('#dark-theme', (n) => (n as HTMLInputElement).checked))) await page.click('#dark-theme');
    await page.reload();
    await settled();
    expect(await size()).toBeGreaterThan(before);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(251, 250, 247)');
    await shot('dark');
    await expectAccessible('the dark theme');
    await page.click('#dark-theme');
    await page.click('#smaller');
    await page.click('#smaller');
    expect(await size()).toBe(before);
  });

  it('moves between chapters by keyboard and focuses the search box', async () => {
    await open('#v=kjv&b=43&c=3');
    await page.press('ArrowRight');
    await page.waitForFunction(() => document.getElementById('chapter-title')!.textContent === 'John 4', {});
    await settled();
    await page.press('ArrowLeft');
    await page.waitForFunction(() => document.getElementById('chapter-title')!.textContent === 'John 3', {});
    await page.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-input');
    // Keys typed into the search box are words, not moves.
    await page.press('ArrowRight');
    expect(await text('#chapter-title')).toBe('John 3');
    await page.press('Escape');
    await page.focus('#chapter-text .vnum[data-verse="43003005"]');
    await page.press('Enter');
    await page.waitForSelector('#verse-detail[data-verse="43003005"]');
    await page.press('Escape');
    await page.waitForFunction(() => document.getElementById('verse-detail')!.hidden, {});
  });

  it('brings the verse panel into view on a phone', async () => {
    const phone = await launched!.newPage();
    const size = await phone.setWindowSize(PHONE);
    if (size.width !== PHONE.width)
      skipStep(
        `a ${PHONE.width} px wide window`,
        `the window is ${size.width} × ${size.height}: the smallest this browser's window is; no touch or device scale emulation`,
      );
    await open('#v=kjv&b=43&c=3', phone);
    await phone.click('#chapter-text .vnum[data-verse="43003016"]');
    await phone.waitForSelector('#verse-detail[data-verse="43003016"]');
    await phone.waitForFunction(
      () => {
        const top = document.getElementById('verse-detail')!.getBoundingClientRect().top;
        return top >= -1 && top < innerHeight / 2;
      },
      { timeout: 5_000 },
    );
    await shot('phone-panel', phone);
    await expectAccessible('the phone panel', phone);
    await phone.close();
  });

  it('offline, reads stored translations, names them, and says plainly when one is not stored', async () => {
    await open('#v=kjv&b=43&c=3');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: 30_000 });
    await page.waitForFunction(
      async () => {
        const urls = (await (await caches.open('bible-packs')).keys()).map((r) => r.url);
        return ['meta.pack', 'text-kjv.pack'].every((p) => urls.some((u) => u.includes(`/data/${p}`)));
      },
      { timeout: 30_000, polling: 200 },
    );
    const stored = await page.evaluate(async () =>
      (await (await caches.open('bible-packs')).keys()).flatMap((r) => /\/text-(\w+)\.pack/.exec(r.url)?.[1] ?? []),
    );
    const versions = (await bible()).meta.versions.map((v: { versionId: string }) => v.versionId);
    const notStored = versions.find((id: string) => !stored.includes(id))!;
    expect(notStored).toBeDefined();

    const networkCut = await page.setOffline(true);
    if (!networkCut)
      skipStep(
        'the network cut by offline emulation, and the status naming the stored translations offline',
        'WebDriver classic has no command to emulate the network, so only the server is stopped: the browser still says it is online (navigator.onLine), and the page says "online"',
      );
    await srv!.close(1000);
    srv = undefined;
    await page.reload();
    await settled();
    if (networkCut) {
      expect(await text('#status')).toContain('offline');
      expect(await text('#status')).toContain('KJV');
    }
    expect(await text('#chapter-text')).toContain('For God so loved the world');
    await submit('love');
    expect(Number(await page.evalOn('#search-count', (n) => n.dataset.count))).toBeGreaterThan(100);
    await shot('offline');

    await page.select('#version', notStored);
    await page.waitForFunction(() => document.getElementById('chapter-text')!.dataset.shown === 'unavailable', {});
    expect(await text('#message')).toContain('not stored on this device');
    expect(await text('#message')).toContain('KJV');
    expect(await text('#chapter-text')).toBe('');
    expect(await page.evalOn('#search-results', (n) => n.hidden)).toBe(true);
    expect(await text('#search-count')).toBe('');
    await shot('offline-not-stored');
    await expectAccessible('offline, a translation not stored');
    await page.setOffline(false);
  });

  it('raised no script errors', async () => {
    if (BROWSER === 'webkit')
      skipStep(
        'script errors raised while a page loads',
        'WebDriver classic reports no console or page errors: those raised after each load are recorded in the page and checked, those raised while it loads are not seen',
      );
    // Failed network fetches while offline are expected noise (chromium logs them, firefox reports the
    // service worker's failed fetch as a page error); script errors are not.
    const networkNoise = /Failed to load|ERR_INTERNET_DISCONNECTED|net::ERR|NetworkError when attempting to fetch/;
    expect((await page.problems()).filter((p) => !networkNoise.test(p))).toEqual([]);
  });
});
