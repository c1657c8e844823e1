// One search pack per translation: a FlexSearch index of the verse texts, keyed by verse position (the
// order of the text pack), built here and exported; the engine imports it on the first search in that
// translation. Layout and configuration: engine/core/search/flex.ts.
import { isDeepStrictEqual } from 'node:util';
import { TRANSLATIONS } from '../../sources/catalog.ts';
import {
  createFlexIndex,
  decodeMap,
  encodeMap,
  SEARCH_FORMAT,
  type MapEntry,
  type SearchPackInfo,
} from '../../engine/core/search/flex.ts';
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

      const index = createFlexIndex();
      ordered.forEach((v, position) => {
        index.add(position, v.text);
      });

      const parts: [string, string][] = [];
      const pending = index.export((key: string, data: string) => {
        parts.push([key, data]);
      }) as unknown;
      if (pending instanceof Promise) throw new Error('FlexSearch export unexpectedly went asynchronous');

      const entries: MapEntry[] = [];
      let registered = 0;
      for (const [key, data] of parts) {
        const kind = key.split('.').pop();
        const json = JSON.parse(data) as unknown[];
        if (kind === 'map') entries.push(...(json as MapEntry[]));
        else if (kind === 'reg') {
          for (const id of json as number[]) {
            if (!Number.isInteger(id) || id < 0 || id >= ordered.length)
              throw new Error(`${entry.id}: search register holds ${id}`);
          }
          registered += json.length;
        } else if (json.length) throw new Error(`${entry.id}: unexpected FlexSearch export part ${key}`);
      }

      const { terms, ids, postings } = encodeMap(entries);
      // The stored form must give FlexSearch back exactly what it exported.
      const sorted = [...entries].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      if (!isDeepStrictEqual(decodeMap(terms, ids), sorted))
        throw new Error(`${entry.id}: search index does not round-trip`);

      const info: SearchPackInfo = {
        format: SEARCH_FORMAT,
        versionId: entry.versionId,
        size: ordered.length,
        terms: entries.length,
        postings,
        parts: parts.map(([key]) => key),
        register: { count: registered },
      };
      packs.push({
        name: SEARCH_PACK.name(entry.versionId),
        datasets: [entry.id],
        sections: sectionsOf(SEARCH_PACK, {
          info,
          terms,
          ids,
        }),
      });
    }
    return packs;
  },
};
