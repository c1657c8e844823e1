// Extra-biblical books against the compiled pack: counts, samples, the dump's defects fixed, shapes,
// search equal to a plain scan, and bad input for every parameter.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeText, wholeWordMatcher } from '../../engine/core/match.ts';
import { bible, callError } from '../helpers.ts';

interface Row {
  b: string;
  c: string;
  cs: string;
  v: string;
  vs: string;
  t: string;
}
interface Book {
  id: string;
  weight: string;
  name: string;
  info_text: string;
  info_url: string;
  path: string;
}

const b = await bible();
const books = (await b.GetBooksExtraBiblical()) as Book[];
const chapter = (bookId: number | string, chapterId: number | string) =>
  b.GetChapterExtraBiblical({ bookId, chapterId }) as Promise<Row[]>;

/** Every row of every book, through the operations themselves (chapter numbers run from 0 to 108). */
async function allRows(): Promise<Row[]> {
  const rows: Row[] = [];
  for (const book of books) {
    for (let c = 0; c <= 120; c++) {
      try {
        rows.push(...(await chapter(book.id, c)));
      } catch {
        /* not a chapter of this book */
      }
    }
  }
  return rows;
}
const rows = await allRows();

// Rows per book (after dropping the first copy of Sirach 17:2–20:9) and distinct chapters, from
// provenance/bibles.md.
const EXPECTED: Record<number, [string, number, number]> = {
  1: ['1 Enoch', 1066, 107],
  2: ['2 Enoch', 321, 68],
  3: ['3 Enoch', 358, 48],
  4: ['1 Esdras', 448, 9],
  5: ['2 Esdras', 874, 16],
  6: ['1 Baruch', 140, 5],
  7: ['2 Baruch', 691, 85],
  8: ['3 Baruch', 128, 18],
  9: ['4 Baruch', 196, 9],
  10: ['1 Hermas', 233, 4],
  11: ['2 Hermas', 202, 13],
  12: ['3 Hermas', 524, 9],
  25: ['1 Adam and Eve', 920, 79],
  26: ['2 Adam and Eve', 323, 22],
  27: ['Jubilees', 1305, 50],
  28: ['Jasher', 3910, 91],
  29: ['1 Maccabees', 924, 16],
  30: ['2 Maccabees', 555, 15],
  31: ['Wisdom', 436, 19],
  32: ['Sirach', 1495 - 103, 51],
  33: ['Tobit', 244, 14],
  34: ['Judith', 339, 16],
  35: ['Additions to Esther 10', 105, 7],
  36: ['Susanna', 64, 1],
  37: ['Bel and the Dragon', 42, 1],
  38: ['Prayer of Azariah', 68, 1],
  39: ['Prayer of Manasseh', 14, 1],
  40: ['Apocalypse of Peter', 52, 17],
  41: ['The Apocalipse of Sedrach', 16, 1],
  42: ['Testament of Solomon', 129, 1],
  43: ['The Ascension of Isaiah', 295, 11],
};
const TESTAMENT_ROWS = [72, 52, 165, 175, 62, 79, 54, 68, 57, 48, 165, 79];

