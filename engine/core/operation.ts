// What an operation is, and the parameter specs and verse rows many operations share. The operation
// table (operations.ts) lists them all.
import type { Meta, Language } from './meta.ts';
import type { KeyedNaming, PackSchema, PackSections, TypedPack } from './pack/schema.ts';
import { TEXT_PACK } from './pack/schemas.ts';
import type { ParamSpec, VerseIdValue, BookOrTestament } from './params.ts';
import type { Infer, Shape } from './shape.ts';
import type { TRANSLATIONS } from '../../sources/catalog.ts';
import type { TranslationData } from './translation.ts';
import type { Rows } from './rows.ts';

export interface Context {
  readonly meta: Meta;
  /** a loaded translation (its pack was named by the operation's `packs`) */
  translation(versionId: string): TranslationData;
  /** a loaded pack, read through its schema (pass the key of a keyed schema: TEXT_PACK and 'kjv') */
  pack<S extends PackSections>(schema: PackSchema<S, string>): TypedPack<S>;
  pack<S extends PackSections>(schema: PackSchema<S, KeyedNaming>, key: string): TypedPack<S>;
  /**
   * Whether the host can give this pack (its loader lists it, or it is loaded already), found without
   * loading it; true for every pack when the loader cannot list what it has.
   */
  hasPack(name: string): boolean;
  /** random source: seeded when the call or the engine gives a seed */
  random(seed: number | undefined): () => number;
  /** values the host configured at open() (audio resolvers and the like) */
  readonly options: Readonly<Record<string, unknown>>;
  /** the operation table, for the operations that describe it */
  readonly operations: readonly OperationDef[];
}

/**
 * One operation: its API name, parameters, result shape, the packs it needs, and a synchronous body that
 * runs once those packs are loaded. The literal types of `name`, `params` and `result` are kept, so the
 * typed methods derive their parameter and result types from this one definition.
 */
export interface OperationDef<
  Name extends string = string,
  Params extends readonly ParamSpec[] = readonly ParamSpec[],
  Result extends Shape = Shape,
> {
  readonly name: Name;
  readonly family: string;
  readonly summary: string;
  readonly params: Params;
  readonly result: Result;
  /** packs to load before run; defaults to none beyond meta. `has` tells whether the engine's loader
   *  holds a pack (true for every pack when the loader cannot list what it holds). */
  packs?(params: Record<string, any>, meta: Meta, has: (pack: string) => boolean): string[];
  /** the parameter an HTTP POST body may carry (a long text), besides the query string */
  readonly bodyParam?: string;
  run(ctx: Context, params: Record<string, any>): unknown;
  /**
   * For an answer that can be a long list: its rows, each built on demand; `run` answers the same rows
   * as an array (see rows.ts).
   */
  rows?(ctx: Context, params: Record<string, any>): Rows;
}

/**
 * Declares an operation. The answer `run` gives must be what `result` describes: it is checked as a
 * constraint after inference, which keeps the typecheck of the whole table fast.
 */
export function defineOperation<
  const Name extends string,
  const Params extends readonly ParamSpec[],
  const Result extends Shape,
  Answer extends Infer<Result> | Promise<unknown>,
>(def: {
  name: Name;
  family: string;
  summary: string;
  params: Params;
  result: Result;
  packs?(params: Record<string, any>, meta: Meta, has: (pack: string) => boolean): string[];
  bodyParam?: Params[number]['name'];
  run(ctx: Context, params: Record<string, any>): Answer;
  rows?(ctx: Context, params: Record<string, any>): Rows<Answer extends readonly (infer Row)[] ? Row : never>;
}): OperationDef<Name, Params, Result> {
  return def;
}

export const textPack = (versionId: string): string => TEXT_PACK.name(versionId);

/**
 * A translation code, as the catalog lists them (sources/catalog.ts). Only the type is read from there:
 * at run time the meta pack lists the translations a build holds, and the versionId parameter is checked
 * against it.
 */
export type VersionId = (typeof TRANSLATIONS)[number]['versionId'];

// Parameter specs shared by many operations, so names and wording stay identical everywhere.
export const COMMON_PARAMS = {
  verseId: {
    name: 'verseId',
    type: 'verseId',
    required: true,
    description: '8-digit verse id BBCCCVVV, e.g. 01001001',
  },
  bookId: { name: 'bookId', type: 'bookId', required: true, description: 'book number 1-66' },
  chapterId: { name: 'chapterId', type: 'chapterId', required: true, description: 'chapter number' },
  versionId: {
    name: 'versionId',
    type: 'versionId',
    default: 'kjv',
    description: 'translation code, one of those GetVersions lists, e.g. kjv or web (default kjv)',
  },
  language: {
    name: 'language',
    type: 'language',
    default: 'english',
    description: 'english, spanish or arabic (default english)',
  },
  limitToBookId: {
    name: 'limitToBookId',
    type: 'bookOrTestament',
    description: 'optional: a book number 1-66, or ot / nt',
  },
  limitToChapterId: {
    name: 'limitToChapterId',
    type: 'chapterId',
    description: 'optional: a chapter of limitToBookId (which must then be a book number)',
  },
  seed: {
    name: 'seed',
    type: 'integer',
    min: 0,
    max: 4294967295,
    description: 'optional seed that makes the pick reproducible',
  },
  // Data compiled in English only: another language is refused, naming the one available.
  englishOnly: {
    name: 'language',
    type: 'choice',
    values: ['english'],
    default: 'english',
    description: 'english (the only language of this data; default english)',
  },
} as const satisfies Record<string, ParamSpec>;

export type { VerseIdValue, BookOrTestament, Language };

export { type VerseRow, verseRow } from './verse-row.ts';
