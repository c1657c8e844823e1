// Readers of the parameters that name a place in the Bible or a translation: verse, book, chapter and
// version ids, each refused with a message naming the parameter and what it takes.
import { asciiForms } from '../ascii-forms.ts';
import { invalid } from '../errors.ts';
import { bookNameKey, type Meta } from '../meta.ts';
import {
  bookOf,
  chapterOf,
  formatBookAndChapterId,
  parseBookAndChapterId,
  parseVerseId,
  splitBookAndChapterId,
  verseOf,
} from '../ids.ts';
import { digits, digitsValue, rawString, shownNumber } from './raw.ts';
import type { ChapterOrBookAndChapter, ParamSpec, VerseIdValue } from './spec.ts';

export function bookNumber(spec: ParamSpec, raw: unknown): number {
  const book = digits(spec, raw, 'a book number from 1 (Genesis) to 66 (Revelation), or a book name');
  if (book < 1 || book > 66)
    throw invalid(
      spec.name,
      `${spec.name} must be a book number from 1 (Genesis) to 66 (Revelation), got ${shownNumber(raw, book)}`,
    );
  return book;
}

/**
 * A canonical book written as a name or abbreviation in any of the three languages ("John", "Jn",
 * "1 Juan"), read by the same name index as GetBookIdByBookName.
 */
function bookByName(spec: ParamSpec, raw: string, meta: Meta): number {
  const key = bookNameKey(raw.slice(0, 100));
  const book = key ? meta.nameIndex().get(key) : undefined;
  if (book === undefined || book < 1 || book > 66)
    throw invalid(
      spec.name,
      `${spec.name} must be a book number from 1 (Genesis) to 66 (Revelation) or a book name such as John, got ${JSON.stringify(raw.slice(0, 40))}`,
    );
  return book;
}

/** The checked value of a verse id number: one that names book 1-66 and a chapter and verse of 1 or more. */
function verseIdValue(spec: ParamSpec, id: number, sent: string | number): VerseIdValue {
  const book = bookOf(id);
  const chapter = chapterOf(id);
  const verse = verseOf(id);
  if (book < 1 || book > 66 || chapter < 1 || verse < 1)
    throw invalid(
      spec.name,
      `${spec.name} ${sent} is not a verse id: book must be 01-66, chapter and verse at least 1`,
    );
  return { book, chapter, verse, id };
}

export function verseIdParam(spec: ParamSpec, raw: unknown): VerseIdValue {
  // A whole number of 7 or 8 digits reads as the id it is, without going through its string.
  if (typeof raw === 'number' && Number.isInteger(raw) && raw >= 1_000_000 && raw <= 99_999_999)
    return verseIdValue(spec, raw, raw);
  const s = rawString(spec, raw);
  const id = parseVerseId(s) ?? parseVerseId(asciiForms(s));
  if (id === null)
    throw invalid(
      spec.name,
      `${spec.name} must be an 8-digit BBCCCVVV verse id such as 01001001 (Genesis 1:1), got ${JSON.stringify(s.slice(0, 40))}`,
    );
  return verseIdValue(spec, id, s);
}

export function bookIdParam(spec: ParamSpec, raw: unknown, meta: Meta): number {
  return typeof raw === 'string' && digitsValue(raw) < 0 && digitsValue(asciiForms(raw)) < 0
    ? bookByName(spec, raw, meta)
    : bookNumber(spec, raw);
}

export function chapterIdParam(spec: ParamSpec, raw: unknown): number {
  const chapter = digits(spec, raw, 'a chapter number from 1 to 150');
  if (chapter < 1 || chapter > 150)
    throw invalid(spec.name, `${spec.name} must be a chapter number from 1 to 150, got ${shownNumber(raw, chapter)}`);
  return chapter;
}

export function bookAndChapterIdParam(spec: ParamSpec, raw: unknown): { book: number; chapter: number } {
  const s = rawString(spec, raw);
  const asSent = parseBookAndChapterId(s);
  const id = asSent ?? parseBookAndChapterId(asciiForms(s));
  if (id === null)
    throw invalid(
      spec.name,
      `${spec.name} must be a 5-digit BBCCC id such as 43003 (John 3), got ${JSON.stringify(s.slice(0, 40))}`,
    );
  const { book, chapter } = splitBookAndChapterId(id);
  // Refused here, where the id is still as sent: a refusal quotes ６７００１ as sent, 67001 as read.
  if (book < 1 || book > 66 || chapter < 1)
    throw invalid(
      spec.name,
      `${spec.name} must name book 01-66 and chapter 001 or more, got ${asSent === null ? s : formatBookAndChapterId(book, chapter)}`,
    );
  return { book, chapter };
}

export function chapterOrBookAndChapterIdParam(spec: ParamSpec, raw: unknown): ChapterOrBookAndChapter {
  const sent = rawString(spec, raw).trim();
  // No chapter has four digits: 1001 is Genesis 1, as GetChapterByBookAndChapterId reads it.
  if (/^\d{4,5}$/.test(asciiForms(sent))) return bookAndChapterIdParam(spec, sent);
  const asSent = digitsValue(sent);
  const chapter = asSent >= 0 ? asSent : digitsValue(asciiForms(sent));
  if (chapter < 1 || chapter > 150)
    throw invalid(
      spec.name,
      `${spec.name} must be a chapter number from 1 to 150 or a 5-digit bookAndChapterId such as 43003 (John 3), got ${JSON.stringify(sent.slice(0, 40))}`,
    );
  return { chapter };
}

/**
 * A versionId as code ("rv1909"), table ("t_rv1909", or the hosted service's "t_srv") or table without its
 * prefix ("srv"): the version records are read only for a name that is not a code.
 */
function versionByTable(meta: Meta, name: string): string {
  if (meta.hasVersion(name)) return name;
  const table = name.startsWith('t_') ? name : `t_${name}`;
  const code = table.slice(2);
  if (meta.hasVersion(code)) return code;
  return meta.versions.find((v) => v.table === table)?.versionId ?? code;
}

export function versionIdParam(spec: ParamSpec, raw: unknown, meta: Meta): string {
  if (typeof raw === 'string' && meta.hasVersion(raw)) return raw; // the common case, kept cheap
  const s = versionByTable(meta, rawString(spec, raw).trim().toLowerCase());
  if (!meta.hasVersion(s)) {
    throw invalid(
      spec.name,
      `${spec.name} must be one of ${meta.versions.map((v) => v.versionId).join(', ')}, got ${JSON.stringify(String(raw).slice(0, 40))}`,
    );
  }
  return s;
}
