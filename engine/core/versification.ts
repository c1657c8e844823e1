// Ordinals: a verse's position in the canonical KJV verse list, and back to its reference and verse id.
// The KJV chapter/verse table arrives from the meta pack; the id arithmetic is ids.ts's.
import { composeVerseId, type VerseRef } from './ids.ts';

export interface Versification {
  /** chapterVerses[book - 1][chapter - 1] = verses in that chapter */
  readonly chapterVerses: readonly (readonly number[])[];
  readonly verseCount: number;
  readonly chapterCount: number;
  /** ordinal of (book, chapter, verse), or -1 when the verse is outside the KJV grid (or not whole numbers) */
  ordinalOf(book: number, chapter: number, verse: number): number;
  /** the reference of an ordinal; a RangeError for a number that is no ordinal */
  refOf(ordinal: number): VerseRef;
  /** the verse id number (ids.ts) of an ordinal; a RangeError for a number that is no ordinal */
  idOf(ordinal: number): number;
  /** first ordinal of each book (index 0..65) plus the total at index 66 */
  readonly bookStart: Uint32Array;
  /** first ordinal of a chapter, chapter index counted across the whole Bible; plus the total at the end */
  readonly chapterStart: Uint32Array;
  /** index of a book's first chapter in chapterStart; plus the chapter total at index 66 */
  readonly bookFirstChapter: Uint16Array;
}

export function createVersification(chapterVerses: readonly (readonly number[])[]): Versification {
  const chapterCount = chapterVerses.reduce((n, chapters) => n + chapters.length, 0);
  const bookStart = new Uint32Array(chapterVerses.length + 1);
  const bookFirstChapter = new Uint16Array(chapterVerses.length + 1);
  const chapterStart = new Uint32Array(chapterCount + 1);
  let ordinal = 0;
  let chapterIndex = 0;
  chapterVerses.forEach((chapters, b) => {
    bookStart[b] = ordinal;
    bookFirstChapter[b] = chapterIndex;
    for (const verses of chapters) {
      chapterStart[chapterIndex++] = ordinal;
      ordinal += verses;
    }
  });
  bookStart[chapterVerses.length] = ordinal;
  bookFirstChapter[chapterVerses.length] = chapterIndex;
  chapterStart[chapterCount] = ordinal;
  const verseCount = ordinal;

  // An ordinal's chapter and a chapter's book are found by binary search (11 and 7 steps): a table
  // per ordinal would cost a first verse read by position about a millisecond to build.
  const chapterOf = (ordinal: number): number => {
    // Outside the list a search would still land on a chapter, and answer a verse that is not there.
    if (!(Number.isInteger(ordinal) && ordinal >= 0 && ordinal < verseCount))
      throw new RangeError(`${ordinal} is not a verse ordinal (0 to ${verseCount - 1})`);
    return lastAtOrBefore(chapterStart, ordinal, chapterCount);
  };
  const bookOfChapter = (chapter: number): number => lastAtOrBefore(bookFirstChapter, chapter, chapterVerses.length);

  const ordinalOf = (book: number, chapter: number, verse: number): number => {
    const chapters = chapterVerses[book - 1];
    if (!chapters || !(chapter >= 1 && chapter <= chapters.length) || !(verse >= 1 && verse <= chapters[chapter - 1]))
      return -1;
    // A fraction would otherwise fall between two verses' ordinals.
    if ((chapter | 0) !== chapter || (verse | 0) !== verse) return -1;
    return chapterStart[bookFirstChapter[book - 1] + chapter - 1] + verse - 1;
  };
  const refOf = (ordinal: number): VerseRef => {
    const c = chapterOf(ordinal);
    const b = bookOfChapter(c);
    return { book: b + 1, chapter: c - bookFirstChapter[b] + 1, verse: ordinal - chapterStart[c] + 1 };
  };
  const idOf = (ordinal: number): number => {
    const c = chapterOf(ordinal);
    const b = bookOfChapter(c);
    return composeVerseId(b + 1, c - bookFirstChapter[b] + 1, ordinal - chapterStart[c] + 1);
  };
  return { chapterVerses, verseCount, chapterCount, ordinalOf, refOf, idOf, bookStart, chapterStart, bookFirstChapter };
}

/** The last index below `end` whose value is at most `value`, in an ascending array (0 when none is). */
function lastAtOrBefore(sorted: ArrayLike<number>, value: number, end: number): number {
  let lo = 0;
  let hi = end;
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] <= value) lo = mid;
    else hi = mid;
  }
  return lo;
}
