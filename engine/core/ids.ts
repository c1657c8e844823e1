// Verse and chapter ids: the one place their arithmetic lives, for the compiler and the engine alike.
//
// A verse id number is book * 1_000_000 + chapter * 1_000 + verse (John 3:16 is 43003016); the API writes
// it as 8 digits, BBCCCVVV ("43003016"). A bookAndChapterId number is book * 1_000 + chapter (John 3 is
// 43003), written as 5 digits, BBCCC ("43003"): a verse id without its verse digits. Both order like the
// Bible's canonical order, so sorted ids are verses in reading order and a chapter is a range of ids.
// Ordinals (a verse's position in the KJV verse list) need the KJV table: see versification.ts.

export interface VerseRef {
  book: number;
  chapter: number;
  verse: number;
}

const BOOK_UNIT = 1_000_000;
const CHAPTER_UNIT = 1_000;

/** The verse id number of book, chapter and verse: (43, 3, 16) -> 43003016. */
export const composeVerseId = (book: number, chapter: number, verse: number): number =>
  book * BOOK_UNIT + chapter * CHAPTER_UNIT + verse;

/** The verse id number of a reference. */
export const verseIdOf = (ref: VerseRef): number => composeVerseId(ref.book, ref.chapter, ref.verse);

/** The book of a verse id number: 43003016 -> 43. */
export const bookOf = (verseId: number): number => Math.floor(verseId / BOOK_UNIT);

/** The chapter of a verse id number: 43003016 -> 3. */
export const chapterOf = (verseId: number): number => Math.floor(verseId / CHAPTER_UNIT) % CHAPTER_UNIT;

/** The verse of a verse id number: 43003016 -> 16. */
export const verseOf = (verseId: number): number => verseId % CHAPTER_UNIT;

/** Book, chapter and verse of a verse id number: 43003016 -> { book: 43, chapter: 3, verse: 16 }. */
export const splitVerseId = (verseId: number): VerseRef => ({
  book: bookOf(verseId),
  chapter: chapterOf(verseId),
  verse: verseOf(verseId),
});

/** The bookAndChapterId number of a book and chapter: (43, 3) -> 43003. */
export const composeBookAndChapterId = (book: number, chapter: number): number => book * CHAPTER_UNIT + chapter;

/** The bookAndChapterId number of the chapter a verse id number is in: 43003016 -> 43003. */
export const bookAndChapterIdOf = (verseId: number): number => Math.floor(verseId / CHAPTER_UNIT);

/** Book and chapter of a bookAndChapterId number: 43003 -> { book: 43, chapter: 3 }. */
export const splitBookAndChapterId = (id: number): { book: number; chapter: number } => ({
  book: Math.floor(id / CHAPTER_UNIT),
  chapter: id % CHAPTER_UNIT,
});

/** The API's 2-digit bookId: 1 -> "01". */
export const padBookId = (book: number): string => String(book).padStart(2, '0');

/** The API's 3-digit chapter or verse number (chapterId, chapterNumber, verseNumber): 3 -> "003". */
export const padChapterOrVerse = (n: number): string => String(n).padStart(3, '0');

/** The API's 8-digit verseId of a verse id number: 1001001 -> "01001001". */
export const padVerseId = (verseId: number): string => String(100_000_000 + verseId).slice(1);

/** The API's 8-digit verseId of book, chapter and verse: (1, 1, 1) -> "01001001". */
export const formatVerseId = (book: number, chapter: number, verse: number): string =>
  padBookId(book) + padChapterOrVerse(chapter) + padChapterOrVerse(verse);

/** The API's 5-digit bookAndChapterId of book and chapter: (43, 3) -> "43003". */
export const formatBookAndChapterId = (book: number, chapter: number): string =>
  padBookId(book) + padChapterOrVerse(chapter);

/** The value of a string of minDigits to maxDigits ASCII digits, or null (a loop: cheaper than a regex
 *  on the hot path of every verse lookup). */
function digitsValue(s: string, minDigits: number, maxDigits: number): number | null {
  if (s.length < minDigits || s.length > maxDigits) return null;
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return null;
    n = n * 10 + d;
  }
  return n;
}

/** The verse id number of an API verseId: 8 digits BBCCCVVV, or 7 with the leading zero left off
 *  ("1001001"); null for anything else. Whether the verse exists is the caller's question. */
export const parseVerseId = (s: string): number | null => digitsValue(s, 7, 8);

/** The bookAndChapterId number of an API bookAndChapterId: 5 digits BBCCC, or 4 with the leading zero
 *  left off ("1001"); null for anything else. Whether the chapter exists is the caller's question. */
export const parseBookAndChapterId = (s: string): number | null => digitsValue(s, 4, 5);
