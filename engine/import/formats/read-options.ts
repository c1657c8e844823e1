// What a caller may tell the import readers, shared by the entry (index.ts) and the readers that take it,
// in a module of its own so that the readers need not import the entry that imports them.
import type { ImportFormat } from '../types.ts';

export interface ReadImportOptions {
  /** read the files as this format instead of detecting it */
  format?: ImportFormat;
  /** verses per chapter of the KJV grid, book by book (the meta pack's table): SWORD modules need it */
  kjvChapterVerses?: readonly (readonly number[])[];
  /** extra book names a verse table may use, mapped to 1..66 */
  bookNames?: Record<string, number>;
}
