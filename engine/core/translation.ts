// A translation's text, as loaded from its pack: the verse list in canonical order and the verse text,
// stored word-coded in blocks of a run of chapters and decoded a block at a time when read (so the
// first verse costs a few chapters, not the whole Bible; a translation's very first, one chapter).
// Decoded blocks stay decoded.
// A translation mostly fills the KJV grid; `missing` names grid slots it leaves empty and `extra` the
// verses it has beyond the grid (own verse splits). The verse list's arithmetic is translation/verse-list.ts,
// the cache of decoded blocks translation/decoded-blocks.ts.
import { packUnusable } from './pack/reader.ts';
import type { PackOf } from './pack/schema.ts';
import type { TEXT_PACK } from './pack/schemas.ts';
import { bookOf, chapterOf, composeVerseId, padVerseId } from './ids.ts';
import type { Versification } from './versification.ts';
import { countWords } from './words.ts';
import { wordCodedBlocks } from './pack/word-coding.ts';
import { decodedBlocks, sliceOf } from './translation/decoded-blocks.ts';
import { verseListOf, type VerseList } from './translation/verse-list.ts';
import { verseRow, type VerseRow } from './verse-row.ts';
import type { TextPackInfo } from './pack/contents.ts';

export type { TextPackInfo } from './pack/contents.ts';
export { lineStarts } from './translation/decoded-blocks.ts';
export { lowerBound } from './translation/lower-bound.ts';

/** How many decoded blocks (about 32 KB of text each) a translation keeps: more than any translation has
 *  (the KJV has 155), so a block is decoded once per process however answers read. A cap below a
 *  translation's block count made every search answer spanning more blocks than the cap decode each of
 *  them again on every call (GetSearch "love" reads 77 KJV blocks: about 1 ms a block under load, 80 ms
 *  an answer against under 1 ms kept). A translation read through holds its decoded text, 4 to 8 MB, plus
 *  the records of the verses read; one read in a few places holds only the blocks it touched. */
export const DECODED_BLOCKS_KEPT = 256;

export interface TranslationData {
  readonly versionId: string;
  readonly info: TextPackInfo;
  /** verseIds in canonical order, built when first read (lookups by id and position do not need it) */
  readonly ids: Uint32Array;
  readonly size: number;
  /** position of a verseId in ids, or -1 */
  indexOf(verseId: number): number;
  textAt(index: number): string;
  /**
   * The verse record at a position, built once while its block stays decoded and shared by every answer
   * that holds it: frozen, so no caller can change what the next one gets.
   */
  rowAt(index: number): VerseRow;
  /** the first position whose verse id is verseId or after it (size when there is none) */
  firstAtOrAfter(verseId: number): number;
  /** [first, end) positions of the verses of a chapter (empty range when the chapter has none) */
  chapterRange(book: number, chapter: number): [number, number];
  bookRange(book: number): [number, number];
  /** word count per verse position, computed on first use */
  wordCounts(): Uint16Array;
}

/** A row of a translation in its own numbering, with the KJV verse id it stands for (null for none). */
function withKjvId(row: VerseRow, kjvIdOf: (ownId: number) => number): VerseRow {
  const kjv = kjvIdOf(Number(row.id));
  return { ...row, kjvId: kjv ? padVerseId(kjv) : null } as VerseRow;
}

export function loadTranslation(
  pack: PackOf<typeof TEXT_PACK>,
  versification: Versification,
  blocksKept: number = DECODED_BLOCKS_KEPT,
  /** for a translation in its own numbering (an imported one): the KJV verse id each of its verses
   *  stands for (0 for none), which its rows carry as `kjvId` */
  kjvIdOf?: (ownId: number) => number,
): TranslationData {
  const info = pack.json('info');
  const broken = (why: string) => packUnusable(pack.name, why);
  const blocks = wordCodedBlocks(pack, broken);
  const verses = verseListOf(versification, info.missing, info.extra);
  if (!verses) throw broken('its verse list does not match its info');
  const blockStarts = pack.u32('blockStarts');
  if (!blocksMatch(blockStarts, blocks.count, verses.size)) throw broken('its text blocks do not match its verse list');
  const blockOf = decodedBlocks({
    blocks,
    blockStarts,
    size: verses.size,
    blocksKept,
    chapterRange: (index) => chapterRangeAt(verses, index),
    broken,
  });
  const textAt = (index: number): string => {
    const entry = blockOf(index);
    return sliceOf(entry, index - entry.first);
  };
  const rowAt = (index: number): VerseRow => {
    const entry = blockOf(index);
    const local = index - entry.first;
    return (entry.rows[local] ??= Object.freeze(
      kjvIdOf
        ? withKjvId(verseRow(verses.idAt(index), sliceOf(entry, local)), kjvIdOf)
        : verseRow(verses.idAt(index), sliceOf(entry, local)),
    ));
  };
  return {
    versionId: info.versionId,
    info,
    get ids() {
      return verses.ids();
    },
    size: verses.size,
    indexOf: verses.indexOf,
    textAt,
    rowAt,
    firstAtOrAfter: verses.firstAtOrAfter,
    chapterRange: (book, chapter) =>
      verses.range(composeVerseId(book, chapter, 0), composeVerseId(book, chapter + 1, 0)),
    bookRange: (book) => verses.range(composeVerseId(book, 0, 0), composeVerseId(book + 1, 0, 0)),
    wordCounts: wordCounter(verses.size, textAt),
  };
}

/** Whether the block starts run from 0 to the verse count, one a block and rising. */
function blocksMatch(blockStarts: Uint32Array, blockCount: number, size: number): boolean {
  const ascending = blockStarts.every((start, i) => i === 0 || start > blockStarts[i - 1]);
  return blockStarts.length === blockCount + 1 && blockStarts[0] === 0 && blockStarts[blockCount] === size && ascending;
}

/** The positions of the chapter holding position `index`. */
function chapterRangeAt(verses: VerseList, index: number): [number, number] {
  const id = verses.idAt(index);
  return verses.range(composeVerseId(bookOf(id), chapterOf(id), 0), composeVerseId(bookOf(id), chapterOf(id) + 1, 0));
}

/** Word count per verse position, counted on first use. */
function wordCounter(size: number, textAt: (index: number) => string): () => Uint16Array {
  let counts: Uint16Array | null = null;
  return () => {
    if (!counts) {
      // Kept only once every verse is counted: a block that fails its check part way through must
      // fail the next call too, not leave zeros that later answers read as counts.
      const counted = new Uint16Array(size);
      for (let i = 0; i < size; i++) counted[i] = countWords(textAt(i));
      counts = counted;
    }
    return counts;
  };
}
