// Real prose from the compiled packs for the citation evidence and benchmark: Gill's comments and the
// entries of Easton's and Smith's dictionaries, read straight from their packs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readPack } from '../read-pack.ts';
import { withSchema } from '../../engine/core/pack/schema.ts';
import { COMMENTARY_PACK } from '../../engine/core/pack/schemas.ts';
import { loadCommentary } from '../../engine/core/study/commentary.ts';
import { DEFAULT_DATA_DIR, nativeInflate } from '../../engine/node/loader.ts';

const decoder = new TextDecoder();

/** The texts of a commentary or dictionary pack, in the order of its offsets table. */
export function packTexts(name: 'commentary-gill' | 'dictionary-eastons' | 'dictionary-smiths'): string[] {
  const pack = readPack(name, new Uint8Array(readFileSync(join(DEFAULT_DATA_DIR, `${name}.pack`))), nativeInflate);
  if (name === 'commentary-gill') {
    // Gill's text is word-coded in blocks: its reader decodes an entry.
    const gill = loadCommentary(withSchema(pack, COMMENTARY_PACK));
    return Array.from({ length: pack.u32('offsets').length - 1 }, (_, i) => gill.text(i + 1));
  }
  const offsets = pack.u32('offsets');
  const text = pack.bytes('text');
  const out: string[] = [];
  for (let i = 0; i + 1 < offsets.length; i++) out.push(decoder.decode(text.subarray(offsets[i], offsets[i + 1])));
  return out;
}