describe('GetBooksExtraBiblical', () => {
  it('lists the 43 books in weight order, every field a string', () => {
    expect(books).toHaveLength(43);
    for (const book of books) {
      expect(Object.keys(book)).toEqual(['id', 'weight', 'name', 'info_text', 'info_url', 'path']);
      for (const value of Object.values(book)) expect(typeof value).toBe('string');
      expect(book.info_url).toMatch(/^https:\/\/(en|simple)\.wikipedia\.org\//);
    }
    expect(books.map((x) => Number(x.weight))).toEqual([...books.map((x) => Number(x.weight))].sort((x, y) => x - y));
    expect(books[0]).toEqual({
      id: '1',
      weight: '1',
      name: '1 Enoch',
      info_text: '',
      info_url: 'https://en.wikipedia.org/wiki/Book_of_Enoch',
      path: '1-enoch/1-enoch',
    });
    expect(books.slice(12, 24).map((x) => x.name)).toEqual(
      [
        'Reuben',
        'Simeon',
        'Levi',
        'Judah',
        'Issachar',
        'Zebulun',
        'Dan',
        'Naphtali',
        'Gad',
        'Asher',
        'Joseph',
        'Benjamin',
      ].map((n) => `The Testament of ${n} / Testaments of the Twelve Patriarchs`),
    );
  });
});

describe('counts', () => {
  it('has 17,390 verse rows: 17,493 in the dump less the 103 of the repeated Sirach block', () => {
    expect(rows).toHaveLength(17_390);
  });

  it('matches the per-book rows and distinct chapters of the provenance notes', async () => {
    for (const [id, [name, count, chapters]] of Object.entries(EXPECTED)) {
      expect((await b.GetBookNameExtraBiblicalByBookId({ bookId: id })) as { n: string }[]).toEqual([{ n: name }]);
      expect(rows.filter((r) => r.b === id)).toHaveLength(count);
      expect(await b.GetChapterCountExtraBiblical({ bookId: id })).toEqual({ chapterCount: chapters });
    }
    TESTAMENT_ROWS.forEach((count, i) => {
      expect(rows.filter((r) => r.b === String(13 + i))).toHaveLength(count);
    });
  });

  it('counts distinct chapters: 1 Enoch has 107 (1-108 without 44)', async () => {
    expect(await b.GetChapterCountExtraBiblical({ bookId: 1 })).toEqual({ chapterCount: 107 });
    expect(new Set(rows.filter((r) => r.b === '1').map((r) => r.c)).size).toBe(107);
    const error = await callError('GetChapterExtraBiblical', { bookId: '1', chapterId: '44' });
    expect(error.code).toBe('INVALID_PARAMETER');
    expect(error.param).toBe('chapterId');
    expect(error.message).toMatch(/1 Enoch has no chapter 44; its chapters are 1-43, 45-108/);
  });
});

describe('GetChapterExtraBiblical', () => {
  it('answers book 1 chapter 1 verse 1 with the editorial brackets kept', async () => {
    const rows1 = await chapter(1, 1);
    expect(rows1[0]).toEqual({
      b: '1',
      c: '1',
      cs: '1',
      v: '1',
      vs: '1',
      t: 'The words of the blessing of Enoch, wherewith he blessed the elect ⌈⌈and⌉⌉ righteous, who will be living in the day of tribulation, when all the wicked ⌈⌈and godless⌉⌉ are to be removed.',
    });
    for (const r of rows1) {
      expect(Object.keys(r)).toEqual(['b', 'c', 'cs', 'v', 'vs', 't']);
      for (const value of Object.values(r)) expect(typeof value).toBe('string');
    }
  });

  it('accepts numbers and leading zeros', async () => {
    expect(await chapter('01', '001')).toEqual(await chapter(1, 1));
  });

  it('keeps the second, correct copy of Sirach 17:2-20:9', async () => {
    const sirach20 = await chapter(32, 20);
    expect(sirach20.filter((r) => r.vs === '9')).toEqual([
      {
        b: '32',
        c: '20',
        cs: '20',
        v: '9',
        vs: '9',
        t: 'There is a sinner that hath good success in evil things; and there is a gain that turneth to loss.',
      },
    ]);
    expect(rows.some((r) => r.t.includes('t,1);'))).toBe(false);
    const sirach17 = await chapter(32, 17);
    expect(sirach17.filter((r) => r.vs === '2')).toHaveLength(1);
    expect(sirach17.map((r) => Number(r.v))).toEqual([...sirach17.map((r) => Number(r.v))].sort((x, y) => x - y));
  });

  it('keeps the 40 keys with alternative texts as separate segments, in file order', () => {
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(`${r.b}:${r.cs}:${r.vs}`, (counts.get(`${r.b}:${r.cs}:${r.vs}`) ?? 0) + 1);
    const repeated = [...counts].filter(([, n]) => n > 1).map(([k]) => k);
    expect(repeated).toHaveLength(40);
    expect(repeated.filter((k) => k.startsWith('1:'))).toHaveLength(16);
    expect(repeated.filter((k) => k.startsWith('3:'))).toHaveLength(19);
    expect(repeated).toEqual(expect.arrayContaining(['8:0:0', '9:6:13', '11:12:10', '12:8:32', '26:8:1']));
  });

  it('keeps chapter 0, verse 0 and the prologues of 3 Baruch in file order', async () => {
    const prologue = await chapter(8, 0);
    expect(prologue.slice(0, 2).map((r) => [r.c, r.v])).toEqual([
      ['0', '0'],
      ['0', '0'],
    ]);
    expect(prologue[0].t).toMatch(/^A narrative and revelation of Baruch/);
    expect(prologue[1].t).toMatch(/^A revelation of Baruch, who stood upon the river Gel/);
    expect((await chapter(11, 0)).length).toBeGreaterThan(0);
    expect((await chapter(43, 6)).some((r) => r.v === '0')).toBe(true);
  });

  it("groups the source's chapter labels under their number (3 Enoch 22, 22b, 22c)", async () => {
    const rows22 = await chapter(3, 22);
    expect([...new Set(rows22.map((r) => r.cs))]).toEqual(['22', '22b', '22c']);
    expect(rows22.every((r) => r.c === '22')).toBe(true);
    expect((await chapter(1, 5)).map((r) => r.vs)).toEqual(expect.arrayContaining(['6a', '7c', '6d']));
  });

  it('numbers Additions to Esther from chapter 10', async () => {
    expect((await chapter(35, 10))[0].c).toBe('10');
    const error = await callError('GetChapterExtraBiblical', { bookId: '35', chapterId: '1' });
    expect(error.message).toMatch(/chapters are 10-16/);
  });

  it('cleans the text: no line breaks, "---" rules, doubled spaces or control characters', async () => {
    for (const r of rows) {
      expect(r.t).toBe(r.t.trim());
      expect(r.t).not.toMatch(/[\n\r\t\u00a0\u0000-\u001f\u007f-\u009f]| {2}|(^| )---( |$)/);
    }
    const enoch69 = await chapter(1, 69);
    expect(enoch69.find((r) => r.vs === '12')!.t).toContain('Tabââ\u2018ĕt');
    expect(rows.some((r) => r.t.includes('<and night>'))).toBe(true); // editorial angle brackets are text
    expect(rows.some((r) => r.t.includes('[64-70 A.M.]') || /\[\d/.test(r.t))).toBe(true);
  });
});

describe('GetSearchExtraBiblical', () => {
  const scan = (query: string, bookId?: string) => {
    const matches = wholeWordMatcher(query);
    return rows.filter((r) => (!bookId || r.b === bookId) && matches(r.t));
  };
  const sameRows = (a: Row[], e: Row[]) =>
    expect(a.map((r) => `${r.b}:${r.c}:${r.vs}:${r.t}`).sort()).toEqual(
      e.map((r) => `${r.b}:${r.c}:${r.vs}:${r.t}`).sort(),
    );

  it('finds whole words and phrases, case- and accent-insensitively', async () => {
    const watchers = (await b.GetSearchExtraBiblical({ query: 'Watchers', bookId: '1' })) as Row[];
    expect(watchers.length).toBeGreaterThan(10);
    expect(watchers.every((r) => r.b === '1' && /\bwatchers\b/i.test(r.t))).toBe(true);
    expect(((await b.GetSearchExtraBiblical({ query: 'kasdeja' })) as Row[]).some((r) => r.t.includes('Kâsdejâ'))).toBe(
      true,
    );
    expect(await b.GetSearchExtraBiblical({ query: 'xyzzyplugh' })).toEqual([]);
    expect(await b.GetSearchExtraBiblical({ query: '⌈⌉' })).toEqual([]);
  });

  it('equals a plain scan of the text', async () => {
    const words = rows.flatMap((r) => r.t.split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length > 2);
    const sample = Array.from({ length: 400 }, (_, i) => words[(i * 7919) % words.length]);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...sample),
        fc.constantFrom(...sample),
        fc.boolean(),
        fc.option(fc.integer({ min: 1, max: 43 })),
        async (w1, w2, phrase, book) => {
          const query = phrase ? `${w1} ${w2}` : w1;
          const bookId = book === null ? undefined : String(book);
          sameRows(
            (await b.GetSearchExtraBiblical(bookId ? { query, bookId } : { query })) as Row[],
            scan(query, bookId),
          );
        },
      ),
      { numRuns: 60 },
    );
    expect(normalizeText('Kâsdejâ')).toBe('kasdeja');
  });
});

