// The cross-reference pack: OpenBible.info references per KJV verse, strongest first, as parallel arrays
// indexed through a per-verse start table (no JSON to parse on load).
import { readCrossReferences } from '../adapters/openbible-crossrefs.ts';
import type { Builder } from './context.ts';
import { gridOf } from './study-common.ts';
import { sectionsOf } from '../pack/writer.ts';
import { XREFS_PACK } from '../../engine/core/pack/schemas.ts';

/** The verses a reference spans, first to last; a range that runs backwards cannot be stored. */
function spanOf(first: number, last: number): number {
  if (!(first >= 0 && last >= first)) throw new Error(`a cross reference runs from ordinal ${first} back to ${last}`);
  return last - first + 1;
}

export const xrefsBuilder: Builder = {
  name: 'xrefs',
  build(ctx) {
    const grid = gridOf(ctx);
    const { references, stats } = readCrossReferences(ctx.source('openbible-crossrefs'), grid);
    const start = new Uint32Array(grid.verseCount + 1);
    for (const r of references) start[grid.ordinalOfId(r.from) + 1]++;
    for (let i = 0; i < grid.verseCount; i++) start[i + 1] += start[i];
    if (references.some((r, i) => i > 0 && grid.ordinalOfId(r.from) < grid.ordinalOfId(references[i - 1].from))) {
      throw new Error('cross references are not grouped by source verse');
    }
    ctx.log(
      `  ${references.length} references (${stats.negativeDropped} negative-vote rows dropped, ${stats.zeroKept} zero-vote kept, ${stats.merged} merged); remapped ${stats.remappedRows} row ends: ${stats.remapped.join(', ')}`,
    );
    return [
      {
        name: XREFS_PACK.name,
        datasets: ['openbible-crossrefs'],
        sections: sectionsOf(XREFS_PACK, {
          info: {
            rows: stats.rows,
            kept: references.length,
            negativeDropped: stats.negativeDropped,
            zeroKept: stats.zeroKept,
            remapped: stats.remapped,
            remappedRows: stats.remappedRows,
          },
          start,
          target: references.map((r) => grid.ordinalOfId(r.start)),
          span: references.map((r) => (r.end ? spanOf(grid.ordinalOfId(r.start), grid.ordinalOfId(r.end)) : 0)),
          votes: references.map((r) => r.votes),
        }),
      },
    ];
  },
};
