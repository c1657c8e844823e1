// The code a builder's packs depend on: its own module and everything it imports, the adapters of the
// translations it read, and what every pack goes through (the build context, the pack writer and
// compressor, and build.ts, which records packs).
// A full build keeps a builder's packs while this code, its options and its datasets are unchanged, so
// an edit to one adapter rebuilds only the packs made from it.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { CATALOG } from '../sources/catalog.ts';
import { TRANSLATION_ADAPTERS, translationAdapterModule } from './translation-adapters.ts';

/** Modules whose code shapes every pack; their imports are followed too. */
export const SHARED_BUILD_MODULES = [
  'compiler/build.ts',
  'compiler/build-context.ts',
  'compiler/pack/writer.ts',
  'compiler/pack/compress.ts',
];

/** build.ts imports every builder, and translation-adapters.ts every translation adapter: only their own
 *  text counts, or each pack would depend on every builder and adapter. */
const IMPORTS_NOT_FOLLOWED = new Set(['compiler/build.ts', 'compiler/translation-adapters.ts']);

/** The module of a builder: compiler/builders/<name>.ts (test/compiler/build.test.ts checks each one). */
export const builderModule = (name: string) => `compiler/builders/${name}.ts`;

// Relative specifiers of static and dynamic imports, re-exports, and workers started from a URL beside the
// module. A specifier in a comment is followed too: at worst a file more is hashed.
const SPECIFIER =
  /\bfrom\s*['"](\.\.?\/[^'"]+)['"]|\bimport\s*\(?\s*['"](\.\.?\/[^'"]+)['"]|new URL\(\s*['"](\.\.?\/[^'"]+)['"]\s*,\s*import\.meta\.url/g;

export type ReadFile = (repoPath: string) => string;

/** The repository files `entries` run (repository-relative paths, sorted): themselves and their relative
 *  imports, transitively. A specifier naming no file is left out; importing it fails the build anyway. */
export function moduleClosure(root: string, entries: readonly string[], read: ReadFile): string[] {
  const seen = new Set<string>();
  const pending = [...entries];
  while (pending.length) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (IMPORTS_NOT_FOLLOWED.has(file)) continue;
    for (const match of read(file).matchAll(SPECIFIER)) {
      const target = relative(root, resolve(root, dirname(file), match[1] ?? match[2] ?? match[3]));
      if (!seen.has(target) && existsSync(join(root, target))) pending.push(target);
    }
  }
  return [...seen].sort();
}

/** The hash of the code a builder's packs depend on, given the datasets it read. */
export type CodeHash = (builder: string, datasets: readonly string[]) => string;

/**
 * Hashes of the code each builder's packs depend on: its module's closure, the shared modules', and the
 * adapters of the translations it read. Files are read through `read` once each; tests pass a reader
 * that alters one.
 */
export function builderCodeHashes(
  root: string,
  builders: readonly string[],
  read: ReadFile = (file) => readFileSync(join(root, file), 'utf8'),
): CodeHash {
  const texts = new Map<string, string>();
  const cachedRead = (file: string) => {
    let text = texts.get(file);
    if (text === undefined) {
      text = read(file);
      texts.set(file, text);
    }
    return text;
  };
  const shared = SHARED_BUILD_MODULES.flatMap((m) => moduleClosure(root, [m], cachedRead));
  // Every file is read now, before anything is built: a file edited during the build then makes its
  // packs stale, where reading it afterwards would vouch for code they were not built with.
  moduleClosure(
    root,
    [...builders.map(builderModule), ...Object.keys(TRANSLATION_ADAPTERS).map(translationAdapterModule)],
    cachedRead,
  );
  return (builder, datasets) => {
    const adapters = datasets.flatMap((id) => {
      const adapter = CATALOG.find((e) => e.id === id)?.adapter;
      return adapter !== undefined && adapter in TRANSLATION_ADAPTERS ? [translationAdapterModule(adapter)] : [];
    });
    const files = new Set([...shared, ...moduleClosure(root, [builderModule(builder), ...adapters], cachedRead)]);
    const hash = createHash('sha256');
    for (const file of [...files].sort()) hash.update(file).update('\0').update(cachedRead(file)).update('\0');
    return hash.digest('hex');
  };
}
