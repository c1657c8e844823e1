// A translation's text, as loaded from its pack: the verse list in canonical order and the verse text,
// stored word-coded in blocks of a run of chapters and decoded a block at a time when read (so the
// first verse costs a few chapters, not the whole Bible). Only the blocks read lately stay decoded.
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

export type { TextPackInfo } from './pack/contents.ts';

/** How many decoded blocks (about 32 KB of text each, of some 155) a translation keeps: enough for
 *  reading around and for a server's mix of chapters to mostly hit, few enough that a process reading
 *  every translation holds at most about 2 MB of decoded text per translation. A miss costs one block's
 *  decoding, a fraction of a millisecond. */
export const DECODED_BLOCKS_KEPT = 64;

export interface TranslationData {
  readonly versionId: string;
  readonly info: TextPackInfo;
  /** verseIds in canonical order */
  readonly ids: Uint32Array;
  readonly size: number;
  /** position of a verseId in ids, or -1 */
  indexOf(verseId: number): number;
  textAt(index: number): string;
  /** [first, end) positions of the verses of a chapter (empty range when the chapter has none) */
  chapterRange(book: number, chapter: number): [number, number];
  bookRange(book: number): [number, number];
  /** word count per verse position, computed on first use */
  wordCounts(): Uint16Array;
}

/** First position in a sorted array whose value is >= target. */
export function lowerBound<T extends number | string>(sorted: ArrayLike<T>, target: T): number {
  let lo = 0;
  let hi = sorted.length;
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
    at = end === -1 ? text.length + 1 : end + 1;
  }
  if (at !== text.length + 1 && at !== text.length) return null;
  starts[count] = at;
  return starts;
}

export function loadTranslation(pack: PackOf<typeof TEXT_PACK>, versification: Versification): TranslationData {
  const info = pack.json('info');
  const broken = (why: string) => packUnusable(pack.name, why);
  const blocks = wordCodedBlocks(pack, broken);
  const blockStarts = pack.u32('blockStarts');

  // Rebuild the verse list from the KJV grid and the pack's differences, noting each grid slot's
  // position as we go, so a lookup is two array reads; the few extra verses use a map.
  const missing = new Set(info.missing);
  const extra = [...info.extra].sort((a, b) => a - b);
  const ids = new Uint32Array(versification.verseCount - info.missing.length + extra.length);
  const positionByOrdinal = new Int32Array(versification.verseCount).fill(-1);
  const extraPosition = new Map<number, number>();
  let n = 0;
  let e = 0;
  // Book by book and chapter by chapter rather than idOf per ordinal: this runs on a translation's first
  // verse, once over some 31,000 verses.
  let ordinal = 0;
  const grid = versification.chapterVerses;
  for (let b = 0; b < grid.length; b++) {
    for (let c = 0; c < grid[b].length; c++) {
      const chapterId = composeVerseId(b + 1, c + 1, 0);
      for (let v = 1; v <= grid[b][c]; v++, ordinal++) {
        const id = chapterId + v;
        while (e < extra.length && extra[e] < id) {
          extraPosition.set(extra[e], n);
          ids[n++] = extra[e++];
        }
        if (missing.size && missing.has(id)) continue;
        positionByOrdinal[ordinal] = n;
        ids[n++] = id;
      }
    }
  }
  while (e < extra.length) {
    extraPosition.set(extra[e], n);
    ids[n++] = extra[e++];
  }
  if (n !== ids.length) throw broken('its verse list does not match its info');
  const ascending = blockStarts.every((start, i) => i === 0 || start > blockStarts[i - 1]);
  if (blockStarts.length !== blocks.count + 1 || blockStarts[0] !== 0 || blockStarts[blocks.count] !== n || !ascending)
    throw broken('its text blocks do not match its verse list');

  const range = (from: number, to: number): [number, number] => [lowerBound(ids, from), lowerBound(ids, to)];
  const bookFirst = new Uint32Array(68);
  for (let book = 1; book <= 67; book++) bookFirst[book] = lowerBound(ids, composeVerseId(book, 0, 0));

  // A block's verses are newline-separated (smaller than storing offsets): decode a block and find its
  // verse starts when one of its verses is read. A Map keeps insertion order, so deleting and re-adding
  // a block on use makes its first key the least recently used.
  interface DecodedBlock {
    first: number;
    end: number;
    text: string;
    starts: Uint32Array;
  }
  const decoded = new Map<number, DecodedBlock>();
  const loadBlock = (block: number): DecodedBlock => {
    const bytes = blocks.read(block);
    let text: string;
    try {
      text = decodeUtf8(bytes);
    } catch {
      throw broken(`the text of block ${block} is not valid UTF-8`);
    }
    const first = blockStarts[block];
    const end = blockStarts[block + 1];
    const starts = lineStarts(text, end - first);
    if (!starts) throw broken(`the text of block ${block} does not match its verse list`);
    return { first, end, text, starts };
  };
  let last: DecodedBlock = { first: 0, end: 0, text: '', starts: new Uint32Array(1) };
  const textAt = (index: number): string => {
    if (index < last.first || index >= last.end) {
      const block = lowerBound(blockStarts, index + 1) - 1;
      let entry = decoded.get(block);
      if (entry) decoded.delete(block);
      else {
        entry = loadBlock(block);
        if (decoded.size >= DECODED_BLOCKS_KEPT) decoded.delete(decoded.keys().next().value!);
      }
      decoded.set(block, entry);
      last = entry;
    }
    const local = index - last.first;
    return last.text.slice(last.starts[local], last.starts[local + 1] - 1);
  };

  let counts: Uint16Array | null = null;
  return {
    versionId: info.versionId,
    info,
    ids,
    size: ids.length,
    indexOf(verseId) {
      const ordinal = versification.ordinalOf(bookOf(verseId), chapterOf(verseId), verseOf(verseId));
      return ordinal >= 0 ? positionByOrdinal[ordinal] : (extraPosition.get(verseId) ?? -1);
    },
    textAt,
    chapterRange: (book, chapter) => range(composeVerseId(book, chapter, 0), composeVerseId(book, chapter + 1, 0)),
    bookRange: (book) => [bookFirst[book], bookFirst[book + 1]],
    wordCounts() {
      if (!counts) {
        // Kept only once every verse is counted: a block that fails its check part way through must
        // fail the next call too, not leave zeros that later answers read as counts.
        const counted = new Uint16Array(ids.length);
        for (let i = 0; i < ids.length; i++) counted[i] = countWords(textAt(i));
        counts = counted;
      }
      return counts;
    },
  };
}
