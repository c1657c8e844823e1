// A verse commentary as loaded from its pack: the entry numbers per KJV ordinal stay in memory, the
// texts stay compressed in their blocks, and a lookup decodes the one block that holds its entry. The
// last few blocks read are kept, so reading on through a chapter decodes its blocks once.
import { packUnusable } from '../pack/reader.ts';
import type { PackOf } from '../pack/schema.ts';
import type { COMMENTARY_PACK } from '../pack/schemas.ts';
import { lowerBound } from '../translation.ts';
import { strictUtf8Decoder } from '../utf8.ts';
import { wordCodedBlocks } from '../pack/word-coding.ts';

const decodeUtf8 = strictUtf8Decoder();

/** Decoded blocks a commentary keeps (about 64 KB each). */
export const COMMENTARY_BLOCKS_KEPT = 8;

export interface Commentary {
  readonly info: ReturnType<PackOf<typeof COMMENTARY_PACK>['json']>;
  /** the number of the entry for a KJV ordinal (0 = none) */
  entryAt(ordinal: number): number;
  /** the text of entry n (1-based) */
  text(n: number): string;
}

export function loadCommentary(pack: PackOf<typeof COMMENTARY_PACK>): Commentary {
  const broken = (why: string) => packUnusable(pack.name, why);
  const byOrdinal = pack.u32('byOrdinal');
  const offsets = pack.u32('offsets');
  const blocks = wordCodedBlocks(pack, broken);
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
      if (kept.size >= COMMENTARY_BLOCKS_KEPT) kept.delete(kept.keys().next().value!);
    }
    kept.set(i, bytes);
    return bytes;
  };

  return {
    info: pack.json('info'),
    entryAt: (ordinal) => byOrdinal[ordinal],
    text(n) {
      if (!(n >= 1 && n < offsets.length)) throw broken(`it refers to entry ${n}, beyond its ${offsets.length - 1}`);
      const i = lowerBound(firstEntry, n + 1) - 1;
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
