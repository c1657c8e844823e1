// `bible copy-packs`: copies a chosen set of packs (and a manifest naming just those) into an app's
// assets folder, so a mobile or desktop app ships only what it reads: e.g. meta and the KJV text, which
// is all its reading and searching need. The engine loads packs by name through the app's own loader, so
// nothing else changes.
import {
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LANGUAGES, loadMeta, type Meta } from '../core/meta.ts';
import { OPERATIONS } from '../core/operations.ts';
import { readPack } from '../core/pack/reader.ts';
import { type Manifest, type ManifestPack, parseManifest } from './manifest.ts';

export { type Manifest, type ManifestPack, parseManifest } from './manifest.ts';
import { withSchema } from '../core/pack/schema.ts';
import { META_PACK } from '../core/pack/schemas.ts';
import { coerceParams, type ParamSpec } from '../core/params.ts';
import { DEFAULT_DATA_DIR, nativeInflate } from './loader.ts';
import { readRegularFile } from './small-file.ts';

/** A manifest lists a few dozen packs in some kilobytes; a meta pack is tens of kilobytes. */
const MANIFEST_LIMIT = 16 * 1024 * 1024;
const META_LIMIT = 64 * 1024 * 1024;

/** copyFileSync fails where the name exists already (a file or a link), never writing into it. */
const COPY_NEW_FILE = constants.COPYFILE_EXCL;

/** Raw values to try for a parameter: every value where a parameter chooses among a few (a translation,
 * a dictionary), else one valid value. An Old and a New Testament verse, as some packs hold one each. */
function sampleValues(spec: ParamSpec, meta: Meta): (string | undefined)[] {
  const absent = spec.required || spec.default !== undefined ? [] : [undefined];
  const one = (value: string) => [...absent, value];
  switch (spec.type) {
    case 'versionId':
      return [...absent, ...meta.versions.map((v) => v.versionId)];
    case 'choice':
      return [...absent, ...spec.values!];
    case 'language':
      return [...absent, ...LANGUAGES];
    case 'verseId':
      return [...absent, '01001001', '40001001'];
    case 'bookId':
      return [...absent, '1', '40'];
    case 'bookAndChapterId':
      return [...absent, '01001', '40001'];
    case 'bookOrTestament':
      return [...absent, 'ot', 'nt'];
    case 'chapterId':
      return one('1');
    case 'chapterOrBookAndChapterId':
      return one('1');
    case 'date':
      return one('2024-01-01');
    case 'age':
      return one('30');
    case 'integer':
      return one(String(spec.default ?? spec.min ?? 1));
    case 'text':
      return spec.values?.length ? [...absent, ...spec.values] : one(String(spec.default ?? 'love'));
  }
}

/** The build's meta pack, read at once (the list is printed before anything else happens). */
function readMeta(dataDir: string): Meta {
  const path = join(dataDir, `${META_PACK.name}.pack`);
  const bytes = readRegularFile(path, META_LIMIT, 'the meta pack (every operation needs it)');
  return loadMeta(withSchema(readPack(META_PACK.name, bytes, nativeInflate), META_PACK));
}

/** Beyond this many combinations of an operation's parameters, each parameter is varied alone. */
const MAX_COMBINATIONS = 2000;

/**
 * Which operations read each pack, asked of the operation table itself: each operation's `packs` is
 * called with the parameter values that can change it (every translation, every choice, both testaments).
 * The meta pack is left out: every operation reads it.
 */
