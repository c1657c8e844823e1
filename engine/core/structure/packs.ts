// Reading the structure packs: a translation's markup by position in its verse list (the text pack's
// order), decoded a book at a time, and the shared headings by verse id.
import type { PackOf } from '../pack/schema.ts';
import type { HEADINGS_PACK, STRUCTURE_PACK, StructurePackInfo } from '../pack/schemas.ts';
import { perPack } from '../pack/per-pack.ts';
import { decodeVerseMarkup, type HeadingRow, headingOfRow } from './codec.ts';
import type { HeadingBlock, VerseMarkup } from './model.ts';
import { type VerseSteps, verseSteps } from './reader.ts';
import { deepFreeze } from '../deep-freeze.ts';
import type { VerseRow } from '../verse-row.ts';
import { strictUtf8Decoder } from '../utf8.ts';

export interface TranslationStructure {
  readonly info: StructurePackInfo;
  /** the markup of the verse at this position of the translation's verse list (frozen: it is shared) */
  markupAt(position: number): VerseMarkup | undefined;
  /**
   * The layout steps of the verse at this position, whose record (the text pack's, at the same position)
   * is `row`: made once and kept while its book stays decoded, for as long as the text gives the same record.
   */
  stepsAt(position: number, row: VerseRow): VerseSteps;
}

/** How many books' decoded markup a translation keeps: a reader moving through a few books decodes each
 *  once, and a process reading all over the Bible does not hold the decoded markup of every book. */
export const DECODED_BOOKS_KEPT = 8;

/** A book's markup lines, decoded into markup and layout steps as its verses are read. */
interface DecodedBook {
  readonly lines: string[];
  readonly markup: (VerseMarkup | null | undefined)[];
  readonly steps: ({ row: VerseRow; steps: VerseSteps } | undefined)[];
}

// The engine's decoder: a host without TextDecoder (Hermes in React Native) gets the engine's own.
const decodeUtf8 = strictUtf8Decoder();

export const translationStructure = perPack((pack: PackOf<typeof STRUCTURE_PACK>): TranslationStructure => {
  const info = pack.json('info');
  const bookStarts = pack.u32('bookStarts');
  const blocks = pack.blocks('markup');
  // In the order last read, oldest first: a Map keeps insertion order, and a read moves its book to the end.
  const books = new Map<number, DecodedBook>();
  let lastIndex = -1;
  let last: DecodedBook | undefined;
  const bookAt = (bookIndex: number): DecodedBook => {
    if (bookIndex === lastIndex && last) return last;
    let book = books.get(bookIndex);
    if (book) {
      books.delete(bookIndex);
    } else {
      const lines = decodeUtf8(blocks.read(bookIndex)).split('\n');
      book = { lines, markup: new Array(lines.length), steps: new Array(lines.length) };
      if (books.size >= DECODED_BOOKS_KEPT) books.delete(books.keys().next().value!);
    }
    books.set(bookIndex, book);
    lastIndex = bookIndex;
    last = book;
    return book;
  };
  /** The index of the book whose verses hold the position: the last start at or before it (books without
   *  verses share their start with the next book). */
  const bookIndexOf = (position: number) => {
    let lo = 0;
    let hi = bookStarts.length - 2;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (bookStarts[mid] <= position) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const markupIn = (book: DecodedBook, local: number): VerseMarkup | undefined => {
    let markup = book.markup[local];
    if (markup === undefined) {
      const line = book.lines[local];
      markup = book.markup[local] = (line && deepFreeze(decodeVerseMarkup(line))) || null;
    }
    return markup ?? undefined;
  };
  return {
    info,
    markupAt(position) {
      const index = bookIndexOf(position);
      return markupIn(bookAt(index), position - bookStarts[index]);
    },
    stepsAt(position, row) {
      const index = bookIndexOf(position);
      const book = bookAt(index);
      const local = position - bookStarts[index];
      const kept = book.steps[local];
      // A record rebuilt by the text (its block decoded again) makes the steps again: they hold its words.
      if (kept?.row === row) return kept.steps;
      const markup = markupIn(book, local);
      const steps = verseSteps({
        id: Number(row.id),
        paddedId: row.id,
        number: row.v,
        text: row.t,
        ...(markup && { markup }),
      });
      book.steps[local] = { row, steps };
      return steps;
    },
  };
});

export interface Headings {
  /** the headings that stand before verses after `afterId` up to and including `id`, in order */
  between(afterId: number, id: number): HeadingBlock[];
}

export const headingsOf = perPack((pack: PackOf<typeof HEADINGS_PACK>): Headings => {
  const source = pack.json('source');
  const rows: HeadingRow[] = pack.json('headings');
  const firstAfter = (id: number) => {
    let lo = 0;
    let hi = rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (rows[mid][0] <= id) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return {
    between(afterId, id) {
      const out: HeadingBlock[] = [];
      for (let i = firstAfter(afterId); i < rows.length && rows[i][0] <= id; i++)
        out.push(headingOfRow(rows[i], source));
      return out;
    },
  };
});
