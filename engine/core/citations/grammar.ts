// The shape of a reference after its book name, as people write it: one grammar for a lone citation
// (GetParseCitation) and for references in free text (GetCitationsInText). Chapters, alone or in lists
// ("1 & 2", "4, 5 and 6", "23/91/121"); verses after ":", "::", "." or a verse marker (v, vv., ver., vs,
// verse, verses; glued as in "3v16"), after a space ("5 17"), after ";" typed for ":" ("2;1-5") and after
// "," in Spanish ("Juan 3,16"); lists (",", "and", "&", and a later verse after a full stop: "2:10. 11");
// ranges ("-", en and em dash, "~", "to", "through", "thru") within a chapter, across chapters
// ("16:2-17:3") and across books ("Genesis 1 - Exodus 2", "Ruth 4:1-1 Samuel 1:10"); part-verse letters
// (9a, 5ab); and ";" (optionally "see", "also", "cf.") before a further chapter of the same book. Every
// passage is checked against the KJV versification: a verse past a chapter's end is clipped to it, a
// chapter that does not exist is dropped.
import type { Meta } from '../meta.ts';
import { composeVerseId } from '../ids.ts';
import { bookNameBefore, isSpace, isSpanishOnly } from './books.ts';
import {
  CHAPTER_LIST,
  CHAPTER_MARKER,
  CHAPTER_VERSE_AHEAD,
  COLON_BEFORE_MARKER,
  COLON_SEPARATOR,
  COMMA,
  Cursor,
  DIGIT_AHEAD,
  FOLLOW_ON,
  GLUED_CHAPTER_VERSE_AHEAD,
  GLUED_DOT,
  GLUED_SEMICOLON,
  GLUED_UNDERSCORE,
  LAST_BOOK,
  LIST_WORD,
  MARKUP,
  NUMBER_AHEAD,
  RANGE,
  SINGLE_CHAPTER_VERSE_AHEAD,
  SPACED_DOT,
  SPACED_FOLLOWING,
  SPACED_VERSE_AHEAD,
  SPANISH_SEPARATOR,
  STOP_THEN_CHAPTER_VERSE,
  TIME_AFTER,
  VERSES_CONTINUE,
  VERSE_AFTER_STOP,
  VERSE_AHEAD,
  VERSE_LIST,
  VERSE_MARKER,
  VERSE_WORD,
  WORD_AHEAD,
  isDigitCode,
} from './cursor.ts';

/** An inclusive range of verse ids (BBCCCVVV numbers). */
export interface Passage {
  from: number;
  to: number;
}

export interface ParseOptions {
  /** free text: names need a capital and common-word names more than a bare chapter; else a lone citation */
  freeText: boolean;
}

/** What the caller knows of the name a reference starts with. */
export interface NameTraits {
  /** the name is also a common English word ("Mark", "Acts", "Numbers") */
  common: boolean;
  /** the name's lookup key: a Spanish-only name makes "3,16" chapter and verse ("Juan 3,16") */
  key: string;
}

export interface ParsedReference {
  passages: Passage[];
  /** where the reference's text ends (exclusive) */
  end: number;
  /** the book a written range across books ends in ("Genesis 1 - Exodus 2"), else the starting book */
  endBook: number;
}

interface Group {
  passages: Passage[];
  /** the book the group ends in (another book only for a written range across books) */
  book: number;
  /** the group named verses (not whole chapters) */
  verses: boolean;
  /** more than a bare chapter number: verses, a range or a chapter word ("Acts 2:38", "Acts 1-2") */
  strong: boolean;
  /** the last verse read, for "2:10. 11" */
  lastVerse: number;
}

