// The reader of each parameter type, in one table keyed by every ParamType: a new type fails the
// typecheck until it has a reader.
import type { Meta } from '../meta.ts';
import {
  bookAndChapterIdParam,
  bookIdParam,
  chapterIdParam,
  chapterOrBookAndChapterIdParam,
  verseIdParam,
  versionIdParam,
} from './id-readers.ts';
import type { Coerce, ParamSpec, ParamType } from './spec.ts';
import {
  ageParam,
  bookOrTestamentParam,
  choiceParam,
  dateParam,
  integerParam,
  languageParam,
  textParam,
} from './value-readers.ts';

const READER_TABLE: { readonly [T in ParamType]: Coerce } = {
  verseId: verseIdParam,
  bookId: bookIdParam,
  chapterId: chapterIdParam,
  bookAndChapterId: bookAndChapterIdParam,
  chapterOrBookAndChapterId: chapterOrBookAndChapterIdParam,
  versionId: versionIdParam,
  language: languageParam,
  integer: integerParam,
  text: textParam,
  choice: choiceParam,
  bookOrTestament: bookOrTestamentParam,
  date: dateParam,
  age: ageParam,
};

/** A Map, so a type name never finds a property an app set on Object.prototype. */
const READERS: ReadonlyMap<string, Coerce> = new Map(Object.entries(READER_TABLE));

/** The reader of a parameter type; a compiled check calls it directly. */
export const readerOf = (type: ParamType): Coerce | undefined => READERS.get(type);

/** A raw value read as its spec's type: the checked value, or a BibleError naming the parameter. */
export function coerceParam(spec: ParamSpec, raw: unknown, meta: Meta): unknown {
  const read = READERS.get(spec.type);
  return read ? read(spec, raw, meta) : undefined;
}
