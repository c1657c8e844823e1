// The platform-free engine: no Node built-ins, no network; hosts hand it pack bytes through a loader.
export type { Rows } from './rows.ts';
export { open, type Bible, type TypedBible, type OpenOptions, type PackLoader, type Params } from './engine.ts';
export { BibleError, type BibleErrorCode } from './errors.ts';
export { OPERATIONS } from './operations.ts';
export { normalizeText } from './match.ts';
export { formatVerseId, formatBookAndChapterId } from './ids.ts';
export type { AudioOption, AudioRequest, AudioResolver } from './ops/audio.ts';
export type { OperationName, ParamsOf, ResultOf } from './typed.ts';
export type { TypedMethods } from './typed-docs.ts';
export type {
  VerseRecord,
  ParallelVerseRecord,
  VersionRecord,
  BookRecord,
  TestamentBookRecord,
  OriginalWordRecord,
  PronunciationRecord,
  StrongsEntry,
  CrossReference,
  StoryRecord,
  GenreGroup,
  TopicEntry,
  ExtraBiblicalBook,
  ExtraBiblicalVerse,
  BookInfo,
  DictionaryEntry,
  SemanticRelation,
  TimesToRead,
} from './records.ts';
export type { VersionId } from './operation.ts';
export { TOPICS, type TopicName } from './ops/topics.ts';
export type { Language } from './meta.ts';
export { shapeErrors, type Shape, type Infer, type JsonValue } from './shape.ts';
