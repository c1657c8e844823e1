// The meta pack: books and their names, the KJV versification, the version records and service info.
import type { PackOf } from './pack/schema.ts';
import type { META_PACK } from './pack/schemas.ts';
import { createVersification, type Versification } from './versification.ts';
import type { BookRecord, Language, ServiceInfo, VersionRecord } from './pack/contents.ts';

export type { BookRecord, Language, LicenceRecord, ServiceInfo, VersionRecord } from './pack/contents.ts';

export const LANGUAGES: readonly Language[] = ['english', 'spanish', 'arabic'];

export interface Meta {
  books: BookRecord[];
  versions: VersionRecord[];
  versionById: Map<string, VersionRecord>;
  versification: Versification;
  service: ServiceInfo;
  /** normalised name or abbreviation -> book number; loaded on first use */
  nameIndex(): Map<string, number>;
}

export function loadMeta(pack: PackOf<typeof META_PACK>): Meta {
  const versions = pack.json('versions');
  let names: Map<string, number> | null = null;
  return {
    books: pack.json('books'),
    versions,
    versionById: new Map(versions.map((v) => [v.versionId, v])),
    versification: createVersification(pack.json('versification')),
    service: pack.json('service'),
    nameIndex: () => (names ??= new Map(Object.entries(pack.json('nameIndex')))),
  };
}

/** The key book names are looked up by: case-, accent-, space- and punctuation-insensitive. */
export function bookNameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670]/g, '')
    .toLowerCase()
    .trim()
    .replace(/^(i{1,3})[\s.]+(?=\S)/, (_, numeral: string) => String(numeral.length)) // "II Kings" -> "2 kings"
    .replace(/[\s.\-_'’]+/g, '');
}
