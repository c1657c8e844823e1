// Packs read as an engine opened without a host inflate reads them: with the engine's own (fflate).
import { fflateInflate } from '../engine/core/pack/fflate-inflate.ts';
import type { PackDeclaration } from '../engine/core/pack/format.ts';
import { type Checksum, type Inflate, type Pack, readPack as readPackWith } from '../engine/core/pack/reader.ts';

export function readPack(name: string, bytes: Uint8Array, inflate: Inflate = fflateInflate, checksum?: Checksum): Pack {
  return readPackWith(name, bytes, inflate, checksum);
}

/** What a pack written by a test declares itself to be: a pack of this name (its own schema unless told). */
export const declared = (name: string, schema = name): PackDeclaration => ({ name, schema, datasets: [] });
