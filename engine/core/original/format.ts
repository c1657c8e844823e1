// The layout the original builder writes and the engine reads: shared so the two cannot drift.

/** Lexicon entries are these fields joined by FIELD_SEPARATOR, one entry per Strong's number. */
export const LEXICON_FIELDS = [
  'word',
  'translit',
  'pronunciation',
  'pos',
  'language',
  'derivation',
  'definition',
  'kjvUsage',
  'roots',
  'unused',
] as const;
export type LexiconField = (typeof LEXICON_FIELDS)[number];
export const FIELD_SEPARATOR = '\u001f';

/** Strong's dictionaries' last numbers: H1-H8674, G1-G5624. */
export const LAST_HEBREW = 8674;
export const LAST_GREEK = 5624;
