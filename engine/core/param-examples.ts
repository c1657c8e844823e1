// An example value of each parameter, as a query string or a command line carries it: the help of one
// operation shows it in its example call and the OpenAPI document gives it as the parameter's example.
// A test calls every operation with these examples and expects an answer.
import type { ParamSpec } from './params.ts';

/** A value of each type that every operation taking it answers, for the example call. */
const TYPE_EXAMPLES: Record<ParamSpec['type'], string> = {
  verseId: '43003016',
  bookId: '43',
  chapterId: '3',
  bookAndChapterId: '43003',
  chapterOrBookAndChapterId: '43003',
  versionId: 'kjv',
  language: 'english',
  integer: '1',
  text: 'love',
  choice: '',
  bookOrTestament: 'nt',
  date: '2026-01-01',
  age: '30',
};

/** Examples for parameters whose type says little about what they read (free text named for its use). */
const NAME_EXAMPLES: Record<string, string> = {
  verseId: '43003016',
  text: 'As John 3:16 and Rom 5:8 say',
};

/**
 * A value for the example call: the first allowed value, else the first example the description gives
 * (e.g. "Genesis", e.g. H430, a citation like "John 3:16"), else one that fits the name or the type.
 */
export function exampleValue(spec: ParamSpec): string {
  if (spec.values?.length) return spec.values[0];
  const given = /\b(?:e\.g\.\s+(?:"([^"]+)"|([^\s,;)"]+))|like\s+"([^"]+)")/.exec(spec.description);
  if (given) return given[1] ?? given[2] ?? given[3];
  if (spec.type === 'integer' && spec.min !== undefined) return String(Math.max(spec.min, 1));
  return NAME_EXAMPLES[spec.name] ?? TYPE_EXAMPLES[spec.type];
}
