// Finding references in free text, and reading one citation written as people write it. Both start from
// a chapter number and look back for a book name before it: numbers are far rarer than words in prose,
// and a reference without a number ("Mark said") is not one.
import { asciiForms } from '../ascii-forms.ts';
import { invalid } from '../errors.ts';
import type { Meta } from '../meta.ts';
import {
  composeVerseId,
  padBookId,
  padVerseId,
  parseBookAndChapterId,
  parseVerseId,
  splitBookAndChapterId,
  splitVerseId,
} from '../ids.ts';
import { perPack } from '../pack/per-pack.ts';
import { type BookName, bookNameBefore, isCommonWord, isSpace, nameAllowed, nameKey, ordinalAfter } from './books.ts';
import { Cursor, type ParsedReference, ReferenceParser, type Passage } from './grammar.ts';

export interface CitationHit {
  /** the reference as written, and where it is: UTF-16 offsets, as JavaScript strings count */
  match: string;
  start: number;
  end: number;
  /** the book name as written, and the book it names */
  bookName: string;
  bookId: string;
  /** the book a written range across books ends in ("Genesis 1 - Exodus 2"); absent otherwise */
  endBookId?: string;
  /** the verses it names, as inclusive ranges of verse ids */
  passages: { from: string; to: string }[];
}

export const passageIds = (p: Passage) => ({ from: padVerseId(p.from), to: padVerseId(p.to) });

const parsersFor = perPack((meta: Meta) => ({
  freeText: new ReferenceParser(meta, { freeText: true }),
  single: new ReferenceParser(meta, { freeText: false }),
}));

/** Words that may stand between a book name and its chapter: "Psalms chap 23", "Genesis verse 2". */
const MARKER_WORDS = new Set(['chapter', 'chapters', 'chap', 'ch', 'verse', 'verses']);
const isAsciiLetter = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
const isDigit = (c: number) => c >= 48 && c <= 57;

/** Where a book name would end before the number at `at`: past spaces, a chapter or verse word, a colon, markup. */
function nameEndBefore(text: string, at: number): number {
  const spacesBefore = (i: number) => {
    let j = i;
    while (j > 0 && i - j < 2 && isSpace(text.charAt(j - 1))) j--;
    return j;
  };
  let i = spacesBefore(at);
  const wordEnd = text.charAt(i - 1) === '.' ? i - 1 : i;
  let w = wordEnd;
  while (w > 0 && wordEnd - w < 8 && isAsciiLetter(text.charCodeAt(w - 1))) w--;
  if (
    w < wordEnd &&
    w > 0 &&
    !isAsciiLetter(text.charCodeAt(w - 1)) &&
    MARKER_WORDS.has(text.slice(w, wordEnd).toLowerCase())
  )
    i = spacesBefore(w);
  if (text.charAt(i - 1) === ':') i = spacesBefore(i - 1);
  for (let k = 0; k < 3 && (text.charAt(i - 1) === '*' || text.charAt(i - 1) === '_'); k++) i--;
  return i;
}

