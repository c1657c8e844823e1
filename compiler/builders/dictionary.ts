// One pack per Bible dictionary: headwords, a lower-case lookup key -> entry table, and the cleaned
// definitions, word-coded in blocks (pack/word-coding.ts). Entries sharing a headword (Easton's two
// "Kadesh") are merged into one answer.
import { normaliseKey, readBibleDictionary } from '../adapters/bible-dictionary.ts';
import type { Builder, BuiltPack } from './context.ts';
import { sectionsOf } from '../pack/writer.ts';
import { wordCodedEntrySections } from '../pack/word-coding.ts';
import { DICTIONARY_PACK } from '../../engine/core/pack/schemas.ts';

/** Definitions per block, in UTF-8 bytes: Easton's deflates to 0.80 MB word-coded in blocks of 64 KB
 *  (0.79 MB in 128 KB, 0.96 MB plain), and a lookup decodes one block. */
export const DICTIONARY_BLOCK_BYTES = 64_000;
export const DICTIONARIES = [
  { id: 'smiths', dataset: 'smiths-dictionary' },
  { id: 'eastons', dataset: 'eastons-dictionary' },
] as const;

export const dictionaryBuilder: Builder = {
  name: 'dictionary',
  build(ctx) {
    return DICTIONARIES.map(({ id, dataset }): BuiltPack => {
      const { entries, stats } = readBibleDictionary(ctx.source(dataset));
      const terms: string[] = [];
      const definitions: string[] = [];
      const byTerm = new Map<string, number>();
      const variants: [string, number][] = [];
      for (const e of entries) {
        const key = normaliseKey(e.term);
        let n = byTerm.get(key);
        if (n === undefined) {
          n = terms.length;
          byTerm.set(key, n);
          terms.push(e.term);
          definitions.push(e.definition);
        } else definitions[n] += `\n\n${e.definition}`;
        for (const k of e.keys) if (k !== key) variants.push([k, n]);
      }
      // A headword of its own wins over the same word as another entry's variant.
      const keys: Record<string, number> = Object.fromEntries(byTerm);
      for (const [k, n] of variants) if (!(k in keys)) keys[k] = n;
      ctx.log(`  ${id}: ${terms.length} headwords, ${Object.keys(keys).length} keys; ${JSON.stringify(stats)}`);
      return {
        name: DICTIONARY_PACK.name(id),
        datasets: [dataset],
        sections: sectionsOf(DICTIONARY_PACK, {
          terms,
          keys,
          ...wordCodedEntrySections(definitions, DICTIONARY_BLOCK_BYTES),
        }),
      };
    });
  },
};
