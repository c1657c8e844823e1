// @generated from the operation table by `npm run docs:types` (scripts/typed-docs.ts): do not edit.
// test/docs/typed-docs.test.ts fails while this file differs from the table. An operation the table has
// and this file lacks is still typed (typed.ts), without its documentation, until the file is written again.
import type { ParamsOf, ResultOf, UndocumentedMethods } from './typed.ts';

/** One typed method per operation, documented: bible.GetVerse({ verseId: '43003016', versionId: 'kjv' }). */
export type TypedMethods = Omit<UndocumentedMethods, keyof DocumentedMethods> & DocumentedMethods;

/** Each parameter of each operation with its documentation (its type comes from ParamsOf). */
export interface ParamDocs {
  GetVerse: {
    /**
     * 8-digit verse id BBCCCVVV, e.g. 01001001
     * Required.
     * @example "01001001"
     */
    verseId?: unknown;
    /**
     * translation code, one of those GetVersions lists, e.g. kjv or web (default kjv)
     * Optional.
     * @defaultValue "kjv"
     * @example "kjv"
     */
    versionId?: unknown;
  };
  GetChapter: {
    /**
     * book number 1-66
     * Required.
     * @example "43"
     */
    bookId?: unknown;
    /**
     * chapter number
     * Required.
     * @example "3"
     */
    chapterId?: unknown;
    /**
     * translation code, one of those GetVersions lists, e.g. kjv or web (default kjv)
     * Optional.
     * @defaultValue "kjv"
     * @example "kjv"
     */
    versionId?: unknown;
  };
  GetChapterByBookAndChapterId: {
    /**
     * 5-digit BBCCC id, e.g. 43003
     * Required.
     * @example "43003"
     */
    bookAndChapterId?: unknown;
    /**
     * translation code, one of those GetVersions lists, e.g. kjv or web (default kjv)
     * Optional.
     * @defaultValue "kjv"
     * @example "kjv"
     */
    versionId?: unknown;
  };
  GetParallelVerses: {
    /**
     * 8-digit verse id BBCCCVVV, e.g. 01001001
     * Required.
     * @example "01001001"
     */
    verseId?: unknown;
  };
  GetBooks: {
    /**
     * english, spanish or arabic (default english)
     * Optional.
     * @defaultValue "english"
     * @example "english"
     */
    language?: unknown;
  };
  GetBooksOT: {
    /**
     * english, spanish or arabic (default english)
     * Optional.
     * @defaultValue "english"
     * @example "english"
     */
    language?: unknown;
  };
  GetBooksNT: {
    /**
     * english, spanish or arabic (default english)
     * Optional.
     * @defaultValue "english"
     * @example "english"
     */
    language?: unknown;
  };
  GetBibleBookAbbreviations: {
    /**
     * english, spanish or arabic (default english)
     * Optional.
     * @defaultValue "english"
     * @example "english"
     */
    language?: unknown;
  };
  GetBookNameByBookId: {
    /**
     * book number 1-66
     * Required.
     * @example "43"
     */
    bookId?: unknown;
    /**
     * english, spanish or arabic (default english)
     * Optional.
     * @defaultValue "english"
     * @example "english"
     */
    language?: unknown;
  };
  GetBookNameByVerseId: {
    /**
     * 8-digit verse id BBCCCVVV, e.g. 01001001
     * Required.
     * @example "01001001"
     */
    verseId?: unknown;
    /**
     * english, spanish or arabic (default english)
     * Optional.
     * @defaultValue "english"
     * @example "english"
     */
    language?: unknown;
  };
  GetBookIdByBookName: {
    /**
     * a book name or abbreviation, e.g. "Genesis", "1 Juan", "متى", "Gen"
     * Required.
     * @example "Genesis"
     */
    bookName?: unknown;
    /**
     * optional: english, spanish or arabic: match only names in this language (default: every language)
     * Optional.
     * @example "english"
     */
    language?: unknown;
  };
  GetParseCitation: {
    /**
     * a citation like "John 3:16", "Matt 5:3-5, 7", "1 Juan 4:8" or "Titus 1:1 through 2": a book, a chapter, then verses (ranges with "-" or "to", lists with "," or "and")
     * Required.
     * @example "John 3:16"
     */
    citation?: unknown;
    /**
     * english, spanish or arabic (default english)
     * Optional.
     * @defaultValue "english"
     * @example "english"
     */
    language?: unknown;
  };
  GetVerseById: {
    /**
     * one verse: a reference such as John.3.16, "John 3:16" or JHN 3:16, or an 8-digit verseId
     * Required.
     * @example "43003016"
     */
    verseId?: unknown;
    /**
     * translation code, one of those GetVersions lists, e.g. kjv or web (default kjv)
     * Optional.
     * @defaultValue "kjv"
     * @example "kjv"
     */
    versionId?: unknown;
  };
  GetCitationsInText: {
    /**
     * the text to read, up to 1,048,576 characters
     * Required.
     * @example "As John 3:16 and Rom 5:8 say"
     */
    text?: unknown;
  };
  GetParseVerseId: {
    /**
     * 8-digit verse id BBCCCVVV
     * Required.
     * @example "43003016"
     */
    verseId?: unknown;
    /**
     * english, spanish or arabic (default english)
     * Optional.
     * @defaultValue "english"
     * @example "english"
     */
    language?: unknown;
  };
  GetBookAndChapterNameByBookAndChapterId: {
    /**
     * 5-digit BBCCC id, e.g. 43003
     * Required.
     * @example "43003"
     */
    bookAndChapterId?: unknown;
    /**
     * english, spanish or arabic (default english)
     * Optional.
     * @defaultValue "english"
     * @example "english"
     */
    language?: unknown;
  };
  GetWords: {
    /**
     * 8-digit verse id BBCCCVVV, e.g. 01001001
     * Required.
     * @example "01001001"
     */
    verseId?: unknown;
    /**
     * translation code, one of those GetVersions lists, e.g. kjv or web (default kjv)
     * Optional.
     * @defaultValue "kjv"
     * @example "kjv"
     */
    versionId?: unknown;
  };
  GetPassage: {
    /**
     * references as people write them, apart by ";" or ",": "Rom 8:28-30; Jn 3:16", "John 3:35-4:2", "Ps 23", "Jude 3", OSIS "John.3.16", 8-digit verseIds (43003016) and 5-digit bookAndChapterIds (43003)
     * Required.
     * @example "Rom 8:28-30; John 3:16"
     */
    reference?: unknown;
    /**
     * translation code, one of those GetVersions lists, e.g. kjv or web (default kjv)
     * Optional.
     * @defaultValue "kjv"
     * @example "kjv"
     */
    versionId?: unknown;
    /**
     * verses (the default): each passage's verse rows; structured: each passage also carries blocks, the text laid out as printed (headings, titles, paragraphs, poetry lines, notes, the words of Jesus; docs/structure.md)
     * Allowed values: "verses", "structured".
     * Optional.
     * @defaultValue "verses"
     * @example "verses"
     */
    format?: unknown;
  };
  GetChapterCount: {
    /**
     * book number 1-66
     * Required.
     * @example "43"
     */
    bookId?: unknown;
    /**
     * translation code, one of those GetVersions lists, e.g. kjv or web (default kjv)
     * Optional.
     * @defaultValue "kjv"
     * @example "kjv"
     */
    versionId?: unknown;
  };
  GetVerseCount: {
    /**
     * book number 1-66
     * Required.
     * @example "43"
     */
    bookId?: unknown;
    /**
     * chapter number
     * Required.
     * @example "3"
     */
    chapterId?: unknown;
    /**
     * translation code, one of those GetVersions lists, e.g. kjv or web (default kjv)
     * Optional.
     * @defaultValue "kjv"
     * @example "kjv"
     */
    versionId?: unknown;
  };
  GetWordCountOfBook: {
    /**
     * book number 1-66
     * Required.
     * @example "43"
     */
    bookId?: unknown;
    /**
     * translation code, one of those GetVersions lists, e.g. kjv or web (default kjv)
     * Optional.
     * @defaultValue "kjv"
     * @example "kjv"
     */
    versionId?: unknown;
  };
  GetWordCountOfChapter: {
    /**
     * 5-digit BBCCC id, e.g. 43003 (or give bookId and chapterId)
     * Optional.
     * @example "43003"
     */
    bookAndChapterId?: unknown;
    /**
     * translation code, one of those GetVersions lists, e.g. kjv or web (default kjv)
     * Optional.
     * @defaultValue "kjv"
     * @example "kjv"
     */
    versionId?: unknown;
    /**
     * book number 1-66
     * Optional.
     * @example "43"
     */
    bookId?: unknown;
    /**
     * chapter number
     * Optional.
     * @example "3"
     */
    chapterId?: unknown;
  };
  GetWordCountOfVerse: {
    /**
     * 8-digit verse id BBCCCVVV, e.g. 01001001
     * Required.
     * @example "01001001"
     */
    verseId?: unknown;
    /**
     * translation code, one of those GetVersions lists, e.g. kjv or web (default kjv)
     * Optional.
     * @defaultValue "kjv"
     * @example "kjv"
     */
    versionId?: unknown;
  };
  GetRandomVerse: {
    /**
     * translation code, one of those GetVersions lists, e.g. kjv or web (default kjv)
     * Optional.
     * @defaultValue "kjv"
     * @example "kjv"
     */
    versionId?: unknown;
    /**
     * optional: a book number 1-66, or ot / nt
     * Optional.
     * @example "nt"
     */
    limitToBookId?: unknown;
    /**
     * optional: a chapter of limitToBookId (which must then be a book number)
     * Optional.
     * @example "3"
     */
    limitToChapterId?: unknown;
    /**
     * optional: the verse must contain this word or phrase (case- and accent-insensitive, whole words)
     * Optional.
     * @example "love"
     */
    limitToQuery?: unknown;
    /**
     * optional seed that makes the pick reproducible
     * From 0 to 4294967295.
     * Optional.
     * @example "1"
     */
    seed?: unknown;
  };
  GetRandomChapter: {
    /**
     * translation code, one of those GetVersions lists, e.g. kjv or web (default kjv)
     * Optional.
     * @defaultValue "kjv"
     * @example "kjv"
     */
    versionId?: unknown;
    /**
     * optional: a book number 1-66, or ot / nt
     * Optional.
     * @example "nt"
     */
    limitToBookId?: unknown;
    /**
     * optional seed that makes the pick reproducible
     * From 0 to 4294967295.
     * Optional.
     * @example "1"
     */
    seed?: unknown;
  };
  GetSearch: {
    /**
     * a word or phrase; whole words, in order; case, accents and vowel marks ignored
     * Required.
     * @example "love"
     */
    query?: unknown;
    /**
     * translation code, one of those GetVersions lists, e.g. kjv or web (default kjv)
     * Optional.
     * @defaultValue "kjv"
     * @example "kjv"
     */
    versionId?: unknown;
    /**
     * optional: return at most this many verses (paging; default all)
     * From 1 to 1000000.
     * Optional.
     * @example "1"
     */
    limit?: unknown;
    /**
     * optional: skip this many matching verses first (paging; default 0)
     * From 0 to 1000000.
     * Optional.
     * @example "1"
     */
    offset?: unknown;
    /**
     * optional: true adds highlights, the [start, end) offsets in t of each match (default false)
     * Allowed values: "false", "true".
     * Optional.
     * @example "false"
     */
    highlight?: unknown;
  };
  GetSearchAdvanced: {
    /**
     * a word, phrase or (broad) fragment of at least 2 characters; case, accents and vowel marks ignored
     * Required.
     * @example "love"
     */
    query?: unknown;
    /**
     * translation code, one of those GetVersions lists, e.g. kjv or web (default kjv)
     * Optional.
     * @defaultValue "kjv"
     * @example "kjv"
     */
    versionId?: unknown;
    /**
     * exact: whole words only (default); broad: any substring, even inside a word
     * Allowed values: "exact", "broad".
     * Optional.
     * @defaultValue "exact"
     * @example "exact"
     */
    matchType?: unknown;
    /**
     * optional: leave out verses containing this (matched like the query)
     * Optional.
     * @example "love"
     */
    excludeString?: unknown;
    /**
     * optional: a book number 1-66, or ot / nt
     * Optional.
     * @example "nt"
     */
    limitToBookId?: unknown;
    /**
     * optional: a chapter of limitToBookId (which must then be a book number)
     * Optional.
     * @example "3"
     */
    limitToChapterId?: unknown;
    /**
     * optional: return at most this many verses (paging; default all)
     * From 1 to 1000000.
     * Optional.
     * @example "1"
     */
    limit?: unknown;
    /**
     * optional: skip this many matching verses first (paging; default 0)
     * From 0 to 1000000.
     * Optional.
     * @example "1"
     */
    offset?: unknown;
    /**
     * optional: true adds highlights, the [start, end) offsets in t of each match (default false)
     * Allowed values: "false", "true".
     * Optional.
     * @example "false"
     */
    highlight?: unknown;
  };
  GetSearchCount: {
    /**
     * a word or phrase; whole words, in order; case, accents and vowel marks ignored
     * Required.
     * @example "love"
     */
    query?: unknown;
    /**
     * translation code, one of those GetVersions lists, e.g. kjv or web (default kjv)
     * Optional.
     * @defaultValue "kjv"
     * @example "kjv"
     */
    versionId?: unknown;
  };
  GetReadingTimeByAge: {
    /**
     * the reader's age in years; an age below 6 or not a valid age reads as 6
     * Required.
     * @example "30"
     */
    requestedAge?: unknown;
    /**
     * number of words to read, e.g. 650
     * From 0 to any.
     * Required.
     * @example "650"
     */
    wordCount?: unknown;
  };
  GetBibleReadingPlan: {
    /**
     * number of days, 1 to 3650
     * From 1 to 3650.
     * Required.
     * @example "1"
     */
    days?: unknown;
    /**
     * first day of the plan, YYYY-MM-DD (default today, UTC)
     * Optional.
     * @example "2026-01-01"
     */
    requestedStartDate?: unknown;
    /**
     * OT, NT or the whole Bible: OT+NT (the default), all, both or "OT NT" (any case); the answer echoes it as sent
     * Allowed values: "OT+NT", "OT", "NT", "OT NT", "ALL", "BOTH".
     * Optional.
     * @defaultValue "OT+NT"
     * @example "OT+NT"
     */
    sections?: unknown;
    /**
     * the reader's age in years (default 6); an age below 6 or not a valid age reads as 6
     * Optional.
     * @defaultValue "6"
     * @example "30"
     */
    requestedAge?: unknown;
    /**
     * chapters: days differ by at most one chapter (default); words: days even out reading time
     * Allowed values: "chapters", "words".
     * Optional.
     * @defaultValue "chapters"
     * @example "chapters"
     */
    balance?: unknown;
  };
  GetBibleReadingPlanByTopic: {
    /**
     * a topic from GetTopics, e.g. "love" (case-insensitive; default addiction)
     * Allowed values: "addiction", "adultery", "afterlife", "alcohol", "animals", "anger", "angels", "anxiety", "baptism", "birth", "business", "charity", "children", "church", "compassion", "courage", "dating", "death", "deliverance", "devil", "depression", "discipleship", "divorce", "drugs", "endurance", "eternal life", "evil", "faith", "faithfulness", "family", "fasting", "fear", "forgiveness", "friendship", "food", "generosity", "good", "gospel", "gossip", "government", "grace", "gratitude", "guidance", "healing", "health", "holiness", "homosexuality", "hope", "humility", "idolatry", "ignorance", "integrity", "jealousy", "joy", "justice", "kindness", "kingdom of god", "life", "love", "marriage", "medicine", "money", "miracles", "obedience", "patience", "peace", "perseverance", "politics", "praise", "prayer", "predestination", "prophecy", "purpose", "racism", "redemption", "renewal", "repentance", "resurrection", "righteousness", "sacrifice", "satan", "salvation", "science", "second coming", "servanthood", "sex", "stress", "suffering", "suicide", "temptation", "trust", "truth", "unity", "wealth", "wisdom", "worrying", "worship".
     * Optional.
     * @defaultValue "addiction"
     * @example "addiction"
     */
    topic?: unknown;
    /**
     * number of days, 1 to 3650 (default 30)
     * From 1 to 3650.
     * Optional.
     * @defaultValue "30"
     * @example "1"
     */
    days?: unknown;
    /**
     * first day of the plan, YYYY-MM-DD (default today, UTC)
     * Optional.
     * @example "2026-01-01"
     */
    requestedStartDate?: unknown;
  };
  GetChapterExtraBiblical: {
    /**
     * extra-biblical book id, e.g. 1 (1 Enoch); GetBooksExtraBiblical lists them (leading zeros accepted)
     * From 1 to 999.
     * Required.
     * @example "1"
     */
    bookId?: unknown;
    /**
     * chapter number as the source numbers it (3 Baruch and 2 Hermas start at chapter 0)
     * From 0 to 999.
     * Required.
     * @example "1"
     */
    chapterId?: unknown;
  };
  GetBookNameExtraBiblicalByBookId: {
    /**
     * extra-biblical book id, e.g. 1 (1 Enoch); GetBooksExtraBiblical lists them (leading zeros accepted)
     * From 1 to 999.
     * Required.
     * @example "1"
     */
    bookId?: unknown;
  };
  GetChapterCountExtraBiblical: {
    /**
     * extra-biblical book id, e.g. 1 (1 Enoch); GetBooksExtraBiblical lists them (leading zeros accepted)
     * From 1 to 999.
     * Required.
     * @example "1"
     */
    bookId?: unknown;
  };
  GetSearchExtraBiblical: {
    /**
     * a word or phrase, e.g. "watchers" or "son of man"
     * Required.
     * @example "watchers"
     */
    query?: unknown;
    /**
     * limit the search to one extra-biblical book id (optional)
     * From 1 to 999.
     * Optional.
     * @example "1"
     */
    bookId?: unknown;
  };
  GetAudioNarration: {
    /**
     * book number 1-66 (or a name); may be left out when chapterId is a 5-digit bookAndChapterId
     * Optional.
     * @example "43"
     */
    bookId?: unknown;
    /**
     * chapter number, or a 5-digit bookAndChapterId BBCCC (43003 = John 3) that names the book too
     * Required.
     * @example "43003"
     */
    chapterId?: unknown;
    /**
     * narrated translation: kjv, rv1909 or svd (default kjv)
     * Optional.
     * @defaultValue "kjv"
     * @example "kjv"
     */
    versionId?: unknown;
  };
  GetChapterAudio: {
    /**
     * book number 1-66 (or a name); may be left out when chapterId is a 5-digit bookAndChapterId
     * Optional.
     * @example "43"
     */
    bookId?: unknown;
    /**
     * chapter number, or a 5-digit bookAndChapterId BBCCC (43003 = John 3) that names the book too
     * Required.
     * @example "43003"
     */
    chapterId?: unknown;
    /**
     * narrated translation: kjv, rv1909 or svd (default kjv)
     * Optional.
     * @defaultValue "kjv"
     * @example "kjv"
     */
    versionId?: unknown;
  };
  GetAudioMusic: {
    /**
     * a music genre the host provides, e.g. "piano" or "ambient"
     * Required.
     * @example "piano"
     */
    genre?: unknown;
  };
  GetOriginalText: {
    /**
     * 8-digit verse id BBCCCVVV, e.g. 01001001
     * Required.
     * @example "01001001"
     */
    verseId?: unknown;
  };
  GetStrongs: {
    /**
     * H for Strong's Hebrew dictionary (H1-H8674), G for the Greek one (G1-G5624)
     * Allowed values: "H", "G".
     * Required.
     * @example "H"
     */
    lexiconId?: unknown;
    /**
     * Strong's number: 1-8674 for H, 1-5624 for G; or with its letter (G26, H0430), which then stands for lexiconId
     * From 1 to 8674.
     * Required.
     * @example "1"
     */
    id?: unknown;
  };
  GetGreekCharactersAndUnicode: {
    /**
     * english (the only language of this data; default english)
     * Allowed values: "english".
     * Optional.
     * @defaultValue "english"
     * @example "english"
     */
    language?: unknown;
  };
  GetHebrewCharactersAndUnicodePoints: {
    /**
     * english (the only language of this data; default english)
     * Allowed values: "english".
     * Optional.
     * @defaultValue "english"
     * @example "english"
     */
    language?: unknown;
  };
  GetSearchStrongs: {
    /**
     * Strong's number with its lexicon letter, e.g. H430 or G26
     * Required.
     * @example "H430"
     */
    strongsId?: unknown;
    /**
     * translation code, one of those GetVersions lists, e.g. kjv or web (default kjv)
     * Optional.
     * @defaultValue "kjv"
     * @example "kjv"
     */
    versionId?: unknown;
  };
  GetCrossReferences: {
    /**
     * 8-digit verse id BBCCCVVV, e.g. 01001001
     * Required.
     * @example "01001001"
     */
    verseId?: unknown;
  };
  GetCommentary: {
    /**
     * 8-digit verse id BBCCCVVV, e.g. 01001001
     * Required.
     * @example "01001001"
     */
    verseId?: unknown;
    /**
     * the commentary: gills (John Gill's Exposition of the Entire Bible; default gills)
     * Allowed values: "gills".
     * Optional.
     * @defaultValue "gills"
     * @example "gills"
     */
    commentaryName?: unknown;
  };
  GetDefinitionBiblical: {
    /**
     * the headword, e.g. "Aaron" (case-insensitive)
     * Required.
     * @example "Aaron"
     */
    query?: unknown;
    /**
     * smiths (Smith's Bible Dictionary) or eastons (Easton's Bible Dictionary); default smiths
     * Allowed values: "smiths", "eastons".
     * Optional.
     * @defaultValue "smiths"
     * @example "smiths"
     */
    dictionaryId?: unknown;
  };
  GetSemanticRelations: {
    /**
     * a word of the KJV, e.g. "faith" (case-insensitive)
     * Required.
     * @example "faith"
     */
    word?: unknown;
  };
  GetGenres: {
    /**
     * english (the only language of this data; default english)
     * Allowed values: "english".
     * Optional.
     * @defaultValue "english"
     * @example "english"
     */
    language?: unknown;
    /**
     * ot, nt, or ot+nt / all (default all; "ot nt" is ot+nt as a query string decodes it)
     * Allowed values: "all", "ot", "nt", "ot+nt", "ot nt".
     * Optional.
     * @defaultValue "all"
     * @example "all"
     */
    section?: unknown;
  };
  GetParables: {
    /**
     * english (the only language of this data; default english)
     * Allowed values: "english".
     * Optional.
     * @defaultValue "english"
     * @example "english"
     */
    language?: unknown;
  };
  GetStories: {
    /**
     * english (the only language of this data; default english)
     * Allowed values: "english".
     * Optional.
     * @defaultValue "english"
     * @example "english"
     */
    language?: unknown;
  };
  GetPropheciesFulfilledInJesus: {
    /**
     * english (the only language of this data; default english)
     * Allowed values: "english".
     * Optional.
     * @defaultValue "english"
     * @example "english"
     */
    language?: unknown;
  };
  GetPropheciesFulfilledInJesusList: {
    /**
     * english (the only language of this data; default english)
     * Allowed values: "english".
     * Optional.
     * @defaultValue "english"
     * @example "english"
     */
    language?: unknown;
  };
  GetBookInfo: {
    /**
     * book number 1-66
     * Required.
     * @example "43"
     */
    bookId?: unknown;
    /**
     * english (the only language of this data; default english)
     * Allowed values: "english".
     * Optional.
     * @defaultValue "english"
     * @example "english"
     */
    language?: unknown;
  };
  GetTopic: {
    /**
     * a topic from GetTopics, e.g. "love" (case-insensitive; default addiction)
     * Allowed values: "addiction", "adultery", "afterlife", "alcohol", "animals", "anger", "angels", "anxiety", "baptism", "birth", "business", "charity", "children", "church", "compassion", "courage", "dating", "death", "deliverance", "devil", "depression", "discipleship", "divorce", "drugs", "endurance", "eternal life", "evil", "faith", "faithfulness", "family", "fasting", "fear", "forgiveness", "friendship", "food", "generosity", "good", "gospel", "gossip", "government", "grace", "gratitude", "guidance", "healing", "health", "holiness", "homosexuality", "hope", "humility", "idolatry", "ignorance", "integrity", "jealousy", "joy", "justice", "kindness", "kingdom of god", "life", "love", "marriage", "medicine", "money", "miracles", "obedience", "patience", "peace", "perseverance", "politics", "praise", "prayer", "predestination", "prophecy", "purpose", "racism", "redemption", "renewal", "repentance", "resurrection", "righteousness", "sacrifice", "satan", "salvation", "science", "second coming", "servanthood", "sex", "stress", "suffering", "suicide", "temptation", "trust", "truth", "unity", "wealth", "wisdom", "worrying", "worship".
     * Optional.
     * @defaultValue "addiction"
     * @example "addiction"
     */
    topic?: unknown;
  };
  GetTopicVerseCount: {
    /**
     * a topic from GetTopics, e.g. "love" (case-insensitive; default addiction)
     * Allowed values: "addiction", "adultery", "afterlife", "alcohol", "animals", "anger", "angels", "anxiety", "baptism", "birth", "business", "charity", "children", "church", "compassion", "courage", "dating", "death", "deliverance", "devil", "depression", "discipleship", "divorce", "drugs", "endurance", "eternal life", "evil", "faith", "faithfulness", "family", "fasting", "fear", "forgiveness", "friendship", "food", "generosity", "good", "gospel", "gossip", "government", "grace", "gratitude", "guidance", "healing", "health", "holiness", "homosexuality", "hope", "humility", "idolatry", "ignorance", "integrity", "jealousy", "joy", "justice", "kindness", "kingdom of god", "life", "love", "marriage", "medicine", "money", "miracles", "obedience", "patience", "peace", "perseverance", "politics", "praise", "prayer", "predestination", "prophecy", "purpose", "racism", "redemption", "renewal", "repentance", "resurrection", "righteousness", "sacrifice", "satan", "salvation", "science", "second coming", "servanthood", "sex", "stress", "suffering", "suicide", "temptation", "trust", "truth", "unity", "wealth", "wisdom", "worrying", "worship".
     * Optional.
     * @defaultValue "addiction"
     * @example "addiction"
     */
    topic?: unknown;
  };
}

