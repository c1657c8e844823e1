// The build: check the corpus, read each dataset once, run every builder, write packs and manifest.json.
import { createHash, type Hash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_DATASETS, CATALOG, VERSIFICATION_DATASET } from '../sources/catalog.ts';
import type { BuildContext, Builder, BuiltPack, BuiltPackRecord } from './builders/context.ts';
import { BuildInputError, type Exclusions, makeBuildContext, resolveExclusions, sourcePath } from './build-context.ts';
import { builderCodeHashes, moduleClosure } from './code-inputs.ts';
import { assemblePack, layoutBlocks, layoutPack } from './pack/writer.ts';
import type { PackDeclaration } from '../engine/core/pack/format.ts';
import { schemaOfPack } from '../engine/core/pack/schemas.ts';
import { createCompressionPool, type CompressionPool } from './pack/compress.ts';
import { cpuSecondsOf, runInChild } from './build-process.ts';
import { BUILDERS, SECOND_PROCESS_BUILDERS } from './builder-list.ts';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_OUT_DIR = join(REPO_ROOT, 'dist', 'data');

/**
 * Files whose change makes the packs stale (see scripts/ensure-build.ts): the compiler, the catalog, and
 * every engine module the compiler's code imports, followed through imports (a hand-kept list missed the
 * search index's module when the text builder began to import it).
 */
export function buildInputs(): string[] {
  const compilerModules: string[] = [];
  const collect = (folder: string) => {
    for (const name of readdirSync(join(REPO_ROOT, folder)).sort()) {
      const path = `${folder}/${name}`;
      if (statSync(join(REPO_ROOT, path)).isDirectory()) collect(path);
      else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) compilerModules.push(path);
    }
  };
  collect('compiler');
  // The command line's own imports are followed no further: it also writes dist/engine.js and the OpenAPI
  // document (scripts/bundle.ts), which import the operation table, and an operation is no pack input.
  // The file itself is still an input, with the rest of compiler/.
  const entries = compilerModules.filter((file) => file !== 'compiler/cli.ts');
  const read = (file: string) => readFileSync(join(REPO_ROOT, file), 'utf8');
  // Every compiler module is an entry, so build.ts's and translation-adapters.ts's imports, which
  // moduleClosure does not follow from them, are in the closure all the same.
  const engine = moduleClosure(REPO_ROOT, entries, read).filter((file) => file.startsWith('engine/'));
  return ['compiler', 'sources', ...engine];
}

export function corpusRoot(): string {
  return resolve(process.env.BIBLE_SOURCES ?? join(REPO_ROOT, '..', 'shared', 'sources'));
}

/**
 * Feeds a hash the files under `path` (a file or a folder), each as its name relative to `base` and its
 * contents, in a stable order; `skip` leaves files out.
 */
function hashFilesUnder(hash: Hash, path: string, base: string, skip: (file: string) => boolean = () => false): void {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) hashFilesUnder(hash, join(path, name), base, skip);
    return;
  }
  if (skip(path)) return;
  hash.update(relative(base, path)).update('\0').update(readFileSync(path)).update('\0');
}

/** A hash of the files under these repository paths (names and contents, in a stable order). */
export function hashInputs(paths: string[]): string {
  const hash = createHash('sha256');
  // Unit tests sit beside the modules they test; they are not inputs, so adding one rebuilds nothing.
  for (const input of paths) hashFilesUnder(hash, join(REPO_ROOT, input), REPO_ROOT, (f) => f.endsWith('.test.ts'));
  return hash.digest('hex');
}

/** A hash of the files under an absolute path (a corpus dataset: a file or a folder). */
function hashPath(root: string): string {
  const hash = createHash('sha256');
  hashFilesUnder(hash, root, root);
  return hash.digest('hex');
}

/** A hash of every build input, stored in the manifest so a stale build is detected after a git pull. */
export const buildInputsHash = (): string => hashInputs(buildInputs());

export {
  BUILDERS,
  BuildInputError,
  type Exclusions,
  makeBuildContext,
  resolveExclusions,
  SECOND_PROCESS_BUILDERS,
  sourcePath,
};

