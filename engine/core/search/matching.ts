// Which verses of a translation contain a query: the one matching rule of GetSearch, GetSearchAdvanced
// and GetSearchCount, also used by GetRandomVerse's limitToQuery (searcher.ts finds them). The normalised
// verse texts and the exact word index are made once per loaded text pack, on the first search in it.
import type { MatchType } from '../match.ts';
import type { Context } from '../operation.ts';
import { perPack, perPackAnd } from '../pack/per-pack.ts';
import type { PackOf } from '../pack/schema.ts';
import { TEXT_PACK } from '../pack/schemas.ts';
import type { TranslationData } from '../translation.ts';
import { findVerses, NormalizedVerses, type SearchIndex, type Strategy } from './searcher.ts';
import { translationSearchIndex } from './translation-index.ts';

const normalizedVerses = perPack((text: TranslationData) => new NormalizedVerses(text));
// A pack whose index cannot be made is refused on every later search without being read again: finding
// the damage can take a pass over the whole text (a cut last block), hundreds of milliseconds a call.
const translationIndex = perPackAnd(
  (pack: PackOf<typeof TEXT_PACK>, text: TranslationData): { index: SearchIndex } | { refused: unknown } => {
    try {
      return { index: translationSearchIndex(pack, text, normalizedVerses(text)) };
    } catch (error) {
      return { refused: error };
    }
  },
);

/** The translation's search index (words, and n-grams for unspaced scripts), made from its text pack on
 *  the first search in it. */
function searchIndex(ctx: Context, versionId: string): SearchIndex {
  const made = translationIndex(ctx.pack(TEXT_PACK, versionId), ctx.translation(versionId));
  if ('refused' in made) throw made.refused;
  return made.index;
}

export interface MatchOptions {
  matchType?: MatchType;
  exclude?: string;
  range?: [number, number];
  strategy?: Strategy;
}

/** Positions (ascending) of the verses of a translation that contain the query, found with its exact
 *  word index; one-word answers are views of a posting list, counted in constant time. The scan
 *  strategies (tests force them to check the index against) read no index. */
export function matchingPositions(
  ctx: Context,
  versionId: string,
  query: string,
  options: MatchOptions = {},
): ArrayLike<number> {
  const text = ctx.translation(versionId);
  const scan = options.strategy === 'scan' || options.strategy === 'verses';
  return findVerses(normalizedVerses(text), scan ? null : searchIndex(ctx, versionId), {
    query,
    matchType: options.matchType ?? 'exact',
    exclude: options.exclude,
    range: options.range ?? [0, text.size],
    strategy: options.strategy,
  });
}
