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
  corpusRoot: string;
  /** absolute path of a catalog path */
  resolve(path: string): string;
  kjvChapterVerses: ChapterVerseTable;
  /** a translation's clean text, read once per build and shared by every builder that needs it */
  translation(entry: TranslationEntry): TranslationText;
  log(message: string): void;
}

export interface Builder {
  name: string;
  build(ctx: BuildContext): BuiltPack[];
}
