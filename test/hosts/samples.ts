// Valid parameter values for any operation in the table, so host tests can call every operation,
// including ones added after these tests were written: by parameter name first, then by type.
import type { OperationDef } from '../../engine/core/operation.ts';
import type { ParamSpec } from '../../engine/core/params.ts';

/** Parameters whose meaning a type cannot tell (a citation, a Strong's number, a plan length). */
const BY_NAME: Record<string, string> = {
  verseId: '43003016',
  bookId: '43',
  chapterId: '3',
  bookAndChapterId: '43003',
  versionId: 'kjv',
  language: 'english',
  query: 'love',
  citation: 'John 3:16',
  bookName: 'John',
  limitToQuery: 'world',
  excludeString: 'world',
  limitToBookId: '43',
  limitToChapterId: '3',
  seed: '7',
  days: '30',
  requestedAge: '29',
  wordCount: '650',
  lexiconId: 'H',
  id: '430',
  strongsId: 'H430',
  strongs: 'H430',
  topic: 'love',
  word: 'love',
  genre: 'classical',
  requestedStartDate: '2024-01-01',
  matchType: 'broad',
  limit: '10',
  offset: '0',
};
const BY_TYPE: Record<string, string> = {
  verseId: '43003016',
  bookId: '43',
  chapterId: '3',
  bookAndChapterId: '43003',
  versionId: 'kjv',
  language: 'english',
  integer: '1',
  text: 'love',
  bookOrTestament: '43',
};

export function sampleValue(spec: ParamSpec): string {
  if (spec.type === 'choice')
    return BY_NAME[spec.name] && spec.values!.includes(BY_NAME[spec.name]) ? BY_NAME[spec.name] : spec.values![0];
  if (spec.type === 'integer' && BY_NAME[spec.name] === undefined) return String(Math.max(spec.min ?? 1, 1));
  return BY_NAME[spec.name] ?? BY_TYPE[spec.type] ?? '1';
}

/** Two calls per operation: required parameters only, and every parameter given. */
export function sampleCalls(op: OperationDef): Record<string, string>[] {
  const required: Record<string, string> = {};
  const all: Record<string, string> = {};
  for (const spec of op.params) {
    // A seed always: unseeded picks draw from the engine's running sequence, which differs per call.
    if (spec.required || spec.name === 'seed') required[spec.name] = sampleValue(spec);
    all[spec.name] =
      spec.default !== undefined && BY_NAME[spec.name] === undefined ? String(spec.default) : sampleValue(spec);
  }
  return op.params.some((s) => !s.required) ? [required, all] : [required];
}

export const queryString = (params: Record<string, string>) => new URLSearchParams(params).toString();
