// Gill's commentary pack: each distinct comment text once (UTF-8, byte offsets), and per KJV verse the
// number of its text (0 = none). The texts, in canonical order of first use, are word-coded in blocks of
// whole texts, so a lookup decodes one block, not the whole commentary.
import { readGill } from '../adapters/gill-commentary.ts';
import type { Builder } from './context.ts';
import { wordCodedSections } from '../pack/word-coding.ts';

/** Text per block, in UTF-8 bytes: a lookup decodes one block, a few milliseconds in a cold process. */
export const COMMENTARY_BLOCK_BYTES = 64_000;
import { gridOf, kjvTextById } from './study-common.ts';
import { sectionsOf } from '../pack/writer.ts';
import { COMMENTARY_PACK } from '../../engine/core/pack/schemas.ts';

const encoder = new TextEncoder();

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
    const offsets = [0];
    for (const text of texts) offsets.push(offsets[offsets.length - 1] + encoder.encode(text).length);
    // Blocks of whole entries, cut at the first entry end past the block size.
    const blocks: string[] = [];
    const blockFirstEntry: number[] = [];
    for (let first = 1; first <= texts.length; ) {
      let end = first;
      while (end <= texts.length && offsets[end - 1] - offsets[first - 1] < COMMENTARY_BLOCK_BYTES) end++;
      blocks.push(texts.slice(first - 1, end - 1).join(''));
      blockFirstEntry.push(first);
      first = end;
    }
    blockFirstEntry.push(texts.length + 1);
    ctx.log(
      `  ${gill.byVerse.size} verses, ${texts.length} texts, ${(offsets[texts.length] / 1048576).toFixed(1)} MiB in ${blocks.length} blocks; ${JSON.stringify(gill.stats)}`,
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
          offsets,
          blockFirstEntry,
          ...wordCodedSections(blocks),
        }),
      },
    ];
  },
};
