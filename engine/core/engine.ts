// open(): the engine. It keeps loaded packs, resolves an operation's packs before running it, and
// exposes every operation both as bible.call(name, params) and as a typed method bible.GetVerse(params).
// Its parts are in engine/: the options (options.ts), the packs held (pack-store.ts), the translations
// read from them (translations.ts) and the operations by name (dispatch.ts).
import { BibleError } from './errors.ts';
import { loadMeta, type Meta } from './meta.ts';
import type { Context, OperationDef } from './operation.ts';
import { OPERATION_NAMES } from './operation-names.ts';
import type { CallArgs, ListOperationName, OperationName, ResultOf, RowOf, RuntimeName } from './typed.ts';
import type { TypedMethods } from './typed-docs.ts';
import { packName, type PackSchema } from './pack/schema.ts';
import { IMPORTED_PACK, META_PACK } from './pack/schemas.ts';
import { withImported } from './imported.ts';
import { checkedNow, snapshotParams, unknownParams } from './params.ts';
import { seededRandom } from './random.ts';
import { rowsOfArray, type Rows } from './rows.ts';
import { checkedOptions, type OpenOptions } from './engine/options.ts';
import { createPackStore, loadImportedWithText, type PackStore } from './engine/pack-store.ts';
import { createTranslationCache, type TranslationCache } from './engine/translations.ts';
import { createDispatch, type Dispatch, loadOperationTable, tableInHand } from './engine/dispatch.ts';

export type { OpenOptions, PackLoader } from './engine/options.ts';

/** Raw parameters, as a query string gives them (strings) or a script passes them. */
export type Params = Record<string, string | number | boolean | undefined>;

export interface Bible {
  /**
   * Validates and coerces raw parameters (strings, as a query string gives them), loads packs, answers.
   * With an operation's name written out, its parameter names and answer are typed; a name held in a
   * `string` takes any parameters and answers `unknown`.
   */
  call<N extends OperationName>(name: N, ...params: CallArgs<N>): Promise<ResultOf<N>>;
  call<S extends string>(name: RuntimeName<S>, params?: Params): Promise<unknown>;
  /** like call, but only when the packs the call needs are already loaded (throws NOT_AVAILABLE otherwise) */
  callSync<N extends OperationName>(name: N, ...params: CallArgs<N>): ResultOf<N>;
  callSync<S extends string>(name: RuntimeName<S>, params?: Params): unknown;
  /**
   * A list answer as rows built one at a time (`{ total, row(i) }`), so a long answer can be encoded a
   * slice at a time without holding every row: row i is what `call` answers at index i. Operations
   * that can answer long lists (the searches) build each row when asked; for other list answers the
   * rows are those of the built array. Undefined when the answer is not a list. row(i) throws a
   * RangeError for an i outside 0 <= i < total or not a whole number. With a list operation's name
   * written out, its parameters and rows are typed; a name held in a `string` answers rows of `unknown`.
   */
  rows<N extends ListOperationName>(name: N, ...params: CallArgs<N>): Promise<Rows<RowOf<N>>>;
  rows<S extends string>(name: RuntimeName<S>, params?: Params): Promise<Rows | undefined>;
  /** the names among `params` that the operation does not take (call() refuses them; a lenient engine ignores them) */
  unknownParams(name: string, params?: Params): string[];
  /** loads packs ahead of use, and the code of every operation (`load([])` loads only the code), after
   *  which callSync answers any operation whose packs are loaded */
  load(packNames: string[]): Promise<void>;
  /** the names of the packs loaded so far */
  loadedPacks(): string[];
  readonly meta: Meta;
  /** the operation table; its code is loaded by `load()` or by a first call of an operation other than
   *  the verse lookups, and reading this before that throws NOT_AVAILABLE */
  readonly operations: readonly OperationDef[];
}

/** The engine: call() and one typed method per operation. */
export type TypedBible = Bible & TypedMethods;

const noPacks: readonly string[] = [];

export async function open(given: OpenOptions): Promise<TypedBible> {
  // Settled before any pack is read, so a wrong value is refused at once.
  const { options, strict } = checkedOptions(given);
  // The engine's own inflate is code a host with a native one never needs: it is loaded only without.
  const inflate = options.inflate ?? (await import('./pack/fflate-inflate.ts')).fflateInflate;
  let translations: TranslationCache | undefined;
  const store = createPackStore({ options, inflate, onForget: (name) => translations?.forgetPack(name) });
  const { meta, listed } = await openMeta(store, options);
  translations = createTranslationCache(meta, store);
  const hasPack = (name: string) => store.packs.has(name) || !listed || listed.has(name);
  const context = engineContext(meta, store, translations, hasPack, options);
  const bible = engineFaces(meta, store, createDispatch(meta, strict), context, hasPack);
  const methods: Record<string, (params?: Params) => Promise<unknown>> = {};
  for (const name of OPERATION_NAMES) methods[name] = (params?: Params) => bible.call(name as string, params);
  // Copying an engine ({ ...bible }, Object.assign) reads each enumerable property, and `operations`
  // throws until the table is loaded: it is left out of such copies instead.
  Object.defineProperty(bible, 'operations', { enumerable: false });
  const typed = Object.assign(bible, methods) as unknown as TypedBible;

  if (options.preload?.length) await bible.load(options.preload);
  return typed;
}

