// The Node host: packs come from dist/data on disk, and Node's native zlib inflates them.
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';
import { open, type OpenOptions, type TypedBible } from '../core/engine.ts';
import { isPackName } from '../core/pack/reader.ts';

/**
 * The package's own packs: dist/data at the package root, found from this file whether it runs from the
 * TypeScript sources (engine/node) or the compiled JavaScript (lib/engine/node, or a bundled CLI in lib).
 */
export const DEFAULT_DATA_DIR = packageDataDir(dirname(fileURLToPath(import.meta.url)));

function packageDataDir(from: string): string {
  for (let dir = from, up = 0; up < 4; dir = dirname(dir), up++) {
    const candidate = join(dir, 'dist', 'data');
    if (existsSync(join(candidate, 'manifest.json'))) return candidate;
  }
  return resolve(from, '..', '..', 'dist', 'data');
}

export function fsLoader(dataDir = DEFAULT_DATA_DIR) {
  return async (packName: string): Promise<Uint8Array> => {
    if (!isPackName(packName)) throw new Error(`bad pack name ${JSON.stringify(packName)}`);
    const path = join(dataDir, `${packName}.pack`);
    try {
      // A device or a pipe in the pack's place would be read for ever (or wait for a writer): refused.
      if (!(await stat(path)).isFile()) throw new Error(`${path} is not a regular file`);
      return new Uint8Array(await readFile(path));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new Error(
        code === 'ENOENT'
          ? `${path} does not exist; run \`npm run build\``
          : code
            ? `cannot read ${path} (${code})`
            : (error as Error).message,
      );
    }
  };
}

export const nativeInflate = (compressed: Uint8Array, expectedLength: number): Uint8Array => {
  // One output chunk of the known size: zlib then writes in place instead of gathering and copying chunks.
  const out = inflateRawSync(compressed, {
    maxOutputLength: Math.max(expectedLength, 1),
    chunkSize: Math.max(expectedLength, 64),
  });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
};

/** open() with the fs loader and native inflate. */
export function openNode(options: Partial<OpenOptions> & { dataDir?: string } = {}): Promise<TypedBible> {
  const { dataDir, ...rest } = options;
  return open({ loader: fsLoader(dataDir), inflate: nativeInflate, ...rest });
}
