// What every builder receives, and what it returns: named packs of sections plus their datasets.
import type { SectionValue } from '../pack/writer.ts';
import type { ChapterVerseTable, TranslationText } from '../adapters/types.ts';
import type { TranslationEntry } from '../../sources/catalog.ts';

export interface BuiltPack {
  name: string;
  sections: Record<string, SectionValue>;
  /** catalog ids of the datasets this pack came from */
  datasets: string[];
}

export interface BuildContext {
  /**
   * Absolute path of a catalog dataset (sources/catalog.ts), or of `file` inside a dataset that is a
   * folder. Builders find their inputs only this way, so the catalog is the one list of what is read.
   */
  source(datasetId: string, file?: string): string;
  kjvChapterVerses: ChapterVerseTable;
  /** a translation's clean text, read once per build and shared by every builder that needs it */
  translation(entry: TranslationEntry): TranslationText;
  log(message: string): void;
  /** true when the build leaves this catalog entry out (its licence category is excluded): don't read it */
  excluded(entryId: string): boolean;
  /** the licence categories this build leaves out (bible build --exclude-category) */
  readonly excludedCategories: readonly string[];
  /** the packs written so far, plus those a partial build keeps; complete only for `runsLast` builders */
  builtPacks(): readonly BuiltPackRecord[];
}

/** A written pack as manifest.json lists it. */
export interface BuiltPackRecord {
  builder: string;
  name: string;
  file: string;
  bytes: number;
  sha256: string;
  datasets: string[];
  licences: string[];
}

export interface Builder {
  name: string;
  build(ctx: BuildContext): BuiltPack[];
  /** runs after every other pack is written, and in every partial build, because it describes them */
  runsLast?: boolean;
}