export function operationsByPack(meta: Meta): Map<string, string[]> {
  const users = new Map<string, Set<string>>();
  for (const op of OPERATIONS) {
    if (!op.packs) continue;
    const samples = op.params.map((spec) => sampleValues(spec, meta));
    const count = samples.reduce((n, values) => n * values.length, 1);
    const combinations: (string | undefined)[][] =
      count <= MAX_COMBINATIONS
        ? samples.reduce<(string | undefined)[][]>(
            (rows, values) => rows.flatMap((row) => values.map((v) => [...row, v])),
            [[]],
          )
        : samples.flatMap((values, i) => values.map((v) => samples.map((others, j) => (j === i ? v : others.at(-1)))));
    for (const values of combinations) {
      const raw = Object.fromEntries(
        op.params.flatMap((spec, i) => (values[i] === undefined ? [] : [[spec.name, values[i]]])),
      );
      let needs: string[];
      try {
        needs = op.packs(coerceParams(op.name, op.params, raw, meta), meta, () => true);
      } catch {
        continue; // a combination the operation refuses reads no pack
      }
      for (const pack of needs) {
        if (!users.has(pack)) users.set(pack, new Set());
        users.get(pack)!.add(op.name);
      }
    }
  }
  return new Map([...users].map(([pack, names]) => [pack, [...names]]));
}

export const COPY_PACKS_USAGE = `usage: bible copy-packs --to DIR [--versions kjv,web] [--packs lexicon,xrefs] [--all] [--list]
  --to DIR          the app's assets folder (created if missing)
  --versions LIST   translations whose text packs to copy (text-<version>), which is all reading and
                    searching them needs; default kjv
  --packs LIST      further packs by name (bible copy-packs --list shows every pack and its size)
  --all             every pack
  --list            list the packs of this build, their sizes and the operations each serves, and stop
The meta pack, which every operation needs, is always copied.`;

export interface CopyPlan {
  from: string;
  to: string;
  packs: ManifestPack[];
}

/** Searching needs no pack of its own: the engine makes a translation's word index from its text. */
const NO_SEARCH_PACKS =
  "search needs no pack of its own: the engine makes a translation's word index from its text pack (text-<version>, which --versions copies)";

/** The packs a set of options selects from a manifest; unknown names are errors that list the known ones. */
export function selectPacks(
  manifest: Manifest,
  options: { versions?: string[]; packs?: string[]; all?: boolean },
): ManifestPack[] {
  const byName = new Map(manifest.packs.map((p) => [p.name, p]));
  if (options.all) return manifest.packs;
  // Written as the engine reads a versionId: KJV and t_kjv are kjv.
  const versions = (options.versions ?? ['kjv']).map((v) => v.toLowerCase().replace(/^t_/, ''));
  const names = ['meta', ...versions.map((v) => `text-${v}`), ...(options.packs ?? [])];
  const unknown = names.filter((n) => !byName.has(n));
  if (unknown.length) {
    const search = unknown.some((n) => n === 'search' || n.startsWith('search-')) ? `; ${NO_SEARCH_PACKS}` : '';
    throw new Error(
      `no pack named ${unknown.join(', ')} in this build${search}; its packs are ${[...byName.keys()].join(', ')} (bible copy-packs --list shows their sizes)`,
    );
  }
  return [...new Set(names)].map((n) => byName.get(n)!);
}

