// Building one verse's clean text and its markup offsets as a reader walks the source, and gathering the
// verses, books and warnings of a whole import. Whitespace is collapsed as text arrives, so every offset
// is taken in the final text: a space waits ("pending") until a word follows it, and a trailing one is
// never written.
import { invalid } from '../../core/errors.ts';
import type { HeadingBlock, NoteBlock, NoteItem, TitleBlock, VerseMarkup } from '../../core/structure/model.ts';
import type { ImportedBook, ImportedText, ImportedVerse, ImportFormat, ImportWarning } from '../types.ts';

export type SpanStyle = 'wj' | 'add' | 'nd' | 'title';
export type BreakBlock = 'paragraph' | 'poetry';
export type StandaloneBlock = HeadingBlock | TitleBlock | NoteBlock;

const WORD_START = /[\p{L}\p{N}]/u;
const WHITESPACE = /[\s\u00a0\u2028\u2029]+/g;
// Pilcrows mark paragraphs in some printings (KJV 1611); the text never keeps them.
const PILCROW = /\u00b6/g;
// Control characters other than whitespace (BEL, ESC, NUL, DEL ...) are never text: a careless or
// hostile file's terminal codes must not reach an answer.
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f]/g;
const NEEDS_CLEANING = /[^\S ]| {2}|\u00b6|[\u0000-\u0008\u000e-\u001f\u007f]/;
/** Punctuation that closes on the word before it: no space goes before it where a note was removed. */
const CLOSING_PUNCTUATION = /^[,.;:!?)\]}\u2019\u201d\u00bb]/;

/** Collapses whitespace and drops pilcrows and control characters: the clean form of a run of text. */
export function cleanRun(text: string): string {
  // Most runs are words with single spaces: leave those as they are.
  if (!NEEDS_CLEANING.test(text)) return text;
  return text.replace(CONTROL, '').replace(PILCROW, ' ').replace(WHITESPACE, ' ');
}

export class VerseBuilder {
  private text = '';
  private pendingSpace = false;
  private softSpace = false;
  private readonly open = new Map<SpanStyle, { from: number; kind?: TitleBlock['kind'] }>();
  private readonly markup: Required<VerseMarkup> = { breaks: [], blocks: [], notes: [], spans: [] };

  /** where the next word will start */
  private next(): number {
    return this.text.length + (this.pendingSpace && this.text.length > 0 ? 1 : 0);
  }

  get length(): number {
    return this.text.length;
  }

  append(raw: string): void {
    const run = cleanRun(raw);
    if (run === '') return;
    let start = 0;
    if (run[0] === ' ') {
      this.pendingSpace = true;
      start = 1;
    }
    let end = run.length;
    let trailing = false;
    if (end > start && run[end - 1] === ' ') {
      trailing = true;
      end--;
    }
    if (end > start) {
      // A note standing between two words in place of their space (Darby's "For<note/>God").
      if (this.softSpace && start === 0 && WORD_START.test(run[0])) this.pendingSpace = true;
      // A note removed between a word and its punctuation ("out <note/>, but") leaves no space behind.
      if (this.softSpace && CLOSING_PUNCTUATION.test(run.slice(start))) this.pendingSpace = false;
      this.softSpace = false;
      if (this.pendingSpace && this.text.length > 0) this.text += ' ';
      this.text += run.slice(start, end);
      this.pendingSpace = trailing;
    }
  }

  /** A word boundary that the source marks by layout only (a line break inside a verse). */
  space(): void {
    this.pendingSpace = true;
  }

  /**
   * A word boundary only if a word follows at once (after a note marker); punctuation stays attached,
   * even to a word the note stood after.
   */
  softBoundary(): void {
    this.softSpace = true;
  }

  openSpan(style: SpanStyle, kind?: TitleBlock['kind']): void {
    if (!this.open.has(style)) this.open.set(style, { from: this.next(), kind });
  }

