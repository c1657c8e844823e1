// The KJV grid on a tiny hand-written chapter/verse table: ordinals, ids and chapter sizes agree with each other.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kjvGrid } from './kjv-grid.ts';

// Book 1 has chapters of 3 and 2 verses, book 2 one chapter of 4: nine verses in all.
const TABLE = [[3, 2], [4]];

describe('kjvGrid', () => {
  const grid = kjvGrid(TABLE);

  it('numbers the verses in canonical order across chapters and books', () => {
    expect(grid.table).toBe(TABLE);
    expect(grid.verseCount).toBe(9);
    expect([grid.ordinal(1, 1, 1), grid.ordinal(1, 1, 3), grid.ordinal(1, 2, 1), grid.ordinal(2, 1, 4)]).toEqual([
      0, 2, 3, 8,
    ]);
    expect(Array.from({ length: 9 }, (_, o) => grid.idAt(o))).toEqual([
      1001001, 1001002, 1001003, 1002001, 1002002, 2001001, 2001002, 2001003, 2001004,
    ]);
  });

  it('answers -1 for a verse, chapter or book the table does not have', () => {
    expect(grid.ordinal(1, 1, 4)).toBe(-1);
    expect(grid.ordinal(1, 1, 0)).toBe(-1);
    expect(grid.ordinal(1, 3, 1)).toBe(-1);
    expect(grid.ordinal(3, 1, 1)).toBe(-1);
    expect(grid.ordinalOfId(1001004)).toBe(-1);
    expect(grid.ordinalOfId(3001001)).toBe(-1);
  });

  it('gives the verses of a chapter, 0 outside the table', () => {
    expect([grid.versesIn(1, 1), grid.versesIn(1, 2), grid.versesIn(2, 1)]).toEqual([3, 2, 4]);
    expect([grid.versesIn(1, 3), grid.versesIn(2, 0), grid.versesIn(0, 1), grid.versesIn(9, 1)]).toEqual([0, 0, 0, 0]);
  });

  it('maps every ordinal to an id and back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: grid.verseCount - 1 }), (o) => {
        expect(grid.ordinalOfId(grid.idAt(o))).toBe(o);
      }),
    );
  });
});
