import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bible, callError } from '../helpers.ts';

describe('books', async () => {
  const b = await bible();

  it('lists 66 books, 39 OT and 27 NT, in three languages', async () => {
    const books = await b.GetBooks();
    expect(books).toHaveLength(66);
    expect(books[0]).toEqual({ b: '1', n: 'Genesis', t: 'OT', g: '1', genre: 'Law' });
    expect(await b.GetBooksOT()).toHaveLength(39);
    const nt = await b.GetBooksNT({ language: 'spanish' });
    expect(nt).toHaveLength(27);
    expect(nt[0].n).toBe('Mateo');
    const arabic = await b.GetBooks({ language: 'arabic' });
    expect(arabic[39].n).toBe('متى');
    expect((await b.GetBooks({ language: 'Spanish' }))[21].n).toBe('Cantar de los Cantares'); // corpus typo fixed
  });

  it('names books by id and by verse id', async () => {
    expect(await b.GetBookNameByBookId({ bookId: '43' })).toEqual([{ n: 'John' }]);
    expect(await b.GetBookNameByBookId({ bookId: '43', language: 'spanish' })).toEqual([{ n: 'Juan' }]);
    expect(await b.GetBookNameByVerseId({ verseId: '01001001', language: 'arabic' })).toEqual([{ n: 'التكوين' }]);
  });

  it('finds book ids by full name in three languages, case-, accent- and space-insensitively, and by abbreviation', async () => {
    const cases: [string, string][] = [
      ['Genesis', '01'],
      ['genesis', '01'],
      ['GENESIS', '01'],
      ['Génesis', '01'],
      ['genesis ', '01'],
      ['1 John', '62'],
      ['1john', '62'],
      ['I John', '62'],
      ['Song of Solomon', '22'],
      ['Cantar de los Cantares', '22'],
      ['Apocalipsis', '66'],
      ['Revelation', '66'],
      ['متى', '40'],
      ['التكوين', '01'],
      ['Gen', '01'],
      ['Mt', '40'],
      ['Phlm', '57'],
      ['Psalms', '19'],
      ['Salmos', '19'],
      ['San Mateo', '40'],
      ['Isaiah', '23'],
      ['Éxodo', '02'],
      ['exodo', '02'],
    ];
    for (const [name, id] of cases) expect(await b.GetBookIdByBookName({ bookName: name }), name).toBe(id);
    expect(await b.GetBookIdByBookName({ bookName: 'Hezekiah' })).toEqual([]);
  });

  it('every book name in every language maps back to its id', async () => {
    for (const language of ['english', 'spanish', 'arabic']) {
      for (const book of await b.GetBooks({ language })) {
        expect(await b.GetBookIdByBookName({ bookName: book.n })).toBe(book.b.padStart(2, '0'));
      }
    }
  });

  it("abbreviations: full name first, then each abbreviation with the API's trailing dot, each resolving to its book", async () => {
    const rows = await b.GetBibleBookAbbreviations();
    expect(rows).toHaveLength(66);
    expect(rows[0].slice(0, 3)).toEqual(['Genesis', 'Gen.', 'Ge.']);
    for (const [i, [name, ...abbreviations]] of rows.entries()) {
      expect(await b.GetBookIdByBookName({ bookName: name })).toBe(String(i + 1).padStart(2, '0'));
      for (const a of abbreviations) {
        expect(a).toMatch(/\.$/);
        const id = await b.GetBookIdByBookName({ bookName: a });
        if (id !== String(i + 1).padStart(2, '0')) expect([id, a]).toEqual([[], a]); // an abbreviation two books share resolves to neither
      }
    }
    const spanish = await b.GetBibleBookAbbreviations({ language: 'spanish' });
    expect(spanish[42][0]).toBe('Juan');
  });

  it('GetBookIdByBookName: language chooses which names match; without it every language does', async () => {
    expect(await b.GetBookIdByBookName({ bookName: 'Juan' })).toBe('43');
    expect(await b.GetBookIdByBookName({ bookName: 'Juan', language: 'spanish' })).toBe('43');
    expect(await b.GetBookIdByBookName({ bookName: 'Juan', language: 'english' })).toEqual([]);
    expect(await b.GetBookIdByBookName({ bookName: 'John', language: 'english' })).toBe('43');
    expect(await b.GetBookIdByBookName({ bookName: 'John', language: 'arabic' })).toEqual([]);
    expect(await b.GetBookIdByBookName({ bookName: 'يوحنا', language: 'arabic' })).toBe('43');
    expect(await b.GetBookIdByBookName({ bookName: 'يوحنا', language: 'spanish' })).toEqual([]);
    expect(await b.GetBookIdByBookName({ bookName: 'Genesis', language: 'english' })).toBe('01');
    expect(await b.GetBookIdByBookName({ bookName: 'Génesis', language: 'spanish' })).toBe('01');
    expect((await callError('GetBookIdByBookName', { bookName: 'John', language: 'french' })).param).toBe('language');
  });

  it('random case and spacing of names still resolve', async () => {
    const books = await b.GetBooks();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 65 }), fc.array(fc.boolean(), { maxLength: 40 }), async (i, flips) => {
        const name = [...books[i].n].map((ch, k) => (flips[k] ? ch.toUpperCase() : ch.toLowerCase())).join('');
        expect(await b.GetBookIdByBookName({ bookName: `  ${name} ` })).toBe(String(i + 1).padStart(2, '0'));
      }),
      { numRuns: 100 },
    );
  });
});