/** A book name that starts at `at` and is not followed by a number: "John" in "the 3rd chapter of John". */
function nameAfter(meta: Meta, text: string, at: number, freeText: boolean): BookName | undefined {
  const ends: number[] = [];
  let i = at;
  while (ends.length < 4 && i < text.length) {
    const wordStart = i;
    while (i < text.length && /[\p{L}\p{M}\d'’]/u.test(text.charAt(i))) i++;
    if (i === wordStart) break;
    ends.push(i);
    if (text.charAt(i) === '.') i++;
    if (text.charAt(i) !== ' ') break;
    i++;
  }
  for (let k = ends.length - 1; k >= 0; k--) {
    const written = text.slice(at, ends[k]);
    const key = nameKey(written);
    const book = meta.nameIndex().get(key);
    if (book !== undefined && !/^\d+$/.test(key) && (!freeText || nameAllowed(meta, written, key)))
      return { book, written, start: at };
  }
  return undefined;
}

const ORDINAL_SUFFIX = /(?:st|nd|rd|th)\b/iy;
const CHAPTER_OF = /\s+chapter\s+of\s+(?:the\s+(?:book\s+of\s+)?)?/iy;
const OF = /\s+of\s+(?:the\s+(?:book\s+of\s+)?)?/iy;
const PSALM = /\s+psalm\b/iy;
const THE_BEFORE = /\bthe\s+$/i;
const CHAPTER_BEFORE = /\bchapter\s+$/i;

export interface FoundReference {
  name: BookName;
  /** where the match starts: the name, or a chapter written first ("the 3rd chapter of John") */
  start: number;
  ref: ParsedReference;
}

/**
 * A chapter written before its book: "the 3rd chapter of John", "Chapter 2 of Acts, verse 38", "the 23rd
 * Psalm". `at` and `digitsEnd` hold the chapter's digits.
 */
function chapterFirst(
  meta: Meta,
  parser: ReferenceParser,
  text: string,
  at: number,
  digitsEnd: number,
  freeText: boolean,
): FoundReference | undefined {
  const chapter = Number(text.slice(at, digitsEnd));
  if (!(chapter >= 1 && chapter <= 150)) return undefined;
  let start = at;
  let after: number;
  let name: BookName | undefined;
  ORDINAL_SUFFIX.lastIndex = digitsEnd;
  const ordinal = ORDINAL_SUFFIX.exec(text);
  if (ordinal) {
    const suffixEnd = digitsEnd + ordinal[0].length;
    CHAPTER_OF.lastIndex = suffixEnd;
    PSALM.lastIndex = suffixEnd;
    const of = CHAPTER_OF.exec(text);
    if (of) {
      name = nameAfter(meta, text, suffixEnd + of[0].length, freeText);
      after = name ? name.start + name.written.length : 0;
    } else if (PSALM.exec(text)) {
      const written = text.slice(suffixEnd, PSALM.lastIndex).trimStart();
      name = { book: 19, written, start: PSALM.lastIndex - written.length };
      after = PSALM.lastIndex;
    } else return undefined;
    const the = THE_BEFORE.exec(text.slice(Math.max(0, at - 8), at));
    if (the) start = at - the[0].length;
  } else {
    const chapterWord = CHAPTER_BEFORE.exec(text.slice(Math.max(0, at - 10), at));
    if (!chapterWord) return undefined;
    OF.lastIndex = digitsEnd;
    const of = OF.exec(text);
    if (!of) return undefined;
    name = nameAfter(meta, text, digitsEnd + of[0].length, freeText);
    after = name ? name.start + name.written.length : 0;
    start = at - chapterWord[0].length;
  }
  if (!name) return undefined;
  const ref = parser.chapterNamed(name.book, chapter, new Cursor(text, after));
  return ref ? { name, start, ref } : undefined;
}

/**
 * The reference whose chapter number starts at `at` (the first of its digits), with its book name before
 * it or, written the other way round, after it; `name` alone when a book is named but nothing it names
 * exists. The one reader behind GetCitationsInText and GetParseCitation.
 */
export function referenceAt(
  meta: Meta,
  text: string,
  at: number,
  freeText: boolean,
  /** where a name may start at the earliest: the end of the reference before it */
  earliest = 0,
): FoundReference | { name: BookName | undefined; start: number; ref: undefined } {
  const parser = freeText ? parsersFor(meta).freeText : parsersFor(meta).single;
  let digitsEnd = at;
  while (digitsEnd < text.length && isDigit(text.charCodeAt(digitsEnd))) digitsEnd++;
  const after = text.charCodeAt(digitsEnd);
  // Cheap guards first: an ordinal suffix after the digits ("3rd"), or "chapter " before them.
  if (isAsciiLetter(after) || (isSpace(text.charAt(at - 1)) && (text.charCodeAt(at - 2) | 32) === 114)) {
    const first = chapterFirst(meta, parser, text, at, digitsEnd, freeText);
    if (first) return first;
  }
  let nameEnd = at;
  while (nameEnd > 0 && at - nameEnd < 2 && isSpace(text.charAt(nameEnd - 1))) nameEnd--;
  const coded = ordinalAfter(meta, text, at);
  let name = coded ?? bookNameBefore(meta, text, nameEnd, freeText, earliest);
  if (!name) {
    // A chapter or verse word, a colon or markup between the name and the number ("Psalms chap 23").
    const further = nameEndBefore(text, nameEnd);
    if (further !== nameEnd) {
      name = bookNameBefore(meta, text, further, freeText, earliest);
      nameEnd = further;
    }
  }
  if (!name) return { name, start: at, ref: undefined };
  if (coded) nameEnd = at + 1;
  const key = nameKey(name.written);
  const ref = parser.parse(name.book, new Cursor(text, nameEnd), {
    common: isCommonWord(key),
    key,
  });
  return { name, start: name.start, ref };
}

/** Every reference in a text, in order. */
export function findCitations(meta: Meta, written: string): CitationHit[] {
  return Array.from(citationHits(meta, written));
}

/**
 * The references in a text one at a time, in order: a host can measure the answer of a long text (each
 * hit may be a range of thousands of verses) without holding it.
 */
export function* citationHits(meta: Meta, written: string): Generator<CitationHit, void, undefined> {
  const text = asciiForms(written);
  const digits = /\d/g;
  let previousEnd = 0;
  let m: RegExpExecArray | null;
  while ((m = digits.exec(text))) {
    const at = m.index;
    if (at > 0 && isDigit(text.charCodeAt(at - 1))) continue;
    const found = referenceAt(meta, text, at, true, previousEnd);
    const ref = found.ref;
    if (!ref || !found.name) continue;
    const nameStart = found.name.start;
    const hit: CitationHit = {
      match: written.slice(found.start, ref.end),
      start: found.start,
      end: ref.end,
      bookName: written.slice(nameStart, nameStart + found.name.written.length),
      bookId: padBookId(found.name.book),
      passages: ref.passages.map(passageIds),
    };
    if (ref.endBook !== found.name.book) hit.endBookId = padBookId(ref.endBook);
    digits.lastIndex = Math.max(ref.end, at + 1);
    previousEnd = ref.end;
    yield hit;
  }
}

// Decorations around a lone citation: quotes and brackets, markdown (emphasis, code, a heading or quote
// mark, a hashtag), the full stop or comma of the sentence it was copied from, a footnote mark copied with
// it ("John 3:16¹", "†"), and a translation code after it ("Matthew 5:3-12NIV"). Free text reads the same
// reference inside all of them. Chinese and Japanese text quotes and brackets with 「」『』【】《》〈〉〔〕〖〗.
const QUOTES =
  /^[\s"'“”‘’«»([{*_`#>「『【《〈〔〖]+|[\s"'“”‘’«»)\]}*_`.,;!?\u00b9\u00b2\u00b3\u2070-\u2079†‡」』】》〉〕〗]+$/g;
/** The characters that may stand around a lone citation. */
const DECORATION = ' \t\n\r\u00a0"\'“”‘’«»()[]{}*_`#>.,;!?¹²³⁰⁴⁵⁶⁷⁸⁹†‡「」『』【】《》〈〉〔〕〖〗';
/**
 * A code of capitals at the end, apart (after a dash or in brackets: "John 3:16 - NIV", "(ESV®)") or run
 * into the last number ("5:3-12NIV"); the code is group 1.
 */
const TRANSLATION = /\s*(?:[-–—]\s*)?[([]?\s*([A-Z][A-Z0-9]{1,7})[®™]?\s*[)\]]?\s*$/;
/**
 * A code may end in a year or an edition ("RVR1960", "NIV84", "ESV2016"), but not start with V: "John 3
 * VV16" is a verse marker and its verse.
 */
const CODE_WITH_EDITION = /^[A-UW-Z][A-Z]+\d{2,4}$/;

/** Where a lone citation's chapter starts: its first digit from `i`, past an ordinal that begins the name ("1 Cor"). */
function chapterStart(text: string, from = 0): number {
  let i = from;
  while (i < text.length && isSpace(text.charAt(i))) i++;
  // An ordinal before the name: "1 Cor", "1Cor", "II Kings" (letters, so the digit search passes them).
  const c = text.charCodeAt(i);
  if (c >= 49 && c <= 51) {
    let j = i + 1;
    while (j < text.length && isSpace(text.charAt(j))) j++;
    if (j < text.length && !isDigit(text.charCodeAt(j)) && /\p{L}/u.test(text.charAt(j))) i = j;
  }
  for (; i < text.length; i++) if (isDigit(text.charCodeAt(i))) return i;
  return text.length;
}

export interface LoneCitation {
  book: number;
  passages: Passage[];
}

/**
 * A lone citation or list of them without what may stand around it: quotes, brackets and markdown, a
 * leading "cf.", "see" or "also", a trailing translation code.
 */
function withoutDecoration(written: string): string {
  let text =
    DECORATION.includes(written.charAt(0)) || DECORATION.includes(written.charAt(written.length - 1))
      ? written.replace(QUOTES, '')
      : written;
  const lead = text.charAt(0).toLowerCase();
  if ((lead === 'c' || lead === 's' || lead === 'a' || lead === ' ') && /^\s*(?:cf|see|also)\b/i.test(text))
    text = text.replace(/^\s*(?:(?:cf\.?|see|also)\s+)+/i, '');
  // A translation code ends in a capital, a bracket or an edition after capitals ("RVR1960"); most
  // citations end in a digit after no capital and skip the search.
  const ending = isDigit(text.charCodeAt(text.length - 1)) ? /[A-Z]\d{2,4}$/ : /[A-Z)\]®™]\s*$/;
  if (ending.test(text)) {
    const code = TRANSLATION.exec(text);
    if (code && /\d/.test(text.slice(0, code.index)) && (!/\d/.test(code[1]) || CODE_WITH_EDITION.test(code[1])))
      text = text.slice(0, code.index).replace(QUOTES, '');
  }
  return text;
}

/**
 * One citation written as people write it ("Titus 1:1 through 2", "Phlm 2-3", "“Matt 1:1”",
 * "Ps. 78:24 (NIV)", "John 4 – v22"), read by the same reader as free text; throws INVALID_PARAMETER
 * naming the part it could not read.
 */
export function readCitation(meta: Meta, written: string, param: string): LoneCitation {
  const text = withoutDecoration(written);
  const read = referenceFrom(meta, text, 0, param);
  const rest = text.slice(read.end).trim();
  if (rest)
    throw invalid(
      param,
      `${param}: could not read ${JSON.stringify(rest.slice(0, 40))} after ${JSON.stringify(text.slice(read.start, read.end).trim())}${listPointer(meta, written)}`,
    );
  if (read.endBook !== read.book)
    throw invalid(
      param,
      `${param}: one book and one chapter per call; ${JSON.stringify(written.trim().slice(0, 60))} runs into another book (${MANY_REFERENCES})`,
    );
  return { book: read.book, passages: read.passages };
}

/** Where a citation that names more than one chapter or reference may be read instead. */
export const MANY_REFERENCES = 'GetPassage reads any number of references, GetCitationsInText finds them in a text';

/** " (GetPassage reads ...)" when the citation is a list of references GetPassage reads; else nothing. */
function listPointer(meta: Meta, written: string): string {
  try {
    return readReferenceList(meta, written, 'reference').length > 1 ? ` (${MANY_REFERENCES})` : '';
  } catch {
    return '';
  }
}

/** One reference of a list as read: its book, the book a range across books ends in, its passages. */
export interface ListedReference extends LoneCitation {
  endBook: number;
  /** where it stands in the text given (after decoration was set aside) */
  start: number;
  end: number;
}

/** The reference that starts at `from` (past spaces); throws INVALID_PARAMETER naming what it could not read. */
function referenceFrom(meta: Meta, text: string, from: number, param: string): ListedReference {
  let first = from;
  while (first < text.length && isSpace(text.charAt(first))) first++;
  const wholeBook = oneChapterBookAlone(meta, text, first);
  if (wholeBook) return wholeBook;
  const at = chapterStart(text, first);
  if (at === text.length) {
    const trimmed = text.trimEnd();
    const name = bookNameBefore(meta, trimmed, trimmed.length, false, first);
    if (name && name.start === first)
      throw invalid(
        param,
        `${param}: no chapter after ${JSON.stringify(name.written)}; write a chapter, e.g. "${name.written} 3", or a chapter and verse, e.g. "${name.written} 3:16"`,
      );
    throw unknownBook(param, trimmed.slice(first));
  }
  const found = referenceAt(meta, text, at, false, first);
  if (!found.name || found.start !== first) {
    const before = text.slice(first, nameEndBefore(text, at));
    if (!before.trim())
      throw invalid(
        param,
        `${param}: unknown book: no book name before ${JSON.stringify(text.slice(first).trim().slice(0, 40))}; write a book name or abbreviation first, e.g. "John 3:16"`,
      );
    throw unknownBook(param, before);
  }
  const ref = found.ref;
  const nameEnd = found.name.start + found.name.written.length;
  if (!ref)
    throw invalid(
      param,
      `${param}: ${JSON.stringify(text.slice(nameEnd).trim().slice(0, 40))} is not a chapter and verses that exist in ${found.name.written}`,
    );
  return { book: found.name.book, endBook: ref.endBook, passages: ref.passages, start: first, end: ref.end };
}

/** What may end a book named alone: the end of the text, or a list separator before the next reference. */
const AFTER_BOOK_ALONE = /\s*(?:$|[;,&]|\band\b)/iy;

/**
 * A book of one chapter named with no number after it ("Jude", "3 John", "Obadiah"): its one chapter, as
 * people name such a book whole. A book of several chapters named alone names no passage.
 */
function oneChapterBookAlone(meta: Meta, text: string, first: number): ListedReference | undefined {
  const name = nameAfter(meta, text, first, false);
  if (!name) return undefined;
  const chapters = meta.versification.chapterVerses[name.book - 1];
  if (chapters?.length !== 1) return undefined;
  const end = first + name.written.length;
  AFTER_BOOK_ALONE.lastIndex = end;
  if (!AFTER_BOOK_ALONE.test(text)) return undefined;
  const passage = { from: composeVerseId(name.book, 1, 1), to: composeVerseId(name.book, 1, chapters[0]) };
  return { book: name.book, endBook: name.book, passages: [passage], start: first, end };
}

/** What may stand between two references of a list: ";", ",", "&", "and", spaces and line breaks. */
const LIST_SEPARATOR = /(?:\s*(?:[;,&]|\band\b)\s*)+|\s+/iy;
/** A verse id (7 or 8 digits) or a bookAndChapterId (4 or 5) standing for a reference. */
const ID_REFERENCE = /(\d{7,8}|\d{4,5})(?![\d\p{L}:.])/uy;

/**
 * A list of references as people write them, in order and with repeats: "Rom 8:28-30; Jn 3:16", "John
 * 3:35-4:2", "Ps 23, 43003016, 43003" (a verse id names its verse and a bookAndChapterId its chapter;
 * either must exist in the KJV versification, or be a verse `knownVerse` knows). Each is read by the
 * grammar a lone citation is read by, so "John 3:16, 18; 4:1" is one reference of one book; a new book
 * starts the next. Throws INVALID_PARAMETER quoting what it could not read.
 */
export function readReferenceList(
  meta: Meta,
  written: string,
  param: string,
  /** a verse beyond the KJV versification that a verse id may still name (a translation's own verse) */
  knownVerse: (verseId: number) => boolean = () => false,
): ListedReference[] {
  const text = withoutDecoration(written);
  const readAt = (at: number) =>
    idReferenceAt(meta, text, at, param, knownVerse) ?? referenceFrom(meta, text, at, param);
  const list = [readAt(0)];
  for (let at = list[0].end; text.slice(at).trim(); ) {
    const last = list[list.length - 1];
    const notRead = () =>
      invalid(
        param,
        `${param}: could not read ${JSON.stringify(text.slice(at).trim().slice(0, 40))} after ${JSON.stringify(text.slice(last.start, last.end).trim())}`,
      );
    LIST_SEPARATOR.lastIndex = at;
    const separator = LIST_SEPARATOR.exec(text);
    if (!separator) throw notRead();
    at += separator[0].length;
    if (!text.slice(at).trim()) break;
    // After a "," or ";" a reference is due, and its own refusal says best what is wrong with it; after a
    // bare space what follows may be no reference at all ("John 3:16 foo").
    const read = separator[0].trim() ? readAt(at) : tryReading(() => readAt(at));
    if (!read) throw notRead();
    list.push(read);
    at = read.end;
  }
  return list;
}

/** What `read` gives, or undefined when it refuses the text. */
function tryReading<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/** A verse id or bookAndChapterId at `at`, read as its verse or chapter; undefined when none stands there. */
function idReferenceAt(
  meta: Meta,
  text: string,
  at: number,
  param: string,
  knownVerse: (verseId: number) => boolean,
): ListedReference | undefined {
  ID_REFERENCE.lastIndex = at;
  const match = ID_REFERENCE.exec(text);
  if (!match) return undefined;
  const digits = match[1];
  const end = at + digits.length;
  const { chapterVerses } = meta.versification;
  if (digits.length >= 7) {
    const id = parseVerseId(digits)!;
    const { book, chapter, verse } = splitVerseId(id);
    if (meta.versification.ordinalOf(book, chapter, verse) < 0 && !knownVerse(id))
      throw invalid(param, `${param}: ${digits} is no verse id of the KJV versification (BBCCCVVV, e.g. 43003016)`);
    return { book, endBook: book, passages: [{ from: id, to: id }], start: at, end };
  }
  const { book, chapter } = splitBookAndChapterId(parseBookAndChapterId(digits)!);
  const verses = chapterVerses[book - 1]?.[chapter - 1];
  if (!verses)
    throw invalid(param, `${param}: ${digits} is no chapter id of the KJV versification (BBCCC, e.g. 43003)`);
  const from = composeVerseId(book, chapter, 1);
  return { book, endBook: book, passages: [{ from, to: composeVerseId(book, chapter, verses) }], start: at, end };
}

const unknownBook = (param: string, name: string) =>
  invalid(
    param,
    `${param}: unknown book ${JSON.stringify(name.trim().slice(0, 40))}; use a book name or abbreviation in English, Spanish or Arabic, then a chapter`,
  );
