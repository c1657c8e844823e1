// A BuildContext over tiny fixture files for builder unit tests: the files go into a temporary corpus
// root where the catalog says each dataset lies, so builders find them through ctx.source as in a build.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { sourcePath } from '../../compiler/build.ts';
import type { ChapterVerseTable, TranslationText } from '../../compiler/adapters/types.ts';
import type { BuildContext, BuiltPackRecord } from '../../compiler/builders/context.ts';

export interface FixtureOptions {
  /** file text by dataset id (a dataset that is one file) or `${datasetId}/${file}` (a file in a folder) */
  files?: Record<string, string | Uint8Array>;
  /** verse counts per chapter for the books the fixture uses, by book number; other books have no chapters */
  chapters?: Record<number, number[]>;
  /** what ctx.translation returns, by catalog id; asking for any other translation fails the test */
  translations?: Record<string, TranslationText>;
  /** catalog ids the build leaves out */
  excluded?: string[];
  excludedCategories?: string[];
  builtPacks?: BuiltPackRecord[];
}

export interface FixtureContext {
  ctx: BuildContext;
  /** the fixture corpus root */
  root: string;
  /** what the builder logged */
  logs: string[];
  /** translation ids in the order the builder asked for them */
  translationsRead: string[];
}

const roots: string[] = [];

/** The KJV table a fixture declares: 66 books, empty except the ones given. */
export function chapterTable(chapters: Record<number, number[]>): ChapterVerseTable {
  return Array.from({ length: 66 }, (_, b) => [...(chapters[b + 1] ?? [])]);
}

export function fixtureContext(options: FixtureOptions = {}): FixtureContext {
  const root = mkdtempSync(join(tmpdir(), 'builder-fixture-'));
  roots.push(root);
  for (const [key, content] of Object.entries(options.files ?? {})) {
    // Dataset ids hold no '/', so the first one separates the id from the file inside the dataset.
    const slash = key.indexOf('/');
    const path = slash < 0 ? sourcePath(root, key) : sourcePath(root, key.slice(0, slash), key.slice(slash + 1));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
  const logs: string[] = [];
  const translationsRead: string[] = [];
  const excluded = new Set(options.excluded ?? []);
  const ctx: BuildContext = {
    source: (datasetId, file) => sourcePath(root, datasetId, file),
    kjvChapterVerses: chapterTable(options.chapters ?? {}),
    translation(entry) {
      translationsRead.push(entry.id);
      const text = options.translations?.[entry.id];
      if (!text) throw new Error(`the fixture has no translation ${entry.id}`);
      return text;
    },
    log: (message) => logs.push(message),
    excluded: (id) => excluded.has(id),
    excludedCategories: options.excludedCategories ?? [],
    builtPacks: () => options.builtPacks ?? [],
  };
  return { ctx, root, logs, translationsRead };
}

/** Removes every fixture root made so far: call it from afterAll in each test file. */
export function removeFixtures(): void {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
}
