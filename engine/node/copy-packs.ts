// `bible copy-packs`: copies a chosen set of packs (and a manifest naming just those) into an app's
// assets folder, so a mobile or desktop app ships only what it reads: e.g. the KJV text and its search
// index plus meta. The engine loads packs by name through the app's own loader, so nothing else changes.
import { copyFileSync, existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_DATA_DIR } from './loader.ts';

interface ManifestPack {
  name: string;
  file: string;
  bytes: number;
  [field: string]: unknown;
}
interface Manifest {
  packs: ManifestPack[];
  [field: string]: unknown;
}

export const COPY_PACKS_USAGE = `usage: bible copy-packs --to DIR [--versions kjv,web] [--search] [--packs lexicon,xrefs] [--all] [--list]
  --to DIR          the app's assets folder (created if missing)
  --versions LIST   translations whose text packs to copy (text-<version>); default kjv
  --search          also their search indexes (search-<version>), for GetSearch and friends
  --packs LIST      further packs by name (bible copy-packs --list shows every pack and its size)
  --all             every pack
  --list            list the packs of this build and stop
The meta pack, which every operation needs, is always copied.`;

export interface CopyPlan {
  from: string;
  to: string;
  packs: ManifestPack[];
}

/** The packs a set of options selects from a manifest; unknown names are errors that list the known ones. */
export function selectPacks(
  manifest: Manifest,
  options: { versions?: string[]; search?: boolean; packs?: string[]; all?: boolean },
): ManifestPack[] {
  const byName = new Map(manifest.packs.map((p) => [p.name, p]));
  if (options.all) return manifest.packs;
  // Written as the engine reads a versionId: KJV and t_kjv are kjv.
  const versions = (options.versions ?? ['kjv']).map((v) => v.toLowerCase().replace(/^t_/, ''));
  const names = [
    'meta',
    ...versions.map((v) => `text-${v}`),
    ...(options.search ? versions.map((v) => `search-${v}`) : []),
    ...(options.packs ?? []),
  ];
  const unknown = names.filter((n) => !byName.has(n));
  if (unknown.length)
    throw new Error(`no pack named ${unknown.join(', ')} in this build; bible copy-packs --list shows them`);
  return [...new Set(names)].map((n) => byName.get(n)!);
}

function readManifest(path: string): Manifest | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

export function copyPacksFromArgs(
  args: string[],
  log: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
): number {
  const { values } = parseArgs({
    args,
    options: {
      to: { type: 'string' },
      versions: { type: 'string' },
      search: { type: 'boolean' },
      packs: { type: 'string' },
      all: { type: 'boolean' },
      list: { type: 'boolean' },
      data: { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    log(COPY_PACKS_USAGE);
    return 0;
  }
  const from = resolve(values.data ?? DEFAULT_DATA_DIR);
  const manifest = JSON.parse(readFileSync(join(from, 'manifest.json'), 'utf8')) as Manifest;
  if (values.list) {
    for (const p of manifest.packs) log(`${p.name.padEnd(24)} ${(p.bytes / 1024).toFixed(0).padStart(7)} KiB`);
    return 0;
  }
  if (!values.to) throw new Error(`--to DIR is needed\n${COPY_PACKS_USAGE}`);
  const packs = selectPacks(manifest, {
    versions: values.versions ? list(values.versions) : undefined,
    search: values.search,
    packs: list(values.packs),
    all: values.all,
  });
  const to = resolve(values.to);
  mkdirSync(to, { recursive: true });
  // Copying a folder onto itself would leave its packs but replace its manifest with the chosen few.
  if (realpathSync(to) === realpathSync(from))
    throw new Error(`--to ${values.to} is the folder the packs are copied from; name the app's own folder`);
  for (const p of packs) copyFileSync(join(from, p.file), join(to, p.file));
  // Packs an earlier copy from this same build left in the folder stay in its manifest, which is how a
  // browser host learns what the folder holds; packs of another build are not vouched for.
  const earlier = readManifest(join(to, 'manifest.json'));
  const held = new Set(packs.map((p) => p.name));
  if (earlier && earlier.inputs === manifest.inputs && Array.isArray(earlier.packs))
    for (const p of earlier.packs) if (typeof p?.file === 'string' && existsSync(join(to, p.file))) held.add(p.name);
  const listed = manifest.packs.filter((p) => held.has(p.name));
  writeFileSync(join(to, 'manifest.json'), `${JSON.stringify({ ...manifest, packs: listed }, null, 2)}\n`);
  const total = packs.reduce((n, p) => n + p.bytes, 0);
  log(
    `copied ${packs.length} packs (${(total / 1024 / 1024).toFixed(1)} MiB) to ${to}: ${packs.map((p) => p.name).join(', ')}` +
      (listed.length > packs.length ? `; it now holds ${listed.map((p) => p.name).join(', ')}` : ''),
  );
  return 0;
}
