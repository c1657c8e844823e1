// The typed face of the operation table: each operation's parameter and result types, derived from its
// definition (parameter specs and result shape), so a misspelt operation or parameter, a missing required
// parameter or a wrong use of a result fails the typecheck.
import type { Language } from './meta.ts';
import type { VersionId } from './operation.ts';
import type { OPERATIONS } from './operations.ts';
import type { ParamSpec } from './params.ts';
import type { Infer } from './shape.ts';

type AnyOperation = (typeof OPERATIONS)[number];

/** Every operation's name: "GetVerse", "GetChapter", … */
export type OperationName = AnyOperation['name'];
type OperationNamed<N extends OperationName> = Extract<AnyOperation, { name: N }>;

type Numeric = number | `${number}`;
type CaseOf<V extends string> = V | Lowercase<V> | Uppercase<V> | Capitalize<V>;

/** What a typed caller may pass for a parameter (call() also takes any string, as a query string gives). */
type InputOf<S extends ParamSpec> = S['type'] extends 'versionId'
  ? // the engine reads a translation or a language in any case ('KJV', as the API's own answers spell it)
    CaseOf<VersionId>
  : S['type'] extends 'language'
    ? CaseOf<Language>
    : S['type'] extends 'choice'
      ? S extends { values: readonly (infer V extends string)[] }
        ? CaseOf<V> | ('true' extends V ? boolean : never)
        : string
      : S['type'] extends 'text'
        ? S extends { values: readonly (infer V extends string)[] }
          ? V
          : string
        : S['type'] extends 'verseId' | 'bookAndChapterId' | 'chapterOrBookAndChapterId'
          ? string | number
          : // a canonical book is also read from its name ("John", "Juan", "1 Jn"), which no type can list
            S['type'] extends 'bookId'
            ? Numeric | string
            : S['type'] extends 'chapterId' | 'integer' | 'age'
              ? Numeric
              : S['type'] extends 'bookOrTestament'
                ? Numeric | CaseOf<'ot' | 'nt'>
                : string;

type ParamsFrom<P extends readonly ParamSpec[]> = {
  [S in P[number] as S extends { required: true } ? S['name'] : never]: InputOf<S>;
} & { [S in P[number] as S extends { required: true } ? never : S['name']]?: InputOf<S> };
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/**
 * The other form of a parameter that carries another as its prefix (ParamSpec.prefixedBy): GetStrongs
 * takes { lexiconId: 'G', id: 26 } or { id: 'G26' }, where lexiconId may then be left out.
 */
type PrefixedForm<P extends readonly ParamSpec[]> =
  Extract<P[number], { prefixedBy: string }> extends infer Carrier extends ParamSpec & { prefixedBy: string }
    ? [Carrier] extends [never]
      ? never
      : Extract<P[number], { name: Carrier['prefixedBy'] }> extends { values: readonly (infer V extends string)[] }
        ? Omit<ParamsFrom<P>, Carrier['name'] | Carrier['prefixedBy']> & {
            [K in Carrier['name']]: `${CaseOf<V>}${number}`;
          } & { [K in Carrier['prefixedBy']]?: CaseOf<V> }
        : never
    : never;

/** The parameters of an operation: GetVerse takes { verseId, versionId? }. */
export type ParamsOf<N extends OperationName> =
  | Simplify<ParamsFrom<OperationNamed<N>['params']>>
  | Simplify<PrefixedForm<OperationNamed<N>['params']>>;
/** The JSON an operation answers. */
export type ResultOf<N extends OperationName> = Infer<OperationNamed<N>['result']>;

type HasRequired<P extends readonly ParamSpec[]> = Extract<P[number], { required: true }> extends never ? false : true;

/**
 * The parameters call() and callSync() take for a named operation: its names, required ones required,
 * each value raw (a string as a query string gives it, or a number), as call() checks them at run time.
 */
export type RawParamsOf<N extends OperationName> = { [K in keyof ParamsOf<N>]: string | number | undefined };

/** call()'s arguments after the name: the parameters, which may be left out when none is required. */
export type CallArgs<N extends OperationName> =
  HasRequired<OperationNamed<N>['params']> extends true ? [params: RawParamsOf<N>] : [params?: RawParamsOf<N>];

/**
 * A name only known at run time (a `string`): a literal that is not an operation's name is refused, so
 * call('GetVrese') fails to compile while call(nameFromARequest, params) still does.
 */
export type RuntimeName<S extends string> = S & (string extends S ? unknown : never);

/** The operations that answer a list (GetSearch, GetChapter, …), whose answers rows() hands out a row at a time. */
export type ListOperationName = {
  [N in OperationName]: ResultOf<N> extends readonly unknown[] ? N : never;
}[OperationName];
/** One row of a list operation's answer: what `call` answers at each index. */
export type RowOf<N extends ListOperationName> = ResultOf<N> extends readonly (infer Row)[] ? Row : never;

/**
 * One typed method per operation, without documentation: typed-docs.ts (generated from the table) gives
 * each its JSDoc, and this covers an operation added to the table before that file is written again.
 */
export type UndocumentedMethods = {
  readonly [N in OperationName]: HasRequired<OperationNamed<N>['params']> extends true
    ? (params: ParamsOf<N>) => Promise<ResultOf<N>>
    : (params?: ParamsOf<N>) => Promise<ResultOf<N>>;
};
