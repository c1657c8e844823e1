// The one interface every translation adapter implements (SWORD-style: one driver per source format).
// An adapter turns a source file set into clean plain verse text keyed by (book, chapter, verse) in the
// translation's own numbering; the text builder turns that into a pack.
import type { VerseMarkup } from '../../engine/core/structure/model.ts';

/** KJV chapter/verse table: kjvChapterVerses[book - 1][chapter - 1] = number of verses. */
export type ChapterVerseTable = number[][];

export interface VerseRecord {
  /** 1..66 in canonical (KJV) order */
  book: number;
  chapter: number;
  verse: number;
  /** clean plain text: no markup, notes, pilcrows; single spaces; trimmed; never empty */
  text: string;
  /** what the source's markup adds to `text`, as offsets into it (engine/core/structure/model.ts) */
  markup?: VerseMarkup;
}

export interface TranslationText {
  /** verses with text, in canonical order; empty slots are simply absent */
  verses: VerseRecord[];
  /** verses the source marks as damaged or incomplete (e.g. SVD words missing), as "B.C.V" with a reason */
  incomplete?: { book: number; chapter: number; verse: number; reason: string }[];
  /** book names the source itself carries (e.g. SpaRV toc milestones), keyed by book number */
  bookNames?: Record<number, string>;
}

export interface AdapterContext {
  /** absolute path of the catalog entry's file or folder under the corpus root */
  path: string;
  kjvChapterVerses: ChapterVerseTable;
}
