// The extrabiblical pack: 43 books outside the canon (1 Enoch, Jubilees, Jasher, …) from scrollmapper's
// MySQL dump, with the dump's known defects fixed (see readExtraBiblical and docs/extrabiblical.md).
import { readFileSync } from 'node:fs';
import { EXTRABIBLICAL } from '../../sources/catalog.ts';
import { decodeDump, parseMysqlDump, type SqlValue } from '../adapters/mysql-dump.ts';
import type { Builder } from './context.ts';
import { sectionsOf } from '../pack/writer.ts';
import { EXTRABIBLICAL_PACK } from '../../engine/core/pack/schemas.ts';

/** One book as the API lists it: every field a string. */
export interface ExtraBook { id: string; weight: string; name: string; info_text: string; info_url: string; path: string }

/** One verse segment: numbers for grouping, the source's own labels ("22b", "6a") for display. */
export interface ExtraRow { b: number; c: number; cs: string; v: number; vs: string; t: string }

export interface ExtraBiblical { books: ExtraBook[]; rows: ExtraRow[]; report: string[] }

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
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) throw new Error(`extrabiblical dump: ${what} is ${JSON.stringify(v)}, expected a whole number`);
  return v;
};

const column = (columns: string[], name: string, table: string): number => {
  const i = columns.indexOf(name);
  if (i < 0) throw new Error(`extrabiblical dump: table \`${table}\` has no column \`${name}\` (columns: ${columns.join(', ')})`);
  return i;
};

/** Reads the dump into books and rows, fixing its defects; `report` says what was fixed. */
export function readExtraBiblical(path: string): ExtraBiblical {
  const tables = parseMysqlDump(decodeDump(readFileSync(path)));
  const keyTable = tables.get('book_key');
  const verseTable = tables.get('books');
  if (!keyTable || !verseTable) throw new Error(`extrabiblical dump ${path} lacks the book_key or books table`);

  const k = Object.fromEntries(['id', 'weight', 'name', 'info_text', 'info_url', 'path'].map((n) => [n, column(keyTable.columns, n, 'book_key')]));
  const books = keyTable.rows.map((r, i): ExtraBook & { order: [number, number] } => {
    const id = int(r[k.id], `book_key row ${i + 1} id`);
    const weight = r[k.weight];
    if (typeof weight !== 'number') throw new Error(`extrabiblical dump: book ${id} has weight ${JSON.stringify(weight)}`);
    return {
      id: String(id), weight: String(weight), name: str(r[k.name], `book ${id} name`).trim(),
      info_text: str(r[k.info_text], `book ${id} info_text`), info_url: str(r[k.info_url], `book ${id} info_url`),
      path: str(r[k.path], `book ${id} path`), order: [weight, id],
    };
  }).sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1]).map(({ order: _, ...book }) => book);
  const bookIds = new Set(books.map((b) => Number(b.id)));
  if (bookIds.size !== books.length) throw new Error('extrabiblical dump: book_key ids repeat');

  const v = Object.fromEntries(['b', 'c', 'cs', 'v', 'vs', 't'].map((n) => [n, column(verseTable.columns, n, 'books')]));
  const all: ExtraRow[] = verseTable.rows.map((r, i) => {
    const row = { b: int(r[v.b], `books row ${i + 1} b`), c: int(r[v.c], `books row ${i + 1} c`), cs: str(r[v.cs], `books row ${i + 1} cs`).trim(),
      v: int(r[v.v], `books row ${i + 1} v`), vs: str(r[v.vs], `books row ${i + 1} vs`).trim(), t: str(r[v.t], `books row ${i + 1} t`) };
    if (!bookIds.has(row.b)) throw new Error(`extrabiblical dump: books row ${i + 1} names book ${row.b}, which book_key lacks`);
    return row;
  });

  // Sirach 17:2–20:9 is in the dump twice; the first copy ends in a corrupt row, so each Sirach key keeps
  // its last occurrence. Elsewhere a repeated key is an alternative text (1 and 3 Enoch recensions, the
  // two prologues of 3 Baruch, mis-numbered verses) and every segment stays, in file order.
  const lastSirach = new Map<string, number>();
  all.forEach((r, i) => { if (r.b === SIRACH) lastSirach.set(`${r.cs}:${r.vs}`, i); });
  const dropped = all.filter((r, i) => r.b === SIRACH && lastSirach.get(`${r.cs}:${r.vs}`) !== i).length;
  const kept = all.filter((r, i) => r.b !== SIRACH || lastSirach.get(`${r.cs}:${r.vs}`) === i);

  let lineBreaks = 0;
  let rules = 0;
  let controls = 0;
  for (const row of kept) {
    if (/\n\s*\S/.test(row.t.trimEnd())) lineBreaks++;
    if (/(^|\n)[ \t]*-{3,}[ \t]*(\n|$)/.test(row.t)) rules++;
    if (/[\u0080-\u009f]/.test(row.t)) controls++;
    row.t = cleanVerseText(row.t);
    if (!row.t) throw new Error(`extrabiblical dump: book ${row.b} ${row.cs}:${row.vs} has no text`);
  }

  // The file is not in (book, chapter) order in 32 places; a stable sort by book and chapter keeps the
  // file order inside each chapter, which is the order of the printed translation's segments.
  const position = new Map(books.map((b, i) => [Number(b.id), i]));
  const rows = kept.map((r, i) => ({ r, i }))
    .sort((x, y) => position.get(x.r.b)! - position.get(y.r.b)! || x.r.c - y.r.c || x.i - y.i)
    .map(({ r }) => r);

  const keys = new Map<string, number>();
  for (const r of rows) keys.set(`${r.b}:${r.cs}:${r.vs}`, (keys.get(`${r.b}:${r.cs}:${r.vs}`) ?? 0) + 1);
  const alternatives = [...keys.values()].filter((n) => n > 1).length;
  const report = [
    `${all.length} rows in the dump, ${books.length} books`,
    `dropped ${dropped} rows of the first copy of Sirach 17:2-20:9`,
    `kept ${alternatives} keys with alternative texts as separate segments`,
    `trimmed line breaks in ${lineBreaks} values (inner breaks), removed ${rules} "---" rules, replaced U+0091 in ${controls}`,
  ];
  return { books, rows, report };
}

