// The records operations answer, as shapes (see shape.ts): the fields API-SPEC.md documents first, this
// engine's additions second. Their TypeScript types are exported for apps.
import { arrayOf, literal, number, object, oneOf, optional, string, type Infer } from './shape.ts';

/** An imported translation's rows carry the KJV verseId each stands for (null for none): the key to
 *  everything keyed by KJV verseIds. A built-in translation's rows have no such field. */
const KJV_ID = { kjvId: optional(oneOf(string, literal(null))) };

export const VERSE = object({ id: string, b: string, c: string, v: string, t: string }, KJV_ID);

export const PARALLEL_VERSE = object(
  {
    id: string,
    b: string,
    c: string,
    v: string,
    t: string,
    versionId: string,
    versionAbbreviation: string,
    versionName: string,
  },
  KJV_ID,
);

export const VERSION = object(
  { table: string, version_id: string, abbreviation: string, version: string, language: string },
  { versionCode: string, versionFullName: string, license: string },
);

export const BOOK = object({ b: string, n: string }, { t: string, g: string, genre: string });
export const TESTAMENT_BOOK = object({ b: string, n: string, t: string, g: string }, { genre: string });
export const BOOK_NAME = object({ n: string });

/**
 * What GetOriginalText's `pronun` string holds, as JSON (JSON.parse(row.pronun)): the word's pronunciation read
 * from the word itself. ipa, sbl, dic: a scholarly reading (no spirantization, no vowel length) in IPA, SBL
 * academic transliteration and a plain respelling; ipa_mod, dic_mod: the modern (Israeli Hebrew, Modern
 * Greek) pronunciation in IPA and a plain respelling. Clients show dic_mod, else dic.
 */
export const PRONUNCIATION = object({ ipa: string, ipa_mod: string, sbl: string, dic: string, dic_mod: string });

export const ORIGINAL_WORD = object(
  {
    id: string,
    verseID: string,
    book: string,
    chapter: string,
    verse: string,
    word: string,
    /** JSON.stringify of a PRONUNCIATION: {"ipa","ipa_mod","sbl","dic","dic_mod"} */
    pronun: string,
    strongs: string,
    morph: string,
    orig_order: string,
    connected: string,
    parashah: string,
    notes: string,
    glossary: string,
  },
  { morph_expanded: string },
);

export const STRONGS_ENTRY = object(
  {
    id: string,
    strongs_id: string,
    language: string,
    word: string,
    glossary: string,
    occurences: string,
    first_occurence: string,
    root: string,
  },
  {
    root_strongs_id: string,
    root_word: string,
    language_name: string,
    transliteration: string,
    pronunciation: string,
    part_of_speech: string,
    derivation: string,
    definition: string,
    kjv_usage: string,
    unused: optional(literal(true)),
  },
);

export const CROSS_REFERENCE = object({ verseId: string, r: string, sv: string, ev: string });

export const STORY = object({
  id: string,
  verse_id: string,
  story: string,
  verses_1: string,
  verses_2: string,
  verses_3: string,
  verses_4: string,
});

export const GENRE_GROUP = object({
  genre: string,
  startingBookId: string,
  endingBookId: string,
  startingVerseId: string,
  endingVerseId: string,
});

export const TOPIC_ENTRY = object({ citation: string, verseIds: arrayOf(string) });

export const EXTRA_BIBLICAL_BOOK = object({
  id: string,
  weight: string,
  name: string,
  info_text: string,
  info_url: string,
  path: string,
});
export const EXTRA_BIBLICAL_VERSE = object({ b: string, c: string, cs: string, v: string, vs: string, t: string });

/** The specification's eight book-info fields, from Theographic and Easton (the study pack's bookInfo). */
const BOOK_INFO_DOCUMENTED = {
  bookId: string,
  chapterCount: number,
  introduction: string,
  introduction_long: string,
  author: string,
  date: string,
  word_origin: string,
  genre: string,
} as const;
/** One book-info object as the live service answers it: the documented eight, and the fields its clients
 *  read (API-SPEC, "What real clients show"), every one always present; docs/study.md gives their sources. */
export const BOOK_INFO = object(BOOK_INFO_DOCUMENTED, {
  summary: string,
  original_language: string,
  original_language_meaning: string,
  structure: string,
  historical_context: string,
  purpose: string,
  audience: string,
  major_characters: arrayOf(string),
  themes: arrayOf(string),
  key_verses: arrayOf(object({ reference: string })),
  practical_application: string,
  connection_to_other_books: string,
  theological_introduction: string,
  cross_references: arrayOf(string),
  symbolism: arrayOf(string),
});

export const DICTIONARY_ENTRY = object({ word: string, definition: string });
export const SEMANTIC_RELATION = object({ word: string, related: arrayOf(string) });

const TIME_SPAN = object({ seconds: number, minutes: number, hours: number, days: number });
const TIMES = object({ low: TIME_SPAN, average: TIME_SPAN, high: TIME_SPAN });
export const TIMES_TO_READ = object({ silent: TIMES, oral: TIMES });
export const SPEEDS = object({ low: number, average: number, high: number });

export type VerseRecord = Infer<typeof VERSE>;
export type ParallelVerseRecord = Infer<typeof PARALLEL_VERSE>;
export type VersionRecord = Infer<typeof VERSION>;
export type BookRecord = Infer<typeof BOOK>;
export type TestamentBookRecord = Infer<typeof TESTAMENT_BOOK>;
export type OriginalWordRecord = Infer<typeof ORIGINAL_WORD>;
/** JSON.parse(OriginalWordRecord.pronun) */
export type PronunciationRecord = Infer<typeof PRONUNCIATION>;
export type StrongsEntry = Infer<typeof STRONGS_ENTRY>;
export type CrossReference = Infer<typeof CROSS_REFERENCE>;
export type StoryRecord = Infer<typeof STORY>;
export type GenreGroup = Infer<typeof GENRE_GROUP>;
export type TopicEntry = Infer<typeof TOPIC_ENTRY>;
export type ExtraBiblicalBook = Infer<typeof EXTRA_BIBLICAL_BOOK>;
export type ExtraBiblicalVerse = Infer<typeof EXTRA_BIBLICAL_VERSE>;
export type BookInfo = Infer<typeof BOOK_INFO>;
export type DocumentedBookInfo = Infer<ReturnType<typeof object<typeof BOOK_INFO_DOCUMENTED>>>;
export type DictionaryEntry = Infer<typeof DICTIONARY_ENTRY>;
export type SemanticRelation = Infer<typeof SEMANTIC_RELATION>;
export type TimesToRead = Infer<typeof TIMES_TO_READ>;
