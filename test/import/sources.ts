// The corpus's real files as the import readers take them: a folder of USFM, one XML file, or a SWORD
// zip unpacked with fflate (as the host does for a zip).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import type { SourceFile } from '../../engine/import/types.ts';

export const SOURCES = process.env.BIBLE_SOURCES ?? join(import.meta.dirname, '..', '..', '..', 'shared', 'sources');

export function folderFiles(relative: string): SourceFile[] {
  const dir = join(SOURCES, relative);
  return readdirSync(dir)
    .sort()
    .map((name) => ({ path: `${relative}/${name}`, bytes: readFileSync(join(dir, name)) }));
}

export function oneFile(relative: string): SourceFile[] {
  return [{ path: relative, bytes: readFileSync(join(SOURCES, relative)) }];
}

export function zipFiles(relative: string): SourceFile[] {
  const entries = unzipSync(readFileSync(join(SOURCES, relative)));
  return Object.entries(entries).map(([path, bytes]) => ({ path, bytes }));
}
