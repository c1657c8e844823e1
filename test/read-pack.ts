// Packs read as an engine opened without a host inflate reads them: with the engine's own (fflate).
import { fflateInflate } from '../engine/core/pack/fflate-inflate.ts';
import { type Checksum, type Inflate, type Pack, readPack as readPackWith } from '../engine/core/pack/reader.ts';

export function readPack(name: string, bytes: Uint8Array, inflate: Inflate = fflateInflate, checksum?: Checksum): Pack {
  return readPackWith(name, bytes, inflate, checksum);
}
