// The shape of a reference after its book name, as people write it: chapters, verses after ":" or "." or
// a verse marker (v, vv., ver., vs, verse, verses), lists (",", "and", "&"), ranges ("-", en and em dash,
// "~", "to", "through", "thru") within a chapter, across chapters ("16:2-17:3") and across books
// ("Genesis 1 - Exodus 2"), part-verse letters (9a), and ";" (optionally "see", "also", "cf.") before a
// further chapter of the same book or another book. Every passage is checked against the KJV
// versification: a verse past a chapter's end is clipped to it, a chapter that does not exist is dropped.
import type { Meta } from '../meta.ts';
import { bookAndChapterIdOf, composeVerseId } from '../ids.ts';
import { bookNameBefore, isSpace, ordinalAfter } from './books.ts';

/** An inclusive range of verse ids (BBCCCVVV numbers). */
export interface Passage {
  from: number;
  to: number;
}

export interface ParseOptions {
  /** free text: names need a capital, common-word names a verse; else a lone citation (GetParseCitation) */
  freeText: boolean;
}

export interface ParsedReference {
  passages: Passage[];
  /** where the reference's text ends (exclusive) */
  end: number;
  /** the chapters it names, as bookAndChapterId numbers (ids.ts) */
  chapters: Set<number>;
}

// Every pattern is sticky: it matches at the cursor only, with no slicing of the text.
const RANGE = /(?:[-–—~]|to\b|through\b|thru\b)/iy;
const LIST = /(?:,|&|and\b)/iy;
const VERSE_MARKER = /(?:verses|verse|vv\.?|vs\.?|ver\.?|v\.?)(?=\s*\d)/iy;
const FOLLOW_ON = /;\s*(?:(?:see\s+)?also\b|see\b|cf\.?)?/iy;
const NUMBER = /(\d{1,3})([a-c])?(?![\p{L}\d])/uy;
const COMMA = /,/y;
const CHAPTER_VERSE_AHEAD = /\s*\d{1,3}\s*[:.]\s*\d/y;
const DIGIT_AHEAD = /\s*\d/y;
const SPACED_DIGIT_AHEAD = /\s+\d/y;
const VERSE_SEPARATOR = /[:.](?=\s*\d)/y;
const COLON = /:/y;
const CHAPTER_VERSE_SEPARATOR = /[:.]/y;
const WORD_AHEAD = /\s*[\p{L}\d]/uy;
const VERSES_CONTINUE = /\s*(?:[-–—~,&]|to\b|through\b|thru\b|and\b)\s*\d/iy;
const VERSE_AHEAD = /\s*\d{1,3}[a-c]?(?![\d:.]\s*\d)(?!\d)/y;
const SINGLE_CHAPTER_VERSE_AHEAD = /\s*[:.]\s*\d/y;
const LAST_BOOK = 66;

/** A parser over one text, one reference at a time. */
class Cursor {
  constructor(
    readonly text: string,
    public at: number,
  ) {}

  skipSpaces(): this {
    while (this.at < this.text.length && isSpace(this.text.charAt(this.at))) this.at++;
    return this;
  }

  /** Matches a sticky pattern at the cursor (after spaces) and moves past it; the cursor stays put otherwise. */
  take(pattern: RegExp): string | undefined {
    const saved = this.at;
    this.skipSpaces();
    const m = this.match(pattern);
    if (!m) {
      this.at = saved;
      return undefined;
    }
    this.at += m[0].length;
    return m[0];
  }

  /** A sticky pattern's match at the cursor, without moving it. */
  match(pattern: RegExp, at = this.at): RegExpExecArray | null {
    pattern.lastIndex = at;
    return pattern.exec(this.text);
  }

  /** A number of 1-3 digits not run into further digits or letters; a part-verse letter a-c is allowed. */
  number(partLetter = false): number | undefined {
    const saved = this.at;
    this.skipSpaces();
    const m = this.match(NUMBER);
    if (!m || (m[2] && !partLetter) || Number(m[1]) === 0) {
      this.at = saved;
      return undefined;
    }
    this.at += m[0].length;
    return Number(m[1]);
  }

  /** Runs a speculative parse; rolls the cursor back when it gives undefined. */
  attempt<T>(parse: () => T | undefined): T | undefined {
    const saved = this.at;
    const result = parse();
    if (result === undefined) this.at = saved;
    return result;
  }
}

export class ReferenceParser {
  constructor(
    private readonly meta: Meta,
    private readonly options: ParseOptions,
  ) {}

  private verses(book: number, chapter: number): number {
    return this.meta.versification.chapterVerses[book - 1]?.[chapter - 1] ?? 0;
  }

  private chapters(book: number): number {
    return this.meta.versification.chapterVerses[book - 1]?.length ?? 0;
  }

