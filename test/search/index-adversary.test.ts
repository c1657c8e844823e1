// Search answers checked against a plain scan written here from docs/search.md's rules (NFKD, case,
// marks and Cf removed, Arabic letter folds, apostrophes after a letter kept, every other non-letter a
// separator; whole words end at a space or an apostrophe), over verse texts read with GetChapter, for
// every translation; random-by-query coverage; and damaged packs a search reads (the text pack its index
// is made from, the extra-biblical pack with its stored index).
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BibleError } from '../../engine/core/errors.ts';
import { DEFAULT_DATA_DIR, openNode } from '../../engine/node/loader.ts';
import { bible, callError, type LooseBible } from '../helpers.ts';
import { hasWholeWord } from './whole-word-scan.ts';

const VERSIONS = ['kjv', 'kjv1611', 'asv', 'bbe', 'dby', 'wbt', 'web', 'ylt', 'rv1909', 'svd'] as const;

function norm(s: string): string {
  let t = s.normalize('NFKD').toLowerCase().normalize('NFKD');
  t = t.replace(/[\p{M}\p{Cf}\u0640]/gu, '');
  t = t
    .replace(/\u0671/g, '\u0627')
    .replace(/\u0649/g, '\u064a')
    .replace(/\u0629/g, '\u0647')
    .replace(/\u03c2/g, '\u03c3');
  t = t.replace(/(?<=[\p{L}\p{N}])['\u2018\u2019\u02bc]/gu, '\u0001').replace(/['\u2018\u2019\u02bc]/gu, ' ');
  return t
    .replace(/[^\p{L}\p{N}\u0001]+/gu, ' ')
    .trim()
    .replace(/\u0001/g, "'");
}

function contains(text: string, q: string, broad: boolean): boolean {
  if (!q) return false;
  return broad ? text.includes(q) : hasWholeWord(text, q);
}

interface Verses {
  ids: string[];
  texts: string[];
  normed: string[];
}
const corpora = new Map<string, Verses>();

async function verses(b: LooseBible, versionId: string): Promise<Verses> {
  let c = corpora.get(versionId);
  if (!c) {
    c = { ids: [], texts: [], normed: [] };
    for (let book = 1; book <= 66; book++) {
      const { chapterCount } = await b.call('GetChapterCount', { bookId: String(book), versionId });
      for (let chapter = 1; chapter <= chapterCount; chapter++) {
        for (const r of await b.call('GetChapter', { bookId: String(book), chapterId: String(chapter), versionId })) {
          c.ids.push(r.id);
          c.texts.push(r.t);
          c.normed.push(norm(r.t));
        }
      }
    }
    corpora.set(versionId, c);
  }
  return c;
}

interface Limits {
  broad?: boolean;
  exclude?: string;
  book?: string;
  chapter?: number;
}

async function scan(b: LooseBible, versionId: string, query: string, o: Limits = {}): Promise<string[]> {
  const c = await verses(b, versionId);
  const q = norm(query);
  const x = o.exclude === undefined ? '' : norm(o.exclude);
  const out: string[] = [];
  for (let i = 0; i < c.ids.length; i++) {
    const id = c.ids[i];
    const book = Number(id.slice(0, -6));
    if (o.book === 'ot' && book > 39) continue;
    if (o.book === 'nt' && book < 40) continue;
    if (o.book && /^\d+$/.test(o.book) && book !== Number(o.book)) continue;
    if (o.chapter !== undefined && Number(id.slice(-6, -3)) !== o.chapter) continue;
    if (contains(c.normed[i], q, !!o.broad) && !(x && contains(c.normed[i], x, !!o.broad))) out.push(id);
  }
  return out;
}

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

// Real-world and hostile queries, tried in every translation.
const QUERIES = [
  'love',
  "LORD'S",
  'LORD’S',
  'Lordʼs',
  "don't",
  'don’t',
  'don',
  "Jesus'",
  "'Jesus",
  'burnt-offering',
  'burnt offering',
  'the of and',
  'a',
  'O',
  's',
  't',
  '3',
  '666',
  'ζ',
  'α',
  'א',
  '😀',
  'love😀',
  'ＬＯＶＥ',
  'ſin',
  'ﬁsh',
  'lo\u200dve',
  '\u200flove\u200e',
  'amo\u0301',
  'amó',
  'año',
  'SEÑOR',
  'jehová',
  '...',
  '?!',
  '«»',
  "'s",
  "'tis",
  "it's",
  'the LORD’S house',
  "lord''s",
  'Yahweh‘s',
  'Yahweh＇s',
  'x'.repeat(1000),
  'love '.repeat(200).trim(),
  'in the beginning',
  'Maher-shalal-hash-baz',
  'zzqx',
  'الله',
  'ﷲ',
  'مَحَبَّة',
  'محبة',
  'لانه هكذا احب الله العالم',
  'إِلَهٌ',
  'ـالله',
  '\u0627\u0644\u0644\u0647\u200f',
  'to-day',
  'vnto',
  'Iesus',
  'ſaid',
  'God’s',
  'verily, verily',
];

