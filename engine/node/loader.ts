// The Node host: packs come from dist/data on disk, and Node's native zlib inflates and checks them.
import { open, type OpenOptions, type PackLoader, type TypedBible } from '../core/engine.ts';
import { BibleError } from '../core/errors.ts';
import { type Checksum, isPackName } from '../core/pack/reader.ts';

// Node's built-ins as process.getBuiltinModule (Node 20.16 and 22.3 on) hands them over, synchronously: an
// ES import of one first builds a facade of all its exports (node:fs's reads every lazy getter, fs.promises
// among them), and even node:module's, for createRequire, costs about a millisecond of a first verse. An
// older Node is refused rather than awaited: a top-level await would make this module, and in Node every
// entry of the package, since they share its engine, one that require() cannot load. node:zlib is taken on
// the first inflate or check: it loads node:stream with it (about 3 ms), which an app that imports the
// engine and never reads a pack should not pay, and which a process that prints first has loaded anyway.
// A web page or renderer bundle that imports this entry has no `process`: it is told which entry is its
// own, where it got "process is not defined" as it loaded.
if (typeof process === 'undefined' || !process.versions?.node)
  throw new Error(
    "bible-engine/node runs in Node; in a web page, a browser extension or an Electron renderer import 'bible-engine/browser' (openBrowser), elsewhere 'bible-engine' (open with a loader)",
  );
const builtin = process.getBuiltinModule as ((id: string) => unknown) | undefined;
if (typeof builtin !== 'function')
  throw new Error(
    `bible-engine needs Node 20.16 or later, or 22.3 or later (for process.getBuiltinModule); this is Node ${process.versions.node}`,
  );
const fs = builtin('node:fs') as typeof import('node:fs');
const { join, resolve, dirname } = builtin('node:path') as typeof import('node:path');
const { fileURLToPath } = builtin('node:url') as typeof import('node:url');
type Zlib = typeof import('node:zlib');
let zlibLoaded: Zlib | undefined;
const zlib = (): Zlib => (zlibLoaded ??= builtin('node:zlib') as Zlib);

/** Packs up to this size are read synchronously: a first verse then waits on no thread pool (starting
 *  it and two round trips through it cost about 3 ms of a 30 ms first verse), and reading one from the
 *  page cache takes well under a millisecond. A larger one (Gill's commentary, the Hebrew text) is read
 *  asynchronously, so a server goes on answering while it comes in. */
const SYNC_READ_BYTES = 4 * 1024 * 1024;
/** The most one read takes (fs.read refuses more), and far beyond any pack (the largest is some 10 MiB): a
 *  larger file in a pack's place is refused before memory is taken for it. */
const MAX_PACK_BYTES = 2 ** 31 - 1;
// Opened without blocking: a pipe in a pack's place would otherwise hold open() until a writer came.
const READ_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);

/**
 * A pack file's bytes, in memory of their own (so sections read in place keep the alignment the writer
 * gave them). The file is checked through its open descriptor, so what is read is the regular file that
 * was checked: a device or a pipe in a pack's place would be read for ever, and is refused.
 */