export interface BuildOptions {
  outDir?: string;
  log?: (message: string) => void;
  /** run only these builders, keeping the other packs and their manifest entries */
  only?: string[];
  /** leave out every catalog entry of these licence categories (e.g. cc_restrictive, unknown) */
  excludeCategories?: string[];
}

/** What a builder's packs were made from: the hash of the code, the build options and the datasets it
 *  read. A full build keeps a builder's packs, without running it, while this hash is unchanged. */
interface BuilderRecord {
  inputs: string;
  datasets: string[];
}

/** Where packs go, and the manifest as it stands: the packs written so far, plus those a partial build keeps. */
interface PackOutput {
  dir: string;
  manifestPath: string;
  manifest: BuiltPackRecord[];
  builders: Record<string, BuilderRecord>;
  /** the manifest of the build before this one, whose unchanged builders' packs this build keeps */
  previous: { packs: BuiltPackRecord[]; builders: Record<string, BuilderRecord> };
  totalBytes: number;
  log: (message: string) => void;
}

interface ManifestFile {
  formatVersion: number;
  inputs: string;
  builders?: Record<string, BuilderRecord>;
  packs: BuiltPackRecord[];
}

/** Every catalog path and the versification source must exist under the corpus root. */
function checkCorpus(root: string): void {
  const missing = CATALOG.map((e) => e.path).filter((p) => !existsSync(join(root, p)));
  if (missing.length) {
    throw new BuildInputError(
      `the corpus at ${root} is missing ${missing.join(', ')}; set BIBLE_SOURCES to the corpus folder (../shared/sources)`,
    );
  }
}

/** The builders a build runs: all, or the ones named plus those that run last (they describe the others). */
function selectBuilders(only: string[] | undefined): Builder[] {
  const unknown = only?.filter((name) => !BUILDERS.some((b) => b.name === name)) ?? [];
  if (unknown.length)
    throw new BuildInputError(
      `unknown builder ${unknown.join(', ')}; builders: ${BUILDERS.map((b) => b.name).join(', ')}`,
    );
  return only ? BUILDERS.filter((b) => only.includes(b.name) || b.runsLast) : BUILDERS;
}

/** A partial build keeps the packs and manifest it finds; a full build starts from an empty manifest but
 *  may keep the packs of builders whose inputs did not change (see reusable). */
function prepareOutput(output: PackOutput, partial: boolean): void {
  if (existsSync(output.manifestPath)) {
    try {
      const manifest = JSON.parse(readFileSync(output.manifestPath, 'utf8')) as ManifestFile;
      if (Array.isArray(manifest.packs)) output.previous = { packs: manifest.packs, builders: manifest.builders ?? {} };
    } catch {
      // An unreadable manifest vouches for nothing: every builder runs.
    }
  }
  mkdirSync(output.dir, { recursive: true });
  // Packs of a builder this compiler no longer has (search-<id>, for one) would stay listed, and
  // loadable, beside packs that no longer match them.
  const retired = output.previous.packs.filter((m) => !BUILDERS.some((b) => b.name === m.builder));
  for (const m of retired) {
    if (typeof m.file === 'string' && /^[\w-][\w.-]*\.pack$/.test(m.file))
      rmSync(join(output.dir, m.file), { force: true });
    output.log(`  removed ${m.file}: no builder makes it any more`);
  }
  output.previous.packs = output.previous.packs.filter((m) => !retired.includes(m));
  for (const name of Object.keys(output.previous.builders))
    if (!BUILDERS.some((b) => b.name === name)) delete output.previous.builders[name];
  if (partial) {
    output.manifest = [...output.previous.packs];
    output.builders = { ...output.previous.builders };
  }
}

/** After a full build: pack files the manifest does not list are left over from earlier builds. */
function removeStrayPacks(output: PackOutput): void {
  const listed = new Set(output.manifest.map((m) => m.file));
  for (const name of readdirSync(output.dir))
    if ((name.endsWith('.pack') || name.endsWith('.pack.tmp')) && !listed.has(name))
      rmSync(join(output.dir, name), { force: true });
}

