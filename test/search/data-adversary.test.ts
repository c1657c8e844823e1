// Odd inputs and odd data, checked against the texts themselves: apostrophes of every kind in search
// queries (each answer against a plain scan of every verse, written here from docs/search.md), the Greek
// words of the New Testament, verse counts and omitted verses against GetChapter and GetVerse, and words
// that the compiled texts run together after punctuation.
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeText, normalizeWithOffsets } from '../../engine/core/match.ts';
import { openNode } from '../../engine/node/loader.ts';
import { BOOKS } from '../../sources/books.ts';
import { bible, callError, type LooseBible } from '../helpers.ts';

const VERSIONS = ['kjv', 'kjv1611', 'asv', 'bbe', 'dby', 'wbt', 'web', 'ylt', 'rv1909', 'svd'];
const DOCS = resolve(import.meta.dirname, '..', '..', 'docs');

interface Verse {
  id: string;
  v: string;
  t: string;
}
interface Chapter {
  book: number;
  chapter: number;
  verses: Verse[];
}

/** Every chapter of every translation, as GetChapter gives it. */
const chapters = new Map<string, Chapter[]>();

beforeAll(async () => {
  const b = await bible();
  for (const versionId of VERSIONS) {
    const list: Chapter[] = [];
    for (let book = 1; book <= 66; book++) {
      const { chapterCount } = await b.call('GetChapterCount', { bookId: String(book), versionId });
      for (let chapter = 1; chapter <= chapterCount; chapter++) {
        const verses = await b.call('GetChapter', { bookId: String(book), chapterId: String(chapter), versionId });
        list.push({ book, chapter, verses });
      }
    }
    chapters.set(versionId, list);
  }
});

const versesOf = (versionId: string) => chapters.get(versionId)!.flatMap((c) => c.verses);

// ---- a plain scan, from the rules of docs/search.md ----

const LETTER_FOLD: Record<string, string> = { ٱ: 'ا', ى: 'ي', ة: 'ه', ς: 'σ', æ: 'ae', œ: 'oe' };
/** The apostrophes of the rule: ' ’ ‘ ʼ (the full-width one is ' after NFKD). */
const APOSTROPHE = /^['\u2018\u2019\u02bc]$/;

/** docs/search.md's normaliser, written plainly: NFKD, lower case, marks dropped, Arabic, σ, æ and œ folded, an
 *  apostrophe after a letter or digit kept as ', everything else that is not a letter or digit a space. */
function plainNormalize(text: string): string {
  const decomposed = text
    .normalize('NFKD')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\p{M}\p{Cf}\u0640]/gu, '');
  let out = '';
  let afterLetter = false;
  for (const c of decomposed) {
    const ch = LETTER_FOLD[c] ?? c;
    if (APOSTROPHE.test(ch)) {
      out += afterLetter ? "'" : ' ';
      afterLetter = false;
    } else if (/[\p{L}\p{N}]/u.test(ch)) {
      out += ch;
      afterLetter = true;
    } else {
      out += ' ';
      afterLetter = false;
    }
  }
  return out.replace(/ +/g, ' ').trim();
}

/** Whole words: starts at a word start, ends at a word end or before an apostrophe. */
function plainContains(text: string, query: string, matchType: 'exact' | 'broad'): boolean {
  if (!query) return false;
  if (matchType === 'broad') return text.includes(query);
  for (let at = text.indexOf(query); at !== -1; at = text.indexOf(query, at + 1)) {
    const end = at + query.length;
    if ((at === 0 || text[at - 1] === ' ') && (end === text.length || text[end] === ' ' || text[end] === "'"))
      return true;
  }
  return false;
}

const normalizedCache = new Map<string, { id: string; text: string }[]>();
function normalizedVerses(versionId: string) {
  let list = normalizedCache.get(versionId);
  if (!list) {
    list = versesOf(versionId).map((v) => ({ id: v.id, text: plainNormalize(v.t) }));
    normalizedCache.set(versionId, list);
  }
  return list;
}

interface Limits {
  book?: string;
  chapter?: string;
}
const inLimits = (id: string, { book, chapter }: Limits) => {
  const b = Number(id.slice(0, 2));
  if (book === 'ot' && b > 39) return false;
  if (book === 'nt' && b < 40) return false;
  if (book && book !== 'ot' && book !== 'nt' && b !== Number(book)) return false;
  return !chapter || Number(id.slice(2, 5)) === Number(chapter);
};