// Every pattern is sticky: it matches at the cursor only, with no slicing of the text.

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

  /**
   * A book name that starts at the cursor (after spaces) and is followed by a chapter number; the cursor
   * moves past the name. "1 Samuel 1:10", "2Chronicles 1:3", "Rom 5:8".
   */
  bookAt(cursor: Cursor): number | undefined {
    const text = cursor.text;
    let start = cursor.at;
    while (start < text.length && isSpace(text.charAt(start))) start++;
    const first = text.charCodeAt(start);
    // A name starts with a letter or an ordinal digit; most places this is asked hold a digit or a mark.
    let i = start;
    if (first >= 49 && first <= 51) {
      i++;
      while (i < text.length && isSpace(text.charAt(i))) i++;
      if (i >= text.length || isDigitCode(text.charCodeAt(i)) || !/\p{L}/u.test(text.charAt(i))) return undefined;
    } else if (!/\p{L}/u.test(text.charAt(start))) return undefined;
    const limit = Math.min(text.length, start + 40);
    while (i < limit && !isDigitCode(text.charCodeAt(i))) i++;
    if (i >= limit) return undefined;
    let end = i;
    while (end > start && isSpace(text.charAt(end - 1))) end--;
    const name = bookNameBefore(this.meta, text, end, this.options.freeText, start);
    if (!name || name.start !== start) return undefined;
    cursor.at = end;
    return name.book;
  }

  /**
   * A comma of this reference already stood between a chapter and its verse: the later parts are written
   * the same way ("Rom 8,28; 9,5").
   */
  private commaSeparatesVerses = false;

  /**
   * The reference after a book name; `cursor` stands just after the name. Undefined when no chapter
   * follows, or when nothing it names exists. A reference stays in one book: a further book after ";"
   * starts another reference, and a written range across books ends this one.
   */
  parse(book: number, cursor: Cursor, name: NameTraits): ParsedReference | undefined {
    this.commaSeparatesVerses = false;
    const passages: Passage[] = [];
    let end = -1;
    let first = true;
    let strong = false;
    let endBook = book;
    let listed = false;
    for (;;) {
      const group = this.group(book, cursor, first, name.key, listed);
      if (!group) break;
      first = false;
      // A part that names nothing that exists ("Gen 2:27; 4:19-28", a misprint in the source) is read
      // past but left out: the reference ends at its last part that exists.
      for (const p of group.passages) passages.push(p);
      if (group.passages.length) {
        end = cursor.at;
        strong ||= group.strong;
      }
      if (group.book !== book) {
        endBook = group.book;
        break;
      }
      const verses = group.verses;
      if (cursor.atEnd()) break;
      // What may follow: "; 4:1-5", "; see also 6:23", ", 4:2" (a new chapter), ". 33.3", and after a
      // bare chapter a list of chapters ("1 & 2", "4, 5 and 6", "23/91/121").
      const next = cursor.attempt(() => {
        listed = false;
        if (cursor.take(FOLLOW_ON))
          return cursor.test(DIGIT_AHEAD) && this.bookAt(new Cursor(cursor.text, cursor.at)) === undefined
            ? true
            : undefined;
        if (verses) {
          if (cursor.takeHere(STOP_THEN_CHAPTER_VERSE))
            return cursor.test(GLUED_CHAPTER_VERSE_AHEAD) ? true : undefined;
          // ", 4:2", "and 12:8", ", and 11:18": a list word before a chapter and verse starts a new chapter.
          if (!cursor.take(COMMA) && !cursor.take(VERSE_LIST)) return undefined;
          cursor.take(VERSE_LIST);
          return cursor.test(CHAPTER_VERSE_AHEAD) ? true : undefined;
        }
        if (!cursor.take(CHAPTER_LIST) || !cursor.test(DIGIT_AHEAD)) return undefined;
        listed = true;
        return this.bookAt(new Cursor(cursor.text, cursor.at)) === undefined ? true : undefined;
      });
      if (!next) break;
    }
    if (end < 0 || !passages.length) return undefined;
    // A common-word name with only bare chapters needs the phrase to end there, or a list word and another
    // book's reference after it: "Read Mark 5." and "Acts 2 and Joel 2", not "Mark 5 people came".
    if (this.options.freeText && name.common && !strong && cursor.test(WORD_AHEAD, end)) {
      const other = new Cursor(cursor.text, end);
      if (!other.take(LIST_WORD) || this.bookAt(other) === undefined) return undefined;
    }
    cursor.at = end;
    return { passages, end, endBook };
  }

  /** One chapter with its verses, a chapter range, or a range into another chapter or book. */
  private group(book: number, cursor: Cursor, first: boolean, key: string, listed: boolean): Group | undefined {
    const saved = cursor.at;
    const group = this.groupAt(book, cursor, first, key, listed);
    if (group === undefined) cursor.at = saved;
    return group;
  }

  /** `listed`: the chapter is an item of a list of chapters ("Psalms 32,45,44"), whose items are chapters. */
  private groupAt(book: number, cursor: Cursor, first: boolean, key: string, listed: boolean): Group | undefined {
    const singleChapter = this.chapters(book) === 1;
    let strong = false;
    if (first) {
      const intro = this.afterName(book, cursor);
      if ('group' in intro) return intro.group;
      strong = intro.strong;
    }
    const chapter = cursor.number();
    if (chapter === undefined) return undefined;
    const afterChapter = cursor.at;
    // "Gen 2.0", "Rev 3.05": a decimal, as versions and revisions are numbered; no verse starts with 0.
    if (cursor.text.charCodeAt(afterChapter) === 46 && cursor.text.charCodeAt(afterChapter + 1) === 48)
      return undefined;
    // "Jude 3", "Phlm 2-3": a single-chapter book's number is a verse (except a bare 1: the whole book).
    if (
      singleChapter &&
      !cursor.test(SINGLE_CHAPTER_VERSE_AHEAD, afterChapter) &&
      !(chapter === 1 && !this.continuesWithVerses(cursor))
    ) {
      cursor.at = afterChapter;
      while (cursor.at > 0 && isDigitCode(cursor.text.charCodeAt(cursor.at - 1))) cursor.at--;
      return this.verseList(book, 1, cursor);
    }
    const hard = this.markedVerses(book, chapter, cursor, key);
    if (hard) return hard.group;
    const soft = this.unmarkedVerses(book, chapter, cursor, afterChapter);
    if (soft) return soft;
    const comma = this.commaVerses(book, chapter, cursor, listed);
    if (comma) return comma;
    const ranged = this.chapterRange(book, chapter, cursor, strong);
    if (ranged) return ranged;
    const whole = this.passage(book, chapter, 1, chapter, Number.MAX_SAFE_INTEGER);
    return { passages: whole ? [whole] : [], book, verses: false, strong, lastVerse: 0 };
  }

  /** What stands between the name and its chapter: whether it makes the reference strong, or the group
   *  the reference ends as (undefined: none). */
  private afterName(book: number, cursor: Cursor): { strong: boolean } | { group: Group | undefined } {
    // Between the name and its chapter: markup ("**John** 1:1"), a colon ("Mark: 2:1-12"), a chapter
    // word ("Psalms chap 23") or a verse word ("Exodus verse 20:3"; "Genesis verse 2" is chapter 1's).
    if (!isDigitCode(cursor.text.charCodeAt(cursor.at + 1)) || !isSpace(cursor.text.charAt(cursor.at))) {
      cursor.takeHere(MARKUP);
      if (cursor.take(COLON_SEPARATOR) && !cursor.test(CHAPTER_VERSE_AHEAD)) return { group: undefined };
      if (cursor.take(CHAPTER_MARKER)) return { strong: true };
      else if (cursor.take(VERSE_WORD)) {
        if (!cursor.test(CHAPTER_VERSE_AHEAD)) return { group: this.verseList(book, 1, cursor) };
        return { strong: true };
      }
    }
    return { strong: false };
  }

  /** Verses after a mark that can only be a verse's; null when there is none. */
  private markedVerses(
    book: number,
    chapter: number,
    cursor: Cursor,
    key: string,
  ): { group: Group | undefined } | null {
    // Verses after ":" or "::" ("Rom 12 : 1", "isaiah40::31"), after "," in Spanish ("Juan 3,16"), or
    // after a verse marker ("Psalm 116: Verse 10", "John 4 – v22", "2Tim3v16", "Acts 2, verse 38").
    if (cursor.text.charCodeAt(cursor.at) === 58 && cursor.takeHere(COLON_SEPARATOR))
      return { group: this.verseList(book, chapter, cursor, true) };
    const hard = cursor.attempt(() => {
      if (cursor.take(COLON_SEPARATOR)) return true;
      if (cursor.take(COLON_BEFORE_MARKER)) return cursor.take(VERSE_MARKER) || undefined;
      // The language is looked up only where it matters: a comma run into the chapter.
      if (cursor.test(SPANISH_SEPARATOR) && (this.commaSeparatesVerses || isSpanishOnly(this.meta, key)))
        return cursor.takeHere(SPANISH_SEPARATOR);
      if (cursor.take(VERSE_MARKER)) return true;
      if ((cursor.take(RANGE) || cursor.take(COMMA)) && cursor.take(VERSE_MARKER)) return true;
      return undefined;
    });
    if (hard) return { group: this.verseList(book, chapter, cursor, true) };
    return null;
  }

  /** Verses after a mark that may be one, read only when they exist. */
  private unmarkedVerses(book: number, chapter: number, cursor: Cursor, afterChapter: number): Group | undefined {
    // "John 3.16", "Titus 2;1-5" (";" typed for ":"), "2 Cor 5 17": verses that, when they do not
    // exist, leave the chapter standing ("Psalm 23.500", "Psalm 23 500 of us"; "Gen. 16;30" is then a
    // list of chapters).
    const soft = cursor.attempt(() => {
      if (
        cursor.takeHere(GLUED_DOT) ||
        cursor.takeHere(GLUED_SEMICOLON) ||
        cursor.takeHere(SPACED_DOT) ||
        cursor.takeHere(GLUED_UNDERSCORE)
      )
        return true;
      if (!cursor.test(SPACED_VERSE_AHEAD)) return undefined;
      return this.bookAt(new Cursor(cursor.text, cursor.at)) === undefined ? true : undefined;
    });
    if (soft) {
      const read = cursor.attempt(() => {
        const verses = this.verseList(book, chapter, cursor, true);
        return verses?.passages.length ? verses : undefined;
      });
      if (read) return read;
      cursor.at = afterChapter;
    }
    return undefined;
  }

  /** Verses after a comma, as Europe writes them. */
  private commaVerses(book: number, chapter: number, cursor: Cursor, listed: boolean): Group | undefined {
    // "Gen 1,1", "Rom 8,28", "Rom. 8, 28": after a comma, a number that cannot be another chapter of a list
    // (the same chapter again, or past the book's last) is a verse of this chapter, as Europe writes it;
    // so is any number after the comma of a reference that already wrote its verses so.
    const verses = cursor.attempt(() => {
      if (listed || !cursor.take(COMMA)) return undefined;
      const next = cursor.match(NUMBER_AHEAD);
      const n = next ? Number(next[1]) : 0;
      if (!n || !(this.commaSeparatesVerses || n === chapter || n > this.chapters(book))) return undefined;
      if (this.bookAt(new Cursor(cursor.text, cursor.at)) !== undefined) return undefined;
      const verses = this.verseList(book, chapter, cursor, true);
      return verses?.passages.length ? verses : undefined;
    });
    if (verses) this.commaSeparatesVerses = true;
    return verses;
  }

  private chapterRange(book: number, chapter: number, cursor: Cursor, strong: boolean): Group | undefined {
    // A range from a whole chapter: to another chapter, into a chapter's verse, or into another book.
    return cursor.attempt(() => {
      const markAt = cursor.skipSpaces().at;
      if (!cursor.take(RANGE)) return undefined;
      const mark = cursor.text.charAt(markAt);
      const otherBook = this.bookAt(cursor);
      const endBook = otherBook ?? book;
      const endChapter = cursor.number();
      if (endChapter === undefined) return undefined;
      const endVerse = cursor.attempt(() => (this.verseSeparator(cursor) ? cursor.number(true) : undefined));
      if (otherBook === undefined && endChapter < chapter) return undefined;
      // "Lev. 23-35", "2 Kings 23-29": past the book's last chapter, the second number is a verse.
      if (
        otherBook === undefined &&
        endVerse === undefined &&
        endChapter > this.chapters(book) &&
        endChapter <= this.verses(book, chapter)
      ) {
        const verse = this.passage(book, chapter, endChapter, chapter, endChapter);
        return verse ? { passages: [verse], book, verses: true, strong: true, lastVerse: endChapter } : undefined;
      }
      const passages = this.spanBooks(book, chapter, 1, endBook, endChapter, endVerse);
      if (!passages) return undefined;
      // "Job 38 - 41" is a reference; "Numbers 1 to 10" is counting.
      const strongRange = strong || otherBook !== undefined || !/^[a-z]/i.test(mark);
      return {
        passages,
        book: endBook,
        verses: endVerse !== undefined,
        strong: strongRange,
        lastVerse: endVerse ?? 0,
      };
    });
  }

  /** The mark between a chapter and its verse at the end of a range: "16:2-17:3", "1:1-2.3". */
  private verseSeparator(cursor: Cursor): boolean {
    if (cursor.takeHere(GLUED_DOT)) return true;
    const before = cursor.at;
    if (!cursor.take(COLON_SEPARATOR)) return false;
    // "2 Kings 21:18-26: 2 Chr. 33:20" (":" typed for ";"): a book after the colon is not a verse.
    if (this.bookAt(new Cursor(cursor.text, cursor.at)) === undefined) return true;
    cursor.at = before;
    return false;
  }

  /** "the 3rd chapter of John", "Chapter 2 of Acts, verse 38": the chapter is known, verses may follow. */
  chapterNamed(book: number, chapter: number, cursor: Cursor): ParsedReference | undefined {
    const start = cursor.at;
    const verses = cursor.attempt(() => {
      cursor.take(COMMA);
      if (!cursor.take(VERSE_MARKER)) return undefined;
      const list = this.verseList(book, chapter, cursor);
      return list?.passages.length ? list : undefined;
    });
    if (verses) return { passages: verses.passages, end: cursor.at, endBook: verses.book };
    cursor.at = start;
    const whole = this.passage(book, chapter, 1, chapter, Number.MAX_SAFE_INTEGER);
    return whole ? { passages: [whole], end: start, endBook: book } : undefined;
  }

  /** Verses follow ("Jude 1-3", "Jude 1 and 3"), not another book ("Jude 1 and 2 Peter 2"). */
  private continuesWithVerses(cursor: Cursor): boolean {
    const m = cursor.match(VERSES_CONTINUE);
    return m !== null && this.bookAt(new Cursor(cursor.text, m.index + m[0].length - 1)) === undefined;
  }

  /**
   * Passages from book:chapter:verse to endBook:endChapter[:endVerse], whole chapters and books in between;
   * undefined when the start or the end does not exist, or the end comes first.
   */
  private spanBooks(
    book: number,
    chapter: number,
    verse: number,
    endBook: number,
    endChapter: number,
    endVerse: number | undefined,
  ): Passage[] | undefined {
    if (endBook < book || endBook > LAST_BOOK) return undefined;
    if (endBook !== book && (endChapter > this.chapters(endBook) || (endVerse ?? 1) > this.verses(endBook, endChapter)))
      return undefined;
    const out: Passage[] = [];
    for (let b = book; b <= endBook; b++) {
      const c1 = b === book ? chapter : 1;
      const v1 = b === book ? verse : 1;
      const c2 = b === endBook ? endChapter : this.chapters(b);
      const v2 = b === endBook && endVerse !== undefined ? endVerse : Number.MAX_SAFE_INTEGER;
      const p = this.passage(b, c1, v1, c2, v2);
      if (p) out.push(p);
      else if (b === book) return endBook === book ? [] : undefined;
    }
    return out;
  }

  /**
   * Verses of one chapter: "16", "16-18", "16, 18", "1-2, 9a, 10-13", "10. 11", "2-17:3" (into a later
   * chapter), "1-1 Samuel 1:10" (into another book).
   */
  private verseList(book: number, chapter: number, cursor: Cursor, strong = true): Group | undefined {
    const passages: Passage[] = [];
    let read = false;
    let endChapter = chapter;
    let endBook = book;
    let lastVerse = 0;
    for (;;) {
      const saved = cursor.at;
      const item = this.verseItem(book, endChapter, cursor);
      if (!item) {
        cursor.at = saved;
        break;
      }
      read = true;
      if (item.to.book !== book) {
        const span = this.spanBooks(book, endChapter, item.from, item.to.book, item.to.chapter, item.to.verse);
        if (span) passages.push(...span);
        endBook = item.to.book;
        lastVerse = item.to.verse ?? 0;
        break;
      }
      const p = this.passage(book, endChapter, item.from, item.to.chapter, item.to.verse ?? item.from);
      if (p) passages.push(p);
      endChapter = item.to.chapter;
      lastVerse = item.to.verse ?? item.from;
      if (cursor.atEnd()) break;
      const beforeMore = cursor.at;
      if (!this.listContinues(cursor, lastVerse)) {
        cursor.at = beforeMore;
        break;
      }
    }
    return read ? { passages, book: endBook, verses: true, strong, lastVerse } : undefined;
  }

  /** One verse or range of a list: "16", "16-18", "9a", "10ff", "2-17:3", "1-1 Samuel 1:10". */
  private verseItem(
    book: number,
    endChapter: number,
    cursor: Cursor,
  ): { from: number; to: { book: number; chapter: number; verse: number | undefined } } | undefined {
    const from = cursor.number(true);
    if (from === undefined) return undefined;
    // "Job 3:16 pm" is a time: "Call Daniel 3:30 am".
    if (cursor.test(TIME_AFTER)) return undefined;
    // "Mt 5:3 ff.", "John 3:16 f.": the "f" and "ff" of commentaries, apart from the verse.
    if (!cursor.suffix && cursor.test(SPACED_FOLLOWING)) {
      cursor.suffix = cursor.text.slice(cursor.at, SPACED_FOLLOWING.re.lastIndex).trim();
      cursor.at = SPACED_FOLLOWING.re.lastIndex;
    }
    // "6:10f" is the verse and the next, "6:10ff" the verse and the rest of the chapter.
    if (cursor.suffix === 'f' || cursor.suffix === 'ff')
      return {
        from,
        to: { book, chapter: endChapter, verse: cursor.suffix === 'f' ? from + 1 : Number.MAX_SAFE_INTEGER },
      };
    const afterFrom = cursor.at;
    const to = this.rangeEnd(book, endChapter, from, cursor);
    if (to === undefined) cursor.at = afterFrom;
    // A range that runs backwards ("118:24 — 2-1 win") is not one: the verse before it stands alone.
    else if (to.book === book && to.chapter === endChapter && (to.verse ?? 0) < from) {
      cursor.at = afterFrom;
      return { from, to: { book, chapter: endChapter, verse: from } };
    }
    return { from, to: to ?? { book, chapter: endChapter, verse: from } };
  }

  /** Where a range after a verse ends: "-18", "-17:3", "-ch. 5", "-1 Samuel 1:10"; the cursor may move on failure. */
  private rangeEnd(
    book: number,
    endChapter: number,
    from: number,
    cursor: Cursor,
  ): { book: number; chapter: number; verse: number | undefined } | undefined {
    if (!cursor.take(RANGE)) return undefined;
    // "Ruth 4:1-1 Samuel 1:10": a range into another book.
    const afterMark = cursor.at;
    const across = this.acrossBooks(book, endChapter, from, cursor);
    if (across) return across;
    cursor.at = afterMark;
    // "Gen. 1:27-ch. 5": to the end of a later chapter.
    if (cursor.take(CHAPTER_MARKER)) {
      const c = cursor.number();
      return c !== undefined && c > endChapter && c <= this.chapters(book)
        ? { book, chapter: c, verse: Number.MAX_SAFE_INTEGER }
        : undefined;
    }
    cursor.take(VERSE_MARKER);
    const n = cursor.number(true);
    if (n === undefined) return undefined;
    // "16:2-17:3": the range runs into a later chapter.
    const afterNumber = cursor.at;
    const verse = this.verseSeparator(cursor) ? cursor.number(true) : undefined;
    if (verse === undefined) {
      cursor.at = afterNumber;
      return { book, chapter: endChapter, verse: n };
    }
    // "3:16-3:18" names its chapter again; "3:16-2:5" runs backwards.
    return n > endChapter || (n === endChapter && verse >= from) ? { book, chapter: n, verse } : undefined;
  }

  /** The end of a range in another book: "1 Samuel 1:10", "Matthew 1:17"; the cursor may move on failure. */
  private acrossBooks(
    book: number,
    endChapter: number,
    from: number,
    cursor: Cursor,
  ): { book: number; chapter: number; verse: number | undefined } | undefined {
    const ordinalFirst = isDigitCode(cursor.skipSpaces().text.charCodeAt(cursor.at));
    const other = this.bookAt(cursor);
    if (other === undefined || other < book) return undefined;
    const c = cursor.number();
    if (c === undefined) return undefined;
    const afterChapter = cursor.at;
    const v = this.verseSeparator(cursor) ? cursor.number(true) : undefined;
    if (v === undefined) cursor.at = afterChapter;
    // "John.3.16-John.3.18" (OSIS), "John 3:16-John 4:2": the book named again at the end of a range in it,
    // with a chapter and verse that come later.
    if (other === book)
      return v !== undefined && (c > endChapter || (c === endChapter && v >= from))
        ? { book, chapter: c, verse: v }
        : undefined;
    // "Ruth 4:1-3 John 1" is verses 1-3 and then John 1: a name that starts with a digit ends a range
    // across books only with a verse ("Ruth 4:1-1 Samuel 1:10").
    if (ordinalFirst && v === undefined) return undefined;
    return this.spanBooks(book, endChapter, from, other, c, v) ? { book: other, chapter: c, verse: v } : undefined;
  }

  /**
   * A list continues with a verse ("16, 18"), not with "4:1" (a new chapter, read by the caller), or with a
   * later verse after a full stop ("2:10. 11", "4:12.16"); the cursor may move on failure.
   */
  private listContinues(cursor: Cursor, lastVerse: number): boolean {
    if (cursor.take(VERSE_LIST)) {
      cursor.take(VERSE_MARKER);
      if (!cursor.test(VERSE_AHEAD)) return false;
      // "Jude 3 and 1 Cor 13:4": a number that begins a book's name is not a verse of this list.
      return this.bookAt(new Cursor(cursor.text, cursor.at)) === undefined;
    }
    const stop = cursor.match(VERSE_AFTER_STOP);
    if (!stop || Number(stop[1]) <= lastVerse) return false;
    cursor.at++;
    return this.bookAt(new Cursor(cursor.text, cursor.at)) === undefined;
  }
}

export { Cursor };
