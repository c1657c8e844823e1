// What the packs hold: the records their JSON sections store. They are declared here, below every
// module that reads them (meta, translation, original text, licensing, reading time), so the schemas
// (schemas.ts) depend on nothing that depends on them; the readers re-export the types they use.
import type { StructureSummary } from '../structure/model.ts';

export type Language = 'english' | 'spanish' | 'arabic';

export interface BookRecord {
  number: number;
  osis: string;
  testament: 'OT' | 'NT';
  genreId: number;
  genre: string;
  names: Record<Language, string>;
  /** abbreviations per language, the preferred one first */
  abbreviations: Record<Language, string[]>;
}

export interface LicenceRecord {
  category: string;
  licence: string;
  licenceText: string;
  attribution: string;
  source: string;
  datasets: string[];
}

export interface VersionRecord {
  versionId: string;
  /** the API's table name, "t_kjv" ("t_srv" for RV1909, as the hosted service names it) */
  table: string;
  /** the hosted service's number for the translation */
  number: number;
  abbreviation: string;
  /** the hosted service's display name, "King James Version" */
  name: string;
  /** this project's fuller name, "King James Version (1769)" */
  fullName: string;
  language: Language;
  /** this translation's own chapter/verse counts (books without chapters have none) */
  chapterVerses: number[][];
  /** the number of each chapter's last verse: above its count where the translation omits verses
   *  (ASV Matt 17 has 26 verses, the last numbered 27) */
  chapterLastVerses: number[][];
  verseCount: number;
  licence: LicenceRecord;
  /** what the translation's source marks (GetVersions' `structure`; the structure builder counts it) */
  structure?: StructureSummary;
}

export interface ServiceInfo {
  name: string;
  description: string;
  type: string;
  version: string;
  parent: string;
  authors: string[];
  [key: string]: unknown;
}

export interface CatalogRecord {
  id: string;
  adapter: string;
  path: string;
  title: string;
  licence: string;
  licenceText: string;
  category: string;
  attribution: string;
  source: string;
  contentType: string;
  excluded: boolean;
  packs: string[];
  versionId?: string;
  abbreviation?: string;
  versionName?: string;
  language?: string;
}

export interface CategoryRecord {
  id: string;
  meaning: string;
  keep: string;
  resale: string;
  conditions: string;
  attributionRequired: boolean;
  open: boolean;
}

export interface BuildInfo {
  date: string;
  dateSource: string;
  manifestHash: string;
  excludedCategories: readonly string[];
  packCount: number;
}

export interface OriginalTextInfo {
  firstBook: number;
  lastBook: number;
  /** KJV ordinal of the testament's first verse */
  firstOrdinal: number;
  verseCount: number;
  wordCount: number;
  /** word ids are idBase + position + 1 (OT first, then NT) */
  idBase: number;
  /** KJV verse id numbers (ids.ts) the source has no words for */
  missing: number[];
  /** verses known to lack words, and what is missing */
  incomplete: { verseId: number; reason: string }[];
  /** OT: weekly Torah portions by their first verse (KJV ordinal), in order */
  parashot?: { name: string; start: number }[];
  /** NT: lexical form and gloss of numbers beyond Strong's dictionary (STEPBible extended numbers) */
  beyondStrongs?: Record<string, { lemma: string; gloss: string }>;
}

export interface Speeds {
  low: number;
  average: number;
  high: number;
}

export interface SpeedBand {
  label: string;
  from: number;
  to: number | null;
  silent: Speeds;
  oral: Speeds;
}

export interface TextPackInfo {
  versionId: string;
  /** KJV-grid verse id numbers (ids.ts) this translation leaves empty */
  missing: number[];
  /** verseIds this translation has beyond the KJV grid */
  extra: number[];
  /** verses the source marks as damaged or incomplete */
  incomplete: { verseId: number; reason: string }[];
  /** for an imported translation: the import that wrote it, which its imported pack's record names too,
   *  so a record and a text from two imports of one id are never read together */
  importId?: string;
}

/** A translation `bible import` added: what GetVersions, the licensing operations and the citation
 *  parser need of it, beside its text pack (in its own numbering) and its map to the KJV grid. */
export interface ImportedTranslationInfo {
  versionId: string;
  /** GetVersions' version_id: 1001 and up, in import order */
  number: number;
  name: string;
  abbreviation: string;
  /** the language code the file or the command line gave (BCP 47 or ISO 639) */
  language: string;
  /** the format it was read from, and the file or folder, as the user named it */
  format: string;
  source: string;
  /** the versification its numbers follow, and why that one was chosen */
  versification: { name: string; reason: string };
  /** the books it holds, in canon order, with the names the file carries */
  books: {
    book: number;
    code: string;
    names: { long?: string; short?: string; abbreviation?: string; header?: string };
  }[];
  chapterVerses: number[][];
  chapterLastVerses: number[][];
  verseCount: number;
  /** the rights statement the file makes, or the command line's --license; absent when neither says */
  rights?: string;
  /** own verse ids that map to no KJV verse */
  unmapped: number[];
  /** the import that wrote this record and its text pack (TextPackInfo.importId); absent in packs
   *  written before it was recorded */
  importId?: string;
  /** what its file's markup marks (GetVersions' `structure`), when a structure pack was written for it */
  structure?: StructureSummary;
}

/** An imported translation as the engine reads it (imported.ts): its record, and its map to the KJV grid
 *  both ways. Declared here so the meta pack (meta.ts) can hold them without importing their reader. */
export interface ImportedTranslation {
  readonly info: ImportedTranslationInfo;
  readonly record: VersionRecord;
  /** the KJV verse id one of its own verse ids stands for (the first, where it holds several); 0 when it
   *  maps to none */
  kjvIdOf(ownId: number): number;
  /** its own verse ids that stand for a KJV verse id, in order (the KJV's 3 John 1:14 can be two) */
  ownIdsOf(kjvId: number): number[];
}
