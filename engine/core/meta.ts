// The meta pack: books and their names, the KJV versification, the version records and service info.
import { asciiForms } from './ascii-forms.ts';
import { deepFreeze } from './deep-freeze.ts';
import type { PackOf } from './pack/schema.ts';
import type { META_PACK } from './pack/schemas.ts';
import { createVersification, type Versification } from './versification.ts';
import type { BookRecord, ImportedTranslation, Language, ServiceInfo, VersionRecord } from './pack/contents.ts';

export type { BookRecord, Language, LicenceRecord, ServiceInfo, VersionRecord } from './pack/contents.ts';

export const LANGUAGES: readonly Language[] = ['english', 'spanish', 'arabic'];

export interface Meta {
  readonly books: BookRecord[];
  readonly versions: VersionRecord[];
  readonly versionById: Map<string, VersionRecord>;
  readonly versification: Versification;
  readonly service: ServiceInfo;
  /** whether a version id (as the pack spells it) is one of `versions`, without reading their records */
  hasVersion(versionId: string): boolean;
  /** normalised name or abbreviation -> book number; loaded on first use */
  nameIndex(): Map<string, number>;
  /** the translations `bible import` added (imported.ts), by versionId; absent when there are none */
  readonly imported?: ReadonlyMap<string, ImportedTranslation>;
  /** keys of the names those files carry written as one word: free text cites them only written so ("A Ü"
   *  is not the name "Au"); absent when there are none */
  readonly oneWordNames?: ReadonlySet<string>;
}

/** The meta read through another chapter-and-verse grid (a translation's own numbers); all else is its own. */
export const withChapterVerses = (meta: Meta, chapterVerses: readonly (readonly number[])[]): Meta =>
  Object.create(meta, { versification: { value: createVersification(chapterVerses) } }) as Meta;

/** The meta pack's contents, each large section parsed when first read: a first verse reads the
 *  versification and the version ids, not the version records, the books' names or the service's description. */
export function loadMeta(pack: PackOf<typeof META_PACK>): Meta {
  let books: BookRecord[] | undefined;
  let versions: VersionRecord[] | undefined;
  let versionById: Map<string, VersionRecord> | undefined;
  let service: ServiceInfo | undefined;
  let names: Map<string, number> | undefined;
  const versionIds = new Set(pack.json('versionIds'));
  return {
    // Frozen: operations answer from these records, so an app that changed one (bible.meta.books[0]
    // .names.english = …) changed every later answer of GetBooks, GetParseCitation and the rest.
    get books() {
      return (books ??= deepFreeze(pack.json('books')));
    },
    get versions() {
      return (versions ??= deepFreeze(pack.json('versions')));
    },
    get versionById() {
      return (versionById ??= new Map(this.versions.map((v) => [v.versionId, v])));
    },
    versification: createVersification(pack.json('versification')),
    get service() {
      return (service ??= deepFreeze(pack.json('service')));
    },
    hasVersion: (versionId) => versionIds.has(versionId),
    nameIndex: () => (names ??= withHamzaLessForms(pack.json('nameIndex'))),
  };
}

/**
 * The name index, and for each key written with a hamza on waw (رؤيا) its form without it (رويا), as
 * readers often type it: the key keeps that hamza to tell رؤ from رو, so without this the hamza-less
 * spellings, found before it was kept, named no book. A hamza-less form that is a key of its own (رو is
 * Romans) or that keys of two books share is left out.
 */
function withHamzaLessForms(keys: Record<string, number>): Map<string, number> {
  const index = new Map(Object.entries(keys));
  const hamzaLess = new Map<string, number>();
  for (const [key, book] of index) {
    // Keys are decomposed: ؤ is waw and a combining hamza above.
    if (!key.includes('\u0648\u0654')) continue;
    const plain = key.split('\u0648\u0654').join('\u0648');
    if (index.has(plain)) continue;
    hamzaLess.set(plain, hamzaLess.has(plain) && hamzaLess.get(plain) !== book ? 0 : book);
  }
  for (const [key, book] of hamzaLess) if (book) index.set(key, book);
  return index;
}

/**
 * The key book names are looked up by: case-, accent-, space- and punctuation-insensitive. Full-width
 * letters and digits (ＪＯＨＮ, as CJK input methods type them) and Arabic-Indic digits (١ يوحنا) are their
 * ASCII ones (ascii-forms.ts). Arabic vowel marks,
 * the tatweel that stretches a word (رؤيـــا) and the hamza on alif and ya go (أعمال is اعمال), but the
 * hamza on waw stays: it alone tells the Van Dyck abbreviations رؤ (Revelation) from رو (Romans) and يؤ
 * (Joel) from يو (John).
 */
export function bookNameKey(name: string): string {
  return asciiForms(name)
    .normalize('NFD')
    .replace(/[\u0300-\u036f\u064b-\u0653\u0655-\u065f\u0670\u0640]|(?<!\u0648[\u064b-\u0653]*)\u0654/g, '')
    .toLowerCase()
    .trim()
    .replace(/^(i{1,3})[\s.]+(?=\S)/, (_, numeral: string) => String(numeral.length)) // "II Kings" -> "2 kings"
    .replace(/[\s.\-_'’]+/g, '');
}
