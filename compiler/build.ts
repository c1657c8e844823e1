// The build: check the corpus, read each dataset once, run every builder, write packs and manifest.json.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_DATASETS, CATALOG, VERSIFICATION_SOURCE, type TranslationEntry } from '../sources/catalog.ts';
import { readKjvChapterVerses } from './adapters/kjv-versification.ts';
import { readStepArabic } from './adapters/step-arabic.ts';
import { readSwordModule } from './adapters/sword-ztext.ts';
import type { TranslationText } from './adapters/types.ts';
import { readUsfmFolder } from './adapters/usfm.ts';
import type { BuildContext, Builder, BuiltPack, BuiltPackRecord } from './builders/context.ts';
import { metaBuilder } from './builders/meta.ts';
import { extrabiblicalBuilder } from './builders/extrabiblical.ts';
import { licensingBuilder } from './builders/licensing.ts';
import { LICENCE_CATEGORIES } from '../sources/catalog.ts';
import { searchBuilder } from './builders/search.ts';
import { textBuilder } from './builders/text.ts';
import { plansBuilder } from './builders/plans.ts';
import { originalBuilder } from './builders/original.ts';
import { xrefsBuilder } from './builders/xrefs.ts';
import { commentaryBuilder } from './builders/commentary.ts';
import { dictionaryBuilder } from './builders/dictionary.ts';
import { relationsBuilder } from './builders/relations.ts';
import { topicsBuilder } from './builders/topics.ts';
import { studyBuilder } from './builders/study.ts';
import { assemblePack, packBody, writePack } from './pack/writer.ts';
import { createZopfliPool, type ZopfliPool } from './pack/zopfli.ts';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_OUT_DIR = join(REPO_ROOT, 'dist', 'data');

/** Builders run in this order, and the manifest lists their packs in the same order. */
export const BUILDERS: Builder[] = [textBuilder, metaBuilder, searchBuilder, plansBuilder, extrabiblicalBuilder, originalBuilder, licensingBuilder, xrefsBuilder, commentaryBuilder, dictionaryBuilder, relationsBuilder, topicsBuilder, studyBuilder];

/** Files whose change makes the packs stale (see scripts/ensure-build.ts). */
export const BUILD_INPUTS = ['compiler', 'sources', 'engine/core/pack', 'engine/core/meta.ts', 'engine/core/match.ts', 'engine/core/search/flex.ts', 'engine/core/words.ts', 'engine/core/original/format.ts'];

export function corpusRoot(): string {
  return resolve(process.env.BIBLE_SOURCES ?? join(REPO_ROOT, '..', 'shared', 'sources'));
}

/** A hash of the files under these repository paths (names and contents, in a stable order). */
export function hashInputs(paths: string[]): string {
  const hash = createHash('sha256');
  const walk = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) { for (const name of readdirSync(path).sort()) walk(join(path, name)); return; }
    hash.update(relative(REPO_ROOT, path)).update('\0').update(readFileSync(path)).update('\0');
  };
  for (const input of paths) walk(join(REPO_ROOT, input));
  return hash.digest('hex');
}

/** A hash of every build input, stored in the manifest so a stale build is detected after a git pull. */
export const buildInputsHash = (): string => hashInputs(BUILD_INPUTS);

/** A pack as manifest.json lists it (the same record builders see of the packs built before them). */
type ManifestEntry = BuiltPackRecord;

const ADAPTERS: Record<string, (ctx: { path: string; kjvChapterVerses: number[][] }) => TranslationText> = {
  'sword-ztext': readSwordModule,
  usfm: readUsfmFolder,
  'step-arabic': readStepArabic,
};

export interface BuildOptions {
  outDir?: string;
  log?: (message: string) => void;
  /** run only these builders, keeping the other packs and their manifest entries */
  only?: string[];
  /** leave out every catalog entry of these licence categories (e.g. cc_restrictive, unknown) */
  excludeCategories?: string[];
}

