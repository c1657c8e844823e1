// scrollmapper's MySQL dump of 43 extra-biblical books (1 Enoch, Jubilees, Jasher, …), read into books
// and verse segments with the dump's known defects fixed (sources/README.md, docs/extrabiblical.md).
import { readFileSync } from 'node:fs';
import type { ExtraBook } from '../../engine/core/pack/schemas.ts';
import { decodeDump, parseMysqlDump, type SqlTable, type SqlValue } from './mysql-dump.ts';

/** One verse segment: numbers for grouping, the source's own labels ("22b", "6a") for display. */
export interface ExtraRow {
  b: number;
  c: number;
  cs: string;
  v: number;
  vs: string;
  t: string;
}

export interface ExtraBiblical {
  books: ExtraBook[];
  rows: ExtraRow[];
  report: string[];
}

const SIRACH = 32;

/**
 * Verse text as users should see it. The dump's values end in "\n", the prose of 1 Adam and Eve is
 * hard-wrapped at 70 columns (849 of the 955 values with inner breaks), so breaks and no-break spaces
 * become plain spaces; the Testaments end each chapter with a Markdown rule "---" that is not text.
 * Editorial brackets (⌈ ⌉ † 〈 〉 [ ] < > { }) are the printed translations' own and stay as they are.
 */
export function cleanVerseText(raw: string): string {
  return raw
    .replace(/\u0091/g, '\u2018') // a stray Windows-1252 byte 0x91 (left single quote) in 1 Enoch 69:12
    .replace(/(^|\n)[ \t]*-{3,}[ \t]*(?=\n|$)/g, '$1')
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

const str = (v: SqlValue, what: string): string => {
  if (typeof v !== 'string') throw new Error(`extrabiblical dump: ${what} is ${JSON.stringify(v)}, expected a string`);
  return v;
};
const int = (v: SqlValue, what: string): number => {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0)
    throw new Error(`extrabiblical dump: ${what} is ${JSON.stringify(v)}, expected a whole number`);
  return v;
};

/** Each named column's index in a table; a missing column is an error naming it. */
function columnsOf(table: SqlTable, tableName: string, names: string[]): Record<string, number> {
  return Object.fromEntries(
    names.map((name) => {
      const i = table.columns.indexOf(name);
      if (i < 0)
        throw new Error(
          `extrabiblical dump: table \`${tableName}\` has no column \`${name}\` (columns: ${table.columns.join(', ')})`,
        );
      return [name, i];
    }),
  );
}

/** Reads the dump into books and rows, fixing its defects; `report` says what was fixed. */
export function readExtraBiblical(path: string): ExtraBiblical {
  const tables = parseMysqlDump(decodeDump(readFileSync(path)));
  const keyTable = tables.get('book_key');
  const verseTable = tables.get('books');
  if (!keyTable || !verseTable) throw new Error(`extrabiblical dump ${path} lacks the book_key or books table`);
  const books = readBooks(keyTable);
  const all = readRows(verseTable, new Set(books.map((b) => Number(b.id))));
  const { kept, dropped } = dropFirstSirachCopy(all);
  const cleaned = cleanTexts(kept);
  const rows = inBookAndChapterOrder(kept, books);
  const report = [
    `${all.length} rows in the dump, ${books.length} books`,
    `dropped ${dropped} rows of the first copy of Sirach 17:2-20:9`,
    `kept ${alternativeKeys(rows)} keys with alternative texts as separate segments`,
    `trimmed line breaks in ${cleaned.lineBreaks} values (inner breaks), removed ${cleaned.rules} "---" rules, replaced U+0091 in ${cleaned.controls}`,
  ];
  return { books, rows, report };
}

