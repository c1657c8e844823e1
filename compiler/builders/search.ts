// One search pack per translation: the exact word index of its verse texts (engine/core/search/
// postings.ts), keyed by verse position (the order of the text pack). The engine reads it on the first
// search in that translation.
import { TRANSLATIONS } from '../../sources/catalog.ts';
import { normalizeText } from '../../engine/core/match.ts';
import { buildPostings, encodePostings, SEARCH_FORMAT } from '../../engine/core/search/postings.ts';
import type { SearchPackInfo } from '../../engine/core/pack/schemas.ts';
import type { Builder, BuiltPack } from './context.ts';
import { verseIdOf } from '../../engine/core/ids.ts';
import { sectionsOf } from '../pack/writer.ts';
import { SEARCH_PACK } from '../../engine/core/pack/schemas.ts';

export const searchBuilder: Builder = {
  name: 'search',
  build(ctx) {
    const packs: BuiltPack[] = [];
    for (const entry of TRANSLATIONS) {
      const { verses } = ctx.translation(entry);
      // Positions are the text pack's order: verses sorted by verseId (compiler/builders/text.ts).
      const ordered = [...verses].sort((a, b) => verseIdOf(a) - verseIdOf(b));
      const lists = buildPostings(ordered.map((v) => normalizeText(v.text)));
      const { terms, ids, postings } = encodePostings(lists);
      const info: SearchPackInfo = {
        format: SEARCH_FORMAT,
        versionId: entry.versionId,
        size: ordered.length,
        terms: lists.size,
        postings,
      };
      packs.push({
        name: SEARCH_PACK.name(entry.versionId),
        datasets: [entry.id],
        sections: sectionsOf(SEARCH_PACK, { info, terms, ids }),
      });
    }
    return packs;
  },
};