export async function build(options: BuildOptions = {}): Promise<{ packs: number; bytes: number; seconds: number }> {
  const started = performance.now();
  const log = options.log ?? ((m: string) => process.stdout.write(m + '\n'));
  const outDir = options.outDir ?? DEFAULT_OUT_DIR;
  const root = corpusRoot();
  const resolvePath = (path: string) => join(root, path);

  const missing = [...CATALOG.map((e) => e.path), VERSIFICATION_SOURCE].filter((p) => !existsSync(resolvePath(p)));
  if (missing.length) {
    throw new Error(`the corpus at ${root} is missing ${missing.join(', ')}; set BIBLE_SOURCES to the corpus folder (../shared/sources)`);
  }

  const excludedCategories = [...new Set(options.excludeCategories ?? [])].sort();
  const badCategory = excludedCategories.filter((c) => !(c in LICENCE_CATEGORIES));
  if (badCategory.length) throw new Error(`unknown licence category ${badCategory.join(', ')}; categories: ${Object.keys(LICENCE_CATEGORIES).join(', ')}`);
  const excludedIds = new Set(ALL_DATASETS().filter((e) => excludedCategories.includes(e.category)).map((e) => e.id));

  const kjvChapterVerses = readKjvChapterVerses(resolvePath(VERSIFICATION_SOURCE));
  const texts = new Map<string, TranslationText>();
  const ctx: BuildContext = {
    corpusRoot: root,
    resolve: resolvePath,
    kjvChapterVerses,
    log,
    excluded: (entryId) => excludedIds.has(entryId),
    excludedCategories,
    builtPacks: () => manifest,
    translation(entry: TranslationEntry) {
      let text = texts.get(entry.id);
      if (!text) {
        const t0 = performance.now();
        text = ADAPTERS[entry.adapter]({ path: resolvePath(entry.path), kjvChapterVerses });
        texts.set(entry.id, text);
        log(`  read ${entry.id.padEnd(8)} ${String(text.verses.length).padStart(6)} verses  ${((performance.now() - t0) / 1000).toFixed(1)}s`);
      }
      return text;
    },
  };

  const builders = options.only ? BUILDERS.filter((b) => options.only!.includes(b.name) || b.runsLast) : BUILDERS;
  const unknown = options.only?.filter((name) => !BUILDERS.some((b) => b.name === name)) ?? [];
  if (unknown.length) throw new Error(`unknown builder ${unknown.join(', ')}; builders: ${BUILDERS.map((b) => b.name).join(', ')}`);
  const manifestPath = join(outDir, 'manifest.json');
  let manifest: ManifestEntry[] = [];
  if (options.only && existsSync(manifestPath)) {
    manifest = (JSON.parse(readFileSync(manifestPath, 'utf8')) as { packs: ManifestEntry[] }).packs;
  } else {
    rmSync(outDir, { recursive: true, force: true });
  }
  mkdirSync(outDir, { recursive: true });
  let totalBytes = 0;
  let zopfli: ZopfliPool | undefined;
  const writes: Promise<void>[] = [];
  const record = (builderName: string, built: BuiltPack, bytes: Uint8Array) => {
    const file = `${built.name}.pack`;
    // Write, then rename: a host reading the folder during a build never sees half a pack.
    writeFileSync(join(outDir, `${file}.tmp`), bytes);
    renameSync(join(outDir, `${file}.tmp`), join(outDir, file));
    totalBytes += bytes.length;
    const licences = [...new Set(built.datasets.map((id) => ALL_DATASETS().find((e) => e.id === id)?.category ?? 'unknown'))].sort();
    manifest = manifest.filter((m) => m.name !== built.name);
    manifest.push({ builder: builderName, name: built.name, file, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), datasets: built.datasets, licences });
    log(`  wrote ${file.padEnd(24)} ${(bytes.length / 1024).toFixed(0).padStart(7)} KiB`);
  };
  // Exclusions are also enforced here: a pack made only of excluded datasets is not written, one that
  // mixes them keeps only the others in its record; a re-run builder's packs that it no longer makes go.
  const admit = (builderName: string, packs: BuiltPack[]): BuiltPack[] => {
    const admitted = packs.flatMap((p) => {
      const left = p.datasets.filter((id) => !excludedIds.has(id));
      if (left.length === p.datasets.length) return [p];
      if (!left.length) { log(`  left out ${p.name}: ${p.datasets.join(', ')} excluded`); return []; }
      log(`  ${p.name}: excluded ${p.datasets.filter((id) => excludedIds.has(id)).join(', ')} left out of its record (its builder must not read them)`);
      return [{ ...p, datasets: left }];
    });
    for (const old of manifest.filter((m) => m.builder === builderName && !admitted.some((p) => p.name === m.name))) rmSync(join(outDir, old.file), { force: true });
    manifest = manifest.filter((m) => m.builder !== builderName || admitted.some((p) => p.name === m.name));
    return admitted;
  };
  try {
    for (const builder of builders.filter((b) => !b.runsLast)) {
      log(`[${builder.name}]`);
      for (const built of admit(builder.name, builder.build(ctx))) {
        if (built.compression === 'zopfli') {
          // Zopfli runs in worker threads while the next builders work.
          const body = packBody(built.sections);
          zopfli ??= createZopfliPool();
          writes.push(zopfli.deflate(body).then((compressed) => record(builder.name, built, assemblePack(body, compressed))));
        } else {
          record(builder.name, built, writePack(built.sections));
        }
      }
    }
    await Promise.all(writes);
    for (const builder of builders.filter((b) => b.runsLast)) {
      log(`[${builder.name}]`);
      for (const built of admit(builder.name, builder.build(ctx))) record(builder.name, built, writePack(built.sections));
    }
  } finally {
    await zopfli?.close();
  }
  // A partial build cannot vouch for the other packs: 'partial' never equals an inputs hash, so the next
  // check (scripts/ensure-build.ts) finds the packs stale and rebuilds them all.
  const inputs = options.only ? 'partial' : buildInputsHash();
  const order = (m: ManifestEntry) => BUILDERS.findIndex((b) => b.name === m.builder);
  manifest.sort((a, b) => order(a) - order(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  writeFileSync(manifestPath, JSON.stringify({ formatVersion: 1, inputs, packs: manifest }, null, 2) + '\n');
  const seconds = (performance.now() - started) / 1000;
  log(`built ${manifest.length} packs, ${(totalBytes / 1048576).toFixed(1)} MiB, in ${seconds.toFixed(1)}s -> ${relative(process.cwd(), outDir) || outDir}`);
  return { packs: manifest.length, bytes: totalBytes, seconds };
}
