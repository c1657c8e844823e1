// Citations and ids: parse "Matt 5:3-5, 7" into verse ids, name verse and chapter ids, split verses into words.
import { invalid } from '../errors.ts';
import type { Language } from '../meta.ts';
import { COMMON_PARAMS, defineOperation, textPack, type Context, type VerseIdValue } from '../operation.ts';
import { arrayOf, empty, number, numbered, object, oneOf, optional, string } from '../shape.ts';
import {
  bookAndChapterIdOf,
  chapterOf,
  formatBookAndChapterId,
  formatVerseId,
  padBookId,
  padChapterOrVerse,
  parseBookAndChapterId,
  parseVerseId,
  splitBookAndChapterId,
  splitVerseId,
  verseOf,
} from '../ids.ts';
import { splitWords } from '../words.ts';
import { VERSE } from '../records.ts';
import { asciiForms } from '../ascii-forms.ts';
import { findCitations, MANY_REFERENCES, readCitation } from '../citations/find.ts';
import { findBook } from './books.ts';

export interface Citation {
  book: number;
  chapter: number;
  /** verse items as written: single verses and inclusive ranges */
  items: { from: number; to: number }[];
}

/** The longest text GetCitationsInText reads in one call (the HTTP server's POST limit is the same). */
export const MAX_CITATION_TEXT = 1_048_576;

/** "1,048,576". Grouped by hand: toLocaleString loads the platform's locale data, tens of milliseconds at
 * module load, before the first answer. */
const groupDigits = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');

const CITATION = /^\s*(.*?[^\s\d.:]\.?)\s*(\d{1,3})\s*(?::\s*(\d[\d\s,\-–]*?))?\s*$/u;
const CITATION_FORMAT =
  'a citation like "John 3:16", "Matt 5:3-5, 7", "1 Juan 4:8" or "Titus 1:1 through 2": a book, a chapter, then verses (ranges with "-" or "to", lists with "," or "and")';

/**
 * Parses one citation. The API's form ("Matt 5:3-5, 7": one book and one chapter, commas and inclusive
 * ranges, ids not checked against the Bible) is read by its own rules; other forms people write
 * ("Titus 1:1 through 2", "Phlm 2-3", "Ps. 78:24 (NIV)", "John 4 – v22") by the reference grammar of
 * citations/, which checks what it reads against the versification.
 */
export function parseCitation(ctx: Context, written: string, param = 'citation'): Citation {
  const citation = osisAsApiForm(asciiForms(written));
  const strict = apiFormCitation(ctx, citation, param);
  if (strict) return strict;
  const { book, passages } = readCitation(ctx.meta, citation, param);
  const chapterId = bookAndChapterIdOf(passages[0].from);
  if (passages.some((p) => bookAndChapterIdOf(p.from) !== chapterId || bookAndChapterIdOf(p.to) !== chapterId)) {
    const chapters = new Set(passages.flatMap((p) => [bookAndChapterIdOf(p.from), bookAndChapterIdOf(p.to)]));
    throw invalid(
      param,
      `${param}: one book and one chapter per call; ${JSON.stringify(citation.trim().slice(0, 60))} names ${chapters.size} chapters (${MANY_REFERENCES})`,
    );
  }
  const chapter = chapterOf(passages[0].from);
  return { book, chapter, items: passages.map((p) => ({ from: verseOf(p.from), to: verseOf(p.to) })) };
}

/**
 * An OSIS reference, "John.3.16" or "Gen.1" (zero-padded too: "John.03.016"), written in the API's form
 * ("John 3:16"), which reads it by the API's rules: a verse past the chapter's end is an id like any other,
 * as "John 3:99" is, not a text the grammar cannot read. Anything else is returned as it is.
 */
function osisAsApiForm(citation: string): string {
  const osis = /^\s*([1-3]?[A-Za-z]+)\.(\d{1,3})(?:\.(\d{1,3}))?\s*$/.exec(citation);
  if (!osis) return citation;
  const [, book, chapter, verse] = osis;
  return verse === undefined ? `${book} ${Number(chapter)}` : `${book} ${Number(chapter)}:${Number(verse)}`;
}

