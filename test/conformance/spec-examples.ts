// Every operation of ../shared/API-SPEC.md with a request made of the parameters the specification lists
// for it (its own names, typical values). The conformance suite sends each over HTTP and through call().
export interface SpecExample {
  operation: string;
  /** the request's parameters, all named as the specification names them */
  params: Record<string, string>;
  /** an HTTP path other than /<operation> (second-generation paths) */
  path?: string;
}

export const SPEC_EXAMPLES: readonly SpecExample[] = [
  // Audio
  { operation: 'GetAudioNarration', params: { bookId: '43', chapterId: '3', versionId: 'kjv' } },
  // Chapters
  { operation: 'GetChapter', params: { bookId: '43', chapterId: '3', versionId: 'kjv' } },
  { operation: 'GetChapterByBookAndChapterId', params: { bookAndChapterId: '43003', versionId: 'rv1909' } },
  // Counting
  { operation: 'GetChapterCount', params: { bookId: '1' } },
  { operation: 'GetSearchCount', params: { query: 'love', versionId: 'kjv' } },
  { operation: 'GetVerseCount', params: { bookId: '19', chapterId: '119' } },
  { operation: 'GetVerseCount', params: { bookId: '3', chapterId: '6', versionId: 'rv1909' } },
  { operation: 'GetWordCountOfBook', params: { bookId: '1', versionId: 'kjv' } },
  { operation: 'GetWordCountOfChapter', params: { bookAndChapterId: '01001', versionId: 'kjv' } },
  { operation: 'GetWordCountOfVerse', params: { verseId: '01001001', versionId: 'kjv' } },
  // Greek and Hebrew study
  { operation: 'GetGreekCharactersAndUnicode', params: { language: 'english' } },
  { operation: 'GetHebrewCharactersAndUnicodePoints', params: { language: 'english' } },
  { operation: 'GetOriginalText', params: { verseId: '01001001' } },
  { operation: 'GetOriginalText', params: { verseId: '43003016' } },
  // Books
  { operation: 'GetBibleBookAbbreviations', params: {} },
  { operation: 'GetBooks', params: { language: 'spanish' } },
  { operation: 'GetBooksNT', params: { language: 'arabic' } },
  { operation: 'GetBooksOT', params: { language: 'english' } },
  // Info
  { operation: 'GetInfo', params: {} },
  { operation: 'GetEndpoints', params: {} },
  // Parsing and extracting
  { operation: 'GetBookAndChapterNameByBookAndChapterId', params: { bookAndChapterId: '43003', language: 'english' } },
  { operation: 'GetBookAndChapterNameByBookAndChapterId', params: { bookAndChapterId: '99999', language: 'english' } },
  { operation: 'GetBookIdByBookName', params: { bookName: 'Genesis', language: 'english' } },
  { operation: 'GetBookIdByBookName', params: { bookName: 'Apocalipsis', language: 'spanish' } },
  { operation: 'GetBookNameByBookId', params: { bookId: '01', language: 'english' } },
  { operation: 'GetBookNameByVerseId', params: { verseId: '43003016', language: 'arabic' } },
  { operation: 'GetParseCitation', params: { citation: 'Matt 5:3-5, 7' } },
  { operation: 'GetParseVerseId', params: { verseId: '43003016' } },
  { operation: 'GetParseVerseId', params: { verseId: '4300301' } },
  { operation: 'GetWords', params: { verseId: '01001001', versionId: 'kjv' } },
  // Reading plans and reading time
  {
    operation: 'GetBibleReadingPlan',
    params: { days: '180', requestedStartDate: '2023-01-01', sections: 'OT+NT', requestedAge: '29' },
  },
  { operation: 'GetBibleReadingPlan', params: { days: '365', sections: 'nt' } },
  { operation: 'GetReadingTimeByAge', params: { requestedAge: '29', wordCount: '650' } },
  { operation: 'GetBibleReadingPlanByTopic', params: { topic: 'love', days: '30', requestedStartDate: '2023-01-01' } },
  // Study tools
  { operation: 'GetBookInfo', params: { bookId: '43', language: 'english' } },
  { operation: 'GetCommentary', params: { verseId: '43003016', commentaryName: 'gills' } },
  { operation: 'GetCrossReferences', params: { verseId: '43003016' } },
  { operation: 'GetDefinitionBiblical', params: { query: 'Aaron', dictionaryId: 'smiths' } },
  { operation: 'GetGenres', params: { language: 'english', section: 'ot+nt' } },
  { operation: 'GetParables', params: { language: 'english' } },
  { operation: 'GetPropheciesFulfilledInJesus', params: { language: 'english' } },
  { operation: 'GetSemanticRelations', params: { word: 'faith' } },
  { operation: 'GetStories', params: { language: 'english' } },
  { operation: 'GetStrongs', params: { lexiconId: 'H', id: '21' } },
  { operation: 'GetStrongs', params: { lexiconId: 'G', id: '26' } },
  { operation: 'GetWordsOfJesus', params: {} },
  // Search
  { operation: 'GetSearch', params: { query: 'everlasting life', versionId: 'kjv' } },
  {
    operation: 'GetSearchAdvanced',
    params: {
      query: 'love',
      versionId: 'kjv',
      matchType: 'broad',
      excludeString: 'world',
      limitToBookId: '43',
      limitToChapterId: '3',
    },
  },
  {
    operation: 'GetSearchAdvanced',
    params: { query: 'amor', versionId: 'rv1909', matchType: 'exact', excludeString: 'odio', limitToBookId: 'nt' },
  },
  // Random
  { operation: 'GetRandomChapter', params: { versionId: 'kjv' } },
  { operation: 'GetRandomVerse', params: { versionId: 'kjv' } },
  {
    operation: 'GetRandomVerse',
    params: { versionId: 'kjv', limitToBookId: '43', limitToChapterId: '3', limitToQuery: 'world' },
  },
  // Verses and versions
  { operation: 'GetParallelVerses', params: { verseId: '43003016' } },
  { operation: 'GetVerse', params: { verseId: '43003016', versionId: 'kjv' } },
  { operation: 'GetVersions', params: {} },
  // Extra-biblical
  { operation: 'GetBooksExtraBiblical', params: {} },
  { operation: 'GetChapterExtraBiblical', params: { bookId: '1', chapterId: '1' } },
  { operation: 'GetBookNameExtraBiblicalByBookId', params: { bookId: '1' } },
  { operation: 'GetChapterCountExtraBiblical', params: { bookId: '1' } },
  // Topics
  { operation: 'GetTopic', params: { topic: 'love' } },
  { operation: 'GetTopics', params: {} },
  // Named but undocumented
  { operation: 'GetTopicVerseCount', params: { topic: 'love' } },
  { operation: 'GetAudioMusic', params: { genre: 'piano' } },
  { operation: 'GetChapterAudio', params: { bookId: '43', chapterId: '3', versionId: 'kjv' } },
  // Second generation
  { operation: 'GetLicensing', params: {}, path: '/api/v2/licensing' },
  { operation: 'GetBibles', params: {}, path: '/api/v2/bibles' },
  { operation: 'GetCredits', params: {}, path: '/api/v2/credits' },
];
