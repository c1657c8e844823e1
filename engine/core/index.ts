// The platform-free engine: no Node built-ins, no network; hosts hand it pack bytes through a loader.
export { open, type Bible, type TypedBible, type OpenOptions, type PackLoader, type Params } from './engine.ts';
export { BibleError, type BibleErrorCode } from './errors.ts';
export { OPERATIONS } from './operations.ts';
export { normalizeText } from './match.ts';
export { formatVerseId, formatBookAndChapterId } from './versification.ts';
export type { AudioOption, AudioRequest, AudioResolver } from './ops/audio.ts';
