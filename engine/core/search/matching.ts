// Which verses of a translation contain a query: the one matching rule of GetSearch, GetSearchAdvanced
// and GetSearchCount, also used by GetRandomVerse's limitToQuery (searcher.ts finds them). The normalised
// verse texts and the search index are made once per loaded translation and pack.
import type { MatchType } from '../match.ts';
import type { Context } from '../operation.ts';
import { perPack, perPackAnd } from '../pack/per-pack.ts';
import type { PackOf } from '../pack/schema.ts';
import { SEARCH_PACK } from '../pack/schemas.ts';
import type { TranslationData } from '../translation.ts';
import { findVerses, loadSearchIndex, NormalizedVerses, type SearchIndex, type Strategy } from './searcher.ts';

const normalizedVerses = perPack((text: TranslationData) => new NormalizedVerses(text));
const loadedSearchIndex = perPackAnd((pack: PackOf<typeof SEARCH_PACK>, text: TranslationData) =>
  loadSearchIndex(pack, text),
);

/** The translation's search index: imported from its pack on first use; null when the pack is not loaded
 *  and not required (the answer is then found by a scan, and is the same). */
function searchIndex(ctx: Context, versionId: string, required: boolean): SearchIndex | null {
  let pack: PackOf<typeof SEARCH_PACK>;
  try {
    pack = ctx.pack(SEARCH_PACK, versionId);
  } catch (error) {
    if (required) throw error;
    return null;
  }
  return loadedSearchIndex(pack, ctx.translation(versionId));
}

export interface MatchOptions {
  matchType?: MatchType;
  exclude?: string;
  range?: [number, number];
  strategy?: Strategy;
}

/** Positions (ascending) of the verses of a translation that contain the query. Uses the search index
 *  when it is loaded; its one-word answers are views of a posting list, counted in constant time. */
export function matchingPositions(
  ctx: Context,
  versionId: string,
  query: string,
  options: MatchOptions = {},
): ArrayLike<number> {
  const text = ctx.translation(versionId);
  return findVerses(normalizedVerses(text), searchIndex(ctx, versionId, options.strategy === 'index'), {
    query,
    matchType: options.matchType ?? 'exact',
    exclude: options.exclude,
    range: options.range ?? [0, text.size],
    strategy: options.strategy,
  });
}
