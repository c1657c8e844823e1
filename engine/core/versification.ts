// verseId BBCCCVVV <-> (book, chapter, verse) <-> ordinal over the canonical KJV verse list.
// The KJV chapter/verse table arrives from the meta pack; everything else is arithmetic on it.

export interface VerseRef { book: number; chapter: number; verse: number }

export interface Versification {
  /** chapterVerses[book - 1][chapter - 1] = verses in that chapter */
  readonly chapterVerses: readonly (readonly number[])[];
  readonly verseCount: number;
  readonly chapterCount: number;
  /** ordinal of (book, chapter, verse), or -1 when the verse is outside the KJV grid */
  ordinalOf(book: number, chapter: number, verse: number): number;
  refOf(ordinal: number): VerseRef;
  /** verseId number (b*1e6 + c*1e3 + v) of an ordinal */
  idOf(ordinal: number): number;
  /** first ordinal of each book (index 0..65) plus the total at index 66 */
  readonly bookStart: Uint32Array;
  /** first ordinal of a chapter, chapter index counted across the whole Bible; plus the total at the end */
  readonly chapterStart: Uint32Array;
  /** index of a book's first chapter in chapterStart; plus the chapter total at index 66 */
  readonly bookFirstChapter: Uint16Array;
}

export function verseIdNumber(book: number, chapter: number, verse: number): number {
  return book * 1_000_000 + chapter * 1_000 + verse;
}

/** The verse id number of a reference: verseIdNumber over its parts. */
export const verseIdOfRef = (ref: VerseRef): number => verseIdNumber(ref.book, ref.chapter, ref.verse);

export function splitVerseId(id: number): VerseRef {
  return { book: Math.floor(id / 1_000_000), chapter: Math.floor(id / 1_000) % 1_000, verse: id % 1_000 };
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The API's 8-digit zero-padded verseId. */
export function formatVerseId(book: number, chapter: number, verse: number): string {
  return pad(book, 2) + pad(chapter, 3) + pad(verse, 3);
}

/** The API's 5-digit bookAndChapterId. */
/** The API's 8-digit verse id of a verse id number: 1001001 -> "01001001". */
export const padVerseId = (id: number): string => String(100_000_000 + id).slice(1);

export function formatBookAndChapterId(book: number, chapter: number): string {
  return pad(book, 2) + pad(chapter, 3);
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

  // Per-ordinal chapter index makes refOf a table lookup instead of a search.
  const chapterOfOrdinal = new Uint16Array(verseCount);
  const bookOfChapter = new Uint8Array(chapterCount);
  for (let b = 0; b < chapterVerses.length; b++) {
    for (let c = bookFirstChapter[b]; c < bookFirstChapter[b + 1]; c++) {
      bookOfChapter[c] = b;
      chapterOfOrdinal.fill(c, chapterStart[c], chapterStart[c + 1]);
    }
  }

  const ordinalOf = (book: number, chapter: number, verse: number): number => {
    const chapters = chapterVerses[book - 1];
    if (!chapters || chapter < 1 || chapter > chapters.length || verse < 1 || verse > chapters[chapter - 1]) return -1;
    return chapterStart[bookFirstChapter[book - 1] + chapter - 1] + verse - 1;
  };
  const refOf = (ordinal: number): VerseRef => {
    const c = chapterOfOrdinal[ordinal];
    const b = bookOfChapter[c];
    return { book: b + 1, chapter: c - bookFirstChapter[b] + 1, verse: ordinal - chapterStart[c] + 1 };
  };
  const idOf = (ordinal: number): number => {
    const c = chapterOfOrdinal[ordinal];
    const b = bookOfChapter[c];
    return verseIdNumber(b + 1, c - bookFirstChapter[b] + 1, ordinal - chapterStart[c] + 1);
  };
  return { chapterVerses, verseCount, chapterCount, ordinalOf, refOf, idOf, bookStart, chapterStart, bookFirstChapter };
}