  closeSpan(style: SpanStyle): void {
    const span = this.open.get(style);
    if (!span) return;
    this.open.delete(style);
    const to = this.text.length;
    const from = Math.min(span.from, to);
    if (to > from) {
      this.markup.spans.push(span.kind ? { from, to, style, kind: span.kind } : { from, to, style });
    }
  }

  openStyles(): SpanStyle[] {
    return [...this.open.keys()];
  }

  note(note: NoteItem): void {
    this.markup.notes.push({ at: this.text.length, note });
  }

  paragraph(block: BreakBlock, level?: number): void {
    // A new paragraph or line separates words even where the source has no space between them.
    this.pendingSpace = true;
    const at = this.next();
    this.markup.breaks.push(level === undefined ? { at, block } : { at, block, level });
  }

  block(block: StandaloneBlock): void {
    this.markup.blocks.push({ at: this.next(), block });
  }

  /** The verse's text and markup, every offset clamped into the text; undefined markup when there is none. */
  finish(): { text: string; markup?: VerseMarkup } {
    for (const style of [...this.open.keys()]) this.closeSpan(style);
    const text = this.text;
    const clamp = (at: number) => Math.min(at, text.length);
    const markup: VerseMarkup = {};
    const { breaks, blocks, notes, spans } = this.markup;
    // A break at the verse's end says nothing: the next verse starts its own block.
    const ownBreaks = breaks.map((b) => ({ ...b, at: clamp(b.at) })).filter((b) => b.at < text.length || b.at === 0);
    const uniqueBreaks = ownBreaks.filter((b, i) => i === 0 || b.at !== ownBreaks[i - 1].at);
    if (uniqueBreaks.length > 0) markup.breaks = uniqueBreaks;
    if (blocks.length > 0) markup.blocks = blocks.map((b) => ({ ...b, at: clamp(b.at) }));
    if (notes.length > 0) markup.notes = notes;
    if (spans.length > 0) markup.spans = [...spans].sort((a, b) => a.from - b.from || a.to - b.to);
    return Object.keys(markup).length > 0 ? { text, markup } : { text };
  }
}

export const MAX_NUMBER = 999;

interface VerseKey {
  book: number;
  chapter: number;
  verse: number;
}

/** Gathers what a reader finds: books (with names), verses (first of duplicates kept), warnings, unknown markers. */
export class ImportCollector {
  readonly books = new Map<number, ImportedBook>();
  readonly verses: ImportedVerse[] = [];
  readonly warnings: ImportWarning[] = [];
  readonly unknownMarkers: Record<string, number> = {};
  readonly metadata: ImportedText['metadata'] = {};
  private readonly seen = new Set<number>();
  /** the last verse id read in each book: order is judged within a book, as files (a folder's names, a
   *  zip's entries) may come in any order of books, which the import sorts into the canon's */
  private readonly lastInBook = new Map<number, number>();
  private readonly skippedBooks = new Set<string>();
  /** verses a printed range ("14-15") holds beyond its first, with the range's name */
  private readonly inRange = new Map<number, string>();

  constructor(readonly format: ImportFormat) {}

  warn(file: string, place: string, message: string): void {
    this.warnings.push({ file, place, message });
  }

  unknown(marker: string): void {
    this.unknownMarkers[marker] = (this.unknownMarkers[marker] ?? 0) + 1;
  }

  /** Warns once per file and code for a book outside the 66 (it is skipped). */
  skipBook(file: string, place: string, code: string): void {
    const key = `${file}\u0000${code}`;
    if (this.skippedBooks.has(key)) return;
    this.skippedBooks.add(key);
    this.warn(file, place, `book ${code} is not one of the 66 books: skipped`);
  }

  book(number: number, code: string): ImportedBook {
    let book = this.books.get(number);
    if (!book) {
      book = { book: number, code, names: {} };
      this.books.set(number, book);
    }
    return book;
  }

