// The topics pack: the API's 97 topics (sources/topics.ts) with their Nave's citations, each citation
// as printed ("Proverbs 14:17, 29") with its KJV verse ids, in canonical order.
import { TOPIC_SOURCES } from '../../sources/topics.ts';
import { linesOf, parseRefs, readNaves } from '../adapters/naves-topical.ts';
import type { Builder } from './context.ts';
import { englishBookNames, formatCitation, gridOf } from './study-common.ts';
import { sectionsOf } from '../pack/writer.ts';
import { TOPICS_PACK } from '../../engine/core/pack/schemas.ts';

export const topicsBuilder: Builder = {
  name: 'topics',
  build(ctx) {
    const grid = gridOf(ctx);
    const names = englishBookNames(ctx);
    const naves = readNaves(ctx.source('naves-csv'), ctx.source('naves-text'));
    const invalid: string[] = [];
    const topics = TOPIC_SOURCES.map((source) => {
      const byCitation = new Map<string, number[]>();
      for (const heading of source.headings) {
        for (const line of linesOf(naves.subjects, heading)) {
          for (const c of parseRefs(line.refs, line.codes, grid, invalid)) {
            const citation = formatCitation(names, grid, c.verseIds, c.wholeChapter);
            byCitation.set(citation, c.verseIds);
          }
        }
      }
      const citations = [...byCitation]
        .sort(([, a], [, b]) => grid.ordinalOfId(a[0]) - grid.ordinalOfId(b[0]) || a.length - b.length)
        .map(([citation, ids]) => [citation, ...ids]);
      if (citations.length === 0)
        throw new Error(`topic ${source.topic} has no verses from ${source.headings.join(', ')}`);
      return { topic: source.topic, match: source.match, headings: source.headings, citations };
    });
    ctx.log(
      `  ${topics.length} topics; ${invalid.length} Nave's references outside the KJV dropped; ${naves.fromText.join(', ')} read from the CCEL text`,
    );
    return [
      {
        name: TOPICS_PACK.name,
        datasets: ['naves-csv', 'naves-text'],
        sections: sectionsOf(TOPICS_PACK, { topics: topics }),
      },
    ];
  },
};