function plainSearch(
  versionId: string,
  query: string,
  matchType: 'exact' | 'broad',
  exclude = '',
  limits: Limits = {},
): string[] {
  const q = plainNormalize(query);
  const x = plainNormalize(exclude);
  return normalizedVerses(versionId)
    .filter(
      (v) =>
        inLimits(v.id, limits) && plainContains(v.text, q, matchType) && !(x && plainContains(v.text, x, matchType)),
    )
    .map((v) => v.id);
}

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

describe('normalizeText on apostrophe spellings', () => {
  it('agrees with the plain rule, inside decompositions (ŉ is ʼn) and in highlight offsets', () => {
    const samples = [
      'LORDʼS',
      'LORD‘S',
      'LORD＇S',
      "LORD''S",
      'ʼtis',
      'aʼʼb',
      'aŉb',
      "a'ŉ",
      'ŉ',
      '‘Jesus’ said',
      'x ‘y',
      'Yahweh‘s mouth',
    ];
    for (const sample of samples) {
      expect(normalizeText(sample), sample).toBe(plainNormalize(sample));
      expect(normalizeWithOffsets(sample).text, sample).toBe(plainNormalize(sample));
    }
  });
});

// Straight, curly, left, full-width and modifier-letter apostrophes, a backtick, marks at either end,
// doubled, alone, possessives, contractions, phrases, fragments and two-character queries.
const QUERIES = [
  "'",
  '’',
  '‘',
  '＇',
  'ʼ',
  '`',
  "''",
  "' '",
  "o'er",
  'o’er',
  "LORD'S",
  'LORD’S',
  'LORD‘S',
  'LORDʼS',
  'LORD＇S',
  'LORD`S',
  "LORD''S",
  "Jesus'",
  'Jesus’',
  "Jesus''",
  "'Jesus",
  '‘Jesus',
  "Moses'",
  "'s",
  "d's",
  "s'",
  "the LORD'S house",
  "children's children",
  "fathers' houses",
  "don't",
  'don’t',
  "Yahweh's",
  'Yahweh‘s',
  'Yahwehʼs',
  "ye'",
  "'tis",
  'of',
  'am',
  'de',
  'él',
  'لا',
  "Dios'",
  "'Dios",
];