async function readPackFile(path: string): Promise<Uint8Array> {
  const fd = fs.openSync(path, READ_FLAGS);
  try {
    const stats = fs.fstatSync(fd);
    if (!stats.isFile()) throw new Error(`${path} is not a regular file`);
    if (stats.size > MAX_PACK_BYTES)
      throw new Error(`${path} is ${stats.size} bytes, more than a pack can be (${MAX_PACK_BYTES} at most)`);
    const buffer = Buffer.allocUnsafeSlow(stats.size);
    const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    let filled = 0;
    while (filled < bytes.length) {
      const read =
        bytes.length <= SYNC_READ_BYTES
          ? fs.readSync(fd, bytes, filled, bytes.length - filled, filled)
          : await new Promise<number>((done, fail) =>
              fs.read(fd, bytes, filled, bytes.length - filled, filled, (error, n) => (error ? fail(error) : done(n))),
            );
      if (read === 0) break; // cut short while being read: the pack's own checks name what is missing
      filled += read;
    }
    return filled === bytes.length ? bytes : bytes.subarray(0, filled);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The package's own packs: dist/data at the package root, found from this file whether it runs from the
 * TypeScript sources (engine/node) or the compiled JavaScript (lib/node, or a bundled CLI in lib/cli).
 */
export const DEFAULT_DATA_DIR = packageDataDir(moduleDir());

/** This module's folder. An app bundled to CommonJS (esbuild --format=cjs, as an Electron main process
 *  often is) has no import.meta.url, and fileURLToPath(undefined) threw as the app started: the bundle's
 *  own folder stands in, where no dist/data is found and a first read names the dataDir to pass. */
function moduleDir(): string {
  const url: unknown = import.meta.url;
  if (typeof url === 'string' && url !== '') return dirname(fileURLToPath(url));
  return typeof __dirname === 'string' ? __dirname : process.cwd();
}

function packageDataDir(from: string): string {
  for (let dir = from, up = 0; up < 4; dir = dirname(dir), up++) {
    const candidate = join(dir, 'dist', 'data');
    if (fs.existsSync(join(candidate, 'manifest.json'))) return candidate;
  }
  return resolve(from, '..', '..', 'dist', 'data');
}

export function fsLoader(folder: string | URL = DEFAULT_DATA_DIR): PackLoader {
  // A file: URL, as an ES module names a folder beside itself (new URL('./packs/', import.meta.url)) and
  // as Node's fs takes it, is that folder's path.
  const dataDir: unknown = isFileUrl(folder) ? fileURLToPath(folder.href) : folder;
  // An empty path (an unset environment variable, say) would read the packs from wherever the process
  // happens to run, and a remedy naming no folder.
  if (typeof dataDir !== 'string' || dataDir.trim() === '')
    throw new BibleError(
      'INVALID_PARAMETER',
      `dataDir must be the path of a folder of packs, such as './packs', got ${typeof dataDir === 'string' ? JSON.stringify(dataDir) : `a value of type ${dataDir === null ? 'null' : typeof dataDir}`}`,
      'dataDir',
    );
  const load = async (packName: string): Promise<Uint8Array> => {
    if (!isPackName(packName)) throw new Error(`bad pack name ${JSON.stringify(packName)}`);
    const path = join(dataDir, `${packName}.pack`);
    try {
      return await readPackFile(path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') throw new Error(code ? `cannot read ${path} (${code})` : (error as Error).message);
      // The package's own folder has every pack once built; a folder of the app's has those copied into it.
      const remedy =
        resolve(dataDir) !== resolve(DEFAULT_DATA_DIR)
          ? `this folder holds the packs copied into it; \`bible copy-packs --to ${shellWord(dataDir)} --packs ${packName}\` adds it`
          : packageRemedy(packName);
      throw new Error(`${path} does not exist; ${remedy}`);
    }
  };
  return Object.assign(load, { listPacks: () => listPackFiles(dataDir) });
}

/**
 * Why the package's own folder lacks a pack: its manifest names every pack the build wrote, so a name it
 * does not know is no pack at all (a typo in preload or load(), where a rebuild would change nothing).
 * No manifest at all means no dist/data beside the engine: most often an app bundled into files of its
 * own, away from the package, where building the engine is no remedy.
 */
function packageRemedy(packName: string): string {
  let manifest: { packs?: unknown } | null;
  try {
    manifest = JSON.parse(fs.readFileSync(join(DEFAULT_DATA_DIR, 'manifest.json'), 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR')
      return 'no dist/data was found beside the engine (bundled into an app?): pass openNode({ dataDir }) naming a folder of packs (`bible copy-packs --to <folder>` writes one), or run `npm run build` in a checkout';
    // an unreadable manifest: a build writes it again
    return 'run `npm run build`';
  }
  const listed: unknown[] = Array.isArray(manifest?.packs) ? manifest.packs : [];
  const names = listed
    .map((p) => (p as { name?: unknown } | null)?.name)
    .filter((n): n is string => typeof n === 'string');
  return names.length && !names.includes(packName)
    ? `there is no pack named '${packName}'; the packs are ${names.join(', ')}`
    : 'run `npm run build`';
}

/** A URL object of the file: scheme (from this realm or another: its href is what tells). */
const isFileUrl = (value: unknown): value is URL =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { href?: unknown }).href === 'string' &&
  /^file:/i.test((value as { href: string }).href);

/** A path as one word of a shell command: quoted when it holds anything a shell would read otherwise. */
const shellWord = (path: string) => (/^[\w./:@+-]+$/.test(path) ? path : `'${path.replaceAll("'", `'\\''`)}'`);

/** The packs a folder holds, from its .pack files (read without opening them); undefined when unreadable. */
async function listPackFiles(dataDir: string): Promise<string[] | undefined> {
  try {
    return fs
      .readdirSync(dataDir)
      .filter((f) => f.endsWith('.pack'))
      .map((f) => f.slice(0, -'.pack'.length));
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

/** CRC-32 by zlib: a few times faster than the JavaScript one, and nothing to build or compile before the
 *  first check. Every Node with getBuiltinModule has zlib.crc32 (it came in 20.15). */
export const nativeChecksum: Checksum = (bytes) => zlib().crc32(bytes);

/** open() with the fs loader, native inflate and, where Node has it, native CRC-32. */
export async function openNode(
  options: Partial<OpenOptions> & {
    /** the folder of packs (`bible copy-packs --to` writes one): a path, relative to the working
     *  directory, or a file: URL; by default the package's own dist/data, which holds every pack */
    dataDir?: string | URL;
  } = {},
): Promise<TypedBible> {
  const { dataDir, ...rest } = options;
  // open() takes options of any name, so a misspelt dataDir ('datadir', 'data_dir') was silently
  // ignored and every pack read from the package's own folder instead of the app's.
  const misspelt = Object.keys(rest).find((key) => key.toLowerCase().replace(/[-_]/g, '') === 'datadir');
  if (misspelt !== undefined)
    throw new BibleError('INVALID_PARAMETER', `openNode() has no option ${misspelt}; did you mean dataDir?`, misspelt);
  // Its own dataDir only: one set on Object.prototype would read every pack from that folder.
  return open({
    loader: fsLoader(Object.hasOwn(options, 'dataDir') ? dataDir : undefined),
    inflate: nativeInflate,
    checksum: nativeChecksum,
    ...rest,
  });
}
