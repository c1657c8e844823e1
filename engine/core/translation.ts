// A translation's text, as loaded from its pack: the verse list in canonical order and the verse text,
// stored word-coded in blocks of a run of chapters and decoded a block at a time when read (so the
// first verse costs a few chapters, not the whole Bible; a translation's very first, one chapter).
// Decoded blocks stay decoded.
// A translation mostly fills the KJV grid; `missing` names grid slots it leaves empty and `extra` the
// verses it has beyond the grid (own verse splits).
import { packUnusable } from './pack/reader.ts';
import type { PackOf } from './pack/schema.ts';
import type { TEXT_PACK } from './pack/schemas.ts';
import { strictUtf8Decoder } from './utf8.ts';
import { bookOf, chapterOf, composeVerseId, verseOf } from './ids.ts';
import type { Versification } from './versification.ts';
import { countWords } from './words.ts';
import { wordCodedBlocks } from './pack/word-coding.ts';
import type { TextPackInfo } from './pack/contents.ts';
import { verseRow, type VerseRow } from './verse-row.ts';

export type { TextPackInfo } from './pack/contents.ts';

/** How many decoded blocks (about 32 KB of text each) a translation keeps: more than any translation has
 *  (the KJV has 155), so a block is decoded once per process however answers read. A cap below a
 *  translation's block count made every search answer spanning more blocks than the cap decode each of
 *  them again on every call (GetSearch "love" reads 77 KJV blocks: about 1 ms a block under load, 80 ms
 *  an answer against under 1 ms kept). A translation read through holds its decoded text, 4 to 8 MB, plus
 *  the records of the verses read; one read in a few places holds only the blocks it touched. */
export const DECODED_BLOCKS_KEPT = 256;

const BLOCK_HINT_SHIFT = 6;

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

/** First position in a sorted array (or in its [from, to) part) whose value is >= target. */
export function lowerBound<T extends number | string>(
  sorted: ArrayLike<T>,
  target: T,
  from = 0,
  to: number = sorted.length,
): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const decodeUtf8 = strictUtf8Decoder();

/**
 * Where each of `count` newline-separated lines starts, plus a final entry one past the last line's
 * newline (so line i is text.slice(starts[i], starts[i + 1] - 1)); null when the text does not hold
 * exactly `count` lines (a trailing newline is allowed).
 */
export function lineStarts(text: string, count: number): Uint32Array | null {
  const starts = new Uint32Array(count + 1);
  let at = 0;
  for (let i = 0; i < count; i++) {
    starts[i] = at;
    const end = text.indexOf('\n', at);
    // Only the last line may run to the text's end: a text that runs out before it holds fewer lines,
    // and its missing verses would otherwise read as empty.
    if (end === -1 && i < count - 1) return null;
    at = end === -1 ? text.length + 1 : end + 1;
  }
  if (at !== text.length + 1 && at !== text.length) return null;
  starts[count] = at;
  return starts;
}

