// Every pack the compiler writes and the engine reads, with its sections in the order they are written.
// Builders write through these schemas (compiler/pack/writer.ts: sectionsOf) and the engine reads
// through them (Context.pack), so this file is the one place a pack's layout is stated.
import type {
  BookRecord,
  BuildInfo,
  CatalogRecord,
  CategoryRecord,
  ImportedTranslationInfo,
  OriginalTextInfo,
  ServiceInfo,
  SpeedBand,
  TextPackInfo,
  VersionRecord,
} from './contents.ts';
import type { DocumentedBookInfo, StoryRecord } from '../records.ts';
import { bytes, definePack, json, keyed, type PackSchema, u16, u32, utf8 } from './schema.ts';
import type { WordCodeLayout } from './word-coding.ts';
import type { StructureSummary } from '../structure/model.ts';

/** A running text stored word-coded (word-coding.ts): its dictionary, then `text`, one block of codes
 *  per part. */
const WORD_CODED_TEXT = {
  wordCoding: json<WordCodeLayout>(),
  /** each entry's bytes past the prefix it shares with the entry before it (front coding) */
  dictionary: bytes,
  /** how many leading UTF-8 bytes each entry shares with the entry before it */
  sharedPrefixes: bytes,
  /** how many bytes of `dictionary` each entry adds */
  suffixLengths: bytes,
  /** the numbers of the entries that are not words */
  separators: u32,
  text: bytes,
} as const;

/** Numbered texts, word-coded in blocks of whole entries (word-coded-entries.ts): entry n (from 1) is
 *  bytes offsets[n - 1]..offsets[n] of the texts back to back. */
const WORD_CODED_ENTRIES = {
  offsets: u32,
  /** the number of each block's first entry, then one past the last entry */
  blockFirstEntry: u32,
  ...WORD_CODED_TEXT,
} as const;

/** The books, names, versions, KJV versification and service info every operation starts from. */
export const META_PACK = definePack('meta', {
  versification: json<number[][]>(),
  books: json<BookRecord[]>(),
  versions: json<VersionRecord[]>(),
  /** the versions' ids, in the order of `versions`: what a parameter check needs, without their records */
  versionIds: json<string[]>(),
  service: json<ServiceInfo>(),
  /** normalised book name or abbreviation -> book number */
  nameIndex: json<Record<string, number>>(),
});

/** One translation's verse text, one line per verse, in canonical order, word-coded in blocks of a
 *  run of chapters (never more than one book). */
export const TEXT_PACK = definePack(keyed('text'), {
  info: json<TextPackInfo>(),
  /** the position of each block's first verse in the verse list, then the number of verses */
  blockStarts: u32,
  /** what the search index is read with (search/text-index.ts): the keys no dictionary entry spells,
   *  sorted and front-coded */
  searchKeys: utf8,
  /** per dictionary entry: what it does to the words around it */
  entryKinds: bytes,
  /** per dictionary entry: the number (plus one) of the key its letters spell, or 0 */
  entryKeys: u32,
  ...WORD_CODED_TEXT,
});

/** A translation `bible import` added: its record, and its map to the KJV grid as the pairs where its
 *  own verse id differs from the KJV one (every other verse of it is the KJV verse of the same id):
 *  mapOwn[i] is its verse, mapKjv[i] the KJV verse it stands for (0 for none), ordered by mapOwn. */
export const IMPORTED_PACK = definePack(keyed('imported'), {
  info: json<ImportedTranslationInfo>(),
  mapOwn: u32,
  mapKjv: u32,
});

/** What a posting index (engine/core/search/postings.ts) stores beside its keys and rows. */
export interface PostingsInfo {
  format: string;
  /** rows indexed (ids run 0..size-1) */
  size: number;
  terms: number;
  postings: number;
}

export interface ReadingSpeedModel {
  bands: SpeedBand[];
  sources: Record<string, string>;
}
export const PLANS_PACK = definePack('plans', {
  readingSpeed: json<ReadingSpeedModel>(),
});

export interface ExtraBook {
  id: string;
  weight: string;
  name: string;
  info_text: string;
  info_url: string;
  path: string;
}
/** Extra-biblical books: one row per verse, its text ending at textEnds[row] (UTF-16 units). */
export const EXTRABIBLICAL_PACK = definePack('extrabiblical', {
  books: json<ExtraBook[]>(),
  /** book id -> [chapter, first row, row count] */
  chapters: json<Record<string, [number, number, number][]>>(),
  book: u16,
  chapter: u16,
  verse: u16,
  /** row -> [chapter label, verse label] where the source's labels are not plain numbers */
  labels: json<Record<string, [string, string]>>(),
  text: utf8,
  textEnds: u32,
  /** the rows' exact word index (engine/core/search/postings.ts) */
  searchInfo: json<PostingsInfo>(),
  searchTerms: utf8,
  searchIds: bytes,
});

