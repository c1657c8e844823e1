// Readers for the small curated study lists (corpus curated/): parables, the 351 prophecies, BSB section
// headings (stories), book information and genres (Theographic, CC BY-SA 4.0), and the WEB's words of
// Jesus. Each is a TSV or JSON file whose layout is described in the corpus provenance (curated.md).
import { readFileSync } from 'node:fs';
import { bookByOsis, bookByUsfm } from '../../sources/books.ts';
import type { KjvGrid } from './kjv-grid.ts';
import { composeVerseId } from '../../engine/core/ids.ts';
import type { GenreRun, ProphecyRow } from '../../engine/core/pack/schemas.ts';

export type { GenreRun, ProphecyRow };

/** TSV rows as objects keyed by the header (curated TSVs are never quoted). */
export function readTsv(path: string): Record<string, string>[] {
  const [header, ...lines] = readFileSync(path, 'utf8')
    .replace(/\r/g, '')
    .split('\n')
    .filter((l) => l !== '');
  const names = header.split('\t');
  return lines.map((line) => {
    const cells = line.split('\t');
    return Object.fromEntries(names.map((n, i) => [n, cells[i] ?? '']));
  });
}

export function readParables(path: string): Record<string, string[]> {
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, string[]>;
}

/** "Gal.4.4-Gal.4.5 Matt.1.18 Ps.88" -> verse ids (a bare chapter is every verse of it). */
export function osisVerseIds(refs: string, grid: KjvGrid): number[] {
  const ids: number[] = [];
  for (const ref of refs.split(/\s+/).filter(Boolean)) {
    const [from, to = from] = ref.split('-');
    const parse = (r: string, end: boolean) => {
      const [osis, c, v] = r.split('.');
      const book = bookByOsis.get(osis);
      if (!book) throw new Error(`unknown OSIS book in ${ref}`);
      const chapter = Number(c);
      const verse = v ? Number(v) : end ? grid.versesIn(book.number, chapter) : 1;
      const ordinal = grid.ordinal(book.number, chapter, verse);
      if (ordinal < 0) throw new Error(`${ref} is not a KJV verse`);
      return ordinal;
    };
    for (let o = parse(from, false), last = parse(to, true); o <= last; o++) ids.push(grid.idAt(o));
  }
  return [...new Set(ids)];
}

export function readProphecies(tsvPath: string, osisPath: string, grid: KjvGrid): ProphecyRow[] {
  const osis = new Map(readTsv(osisPath).map((r) => [r.n, r]));
  return readTsv(tsvPath).map((r) => {
    const o = osis.get(r.n);
    if (!o) throw new Error(`${osisPath}: no row ${r.n}`);
    return {
      n: Number(r.n),
      ot: r.ot_refs.trim(),
      prophecy: r.prophecy.trim(),
      nt: r.nt_refs.trim(),
      otVerseIds: osisVerseIds(o.ot_osis, grid),
      ntVerseIds: osisVerseIds(o.nt_osis, grid),
    };
  });
}

export interface Section {
  book: number;
  start: number;
  end: number;
  title: string;
  related: string[];
}

/**
 * BSB section headings of one level (1 by default: the stories; 0 holds the five books of Psalms) with
 * KJV start and end verse ids. The BSB numbers a few verses the KJV
 * does not have (3 John 1:15): such an end is folded onto the chapter's last KJV verse.
 */
export function readSections(path: string, grid: KjvGrid, level = 1): { sections: Section[]; folded: string[] } {
  const folded: string[] = [];
  const sections: Section[] = [];
  for (const r of readTsv(path)) {
    if (r.level !== String(level)) continue;
    const book = bookByUsfm.get(r.book_code);
    if (!book) throw new Error(`${path}: unknown book ${r.book_code}`);
    const id = (cv: string) => {
      const [c, v] = cv.split(':').map(Number);
      const last = grid.versesIn(book.number, c);
      if (last === 0) throw new Error(`${path}: ${r.book_code} ${cv} is outside the KJV`);
      if (v > last) folded.push(`${r.book_code} ${cv} -> ${c}:${last}`);
      return composeVerseId(book.number, c, Math.min(v, last));
    };
    const related = r.related_refs
      .split(';')
      .map((s) => s.replace(/[–—]/g, '-').trim())
      .filter(Boolean);
    sections.push({ book: book.number, start: id(r.start), end: id(r.end), title: r.title.trim(), related });
  }
  return { sections, folded };
}

export interface BookInfoSource {
  book_order: number;
  usfm: string;
  name: string;
  traditional_writers: string[];
  theographic_year_written: string[];
  easton_entry: string;
  easton_text_items: string[];
  chapters: number;
}

export function readBookInfo(path: string): BookInfoSource[] {
  const books = JSON.parse(readFileSync(path, 'utf8')) as BookInfoSource[];
  if (books.length !== 66) throw new Error(`${path}: expected 66 books, found ${books.length}`);
  return books;
}

export function readGenres(rangesPath: string, booksPath: string) {
  const ranges = JSON.parse(readFileSync(rangesPath, 'utf8')) as {
    coarse_genre_runs: GenreRun[];
    theographic_bookDiv_runs: GenreRun[];
  };
  const books = readTsv(booksPath).map((r) => ({
    book: Number(r.book_order),
    coarse: r.coarse_genre,
    division: r.theographic_bookDiv,
  }));
  return { coarse: ranges.coarse_genre_runs, divisions: ranges.theographic_bookDiv_runs, books };
}

/** The WEB's red-letter verses (USFM \wj), as verse ids. */
export function readWebWordsOfJesus(path: string): number[] {
  return readTsv(path).map((r) => {
    const book = bookByUsfm.get(r.book_code);
    if (!book) throw new Error(`${path}: unknown book ${r.book_code}`);
    return composeVerseId(book.number, Number(r.chapter), Number(r.verse));
  });
}