/**
 * The meta pack, with the translations `bible import` added: their small packs are read now, so the
 * version list, the parameter checks and the book names know them from the first call. What the loader
 * lists is read beside the meta pack; a loader that cannot list leaves every pack counted as present, as
 * before listing existed.
 */
async function openMeta(store: PackStore, options: OpenOptions): Promise<{ meta: Meta; listed?: Set<string> }> {
  const [metaPack, listed] = await Promise.all([
    store.obtain(META_PACK.name),
    Promise.resolve()
      .then(() => options.loader.listPacks?.())
      .then(
        (names) => (names ? new Set(names) : undefined),
        () => undefined,
      ),
  ]);
  const importedNames = listed ? [...listed].filter((n) => n.startsWith(`${IMPORTED_PACK.kind}-`)).sort() : [];
  const imported = await Promise.all(importedNames.map((name) => loadImportedWithText(store, name)));
  return { meta: withImported(loadMeta(metaPack), imported), listed };
}

/** What an operation's body reads: the meta pack, loaded packs, translations, random picks, options. */
function engineContext(
  meta: Meta,
  store: PackStore,
  translations: TranslationCache,
  hasPack: (name: string) => boolean,
  options: OpenOptions,
): Context {
  const engineRandom = options.random?.seed !== undefined ? seededRandom(options.random.seed) : Math.random;
  return {
    meta,
    pack: (schema: PackSchema, key?: string) => store.loaded(packName(schema, key)),
    translation: (versionId) => translations.read(versionId),
    hasPack,
    // A call's seed gives a fresh generator (the same pick every time); an engine seed gives one
    // reproducible sequence across calls; with neither, picks draw from Math.random.
    random: (seed) => (seed !== undefined ? seededRandom(seed) : engineRandom),
    options,
    // Only operations of the table read this, so the table is loaded by then.
    get operations() {
      return tableInHand();
    },
  };
}

/** The packs an operation needs for these parameters. */
function packsNeeded(
  op: OperationDef,
  params: Record<string, unknown>,
  meta: Meta,
  hasPack: (name: string) => boolean,
) {
  return op.packs ? op.packs(params, meta, hasPack) : noPacks;
}

/** call(), rows(), callSync() and the rest of the engine's face. */
function engineFaces(
  meta: Meta,
  store: PackStore,
  dispatch: Dispatch,
  context: Context,
  hasPack: (name: string) => boolean,
): Bible {
  const { packs } = store;
  // Awaited only when a pack is missing: a call whose packs are loaded runs as soon as its check does.
  const fetchMissing = (needs: readonly string[]): Promise<unknown> | undefined =>
    needs.some((n) => !packs.has(n)) ? Promise.all(needs.map(store.obtain)) : undefined;
  return {
    meta,
    get operations() {
      return tableInHand();
    },
    // Parameters call() refuses are refused here too, rather than reported as having no unknown names.
    unknownParams: (name, raw) => unknownParams(dispatch.operation(name).op.params, snapshotParams(name, raw)),
    async call(name: string, raw?: Params): Promise<any> {
      const { op, params } = await dispatch.checkedCall(name, raw);
      const missing = fetchMissing(packsNeeded(op, params, meta, hasPack));
      if (missing) await missing;
      return op.run(context, params);
    },
    // The overloads' typed rows are the same rows: what `call` answers, a row at a time.
    async rows(name: string, raw?: Params): Promise<any> {
      const { op, params } = await dispatch.checkedCall(name, raw);
      const missing = fetchMissing(packsNeeded(op, params, meta, hasPack));
      if (missing) await missing;
      if (op.rows) return op.rows(context, params);
      const answer = await op.run(context, params);
      return Array.isArray(answer) ? rowsOfArray(answer) : undefined;
    },
    callSync(name: string, raw?: Params): any {
      const { op, check } = dispatch.operation(name);
      const params = checkedNow(name, check, raw);
      if (op.packs) {
        const needs = op.packs(params, meta, hasPack);
        for (let i = 0; i < needs.length; i++) if (!packs.has(needs[i])) store.loaded(needs[i]);
      }
      return op.run(context, params);
    },
    async load(names) {
      // A lone name ('text-kjv') would otherwise fail as a TypeError from deep inside.
      if (!Array.isArray(names))
        throw new BibleError(
          'INVALID_PARAMETER',
          "load() takes an array of pack names, such as ['text-kjv']",
          'packNames',
        );
      await Promise.all([loadOperationTable(), ...names.map(store.obtain)]);
    },
    loadedPacks: () => [...packs.keys()],
  };
}