/** One documented method per operation: bible.GetVerse({ verseId: '43003016' }). */
export interface DocumentedMethods {
  /**
   * One verse as [{id, b, c, v, t}]; [] when the translation has no such verse.
   *
   * Parameters: verseId, versionId?. Family: verses.
   * @example
   * ```ts
   * await bible.GetVerse({ verseId: '01001001' })
   * ```
   */
  GetVerse(params: ParamsOf<'GetVerse'> & ParamDocs['GetVerse']): Promise<ResultOf<'GetVerse'>>;
  /**
   * Every verse of a chapter as [{id, b, c, v, t}].
   *
   * Parameters: bookId, chapterId, versionId?. Family: verses.
   * @example
   * ```ts
   * await bible.GetChapter({ bookId: '43', chapterId: '3' })
   * ```
   */
  GetChapter(params: ParamsOf<'GetChapter'> & ParamDocs['GetChapter']): Promise<ResultOf<'GetChapter'>>;
  /**
   * Every verse of a chapter named by its 5-digit bookAndChapterId (43003 = John 3).
   *
   * Parameters: bookAndChapterId, versionId?. Family: verses.
   * @example
   * ```ts
   * await bible.GetChapterByBookAndChapterId({ bookAndChapterId: '43003' })
   * ```
   */
  GetChapterByBookAndChapterId(
    params: ParamsOf<'GetChapterByBookAndChapterId'> & ParamDocs['GetChapterByBookAndChapterId'],
  ): Promise<ResultOf<'GetChapterByBookAndChapterId'>>;
  /**
   * The verse in every translation that has it (of those this engine holds), aligned by verseId: one inner array per translation, holding its record with versionId "t_<code>", versionAbbreviation and versionName.
   *
   * Parameters: verseId. Family: verses.
   * @example
   * ```ts
   * await bible.GetParallelVerses({ verseId: '01001001' })
   * ```
   */
  GetParallelVerses(
    params: ParamsOf<'GetParallelVerses'> & ParamDocs['GetParallelVerses'],
  ): Promise<ResultOf<'GetParallelVerses'>>;
  /**
   * Every translation, in the hosted service's order (by abbreviation): table ("t_kjv"; RV1909's is "t_srv"), version_id (the service's number: ASV "1" … KJV "4" … KJV1611 "10"), abbreviation, version (the service's name), language, versionCode (the versionId other operations take), versionFullName (the edition's fuller name), license, and available: whether this engine has the translation's text (false for one left out of an app's packs).
   *
   * Parameters: none. Family: verses.
   * @example
   * ```ts
   * await bible.GetVersions()
   * ```
   */
  GetVersions(params?: ParamsOf<'GetVersions'>): Promise<ResultOf<'GetVersions'>>;
  /**
   * The 66 books as [{b, n, t, g, genre}] with names in the language.
   *
   * Parameters: language?. Family: books.
   * @example
   * ```ts
   * await bible.GetBooks()
   * ```
   */
  GetBooks(params?: ParamsOf<'GetBooks'> & ParamDocs['GetBooks']): Promise<ResultOf<'GetBooks'>>;
  /**
   * The 39 Old Testament books.
   *
   * Parameters: language?. Family: books.
   * @example
   * ```ts
   * await bible.GetBooksOT()
   * ```
   */
  GetBooksOT(params?: ParamsOf<'GetBooksOT'> & ParamDocs['GetBooksOT']): Promise<ResultOf<'GetBooksOT'>>;
  /**
   * The 27 New Testament books.
   *
   * Parameters: language?. Family: books.
   * @example
   * ```ts
   * await bible.GetBooksNT()
   * ```
   */
  GetBooksNT(params?: ParamsOf<'GetBooksNT'> & ParamDocs['GetBooksNT']): Promise<ResultOf<'GetBooksNT'>>;
  /**
   * Every book as an array: its full name first, then its abbreviations with a trailing dot ("Genesis", "Gen.", "Ge.", "Gn."); names in the language (default english).
   *
   * Parameters: language?. Family: books.
   * @example
   * ```ts
   * await bible.GetBibleBookAbbreviations()
   * ```
   */
  GetBibleBookAbbreviations(
    params?: ParamsOf<'GetBibleBookAbbreviations'> & ParamDocs['GetBibleBookAbbreviations'],
  ): Promise<ResultOf<'GetBibleBookAbbreviations'>>;
  /**
   * The book name as [{n}].
   *
   * Parameters: bookId, language?. Family: books.
   * @example
   * ```ts
   * await bible.GetBookNameByBookId({ bookId: '43' })
   * ```
   */
  GetBookNameByBookId(
    params: ParamsOf<'GetBookNameByBookId'> & ParamDocs['GetBookNameByBookId'],
  ): Promise<ResultOf<'GetBookNameByBookId'>>;
  /**
   * The name of the book a verse id belongs to, as [{n}].
   *
   * Parameters: verseId, language?. Family: books.
   * @example
   * ```ts
   * await bible.GetBookNameByVerseId({ verseId: '01001001' })
   * ```
   */
  GetBookNameByVerseId(
    params: ParamsOf<'GetBookNameByVerseId'> & ParamDocs['GetBookNameByVerseId'],
  ): Promise<ResultOf<'GetBookNameByVerseId'>>;
  /**
   * The 2-digit book id for a full name or abbreviation (case-, accent- and space-insensitive), as a bare string; [] when unknown. language limits the match to the names of that language; without it, English, Spanish and Arabic names all match.
   *
   * Parameters: bookName, language?. Family: books.
   * @example
   * ```ts
   * await bible.GetBookIdByBookName({ bookName: 'Genesis' })
   * ```
   */
  GetBookIdByBookName(
    params: ParamsOf<'GetBookIdByBookName'> & ParamDocs['GetBookIdByBookName'],
  ): Promise<ResultOf<'GetBookIdByBookName'>>;
  /**
   * Parses a citation into {bookName, bookId, chapterId, verseIds}; ids are not checked against the Bible, as the API specifies.
   *
   * Parameters: citation, language?. Family: parsing.
   * @example
   * ```ts
   * await bible.GetParseCitation({ citation: 'John 3:16' })
   * ```
   */
  GetParseCitation(
    params: ParamsOf<'GetParseCitation'> & ParamDocs['GetParseCitation'],
  ): Promise<ResultOf<'GetParseCitation'>>;
  /**
   * One verse named by a reference as people and the official FAQ write it (John.3.16, "John 3:16", JHN 3:16, Jn3:16) or by its 8-digit verseId, answered as GetVerse answers: [{id, b, c, v, t}], [] when the translation has no such verse. A reference to several verses is refused.
   *
   * Parameters: verseId, versionId?. Family: parsing.
   * @example
   * ```ts
   * await bible.GetVerseById({ verseId: '43003016' })
   * ```
   */
  GetVerseById(params: ParamsOf<'GetVerseById'> & ParamDocs['GetVerseById']): Promise<ResultOf<'GetVerseById'>>;
  /**
   * Every Bible reference in a text, in order: [{match, start, end, bookName, bookId, endBookId?, passages: [{from, to}]}]. start and end are UTF-16 offsets (as JavaScript counts), bookName is the name as written, a hit names one book (endBookId only for a written range across books), passages are inclusive verse-id ranges checked against the versification. Over HTTP, POST the text as the body for long texts.
   *
   * Parameters: text. Family: parsing.
   * @example
   * ```ts
   * await bible.GetCitationsInText({ text: 'As John 3:16 and Rom 5:8 say' })
   * ```
   */
  GetCitationsInText(
    params: ParamsOf<'GetCitationsInText'> & ParamDocs['GetCitationsInText'],
  ): Promise<ResultOf<'GetCitationsInText'>>;
  /**
   * Names the parts of a verse id: {verseId, bookId, bookAndChapterId, chapterNumber, verseNumber, bookName}; [] when malformed or not a KJV verse.
   *
   * Parameters: verseId, language?. Family: parsing.
   * @example
   * ```ts
   * await bible.GetParseVerseId({ verseId: '43003016' })
   * ```
   */
  GetParseVerseId(
    params: ParamsOf<'GetParseVerseId'> & ParamDocs['GetParseVerseId'],
  ): Promise<ResultOf<'GetParseVerseId'>>;
  /**
   * The name of a chapter, "John 3", as a bare string; [] when the id is invalid.
   *
   * Parameters: bookAndChapterId, language?. Family: parsing.
   * @example
   * ```ts
   * await bible.GetBookAndChapterNameByBookAndChapterId({ bookAndChapterId: '43003' })
   * ```
   */
  GetBookAndChapterNameByBookAndChapterId(
    params: ParamsOf<'GetBookAndChapterNameByBookAndChapterId'> & ParamDocs['GetBookAndChapterNameByBookAndChapterId'],
  ): Promise<ResultOf<'GetBookAndChapterNameByBookAndChapterId'>>;
  /**
   * The words of a verse as {verseId, versionId, wordCount, "0": word, ...}; punctuation stays on its word; [] when the translation has no such verse.
   *
   * Parameters: verseId, versionId?. Family: parsing.
   * @example
   * ```ts
   * await bible.GetWords({ verseId: '01001001' })
   * ```
   */
  GetWords(params: ParamsOf<'GetWords'> & ParamDocs['GetWords']): Promise<ResultOf<'GetWords'>>;
  /**
   * The verses of any reference or list of references, in the order written, repeats kept: [{reference, bookId, endBookId?, chapterId?, from, to, verses: [{id, b, c, v, t}]}], one entry per passage (an inclusive range: "John 3:16, 18" is two, "John 3:35-4:2" one). reference names the passage in English as GetPassage reads it back ("Psalms 23", "John 3:35-4:2"); bookId is its first book, endBookId its last when it crosses books, chapterId its chapter when it lies in one; from and to are its first and last verseIds. Verses the translation lacks are left out, and a passage none of whose verses it has is refused; more than 500 verses in one call are refused.
   *
   * Parameters: reference, versionId?, format?. Family: parsing.
   * @example
   * ```ts
   * await bible.GetPassage({ reference: 'Rom 8:28-30; John 3:16' })
   * ```
   */
  GetPassage(params: ParamsOf<'GetPassage'> & ParamDocs['GetPassage']): Promise<ResultOf<'GetPassage'>>;
  /**
   * Chapters in a book: {chapterCount}.
   *
   * Parameters: bookId, versionId?. Family: counting.
   * @example
   * ```ts
   * await bible.GetChapterCount({ bookId: '43' })
   * ```
   */
  GetChapterCount(
    params: ParamsOf<'GetChapterCount'> & ParamDocs['GetChapterCount'],
  ): Promise<ResultOf<'GetChapterCount'>>;
  /**
   * Verses in a chapter of a translation: {verseCount, lastVerse}. verseCount counts the verses it has; lastVerse is the number of its last verse, larger where it omits verses (ASV Matt 17: 26 and 27).
   *
   * Parameters: bookId, chapterId, versionId?. Family: counting.
   * @example
   * ```ts
   * await bible.GetVerseCount({ bookId: '43', chapterId: '3' })
   * ```
   */
  GetVerseCount(params: ParamsOf<'GetVerseCount'> & ParamDocs['GetVerseCount']): Promise<ResultOf<'GetVerseCount'>>;
  /**
   * Words in a book (the GetWords rule): {bookId, versionId, wordCount}.
   *
   * Parameters: bookId, versionId?. Family: counting.
   * @example
   * ```ts
   * await bible.GetWordCountOfBook({ bookId: '43' })
   * ```
   */
  GetWordCountOfBook(
    params: ParamsOf<'GetWordCountOfBook'> & ParamDocs['GetWordCountOfBook'],
  ): Promise<ResultOf<'GetWordCountOfBook'>>;
  /**
   * Words in a chapter: {bookAndChapterId, versionId, wordCount}. The chapter is a bookAndChapterId, or bookId with chapterId.
   *
   * Parameters: bookAndChapterId?, versionId?, bookId?, chapterId?. Family: counting.
   * @example
   * ```ts
   * await bible.GetWordCountOfChapter()
   * ```
   */
  GetWordCountOfChapter(
    params?: ParamsOf<'GetWordCountOfChapter'> & ParamDocs['GetWordCountOfChapter'],
  ): Promise<ResultOf<'GetWordCountOfChapter'>>;
  /**
   * Words in a verse: {verseId, versionId, wordCount}.
   *
   * Parameters: verseId, versionId?. Family: counting.
   * @example
   * ```ts
   * await bible.GetWordCountOfVerse({ verseId: '01001001' })
   * ```
   */
  GetWordCountOfVerse(
    params: ParamsOf<'GetWordCountOfVerse'> & ParamDocs['GetWordCountOfVerse'],
  ): Promise<ResultOf<'GetWordCountOfVerse'>>;
  /**
   * A random verse [{id, b, c, v, t}], uniform over the verses the limits allow.
   *
   * Parameters: versionId?, limitToBookId?, limitToChapterId?, limitToQuery?, seed?. Family: random.
   * @example
   * ```ts
   * await bible.GetRandomVerse()
   * ```
   */
  GetRandomVerse(
    params?: ParamsOf<'GetRandomVerse'> & ParamDocs['GetRandomVerse'],
  ): Promise<ResultOf<'GetRandomVerse'>>;
  /**
   * The verses of a random chapter as [{id, b, c, v, t}], uniform over the chapters the limit allows.
   *
   * Parameters: versionId?, limitToBookId?, seed?. Family: random.
   * @example
   * ```ts
   * await bible.GetRandomChapter()
   * ```
   */
  GetRandomChapter(
    params?: ParamsOf<'GetRandomChapter'> & ParamDocs['GetRandomChapter'],
  ): Promise<ResultOf<'GetRandomChapter'>>;
  /**
   * Verses whose text contains the query as whole words (a phrase in order), ignoring case, accents and vowel marks: [{id, b, c, v, t}] in canonical order.
   *
   * Parameters: query, versionId?, limit?, offset?, highlight?. Family: search.
   * @example
   * ```ts
   * await bible.GetSearch({ query: 'love' })
   * ```
   */
  GetSearch(params: ParamsOf<'GetSearch'> & ParamDocs['GetSearch']): Promise<ResultOf<'GetSearch'>>;
  /**
   * Like GetSearch, with matchType exact (whole words) or broad (any substring), excludeString, and a book, testament or chapter limit: [{id, b, c, v, t}].
   *
   * Parameters: query, versionId?, matchType?, excludeString?, limitToBookId?, limitToChapterId?, limit?, offset?, highlight?. Family: search.
   * @example
   * ```ts
   * await bible.GetSearchAdvanced({ query: 'love' })
   * ```
   */
  GetSearchAdvanced(
    params: ParamsOf<'GetSearchAdvanced'> & ParamDocs['GetSearchAdvanced'],
  ): Promise<ResultOf<'GetSearchAdvanced'>>;
  /**
   * How many verses GetSearch returns for the query: {searchCount}.
   *
   * Parameters: query, versionId?. Family: search.
   * @example
   * ```ts
   * await bible.GetSearchCount({ query: 'love' })
   * ```
   */
  GetSearchCount(params: ParamsOf<'GetSearchCount'> & ParamDocs['GetSearchCount']): Promise<ResultOf<'GetSearchCount'>>;
  /**
   * Reading speed (words per minute) for a reader of an age, and the time to read a word count silently and aloud (oral) at low, average and high speed.
   *
   * Parameters: requestedAge, wordCount. Family: plans.
   * @example
   * ```ts
   * await bible.GetReadingTimeByAge({ requestedAge: '30', wordCount: '650' })
   * ```
   */
  GetReadingTimeByAge(
    params: ParamsOf<'GetReadingTimeByAge'> & ParamDocs['GetReadingTimeByAge'],
  ): Promise<ResultOf<'GetReadingTimeByAge'>>;
  /**
   * A plan reading whole KJV chapters in canonical order over a number of days: [summary, {day, date, bookAndChapterIds}, ...]. Days hold equal numbers of chapters (within one), or even out words with balance=words.
   *
   * Parameters: days, requestedStartDate?, sections?, requestedAge?, balance?. Family: plans.
   * @example
   * ```ts
   * await bible.GetBibleReadingPlan({ days: '1' })
   * ```
   */
  GetBibleReadingPlan(
    params: ParamsOf<'GetBibleReadingPlan'> & ParamDocs['GetBibleReadingPlan'],
  ): Promise<ResultOf<'GetBibleReadingPlan'>>;
  /**
   * A topic's verses spread over days in canonical order, each once, days within one verse of each other: {topicInfo {topic, daysRequested, daysFilled}, readingPlan [{day, date, verseIds}]}.
   *
   * Parameters: topic?, days?, requestedStartDate?. Family: plans.
   * @example
   * ```ts
   * await bible.GetBibleReadingPlanByTopic()
   * ```
   */
  GetBibleReadingPlanByTopic(
    params?: ParamsOf<'GetBibleReadingPlanByTopic'> & ParamDocs['GetBibleReadingPlanByTopic'],
  ): Promise<ResultOf<'GetBibleReadingPlanByTopic'>>;
  /**
   * The 43 extra-biblical books (1 Enoch, Jubilees, Jasher, …) as [{id, weight, name, info_text, info_url, path}] (strings), in weight order.
   *
   * Parameters: none. Family: extrabiblical.
   * @example
   * ```ts
   * await bible.GetBooksExtraBiblical()
   * ```
   */
  GetBooksExtraBiblical(params?: ParamsOf<'GetBooksExtraBiblical'>): Promise<ResultOf<'GetBooksExtraBiblical'>>;
  /**
   * A chapter of an extra-biblical book as [{b, c, cs, v, vs, t}] (strings) in the source's order; cs/vs carry labels such as "22b" or "6a", and alternative texts of one verse are separate rows.
   *
   * Parameters: bookId, chapterId. Family: extrabiblical.
   * @example
   * ```ts
   * await bible.GetChapterExtraBiblical({ bookId: '1', chapterId: '1' })
   * ```
   */
  GetChapterExtraBiblical(
    params: ParamsOf<'GetChapterExtraBiblical'> & ParamDocs['GetChapterExtraBiblical'],
  ): Promise<ResultOf<'GetChapterExtraBiblical'>>;
  /**
   * The name of an extra-biblical book as [{n}].
   *
   * Parameters: bookId. Family: extrabiblical.
   * @example
   * ```ts
   * await bible.GetBookNameExtraBiblicalByBookId({ bookId: '1' })
   * ```
   */
  GetBookNameExtraBiblicalByBookId(
    params: ParamsOf<'GetBookNameExtraBiblicalByBookId'> & ParamDocs['GetBookNameExtraBiblicalByBookId'],
  ): Promise<ResultOf<'GetBookNameExtraBiblicalByBookId'>>;
  /**
   * How many distinct chapters an extra-biblical book has, as {chapterCount} (1 Enoch: 107, numbered 1-108 without 44).
   *
   * Parameters: bookId. Family: extrabiblical.
   * @example
   * ```ts
   * await bible.GetChapterCountExtraBiblical({ bookId: '1' })
   * ```
   */
  GetChapterCountExtraBiblical(
    params: ParamsOf<'GetChapterCountExtraBiblical'> & ParamDocs['GetChapterCountExtraBiblical'],
  ): Promise<ResultOf<'GetChapterCountExtraBiblical'>>;
  /**
   * Verses of the extra-biblical books that contain the words as a whole-word phrase (case- and accent-insensitive), as [{b, c, cs, v, vs, t}]; [] when none.
   *
   * Parameters: query, bookId?. Family: extrabiblical.
   * @example
   * ```ts
   * await bible.GetSearchExtraBiblical({ query: 'watchers' })
   * ```
   */
  GetSearchExtraBiblical(
    params: ParamsOf<'GetSearchExtraBiblical'> & ParamDocs['GetSearchExtraBiblical'],
  ): Promise<ResultOf<'GetSearchExtraBiblical'>>;
  /**
   * The address of a chapter's audio narration (kjv, rv1909, svd) as {fileName}, from the host's audio option; NOT_AVAILABLE until audio is configured.
   *
   * Parameters: bookId?, chapterId, versionId?. Family: audio.
   * @example
   * ```ts
   * await bible.GetAudioNarration({ chapterId: '43003' })
   * ```
   */
  GetAudioNarration(
    params: ParamsOf<'GetAudioNarration'> & ParamDocs['GetAudioNarration'],
  ): Promise<ResultOf<'GetAudioNarration'>>;
  /**
   * A chapter's audio as {versionId, bookId, chapterId, bookAndChapterId, fileName} (strings), from the host's chapter (or narration) audio source.
   *
   * Parameters: bookId?, chapterId, versionId?. Family: audio.
   * @example
   * ```ts
   * await bible.GetChapterAudio({ chapterId: '43003' })
   * ```
   */
  GetChapterAudio(
    params: ParamsOf<'GetChapterAudio'> & ParamDocs['GetChapterAudio'],
  ): Promise<ResultOf<'GetChapterAudio'>>;
  /**
   * Background music of a genre as {genre, fileName}, from the host's music audio source.
   *
   * Parameters: genre. Family: audio.
   * @example
   * ```ts
   * await bible.GetAudioMusic({ genre: 'piano' })
   * ```
   */
  GetAudioMusic(params: ParamsOf<'GetAudioMusic'> & ParamDocs['GetAudioMusic']): Promise<ResultOf<'GetAudioMusic'>>;
  /**
   * What this build lets a user keep (cache policy: the open licences of the compiled data), resale restrictions per licence category, the seven categories with their meanings, the datasets built and what was excluded (/api/v2/licensing).
   *
   * Parameters: none. Family: licensing.
   * @example
   * ```ts
   * await bible.GetLicensing()
   * ```
   */
  GetLicensing(params?: ParamsOf<'GetLicensing'>): Promise<ResultOf<'GetLicensing'>>;
  /**
   * Every translation in this build with its license category and licence details, numbered and coded as GetVersions lists them (/api/v2/bibles).
   *
   * Parameters: none. Family: licensing.
   * @example
   * ```ts
   * await bible.GetBibles()
   * ```
   */
  GetBibles(params?: ParamsOf<'GetBibles'>): Promise<ResultOf<'GetBibles'>>;
  /**
   * Consolidated credits for every content type (texts, book names, original texts, lexicons, cross references, commentary, dictionaries, topics, curated lists, extra-biblical books), with the attribution each licence requires (/api/v2/credits).
   *
   * Parameters: none. Family: licensing.
   * @example
   * ```ts
   * await bible.GetCredits()
   * ```
   */
  GetCredits(params?: ParamsOf<'GetCredits'>): Promise<ResultOf<'GetCredits'>>;
  /**
   * The Hebrew (books 1-39) or Greek (40-66) words of a verse in KJV numbering, one row per word with Strong's number, morphology, pronunciation (pronun: a JSON string {ipa, ipa_mod, sbl, dic, dic_mod} read from the word: scholarly IPA, SBL and dictionary respelling, and the modern Hebrew or Greek IPA and respelling) and glossary; [] where the source has no text (Neh 7:68).
   *
   * Parameters: verseId. Family: original.
   * @example
   * ```ts
   * await bible.GetOriginalText({ verseId: '01001001' })
   * ```
   */
  GetOriginalText(
    params: ParamsOf<'GetOriginalText'> & ParamDocs['GetOriginalText'],
  ): Promise<ResultOf<'GetOriginalText'>>;
  /**
   * A Strong's dictionary entry as [{id, strongs_id, language, word, glossary, occurences, first_occurence, root, ...}].
   *
   * Parameters: lexiconId, id. Family: original.
   * @example
   * ```ts
   * await bible.GetStrongs({ lexiconId: 'H', id: '1' })
   * ```
   */
  GetStrongs(params: ParamsOf<'GetStrongs'> & ParamDocs['GetStrongs']): Promise<ResultOf<'GetStrongs'>>;
  /**
   * The Greek letters: letter name -> {lowercase, uppercase} Unicode escape strings.
   *
   * Parameters: language?. Family: original.
   * @example
   * ```ts
   * await bible.GetGreekCharactersAndUnicode()
   * ```
   */
  GetGreekCharactersAndUnicode(
    params?: ParamsOf<'GetGreekCharactersAndUnicode'> & ParamDocs['GetGreekCharactersAndUnicode'],
  ): Promise<ResultOf<'GetGreekCharactersAndUnicode'>>;
  /**
   * The Hebrew letters, points, accents, punctuation, marks, signs and Yiddish ligatures: category -> name -> Unicode escape string.
   *
   * Parameters: language?. Family: original.
   * @example
   * ```ts
   * await bible.GetHebrewCharactersAndUnicodePoints()
   * ```
   */
  GetHebrewCharactersAndUnicodePoints(
    params?: ParamsOf<'GetHebrewCharactersAndUnicodePoints'> & ParamDocs['GetHebrewCharactersAndUnicodePoints'],
  ): Promise<ResultOf<'GetHebrewCharactersAndUnicodePoints'>>;
  /**
   * Verses whose Hebrew or Greek text carries a Strong's number (for kjv, also those whose English words are tagged with it), as [{id, b, c, v, t}] in the chosen translation.
   *
   * Parameters: strongsId, versionId?. Family: original.
   * @example
   * ```ts
   * await bible.GetSearchStrongs({ strongsId: 'H430' })
   * ```
   */
  GetSearchStrongs(
    params: ParamsOf<'GetSearchStrongs'> & ParamDocs['GetSearchStrongs'],
  ): Promise<ResultOf<'GetSearchStrongs'>>;
  /**
   * OpenBible.info cross references of a verse as [{verseId, r, sv, ev}], strongest first: r is the vote count (as a string), sv/ev the first and last verse of the reference (ev "00000000" for a single verse). Rows voted below zero are left out; [] when the verse has none.
   *
   * Parameters: verseId. Family: study.
   * @example
   * ```ts
   * await bible.GetCrossReferences({ verseId: '01001001' })
   * ```
   */
  GetCrossReferences(
    params: ParamsOf<'GetCrossReferences'> & ParamDocs['GetCrossReferences'],
  ): Promise<ResultOf<'GetCrossReferences'>>;
  /**
   * John Gill's comment on a verse, as a bare JSON string (a comment on a range of verses is given for each verse of it). NOT_AVAILABLE where the corpus has none: Psalms, and the verses of the Song of Solomon (only chapter introductions).
   *
   * Parameters: verseId, commentaryName?. Family: study.
   * @example
   * ```ts
   * await bible.GetCommentary({ verseId: '01001001' })
   * ```
   */
  GetCommentary(params: ParamsOf<'GetCommentary'> & ParamDocs['GetCommentary']): Promise<ResultOf<'GetCommentary'>>;
  /**
   * A Bible dictionary's entry for a headword (case-insensitive) as {word, definition}; [] when the dictionary has no such word. smiths (Smith's, 1863) or eastons (Easton's, 1897).
   *
   * Parameters: query, dictionaryId?. Family: study.
   * @example
   * ```ts
   * await bible.GetDefinitionBiblical({ query: 'Aaron' })
   * ```
   */
  GetDefinitionBiblical(
    params: ParamsOf<'GetDefinitionBiblical'> & ParamDocs['GetDefinitionBiblical'],
  ): Promise<ResultOf<'GetDefinitionBiblical'>>;
  /**
   * Words related to a KJV word (WordNet synonyms, broader terms and derived forms that also occur in the KJV), as {word, related}, capitalised; case-insensitive. [] for a word the KJV does not use.
   *
   * Parameters: word. Family: study.
   * @example
   * ```ts
   * await bible.GetSemanticRelations({ word: 'faith' })
   * ```
   */
  GetSemanticRelations(
    params: ParamsOf<'GetSemanticRelations'> & ParamDocs['GetSemanticRelations'],
  ): Promise<ResultOf<'GetSemanticRelations'>>;
  /**
   * Every word GetSemanticRelations knows, capitalised as it answers them, as an array of strings (the hosted service's paid tier answers the same list).
   *
   * Parameters: none. Family: study.
   * @example
   * ```ts
   * await bible.GetSemanticRelationsAllWords()
   * ```
   */
  GetSemanticRelationsAllWords(
    params?: ParamsOf<'GetSemanticRelationsAllWords'>,
  ): Promise<ResultOf<'GetSemanticRelationsAllWords'>>;
  /**
   * Genre groups of books (Law, History, Poetry/Wisdom, Prophecy, Gospels, Epistles, Apocalyptic) as [{genre, startingBookId, endingBookId, startingVerseId, endingVerseId}]; section ot, nt, or ot+nt / all.
   *
   * Parameters: language?, section?. Family: study.
   * @example
   * ```ts
   * await bible.GetGenres()
   * ```
   */
  GetGenres(params?: ParamsOf<'GetGenres'> & ParamDocs['GetGenres']): Promise<ResultOf<'GetGenres'>>;
  /**
   * The parables of Jesus as {title: [citations]}, in canonical order of their first citation.
   *
   * Parameters: language?. Family: study.
   * @example
   * ```ts
   * await bible.GetParables()
   * ```
   */
  GetParables(params?: ParamsOf<'GetParables'> & ParamDocs['GetParables']): Promise<ResultOf<'GetParables'>>;
  /**
   * Stories (the Berean Standard Bible section headings) as [{id, verse_id, story, verses_1, verses_2, verses_3, verses_4}]: verse_id is the first verse (not zero-padded), verses_1 the passage, verses_2-4 parallel passages the heading names.
   *
   * Parameters: language?. Family: study.
   * @example
   * ```ts
   * await bible.GetStories()
   * ```
   */
  GetStories(params?: ParamsOf<'GetStories'> & ParamDocs['GetStories']): Promise<ResultOf<'GetStories'>>;
  /**
   * The 351 Old Testament prophecies fulfilled in Jesus as {OT reference: "<prophecy>. Fulfilled in: <NT references>"}; rows that share an OT reference are joined with " | " under it.
   *
   * Parameters: language?. Family: study.
   * @example
   * ```ts
   * await bible.GetPropheciesFulfilledInJesus()
   * ```
   */
  GetPropheciesFulfilledInJesus(
    params?: ParamsOf<'GetPropheciesFulfilledInJesus'> & ParamDocs['GetPropheciesFulfilledInJesus'],
  ): Promise<ResultOf<'GetPropheciesFulfilledInJesus'>>;
  /**
   * The 351 prophecies as a list: [{n, otReference, prophecy, ntReferences, otVerseIds, ntVerseIds}], with the references expanded to verse ids.
   *
   * Parameters: language?. Family: study.
   * @example
   * ```ts
   * await bible.GetPropheciesFulfilledInJesusList()
   * ```
   */
  GetPropheciesFulfilledInJesusList(
    params?: ParamsOf<'GetPropheciesFulfilledInJesusList'> & ParamDocs['GetPropheciesFulfilledInJesusList'],
  ): Promise<ResultOf<'GetPropheciesFulfilledInJesusList'>>;
  /**
   * The verses with words of Jesus (the KJV red letter) as {"[0]": verseId, "[1]": …} in canonical order.
   *
   * Parameters: none. Family: study.
   * @example
   * ```ts
   * await bible.GetWordsOfJesus()
   * ```
   */
  GetWordsOfJesus(params?: ParamsOf<'GetWordsOfJesus'>): Promise<ResultOf<'GetWordsOfJesus'>>;
  /**
   * A book's information as one object, as the live service answers it (not the specification's array): bookId, chapterCount, introduction, introduction_long, author, date, word_origin and genre from Theographic Bible Metadata and Easton's article (CC BY-SA 4.0); original_language, major_characters, key_verses, themes, structure, cross_references and connection_to_other_books counted from the original texts, Strong's, OpenBible.info cross references, Nave's topics and BSB headings; the fields no open source gives are present and empty (docs/study.md).
   *
   * Parameters: bookId, language?. Family: study.
   * @example
   * ```ts
   * await bible.GetBookInfo({ bookId: '43' })
   * ```
   */
  GetBookInfo(params: ParamsOf<'GetBookInfo'> & ParamDocs['GetBookInfo']): Promise<ResultOf<'GetBookInfo'>>;
  /**
   * The 97 topic names, in the API's order.
   *
   * Parameters: none. Family: topics.
   * @example
   * ```ts
   * await bible.GetTopics()
   * ```
   */
  GetTopics(params?: ParamsOf<'GetTopics'>): Promise<ResultOf<'GetTopics'>>;
  /**
   * A topic's citations from Nave's Topical Bible as [{citation, verseIds}], in canonical order.
   *
   * Parameters: topic?. Family: topics.
   * @example
   * ```ts
   * await bible.GetTopic()
   * ```
   */
  GetTopic(params?: ParamsOf<'GetTopic'> & ParamDocs['GetTopic']): Promise<ResultOf<'GetTopic'>>;
  /**
   * The number of distinct verses of a topic, as a bare JSON number (the hosted service answers the count itself; clients show answer.toString()).
   *
   * Parameters: topic?. Family: topics.
   * @example
   * ```ts
   * await bible.GetTopicVerseCount()
   * ```
   */
  GetTopicVerseCount(
    params?: ParamsOf<'GetTopicVerseCount'> & ParamDocs['GetTopicVerseCount'],
  ): Promise<ResultOf<'GetTopicVerseCount'>>;
  /**
   * This engine: appName, appDescription, appType, version, parentApplication, authors (strings, as the API gives them), then homepage, engineVersion and dataBuild {date, manifestHash, packCount, excludedCategories}.
   *
   * Parameters: none. Family: info.
   * @example
   * ```ts
   * await bible.GetInfo()
   * ```
   */
  GetInfo(params?: ParamsOf<'GetInfo'>): Promise<ResultOf<'GetInfo'>>;
  /**
   * Every operation, keyed by name: {params: [parameter names]} as the API gives it, with path, family, summary, the answer's shape and each parameter's details beside it. Generated from the operation table.
   *
   * Parameters: none. Family: info.
   * @example
   * ```ts
   * await bible.GetEndpoints()
   * ```
   */
  GetEndpoints(params?: ParamsOf<'GetEndpoints'>): Promise<ResultOf<'GetEndpoints'>>;
}