/** The `book_key` table, every field a string as the API lists it, in weight order (then id). */
function readBooks(table: SqlTable): ExtraBook[] {
  const k = columnsOf(table, 'book_key', ['id', 'weight', 'name', 'info_text', 'info_url', 'path']);
  const books = table.rows
    .map((r, i): ExtraBook & { order: [number, number] } => {
      const id = int(r[k.id], `book_key row ${i + 1} id`);
      const weight = r[k.weight];
      if (typeof weight !== 'number')
        throw new Error(`extrabiblical dump: book ${id} has weight ${JSON.stringify(weight)}`);
      return {
        id: String(id),
        weight: String(weight),
        name: str(r[k.name], `book ${id} name`).trim(),
        info_text: str(r[k.info_text], `book ${id} info_text`),
        info_url: str(r[k.info_url], `book ${id} info_url`),
        path: str(r[k.path], `book ${id} path`),
        order: [weight, id],
      };
    })
    .sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1])
    .map(({ order: _, ...book }) => book);
  if (new Set(books.map((b) => b.id)).size !== books.length) throw new Error('extrabiblical dump: book_key ids repeat');
  return books;
}

/** The `books` table (verse segments) in file order; each must name a book of `book_key`. */
function readRows(table: SqlTable, bookIds: Set<number>): ExtraRow[] {
  const v = columnsOf(table, 'books', ['b', 'c', 'cs', 'v', 'vs', 't']);
  return table.rows.map((r, i) => {
    const row = {
      b: int(r[v.b], `books row ${i + 1} b`),
      c: int(r[v.c], `books row ${i + 1} c`),
      cs: str(r[v.cs], `books row ${i + 1} cs`).trim(),
      v: int(r[v.v], `books row ${i + 1} v`),
      vs: str(r[v.vs], `books row ${i + 1} vs`).trim(),
      t: str(r[v.t], `books row ${i + 1} t`),
    };
    if (!bookIds.has(row.b))
      throw new Error(`extrabiblical dump: books row ${i + 1} names book ${row.b}, which book_key lacks`);
    return row;
  });
}

/**
 * Sirach 17:2–20:9 is in the dump twice; the first copy ends in a corrupt row, so each Sirach key keeps
 * its last occurrence. Elsewhere a repeated key is an alternative text (1 and 3 Enoch recensions, the
 * two prologues of 3 Baruch, mis-numbered verses) and every segment stays, in file order.
 */
function dropFirstSirachCopy(all: ExtraRow[]): { kept: ExtraRow[]; dropped: number } {
  const lastSirach = new Map<string, number>();
  all.forEach((r, i) => {
    if (r.b === SIRACH) lastSirach.set(`${r.cs}:${r.vs}`, i);
  });
  const kept = all.filter((r, i) => r.b !== SIRACH || lastSirach.get(`${r.cs}:${r.vs}`) === i);
  return { kept, dropped: all.length - kept.length };
}

/** Cleans every row's text in place (cleanVerseText) and counts what each fix changed. */
function cleanTexts(rows: ExtraRow[]): { lineBreaks: number; rules: number; controls: number } {
  const counts = { lineBreaks: 0, rules: 0, controls: 0 };
  for (const row of rows) {
    if (/\n\s*\S/.test(row.t.trimEnd())) counts.lineBreaks++;
    if (/(^|\n)[ \t]*-{3,}[ \t]*(\n|$)/.test(row.t)) counts.rules++;
    if (/[\u0080-\u009f]/.test(row.t)) counts.controls++;
    row.t = cleanVerseText(row.t);
    if (!row.t) throw new Error(`extrabiblical dump: book ${row.b} ${row.cs}:${row.vs} has no text`);
  }
  return counts;
}

/**
 * The file is not in (book, chapter) order in 32 places; a stable sort by book and chapter keeps the
 * file order inside each chapter, which is the order of the printed translation's segments.
 */
function inBookAndChapterOrder(rows: ExtraRow[], books: ExtraBook[]): ExtraRow[] {
  const position = new Map(books.map((b, i) => [Number(b.id), i]));
  return rows
    .map((r, i) => ({ r, i }))
    .sort((x, y) => position.get(x.r.b)! - position.get(y.r.b)! || x.r.c - y.r.c || x.i - y.i)
    .map(({ r }) => r);
}

/** How many (book, chapter label, verse label) keys carry more than one segment. */
function alternativeKeys(rows: ExtraRow[]): number {
  const keys = new Map<string, number>();
  for (const r of rows) keys.set(`${r.b}:${r.cs}:${r.vs}`, (keys.get(`${r.b}:${r.cs}:${r.vs}`) ?? 0) + 1);
  return [...keys.values()].filter((n) => n > 1).length;
}
