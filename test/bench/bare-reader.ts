// The engine's own pack reading and decoding with nothing of its API around them: no open(), no
// parameter checks, no operation table, no records. The package bench bundles this into a package of
// its own and times its import to John 3:16, beside the engine's, so the start-up the API layer costs
// and the start-up its pack reader and decoder cost can be told apart.
import { loadMeta } from '../../engine/core/meta.ts';
import { readPack } from '../../engine/core/pack/reader.ts';
import { META_PACK, TEXT_PACK } from '../../engine/core/pack/schemas.ts';
import type { PackOf } from '../../engine/core/pack/schema.ts';
import { loadTranslation } from '../../engine/core/translation.ts';

const fs = process.getBuiltinModule('node:fs') as typeof import('node:fs');
let zlibLoaded: typeof import('node:zlib') | undefined;
const zlib = () => (zlibLoaded ??= process.getBuiltinModule('node:zlib') as typeof import('node:zlib'));

// As the Node loader reads, inflates and checks a pack (engine/node/loader.ts).
const inflate = (compressed: Uint8Array, expectedLength: number): Uint8Array => {
  const out = zlib().inflateRawSync(compressed, {
    maxOutputLength: Math.max(expectedLength, 1),
    chunkSize: Math.max(expectedLength, 64),
  });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
};
const checksum = (bytes: Uint8Array) => zlib().crc32(bytes);
const readFile = (path: string): Uint8Array => {
  const fd = fs.openSync(path, 'r');
  try {
    const bytes = new Uint8Array(Buffer.allocUnsafeSlow(fs.fstatSync(fd).size).buffer);
    fs.readSync(fd, bytes, 0, bytes.length, 0);
    return bytes;
  } finally {
    fs.closeSync(fd);
  }
};

/** The meta pack read from `dataDir`; verse(versionId, verseId) reads that translation's pack on first use. */
export function openBare(dataDir: string) {
  const read = (name: string) => readPack(name, readFile(`${dataDir}/${name}.pack`), inflate, checksum);
  const meta = loadMeta(read(META_PACK.name) as PackOf<typeof META_PACK>);
  return {
    verse(versionId: string, verseId: number): string {
      const name = TEXT_PACK.name(versionId);
      const text = loadTranslation(read(name) as PackOf<typeof TEXT_PACK>, meta.versification);
      return text.textAt(text.indexOf(verseId));
    },
  };
}