/** Whether letters follow the chapter number (the first digit after the book name's last letter or dot). */
function lettersAfterChapter(citation: string): boolean {
  let seenName = false;
  let inChapter = false;
  for (let i = 0; i < citation.length; i++) {
    const c = citation.charCodeAt(i);
    const digit = c >= 48 && c <= 57;
    if (inChapter) {
      if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c > 127 && /\p{L}/u.test(citation.charAt(i)))) return true;
    } else if (digit) {
      inChapter = seenName;
    } else if (c !== 32 && c !== 9) {
      seenName = true;
    }
  }
  return false;
}

/** The API's own form, or undefined when the citation is written otherwise. */
function apiFormCitation(ctx: Context, citation: string, param: string): Citation | undefined {
  // The API's form has no letters after its chapter: "Titus 1:1 through 2" is read by the grammar.
  if (lettersAfterChapter(citation)) return undefined;
  const match = CITATION.exec(citation);
  if (!match) return undefined;
  const book = findBook(ctx, match[1]);
  if (!book) return undefined;
  const chapter = Number(match[2]);
  // "Philemon 4": in a book of one chapter, a number alone is a verse (read by the reference grammar).
  if (match[3] === undefined && chapter !== 1 && ctx.meta.versification.chapterVerses[book.number - 1].length === 1)
    return undefined;
  if (chapter < 1) throw invalid(param, `${param}: chapter must be 1 or more`);
  const items = match[3] === undefined ? [] : apiFormVerses(match[3], param);
  if (items === undefined) return undefined;
  return { book: book.number, chapter, items };
}

/** Whitespace as the API form's pattern (\s) knows it, with an ASCII fast path. */
const isWhiteSpace = (c: number, text: string, at: number) =>
  c === 32 || (c >= 9 && c <= 13) || (c > 127 && /\s/.test(text.charAt(at)));

/** The index past the whitespace at `i`. */
function skipSpaces(list: string, i: number): number {
  while (i < list.length && isWhiteSpace(list.charCodeAt(i), list, i)) i++;
  return i;
}

/** The index past the ASCII digits at `i`. */
function skipDigits(list: string, i: number): number {
  while (i < list.length && list.charCodeAt(i) >= 48 && list.charCodeAt(i) <= 57) i++;
  return i;
}

/**
 * The verses of the API's form, "3-5, 7": items of 1-3 digits or ranges with "-" or "–", apart by
 * commas; undefined when the list is written otherwise. Read by hand, not split and matched per part:
 * this runs on every GetParseCitation.
 */
function apiFormVerses(list: string, param: string): Citation['items'] | undefined {
  const items: Citation['items'] = [];
  for (let i = 0; ; ) {
    const partStart = i;
    const fromStart = skipSpaces(list, i);
    const fromEnd = skipDigits(list, fromStart);
    if (fromEnd === fromStart || fromEnd - fromStart > 3) return undefined;
    const from = Number(list.slice(fromStart, fromEnd));
    let to = from;
    i = skipSpaces(list, fromEnd);
    if (list[i] === '-' || list[i] === '–') {
      const toStart = skipSpaces(list, i + 1);
      const toEnd = skipDigits(list, toStart);
      if (toEnd === toStart || toEnd - toStart > 3) return undefined;
      to = Number(list.slice(toStart, toEnd));
      i = skipSpaces(list, toEnd);
    }
    if (i < list.length && list[i] !== ',') return undefined;
    if (from < 1 || to < from)
      throw invalid(
        param,
        `${param}: verse range ${list.slice(partStart, i).trim()} must run from a verse of 1 or more up to an equal or later verse`,
      );
    items.push({ from, to });
    if (i >= list.length) return items;
    i++;
  }
}