describe('search queries with apostrophes, in every translation, against a plain scan', { timeout: 300_000 }, () => {
  for (const versionId of VERSIONS) {
    it(`GetSearch, GetSearchCount and GetSearchAdvanced (exact, broad) in ${versionId}`, async () => {
      const b = await bible();
      for (const query of QUERIES) {
        const exact = plainSearch(versionId, query, 'exact');
        const rows = await b.call('GetSearch', { query, versionId });
        expect(ids(rows), `GetSearch ${query}`).toEqual(exact);
        const { searchCount } = await b.call('GetSearchCount', { query, versionId });
        expect(searchCount, `GetSearchCount ${query}`).toBe(exact.length);
        if (query.trim().length < 2) {
          // documented: GetSearchAdvanced needs 2 characters
          const error = await callError('GetSearchAdvanced', { query, versionId });
          expect(error.code).toBe('INVALID_PARAMETER');
          expect(error.param).toBe('query');
          continue;
        }
        for (const matchType of ['exact', 'broad'] as const) {
          const answer = await b.call('GetSearchAdvanced', { query, versionId, matchType });
          expect(ids(answer), `GetSearchAdvanced ${matchType} ${query}`).toEqual(
            plainSearch(versionId, query, matchType),
          );
        }
      }
    });
  }

  it('excludeString and limits with apostrophes, with highlights on what matched', async () => {
    const b = await bible();
    const pairs: [string, string][] = [
      ["LORD'S", 'house'],
      ['LORDʼS', "the LORD'S house"],
      ['Jesus', "Jesus'"],
      ["Jesus'", 'feet'],
      ["father's", "'s"],
      ["o'er", "'"],
      ["d's", 'LORD‘S'],
      ['LORD', "LORD's"],
      ['Dios', "Dios'"],
      ['الله', 'ʼ'],
    ];
    const limits: Limits[] = [{}, { book: 'ot' }, { book: 'nt' }, { book: '19' }, { book: '23', chapter: '62' }];
    for (const versionId of ['kjv', 'web', 'ylt', 'svd'])
      for (const [query, excludeString] of pairs)
        for (const limit of limits)
          for (const matchType of ['exact', 'broad'] as const) {
            const params: Record<string, string> = { query, versionId, matchType, excludeString, highlight: 'true' };
            if (limit.book) params.limitToBookId = limit.book;
            if (limit.chapter) params.limitToChapterId = limit.chapter;
            const rows = await b.call('GetSearchAdvanced', params);
            const where = JSON.stringify(params);
            expect(ids(rows), where).toEqual(plainSearch(versionId, query, matchType, excludeString, limit));
            const q = plainNormalize(query);
            for (const row of rows) {
              expect(row.highlights.length, where).toBeGreaterThan(0);
              for (const [start, end] of row.highlights) {
                const marked = plainNormalize(row.t.slice(start, end));
                expect(matchType === 'broad' ? marked.includes(q) : marked === q, `${where} ${row.id}`).toBe(true);
              }
            }
          }
  });

  it('every apostrophe spelling of LORD’S finds the 131 KJV verses of LORD’S, and never runs across a space', async () => {
    const b = await bible();
    const expected = ids(await b.call('GetSearch', { query: 'LORD’S', versionId: 'kjv' }));
    expect(expected).toHaveLength(131);
    for (const query of ["LORD'S", 'LORD‘S', 'LORDʼS', 'LORD＇S']) {
      expect(ids(await b.call('GetSearch', { query, versionId: 'kjv' })), query).toEqual(expected);
      const broad = await b.call('GetSearchAdvanced', { query, versionId: 'kjv', matchType: 'broad' });
      expect(ids(broad), query).toEqual(expected);
      for (const row of broad) expect(row.t, query).toMatch(/lord’s/i);
    }
  });

  it("WEB's misprinted Yahweh‘s (Isaiah 62:2-3) is found as Yahweh's, and highlighted with its mark", async () => {
    const b = await bible();
    const found = ids(
      await b.call('GetSearchAdvanced', {
        query: "Yahweh's",
        versionId: 'web',
        limitToBookId: '23',
        limitToChapterId: '62',
      }),
    );
    expect(found).toEqual(['23062002', '23062003', '23062012']);
    for (const id of ['23062002', '23062003'])
      expect((await b.call('GetVerse', { verseId: id, versionId: 'web' }))[0].t).toContain('Yahweh‘s');
    const rows = await b.call('GetSearch', { query: 'Yahweh‘s mouth', versionId: 'web', highlight: 'true' });
    const row = rows.find((r: { id: string }) => r.id === '23062002');
    expect(row.highlights.map(([s, e]: number[]) => row.t.slice(s, e))).toEqual(['Yahweh‘s mouth']);
    // an opening ‘ is still a quotation mark
    const quoted = await b.call('GetSearchCount', { query: '‘Jesus', versionId: 'web' });
    expect(quoted).toEqual(await b.call('GetSearchCount', { query: 'Jesus', versionId: 'web' }));
  });

  it('GetRandomVerse limitToQuery with apostrophes, in a fresh engine and in one that has searched', async () => {
    const fresh = (await openNode({ random: { seed: 3 } })) as unknown as LooseBible; // no word index made yet
    const cases: [string, string, Limits][] = [
      ['kjv', 'LORDʼS', {}],
      ['kjv', 'LORD‘S house', { book: 'ot' }],
      ['web', 'Yahweh’s', { book: '23', chapter: '62' }],
      ['web', "don't", { book: 'nt' }],
      ['kjv', "Jesus'", {}],
      ['asv', "fathers' houses", { book: '4' }],
      ['ylt', "'Jesus", { book: 'nt' }],
    ];
    for (const engine of [fresh, await bible()]) {
      for (const [versionId, limitToQuery, limit] of cases) {
        const allowed = plainSearch(versionId, limitToQuery, 'exact', '', limit);
        expect(allowed.length, limitToQuery).toBeGreaterThan(0);
        for (let seed = 1; seed <= 5; seed++) {
          const params: Record<string, string> = { versionId, limitToQuery, seed: String(seed) };
          if (limit.book) params.limitToBookId = limit.book;
          if (limit.chapter) params.limitToChapterId = limit.chapter;
          const [verse] = await engine.call('GetRandomVerse', params);
          expect(allowed, JSON.stringify(params)).toContain(verse.id);
        }
      }
      for (const limitToQuery of ["LORD'S'", 'LORDʼSʼ', "don't", "''"]) {
        await expect(engine.call('GetRandomVerse', { versionId: 'kjv', limitToQuery })).rejects.toMatchObject({
          code: 'INVALID_PARAMETER',
          param: 'limitToQuery',
        });
      }
    }
  });
});

