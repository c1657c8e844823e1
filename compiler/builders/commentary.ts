// Gill's commentary pack: each distinct comment text once, and per KJV verse the number of its text
// (0 = none). The texts, in canonical order of first use, are word-coded in blocks of whole texts, so a
// lookup decodes one block, not the whole commentary.
import { readGill } from '../adapters/gill-commentary.ts';
import type { Builder } from './context.ts';
import { wordCodedEntrySections } from '../pack/word-coding.ts';
import { gridOf, kjvTextById } from './study-common.ts';
import { sectionsOf } from '../pack/writer.ts';
import { COMMENTARY_PACK } from '../../engine/core/pack/schemas.ts';

/** Text per block, in UTF-8 bytes. Gill's pack takes 10.17 MB in blocks of 192 KB, 10.43 MB in blocks of
 *  64 KB; a lookup in a block not read lately decodes it, about 6 ms against 2 at a load of 9. */
export const COMMENTARY_BLOCK_BYTES = 192_000;

export const commentaryBuilder: Builder = {
  name: 'commentary',
  build(ctx) {
    const grid = gridOf(ctx);
    const kjv = kjvTextById(ctx);
    const gill = readGill(ctx.source('gill'), grid, (id) => kjv.get(id) ?? '');
    const textIndex = new Map<string, number>();
    const texts: string[] = [];
    const byOrdinal = new Uint32Array(grid.verseCount);
    for (const [id, text] of gill.byVerse) {
      let n = textIndex.get(text);
      if (n === undefined) {
        texts.push(text);
        n = texts.length;
        textIndex.set(text, n);
      }
      byOrdinal[grid.ordinalOfId(id)] = n;
    }
    const entries = wordCodedEntrySections(texts, COMMENTARY_BLOCK_BYTES);
    ctx.log(
      `  ${gill.byVerse.size} verses, ${texts.length} texts, ${(entries.offsets[texts.length] / 1048576).toFixed(1)} MiB in ${entries.text.length} blocks; ${JSON.stringify(gill.stats)}`,
    );
    return [
      {
        name: COMMENTARY_PACK.name('gill'),
        datasets: ['gill'],
        sections: sectionsOf(COMMENTARY_PACK, {
          info: {
            missingBooks: gill.missingBooks,
            introductionOnlyBooks: gill.introductionOnlyBooks,
            stats: gill.stats,
          },
          byOrdinal,
          ...entries,
        }),
      },
    ];
  },
};