/** The verse id a reference to exactly one verse names: an 8-digit verseId, or a citation. */
function oneVerseOf(ctx: Context, written: string): number {
  const id = parseVerseId(written.trim()) ?? parseVerseId(asciiForms(written).trim());
  if (id !== null) return id;
  const ids = citationVerseIds(ctx, parseCitation(ctx, written, 'verseId'));
  if (ids.length !== 1)
    throw invalid(
      'verseId',
      `verseId names one verse; ${JSON.stringify(written.trim().slice(0, 60))} names ${ids.length} (GetPassage reads the verses of any reference, GetChapter a chapter)`,
    );
  return Number(ids[0]);
}

export function citationVerseIds(ctx: Context, c: Citation): string[] {
  // One prefix for the chapter; a Set only when several items may repeat a verse.
  const prefix = formatBookAndChapterId(c.book, c.chapter);
  const items =
    c.items.length === 0
      ? // A bare chapter means the whole chapter, as far as the KJV knows it.
        [{ from: 1, to: ctx.meta.versification.chapterVerses[c.book - 1][c.chapter - 1] ?? 0 }]
      : c.items;
  const ids: string[] = [];
  for (const { from, to } of items) for (let v = from; v <= to; v++) ids.push(prefix + padChapterOrVerse(v));
  return items.length > 1 ? [...new Set(ids)] : ids;
}

/** The inverse of parseCitation: "Matthew 5:3-5, 7". */
export function formatCitation(ctx: Context, c: Citation, language: Language = 'english'): string {
  const name = ctx.meta.books[c.book - 1].names[language];
  if (c.items.length === 0) return `${name} ${c.chapter}`;
  return `${name} ${c.chapter}:${c.items.map(({ from, to }) => (from === to ? `${from}` : `${from}-${to}`)).join(', ')}`;
}

