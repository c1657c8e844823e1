// Real prose from the compiled packs for the citation evidence and benchmark: Gill's comments and the
// entries of Easton's and Smith's dictionaries, read straight from their packs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readPack } from '../read-pack.ts';
import { withSchema } from '../../engine/core/pack/schema.ts';
import { COMMENTARY_PACK, DICTIONARY_PACK } from '../../engine/core/pack/schemas.ts';
import { readWordCodedEntries } from '../../engine/core/pack/word-coded-entries.ts';
import { loadCommentary } from '../../engine/core/study/commentary.ts';
import { DEFAULT_DATA_DIR, nativeInflate } from '../../engine/node/loader.ts';

/** The texts of a commentary or dictionary pack, in entry order. Both are word-coded in blocks: their
 *  entries are decoded as the engine decodes them. */
export function packTexts(name: 'commentary-gill' | 'dictionary-eastons' | 'dictionary-smiths'): string[] {
  const pack = readPack(name, new Uint8Array(readFileSync(join(DEFAULT_DATA_DIR, `${name}.pack`))), nativeInflate);
  if (name === 'commentary-gill') {
    const gill = loadCommentary(withSchema(pack, COMMENTARY_PACK));
    return Array.from({ length: pack.u32('offsets').length - 1 }, (_, i) => gill.text(i + 1));
  }
  const entries = readWordCodedEntries(withSchema(pack, DICTIONARY_PACK), Number.POSITIVE_INFINITY);
  return Array.from({ length: entries.count }, (_, i) => entries.text(i + 1));
}
