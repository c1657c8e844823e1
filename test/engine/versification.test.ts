import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bible } from '../helpers.ts';
import { composeVerseId, formatBookAndChapterId, formatVerseId, splitVerseId } from '../../engine/core/ids.ts';

describe('versification', async () => {
  const { meta } = await bible();
  const v = meta.versification;

  it('has the KJV figures', () => {
    expect(v.chapterVerses.length).toBe(66);
    expect(v.chapterCount).toBe(1189);
    expect(v.verseCount).toBe(31102);
    expect(v.bookFirstChapter[66] - v.bookFirstChapter[39]).toBe(260);
    expect(v.chapterVerses[18][116]).toBe(2); // Psalm 117
  });

  it('ordinal -> ref -> verseId -> ordinal round-trips for every verse', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: v.verseCount - 1 }), (ordinal) => {
        const ref = v.refOf(ordinal);
        const id = formatVerseId(ref.book, ref.chapter, ref.verse);
        expect(id).toMatch(/^\d{8}$/);
        expect(splitVerseId(Number(id))).toEqual(ref);
        expect(v.idOf(ordinal)).toBe(composeVerseId(ref.book, ref.chapter, ref.verse));
        expect(v.ordinalOf(ref.book, ref.chapter, ref.verse)).toBe(ordinal);
      }),
      { numRuns: 2000 },
    );
  });

  it('ordinals are dense and ordered like verse ids', () => {
    let previous = 0;
    for (let o = 0; o < v.verseCount; o++) {
      const id = v.idOf(o);
      expect(id > previous).toBe(true);
      previous = id;
    }
  });

  it('bookAndChapterId round-trips', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 66 }), fc.integer({ min: 1, max: 150 }), (book, chapter) => {
        const id = formatBookAndChapterId(book, chapter);
        expect(id).toHaveLength(5);
        expect(Math.floor(Number(id) / 1000)).toBe(book);
        expect(Number(id) % 1000).toBe(chapter);
      }),
    );
  });

  it('refuses numbers that are no ordinal, and references that are not whole numbers', () => {
    const noOrdinals = [-1, v.verseCount, v.verseCount + 5, 1.5, Number.NaN, Number.POSITIVE_INFINITY, -0.5];
    for (const ordinal of noOrdinals) {
      expect(() => v.refOf(ordinal), String(ordinal)).toThrow(RangeError);
      expect(() => v.idOf(ordinal), String(ordinal)).toThrow(RangeError);
    }
    expect(v.idOf(0)).toBe(composeVerseId(1, 1, 1));
    expect(v.idOf(v.verseCount - 1)).toBe(composeVerseId(66, 22, 21));
    for (const [b, c, vv] of [
      [1, 1, 1.5],
      [1, 1.5, 1],
      [1.5, 1, 1],
      [1, 1, Number.NaN],
      [1, Number.NaN, 1],
    ])
      expect(v.ordinalOf(b, c, vv), `${b} ${c} ${vv}`).toBe(-1);
  });

  it('rejects references outside the grid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 70 }),
        fc.integer({ min: -5, max: 200 }),
        fc.integer({ min: -5, max: 200 }),
        (b, c, vv) => {
          const o = v.ordinalOf(b, c, vv);
          const inside =
            b >= 1 &&
            b <= 66 &&
            c >= 1 &&
            c <= v.chapterVerses[b - 1].length &&
            vv >= 1 &&
            vv <= v.chapterVerses[b - 1][c - 1];
          expect(o >= 0).toBe(inside);
        },
      ),
    );
  });
});