  /** Refuses a chapter or verse number beyond 999 (or below 1), naming the place. */
  checkNumber(file: string, place: string, what: 'chapter' | 'verse', value: number): void {
    if (!Number.isInteger(value) || value < 1 || value > MAX_NUMBER) {
      throw invalid(
        'source',
        `${file} ${place}: ${what} ${value} is not read (chapters and verses run 1..${MAX_NUMBER})`,
      );
    }
  }

  /**
   * The number a chapter or verse marker gives ("3", "3a", "14-15" give 3, 3, 14), or undefined with a
   * warning naming the place when it has none: that chapter or verse is left out, the file is read on.
   * A number out of range is refused as `checkNumber` does.
   */
  numberOf(file: string, place: string, what: 'chapter' | 'verse', raw: string | undefined): number | undefined {
    const label = (raw ?? '').trim();
    const digits = /^\d+/.exec(label)?.[0];
    if (digits === undefined) {
      this.warn(file, place, `${what} "${label}" is not a number: left out`);
      return undefined;
    }
    const n = Number(digits);
    this.checkNumber(file, place, what, n);
    return n;
  }

  /** Adds a verse; a duplicate keeps the first, an empty verse is dropped, both with a warning. */
  verse(
    file: string,
    place: string,
    key: VerseKey,
    built: { text: string; markup?: ImportedVerse['markup'] },
    label?: string,
  ): void {
    const id = key.book * 1_000_000 + key.chapter * 1_000 + key.verse;
    const name = `${this.books.get(key.book)?.code ?? key.book} ${key.chapter}:${key.verse}`;
    if (this.seen.has(id)) {
      this.warn(file, place, `${name} comes twice: the first is kept`);
      return;
    }
    const range = this.inRange.get(id);
    if (range) this.warn(file, place, `${name} comes after the verse range ${range} that holds it`);
    if (label !== undefined) this.noteRange(file, place, key, name, label);
    if (built.text === '') {
      this.warn(file, place, `${name} has no text: left out`);
      return;
    }
    const last = this.lastInBook.get(key.book) ?? 0;
    if (id < last) this.warn(file, place, `${name} comes after a later verse`);
    else this.lastInBook.set(key.book, id);
    this.seen.add(id);
    const verse: ImportedVerse = { book: key.book, chapter: key.chapter, verse: key.verse, text: built.text };
    if (built.markup) verse.markup = built.markup;
    if (label !== undefined && label !== String(key.verse)) verse.label = label;
    this.verses.push(verse);
  }

  /** Records the verses a range label ("14-15") holds; a range that runs backwards ("17-16") is warned. */
  private noteRange(file: string, place: string, key: VerseKey, name: string, label: string): void {
    const match = /^(\d+)[a-z]?\s*[-\u2013]\s*(\d+)[a-z]?$/.exec(label);
    if (!match) return;
    const last = Number(match[2]);
    if (last < key.verse) {
      this.warn(file, place, `${name} is printed as the range ${label}, which runs backwards`);
      return;
    }
    const base = key.book * 1_000_000 + key.chapter * 1_000;
    const range = `${this.books.get(key.book)?.code ?? key.book} ${key.chapter}:${label}`;
    for (let v = key.verse + 1; v <= Math.min(last, MAX_NUMBER); v++) this.inRange.set(base + v, range);
  }

  result(): ImportedText {
    // A book named in the file but with no verse read (all skipped or empty) is not imported.
    const withVerses = new Set(this.verses.map((v) => v.book));
    const books = [...this.books.values()].filter((b) => withVerses.has(b.book));
    for (const { names } of books) if (names.header === names.short) delete names.header;
    return {
      format: this.format,
      metadata: this.metadata,
      books: books.sort((a, b) => a.book - b.book),
      verses: this.verses,
      warnings: this.warnings,
      unknownMarkers: this.unknownMarkers,
    };
  }
}
