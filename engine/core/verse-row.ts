// A verse as the API answers it: its 8-digit id, book, chapter and verse as strings, and its text.
// Its own module because both the operations and a translation's loading build verse rows.
import { bookOf, chapterOf, padBookId, padChapterOrVerse, verseOf } from './ids.ts';

export interface VerseRow {
  id: string;
  b: string;
  c: string;
  v: string;
  t: string;
}

// Number strings and the id's padded parts, each made once: verse rows are built on the hottest path.
// Made when first asked for rather than all 2,100 at import, which a first verse would wait for.
// Sized up front (holes cost nothing to make) so the arrays keep fast elements whatever order they fill in.
const DECIMAL = new Array<string | undefined>(1000);
const PADDED_BOOK = new Array<string | undefined>(100);
const PADDED_CHAPTER_OR_VERSE = new Array<string | undefined>(1000);

export function verseRow(verseId: number, text: string): VerseRow {
  const book = bookOf(verseId);
  const chapter = chapterOf(verseId);
  const verse = verseOf(verseId);
  return {
    id:
      (PADDED_BOOK[book] ??= padBookId(book)) +
      (PADDED_CHAPTER_OR_VERSE[chapter] ??= padChapterOrVerse(chapter)) +
      (PADDED_CHAPTER_OR_VERSE[verse] ??= padChapterOrVerse(verse)),
    b: (DECIMAL[book] ??= String(book)),
    c: (DECIMAL[chapter] ??= String(chapter)),
    v: (DECIMAL[verse] ??= String(verse)),
    t: text,
  };
}