describe('GetSearch and GetSearchCount equal a plain scan in every translation', () => {
  for (const versionId of VERSIONS) {
    it(versionId, { timeout: 120_000 }, async () => {
      const b = await bible();
      for (const query of QUERIES) {
        const expected = await scan(b, versionId, query);
        const found = ids(await b.call('GetSearch', { query, versionId }));
        expect(found, `${versionId} ${JSON.stringify(query.slice(0, 40))}`).toEqual(expected);
        const { searchCount } = await b.call('GetSearchCount', { query, versionId });
        expect(searchCount, `count ${versionId} ${JSON.stringify(query.slice(0, 40))}`).toBe(found.length);
      }
    });
  }
});

describe('GetSearchAdvanced equals a plain scan with limits, exclusions, match types and paging', () => {
  for (const versionId of VERSIONS) {
    it(versionId, { timeout: 120_000 }, async () => {
      const b = await bible();
      const c = await verses(b, versionId);
      let seed = 1234 + versionId.length;
      const rnd = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296;
      for (let k = 0; k < 60; k++) {
        const i = Math.floor(rnd() * c.texts.length);
        const words = c.texts[i].split(/\s+/);
        const start = Math.floor(rnd() * words.length);
        let query = words.slice(start, start + 1 + Math.floor(rnd() * 3)).join(' ');
        const mode = rnd();
        if (mode < 0.2) query = query.toUpperCase();
        else if (mode < 0.3) query = query.normalize('NFD');
        else if (mode < 0.4) query = query.normalize('NFD').replace(/\p{M}/gu, '');
        else if (mode < 0.5) query = query.slice(1, Math.max(3, query.length - 1));
        else if (mode < 0.6) query = query.replace(/ /g, '-');
        if ([...query.trim().replace(/\p{M}/gu, '')].length < 2) continue;
        const o: Limits = { broad: rnd() < 0.4 };
        const p: Record<string, string> = { query, versionId, matchType: o.broad ? 'broad' : 'exact' };
        const book = String(Number(c.ids[i].slice(0, -6)));
        const r = rnd();
        if (r < 0.2) o.book = 'ot';
        else if (r < 0.4) o.book = 'nt';
        else if (r < 0.6) o.book = book;
        else if (r < 0.75) {
          o.book = book;
          o.chapter = Number(c.ids[i].slice(-6, -3));
          p.limitToChapterId = String(o.chapter);
        }
        if (o.book) p.limitToBookId = o.book;
        if (rnd() < 0.4) {
          const other = c.texts[Math.floor(rnd() * c.texts.length)].split(/\s+/);
          const at = Math.floor(rnd() * other.length);
          const exclude =
            rnd() < 0.3 ? other[at].slice(0, 3) : other.slice(at, at + 1 + Math.floor(rnd() * 2)).join(' ');
          if (exclude.trim()) p.excludeString = o.exclude = exclude;
        }
        let expected = await scan(b, versionId, query, o);
        if (rnd() < 0.3) {
          const offset = Math.floor(rnd() * 5);
          const limit = 1 + Math.floor(rnd() * 5);
          Object.assign(p, { offset: String(offset), limit: String(limit) });
          expected = expected.slice(offset, offset + limit);
        }
        expect(ids(await b.call('GetSearchAdvanced', p)), JSON.stringify(p)).toEqual(expected);
      }
    });
  }

  it('highlights cover exactly the matches, marks included, apostrophe and space excluded', async () => {
    const b = await bible();
    const cases: [string, string, boolean][] = [
      ['kjv', "LORD'S", false],
      ['kjv', 'Jesus', false],
      ['web', 'don', false],
      ['rv1909', 'amo dios', false],
      ['svd', 'محبة', true],
      ['kjv1611', 'ſaid', true],
      ['rv1909', 'jehova\u0301', true],
      ['kjv', 'burnt-offering', false],
    ];
    for (const [versionId, query, broad] of cases) {
      const rows = await b.call('GetSearchAdvanced', {
        query,
        versionId,
        matchType: broad ? 'broad' : 'exact',
        highlight: 'true',
      });
      expect(ids(rows)).toEqual(await scan(b, versionId, query, { broad }));
      const q = norm(query);
      for (const row of rows) {
        const spans: [number, number][] = row.highlights;
        expect(spans.length).toBeGreaterThan(0);
        for (const [start, end] of spans) {
          const piece = row.t.slice(start, end);
          expect(norm(piece), `${row.id} ${piece}`).toBe(q);
          expect(piece).not.toMatch(/^[\s\p{M}]|[\s'’]$/u);
          expect(row.t.slice(end, end + 1)).not.toMatch(/\p{M}/u);
        }
      }
    }
  });
});

describe('short, empty and odd queries', () => {
  it('GetSearchAdvanced counts a letter with a separate accent or vowel mark, or an emoji, as one character', async () => {
    for (const query of ['a\u0301', 'e\u0301', 'ب\u0650', '😀', ' é ']) {
      const error = await callError('GetSearchAdvanced', { query });
      expect(error.param).toBe('query');
      expect(error.message).toMatch(/at least 2 characters/);
    }
    const b = await bible();
    expect(
      ids(await b.call('GetSearchAdvanced', { query: 'a\u0301 a\u0301', matchType: 'broad', limit: '1' })),
    ).toHaveLength(1);
    expect(await b.call('GetSearchAdvanced', { query: '😀😀' })).toEqual([]);
    expect((await b.call('GetSearch', { query: 'a\u0301' })).length).toBe((await scan(b, 'kjv', 'a')).length);
  });

  it('invisible-only and punctuation-only queries have no words; whitespace-only is an error', async () => {
    const b = await bible();
    for (const query of ['\u200b', '\u200f', '\u2060', '?!', '...', '«»', '‘']) {
      expect(await b.call('GetSearch', { query })).toEqual([]);
      expect(await b.call('GetSearchCount', { query })).toEqual({ searchCount: 0 });
    }
    for (const query of [' ', '\t', '\u3000', '\u00a0'])
      expect((await callError('GetSearch', { query })).param).toBe('query');
    expect((await callError('GetSearch', { query: 'a'.repeat(1001) })).param).toBe('query');
    expect((await callError('GetSearch', { query: '\ud800love' })).param).toBe('query');
  });

  it('GetSearchExtraBiblical equals a scan of its rows, with and without bookId', { timeout: 60_000 }, async () => {
    const b = await bible();
    const rows: Record<string, string>[] = [];
    for (const book of await b.call('GetBooksExtraBiblical', {})) {
      const { chapterCount } = await b.call('GetChapterCountExtraBiblical', { bookId: book.id });
      let found = 0;
      for (let c = 0; found < chapterCount; c++) {
        try {
          rows.push(...(await b.call('GetChapterExtraBiblical', { bookId: book.id, chapterId: String(c) })));
          found++;
        } catch (error) {
          expect((error as BibleError).param).toBe('chapterId');
        }
      }
    }
    expect(rows).toHaveLength(17390);
    const normed = rows.map((r) => norm(r.t));
    const queries = [
      'watchers',
      'son of man',
      'KASDEJA',
      'Tabââ‘ĕt',
      "tabaa'et",
      'Tabââĕt',
      '[64-70 A.M.]',
      '⌈',
      'a',
      '?!',
    ];
    queries.push('\u200fenoch', 'e\u0301noch', 'zzqx', '<and night>', "god's", 'x'.repeat(200));
    for (const query of queries) {
      for (const bookId of [undefined, '1', '8', '27']) {
        const q = norm(query);
        const expected = rows.filter((r, i) => (!bookId || r.b === bookId) && contains(normed[i], q, false));
        const params = bookId ? { query, bookId } : { query };
        expect(await b.call('GetSearchExtraBiblical', params), JSON.stringify(params)).toEqual(expected);
      }
    }
  });
});

describe('GetRandomVerse limitToQuery', () => {
  const cases: [string, string, Limits][] = [
    ['kjv', "LORD'S", { book: '19' }],
    ['svd', 'محبة', {}],
    ['rv1909', 'amó', { book: 'nt' }],
    ['kjv1611', 'ſaid vnto', { book: '43', chapter: 3 }],
    ['asv', 'Maher-shalal-hash-baz', {}],
    ['web', 'Yahweh‘s', { book: '23', chapter: 62 }],
  ];
  for (const loaded of [false, true]) {
    it(`picks only matching verses and every one of them (${loaded ? 'after a search in the translation' : 'as its first call there'})`, async () => {
      const b = (await openNode({})) as unknown as LooseBible;
      const ref = await bible();
      for (const [versionId, query, o] of cases) {
        if (loaded) await b.call('GetSearchCount', { query: 'x', versionId });
        const expected = await scan(ref, versionId, query, o);
        expect(expected.length).toBeGreaterThan(0);
        const seen = new Map(expected.map((id) => [id, 0]));
        const n = Math.max(300, expected.length * 30);
        for (let s = 0; s < n; s++) {
          const p: Record<string, string> = {
            versionId,
            limitToQuery: query,
            seed: String((s * 2654435761) % 4294967296),
          };
          if (o.book) p.limitToBookId = o.book;
          if (o.chapter) p.limitToChapterId = String(o.chapter);
          const [verse] = await b.call('GetRandomVerse', p);
          expect(seen.has(verse.id), `${versionId} ${query} picked ${verse.id}`).toBe(true);
          seen.set(verse.id, seen.get(verse.id)! + 1);
        }
        // Every match is picked, and no match far more or less often than a uniform pick would.
        const mean = n / expected.length;
        let chi = 0;
        for (const count of seen.values()) {
          expect(count).toBeGreaterThan(0);
          chi += (count - mean) ** 2 / mean;
        }
        expect(chi / Math.max(1, expected.length - 1)).toBeLessThan(3);
      }
    });
  }

  it('a query that matches nothing within the limits is an error naming limitToQuery', async () => {
    for (const limitToQuery of ['zzqx', '?!', 'love', '\u200b']) {
      const params: Record<string, string> = { limitToQuery };
      if (limitToQuery === 'love') Object.assign(params, { limitToBookId: '43', limitToChapterId: '1' });
      const error = await callError('GetRandomVerse', params);
      expect(error.code).toBe('INVALID_PARAMETER');
      expect(error.param).toBe('limitToQuery');
    }
  });
});

describe('damaged packs a search reads', () => {
  let dir: string;
  const calls: [string, Record<string, string>][] = [
    ['GetSearch', { query: 'love' }],
    ['GetSearchCount', { query: 'the' }],
    ['GetSearch', { query: 'kingdom of heaven' }],
    ['GetSearchAdvanced', { query: 'ingdom of hea', matchType: 'broad' }],
    ['GetSearchAdvanced', { query: 'love', excludeString: 'God', limitToBookId: 'nt' }],
  ];
  const extraCalls: [string, Record<string, string>][] = [
    ['GetSearchExtraBiblical', { query: 'watchers' }],
    ['GetSearchExtraBiblical', { query: 'son of man', bookId: '1' }],
  ];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'search-adversary-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A data folder with every pack linked, except `name`, written as `bytes`. */
  function folderWith(name: string, bytes: Uint8Array): string {
    const folder = mkdtempSync(join(dir, 'data-'));
    for (const f of readdirSync(DEFAULT_DATA_DIR)) {
      if (f === `${name}.pack`) continue;
      if (f.endsWith('.json')) copyFileSync(join(DEFAULT_DATA_DIR, f), join(folder, f));
      else symlinkSync(join(DEFAULT_DATA_DIR, f), join(folder, f));
    }
    writeFileSync(join(folder, `${name}.pack`), bytes);
    return folder;
  }

  async function answers(dataDir: string | undefined, list: [string, Record<string, string>][]): Promise<string[]> {
    const b = (await openNode(dataDir ? { dataDir } : {})) as unknown as LooseBible;
    const out: string[] = [];
    for (const [name, params] of list) {
      try {
        out.push(JSON.stringify(await b.call(name, params)));
      } catch (error) {
        expect(error, `${name} threw ${String(error)}`).toBeInstanceOf(BibleError);
        out.push(`${(error as BibleError).code}: ${(error as BibleError).message}`);
      }
    }
    return out;
  }

  for (const [pack, list] of [
    ['text-kjv', calls],
    ['extrabiblical', extraCalls],
  ] as const) {
    it(`${pack}: flipped and cut bytes give the right answer or NOT_AVAILABLE naming the pack`, {
      timeout: 60_000,
    }, async () => {
      const good = new Uint8Array(readFileSync(join(DEFAULT_DATA_DIR, `${pack}.pack`)));
      const expected = await answers(undefined, list);
      const damaged: Uint8Array[] = [];
      for (const at of [
        0,
        5,
        9,
        13,
        20,
        40,
        90,
        good.length >> 2,
        good.length >> 1,
        good.length - 100,
        good.length - 1,
      ]) {
        const bytes = good.slice();
        bytes[at] ^= 0x5a;
        damaged.push(bytes);
      }
      for (const length of [0, 15, 200, good.length >> 1, good.length - 1]) damaged.push(good.slice(0, length));
      for (const bytes of damaged) {
        const got = await answers(folderWith(pack, bytes), list);
        got.forEach((answer, k) => {
          if (answer !== expected[k]) expect(answer).toMatch(new RegExp(`^NOT_AVAILABLE: pack '${pack}'`));
        });
      }
    });
  }
});
