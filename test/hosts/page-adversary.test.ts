// The reader page read by a helper who did not write it, in a real browser (chromium, firefox-esr with
// PAGE_BROWSER=firefox, WebKitGTK with PAGE_BROWSER=webkit) against the local server: what broke. Each
// `it.fails` is a finding still open.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BibleServer } from '../../engine/node/server.ts';
import { ensureBundle } from '../../scripts/bundle.ts';
import { startServer } from './http.ts';
import { browserPath, missingBrowserReason, requestedBrowser } from './page-browser.ts';
import { type DriverBrowser, launchDriver, type PageDriver } from './page-driver.ts';

const BROWSER = requestedBrowser();
const skip = !existsSync(browserPath(BROWSER)) && !process.env.CI;
if (skip) console.log(`skipping the reader page adversary test: ${missingBrowserReason(BROWSER)}`);

let srv: BibleServer | undefined;
let launched: DriverBrowser | undefined;
/** The server's access log: what it answered, `GET /path status …`. */
const served: string[] = [];

beforeAll(async () => {
  if (skip) return;
  await ensureBundle(() => {});
  srv = await startServer({ accessLog: (line) => served.push(line) });
  launched = await launchDriver(BROWSER);
});
afterAll(async () => {
  await launched?.close();
  await srv?.close(100);
});

/** A fresh tab at 1200x900. */
async function newPage(): Promise<{ page: PageDriver }> {
  const page = await launched!.newPage();
  await page.setWindowSize({ width: 1200, height: 900 });
  return { page };
}

/** The page has opened the engine and shown what its hash says, or said why it cannot. */
async function settled(page: PageDriver): Promise<void> {
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  await page.waitForFunction(
    () =>
      !document.getElementById('message')!.hidden ||
      (document.getElementById('chapter-text')!.dataset.shown !== undefined &&
        document.getElementById('search-count')!.textContent !== 'searching…'),
    { timeout: 30_000, polling: 50 },
  );
}

async function open(page: PageDriver, url: string, hash: string): Promise<void> {
  await page.goto(`${url}${hash}`);
  await settled(page);
}

/** Moves the open page to a new hash and waits for the message or the chapter that answers it. */
async function moveTo(page: PageDriver, hash: string): Promise<void> {
  await page.evaluate((h: string) => {
    document.getElementById('chapter-text')!.removeAttribute('data-shown');
    location.hash = h;
  }, hash);
  await settled(page);
}

const message = (page: PageDriver) => page.evalOn('#message', (n) => (n.hidden ? '' : (n.textContent ?? '')));

