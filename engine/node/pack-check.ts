// The packs a server answers from, checked against their manifest (size and SHA-256) once at start: the
// engine reads a pack only when a call first needs it, so a corrupt or missing one would otherwise pass
// /healthz until a client asked for it.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parseManifest } from './manifest.ts';

export interface PackProblem {
  pack: string;
  /** manifest: the manifest itself cannot be read (cut short, not JSON, an entry without a file name) */
  problem: 'missing' | 'size' | 'sha256' | 'manifest';
}

export interface PackHealth {
  /** checking: the hashes are being read; ok: every pack of the manifest matches it; corrupt: some do not;
   * unchecked: there is no manifest.json to check against; a manifest that is there but cannot be read is
   * corrupt, since loaders read it before any pack */
  state: 'checking' | 'ok' | 'corrupt' | 'unchecked';
  checked: number;
  problems: PackProblem[];
  reason?: string;
}

interface ManifestEntry {
  name: string;
  file: string;
  bytes: number;
  sha256?: string;
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** What one pack file says against its manifest entry (undefined: it matches). */
async function problemOf(dir: string, entry: ManifestEntry): Promise<PackProblem['problem'] | undefined> {
  const path = join(dir, entry.file);
  const size = await stat(path).then(
    (s) => (s.isFile() ? s.size : -1),
    () => -1,
  );
  if (size < 0) return 'missing';
  if (size !== entry.bytes) return 'size';
  if (entry.sha256 && (await sha256Of(path)) !== entry.sha256) return 'sha256';
  return undefined;
}

/** Checks every pack the manifest in `dir` lists, one after another (a few tens of megabytes). */
export async function checkPacks(dir: string): Promise<PackHealth> {
  let text: string;
  try {
    text = await readFile(join(dir, 'manifest.json'), 'utf8');
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is none' : (error as Error).message;
    return {
      state: 'unchecked',
      checked: 0,
      problems: [],
      reason: `no manifest.json to check the packs against: ${why}`,
    };
  }
  // The rules copy-packs holds a manifest to: one that cannot be read is corrupt, since loaders read it first.
  let entries: ManifestEntry[];
  try {
    entries = parseManifest(text, 'manifest.json').packs;
  } catch (error) {
    return {
      state: 'corrupt',
      checked: 0,
      problems: [{ pack: 'manifest.json', problem: 'manifest' }],
      reason: (error as Error).message,
    };
  }
  const problems: PackProblem[] = [];
  for (const entry of entries) {
    const problem = await problemOf(dir, entry);
    if (problem) problems.push({ pack: String(entry.name), problem });
  }
  return { state: problems.length ? 'corrupt' : 'ok', checked: entries.length, problems };
}

/** Starts the check and returns what is known so far, for /healthz. */
export function watchPacks(dir: string): () => PackHealth {
  let health: PackHealth = { state: 'checking', checked: 0, problems: [] };
  void checkPacks(dir).then(
    (done) => {
      health = done;
    },
    (error: unknown) => {
      health = { state: 'unchecked', checked: 0, problems: [], reason: String(error) };
    },
  );
  return () => health;
}