/** The packs a builder made last time, when its inputs hash is unchanged and every file is as recorded. */
function reusable(
  output: PackOutput,
  builder: string,
  inputsOf: (builder: string, datasets: string[]) => string,
): BuiltPackRecord[] | null {
  const record = output.previous.builders[builder];
  if (!record || inputsOf(builder, record.datasets) !== record.inputs) return null;
  const packs = output.previous.packs.filter((m) => m.builder === builder);
  const intact = packs.every((m) => {
    const path = join(output.dir, m.file);
    if (!existsSync(path) || statSync(path).size !== m.bytes) return false;
    return createHash('sha256').update(readFileSync(path)).digest('hex') === m.sha256;
  });
  return intact ? packs : null;
}

/** Writes a pack and records it in the manifest, replacing the record of an earlier pack of that name. */
function writeAndRecord(output: PackOutput, builderName: string, built: BuiltPack, bytes: Uint8Array): void {
  const file = `${built.name}.pack`;
  // Write, then rename: a host reading the folder during a build never sees half a pack.
  writeFileSync(join(output.dir, `${file}.tmp`), bytes);
  renameSync(join(output.dir, `${file}.tmp`), join(output.dir, file));
  output.totalBytes += bytes.length;
  const licences = [
    ...new Set(built.datasets.map((id) => ALL_DATASETS().find((e) => e.id === id)?.category ?? 'unknown')),
  ].sort();
  output.manifest = output.manifest.filter((m) => m.name !== built.name);
  output.manifest.push({
    builder: builderName,
    name: built.name,
    file,
    bytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    datasets: built.datasets,
    licences,
  });
  output.log(`  wrote ${file.padEnd(24)} ${(bytes.length / 1024).toFixed(0).padStart(7)} KiB`);
}

// Exclusions are also enforced here: a pack made only of excluded datasets is not written, one that
// mixes them keeps only the others in its record; a re-run builder's packs that it no longer makes go.
function admit(output: PackOutput, excludedIds: Set<string>, builderName: string, packs: BuiltPack[]): BuiltPack[] {
  const admitted = packs.flatMap((p) => {
    const left = p.datasets.filter((id) => !excludedIds.has(id));
    if (left.length === p.datasets.length) return [p];
    if (!left.length) {
      output.log(`  left out ${p.name}: ${p.datasets.join(', ')} excluded`);
      return [];
    }
    output.log(
      `  ${p.name}: excluded ${p.datasets.filter((id) => excludedIds.has(id)).join(', ')} left out of its record (its builder must not read them)`,
    );
    return [{ ...p, datasets: left }];
  });
  for (const old of output.manifest.filter(
    (m) => m.builder === builderName && !admitted.some((p) => p.name === m.name),
  ))
    rmSync(join(output.dir, old.file), { force: true });
  output.manifest = output.manifest.filter((m) => m.builder !== builderName || admitted.some((p) => p.name === m.name));
  return admitted;
}

/** What a built pack declares itself to be: its name, its schema's kind, the datasets it holds. */
function declarationOfBuilt(built: BuiltPack): PackDeclaration {
  const schema = schemaOfPack(built.name);
  if (!schema) throw new Error(`pack ${built.name}: no schema in engine/core/pack/schemas.ts gives this name`);
  return { name: built.name, schema: schema.kind, datasets: built.datasets };
}

/** Compresses a pack's blocks in the pool and writes it. */
async function compressAndWrite(pool: CompressionPool, output: PackOutput, builder: string, built: BuiltPack) {
  const layout = layoutPack(built.sections, declarationOfBuilt(built));
  const deflated = await pool.deflate(layoutBlocks(layout));
  writeAndRecord(output, builder, built, assemblePack(layout, deflated));
}

/** The hash of what a builder's packs were made from: its code, the build's exclusions and the datasets
 *  it read (each corpus dataset hashed once). */
