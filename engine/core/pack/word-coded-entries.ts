// Numbered texts (a commentary's comments, a dictionary's definitions) stored word-coded in blocks of
// whole entries: entry n (from 1) is bytes offsets[n - 1]..offsets[n] of the texts back to back, and
// block i holds entries blockFirstEntry[i]..blockFirstEntry[i + 1] - 1. A lookup decodes the one block
// that holds its entry; the last few blocks read are kept, so reading on through a chapter or through
// neighbouring headwords decodes each block once. The rest stays compressed.
import { packUnusable } from './reader.ts';
import type { Blocks } from './reader.ts';
import { strictUtf8Decoder } from '../utf8.ts';
import { wordCodedBlocks, type WordCodedSource } from './word-coding.ts';

const decodeStrict = strictUtf8Decoder();
/** An entry's bytes as text. A decoder drops a leading byte order mark, but an entry is a slice from
 *  the middle of a block, so a U+FEFF at its start is part of its text and is kept. */
const decodeUtf8 = (bytes: Uint8Array): string =>
  bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? `\ufeff${decodeStrict(bytes)}` : decodeStrict(bytes);

export interface WordCodedEntriesSource extends WordCodedSource {
  readonly u32: (section: 'separators' | 'offsets' | 'blockFirstEntry') => Uint32Array;
}

export interface WordCodedEntries {
  /** how many entries there are */
  readonly count: number;
  /** the text of entry n (1-based) */
  text(n: number): string;
}

/** The index of the last element <= n in an ascending list (the list's first element is <= n). */
function lastAtMost(sorted: Uint32Array, n: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (sorted[mid] <= n) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export function readWordCodedEntries(pack: WordCodedEntriesSource, blocksKept: number): WordCodedEntries {
  const broken = (why: string) => packUnusable(pack.name, why);
  const offsets = pack.u32('offsets');
  const blocks: Blocks = wordCodedBlocks(pack, broken);
  const firstEntry = pack.u32('blockFirstEntry');
  const ascending = firstEntry.every((n, i) => i === 0 || n > firstEntry[i - 1]);
  if (firstEntry.length !== blocks.count + 1 || firstEntry[0] !== 1 || firstEntry[blocks.count] !== offsets.length)
    throw broken('its text blocks do not match its entries');
  if (!ascending) throw broken('its text blocks are out of order');

  const kept = new Map<number, Uint8Array>();
  const block = (i: number): Uint8Array => {
    let bytes = kept.get(i);
    if (bytes) kept.delete(i);
    else {
      bytes = blocks.read(i);
      if (kept.size >= blocksKept) kept.delete(kept.keys().next().value!);
    }
    kept.set(i, bytes);
    return bytes;
  };

  return {
    count: offsets.length - 1,
    text(n) {
      if (!(n >= 1 && n < offsets.length)) throw broken(`it refers to entry ${n}, beyond its ${offsets.length - 1}`);
      const i = lastAtMost(firstEntry, n);
      const base = offsets[firstEntry[i] - 1];
      const bytes = block(i);
      if (offsets[n] - base > bytes.length) throw broken(`entry ${n} runs past the end of its block`);
      try {
        return decodeUtf8(bytes.subarray(offsets[n - 1] - base, offsets[n] - base));
      } catch {
        throw broken(`entry ${n} is not valid UTF-8`);
      }
    },
  };
}
