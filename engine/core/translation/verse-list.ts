// A translation's verse list as arithmetic: the KJV grid less the verses it leaves `missing` plus the
// `extra` ones it has beyond the grid (own verse splits). A verse's position is the grid verses before
// it, less the missing ones before it, plus the extra ones before it. Nothing is built per verse on
// open, so a first verse costs no pass over some 31,000 verses; the list itself is built only when an
// answer walks it.
import { bookOf, chapterOf, composeVerseId, verseOf } from '../ids.ts';
import type { Versification } from '../versification.ts';
import { lowerBound } from './lower-bound.ts';

export interface VerseList {
  readonly size: number;
  /** verseIds in canonical order, built on first use */
  ids(): Uint32Array;
  /** the verse id at a position, without building the whole list when it can */
  idAt(index: number): number;
  /** position of a verseId, or -1 */
  indexOf(verseId: number): number;
  /** the first position whose verse id is verseId or after it (size when there is none) */
  firstAtOrAfter(verseId: number): number;
  /** [first, end) positions of the verses whose ids fall in [from, to) */
  range(from: number, to: number): [number, number];
}

/** The verse list of a translation that leaves out `missing` and adds `extra`; undefined when the two do
 *  not fit the grid (a repeated id, a missing verse outside it, an extra verse inside it). */
export function verseListOf(
  versification: Versification,
  missing: readonly number[],
  extra: readonly number[],
): VerseList | undefined {
  const missingIds = [...missing].sort((a, b) => a - b);
  const extraIds = [...extra].sort((a, b) => a - b);
  const missingSet = new Set(missingIds);
  const extraSet = new Set(extraIds);
  const ordinalOf = (id: number) => versification.ordinalOf(bookOf(id), chapterOf(id), verseOf(id));
  const inGrid = (id: number) => ordinalOf(id) >= 0;
  if (
    missingSet.size !== missingIds.length ||
    extraSet.size !== extraIds.length ||
    !missingIds.every(inGrid) ||
    !extraIds.every((id) => Number.isInteger(id) && id > 0 && !inGrid(id))
  )
    return undefined;
  const firstAtOrAfter = (verseId: number): number =>
    gridBefore(versification, verseId) - lowerBound(missingIds, verseId) + lowerBound(extraIds, verseId);
  const sorted = { missingIds, extraIds, missingSet };
  let ids: Uint32Array | undefined;
  const allIds = (): Uint32Array => (ids ??= idsBetween(versification, sorted, firstAtOrAfter, 0, Infinity));
  const idAt = idReader(versification, sorted, firstAtOrAfter, () => ids, allIds);
  return {
    size: versification.verseCount - missingIds.length + extraIds.length,
    ids: allIds,
    idAt,
    indexOf(verseId) {
      const ordinal = ordinalOf(verseId);
      if (ordinal < 0) return extraSet.has(verseId) ? firstAtOrAfter(verseId) : -1;
      if (missingSet.size && missingSet.has(verseId)) return -1;
      return ordinal - lowerBound(missingIds, verseId) + lowerBound(extraIds, verseId);
    },
    firstAtOrAfter,
    range: (from, to) => [firstAtOrAfter(from), firstAtOrAfter(to)],
  };
}

interface SortedDifferences {
  readonly missingIds: readonly number[];
  readonly extraIds: readonly number[];
  readonly missingSet: ReadonlySet<number>;
}

/** How many verses of the KJV grid come before verseId (which need not be in the grid). */
function gridBefore(versification: Versification, verseId: number): number {
  const grid = versification.chapterVerses;
  const book = bookOf(verseId);
  if (book < 1) return 0;
  if (book > grid.length) return versification.verseCount;
  const chapters = grid[book - 1];
  const chapter = chapterOf(verseId);
  if (chapter < 1) return versification.bookStart[book - 1];
  if (chapter > chapters.length) return versification.bookStart[book];
  const before = Math.min(Math.max(verseOf(verseId) - 1, 0), chapters[chapter - 1]);
  return versification.chapterStart[versification.bookFirstChapter[book - 1] + chapter - 1] + before;
}

/** The ids of the verses whose ids fall in [fromId, toId), in order: the grid walked book by book and
 *  chapter by chapter (not idOf per ordinal), less the missing verses, with the extra ones merged in. */
function idsBetween(
  versification: Versification,
  { missingIds, extraIds, missingSet }: SortedDifferences,
  firstAtOrAfter: (verseId: number) => number,
  fromId: number,
  toId: number,
): Uint32Array {
  const grid = versification.chapterVerses;
  const list = new Uint32Array(firstAtOrAfter(toId) - firstAtOrAfter(fromId));
  let n = 0;
  let e = lowerBound(extraIds, fromId);
  const lastBook = Math.min(bookOf(toId - 1), grid.length);
  for (let b = Math.max(bookOf(fromId), 1) - 1; b < lastBook; b++) {
    for (let c = 0; c < grid[b].length; c++) {
      const chapterId = composeVerseId(b + 1, c + 1, 0);
      for (let v = 1; v <= grid[b][c]; v++) {
        const id = chapterId + v;
        if (id < fromId || id >= toId) continue;
        while (e < extraIds.length && extraIds[e] < id) list[n++] = extraIds[e++];
        if (missingIds.length && missingSet.has(id)) continue;
        list[n++] = id;
      }
    }
  }
  while (e < extraIds.length && extraIds[e] < toId) list[n++] = extraIds[e++];
  return list;
}

/**
 * A verse's id from its position, for its record, without the whole list: each book's ids are listed
 * when one of its verses is first read. A translation that fills the grid exactly (the KJV and most
 * others) has the grid's ids.
 */
function idReader(
  versification: Versification,
  sorted: SortedDifferences,
  firstAtOrAfter: (verseId: number) => number,
  builtIds: () => Uint32Array | undefined,
  allIds: () => Uint32Array,
): (index: number) => number {
  if (sorted.missingIds.length === 0 && sorted.extraIds.length === 0) return (index) => versification.idOf(index);
  const books = versification.chapterVerses.length;
  const bookFirst = new Uint32Array(books + 2);
  for (let book = 1; book <= books + 1; book++) bookFirst[book] = firstAtOrAfter(composeVerseId(book, 0, 0));
  const idsOfBook: (Uint32Array | undefined)[] = [];
  return (index) => {
    if (builtIds() || index < bookFirst[1] || index >= bookFirst[books + 1]) return allIds()[index];
    const book = lowerBound(bookFirst, index + 1, 1, books + 1) - 1;
    const bookIds = (idsOfBook[book] ??= idsBetween(
      versification,
      sorted,
      firstAtOrAfter,
      composeVerseId(book, 0, 0),
      composeVerseId(book + 1, 0, 0),
    ));
    return bookIds[index - bookFirst[book]];
  };
}
