// The meta pack: books and their names, the KJV versification, the version records and service info.
import { deepFreeze } from './deep-freeze.ts';
import type { PackOf } from './pack/schema.ts';
import type { META_PACK } from './pack/schemas.ts';
import { createVersification, type Versification } from './versification.ts';
import type { BookRecord, Language, ServiceInfo, VersionRecord } from './pack/contents.ts';

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
}

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
    nameIndex: () => (names ??= new Map(Object.entries(pack.json('nameIndex')))),
  };
}

/**
 * The key book names are looked up by: case-, accent-, space- and punctuation-insensitive. Arabic vowel
 * marks and the hamza on alif and ya go (أعمال is اعمال), but the hamza on waw stays: it alone tells the
 * Van Dyck abbreviations رؤ (Revelation) from رو (Romans) and يؤ (Joel) from يو (John).
 */
export function bookNameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f\u064b-\u0653\u0655-\u065f\u0670]|(?<!\u0648[\u064b-\u0653]*)\u0654/g, '')
    .toLowerCase()
    .trim()
    .replace(/^(i{1,3})[\s.]+(?=\S)/, (_, numeral: string) => String(numeral.length)) // "II Kings" -> "2 kings"
    .replace(/[\s.\-_'’]+/g, '');
}