describe.skipIf(skip)(`the reader page in ${BROWSER}, read by a helper`, { timeout: 120_000 }, () => {
  // The structured title joined its runs without the space before "LORD" ("sang unto theLORD"); it keeps it now.
  it('a psalm title reads as printed: KJV Ps 7 "unto the LORD"', async () => {
    const { page } = await newPage();
    await open(page, srv!.url, '#v=kjv&b=19&c=7');
    const title = await page.evalOn('#chapter-text .title-psalm', (n) => n.textContent ?? '');
    expect(title).toContain('unto the LORD,');
    await page.close();
  });

  // A link with a verse id that does not exist says so in words.
  it('a link selecting a verse that does not exist says so in words, not with a script error', async () => {
    const { page } = await newPage();
    await open(page, srv!.url, '#v=kjv&b=43&c=3&sel=99999999');
    await new Promise((done) => setTimeout(done, 500));
    const said = await message(page);
    expect(said).toContain('99999999');
    expect(said).not.toMatch(/Cannot read properties|undefined|TypeError/);
    expect(await page.evalOn('#chapter-text', (n) => n.textContent ?? '')).toContain('For God so loved the world');
    await page.close();
  });

  // A book of one chapter named alone is a reference: the search box opens it.
  it('the search box takes a one-chapter book by its name: "Jude" opens Jude', async () => {
    const { page } = await newPage();
    await open(page, srv!.url, '#v=kjv&b=1&c=1');
    await page.type('#search-input', 'Jude');
    await page.click('#search-form button[type="submit"]');
    await page.waitForFunction(
      () => location.hash !== '#v=kjv&b=1&c=1' || !document.getElementById('message')!.hidden,
      {},
    );
    await settled(page);
    expect(await page.evaluate(() => new URLSearchParams(location.hash.slice(1)).get('b'))).toBe('65');
    await page.close();
  });

  // The page names its icon inline, so the browser asks no /favicon.ico (a 404 Chromium logs as an error).
  it('the page has an icon and no request for one fails', async () => {
    const { page } = await newPage();
    const servedBefore = served.length;
    await open(page, srv!.url, '#v=kjv&b=43&c=3');
    await new Promise((done) => setTimeout(done, 500));
    expect(await page.evalOn('link[rel="icon"]', (n) => n.getAttribute('href'))).toMatch(/^data:image\//);
    // WebDriver classic shows the page no responses: there the server's own log says what failed.
    const failed =
      page.failedResponses?.() ?? served.slice(servedBefore).filter((line) => /^\S+ GET \S+ [45]\d\d /.test(line));
    expect(failed).toEqual([]);
    if (BROWSER === 'webkit')
      console.log(
        'webkit: skipping "console errors while the page loads": WebDriver classic reports no console messages; those after the load are recorded in the page and checked',
      );
    expect((await page.problems()).filter((p) => p.startsWith('console: '))).toEqual([]);
    await page.close();
  });

  // The page is lang="en": the Arabic chapter says it is Arabic, so a screen reader reads the SVD with an
  // Arabic voice (WCAG 3.1.2, language of parts), and so do its book names; the RV1909 says it is Spanish.
  it('an Arabic chapter and its book names are marked as Arabic, a Spanish one as Spanish', async () => {
    const { page } = await newPage();
    await open(page, srv!.url, '#v=svd&b=19&c=23');
    const langAndDir = (selector: string) =>
      page.evalOn(selector, (n) => {
        const marked = n.closest('[lang]');
        return [marked?.getAttribute('lang'), n.closest('[dir]')?.getAttribute('dir')];
      });
    expect(await langAndDir('#chapter-text .vnum')).toEqual(['ar', 'rtl']);
    expect(await langAndDir('#chapter-title')).toEqual(['ar', 'rtl']);
    expect(await page.evalOn('#book option[value="19"]', (n) => n.getAttribute('lang'))).toBe('ar');
    await moveTo(page, '#v=rv1909&b=19&c=23');
    expect((await langAndDir('#chapter-text .vnum'))[0]).toBe('es');
    expect(await page.evalOn('#book option[value="19"]', (n) => n.getAttribute('lang'))).toBe('es');
    await moveTo(page, '#v=kjv&b=19&c=23&p=svd');
    expect(
      (
        await page.evalOnAll('#chapter-text .para[lang]', (ns) => [...new Set(ns.map((n) => n.getAttribute('lang')))])
      ).sort(),
    ).toEqual(['ar', 'en']);
    await page.close();
  });

  describe('when the server stops after a first load (the browser still says it is online)', () => {
    let own: BibleServer | undefined;
    let page: PageDriver;
    beforeAll(async () => {
      own = await startServer();
      ({ page } = await newPage());
      await open(page, own.url, '#v=kjv&b=43&c=3');
      await own.close(100);
    });
    afterAll(() => page.close());

    // The message is the loader's: "pack 'text-ylt' could not be loaded: http://…/data/text-ylt.pack?v=…:
    // Failed to fetch" was shown; the message names the translation and those stored, whatever navigator.onLine says.
    it('a translation not stored gets a clear message naming it, not a pack URL', async () => {
      await moveTo(page, '#v=ylt&b=43&c=3');
      const said = await message(page);
      expect(said).toContain('YLT');
      expect(said).not.toMatch(/pack '|Failed to fetch|http:/);
      expect(said).toMatch(/Stored here: .*KJV/);
    });

    // A parallel translation that cannot load leaves the chapter, and says why it stands alone.
    it('a parallel translation that cannot load leaves the stored chapter readable', async () => {
      await moveTo(page, '#v=kjv&b=43&c=3&p=ylt');
      expect(await page.evalOn('#chapter-text', (n) => n.textContent ?? '')).toContain('For God so loved the world');
      expect(await message(page)).toContain('YLT');
    });

    it('a stored chapter still opens', async () => {
      await moveTo(page, '#v=kjv&b=1&c=1');
      expect(await page.evalOn('#chapter-text', (n) => n.textContent ?? '')).toContain('In the beginning God');
    });
  });
});

/** Types into the search box and waits for the page to answer: a new place in the hash, then its answer. */
async function searchFor(page: PageDriver, text: string): Promise<void> {
  const before = await page.evaluate(() => location.hash);
  await page.evaluate((value: string) => {
    (document.getElementById('search-input') as HTMLInputElement).value = value;
  }, text);
  await page.click('#search-form button[type="submit"]');
  await page.waitForFunction(
    (h: string) => location.hash !== h || !document.getElementById('message')!.hidden,
    { timeout: 30_000 },
    before,
  );
  await settled(page);
}

const shown = (page: PageDriver) =>
  page.evaluate(() => ({
    message: document.getElementById('message')!.hidden ? '' : (document.getElementById('message')!.textContent ?? ''),
    count: document.getElementById('search-count')!.textContent ?? '',
    results: document.getElementById('search-results')!.textContent ?? '',
    title: document.getElementById('chapter-title')!.textContent ?? '',
  }));

describe.skipIf(skip)(`the reader page in ${BROWSER}, a second reading`, { timeout: 120_000 }, () => {
  it("on a phone a tapped verse brings its panel into view, and a Strong's number lists its verses", async () => {
    const { page } = await newPage();
    // WebKit's window is at least 447 px wide; the size it got is a phone's all the same.
    await page.setWindowSize({ width: 390, height: 844, phone: true });
    await open(page, srv!.url, '#v=kjv&b=43&c=3');
    await page.click('#v43003016');
    await page.waitForSelector('#verse-detail a[href*="s=G25&"]', { timeout: 30_000 });
    await page.waitForFunction(
      () => {
        const top = document.getElementById('verse-detail')!.getBoundingClientRect().top;
        return top >= 0 && top < window.innerHeight;
      },
      { timeout: 10_000 },
    );
    await page.click('#verse-detail a[href*="s=G25&"]');
    await settled(page);
    await page.waitForFunction(() => /^\d+ verses?/.test(document.getElementById('search-count')!.textContent ?? ''), {
      timeout: 30_000,
    });
    expect(await page.evaluate(() => location.hash)).toContain('s=G25');
    expect((await shown(page)).results).toContain('John 3:16');
    expect(await page.problems()).toEqual([]);
    await page.close();
  });

  // The WEB's Luke 17:36 is a slot holding only a footnote; the search box answers "0 verses" and an empty
  // result headed "Luke 17:36", with no word of why (a link to a verse the KJV lacks says so).
  it('a reference to a verse the translation does not have says so, not a bare "0 verses"', async () => {
    const { page } = await newPage();
    await open(page, srv!.url, '#v=web&b=42&c=17');
    await searchFor(page, 'Luke 17:36');
    const { message, results, count } = await shown(page);
    expect(`${message} ${results} ${count}`).toMatch(/does not have|not in the WEB|no verse/i);
    await page.close();
  });

  // A link to John 40 shows John 21, and one to book 99 shows Genesis 3, while the hash keeps the place
  // asked for and nothing says it does not exist (a link to a missing verse does say so).
  it('a link to a chapter that does not exist says so', async () => {
    const { page } = await newPage();
    await open(page, srv!.url, '#v=kjv&b=43&c=40');
    expect(await message(page)).toMatch(/40|does not have|not/i);
    await moveTo(page, '#v=kjv&b=99&c=1');
    expect(await message(page)).not.toBe('');
    await page.close();
  });

  // A search that fails (a backwards range, "G25") shows its error above the previous search's results
  // and count, which stay as if they answered it; the hash keeps the previous query too.
  it('a failed search does not leave the previous results standing under its error', async () => {
    const { page } = await newPage();
    await open(page, srv!.url, '#v=web&b=43&c=3');
    await searchFor(page, 'love');
    expect((await shown(page)).count).toMatch(/^\d+ verses/);
    await searchFor(page, 'Rev 22:21-Gen 1:1');
    const after = await shown(page);
    expect(after.message).not.toBe('');
    expect(after.count).not.toMatch(/^\d+ verses/);
    expect(await page.evalOn('#search-results', (n) => n.hidden || n.textContent === '')).toBe(true);
    await page.close();
  });

  // Offline, with the KJV stored: opening the ASV says in words that it is not stored; the search box's
  // reference search in it then shows the engine's raw error with the pack's URL instead.
  it('offline, a reference search in a translation not stored says so in words, not with a pack URL', async () => {
    const own = await startServer();
    const { page } = await newPage();
    try {
      await open(page, own.url, '#v=kjv&b=19&c=23');
      await page.waitForFunction(() => /available offline/.test(document.getElementById('status')!.textContent ?? ''), {
        timeout: 60_000,
      });
      await own.close(100);
      await moveTo(page, '#v=asv&b=19&c=24');
      expect(await message(page)).not.toMatch(/pack|https?:|Failed to fetch/);
      await searchFor(page, 'John 3:16');
      const said = await message(page);
      expect(said).toMatch(/ASV/);
      expect(said).not.toMatch(/pack|https?:|Failed to fetch/);
    } finally {
      await page.close();
      await own.close(100).catch(() => {});
    }
  });

  // The page checks a linked verse against the chapter's last verse number, not the verses the translation
  // has: the WEB leaves out Luke 17:36, the engine refuses it, and the page opens a panel for it.
  it('a link selecting a verse the WEB leaves out says so: Luke 17:36', async () => {
    const { page } = await newPage();
    await open(page, srv!.url, '#v=web&b=42&c=17&sel=42017036');
    await new Promise((done) => setTimeout(done, 500));
    expect(await page.evalOn('#verse-detail', (n) => n.hidden)).toBe(true);
    expect(await message(page)).toContain('42017036');
    await page.close();
  });

  // A chapter number that is not a whole number ("3.5") is kept as it is: the title reads "John 3.5", the
  // chapter is empty and the message is the engine's refusal, where a chapter past the end shows the nearest.
  it('a link to chapter "3.5" says so and shows a chapter, not an empty page', async () => {
    const { page } = await newPage();
    await open(page, srv!.url, '#v=kjv&b=43&c=3.5');
    expect(await page.evalOn('#chapter-title', (n) => n.textContent ?? '')).toBe('John 3');
    expect(await page.evalOn('#chapter-text', (n) => n.textContent ?? '')).toContain('For God so loved the world');
    expect(await message(page)).toContain('3.5');
    await page.close();
  });

  // Text after a verse is given that verse's data-verse, titles included: the acrostic letter "ב BETH." that
  // heads verse 9 belongs to verse 8, so "Ps 119:8" highlights it and tapping it opens verse 8's panel.
  it('an acrostic title is no part of the verse before it: Ps 119:8 highlights verse 8 only', async () => {
    const { page } = await newPage();
    await open(page, srv!.url, '#v=kjv&b=19&c=119&hl=19119008-19119008');
    const highlighted = await page.evalOnAll('#chapter-text .hl', (ns) => ns.map((n) => n.textContent ?? '').join('|'));
    expect(highlighted).toContain('I will keep thy statutes');
    expect(highlighted).not.toContain('BETH');
    await page.close();
  });

  // A link naming John 3 and the verse Genesis 1:1 shows John 3 beside a panel for Genesis 1:1.
  it("a link's selected verse outside the chapter shown opens no panel for another book", async () => {
    const { page } = await newPage();
    await open(page, srv!.url, '#v=kjv&b=43&c=3&sel=01001001');
    await new Promise((done) => setTimeout(done, 500));
    const panel = await page.evalOn('#verse-detail', (n) =>
      n.hidden ? '' : (n.querySelector('h3')?.textContent ?? ''),
    );
    const title = await page.evalOn('#chapter-title', (n) => n.textContent ?? '');
    expect(panel === '' || panel.startsWith(title)).toBe(true);
    await page.close();
  });
});
