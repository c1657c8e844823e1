// A translation's text is stored word-coded in blocks of a run of chapters, each block's verses
// newline-separated (smaller than storing offsets): a block is decoded, and its verse starts found, when
// one of its verses is read. Decoded blocks sit in an array by block number, each stamped with the read
// that last used it, so a hit costs no map update and no allocation; a miss (which decodes a block
// anyway) drops the least recently read block by scanning the stamps.
import type { WordCodedBlocks } from '../pack/word-coding.ts';
import { strictUtf8Decoder } from '../utf8.ts';
import type { VerseRow } from '../verse-row.ts';

const BLOCK_HINT_SHIFT = 6;

const decodeUtf8 = strictUtf8Decoder();

export interface DecodedBlock {
  readonly first: number;
  readonly end: number;
  readonly text: string;
  readonly starts: Uint32Array;
  /** the verses' records, each built and frozen when first read while the block stays decoded */
  readonly rows: (VerseRow | undefined)[];
  lastRead: number;
}

/** What the block cache reads a translation's text from. */
export interface BlockSource {
  readonly blocks: WordCodedBlocks;
  /** the first verse position of each block, and the verse count after the last */
  readonly blockStarts: Uint32Array;
  readonly size: number;
  /** how many decoded blocks to keep */
  readonly blocksKept: number;
  /** the positions of the chapter holding a position (the first read decodes only that chapter) */
  chapterRange(index: number): [number, number];
  broken(why: string): Error;
}

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

/** The text of the verse at `local` within a decoded block. */
export const sliceOf = (entry: DecodedBlock, local: number): string =>
  entry.text.slice(entry.starts[local], entry.starts[local + 1] - 1);

/** Verses [first, end) of a block decoded: the whole block, or a part of it. */
function decodeBlock(source: BlockSource, block: number, first: number, end: number): DecodedBlock {
  const { blockStarts, broken } = source;
  const whole = first === blockStarts[block] && end === blockStarts[block + 1];
  const blockLines = blockStarts[block + 1] - blockStarts[block];
  const bytes = whole
    ? source.blocks.read(block)
    : source.blocks.readLines(block, first - blockStarts[block], end - first, blockLines);
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
}

/**
 * The block holding the first of each run of 64 positions: finding a position's block starts there and
 * steps past at most a block boundary or two (a block holds a chapter or more), where a binary search
 * over the block starts mispredicts a branch at nearly every step.
 */
function blockHints(source: BlockSource): Uint16Array {
  const { blockStarts, blocks } = source;
  const hints = new Uint16Array((source.size >> BLOCK_HINT_SHIFT) + 1);
  for (let k = 0, block = 0; k < hints.length; k++) {
    while (block < blocks.count - 1 && blockStarts[block + 1] <= k << BLOCK_HINT_SHIFT) block++;
    hints[k] = block;
  }
  return hints;
}

/** A reader of decoded blocks: the decoded block holding a verse position (a valid one), decoding it on a miss. */
export function decodedBlocks(source: BlockSource): (index: number) => DecodedBlock {
  const { blockStarts } = source;
  const hints = blockHints(source);
  const decoded: (DecodedBlock | undefined)[] = new Array(source.blocks.count).fill(undefined);
  let decodedCount = 0;
  let reads = 0;
  let last: DecodedBlock = { first: 0, end: 0, text: '', starts: new Uint32Array(1), rows: [], lastRead: 0 };
  const dropLeastRecentlyRead = () => {
    let oldest = -1;
    for (let b = 0; b < decoded.length; b++)
      if (decoded[b] && (oldest < 0 || decoded[b]!.lastRead < decoded[oldest]!.lastRead)) oldest = b;
    decoded[oldest] = undefined;
    decodedCount--;
  };
  /** A translation's first read decodes only its verse's chapter: the engine's decoder is then cold, and
   *  a whole block (some 200 verses) costs it milliseconds. A later read elsewhere in that block decodes
   *  the block whole in its place. */
  const fresh = (index: number, block: number): DecodedBlock => {
    if (decodedCount > 0) return decodeBlock(source, block, blockStarts[block], blockStarts[block + 1]);
    const [from, to] = source.chapterRange(index);
    return decodeBlock(source, block, Math.max(from, blockStarts[block]), Math.min(to, blockStarts[block + 1]));
  };
  return (index) => {
    if (index >= last.first && index < last.end) return last;
    let block = hints[index >> BLOCK_HINT_SHIFT];
    while (blockStarts[block + 1] <= index) block++;
    let entry = decoded[block];
    if (!entry || index < entry.first || index >= entry.end) {
      const read = fresh(index, block);
      if (!entry) {
        if (decodedCount >= source.blocksKept) dropLeastRecentlyRead();
        decodedCount++;
      }
      decoded[block] = entry = read;
    }
    entry.lastRead = ++reads;
    last = entry;
    return entry;
  };
}