  /** A passage clipped to the versification, or undefined when nothing of it exists. */
  private passage(book: number, c1: number, v1: number, c2: number, v2: number): Passage | undefined {
    if (c1 > this.chapters(book)) return undefined;
    const lastChapter = Math.min(c2, this.chapters(book));
    const lastVerse = c2 > lastChapter ? this.verses(book, lastChapter) : Math.min(v2, this.verses(book, lastChapter));
    if (v1 > this.verses(book, c1)) return undefined;
    const from = composeVerseId(book, c1, v1);
    const to = composeVerseId(book, lastChapter, lastVerse);
    return to >= from ? { from, to } : undefined;
  }

  /** A book name that starts at the cursor and is followed by a chapter number. */
  private bookAt(cursor: Cursor): number | undefined {
    return cursor.attempt(() => {
      cursor.skipSpaces();
      const start = cursor.at;
      // The chapter's digits, past an ordinal that begins the name ("1 Cor 13").
      const digit = /\d/.exec(cursor.text.slice(start, start + 40).replace(/^[1-3](?=\s*\p{L})/u, '_'));
      if (!digit || digit.index === 0) return undefined;
      const coded = ordinalAfter(this.meta, cursor.text, start + digit.index);
      if (coded && coded.start === start) {
        cursor.at = start + coded.written.length;
        return coded.book;
      }
      let end = start + digit.index;
      while (end > start && isSpace(cursor.text.charAt(end - 1))) end--;
      const name = bookNameBefore(this.meta, cursor.text, end, this.options.freeText);
      if (!name || name.start !== start) return undefined;
      cursor.at = end;
      return name.book;
    });
  }

  /**
   * The reference after a book name; `cursor` stands just after the name. Undefined when no chapter
   * follows, or when nothing it names exists.
   */
  parse(book: number, cursor: Cursor): ParsedReference | undefined {
    const passages: Passage[] = [];
    const chapters = new Set<number>();
    let end = -1;
    let current = book;
    let first = true;
    for (;;) {
      const group = this.group(current, cursor, first);
      if (!group) break;
      first = false;
      // A part that names nothing that exists ("Gen 2:27; 4:19-28", a misprint in the source) is read
      // past but left out: the reference ends at its last part that exists.
      for (const p of group.passages) {
        passages.push(p);
        chapters.add(bookAndChapterIdOf(p.from));
        chapters.add(bookAndChapterIdOf(p.to));
      }
      if (group.passages.length) end = cursor.at;
      current = group.book;
      // What may follow: "; 4:1-5", "; see also Rom 5:8", ", 4:2" (a new chapter of the same book).
      const next = cursor.attempt(() => {
        if (cursor.take(FOLLOW_ON) !== undefined) {
          const other = this.bookAt(cursor);
          if (other !== undefined) return other;
          return cursor.match(DIGIT_AHEAD) ? current : undefined;
        }
        if (cursor.take(COMMA) !== undefined && cursor.match(CHAPTER_VERSE_AHEAD)) return current;
        return undefined;
      });
      if (next === undefined) break;
      current = next;
    }
    if (end < 0) return undefined;
    cursor.at = end;
    return passages.length ? { passages, end, chapters } : undefined;
  }