describe('bad input', () => {
  it('rejects unknown books, chapters and malformed values, naming the parameter', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['GetChapterExtraBiblical', { bookId: '44', chapterId: '1' }, 'bookId'],
      ['GetChapterExtraBiblical', { bookId: '0', chapterId: '1' }, 'bookId'],
      ['GetChapterExtraBiblical', { bookId: 'enoch', chapterId: '1' }, 'bookId'],
      ['GetChapterExtraBiblical', { bookId: '1', chapterId: '109' }, 'chapterId'],
      ['GetChapterExtraBiblical', { bookId: '1', chapterId: '-1' }, 'chapterId'],
      ['GetChapterExtraBiblical', { bookId: '1', chapterId: '1.5' }, 'chapterId'],
      ['GetChapterExtraBiblical', { bookId: '1', chapterId: '0' }, 'chapterId'],
      ['GetBookNameExtraBiblicalByBookId', { bookId: '44' }, 'bookId'],
      ['GetBookNameExtraBiblicalByBookId', { bookId: '' }, 'bookId'],
      ['GetBookNameExtraBiblicalByBookId', { bookId: [1] }, 'bookId'],
      ['GetChapterCountExtraBiblical', { bookId: '1000' }, 'bookId'],
      ['GetChapterCountExtraBiblical', { bookId: ' 1' }, 'bookId'],
      ['GetSearchExtraBiblical', { query: '' }, 'query'],
      ['GetSearchExtraBiblical', { query: 'x'.repeat(201) }, 'query'],
      ['GetSearchExtraBiblical', { query: 'love', bookId: '99' }, 'bookId'],
    ];
    // A parameter the operation does not take is refused in-process (HTTP ignores it, as the hosted API does).
    expect(await callError('GetSearchExtraBiblical', { query: 'watchers', chapterId: '1' })).toMatchObject({
      code: 'INVALID_PARAMETER',
      param: 'chapterId',
    });
    for (const [name, params, param] of cases) {
      const error = await callError(name, params);
      expect(error.code, `${name} ${JSON.stringify(params)}`).toBe('INVALID_PARAMETER');
      expect(error.param).toBe(param);
    }
    for (const name of [
      'GetChapterExtraBiblical',
      'GetBookNameExtraBiblicalByBookId',
      'GetChapterCountExtraBiblical',
    ]) {
      expect((await callError(name, {})).code).toBe('MISSING_PARAMETER');
    }
    expect((await callError('GetChapterExtraBiblical', { bookId: '1' })).param).toBe('chapterId');
  });
});
