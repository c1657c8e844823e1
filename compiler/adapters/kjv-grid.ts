// Verse arithmetic on the KJV chapter/verse table for the study adapters: ordinals over the canonical
// verse list, from the engine's versification, and the verses of each chapter.
import type { ChapterVerseTable } from './types.ts';
import { splitVerseId } from '../../engine/core/ids.ts';
import { createVersification } from '../../engine/core/versification.ts';

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

/** The grid over the engine's own versification: one implementation of ids and ordinals for both. */
export function kjvGrid(table: ChapterVerseTable): KjvGrid {
  const versification = createVersification(table);
  return {
    table,
    verseCount: versification.verseCount,
    ordinal: versification.ordinalOf,
    idAt: versification.idOf,
    ordinalOfId: (id) => {
      const { book, chapter, verse } = splitVerseId(id);
      return versification.ordinalOf(book, chapter, verse);
    },
    versesIn: (book, chapter) => table[book - 1]?.[chapter - 1] ?? 0,
  };
}
