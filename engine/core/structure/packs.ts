// Reading the structure packs: a translation's markup by position in its verse list (the text pack's
// order), decoded a book at a time, and the shared headings by verse id.
import type { PackOf } from '../pack/schema.ts';
import type { HEADINGS_PACK, STRUCTURE_PACK, StructurePackInfo } from '../pack/schemas.ts';
import { perPack } from '../pack/per-pack.ts';
import { decodeVerseMarkup, type HeadingRow, headingOfRow } from './codec.ts';
import type { HeadingBlock, VerseMarkup } from './model.ts';

export interface TranslationStructure {
  readonly info: StructurePackInfo;
  /** the markup of the verse at this position of the translation's verse list */
  markupAt(position: number): VerseMarkup | undefined;
}

const utf8 = new TextDecoder();

export const translationStructure = perPack((pack: PackOf<typeof STRUCTURE_PACK>): TranslationStructure => {
  const info = pack.json('info');
  const bookStarts = pack.u32('bookStarts');
  const blocks = pack.blocks('markup');
  const books = new Map<number, string[]>();
  const linesOf = (bookIndex: number) => {
    let lines = books.get(bookIndex);
    if (!lines) {
      lines = utf8.decode(blocks.read(bookIndex)).split('\n');
      books.set(bookIndex, lines);
    }
    return lines;
  };
  return {
    info,
    markupAt(position) {
      // The book whose verses hold the position: the last start at or before it (books without verses
      // share their start with the next book).
      let lo = 0;
      let hi = bookStarts.length - 2;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (bookStarts[mid] <= position) lo = mid;
        else hi = mid - 1;
      }
      const line = linesOf(lo)[position - bookStarts[lo]];
      return line ? decodeVerseMarkup(line) : undefined;
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
