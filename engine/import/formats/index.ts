// The import readers' entry: which format a set of files is in (from their content, never their names),
// and reading them into one ImportedText. Platform-free: the host hands over the files' bytes.
import { invalid } from '../../core/errors.ts';
import type { ImportedText, ImportFormat, SourceFile } from '../types.ts';
import { sniffText } from './decode.ts';
import { readOsisFile } from './osis.ts';
import type { ReadImportOptions } from './read-options.ts';
import { looksLikeSwordConf, readSwordModule } from './sword.ts';
import { looksLikeTable, readTableFile } from './table.ts';
import { looksLikeUsfm, readUsfmFile } from './usfm.ts';
import { readUsfxFile } from './usfx.ts';
import { readUsxFile } from './usx.ts';
import { ImportCollector } from './verse-builder.ts';
import { rootElement } from './xml.ts';
import { readZefaniaFile } from './zefania.ts';

const XML_ROOTS: Record<string, ImportFormat> = { osis: 'osis', usx: 'usx', usfx: 'usfx', XMLBIBLE: 'zefania' };

/** The format of one file from its first bytes, or undefined when it is none we read. */
export function detectFileFormat(file: SourceFile): ImportFormat | undefined {
  const head = sniffText(file);
  if (looksLikeSwordConf(head)) return 'sword';
  if (/^\s*</.test(head)) {
    const root = rootElement(head);
    return root ? (XML_ROOTS[root] ?? XML_ROOTS[root.toLowerCase()]) : undefined;
  }
  if (looksLikeUsfm(head)) return 'usfm';
  if (looksLikeTable(head)) return 'table';
  return undefined;
}

/** The format of a set of files: a SWORD conf makes it a module; else the format most files are in. */
export function detectFormat(files: SourceFile[]): ImportFormat {
  const counts = new Map<ImportFormat, number>();
  for (const file of files) {
    const format = detectFileFormat(file);
    if (format === 'sword') return 'sword';
    if (format) counts.set(format, (counts.get(format) ?? 0) + 1);
  }
  const best = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  if (!best) {
    const names = files
      .slice(0, 3)
      .map((f) => f.path)
      .join(', ');
    throw invalid(
      'source',
      `no Bible text in a format we read (USFM, USX, OSIS, USFX, Zefania, SWORD, verse table): ${names || 'no files'}`,
    );
  }
  return best[0];
}

const FILE_READERS: Record<
  Exclude<ImportFormat, 'sword'>,
  (file: SourceFile, collector: ImportCollector, options: ReadImportOptions) => void
> = {
  usfm: readUsfmFile,
  usx: readUsxFile,
  usfx: readUsfxFile,
  osis: readOsisFile,
  zefania: readZefaniaFile,
  table: readTableFile,
};

/** Reads a translation from its files: one per book (USFM, USX), one for all (OSIS, USFX, Zefania, table) or a SWORD module's. */
export function readImport(files: SourceFile[], options: ReadImportOptions = {}): ImportedText {
  const format = options.format ?? detectFormat(files);
  const collector = new ImportCollector(format);
  if (format === 'sword') {
    readSwordModule(files, collector, options);
    return collector.result();
  }
  const read = FILE_READERS[format];
  for (const file of files) {
    const own = detectFileFormat(file);
    if (own !== format && options.format === undefined) {
      collector.warn(file.path, 'file', `not read: it is not ${format.toUpperCase()}`);
      continue;
    }
    read(file, collector, options);
  }
  return collector.result();
}

export type { ImportedText, ImportFormat, SourceFile } from '../types.ts';
export type { ReadImportOptions } from './read-options.ts';
