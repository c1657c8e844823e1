// The id arithmetic (engine/core/ids.ts) on its own: round trips, order, padding and bad input.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookAndChapterIdOf,
  bookOf,
  chapterOf,
  composeBookAndChapterId,
  composeVerseId,
  formatBookAndChapterId,
  formatVerseId,
  padBookId,
  padChapterOrVerse,
  padVerseId,
  parseBookAndChapterId,
  parseVerseId,
  splitBookAndChapterId,
  splitVerseId,
  verseIdOf,
  verseOf,
} from '../../engine/core/ids.ts';

const book = fc.integer({ min: 1, max: 99 });
const part = fc.integer({ min: 0, max: 999 });
const ref = fc.record({ book, chapter: part, verse: part });

describe('verse ids', () => {
  it('name John 3:16 as 43003016 and "43003016"', () => {
    expect(composeVerseId(43, 3, 16)).toBe(43003016);
    expect(splitVerseId(43003016)).toEqual({ book: 43, chapter: 3, verse: 16 });
    expect(padVerseId(43003016)).toBe('43003016');
    expect(padVerseId(1001001)).toBe('01001001');
    expect(formatVerseId(1, 1, 1)).toBe('01001001');
    expect(parseVerseId('01001001')).toBe(1001001);
    expect(parseVerseId('1001001')).toBe(1001001);
  });

  it('compose and split round-trip', () => {
    fc.assert(
      fc.property(ref, (r) => {
        const id = composeVerseId(r.book, r.chapter, r.verse);
        expect(verseIdOf(r)).toBe(id);
        expect(splitVerseId(id)).toEqual(r);
        expect([bookOf(id), chapterOf(id), verseOf(id)]).toEqual([r.book, r.chapter, r.verse]);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), (id) => {
        const r = splitVerseId(id);
        expect(composeVerseId(r.book, r.chapter, r.verse)).toBe(id);
      }),
    );
  });

  it('order like book, then chapter, then verse', () => {
    fc.assert(
      fc.property(ref, ref, (a, b) => {
        const byParts = a.book - b.book || a.chapter - b.chapter || a.verse - b.verse;
        expect(Math.sign(verseIdOf(a) - verseIdOf(b))).toBe(Math.sign(byParts));
      }),
    );
  });

  it('pad to 8 digits and parse back', () => {
    fc.assert(
      fc.property(ref, (r) => {
        const id = verseIdOf(r);
        const padded = padVerseId(id);
        expect(padded).toMatch(/^\d{8}$/);
        expect(formatVerseId(r.book, r.chapter, r.verse)).toBe(padded);
        expect(parseVerseId(padded)).toBe(id);
        if (r.book < 10) expect(parseVerseId(padded.slice(1))).toBe(id);
      }),
    );
  });

  it('parse nothing but 7 or 8 ASCII digits', () => {
    for (const bad of [
      '',
      '100100',
      '430030160',
      '4300301a',
      ' 1001001',
      '1001001 ',
      '-1001001',
      '1001001.',
      '1e7',
      '０１００１００１',
      '٠١٠٠١٠٠١',
    ]) {
      expect(parseVerseId(bad), JSON.stringify(bad)).toBeNull();
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (s) => {
        expect(parseVerseId(s) === null).toBe(!/^[0-9]{7,8}$/.test(s));
      }),
    );
  });
});

describe('bookAndChapterIds', () => {
  it('name John 3 as 43003 and "43003"', () => {
    expect(composeBookAndChapterId(43, 3)).toBe(43003);
    expect(splitBookAndChapterId(43003)).toEqual({ book: 43, chapter: 3 });
    expect(formatBookAndChapterId(43, 3)).toBe('43003');
    expect(formatBookAndChapterId(1, 1)).toBe('01001');
    expect(parseBookAndChapterId('01001')).toBe(1001);
    expect(parseBookAndChapterId('1001')).toBe(1001);
  });

  it('compose, split, format and parse round-trip', () => {
    fc.assert(
      fc.property(book, part, (b, c) => {
        const id = composeBookAndChapterId(b, c);
        expect(splitBookAndChapterId(id)).toEqual({ book: b, chapter: c });
        const formatted = formatBookAndChapterId(b, c);
        expect(formatted).toMatch(/^\d{5}$/);
        expect(parseBookAndChapterId(formatted)).toBe(id);
      }),
    );
  });

  it('are the verse id without its verse', () => {
    fc.assert(
      fc.property(ref, (r) => {
        const chapterId = bookAndChapterIdOf(verseIdOf(r));
        expect(chapterId).toBe(composeBookAndChapterId(r.book, r.chapter));
        expect(formatVerseId(r.book, r.chapter, r.verse).startsWith(formatBookAndChapterId(r.book, r.chapter))).toBe(
          true,
        );
      }),
    );
  });

  it('parse nothing but 4 or 5 ASCII digits', () => {
    for (const bad of ['', '100', '430031', '4300a', ' 1001', '1001 ', '-1001', '1e4', '４３００３']) {
      expect(parseBookAndChapterId(bad), JSON.stringify(bad)).toBeNull();
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), (s) => {
        expect(parseBookAndChapterId(s) === null).toBe(!/^[0-9]{4,5}$/.test(s));
      }),
    );
  });
});

describe('padded parts', () => {
  it('are 2 digits for a book, 3 for a chapter or verse', () => {
    expect(padBookId(1)).toBe('01');
    expect(padBookId(66)).toBe('66');
    expect(padChapterOrVerse(3)).toBe('003');
    expect(padChapterOrVerse(150)).toBe('150');
    fc.assert(
      fc.property(book, part, (b, n) => {
        expect(Number(padBookId(b))).toBe(b);
        expect(padBookId(b)).toHaveLength(2);
        expect(Number(padChapterOrVerse(n))).toBe(n);
        expect(padChapterOrVerse(n)).toHaveLength(3);
      }),
    );
  });
});