function packInputsHasher(exclusions: Exclusions, root: string): (builder: string, datasets: string[]) => string {
  const codeOf = builderCodeHashes(
    REPO_ROOT,
    BUILDERS.map((b) => b.name),
  );
  const datasetHashes = new Map<string, string>();
  const datasetHash = (id: string) => {
    let hash = datasetHashes.get(id);
    if (hash === undefined) {
      hash = hashPath(sourcePath(root, id));
      datasetHashes.set(id, hash);
    }
    return hash;
  };
  return (builder, datasets) =>
    createHash('sha256')
      .update(
        JSON.stringify([codeOf(builder, datasets), exclusions.categories, datasets.map((id) => [id, datasetHash(id)])]),
      )
      .digest('hex');
}

type PackInputs = (builder: string, datasets: string[]) => string;
type OnBuilt = (builder: string, packs: BuiltPack[], datasets: string[], seconds: number, cpuSeconds?: number) => void;

/** Keeps the packs of the builders whose inputs are unchanged (not in a partial build); returns the others. */
function keepUnchanged(builders: Builder[], output: PackOutput, inputsOf: PackInputs, partial: boolean): Builder[] {
  const toRun: Builder[] = [];
  for (const builder of builders) {
    const kept = partial ? null : reusable(output, builder.name, inputsOf);
    if (!kept) {
      toRun.push(builder);
      continue;
    }
    output.manifest.push(...kept);
    output.builders[builder.name] = output.previous.builders[builder.name];
    output.totalBytes += kept.reduce((n, m) => n + m.bytes, 0);
    output.log(`[${builder.name}] inputs unchanged: kept ${kept.length} pack${kept.length === 1 ? '' : 's'}`);
  }
  return toRun;
}

/**
 * Runs two groups of builders in two child processes, so this process's event loop stays free: it takes
 * each pack as it comes and hands it to the compression threads. A builder run here would hold the loop
 * for its whole run, and the other process, sending a large pack meanwhile, would wait for it, idle.
 * Returns the CPU seconds the children used.
 */
async function runInChildren(
  groups: string[][],
  request: { root: string; excludeCategories: string[] },
  log: (line: string) => void,
  onBuilt: OnBuilt,
): Promise<number> {
  let childCpuSeconds = 0;
  const stop = new AbortController();
  await Promise.all(
    groups.map((names) =>
      runInChild(names, request, stop.signal, log, onBuilt, (cpu) => {
        childCpuSeconds += cpu;
      }).catch((error: unknown) => {
        stop.abort();
        throw error;
      }),
    ),
  );
  return childCpuSeconds;
}

/** Runs builders in this process, one after the other, noting the datasets each reads. */
function runHere(builders: Builder[], ctx: BuildContext, read: Set<string>, onBuilt: OnBuilt): void {
  for (const builder of builders) {
    const started = performance.now();
    read.clear();
    read.add(VERSIFICATION_DATASET);
    const packs = builder.build(ctx);
    onBuilt(builder.name, packs, [...read].sort(), (performance.now() - started) / 1000);
  }
}

/**
 * Runs the builders, then those that run last once every other pack is written. Two child processes
 * build at once (SECOND_PROCESS_BUILDERS in one, the rest in the other), and this process compresses
 * their packs in worker threads (one per core) as they come. In a full build, a builder whose code, options and datasets hash as they
 * did last time is not run: its packs are kept.
 */