// ---- the Greek New Testament ----

const ELISION = /[\u1fbd\u1fbf\u2019\u02bc']/u;
const ACCENTS = /[\u0300\u0301\u0342]/u;

describe('GetOriginalText over the New Testament', { timeout: 300_000 }, () => {
  it('has no accented elision, doubled or inner elision marks, layout marks or stray combining marks', async () => {
    const b = await bible();
    const problems: string[] = [];
    const others = new Map<string, number>();
    for (const verse of versesOf('kjv')) {
      if (Number(verse.id.slice(0, 2)) < 40) continue;
      for (const { word } of await b.call('GetOriginalText', { verseId: verse.id })) {
        const at = `${verse.id} ${word}`;
        const letters = [...word.replace(/[^\p{L}\p{M}\u1fbd\u1fbf]+$/u, '').normalize('NFD')];
        const last = letters[letters.length - 1] ?? '';
        if (ELISION.test(last)) {
          // the marks between the last letter and the elision mark
          const before = letters.slice(0, -1);
          const lastLetter = before.findLastIndex((c) => /\p{L}/u.test(c));
          if (ACCENTS.test(before.slice(lastLetter + 1).join(''))) problems.push(`accented elision: ${at}`);
        }
        if (new RegExp(`${ELISION.source}{2}`, 'u').test(word)) problems.push(`two marks: ${at}`);
        if (new RegExp(`${ELISION.source}\\p{L}`, 'u').test(word)) problems.push(`mark inside: ${at}`);
        if (/^\p{M}/u.test(word.normalize('NFD')) || /\s\p{M}/u.test(word)) problems.push(`leading mark: ${at}`);
        if (/(\p{M})\1/u.test(word.normalize('NFD'))) problems.push(`doubled mark: ${at}`);
        if (/[¶¬]/.test(word)) problems.push(`layout mark: ${at}`);
        for (const c of word.normalize('NFC')) {
          if (/[\p{Script=Greek}\p{M}.,;·\u0387\u1fbd]/u.test(c)) continue;
          others.set(c, (others.get(c) ?? 0) + 1);
        }
      }
    }
    expect(problems).toEqual([]);
    // Brackets (the TR's doubtful words) and the one two-word form "Μαρὰν ἀθά" (1 Cor 16:22)
    expect(Object.fromEntries(others)).toEqual({ '[': 8, ']': 8, ' ': 1 });
  });

  it('reads the crasis of John 19:35 as κἀκεῖνος and Matthew 11:17 without its stray ¬', async () => {
    const b = await bible();
    const john = (await b.call('GetOriginalText', { verseId: '43019035' })).map((w: { word: string }) => w.word);
    expect(john).toContain('κἀκεῖνος');
    const matthew = (await b.call('GetOriginalText', { verseId: '40011017' })).map((w: { word: string }) => w.word);
    expect(matthew.join(' ').normalize('NFC')).toContain('ὠρχήσασθε,'.normalize('NFC'));
    expect(matthew.join(' ')).not.toMatch(/[¬¶]/);
  });
});

// ---- verse counts and omitted verses ----

describe('GetVerseCount and omitted verses against GetChapter and GetVerse', { timeout: 300_000 }, () => {
  it('verseCount is the length of GetChapter and lastVerse its last number, in every chapter', async () => {
    const b = await bible();
    for (const versionId of VERSIONS) {
      for (const { book, chapter, verses } of chapters.get(versionId)!) {
        const count = await b.call('GetVerseCount', {
          bookId: String(book),
          chapterId: String(chapter),
          versionId,
        });
        const where = `${versionId} ${book}:${chapter}`;
        expect(count.verseCount, where).toBe(verses.length);
        expect(count.lastVerse, where).toBe(Number(verses[verses.length - 1].v));
        const numbers = verses.map((v) => Number(v.v));
        expect(numbers, where).toEqual([...numbers].sort((x, y) => x - y));
        expect(new Set(numbers).size, where).toBe(numbers.length);
      }
    }
  });

  it('the omitted verses of docs/foundation.md answer [] from GetVerse, and are the only gaps', async () => {
    const b = await bible();
    const whole = readFileSync(join(DOCS, 'foundation.md'), 'utf8');
    const page = whole.slice(whole.indexOf('<!-- omitted verses'), whole.indexOf('<!-- end of omitted verses -->'));
    const bookByOsis = new Map(BOOKS.map((book) => [book.osis, book.number]));
    const kjvIds = new Set(versesOf('kjv').map((v) => v.id));
    for (const versionId of VERSIONS) {
      const row = page.split('\n').find((line) => line.startsWith(`| ${versionId} | `));
      const cells = row!.split('|').map((c) => c.trim());
      const listed: string[] = [];
      if (cells[3] !== '—') {
        for (const part of cells[3].split('; ')) {
          const [, osis, rest] = /^(\S+) (.*)$/.exec(part)!;
          for (const chapterPart of rest.split(', ')) {
            const [c, vs] = chapterPart.split(':');
            for (const v of vs.split(','))
              listed.push(`${String(bookByOsis.get(osis)).padStart(2, '0')}${c.padStart(3, '0')}${v.padStart(3, '0')}`);
          }
        }
      }
      expect(listed.length, versionId).toBe(Number(cells[2]));
      for (const id of listed) expect(await b.call('GetVerse', { verseId: id, versionId }), id).toEqual([]);
      const has = new Set(versesOf(versionId).map((v) => v.id));
      const missing = [...kjvIds].filter((id) => !has.has(id));
      expect(missing.sort(), versionId).toEqual(listed.sort());
    }
  });

  it('no page of docs/ holds terminal escape codes or pasted test output', () => {
    for (const name of readdirSync(DOCS).filter((n) => n.endsWith('.md'))) {
      const text = readFileSync(join(DOCS, name), 'utf8');
      expect(text, name).not.toMatch(/\u001b\[/);
      expect(text, name).not.toMatch(/Test Files .* failed/);
    }
  });
});

// ---- words joined after punctuation ----

describe('the compiled texts', () => {
  it('run no words together after an apostrophe or punctuation, beyond the known kinds', () => {
    // letter + mark + letter, grouped by kind; the known kinds and how many there are
    const kinds = new Map<string, string[]>();
    for (const versionId of VERSIONS) {
      for (const { id, t } of versesOf(versionId)) {
        for (const m of t.matchAll(/([\p{L}\p{M}]+)([’'‘.,;:?!،؛؟¿¡]+)(\p{L}[\p{L}\p{M}]*)/gu)) {
          const [, before, mark, after] = m;
          let kind: string;
          if (/^['’]$/.test(mark) && /^(s|t|m|ll|ve|re|d)$/i.test(after)) kind = `contraction ${after.toLowerCase()}`;
          else if (mark === '‘' && after === 's') kind = 'possessive with ‘';
          else if (mark === '...') kind = 'ellipsis';
          else kind = `${mark} ${before}${mark}${after}`;
          const key = `${versionId} ${kind}`;
          if (!kinds.has(key)) kinds.set(key, []);
          kinds.get(key)!.push(id);
        }
      }
    }
    const counts = Object.fromEntries([...kinds].map(([k, list]) => [k, list.length]));
    expect(counts).toEqual({
      // possessives and contractions, one word each
      'kjv contraction s': 1765,
      'kjv1611 contraction d': 1,
      'asv contraction s': 1682,
      'bbe contraction s': 2355,
      'bbe contraction m': 1,
      'dby contraction s': 1733,
      'wbt contraction s': 1763,
      'web contraction s': 3539,
      'web contraction t': 3464,
      'web contraction m': 15,
      'web contraction ll': 12,
      'web contraction ve': 3,
      'web contraction re': 1,
      'ylt contraction s': 641,
      // Darby prints an ellipsis without spaces where the Hebrew has a gap ("Saul was...years old",
      // 1 Sam 13:1), as its module does
      'dby ellipsis': 3,
      // WEB's misprints of ’ as ‘ (Isaiah 62:2-3: Yahweh‘s twice, God‘s), one word each under the search rule
      'web possessive with ‘': 3,
    });
  });
});
