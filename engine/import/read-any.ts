// Which reader reads the files: the one place the import command asks. The format readers
// (engine/import/formats/: detectFormat, readImport) take over here; until then verse tables are read.
import { looksLikeTable, readTable } from './table-for-tests.ts';
import type { ImportedText, SourceFile } from './types.ts';

export function readImportFiles(files: readonly SourceFile[]): ImportedText {
  const readable = files.filter((f) => looksLikeTable(f.bytes));
  if (readable.length === 0)
    throw new Error(
      `${files[0]?.path ?? 'the source'}: not a format this build reads (a verse table: book, chapter, verse, text)`,
    );
  return readTable(readable);
}
