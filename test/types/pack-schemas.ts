// Compile-time checks of the pack schemas, run by `npm run typecheck` (and npm test): the writer and the
// reader share one declaration per pack, so each line marked as an expected error must fail to compile.
import { sectionsOf } from '../../compiler/pack/writer.ts';
import type { Context } from '../../engine/core/operation.ts';
import { STUDY_PACK, TEXT_PACK, XREFS_PACK } from '../../engine/core/pack/schemas.ts';

export function writeAndRead(ctx: Context): void {
  const counts = { rows: 1, kept: 1, negativeDropped: 0, zeroKept: 0, remapped: [], remappedRows: 0 };
  sectionsOf(XREFS_PACK, { info: counts, start: [0, 1], target: [5], span: [0], votes: [3] });
  // @ts-expect-error a misspelt section when writing
  sectionsOf(XREFS_PACK, { info: counts, strat: [0, 1], target: [5], span: [0], votes: [3] });
  // @ts-expect-error a section left out when writing
  sectionsOf(XREFS_PACK, { info: counts, start: [0, 1], target: [5], span: [0] });
  // @ts-expect-error a value of the wrong kind (text for a u32 section)
  sectionsOf(XREFS_PACK, { info: counts, start: 'zero', target: [5], span: [0], votes: [3] });
  // @ts-expect-error a JSON value of the wrong shape
  sectionsOf(XREFS_PACK, { info: { rows: '1' }, start: [0, 1], target: [5], span: [0], votes: [3] });

  const xrefs = ctx.pack(XREFS_PACK);
  const start: Uint32Array = xrefs.u32('start');
  const kept: number = xrefs.json('info').kept;
  // @ts-expect-error a misspelt section when reading
  xrefs.u32('strat');
  // @ts-expect-error a section read as the wrong kind
  xrefs.u16('start');
  // @ts-expect-error a section of another pack
  ctx.pack(STUDY_PACK).u32('start');
  // @ts-expect-error a keyed pack needs its key
  ctx.pack(TEXT_PACK);
  // @ts-expect-error a JSON section's value keeps its type
  const wrong: string = ctx.pack(TEXT_PACK, 'kjv').json('info').missing;
  void [start, kept, wrong];
}