async function runBuilders(
  builders: Builder[],
  makeContext: (read: Set<string>) => BuildContext,
  output: PackOutput,
  exclusions: Exclusions,
  partial: boolean,
): Promise<number> {
  const root = corpusRoot();
  const inputsOf = packInputsHasher(exclusions, root);
  const pool = createCompressionPool();
  const writes: Promise<void>[] = [];
  // A child process's own CPU time says what a builder costs when other work on the machine stretches
  // its wall time; a builder run in this process shares its CPU count with the compression threads.
  const finish: OnBuilt = (builder, packs, datasets, seconds, cpuSeconds) => {
    output.builders[builder] = { inputs: inputsOf(builder, datasets), datasets };
    for (const pack of admit(output, exclusions.ids, builder, packs))
      writes.push(compressAndWrite(pool, output, builder, pack));
    const cpu = cpuSeconds === undefined ? '' : `, ${cpuSeconds.toFixed(1)}s CPU`;
    output.log(`[${builder}] built in ${seconds.toFixed(1)}s${cpu}`);
  };
  let childCpuSeconds = 0;
  try {
    const toRun = keepUnchanged(
      builders.filter((b) => !b.runsLast),
      output,
      inputsOf,
      partial,
    );
    const second = toRun.filter((b) => SECOND_PROCESS_BUILDERS.includes(b.name)).map((b) => b.name);
    const first = toRun.filter((b) => !second.includes(b.name)).map((b) => b.name);
    const read = new Set<string>();
    const ctx = makeContext(read);
    if (first.length && second.length) {
      const request = { root, excludeCategories: exclusions.categories };
      childCpuSeconds = await runInChildren([first, second], request, output.log, finish);
    } else {
      // A lone group is not worth a process.
      runHere(toRun, ctx, read, finish);
    }
    await Promise.all(writes);
    for (const builder of builders.filter((b) => b.runsLast)) {
      output.log(`[${builder.name}]`);
      for (const built of admit(output, exclusions.ids, builder.name, builder.build(ctx)))
        await compressAndWrite(pool, output, builder.name, built);
    }
  } finally {
    await Promise.allSettled(writes);
    await pool.close();
  }
  return childCpuSeconds;
}

const sortedKeys = <T>(record: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** manifest.json: the packs in builder order, then by name, with the hash of the inputs they were built from. */
function writeManifest(output: PackOutput, inputs: string): void {
  const order = (m: BuiltPackRecord) => BUILDERS.findIndex((b) => b.name === m.builder);
  output.manifest.sort((a, b) => order(a) - order(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  writeFileSync(
    output.manifestPath,
    `${JSON.stringify({ formatVersion: 1, inputs, builders: sortedKeys(output.builders), packs: output.manifest } satisfies ManifestFile, null, 2)}\n`,
  );
}

/** What a build made, in how long, and the CPU time it took (this process's, its compression threads'
 *  and its build processes'). */
export interface BuildSummary {
  packs: number;
  bytes: number;
  seconds: number;
  cpuSeconds: number;
}

export async function build(options: BuildOptions = {}): Promise<BuildSummary> {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const log = options.log ?? ((m: string) => process.stdout.write(`${m}\n`));
  const outDir = options.outDir ?? DEFAULT_OUT_DIR;
  const partial = Boolean(options.only);
  // Hashed before anything is built: a source edited while the build runs then makes these packs stale,
  // where hashing at the end would vouch for code the packs were not built with.
  // A partial build cannot vouch for the other packs: 'partial' never equals an inputs hash, so the next
  // check (scripts/ensure-build.ts) finds the packs stale and rebuilds them all.
  const inputs = partial ? 'partial' : buildInputsHash();
  const root = corpusRoot();

  checkCorpus(root);
  const exclusions = resolveExclusions(options.excludeCategories ?? []);
  const output: PackOutput = {
    dir: outDir,
    manifestPath: join(outDir, 'manifest.json'),
    manifest: [],
    builders: {},
    previous: { packs: [], builders: {} },
    totalBytes: 0,
    log,
  };
  const builders = selectBuilders(options.only);
  prepareOutput(output, partial);
  const childCpuSeconds = await runBuilders(
    builders,
    (read) => makeBuildContext(root, exclusions, log, () => output.manifest, read),
    output,
    exclusions,
    partial,
  );
  if (!partial) removeStrayPacks(output);
  writeManifest(output, inputs);

  const seconds = (performance.now() - started) / 1000;
  const cpuSeconds = cpuSecondsOf(process.cpuUsage(cpuBefore)) + childCpuSeconds;
  log(
    `built ${output.manifest.length} packs, ${(output.totalBytes / 1048576).toFixed(1)} MiB, in ${seconds.toFixed(1)}s (${cpuSeconds.toFixed(1)}s CPU) -> ${relative(process.cwd(), outDir) || outDir}`,
  );
  return { packs: output.manifest.length, bytes: output.totalBytes, seconds, cpuSeconds };
}
