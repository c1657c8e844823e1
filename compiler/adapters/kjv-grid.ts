// Verse arithmetic on the KJV chapter/verse table for the study adapters: verse ids (b*1e6+c*1e3+v),
// ordinals over the canonical verse list, and clamping of references that fall outside the grid.
import type { ChapterVerseTable } from './types.ts';

export interface KjvGrid {
  readonly table: ChapterVerseTable;
  readonly verseCount: number;
  /** ordinal of a verse, or -1 when it is not a KJV verse */
  ordinal(book: number, chapter: number, verse: number): number;
  /** verse id number of an ordinal */
  idAt(ordinal: number): number;
  /** ordinal of a verse id number, or -1 */
  ordinalOfId(id: number): number;
  /** verses in a chapter, 0 when the chapter does not exist */
  versesIn(book: number, chapter: number): number;
}

export const verseId = (book: number, chapter: number, verse: number) => book * 1_000_000 + chapter * 1_000 + verse;

export function kjvGrid(table: ChapterVerseTable): KjvGrid {
  const chapterStart: number[][] = [];
  const ids: number[] = [];
  table.forEach((chapters, b) => {
    chapterStart[b] = [];
    chapters.forEach((count, c) => {
      chapterStart[b][c] = ids.length;
      for (let v = 1; v <= count; v++) ids.push(verseId(b + 1, c + 1, v));
    });
  });
  const versesIn = (book: number, chapter: number) => table[book - 1]?.[chapter - 1] ?? 0;
  const ordinal = (book: number, chapter: number, verse: number) =>
    verse >= 1 && verse <= versesIn(book, chapter) ? chapterStart[book - 1][chapter - 1] + verse - 1 : -1;
  return {
    table,
    verseCount: ids.length,
    ordinal,
    idAt: (o) => ids[o],
    ordinalOfId: (id) => ordinal(Math.floor(id / 1_000_000), Math.floor(id / 1_000) % 1_000, id % 1_000),
    versesIn,
  };
}
