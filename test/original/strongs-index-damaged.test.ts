// A strongs-index pack whose verse lists run past the KJV (what a compiler bug would write; the CRC
// catches damage on disk): GetSearchStrongs refuses it as NOT_AVAILABLE naming the pack, as other
// readers of damaged packs do, rather than throwing a bare RangeError from the versification.
import { declared } from '../read-pack.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sectionsOf, writePack } from '../../compiler/pack/writer.ts';
import { open } from '../../engine/core/engine.ts';
import { withSchema } from '../../engine/core/pack/schema.ts';
import { STRONGS_INDEX_PACK } from '../../engine/core/pack/schemas.ts';
import { DEFAULT_DATA_DIR } from '../../engine/node/loader.ts';
import { readLocalPack } from '../helpers.ts';

const packFile = (name: string) => new Uint8Array(readFileSync(join(DEFAULT_DATA_DIR, `${name}.pack`)));

/** The real strongs-index with G26's first gap in its original-text list made to overshoot the KJV. */
function overshootingIndex(): Uint8Array {
  const name = STRONGS_INDEX_PACK.name;
  const pack = withSchema(readLocalPack(name), STRONGS_INDEX_PACK);
  const data = Object.fromEntries(
    Object.entries(STRONGS_INDEX_PACK.sections).map(([section, spec]) => {
      if (spec.kind === 'json') return [section, pack.json(section as 'info')];
      if (spec.kind === 'u32') return [section, pack.u32(section as 'greekStart').slice()];
      return [section, pack.u16(section as 'greekVerses').slice()];
    }),
  ) as Record<string, unknown>;
  const start = data.greekStart as Uint32Array;
  const gaps = data.greekVerses as Uint16Array;
  expect(start[27]).toBeGreaterThan(start[26]);
  // Gaps add up to ordinals: 65,535 twice from G26's first verse is far past the KJV's 31,102.
  gaps[start[26]] = 0xffff;
  gaps[start[26] + 1] = 0xffff;
  return writePack(sectionsOf(STRONGS_INDEX_PACK, data as never), declared('strongs-index'));
}

describe('GetSearchStrongs on a damaged strongs-index', () => {
  it('answers NOT_AVAILABLE naming the pack, for every translation', async () => {
    const damaged = overshootingIndex();
    const bible = await open({
      loader: async (name) => (name === STRONGS_INDEX_PACK.name ? damaged : packFile(name)),
    });
    for (const versionId of ['kjv', 'web']) {
      const error = await bible.call('GetSearchStrongs', { strongsId: 'G26', versionId }).catch((e) => e);
      expect(error).toMatchObject({ code: 'NOT_AVAILABLE' });
      expect(error.message).toMatch(/pack 'strongs-index' cannot be used: G26 lists KJV verse \d+, past its 31102/);
    }
    // Numbers whose lists are whole still answer.
    expect(await bible.call('GetSearchStrongs', { strongsId: 'G25', versionId: 'kjv' })).not.toHaveLength(0);
  });
});