function readManifest(path: string): Manifest | undefined {
  try {
    return JSON.parse(readRegularFile(path, MANIFEST_LIMIT, 'the manifest').toString('utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** The options of `bible copy-packs`, as the command reads them. */
interface CopyPacksOptions {
  to?: string;
  versions?: string;
  search?: boolean;
  packs?: string;
  all?: boolean;
  list?: boolean;
  data?: string;
  help?: boolean;
}

/** parseArgs' own wording names its API ("Option '--to <value>' argument missing"); this names the command. */
function optionError(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  const option = /'([^' ]+)/.exec(message)?.[1] ?? message;
  return new Error(
    /argument missing|ambiguous/.test(message)
      ? `${option} needs a value (bible copy-packs --help)`
      : /Unexpected argument/.test(message)
        ? `unexpected argument ${JSON.stringify(option)}; bible copy-packs takes only options (bible copy-packs --help)`
        : /does not take an argument/.test(message)
          ? `${option} takes no value (bible copy-packs --help)`
          : `unknown option ${JSON.stringify(option)} (bible copy-packs --help lists the options)`,
  );
}

function parseCopyPacksArgs(args: string[]): CopyPacksOptions {
  let parsed: Omit<CopyPacksOptions, 'to' | 'versions' | 'packs'> & {
    to?: string[];
    versions?: string[];
    packs?: string[];
  };
  try {
    ({ values: parsed } = parseArgs({
      args,
      options: {
        to: { type: 'string', multiple: true },
        // Given twice (--versions kjv --versions web), a list option adds to itself: parseArgs kept only
        // the last, so the kjv a script asked for was left out without a word.
        versions: { type: 'string', multiple: true },
        search: { type: 'boolean' },
        packs: { type: 'string', multiple: true },
        all: { type: 'boolean' },
        list: { type: 'boolean' },
        data: { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    throw optionError(error);
  }
  // Two folders are one too many: the packs would go to whichever came last.
  if (parsed.to && parsed.to.length > 1)
    throw new Error(`--to is given more than once (${parsed.to.join(', ')}); name one folder`);
  return { ...parsed, to: parsed.to?.[0], versions: parsed.versions?.join(','), packs: parsed.packs?.join(',') };
}

/** The manifest of the folder packs are copied from. */
function sourceManifest(from: string): Manifest {
  const manifestPath = join(from, 'manifest.json');
  let manifestText: string;
  try {
    manifestText = readRegularFile(manifestPath, MANIFEST_LIMIT, 'the manifest').toString('utf8');
  } catch (error) {
    throw new Error(`${(error as Error).message}; --data names the folder bible build wrote`);
  }
  return parseManifest(manifestText, manifestPath);
}

/** --list: each pack, its size, and the operations that read it. */
function listPacks(from: string, manifest: Manifest, log: (line: string) => void): void {
  const users = operationsByPack(readMeta(from));
  const width = Math.max(...manifest.packs.map((p) => p.name.length));
  for (const p of manifest.packs) {
    const serves = p.name === 'meta' ? ['every operation'] : (users.get(p.name) ?? ['no operation of this engine']);
    log(`${p.name.padEnd(width)} ${(p.bytes / 1024).toFixed(0).padStart(7)} KiB  ${serves.join(', ')}`);
  }
}

/** Every source must be the file the manifest describes before anything is written: a missing pack, a
 *  device or a file of another size (a manifest from another build) would stop the copy half done. */
function checkSources(from: string, packs: ManifestPack[]): void {
  for (const p of packs) {
    const source = join(from, p.file);
    let info: ReturnType<typeof statSync>;
    try {
      info = statSync(source);
    } catch {
      throw new Error(`${source} (pack ${p.name}) is missing; the manifest names it (run bible build again)`);
    }
    if (!info.isFile()) throw new Error(`${source} (pack ${p.name}) is not a regular file`);
    if (info.size !== p.bytes)
      throw new Error(
        `${source} (pack ${p.name}) has ${info.size} bytes where the manifest says ${p.bytes}: the manifest is not this build's (run bible build again)`,
      );
  }
}

/** The folder packs go to, made if missing; refused when it is a file or the folder they come from. */
function targetFolder(given: string, from: string): string {
  const to = resolve(given);
  try {
    mkdirSync(to, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(
      code === 'EEXIST' || code === 'ENOTDIR'
        ? `--to ${given} is a file, not a folder`
        : `cannot make the folder ${to} (${code ?? String(error)})`,
    );
  }
  // Copying a folder onto itself would leave its packs but replace its manifest with the chosen few.
  if (realpathSync(to) === realpathSync(from))
    throw new Error(`--to ${given} is the folder the packs are copied from; name the app's own folder`);
  return to;
}

/** The files of `written` already in the folder; checked before anything is written, so a refusal leaves
 *  the folder as it was. */
function filesReplaced(to: string, written: string[]): string[] {
  return written.filter((file) => {
    const target = join(to, file);
    let info: ReturnType<typeof lstatSync>;
    try {
      info = lstatSync(target);
    } catch {
      return false;
    }
    if (info.isSymbolicLink())
      throw new Error(`${target} is a symbolic link; copy-packs never writes through one (remove it and run again)`);
    if (!info.isFile()) throw new Error(`${target} is there and is not a file; copy-packs will not replace it`);
    return true;
  });
}

/** Writes a file under a new name and renames it into place: rename replaces a name, so a link made
 *  there meanwhile is replaced, never followed. */
export function placeFile(to: string, file: string, write: (temporary: string) => void): void {
  const temporary = join(to, `.${file}.${process.pid}.partial`);
  try {
    write(temporary);
    renameSync(temporary, join(to, file));
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** The packs the folder's manifest lists after the copy: those copied, and those an earlier copy from
 *  this same build left there (how a browser host learns what the folder holds); packs of another build
 *  are not vouched for. */
function packsHeld(to: string, manifest: Manifest, copied: ManifestPack[]): ManifestPack[] {
  const earlier = readManifest(join(to, 'manifest.json'));
  const held = new Set(copied.map((p) => p.name));
  if (earlier && earlier.inputs === manifest.inputs && Array.isArray(earlier.packs))
    for (const p of earlier.packs) if (typeof p?.file === 'string' && existsSync(join(to, p.file))) held.add(p.name);
  return manifest.packs.filter((p) => held.has(p.name));
}

/** Copies the packs and writes the folder's manifest; returns what the manifest lists. */
function copyInto(from: string, to: string, manifest: Manifest, packs: ManifestPack[]): ManifestPack[] {
  for (const p of packs)
    placeFile(to, p.file, (temporary) => copyFileSync(join(from, p.file), temporary, COPY_NEW_FILE));
  const listed = packsHeld(to, manifest, packs);
  placeFile(to, 'manifest.json', (temporary) => {
    const fd = openSync(temporary, 'wx');
    try {
      writeSync(fd, `${JSON.stringify({ ...manifest, packs: listed }, null, 2)}\n`);
    } finally {
      closeSync(fd);
    }
  });
  return listed;
}

export function copyPacksFromArgs(
  args: string[],
  log: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
): number {
  const values = parseCopyPacksArgs(args);
  if (values.help) {
    log(COPY_PACKS_USAGE);
    return 0;
  }
  // Refused rather than ignored: a script that asked for search indexes learns that text packs serve search.
  if (values.search) throw new Error(`--search is no longer an option: ${NO_SEARCH_PACKS}`);
  const from = resolve(values.data ?? DEFAULT_DATA_DIR);
  const manifest = sourceManifest(from);
  if (values.list) {
    listPacks(from, manifest, log);
    return 0;
  }
  if (!values.to) throw new Error("--to DIR is needed: the app's assets folder (bible copy-packs --help)");
  if (values.versions !== undefined && !list(values.versions).length)
    throw new Error('--versions needs one or more translations, e.g. --versions kjv,web');
  const packs = selectPacks(manifest, {
    versions: values.versions !== undefined ? list(values.versions) : undefined,
    packs: list(values.packs),
    all: values.all,
  });
  checkSources(from, packs);
  const to = targetFolder(values.to, from);
  const overwritten = filesReplaced(to, [...packs.map((p) => p.file), 'manifest.json']);
  const listed = copyInto(from, to, manifest, packs);
  if (overwritten.length) log(`replaced ${overwritten.length} files that were in ${to}: ${overwritten.join(', ')}`);
  const total = packs.reduce((n, p) => n + p.bytes, 0);
  log(
    `copied ${packs.length} packs (${(total / 1024 / 1024).toFixed(1)} MiB) to ${to}: ${packs.map((p) => p.name).join(', ')}` +
      (listed.length > packs.length ? `; it now holds ${listed.map((p) => p.name).join(', ')}` : ''),
  );
  return 0;
}

/** Writes bytes to a file that must not exist yet (a temporary name placeFile gave). */
export function writeNewFile(path: string, bytes: Uint8Array | string): void {
  const fd = openSync(path, 'wx');
  try {
    writeFileSync(fd, bytes);
  } finally {
    closeSync(fd);
  }
}

/** A folder's manifest.json, replaced whole (placeFile). */
export function writeManifest(folder: string, manifest: Manifest): void {
  placeFile(folder, 'manifest.json', (temporary) => writeNewFile(temporary, `${JSON.stringify(manifest, null, 2)}\n`));
}
