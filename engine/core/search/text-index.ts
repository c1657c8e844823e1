// A translation's exact word index (postings.ts), made from its text pack on the first search in it,
// rather than shipped as a pack of its own: the index is wholly determined by the text, so a separate
// pack only repeated it (4.9 MB over the ten translations) and could fall out of step with it.
import type { PackOf } from '../pack/schema.ts';
import type { TEXT_PACK } from '../pack/schemas.ts';
import type { TranslationData } from '../translation.ts';
import { buildPostings, postingIndexOf } from './postings.ts';
import { type NormalizedVerses, type SearchIndex, searchIndexOf } from './searcher.ts';

/** The exact word index of a translation's verses, by verse position. */
export function indexTranslation(
  _pack: PackOf<typeof TEXT_PACK>,
  text: TranslationData,
  verses: NormalizedVerses,
): SearchIndex {
  const { blob, starts } = verses.whole();
  const lines = function* () {
    for (let i = 0; i < text.size; i++) yield blob.slice(starts[i], starts[i + 1] - 1);
  };
  return searchIndexOf(postingIndexOf(buildPostings(lines()), text.size));
}
