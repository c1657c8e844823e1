// The Node host: packs come from dist/data on disk, and Node's native zlib inflates and checks them.
import { open, type OpenOptions, type PackLoader, type TypedBible } from '../core/engine.ts';
import { type Checksum, isPackName } from '../core/pack/reader.ts';

// Node's built-ins as process.getBuiltinModule (Node 20.16+) hands them over: an ES import of one first
// builds a facade of all its exports (node:fs's reads every lazy getter, fs.promises among them), a few
// milliseconds before the first answer. An older Node imports them. node:zlib is taken on the first
// inflate or check instead: it loads node:stream with it (about 3 ms), which an app that imports the
// engine and never reads a pack should not pay, and which a process that prints first has loaded anyway.
const builtin = process.getBuiltinModule as ((id: string) => unknown) | undefined;
const [fs, { join, resolve, dirname }, { fileURLToPath }] = builtin
  ? [
      builtin('node:fs') as typeof import('node:fs'),
      builtin('node:path') as typeof import('node:path'),
      builtin('node:url') as typeof import('node:url'),
    ]
  : await Promise.all([import('node:fs'), import('node:path'), import('node:url')]);
type Zlib = typeof import('node:zlib');
// An older Node without getBuiltinModule imports zlib with the others: its loss is only those 3 ms.
let zlibLoaded: Zlib | undefined = builtin ? undefined : await import('node:zlib');
const zlib = (): Zlib => (zlibLoaded ??= builtin!('node:zlib') as Zlib);

/** fs's callback calls as promises, as a plain fs module offers them. */
const promised =
  <A extends unknown[], T>(call: (...args: [...A, (error: Error | null, value: T) => void]) => void) =>
  (...args: A): Promise<T> =>
    new Promise((done, fail) => call(...args, (error, value) => (error ? fail(error) : done(value))));
const stat = promised<[string], import('node:fs').Stats>(fs.stat);
const readFile = promised<[string], Buffer>(fs.readFile);
const readdir = promised<[string], string[]>(fs.readdir);

/**
 * The package's own packs: dist/data at the package root, found from this file whether it runs from the
 * TypeScript sources (engine/node) or the compiled JavaScript (lib/engine/node, or a bundled CLI in lib).
 */
export const DEFAULT_DATA_DIR = packageDataDir(dirname(fileURLToPath(import.meta.url)));

function packageDataDir(from: string): string {
  for (let dir = from, up = 0; up < 4; dir = dirname(dir), up++) {
    const candidate = join(dir, 'dist', 'data');
    if (fs.existsSync(join(candidate, 'manifest.json'))) return candidate;
  }
  return resolve(from, '..', '..', 'dist', 'data');
}

export function fsLoader(dataDir = DEFAULT_DATA_DIR): PackLoader {
  const load = async (packName: string): Promise<Uint8Array> => {
    if (!isPackName(packName)) throw new Error(`bad pack name ${JSON.stringify(packName)}`);
    const path = join(dataDir, `${packName}.pack`);
    try {
      // A device or a pipe in the pack's place would be read for ever (or wait for a writer): refused.
      if (!(await stat(path)).isFile()) throw new Error(`${path} is not a regular file`);
      const read = await readFile(path);
      // A plain Uint8Array over the Buffer's own memory: copying a 1 MB text pack costs about 1 ms of a
      // first verse. readFile gives a file its own memory from its start; one at an odd place (a pooled
      // slice) is copied, so sections read in place keep the alignment the writer gave them.
      return read.byteOffset % 8 === 0
        ? new Uint8Array(read.buffer, read.byteOffset, read.byteLength)
        : new Uint8Array(read);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') throw new Error(code ? `cannot read ${path} (${code})` : (error as Error).message);
      // The package's own folder has every pack once built; a folder of the app's has those copied into it.
      const remedy =
        resolve(dataDir) === resolve(DEFAULT_DATA_DIR)
          ? 'run `npm run build`'
          : `this folder holds the packs copied into it; \`bible copy-packs --to ${dataDir} --packs ${packName}\` adds it`;
      throw new Error(`${path} does not exist; ${remedy}`);
    }
  };
  return Object.assign(load, { listPacks: () => listPackFiles(dataDir) });
}

/** The packs a folder holds, from its .pack files (read without opening them); undefined when unreadable. */
async function listPackFiles(dataDir: string): Promise<string[] | undefined> {
  try {
    return (await readdir(dataDir)).filter((f) => f.endsWith('.pack')).map((f) => f.slice(0, -'.pack'.length));
  } catch {
    return undefined;
  }
}

export const nativeInflate = (compressed: Uint8Array, expectedLength: number): Uint8Array => {
  // One output chunk of the known size: zlib then writes in place instead of gathering and copying chunks.
  const out = zlib().inflateRawSync(compressed, {
    maxOutputLength: Math.max(expectedLength, 1),
    chunkSize: Math.max(expectedLength, 64),
  });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
};

/** CRC-32 by zlib (a few times faster than the JavaScript one, and nothing to build or compile before
 *  the first check). zlib.crc32 came in Node 20.15: on an older Node the core's CRC-32 in JavaScript
 *  checks the blocks. Whether this Node has it is known without loading zlib: getBuiltinModule came
 *  later (20.16), so a Node with it has crc32, and one without it has imported zlib already. */
export const nativeChecksum: Checksum | undefined =
  builtin || typeof zlibLoaded?.crc32 === 'function' ? (bytes) => zlib().crc32(bytes) : undefined;

/** open() with the fs loader, native inflate and, where Node has it, native CRC-32. */
export function openNode(options: Partial<OpenOptions> & { dataDir?: string } = {}): Promise<TypedBible> {
  const { dataDir, ...rest } = options;
  // Its own dataDir only: one set on Object.prototype would read every pack from that folder.
  return open({
    loader: fsLoader(Object.hasOwn(options, 'dataDir') ? dataDir : undefined),
    inflate: nativeInflate,
    checksum: nativeChecksum,
    ...rest,
  });
}
