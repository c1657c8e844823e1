// Which reader reads the files: the one place the import command asks. The format is found from the
// files' content (engine/import/formats: USFM, USX, OSIS, USFX, Zefania, SWORD, verse tables); a SWORD
// module's verses are numbered through the KJV grid, which the caller passes from its meta pack.
import { readImport } from './formats/index.ts';
import type { ImportedText, SourceFile } from './types.ts';

export function readImportFiles(files: SourceFile[], kjvChapterVerses: readonly (readonly number[])[]): ImportedText {
  return readImport(files, { kjvChapterVerses });
}
