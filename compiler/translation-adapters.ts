// The adapters that read a translation's text, by the catalog's adapter name. A translation is read
// through BuildContext.translation, so only builders that read one depend on its adapter's code
// (code-inputs.ts adds it from the datasets a builder read).
import { readStepArabic } from './adapters/step-arabic.ts';
import { readSwordModule } from './adapters/sword-ztext.ts';
import type { TranslationText } from './adapters/types.ts';
import { readUsfmFolder } from './adapters/usfm.ts';

export const TRANSLATION_ADAPTERS: Record<
  string,
  (ctx: { path: string; kjvChapterVerses: number[][] }) => TranslationText
> = {
  'sword-ztext': readSwordModule,
  usfm: readUsfmFolder,
  'step-arabic': readStepArabic,
};

/** The module of a translation adapter: compiler/adapters/<adapter>.ts (test/compiler/build.test.ts checks each one). */
export const translationAdapterModule = (adapter: string) => `compiler/adapters/${adapter}.ts`;
