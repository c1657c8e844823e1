// A verse table: one verse a line, book, chapter, verse and text, tab- or comma-separated (CSV with
// RFC 4180 quotes), with or without a header row. The book is a USFM code, an OSIS id, a number 1..66
// or an English name.
import type { SourceFile } from '../types.ts';
import { bookFromAny } from './books.ts';
import { checkLineLengths, decodeText } from './decode.ts';
import type { ReadImportOptions } from './read-options.ts';
import { type ImportCollector, VerseBuilder } from './verse-builder.ts';

/** One row of a table and the line it starts on (1-based). */
interface Row {
  fields: string[];
  line: number;
}

/**
 * CSV rows (RFC 4180): fields split on commas, a quoted field may hold commas, doubled quotes and line
 * breaks; text after a closing quote stays in the field. An unclosed quote runs to the end of the text.
 */
export function csvRows(text: string): Row[] {
  const rows: Row[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let rowLine = 1;
  let i = 0;
  // whether the row being read has anything in it (a row of one empty quoted field has)
  let started = false;
  const endRow = () => {
    started = false;
    fields.push(field);
    rows.push({ fields, line: rowLine });
    fields = [];
    field = '';
  };
  while (i < text.length) {
    const c = text[i];
    const ending = c === '\n' || (c === '\r' && text[i + 1] === '\n');
    if (!ending) started = true;
    if (c === '"' && field === '') {
      i++;
      for (; i < text.length; i++) {
        if (text[i] === '"') {
          if (text[i + 1] !== '"') break;
          i++;
        } else if (text[i] === '\n') line++;
        field += text[i];
      }
      i++;
    } else if (c === ',') {
      fields.push(field);
      field = '';
      i++;
    } else if (ending) {
      endRow();
      i += c === '\r' ? 2 : 1;
      line++;
      rowLine = line;
    } else {
      field += c;
      i++;
    }
  }
  if (started) endRow();
  return rows;
}

function tsvRows(text: string): Row[] {
  return text.split(/\r?\n/).map((line, index) => ({ fields: line.split('\t'), line: index + 1 }));
}

/**
 * Tab-separated when more of the first lines have the four columns split on tabs than on commas: one
 * tab inside a CSV verse's text does not make the file a TSV.
 */
function delimiterOf(text: string): '\t' | ',' {
  const lines = text
    .slice(0, 8192)
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .slice(0, 5);
  const columns = (line: string, delimiter: string) => line.split(delimiter).length >= 4;
  const tabs = lines.filter((l) => columns(l, '\t')).length;
  const commas = lines.filter((l) => columns(l, ',')).length;
  return tabs > 0 && tabs >= commas ? '\t' : ',';
}

function rowsOf(text: string): Row[] {
  return delimiterOf(text) === '\t' ? tsvRows(text) : csvRows(text);
}

const NUMBER = /^\s*\d+\s*$/;

/** Whether text looks like a verse table: its data lines have numbers where the chapter and verse go. */
export function looksLikeTable(head: string): boolean {
  const all = rowsOf(head)
    .filter((r) => r.fields.join('').trim() !== '' && !r.fields[0]?.startsWith('#'))
    .map((r) => r.fields);
  if (all.length > 1) all.pop(); // the sniffed head may cut its last line
  const rows = all.slice(0, 10);
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
  const text = decodeText(file);
  const delimiter = delimiterOf(text);
  let columns: Columns = DEFAULT_COLUMNS;
  rowsOf(text).forEach(({ fields, line }, index) => {
    if (fields.join('').trim() === '') return;
    const place = `line ${line}`;
    if (fields[0]?.startsWith('#')) {
      readCommentLine(fields.join(delimiter), collector, options);
      return;
    }
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
