// Verse lists per Strong's number (strongs-index pack): the verses whose original text carries the
// number, and the verses whose KJV English words are tagged with it. Lists are stored as u16 gaps.
import type { PackOf } from '../pack/schema.ts';
import type { STRONGS_INDEX_PACK } from '../pack/schemas.ts';
import type { LexiconId } from './lexicon.ts';
import { perPack } from '../pack/per-pack.ts';

export interface StrongsIndex {
  /** highest number either list knows for the lexicon (Strong's last, or higher for extended numbers) */
  max(lexicon: LexiconId): number;
  /** KJV ordinals, ascending: original-text verses, plus (withKjvTags) the KJV-tagged verses */
  verses(lexicon: LexiconId, n: number, withKjvTags: boolean): number[];
}

export const strongsIndex: (pack: PackOf<typeof STRONGS_INDEX_PACK>) => StrongsIndex = perPack(loadIndex);

function loadIndex(pack: PackOf<typeof STRONGS_INDEX_PACK>): StrongsIndex {
  const info = pack.json('info');
  const lists = (prefix: 'hebrew' | 'greek' | 'kjvHebrew' | 'kjvGreek') => ({
    start: pack.u32(`${prefix}Start`),
    gaps: pack.u16(`${prefix}Verses`),
  });
  const original = { H: lists('hebrew'), G: lists('greek') };
  const kjv = { H: lists('kjvHebrew'), G: lists('kjvGreek') };
  const max = { H: info.maxHebrew, G: info.maxGreek };
  const decode = (l: { start: Uint32Array; gaps: Uint16Array }, n: number): number[] => {
    const out: number[] = [];
    let ordinal = 0;
    for (let i = l.start[n]; i < l.start[n + 1]; i++) out.push((ordinal += l.gaps[i]));
    return out;
  };
  return {
    max: (id) => max[id],
    verses(id, n, withKjvTags) {
      if (!Number.isInteger(n) || n < 0 || n > max[id]) return [];
      const a = decode(original[id], n);
      if (!withKjvTags) return a;
      const b = decode(kjv[id], n);
      // Merge two ascending lists without duplicates.
      const out: number[] = [];
      let i = 0;
      let j = 0;
      while (i < a.length || j < b.length) {
        const next = j >= b.length || (i < a.length && a[i] <= b[j]) ? a[i] : b[j];
        if (i < a.length && a[i] === next) i++;
        if (j < b.length && b[j] === next) j++;
        out.push(next);
      }
      return out;
    },
  };
}
