// Gill's commentary pack: each distinct comment text once (UTF-8, byte offsets), and per KJV verse the
// number of its text (0 = none), so a lookup decodes only the few kilobytes it returns.
import { readGill } from '../adapters/gill-commentary.ts';
import type { Builder } from './context.ts';
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
    const chunks: Uint8Array[] = [];
    const offsets = [0];
    const byOrdinal = new Uint32Array(grid.verseCount);
    for (const [id, text] of gill.byVerse) {
      let n = textIndex.get(text);
      if (n === undefined) {
        const bytes = encoder.encode(text);
        chunks.push(bytes);
        offsets.push(offsets[offsets.length - 1] + bytes.length);
        n = chunks.length;
        textIndex.set(text, n);
      }
      byOrdinal[grid.ordinalOfId(id)] = n;
    }
    const blob = new Uint8Array(offsets[offsets.length - 1]);
    chunks.forEach((c, i) => {
      blob.set(c, offsets[i]);
    });
    ctx.log(
      `  ${gill.byVerse.size} verses, ${chunks.length} texts, ${(blob.length / 1048576).toFixed(1)} MiB; ${JSON.stringify(gill.stats)}`,
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
          text: blob,
        }),
      },
    ];
  },
};
