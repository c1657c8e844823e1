// The Strong's dictionaries (lexicon pack): one entry per number, fields joined by FIELD_SEPARATOR,
// split on first use; plus per number how often it occurs in the original texts and where first.
import { packUnusable } from '../pack/reader.ts';
import type { PackOf } from '../pack/schema.ts';
import type { LEXICON_PACK } from '../pack/schemas.ts';
import { FIELD_SEPARATOR, LEXICON_FIELDS, type LexiconField } from './format.ts';
import { perPack } from '../pack/per-pack.ts';

export type LexiconId = 'H' | 'G';
export type LexiconEntry = Readonly<Record<LexiconField, string>> & { readonly id: string; readonly number: number };

export interface Lexicon {
  /** last number of the dictionary (8674 for H, 5624 for G) */
  last(lexicon: LexiconId): number;
  entry(lexicon: LexiconId, n: number): LexiconEntry | undefined;
  /** words carrying the number in the compiled original text */
  occurrences(lexicon: LexiconId, n: number): number;
  /** verseId number of the first such word, or 0 */
  firstOccurrence(lexicon: LexiconId, n: number): number;
}

interface Part {
  text: string;
  starts: Uint32Array;
  count: Uint32Array;
  first: Uint32Array;
  entries: (LexiconEntry | undefined)[];
}

export const lexicon: (pack: PackOf<typeof LEXICON_PACK>) => Lexicon = perPack(loadLexicon);

function loadLexicon(pack: PackOf<typeof LEXICON_PACK>): Lexicon {
  const info = pack.json('info');
  if (info.fields.join() !== LEXICON_FIELDS.join())
    throw packUnusable(pack.name, "its lexicon fields differ from this engine's");
  const part = (prefix: 'hebrew' | 'greek', last: number): Part => {
    const starts = pack.u32(`${prefix}Start`);
    if (starts.length !== last + 2) throw new Error(`pack '${pack.name}': ${prefix} entries do not match its info`);
    return {
      text: pack.text(`${prefix}Text`),
      starts,
      count: pack.u32(`${prefix}Count`),
      first: pack.u32(`${prefix}First`),
      entries: new Array(last + 1),
    };
  };
  const parts: Record<LexiconId, Part> = { H: part('hebrew', info.hebrew), G: part('greek', info.greek) };
  const lasts: Record<LexiconId, number> = { H: info.hebrew, G: info.greek };
  const inRange = (id: LexiconId, n: number) => Number.isInteger(n) && n >= 1 && n <= lasts[id];
  return {
    last: (id) => lasts[id],
    entry(id, n) {
      if (!inRange(id, n)) return undefined;
      const p = parts[id];
      let e = p.entries[n];
      if (!e) {
        const v = p.text.slice(p.starts[n], p.starts[n + 1]).split(FIELD_SEPARATOR);
        // A literal of fixed shape (fields in LEXICON_FIELDS order, checked on load) keeps reads fast.
        e = p.entries[n] = Object.freeze({
          id: `${id}${n}`,
          number: n,
          word: v[0],
          translit: v[1],
          pronunciation: v[2],
          pos: v[3],
          language: v[4],
          derivation: v[5],
          definition: v[6],
          kjvUsage: v[7],
          roots: v[8],
          unused: v[9],
        });
      }
      return e;
    },
    occurrences: (id, n) => (inRange(id, n) ? parts[id].count[n] : 0),
    firstOccurrence: (id, n) => (inRange(id, n) ? parts[id].first[n] : 0),
  };
}
