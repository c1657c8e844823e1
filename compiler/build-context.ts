// What every builder receives (the BuildContext): where each dataset lies, the KJV versification, and
// each translation read once. Kept apart from build.ts so the code a pack depends on is this module's
// imports and its builder's, not every builder's (see code-inputs.ts).
import { join } from 'node:path';
import {
  ALL_DATASETS,
  CATALOG,
  LICENCE_CATEGORIES,
  VERSIFICATION_DATASET,
  type TranslationEntry,
} from '../sources/catalog.ts';
import { readKjvChapterVerses } from './adapters/kjv-versification.ts';
import type { TranslationText } from './adapters/types.ts';
import type { BuildContext, BuiltPackRecord } from './builders/context.ts';
import { TRANSLATION_ADAPTERS } from './translation-adapters.ts';

/** What a build leaves out: the licence categories asked for, and the catalog entries they cover. */
export interface Exclusions {
  categories: string[];
  ids: Set<string>;
}

/** What the person running the build asked for or set up (an option, the corpus folder) is wrong. */
export class BuildInputError extends Error {}

/** The exclusions of these licence categories; an unknown category is refused. */
export function resolveExclusions(excludeCategories: string[]): Exclusions {
  const categories = [...new Set(excludeCategories)].sort();
  const badCategory = categories.filter((c) => !(c in LICENCE_CATEGORIES));
  if (badCategory.length)
    throw new BuildInputError(
      `unknown licence category ${badCategory.join(', ')}; categories: ${Object.keys(LICENCE_CATEGORIES).join(', ')}`,
    );
  return {
    categories,
    ids: new Set(
      ALL_DATASETS()
        .filter((e) => categories.includes(e.category))
        .map((e) => e.id),
    ),
  };
}

/** Where a catalog dataset (or a file inside a dataset that is a folder) lies under the corpus root. */
export function sourcePath(root: string, datasetId: string, file?: string): string {
  const entry = CATALOG.find((e) => e.id === datasetId);
  if (!entry) throw new Error(`the catalog has no dataset ${datasetId} (sources/catalog.ts)`);
  return file === undefined ? join(root, entry.path) : join(root, entry.path, file);
}

/** What every builder receives; each translation is read once, on first use. Every dataset a builder
 *  asks for is noted in `read`, so its record names exactly what its packs depend on. */
export function makeBuildContext(
  root: string,
  exclusions: Exclusions,
  log: (message: string) => void,
  builtPacks: () => BuiltPackRecord[],
  read: Set<string>,
): BuildContext {
  const source = (datasetId: string, file?: string) => {
    read.add(datasetId);
    return sourcePath(root, datasetId, file);
  };
  const kjvChapterVerses = readKjvChapterVerses(source(VERSIFICATION_DATASET));
  const texts = new Map<string, TranslationText>();
  return {
    source,
    kjvChapterVerses,
    log,
    excluded: (entryId) => exclusions.ids.has(entryId),
    excludedCategories: exclusions.categories,
    builtPacks,
    translation(entry: TranslationEntry) {
      read.add(entry.id);
      let text = texts.get(entry.id);
      if (!text) {
        const t0 = performance.now();
        text = TRANSLATION_ADAPTERS[entry.adapter]({ path: source(entry.id), kjvChapterVerses });
        texts.set(entry.id, text);
        log(
          `  read ${entry.id.padEnd(8)} ${String(text.verses.length).padStart(6)} verses  ${((performance.now() - t0) / 1000).toFixed(1)}s`,
        );
      }
      return text;
    },
  };
}