export const parsingOperations = [
  defineOperation({
    name: 'GetParseCitation',
    family: 'parsing',
    summary:
      'Parses a citation into {bookName, bookId, chapterId, verseIds}; ids are not checked against the Bible, as the API specifies.',
    params: [
      { name: 'citation', type: 'text', required: true, maxLength: 200, description: CITATION_FORMAT },
      COMMON_PARAMS.language,
    ],
    result: object({ bookName: string, bookId: string, chapterId: string, verseIds: arrayOf(string) }),
    run(ctx, p) {
      const c = parseCitation(ctx, p.citation);
      return {
        bookName: ctx.meta.books[c.book - 1].names[p.language as Language],
        bookId: padBookId(c.book),
        chapterId: padChapterOrVerse(c.chapter),
        verseIds: citationVerseIds(ctx, c),
      };
    },
  }),
  defineOperation({
    name: 'GetVerseById',
    family: 'parsing',
    summary:
      'One verse named by a reference as people and the official FAQ write it (John.3.16, "John 3:16", JHN 3:16, Jn3:16) or by its 8-digit verseId, answered as GetVerse answers: [{id, b, c, v, t}], [] when the translation has no such verse. A reference to several verses is refused.',
    params: [
      {
        name: 'verseId',
        type: 'text',
        required: true,
        maxLength: 200,
        description: 'one verse: a reference such as John.3.16, "John 3:16" or JHN 3:16, or an 8-digit verseId',
      },
      COMMON_PARAMS.versionId,
    ],
    result: arrayOf(VERSE),
    packs: (p) => [textPack(p.versionId)],
    run(ctx, p) {
      const id = oneVerseOf(ctx, p.verseId as string);
      const text = ctx.translation(p.versionId);
      const i = text.indexOf(id);
      return i < 0 ? [] : [text.rowAt(i)];
    },
  }),
  defineOperation({
    name: 'GetCitationsInText',
    family: 'parsing',
    summary:
      'Every Bible reference in a text, in order: [{match, start, end, bookName, bookId, endBookId?, passages: [{from, to}]}]. start and end are UTF-16 offsets (as JavaScript counts), bookName is the name as written, a hit names one book (endBookId only for a written range across books), passages are inclusive verse-id ranges checked against the versification. Over HTTP, POST the text as the body for long texts.',
    params: [
      {
        name: 'text',
        type: 'text',
        required: true,
        maxLength: MAX_CITATION_TEXT,
        description: `the text to read, up to ${groupDigits(MAX_CITATION_TEXT)} characters`,
      },
    ],
    result: arrayOf(
      object(
        {},
        {
          match: string,
          start: number,
          end: number,
          bookName: string,
          bookId: string,
          endBookId: optional(string),
          passages: arrayOf(object({}, { from: string, to: string })),
        },
      ),
    ),
    bodyParam: 'text',
    run: (ctx, p) => findCitations(ctx.meta, p.text),
  }),
  defineOperation({
    name: 'GetParseVerseId',
    family: 'parsing',
    summary:
      'Names the parts of a verse id: {verseId, bookId, bookAndChapterId, chapterNumber, verseNumber, bookName}; [] when malformed or not a KJV verse.',
    params: [
      { name: 'verseId', type: 'text', required: true, maxLength: 100, description: '8-digit verse id BBCCCVVV' },
      COMMON_PARAMS.language,
    ],
    result: oneOf(
      object(
        { verseId: string, bookId: string, bookAndChapterId: string, chapterNumber: string, verseNumber: string },
        { bookName: string },
      ),
      empty,
    ),
    run(ctx, p) {
      const s = String(p.verseId).trim();
      const id = parseVerseId(s);
      if (id === null) return [];
      const { book, chapter, verse } = splitVerseId(id);
      if (ctx.meta.versification.ordinalOf(book, chapter, verse) < 0) return [];
      return {
        verseId: formatVerseId(book, chapter, verse),
        bookId: padBookId(book),
        bookAndChapterId: formatBookAndChapterId(book, chapter),
        chapterNumber: padChapterOrVerse(chapter),
        verseNumber: padChapterOrVerse(verse),
        bookName: ctx.meta.books[book - 1].names[p.language as Language],
      };
    },
  }),
  defineOperation({
    name: 'GetBookAndChapterNameByBookAndChapterId',
    family: 'parsing',
    summary: 'The name of a chapter, "John 3", as a bare string; [] when the id is invalid.',
    params: [
      {
        name: 'bookAndChapterId',
        type: 'text',
        required: true,
        maxLength: 100,
        description: '5-digit BBCCC id, e.g. 43003',
      },
      COMMON_PARAMS.language,
    ],
    result: oneOf(string, empty),
    run(ctx, p) {
      const s = String(p.bookAndChapterId).trim();
      const id = parseBookAndChapterId(s);
      if (id === null) return [];
      const { book, chapter } = splitBookAndChapterId(id);
      const chapters = ctx.meta.versification.chapterVerses[book - 1];
      if (!chapters || chapter < 1 || chapter > chapters.length) return [];
      return `${ctx.meta.books[book - 1].names[p.language as Language]} ${chapter}`;
    },
  }),
  defineOperation({
    name: 'GetWords',
    family: 'parsing',
    summary:
      'The words of a verse as {verseId, versionId, wordCount, "0": word, ...}; punctuation stays on its word; [] when the translation has no such verse.',
    params: [COMMON_PARAMS.verseId, COMMON_PARAMS.versionId],
    result: oneOf(numbered({ verseId: string, versionId: string, wordCount: number }, string), empty),
    packs: (p) => [textPack(p.versionId)],
    run(ctx, p) {
      const { id, book, chapter, verse } = p.verseId as VerseIdValue;
      const text = ctx.translation(p.versionId);
      const i = text.indexOf(id);
      if (i < 0) return [];
      const words = splitWords(text.textAt(i));
      const out: { verseId: string; versionId: string; wordCount: number; [position: `${number}`]: string } = {
        verseId: formatVerseId(book, chapter, verse),
        versionId: p.versionId,
        wordCount: words.length,
      };
      words.forEach((w, n) => {
        out[`${n}`] = w;
      });
      return out;
    },
  }),
] as const;
