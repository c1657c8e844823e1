// A verse table: one verse a line, book, chapter, verse and text, tab- or comma-separated (CSV with
// RFC 4180 quotes), with or without a header row. The book is a USFM code, an OSIS id, a number 1..66
// or an English name.
import type { SourceFile } from '../types.ts';
import { bookFromAny } from './books.ts';
import { checkLineLengths, decodeText } from './decode.ts';
import type { ReadImportOptions } from './index.ts';
import { type ImportCollector, VerseBuilder } from './verse-builder.ts';

/** Splits one CSV line; quoted fields may hold commas and doubled quotes (a field never spans lines here). */
export function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let value = '';
      i++;
      while (i < line.length) {
        if (line[i] === '"' && line[i + 1] === '"') {
          value += '"';
          i += 2;
        } else if (line[i] === '"') {
          i++;
          break;
        } else value += line[i++];
      }
      const comma = line.indexOf(',', i);
      fields.push(value + (comma < 0 ? line.slice(i) : line.slice(i, comma)));
      if (comma < 0) break;
      i = comma + 1;
    } else {
      const comma = line.indexOf(',', i);
      fields.push(comma < 0 ? line.slice(i) : line.slice(i, comma));
      if (comma < 0) break;
      i = comma + 1;
    }
  }
  return fields;
}

function delimiterOf(lines: string[]): '\t' | ',' {
  return lines.slice(0, 5).some((l) => l.includes('\t')) ? '\t' : ',';
}

function split(line: string, delimiter: '\t' | ','): string[] {
  return delimiter === '\t' ? line.split('\t') : splitCsvLine(line);
}

const NUMBER = /^\s*\d+\s*$/;

/** Whether text looks like a verse table: its data lines have numbers where the chapter and verse go. */
export function looksLikeTable(head: string): boolean {
  const lines = head.split(/\r?\n/).filter((l) => l.trim() !== '' && !l.startsWith('#'));
  if (lines.length > 1) lines.pop(); // the sniffed head may cut its last line
  const delimiter = delimiterOf(lines);
  const rows = lines.slice(0, 10).map((l) => split(l, delimiter));
  const header = rows.length > 0 ? headerColumns(rows[0]) : undefined;
  const columns = header ?? DEFAULT_COLUMNS;
  const body = header ? rows.slice(1) : rows;
  const data = body.filter((r) => r.length >= 4 && NUMBER.test(r[columns.chapter]) && NUMBER.test(r[columns.verse]));
  return data.length > 0 && data.length >= body.length - 1;
}

interface Columns {
  book: number;
  chapter: number;
  verse: number;
  text: number;
}

const DEFAULT_COLUMNS: Columns = { book: 0, chapter: 1, verse: 2, text: 3 };

function headerColumns(fields: string[]): Columns | undefined {
  const names = fields.map((f) => f.trim().toLowerCase());
  const find = (...candidates: string[]) => names.findIndex((n) => candidates.includes(n));
  const columns = {
    book: find('book', 'b', 'book_id', 'bookid', 'book_name'),
    chapter: find('chapter', 'c', 'chap'),
    verse: find('verse', 'v', 'vers'),
    text: find('text', 't', 'verse_text', 'content', 'scripture'),
  };
  return Object.values(columns).every((i) => i >= 0) ? columns : undefined;
}

const COMMENT_FIELDS = ['name', 'abbreviation', 'language', 'rights'] as const;

/** A "#" line is a comment, except "#name: …", "#abbreviation: …", "#language: …", "#rights: …" (what the
 *  table is) and "#book JHN: 約翰福音" (the name the table gives a book). */
function readCommentLine(line: string, collector: ImportCollector, options: ReadImportOptions): void {
  const field = /^#\s*(name|abbreviation|language|rights)\s*:\s*(.+)$/i.exec(line);
  if (field) {
    const key = field[1].toLowerCase() as (typeof COMMENT_FIELDS)[number];
    collector.metadata[key] ??= field[2].trim();
    return;
  }
  const named = /^#\s*book\s+([^:]+):\s*(.+)$/i.exec(line);
  const book = named ? bookFromAny(named[1].trim(), options.bookNames) : undefined;
  if (named && book) collector.book(book.number, book.usfm).names.long ??= named[2].trim();
}

export function readTableFile(file: SourceFile, collector: ImportCollector, options: ReadImportOptions = {}): void {
  checkLineLengths(file);
  const lines = decodeText(file).split(/\r?\n/);
  const delimiter = delimiterOf(lines);
  let columns: Columns = DEFAULT_COLUMNS;
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    const place = `line ${index + 1}`;
    if (line.startsWith('#')) {
      readCommentLine(line, collector, options);
      return;
    }
    const fields = split(line, delimiter);
    if (index === 0 || (columns.book === 0 && !NUMBER.test(fields[1] ?? '') && headerColumns(fields))) {
      const header = headerColumns(fields);
      if (header) {
        columns = header;
        return;
      }
    }
    const bookField = (fields[columns.book] ?? '').trim();
    const chapterField = fields[columns.chapter] ?? '';
    const verseField = fields[columns.verse] ?? '';
    if (!NUMBER.test(chapterField) || !/^\s*\d+/.test(verseField)) {
      collector.warn(file.path, place, 'not a verse row (book, chapter, verse, text): skipped');
      return;
    }
    const book = bookFromAny(bookField, options.bookNames);
    if (!book) {
      collector.skipBook(file.path, place, bookField || '(none)');
      return;
    }
    const chapter = Number(chapterField);
    const label = verseField.trim();
    const verse = Number(/^\d+/.exec(label)?.[0]);
    collector.checkNumber(file.path, place, 'chapter', chapter);
    collector.checkNumber(file.path, place, 'verse', verse);
    collector.book(book.number, book.usfm);
    // A text with the delimiter in it (an unquoted comma) keeps the rest of the line.
    const text =
      columns.text === fields.length - 1 || columns.text !== 3
        ? fields[columns.text]
        : fields.slice(columns.text).join(delimiter);
    const builder = new VerseBuilder();
    builder.append(text ?? '');
    collector.verse(file.path, place, { book: book.number, chapter, verse }, builder.finish(), label);
  });
}
