// What an operation declares of each parameter (ParamSpec), and the checked values the readers give.
import type { VerseRef } from '../ids.ts';
import type { Meta } from '../meta.ts';

export type ParamType =
  | 'verseId'
  | 'bookId'
  | 'chapterId'
  | 'bookAndChapterId'
  | 'chapterOrBookAndChapterId'
  | 'versionId'
  | 'language'
  | 'integer'
  | 'text'
  | 'choice'
  | 'bookOrTestament'
  | 'date'
  | 'age';

export interface ParamSpec {
  name: string;
  type: ParamType;
  required?: boolean;
  /** used when the parameter is absent; a raw value, coerced like any other */
  default?: string | number;
  description: string;
  /** choice: allowed values (matched case-insensitively); text: the values a typed caller may pass */
  values?: readonly string[];
  /** choice: hand the operation the value as sent (trimmed) rather than the listed spelling */
  asSent?: boolean;
  /** integer: bounds */
  min?: number;
  max?: number;
  /** text: length bounds */
  minLength?: number;
  maxLength?: number;
  /**
   * The name of a choice parameter whose value may also be written as this one's prefix: GetStrongs reads
   * id=G26 as lexiconId=G and id=26. A prefix that disagrees with the other parameter is refused.
   */
  prefixedBy?: string;
  /** integer with prefixedBy: the largest value for each value of the prefix parameter (max is the largest) */
  maxByPrefix?: Readonly<Record<string, number>>;
}

export interface VerseIdValue extends VerseRef {
  id: number;
}

/** An age as sent, and the age it reads as (readersAge in plans/reading-time.ts). */
export interface AgeValue {
  requested: string;
  age: number;
}

export type BookOrTestament = { book: number } | { testament: 'OT' | 'NT' };

/** A chapter number, or a 5-digit bookAndChapterId that names the book too (chapterId=43003 is John 3). */
export interface ChapterOrBookAndChapter {
  book?: number;
  chapter: number;
}

/** A parameter type's reader: a raw value in, the checked value out (or a BibleError naming the parameter). */
export type Coerce = (spec: ParamSpec, raw: unknown, meta: Meta) => unknown;

/** An operation's parameter check, made once per engine: raw parameters in, checked values out. */
export type ParamsCheck = (raw: unknown) => Record<string, unknown>;
