// Finding references in free text, and reading one citation written as people write it. Both start from
// a chapter number and look back for a book name before it: numbers are far rarer than words in prose,
// and a reference without a number ("Mark said") is not one.
import { invalid } from '../errors.ts';
import type { Meta } from '../meta.ts';
import { padBookId, padVerseId } from '../ids.ts';
import { perPack } from '../pack/per-pack.ts';
import { bookNameBefore, isCommonWord, isSpace, nameKey, ordinalAfter } from './books.ts';
import { Cursor, ReferenceParser, type Passage } from './grammar.ts';

export interface CitationHit {
  /** the reference as written, and where it is: UTF-16 offsets, as JavaScript strings count */
  match: string;
  start: number;
  end: number;
  /** the book name as written, and the book it names */
  bookName: string;
  bookId: string;
  /** the verses it names, as inclusive ranges of verse ids */
  passages: { from: string; to: string }[];
}

const DIGIT = /\d/g;

export const passageIds = (p: Passage) => ({ from: padVerseId(p.from), to: padVerseId(p.to) });

const parsersFor = perPack((meta: Meta) => ({
  freeText: new ReferenceParser(meta, { freeText: true }),
  single: new ReferenceParser(meta, { freeText: false }),
}));

/** Every reference in a text, in order. */
export function findCitations(meta: Meta, text: string): CitationHit[] {
  const parser = parsersFor(meta).freeText;
  const hits: CitationHit[] = [];
  const digits = new RegExp(DIGIT.source, 'g');
  let m: RegExpExecArray | null;
  while ((m = digits.exec(text))) {
    const at = m.index;
    if (at > 0 && /\d/.test(text.charAt(at - 1))) continue;
    let nameEnd = at;
    while (nameEnd > 0 && at - nameEnd < 2 && isSpace(text.charAt(nameEnd - 1))) nameEnd--;
    const coded = ordinalAfter(meta, text, at);
    const name = coded ?? bookNameBefore(meta, text, nameEnd, true);
    if (!name) continue;
    if (coded) nameEnd = at + 1;
    parser.commonName = isCommonWord(nameKey(name.written));
    const ref = parser.parse(name.book, new Cursor(text, nameEnd));
    if (!ref) continue;
    hits.push({
      match: text.slice(name.start, ref.end),
      start: name.start,
      end: ref.end,
      bookName: name.written,
      bookId: padBookId(name.book),
      passages: ref.passages.map(passageIds),
    });
    digits.lastIndex = ref.end;
  }
  return hits;
}

// Decorations around a lone citation: quotes and brackets, and a translation code after it.
const QUOTES = /^[\s"'“”‘’«»([{]+|[\s"'“”‘’«»)\]}]+$/g;
const DECORATED = /^[\s"'“”‘’«»([{]|[\s"'“”‘’«»)\]}]$/;
const TRANSLATION = /\s*[([]?\s*\b[A-Z][A-Z0-9]{1,7}\s*[)\]]?\s*$/;

/** Where a lone citation's chapter starts: its first digit, past an ordinal that begins the name ("1 Cor"). */
function chapterStart(text: string): number {
  const ordinal = /^\s*(?:[1-3]|I{1,3})(?=\s*\p{L})/u.exec(text);
  for (let i = ordinal ? ordinal[0].length : 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) return i;
  }
  return text.length;
}

export interface LoneCitation {
  book: number;
  passages: Passage[];
}

/**
 * One citation written as people write it ("Titus 1:1 through 2", "Phlm 2-3", "“Matt 1:1”",
 * "Ps. 78:24 (NIV)", "John 4 – v22"); throws INVALID_PARAMETER naming the part it could not read.
 */
export function readCitation(meta: Meta, written: string, param: string): LoneCitation {
  let text = DECORATED.test(written) ? written.replace(QUOTES, '') : written;
  if (/^\s*(?:cf|see|also)\b/i.test(text)) text = text.replace(/^\s*(?:(?:cf\.?|see|also)\s+)+/i, '');
  // A translation code ends in a capital or a bracket; most citations end in a digit and skip the search.
  if (/[A-Z)\]]\s*$/.test(text)) {
    const code = TRANSLATION.exec(text);
    if (code && /\d/.test(text.slice(0, code.index)) && !/\d/.test(code[0]))
      text = text.slice(0, code.index).replace(QUOTES, '');
  }
  const nameEnd = chapterStart(text);
  let end = nameEnd;
  while (end > 0 && isSpace(text.charAt(end - 1))) end--;
  const beforeChapter = text.slice(0, end);
  // "Genesis verse 2": a verse marker with no chapter before it is not part of the name.
  const markerless = /[sve.]$/i.test(beforeChapter)
    ? beforeChapter.replace(/\s+(?:verses|verse|vv?\.?|vs\.?|ver\.?)$/i, '')
    : beforeChapter;
  const name = bookNameBefore(meta, markerless, markerless.length, false);
  if (!name || name.start !== markerless.search(/\S/)) {
    throw invalid(
      param,
      `${param}: unknown book ${JSON.stringify(markerless.trim().slice(0, 40))}; use a book name or abbreviation in English, Spanish or Arabic, then a chapter`,
    );
  }
  if (nameEnd === text.length)
    throw invalid(
      param,
      `${param}: no chapter after ${JSON.stringify(name.written)}; write a chapter number, e.g. "${name.written} 3"`,
    );
  const parser = parsersFor(meta).single;
  parser.commonName = false;
  const cursor = new Cursor(text, markerless.length);
  const ref = parser.parse(name.book, cursor);
  if (!ref)
    throw invalid(
      param,
      `${param}: ${JSON.stringify(text.slice(markerless.length).trim().slice(0, 40))} is not a chapter and verses that exist in ${name.written}`,
    );
  const rest = text.slice(ref.end).trim();
  if (rest)
    throw invalid(
      param,
      `${param}: could not read ${JSON.stringify(rest.slice(0, 40))} after ${JSON.stringify(text.slice(name.start, ref.end).trim())}`,
    );
  return { book: name.book, passages: ref.passages };
}