export function loadTranslation(
  pack: PackOf<typeof TEXT_PACK>,
  versification: Versification,
  blocksKept: number = DECODED_BLOCKS_KEPT,
): TranslationData {
  const info = pack.json('info');
  const broken = (why: string) => packUnusable(pack.name, why);
  const blocks = wordCodedBlocks(pack, broken);

  // A translation's verse list is the KJV grid less `missing` plus `extra`, so a verse's position is
  // arithmetic: the grid verses before it, less the missing ones before it, plus the extra ones before
  // it. Nothing is built per verse on open, so a first verse costs no pass over some 31,000 verses; the
  // list itself is built only when an answer walks it.
  const missingIds = [...info.missing].sort((a, b) => a - b);
  const extraIds = [...info.extra].sort((a, b) => a - b);
  const missing = new Set(missingIds);
  const extra = new Set(extraIds);
  const ordinalOf = (id: number) => versification.ordinalOf(bookOf(id), chapterOf(id), verseOf(id));
  const inGrid = (id: number) => ordinalOf(id) >= 0;
  if (
    missing.size !== missingIds.length ||
    extra.size !== extraIds.length ||
    !missingIds.every(inGrid) ||
    !extraIds.every((id) => Number.isInteger(id) && id > 0 && !inGrid(id))
  )
    throw broken('its verse list does not match its info');
  const size = versification.verseCount - missingIds.length + extraIds.length;
  const blockStarts = pack.u32('blockStarts');
  const ascending = blockStarts.every((start, i) => i === 0 || start > blockStarts[i - 1]);
  if (
    blockStarts.length !== blocks.count + 1 ||
    blockStarts[0] !== 0 ||
    blockStarts[blocks.count] !== size ||
    !ascending
  )
    throw broken('its text blocks do not match its verse list');

  const grid = versification.chapterVerses;
  const { bookStart, chapterStart, bookFirstChapter } = versification;
  /** How many verses of the KJV grid come before verseId (which need not be in the grid). */
  const gridBefore = (verseId: number): number => {
    const book = bookOf(verseId);
    if (book < 1) return 0;
    if (book > grid.length) return versification.verseCount;
    const chapters = grid[book - 1];
    const chapter = chapterOf(verseId);
    if (chapter < 1) return bookStart[book - 1];
    if (chapter > chapters.length) return bookStart[book];
    const before = Math.min(Math.max(verseOf(verseId) - 1, 0), chapters[chapter - 1]);
    return chapterStart[bookFirstChapter[book - 1] + chapter - 1] + before;
  };
  const firstAtOrAfter = (verseId: number): number =>
    gridBefore(verseId) - lowerBound(missingIds, verseId) + lowerBound(extraIds, verseId);
  const range = (from: number, to: number): [number, number] => [firstAtOrAfter(from), firstAtOrAfter(to)];

  /** The ids of the verses whose ids fall in [fromId, toId), in order: the grid walked book by book and
   *  chapter by chapter (not idOf per ordinal), less the missing verses, with the extra ones merged in. */
  const idsBetween = (fromId: number, toId: number): Uint32Array => {
    const list = new Uint32Array(firstAtOrAfter(toId) - firstAtOrAfter(fromId));
    let n = 0;
    let e = lowerBound(extraIds, fromId);
    const lastBook = Math.min(bookOf(toId - 1), grid.length);
    for (let b = Math.max(bookOf(fromId), 1) - 1; b < lastBook; b++) {
      for (let c = 0; c < grid[b].length; c++) {
        const chapterId = composeVerseId(b + 1, c + 1, 0);
        for (let v = 1; v <= grid[b][c]; v++) {
          const id = chapterId + v;
          if (id < fromId || id >= toId) continue;
          while (e < extraIds.length && extraIds[e] < id) list[n++] = extraIds[e++];
          if (missing.size && missing.has(id)) continue;
          list[n++] = id;
        }
      }
    }
    while (e < extraIds.length && extraIds[e] < toId) list[n++] = extraIds[e++];
    return list;
  };
  let ids: Uint32Array | undefined;
  const verseIds = (): Uint32Array => (ids ??= idsBetween(0, Number.POSITIVE_INFINITY));

  // A verse's id from its position, for its record, without the whole list: each book's ids are listed
  // when one of its verses is first read.
  const bookFirst = new Uint32Array(grid.length + 2);
  for (let book = 1; book <= grid.length + 1; book++) bookFirst[book] = firstAtOrAfter(composeVerseId(book, 0, 0));
  const idsOfBook: (Uint32Array | undefined)[] = [];
  // A translation that fills the grid exactly (the KJV and most others) has the grid's ids.
  const gridIds = missingIds.length === 0 && extraIds.length === 0;
  const idAt = (index: number): number => {
    if (gridIds) return versification.idOf(index);
    if (ids || index < bookFirst[1] || index >= bookFirst[grid.length + 1]) return verseIds()[index];
    const book = lowerBound(bookFirst, index + 1, 1, grid.length + 1) - 1;
    const bookIds = (idsOfBook[book] ??= idsBetween(composeVerseId(book, 0, 0), composeVerseId(book + 1, 0, 0)));
    return bookIds[index - bookFirst[book]];
  };

  // The block holding the first of each run of 64 positions: finding a position's block starts there
  // and steps past at most a block boundary or two (a block holds a chapter or more), where a binary
  // search over the block starts mispredicts a branch at nearly every step.
  const blockHint = new Uint16Array((size >> BLOCK_HINT_SHIFT) + 1);
  for (let k = 0, block = 0; k < blockHint.length; k++) {
    while (block < blocks.count - 1 && blockStarts[block + 1] <= k << BLOCK_HINT_SHIFT) block++;
    blockHint[k] = block;
  }

  // A block's verses are newline-separated (smaller than storing offsets): decode a block and find its
  // verse starts when one of its verses is read. Decoded blocks sit in an array by block number, each
  // stamped with the read that last used it, so a hit costs no map update and no allocation; a miss
  // (which decodes a block anyway) drops the least recently read block by scanning the stamps.
  interface DecodedBlock {
    readonly first: number;
    readonly end: number;
    readonly text: string;
    readonly starts: Uint32Array;
    /** the verses' records, each built and frozen when first read while the block stays decoded */
    readonly rows: (VerseRow | undefined)[];
    lastRead: number;
  }
  const decoded: (DecodedBlock | undefined)[] = new Array(blocks.count).fill(undefined);
  let decodedCount = 0;
  let reads = 0;
  /** Verses [first, end) of a block decoded: the whole block, or a part of it. */
  const loadBlock = (block: number, first = blockStarts[block], end = blockStarts[block + 1]): DecodedBlock => {
    const whole = first === blockStarts[block] && end === blockStarts[block + 1];
    const blockLines = blockStarts[block + 1] - blockStarts[block];
    const bytes = whole
      ? blocks.read(block)
      : blocks.readLines(block, first - blockStarts[block], end - first, blockLines);
    // A part's codes are walked to the block's end: a damaged block fails the same way whether a first
    // read decodes part of it or the whole.
    if (!bytes) throw broken(`the text of block ${block} does not match its verse list`);
    let text: string;
    try {
      text = decodeUtf8(bytes);
    } catch {
      throw broken(`the text of block ${block} is not valid UTF-8`);
    }
    const starts = lineStarts(text, end - first);
    if (!starts) throw broken(`the text of block ${block} does not match its verse list`);
    return { first, end, text, starts, rows: new Array(end - first).fill(undefined), lastRead: 0 };
  };
  /** The positions of the chapter holding position `index`, within its block. */
  const chapterInBlock = (index: number, block: number): [number, number] => {
    const id = idAt(index);
    const [from, to] = range(
      composeVerseId(bookOf(id), chapterOf(id), 0),
      composeVerseId(bookOf(id), chapterOf(id) + 1, 0),
    );
    return [Math.max(from, blockStarts[block]), Math.min(to, blockStarts[block + 1])];
  };
  const dropLeastRecentlyRead = () => {
    let oldest = -1;
    for (let b = 0; b < decoded.length; b++)
      if (decoded[b] && (oldest < 0 || decoded[b]!.lastRead < decoded[oldest]!.lastRead)) oldest = b;
    decoded[oldest] = undefined;
    decodedCount--;
  };
  let last: DecodedBlock = {
    first: 0,
    end: 0,
    text: '',
    starts: new Uint32Array(1),
    rows: [],
    lastRead: 0,
  };
  /** The decoded block holding verse position `index` (a valid position), decoding it on a miss. */
  const blockOf = (index: number): DecodedBlock => {
    if (index >= last.first && index < last.end) return last;
    let block = blockHint[index >> BLOCK_HINT_SHIFT];
    while (blockStarts[block + 1] <= index) block++;
    let entry = decoded[block];
    if (!entry || index < entry.first || index >= entry.end) {
      // A translation's first read decodes only its verse's chapter: the engine's decoder is then cold,
      // and a whole block (some 200 verses) costs it milliseconds. A later read elsewhere in that block
      // decodes the block whole in its place.
      const fresh = decodedCount === 0 ? loadBlock(block, ...chapterInBlock(index, block)) : loadBlock(block);
      if (!entry) {
        if (decodedCount >= blocksKept) dropLeastRecentlyRead();
        decodedCount++;
      }
      decoded[block] = entry = fresh;
    }
    entry.lastRead = ++reads;
    last = entry;
    return entry;
  };
  const sliceOf = (entry: DecodedBlock, local: number): string =>
    entry.text.slice(entry.starts[local], entry.starts[local + 1] - 1);
  const textAt = (index: number): string => {
    const entry = blockOf(index);
    return sliceOf(entry, index - entry.first);
  };
  const rowAt = (index: number): VerseRow => {
    const entry = blockOf(index);
    const local = index - entry.first;
    return (entry.rows[local] ??= Object.freeze(verseRow(idAt(index), sliceOf(entry, local))));
  };

  let counts: Uint16Array | null = null;
  return {
    versionId: info.versionId,
    info,
    get ids() {
      return verseIds();
    },
    size,
    indexOf(verseId) {
      const ordinal = ordinalOf(verseId);
      if (ordinal < 0) return extra.has(verseId) ? firstAtOrAfter(verseId) : -1;
      if (missing.size && missing.has(verseId)) return -1;
      return ordinal - lowerBound(missingIds, verseId) + lowerBound(extraIds, verseId);
    },
    textAt,
    rowAt,
    firstAtOrAfter,
    chapterRange: (book, chapter) => range(composeVerseId(book, chapter, 0), composeVerseId(book, chapter + 1, 0)),
    bookRange: (book) => range(composeVerseId(book, 0, 0), composeVerseId(book + 1, 0, 0)),
    wordCounts() {
      if (!counts) {
        // Kept only once every verse is counted: a block that fails its check part way through must
        // fail the next call too, not leave zeros that later answers read as counts.
        const counted = new Uint16Array(size);
        for (let i = 0; i < size; i++) counted[i] = countWords(textAt(i));
        counts = counted;
      }
      return counts;
    },
  };
}
