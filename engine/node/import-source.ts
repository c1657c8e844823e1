// What `bible import` reads: a file, a folder, or a zip of either, as bytes with the paths a user sees.
// Files are data: a zip's entries are inflated a piece at a time under limits on their count, their
// total size and their ratio to the zip's size (a zip bomb stops at the limit, not when memory runs out),
// an entry whose path climbs out of the folder is refused, and a folder's links are followed only to
// files inside it. Each refusal is one line naming the file and the place.
import { lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { Unzip, UnzipInflate } from 'fflate';
import type { SourceFile } from '../import/types.ts';
import { readRegularFile } from './small-file.ts';

export interface SourceLimits {
  /** files in a folder or entries in a zip */
  maxFiles: number;
  /** bytes read or inflated in all */
  maxTotalBytes: number;
  /** inflated bytes per byte of zip */
  maxRatio: number;
}

/** A whole Bible in the largest format (OSIS with notes) is some 30 MB; a SWORD module a few thousand files. */
export const SOURCE_LIMITS: SourceLimits = { maxFiles: 20_000, maxTotalBytes: 512 * 1024 * 1024, maxRatio: 100 };

/** The zip is fed to the inflater in pieces this size, so one piece inflates to a bounded chunk. */
const ZIP_PIECE = 16 * 1024;

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** fflate's DEFLATE decoder with the method number it serves stated here: the package's build wraps
 *  fflate's exports to load it on first use, and a wrapper carries no static fields. */
class ZipInflate extends UnzipInflate {
  static override compression = 8;
}

/** Whether a zip entry's name stays inside the folder it unpacks into. */
export function isContainedPath(name: string): boolean {
  if (name === '' || name.includes('\0')) return false;
  if (/^[\\/]/.test(name) || /^[A-Za-z]:/.test(name)) return false;
  return !name.split(/[\\/]/).some((part) => part === '..');
}

/** Bytes held in memory so far across every file and zip of one source, against limits.maxTotalBytes. */
export interface SourceBudget {
  spent: number;
}

/** A zip's entries, each named as a file in a folder named by the zip ("KJV.zip/mods.d/kjv.conf"), so a
 *  reader that finds files by their folders (a SWORD module's mods.d and modules/) reads a zip as it
 *  reads the unpacked folder. */
export function readZip(
  path: string,
  zip: Uint8Array,
  limits: SourceLimits = SOURCE_LIMITS,
  budget: SourceBudget = { spent: 0 },
): SourceFile[] {
  const files: SourceFile[] = [];
  const ratioLimit = Math.max(zip.length * limits.maxRatio, 1024 * 1024);
  let total = 0;
  let failure: Error | undefined;
  const fail = (error: Error) => {
    failure ??= error;
  };
  const unzip = new Unzip((entry) => {
    if (failure) return;
    if (!isContainedPath(entry.name)) {
      fail(
        new Error(
          `${path}: entry ${JSON.stringify(entry.name.slice(0, 200))} climbs out of the folder; refusing the zip`,
        ),
      );
      return;
    }
    if (files.length >= limits.maxFiles) {
      fail(new Error(`${path}: more than ${limits.maxFiles} entries (at ${entry.name}); refusing the zip`));
      return;
    }
    if (entry.name.endsWith('/')) return;
    const chunks: Uint8Array[] = [];
    entry.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        fail(new Error(`${path}: entry ${entry.name} cannot be inflated (${error.message})`));
        return;
      }
      total += chunk.length;
      budget.spent += chunk.length;
      if (total > ratioLimit || budget.spent > limits.maxTotalBytes) {
        const why =
          total > ratioLimit
            ? `past ${ratioLimit} bytes (${limits.maxRatio}x the zip)`
            : `the source past ${limits.maxTotalBytes} bytes in all`;
        fail(new Error(`${path}: entry ${entry.name} inflates ${why}: a zip bomb? refusing it`));
        entry.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) files.push({ path: `${path}/${entry.name}`, bytes: concat(chunks) });
    };
    entry.start();
  });
  unzip.register(ZipInflate);
  try {
    for (let at = 0; at < zip.length && !failure; at += ZIP_PIECE)
      unzip.push(zip.subarray(at, at + ZIP_PIECE), at + ZIP_PIECE >= zip.length);
  } catch (error) {
    fail(new Error(`${path}: not a readable zip (${error instanceof Error ? error.message : String(error)})`));
  }
  if (failure) throw failure;
  if (files.length === 0) throw new Error(`${path}: the zip holds no file`);
  return files;
}

function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** A folder's files, in name order, read through links only where they land inside the folder and
 *  never into a folder already walked (a link back to the folder or its parent would loop). */
function readFolder(root: string, shown: string, limits: SourceLimits, budget: SourceBudget): SourceFile[] {
  const realRoot = realpathSync(root);
  const files: SourceFile[] = [];
  const walked = new Set<string>([realRoot]);
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      const where = join(shown, relative(root, full));
      let info = lstatSync(full);
      if (info.isSymbolicLink()) {
        let target: string;
        try {
          target = realpathSync(full);
        } catch {
          throw new Error(`${where}: a link to nothing; refusing it`);
        }
        if (target !== realRoot && !target.startsWith(realRoot + sep))
          throw new Error(`${where}: a link to ${target}, outside ${shown}; links are followed only inside the folder`);
        info = statSync(full);
      }
      if (info.isDirectory()) {
        const real = realpathSync(full);
        if (walked.has(real))
          throw new Error(`${where}: a link back to ${real}, a folder already read; refusing the loop`);
        walked.add(real);
        walk(full);
        continue;
      }
      if (!info.isFile()) continue;
      if (files.length >= limits.maxFiles)
        throw new Error(`${shown}: more than ${limits.maxFiles} files (at ${where})`);
      budget.spent += info.size;
      if (budget.spent > limits.maxTotalBytes)
        throw new Error(`${where}: the folder holds more than ${limits.maxTotalBytes} bytes; refusing it`);
      files.push({ path: where, bytes: readRegularFile(full, limits.maxTotalBytes, 'the source file') });
    }
  };
  walk(root);
  return files;
}

/** The files of a source: a file (a zip is unpacked), or a folder (zips in it are unpacked too). */
export function readSource(path: string, limits: SourceLimits = SOURCE_LIMITS): SourceFile[] {
  let info: ReturnType<typeof statSync>;
  try {
    info = statSync(path);
  } catch {
    throw new Error(`${path} does not exist`);
  }
  const budget: SourceBudget = { spent: 0 };
  const files = info.isDirectory()
    ? readFolder(path, path, limits, budget)
    : [{ path, bytes: readRegularFile(path, limits.maxTotalBytes, 'the source file') }];
  if (!info.isDirectory()) budget.spent += files[0].bytes.length;
  const out = files.flatMap((f) => (isZip(f.bytes) ? readZip(f.path, f.bytes, limits, budget) : [f]));
  if (out.length === 0) throw new Error(`${path}: no file to read`);
  return out;
}
