// A verse commentary as loaded from its pack: the entry numbers per KJV ordinal stay in memory, the
// texts stay compressed in their blocks (pack/word-coded-entries.ts).
import type { PackOf } from '../pack/schema.ts';
import type { COMMENTARY_PACK } from '../pack/schemas.ts';
import { readWordCodedEntries } from '../pack/word-coded-entries.ts';
import { packUnusable } from '../pack/reader.ts';

/** Decoded blocks a commentary keeps (about 192 KB each): reading on through a chapter stays in them. */
export const COMMENTARY_BLOCKS_KEPT = 8;

export interface Commentary {
  readonly info: ReturnType<PackOf<typeof COMMENTARY_PACK>['json']>;
  /** the number of the entry for a KJV ordinal (0 = none) */
  entryAt(ordinal: number): number;
  /** the text of entry n (1-based) */
  text(n: number): string;
}

export function loadCommentary(pack: PackOf<typeof COMMENTARY_PACK>): Commentary {
  const byOrdinal = pack.u32('byOrdinal');
  const entries = readWordCodedEntries(pack, COMMENTARY_BLOCKS_KEPT);
  const info = pack.json('info');
  // The operation reads these lists to say why a verse has no comment.
  if (!(Array.isArray(info?.missingBooks) && Array.isArray(info.introductionOnlyBooks)))
    throw packUnusable(pack.name, 'its info does not list its missing books');
  return {
    info,
    entryAt: (ordinal) => {
      if (!(ordinal >= 0 && ordinal < byOrdinal.length))
        throw packUnusable(pack.name, `it has no entry number for KJV verse ${ordinal + 1}`);
      return byOrdinal[ordinal];
    },
    text: (n) => entries.text(n),
  };
}