export const extrabiblicalBuilder: Builder = {
  name: 'extrabiblical',
  build(ctx) {
    if (ctx.excluded(EXTRABIBLICAL.id)) return [];
    const { books, rows, report } = readExtraBiblical(ctx.resolve(EXTRABIBLICAL.path));
    for (const line of report) ctx.log(`  ${line}`);

    // Chapters of each book as [chapter, first row, row count]; rows of one chapter are contiguous.
    const chapters: Record<string, [number, number, number][]> = {};
    rows.forEach((r, i) => {
      const list = (chapters[r.b] ??= []);
      const last = list[list.length - 1];
      if (last && last[0] === r.c) last[2]++;
      else list.push([r.c, i, 1]);
    });
    // The source's own labels where they differ from the numbers ("22b", "6a"): sparse.
    const labels: Record<string, [string, string]> = {};
    rows.forEach((r, i) => { if (r.cs !== String(r.c) || r.vs !== String(r.v)) labels[i] = [r.cs, r.vs]; });

    const text: string[] = [];
    const ends: number[] = [];
    let at = 0;
    for (const r of rows) { text.push(r.t); at += r.t.length; ends.push(at); }
    return [{
      name: EXTRABIBLICAL_PACK.name,
      datasets: [EXTRABIBLICAL.id],
      sections: sectionsOf(EXTRABIBLICAL_PACK, {
        books,
        chapters,
        book: rows.map((r) => r.b),
        chapter: rows.map((r) => r.c),
        verse: rows.map((r) => r.v),
        labels,
        text: text.join(''),
        /** end of each row's text, in UTF-16 code units of the decoded text */
        textEnds: ends,
      }),
    }];
  },
};