/** The Hebrew (ot) or Greek (nt) words of each KJV verse, as columns over word positions. */
export const ORIGINAL_PACK = definePack(keyed('original'), {
  info: json<OriginalTextInfo>(),
  verseWords: bytes,
  form: u32,
  strongs: u16,
  morph: u16,
  connected: u16,
  noteWord: u32,
  noteText: u32,
  multiWord: u32,
  multiText: u32,
  morphs: json<[string, string][]>(),
  connectedValues: json<string[]>(),
  /** interned strings: their text, and each one's UTF-16 length */
  stringsText: utf8,
  stringsLength: u16,
});

export interface LexiconInfo {
  hebrew: number;
  greek: number;
  fields: readonly string[];
}
/** Strong's Hebrew and Greek dictionaries, with each number's occurrence count and first verse. */
export const LEXICON_PACK = definePack('lexicon', {
  info: json<LexiconInfo>(),
  hebrewText: utf8,
  hebrewStart: u32,
  hebrewCount: u32,
  hebrewFirst: u32,
  greekText: utf8,
  greekStart: u32,
  greekCount: u32,
  greekFirst: u32,
});

export interface StrongsIndexInfo {
  maxHebrew: number;
  maxGreek: number;
  kjvTags: boolean;
}
/** For each Strong's number, the KJV ordinals of the verses that use it (original text and KJV tags). */
export const STRONGS_INDEX_PACK = definePack('strongs-index', {
  info: json<StrongsIndexInfo>(),
  hebrewStart: u32,
  hebrewVerses: u16,
  greekStart: u32,
  greekVerses: u16,
  kjvHebrewStart: u32,
  kjvHebrewVerses: u16,
  kjvGreekStart: u32,
  kjvGreekVerses: u16,
});

/** Greek and Hebrew character tables in the API's escapes. */
export const UNICODE_PACK = definePack('unicode-tables', {
  greek: json<Record<string, { lowercase: string; uppercase: string }>>(),
  hebrew: json<Record<string, Record<string, string>>>(),
});

export interface LicensedPack {
  name: string;
  builder: string;
  datasets: string[];
}
/** What this build holds and under which licences; written after every other pack. */
export const LICENSING_PACK = definePack('licensing', {
  build: json<BuildInfo>(),
  categories: json<CategoryRecord[]>(),
  contentTypes: json<readonly string[]>(),
  catalog: json<CatalogRecord[]>(),
  packs: json<LicensedPack[]>(),
});

export interface CrossReferenceInfo {
  rows: number;
  kept: number;
  negativeDropped: number;
  zeroKept: number;
  remapped: string[];
  remappedRows: number;
}
/** Cross references grouped by source verse: rows start[ordinal]..start[ordinal + 1]. Verses are KJV
 *  ordinals (half the bytes of verse ids, and they deflate to two thirds). */
export const XREFS_PACK = definePack('xrefs', {
  info: json<CrossReferenceInfo>(),
  start: u32,
  /** the ordinal of the reference's first verse */
  target: u16,
  /** 0 for a single verse, else the number of verses the reference spans */
  span: u16,
  votes: u16,
});

export interface CommentaryInfo {
  missingBooks: number[];
  introductionOnlyBooks: number[];
  /** the compiler's counts, kept for the record; the engine does not read them */
  stats: object;
}
/** A verse commentary: each KJV ordinal's entry number (0 = none), and the entries. */
export const COMMENTARY_PACK = definePack(keyed('commentary'), {
  info: json<CommentaryInfo>(),
  byOrdinal: u32,
  ...WORD_CODED_ENTRIES,
});

/** A Bible dictionary: terms in order, a key index (to a term's number, from 0), and the definitions,
 *  the term numbered n being entry n + 1. */
export const DICTIONARY_PACK = definePack(keyed('dictionary'), {
  terms: json<string[]>(),
  keys: json<Record<string, number>>(),
  ...WORD_CODED_ENTRIES,
});

/** Related words: one word per line, and for each the range of its related words' indexes. */
export const RELATIONS_PACK = definePack('relations', {
  words: utf8,
  start: u32,
  related: u16,
});

export interface TopicRecord {
  topic: string;
  citations: (string | number)[][];
}
export const TOPICS_PACK = definePack('topics', {
  topics: json<TopicRecord[]>(),
});