  /** One chapter with its verses, a chapter range, or a range into another chapter or book. */
  private group(book: number, cursor: Cursor, first: boolean): { passages: Passage[]; book: number } | undefined {
    return cursor.attempt(() => {
      const singleChapter = this.chapters(book) === 1;
      // "Genesis verse 2": a verse without a chapter reads as the first chapter's.
      if (!this.options.freeText && cursor.attempt(() => cursor.take(VERSE_MARKER))) {
        return this.verseList(book, 1, cursor);
      }
      const chapter = cursor.number();
      if (chapter === undefined) return undefined;
      const afterChapter = cursor.at;
      // "Jude 3", "Phlm 2-3": a single-chapter book's number is a verse (except a bare 1: the whole book).
      if (
        singleChapter &&
        !cursor.match(SINGLE_CHAPTER_VERSE_AHEAD, afterChapter) &&
        !(chapter === 1 && !this.continuesWithVerses(cursor))
      ) {
        cursor.at = afterChapter;
        while (cursor.at > 0 && /\d/.test(cursor.text.charAt(cursor.at - 1))) cursor.at--;
        return this.verseList(book, 1, cursor);
      }
      // Verses after ":" or "." ("John 3.16"), or after a verse marker ("Psalm 116: Verse 10", "John 4 – v22").
      const versesFollow = cursor.attempt(() => {
        if (
          cursor.take(VERSE_SEPARATOR) !== undefined ||
          (cursor.take(COLON) !== undefined && cursor.take(VERSE_MARKER) !== undefined)
        )
          return true;
        if (cursor.take(VERSE_MARKER) !== undefined) return true;
        if (cursor.take(RANGE) !== undefined && cursor.take(VERSE_MARKER) !== undefined) return true;
        return undefined;
      });
      if (versesFollow) return this.verseList(book, chapter, cursor);
      // "John 3 16" in a lone citation.
      if (!this.options.freeText && cursor.match(SPACED_DIGIT_AHEAD)) return this.verseList(book, chapter, cursor);
      // A range from a whole chapter: to another chapter, into a chapter's verse, or into another book.
      const ranged = cursor.attempt(() => {
        if (cursor.take(RANGE) === undefined) return undefined;
        const otherBook = this.bookAt(cursor);
        const endBook = otherBook ?? book;
        const endChapter = cursor.number();
        if (endChapter === undefined) return undefined;
        const endVerse = cursor.attempt(() =>
          cursor.take(CHAPTER_VERSE_SEPARATOR) !== undefined ? cursor.number(true) : undefined,
        );
        if (otherBook === undefined && endChapter < chapter) return undefined;
        return { passages: this.spanBooks(book, chapter, endBook, endChapter, endVerse), book: endBook };
      });
      if (ranged) return ranged;
      // A whole chapter. In free text, a common-word name ("Mark 5 people") needs more than a number.
      if (first && this.options.freeText && this.commonName && cursor.match(WORD_AHEAD)) return undefined;
      const whole = this.passage(book, chapter, 1, chapter, Number.MAX_SAFE_INTEGER);
      return { passages: whole ? [whole] : [], book };
    });
  }

  /** Set by the caller for the reference being parsed: its name is also a common word. */
  commonName = false;

  private continuesWithVerses(cursor: Cursor): boolean {
    return cursor.match(VERSES_CONTINUE) !== null;
  }

  /** Passages from book:chapter:1 to endBook:endChapter[:endVerse], whole chapters in between. */
  private spanBooks(
    book: number,
    chapter: number,
    endBook: number,
    endChapter: number,
    endVerse: number | undefined,
  ): Passage[] {
    if (endBook < book || endBook > LAST_BOOK) return [];
    const out: Passage[] = [];
    for (let b = book; b <= endBook; b++) {
      const c1 = b === book ? chapter : 1;
      const c2 = b === endBook ? endChapter : this.chapters(b);
      const v2 = b === endBook && endVerse !== undefined ? endVerse : Number.MAX_SAFE_INTEGER;
      const p = this.passage(b, c1, 1, c2, v2);
      if (p) out.push(p);
      else if (b === book) return [];
    }
    return out;
  }

  /** Verses of one chapter: "16", "16-18", "16, 18", "1-2, 9a, 10-13", "2-17:3" (into a later chapter). */
  private verseList(book: number, chapter: number, cursor: Cursor): { passages: Passage[]; book: number } | undefined {
    const passages: Passage[] = [];
    let read = false;
    let endChapter = chapter;
    for (;;) {
      const item = cursor.attempt(() => {
        const from = cursor.number(true);
        if (from === undefined) return undefined;
        const to = cursor.attempt(() => {
          if (cursor.take(RANGE) === undefined) return undefined;
          cursor.take(VERSE_MARKER);
          const n = cursor.number(true);
          if (n === undefined) return undefined;
          // "16:2-17:3": the range runs into a later chapter.
          const verse = cursor.attempt(() =>
            cursor.take(CHAPTER_VERSE_SEPARATOR) !== undefined ? cursor.number(true) : undefined,
          );
          return verse === undefined
            ? { chapter: endChapter, verse: n }
            : n > endChapter
              ? { chapter: n, verse }
              : undefined;
        });
        if (to && to.chapter === endChapter && to.verse < from) return undefined;
        return { from, to: to ?? { chapter: endChapter, verse: from } };
      });
      if (!item) break;
      read = true;
      const p = this.passage(book, endChapter, item.from, item.to.chapter, item.to.verse);
      if (p) passages.push(p);
      endChapter = item.to.chapter;
      // A list continues with a verse ("16, 18"), not with "4:1" (a new chapter, read by the caller).
      const more = cursor.attempt(() => {
        if (cursor.take(LIST) === undefined) return undefined;
        cursor.take(VERSE_MARKER);
        if (!cursor.match(VERSE_AHEAD)) return undefined;
        // "Jude 3 and 1 Cor 13:4": a number that begins a book's name is not a verse of this list.
        return cursor.attempt(() => this.bookAt(cursor)) === undefined ? true : undefined;
      });
      if (!more) break;
    }
    return read ? { passages, book } : undefined;
  }
}

export { Cursor };
