// The Node host: packs come from dist/data on disk, and Node's native zlib inflates them.
import { readFile } from 'node:fs/promises';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';
import { open, type OpenOptions, type TypedBible } from '../core/engine.ts';

export const DEFAULT_DATA_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'data');

export function fsLoader(dataDir = DEFAULT_DATA_DIR) {
  return async (packName: string): Promise<Uint8Array> => {
    if (!/^[a-z0-9][a-z0-9._-]*$/i.test(packName)) throw new Error(`bad pack name ${JSON.stringify(packName)}`);
    try {
      return new Uint8Array(await readFile(join(dataDir, `${packName}.pack`)));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new Error(code === 'ENOENT' ? `${join(dataDir, packName + '.pack')} does not exist; run \`npm run build\`` : String(error));
    }
  };
}

export const nativeInflate = (compressed: Uint8Array, expectedLength: number): Uint8Array => {
  const out = inflateRawSync(compressed, { maxOutputLength: Math.max(expectedLength, 1) });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
};

/** open() with the fs loader and native inflate. */
export function openNode(options: Partial<OpenOptions> & { dataDir?: string } = {}): Promise<TypedBible> {
  const { dataDir, ...rest } = options;
  return open({ loader: fsLoader(dataDir), inflate: nativeInflate, ...rest });
}
