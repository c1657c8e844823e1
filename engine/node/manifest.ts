// A pack folder's manifest.json, read and checked. Apart from copy-packs so that what reads a manifest (the
// compiler's CLI, the importer, the pack check) does not import the engine that copy-packs samples: the
// compiler's code is a build input, and every engine module it imported made the packs look stale.
import { isPackName } from '../core/pack/reader.ts';

export interface ManifestPack {
  name: string;
  file: string;
  bytes: number;
  [field: string]: unknown;
}
export interface Manifest {
  packs: ManifestPack[];
  [field: string]: unknown;
}

/** A file name with no folder in it, no parent step and no hidden file: it can only name a file in the folder. */
const isPlainFileName = (file: string) => /^[\w-][\w.-]*$/.test(file) && file.length <= 255;

/**
 * Reads and checks a manifest: every entry must name a pack and a plain file, since the file names decide
 * where copies are written.
 */
export function parseManifest(text: string, source: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source} is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const packs = (json as { packs?: unknown } | null)?.packs;
  if (typeof json !== 'object' || json === null || Array.isArray(json) || !Array.isArray(packs))
    throw new Error(`${source} must be an object with a "packs" list; is it a manifest bible build wrote?`);
  packs.forEach((entry: unknown, i) => {
    const { name, file, bytes } = (entry ?? {}) as Record<string, unknown>;
    const where = `${source}: packs[${i}]`;
    if (typeof name !== 'string' || !isPackName(name))
      throw new Error(`${where} needs a "name" of letters, digits, '.', '_' and '-', got ${JSON.stringify(name)}`);
    if (typeof file !== 'string' || !isPlainFileName(file))
      throw new Error(
        `${where} (${name}) has "file" ${JSON.stringify(file)}, which is not a plain file name in the folder; refusing to copy it`,
      );
    if (!Number.isSafeInteger(bytes) || (bytes as number) < 0)
      throw new Error(`${where} (${name}) needs "bytes", a whole number, got ${JSON.stringify(bytes)}`);
    // Two entries with one name or one file would overwrite each other's copy, and a pack written as
    // manifest.json would be overwritten by the manifest copy-packs writes last.
    const earlier = packs.slice(0, i) as Partial<ManifestPack>[];
    if (earlier.some((other) => other.name === name))
      throw new Error(`${where} names pack ${JSON.stringify(name)} a second time`);
    if (file === 'manifest.json' || earlier.some((other) => other.file === file))
      throw new Error(
        `${where} (${name}) has "file" ${JSON.stringify(file)}, which another entry or the manifest uses`,
      );
  });
  return json as Manifest;
}