export interface GenreRun {
  genre: string;
  startingBookId: string;
  endingBookId: string;
  startingVerseId: string;
  endingVerseId: string;
  testament: 'OT' | 'NT';
}
export interface ProphecyRow {
  n: number;
  ot: string;
  prophecy: string;
  nt: string;
  otVerseIds: number[];
  ntVerseIds: number[];
}
export interface WordsOfJesusCheck {
  kjv: number;
  web: number;
  onlyKjv: number[];
  onlyWeb: number[];
}
/** The book-info fields counted from open data at build time (compiler/builders/book-facts.ts). */
export interface BookFacts {
  original_language: string;
  major_characters: string[];
  key_verses: { reference: string }[];
  themes: string[];
  cross_references: string[];
  connection_to_other_books: string;
  structure: string;
}
/** The small curated lists, each shaped as the API answers it. */
export const STUDY_PACK = definePack('study', {
  genres: json<GenreRun[]>(),
  parables: json<Record<string, string[]>>(),
  stories: json<StoryRecord[]>(),
  prophecies: json<ProphecyRow[]>(),
  wordsOfJesus: u32,
  wordsOfJesusCheck: json<WordsOfJesusCheck>(),
  bookInfo: json<DocumentedBookInfo[]>(),
});
/** The book-info fields counted from open data, one per book in canonical order. */
export const BOOK_FACTS_PACK = definePack('book-facts', {
  facts: json<BookFacts[]>(),
});

/**
 * One versification scheme over the 66 books: each chapter's last verse, and where its numbers differ
 * from the `org` scheme (Hebrew BHS / Greek UBS), runs of verses mapped to `org` verses.
 */
export interface VersificationSchemeData {
  /** maxVerses[book - 1][chapter - 1]: the chapter's last verse; a book the scheme lacks is [] */
  maxVerses: number[][];
  /**
   * Runs mapped to `org`, four numbers each: [first own verse id, last own verse id, first org verse id,
   * last org verse id] (ids.ts numbers; verse 0 is a psalm's title). Runs of equal length map verse by
   * verse; a run of one verse maps to every verse of the other run. A verse in no run is the same verse
   * in `org`.
   */
  mapped: number[];
}

/**
 * A content test of the versification sniffing rules: the columns name the traditions, and a text
 * follows a column when every one of that column's tests holds ("Rev.12:17=Last", "Gen.6:1<Gen.6:2*2").
 */
export interface VersificationRule {
  name: string;
  columns: string[][];
  tests: string[][];
}

/** The standard versification schemes (Copenhagen Alliance) plus the KJV's, and the sniffing rules
 *  that compare verse lengths, for the importer (engine/import/versification.ts). */
export const VERSIFICATION_PACK = definePack('versification', {
  schemes: json<Record<string, VersificationSchemeData>>(),
  rules: json<VersificationRule[]>(),
});

/** What a translation's structure pack says of itself. */
export interface StructurePackInfo {
  versionId: string;
  summary: StructureSummary;
  /** how many of each kind of markup the source gives (docs/structure.md) */
  counts: StructureCounts;
}

export interface StructureCounts {
  wordsOfJesus: number;
  added: number;
  divineName: number;
  titles: number;
  notes: number;
  paragraphs: number;
  poetryLines: number;
}

/** One translation's markup (engine/core/structure/codec.ts), one line per verse of its text pack in the
 *  same order ("" for none), one block per book: the lines of book b are its verses from position
 *  bookStarts[b - 1] of the text's verse list. */
export const STRUCTURE_PACK = definePack(keyed('structure'), {
  info: json<StructurePackInfo>(),
  /** the position of each book's first verse in the text's verse list, then the number of verses */
  bookStarts: u32,
  markup: utf8,
});

/** A heading as the headings pack stores it: [verseId, level, text, references?]. */
export type HeadingRow = [number, number, string, string[]?];

/** Section headings put over every built-in translation (BSB's, curated/pericopes), stored once: rows of
 *  [verseId, level, text, references?] in verse order, and the dataset they come from. */
export const HEADINGS_PACK = definePack('headings', {
  source: json<string>(),
  headings: json<HeadingRow[]>(),
});

/** Every schema: what the compiler writes and the engine reads. */
export const PACK_SCHEMAS: readonly PackSchema[] = [
  META_PACK,
  TEXT_PACK,
  IMPORTED_PACK,
  PLANS_PACK,
  EXTRABIBLICAL_PACK,
  ORIGINAL_PACK,
  LEXICON_PACK,
  STRONGS_INDEX_PACK,
  UNICODE_PACK,
  LICENSING_PACK,
  XREFS_PACK,
  COMMENTARY_PACK,
  DICTIONARY_PACK,
  RELATIONS_PACK,
  TOPICS_PACK,
  STUDY_PACK,
  BOOK_FACTS_PACK,
  VERSIFICATION_PACK,
  STRUCTURE_PACK,
  HEADINGS_PACK,
];

/** The schema a pack of this name is written and read with, or undefined for a name no schema gives. */
export function schemaOfPack(name: string): PackSchema | undefined {
  const fixed = PACK_SCHEMAS.find((schema) => schema.name === name);
  if (fixed) return fixed;
  return PACK_SCHEMAS.find(
    (schema) =>
      typeof schema.name !== 'string' && name.startsWith(`${schema.kind}-`) && name.length > schema.kind.length + 1,
  );
}
