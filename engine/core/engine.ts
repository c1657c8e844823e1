// open(): the engine. It keeps loaded packs, resolves an operation's packs before running it, and
// exposes every operation both as bible.call(name, params) and as a typed method bible.GetVerse(params).
import { BibleError, notAvailable } from './errors.ts';
import { loadMeta, type Meta } from './meta.ts';
import { textPack, type Context, type OperationDef } from './operation.ts';
import { OPERATION_NAMES } from './operation-names.ts';
import { verseOperations } from './ops/verses.ts';
import type { CallArgs, ListOperationName, OperationName, ResultOf, RowOf, RuntimeName } from './typed.ts';
import type { TypedMethods } from './typed-docs.ts';
import { packUnusable, readPack, type Checksum, type Inflate, type Pack } from './pack/reader.ts';
import { packName, type PackSchema } from './pack/schema.ts';
import { IMPORTED_PACK, META_PACK, schemaOfPack } from './pack/schemas.ts';
import { type ImportedTranslation, loadImported, withImported } from './imported.ts';
import type { TextPackInfo } from './pack/contents.ts';
import type { AudioOption } from './ops/audio.ts';
import {
  checkedNow,
  compileParams,
  type ParamsCheck,
  snapshotParams,
  unknownOperationMessage,
  unknownParams,
} from './params.ts';
import { seededRandom } from './random.ts';
import { loadTranslation, type TranslationData } from './translation.ts';
import { rowsOfArray, type Rows } from './rows.ts';

/**
 * Hands the engine a pack's bytes: Node reads files, a browser fetches, React Native reads assets. A
 * loader that can also list the packs it holds without loading them (from a manifest, or a folder) says
 * so through `listPacks`: GetVersions then tells which translations this engine can answer.
 */
export type PackLoader = ((packName: string) => Promise<Uint8Array>) & {
  /** the names of the packs the loader can give; undefined when it cannot tell */
  listPacks?: () => Promise<Iterable<string> | undefined>;
};

export interface OpenOptions {
  loader: PackLoader;
  /** packs to load during open(), e.g. ['text-kjv'] */
  preload?: string[];
  /** a raw-deflate decompressor; defaults to the engine's own, fflate, loaded only when none is given
   *  (hosts with native zlib pass theirs) */
  inflate?: Inflate;
  /** CRC-32 of a block's stored bytes; defaults to one in JavaScript (hosts with a native one pass it) */
  checksum?: Checksum;
  /** seed for the sequence of random picks made by calls that give no seed of their own */
  random?: { seed?: number };
  /** where narration and music files live: a URL template or a resolver (see docs/extrabiblical.md) */
  audio?: AudioOption;
  /** "today" for reading plans: a function returning a Date or an ISO date (tests inject one) */
  clock?: () => Date | string;
  /**
   * the hosted API's rule for parameters an operation does not take: ignore them (`unknownParams` names
   * them) instead of refusing them. By default a call with such a parameter (a misspelt `versoinId`)
   * is refused, naming it and the closest parameter the operation does take. The HTTP server opens lenient.
   */
  lenient?: boolean;
  /** the older spelling of the same choice: `strict: false` is `lenient: true`; `strict: true` the default */
  strict?: boolean;
  /** further host configuration read by operations */
  [option: string]: unknown;
}

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

// The verse lookups (ops/verses.ts: GetVerse, the chapters, parallel verses, GetVersions) live in the engine's own module;
// every other operation's code is in the operation table, loaded on the first call that needs it, so an
// app's import compiles and runs about a third of the engine before its first verse (the table is some
// 90 kB of the 130 kB the engine compiles to).
/** Reads of an imported translation's record and text before two imports in a row are given up on. */
const IMPORT_READ_ATTEMPTS = 3;
const VERSE_LOOKUPS: ReadonlyMap<string, OperationDef> = new Map(verseOperations.map((op) => [op.name, op]));
const OPERATION_NAME_SET: ReadonlySet<string> = new Set(OPERATION_NAMES);
let operationTable: readonly OperationDef[] | undefined;
let tableByName: ReadonlyMap<string, OperationDef> | undefined;
let tableLoading: Promise<readonly OperationDef[]> | undefined;

/** The operation table, loaded once per process; a failed load (a missing chunk) is tried again next time. */
function loadOperationTable(): Promise<readonly OperationDef[]> {
  if (operationTable) return Promise.resolve(operationTable);
  tableLoading ??= import('./operations.ts').then(
    (module) => {
      tableByName = module.OPERATION_BY_NAME;
      return (operationTable = module.OPERATIONS);
    },
    (error) => {
      tableLoading = undefined;
      throw notAvailable(
        `the operations' code could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
      );
    },
  );
  return tableLoading;
}

/** The engine: call() and one typed method per operation. */
export type TypedBible = Bible & TypedMethods;

export async function open(given: OpenOptions): Promise<TypedBible> {
  if (!given || typeof given.loader !== 'function')
    throw new BibleError('INVALID_PARAMETER', 'open() needs a loader: (packName) => Promise<Uint8Array>', 'loader');
  // The options the host gave, without what they inherit: a `preload`, `audio` or `clock` set on
  // Object.prototype is no option (an inherited preload string broke open(), an inherited audio template
  // answered the audio operations with its URLs).
  const options: OpenOptions = Object.assign(Object.create(null), given);
  // A host's inflate or checksum that is not a function would fail on the first pack as a corrupt file
  // ("rebuild it") or a bare TypeError: the option is named instead. null, as undefined, takes the default.
  for (const hook of ['inflate', 'checksum'] as const) {
    if (options[hook] === null) delete options[hook];
    else if (options[hook] !== undefined && typeof options[hook] !== 'function')
      throw new BibleError('INVALID_PARAMETER', `open() option ${hook} must be a function (bytes) => ...`, hook);
  }
  if (options.preload != null && !Array.isArray(options.preload))
    throw new BibleError(
      'INVALID_PARAMETER',
      "open() option preload takes an array of pack names, such as ['text-kjv']",
      'preload',
    );
  // A seed of NaN or Infinity would quietly give the sequence of seed 0, and a fraction that of its whole part.
  const seed: unknown = options.random == null ? undefined : (options.random as { seed?: unknown }).seed;
  if ((options.random != null && typeof options.random !== 'object') || (seed !== undefined && !Number.isInteger(seed)))
    throw new BibleError(
      'INVALID_PARAMETER',
      'open() option random.seed must be an integer, such as { seed: 7 }',
      'random.seed',
    );
  // Settled before any pack is read, so a wrong value is refused at once.
  const strict = !isLenient(options);
  // The engine's own inflate is code a host with a native one never needs: it is loaded only without.
  const inflate = options.inflate ?? (await import('./pack/fflate-inflate.ts')).fflateInflate;
  const packs = new Map<string, Pack>();
  const pending = new Map<string, Promise<Pack>>();
  const translations = new Map<string, TranslationData>();
  // Most calls read the translation the previous one read: that one is kept at hand.
  let lastVersionId = '';
  let lastTranslation: TranslationData | undefined;

  /** Lets a loaded pack go, with the translation read from it: the next call that needs it reads it again. */
  const forgetPack = (name: string) => {
    packs.delete(name);
    pending.delete(name);
    for (const versionId of translations.keys()) if (textPack(versionId) === name) translations.delete(versionId);
    if (textPack(lastVersionId) === name) lastTranslation = undefined;
  };

  const fetchPack = (name: string): Promise<Pack> => {
    const loaded = packs.get(name);
    if (loaded) return Promise.resolve(loaded);
    let promise = pending.get(name);
    if (!promise) {
      promise = (async () => {
        let bytes: Uint8Array;
        try {
          bytes = await options.loader(name);
        } catch (error) {
          // A loader's own refusal of the pack (the browser loader's, of bytes that do not match the
          // manifest's SHA-256) already names it: it is passed on, not wrapped in a second sentence.
          if (
            error instanceof BibleError &&
            error.code === 'NOT_AVAILABLE' &&
            error.message.startsWith(`pack '${name}' `)
          )
            throw error;
          throw notAvailable(
            `pack '${name}' could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
        // A pack that refuses a read after opening (a block damaged on disk, bytes the host changed) is
        // let go, so the next call reads the file again and a host that puts a good one in place is answered.
        // (It may refuse while being read, before it is held: there is nothing to let go then.)
        let pack: Pack | undefined;
        pack = readPack(name, bytes, inflate, options.checksum, () => {
          if (pack && packs.get(name) === pack) forgetPack(name);
        });
        // Its name is checked by readPack; its kind is checked against the schema it will be read with, so
        // a pack built wrongly under the right name is refused here too, not read as another kind of pack.
        const schema = schemaOfPack(name);
        if (schema && pack.declaration.schema !== schema.kind)
          throw packUnusable(name, `it declares itself a ${pack.declaration.schema} pack, not a ${schema.kind} pack`);
        packs.set(name, pack);
        return pack;
      })();
      pending.set(name, promise);
      // A failed load may succeed later (the host fixes the file or the network comes back).
      promise.catch(() => pending.delete(name));
    }
    return promise;
  };

  /**
   * An imported translation's record, read together with its text pack and taken only when both name the
   * same import: `bible import` replaces the two files one after the other, so a re-import between the two
   * reads would pair the record of one import with the text of another. Held from here on, the text answers as the
   * record describes it for as long as this engine runs, whatever is imported into the folder meanwhile.
   */
  const loadImportedWithText = async (name: string): Promise<ImportedTranslation> => {
    for (let attempt = 1; ; attempt++) {
      const translation = loadImported(await fetchPack(name));
      const textName = textPack(translation.info.versionId);
      let text: Pack;
      try {
        text = await fetchPack(textName);
      } catch {
        // A missing or unreadable text is refused by the first call that needs it, as any pack's is.
        return translation;
      }
      if (text.json<TextPackInfo>('info').importId === translation.info.importId) return translation;
      forgetPack(name);
      forgetPack(textName);
      if (attempt === IMPORT_READ_ATTEMPTS)
        throw packUnusable(textName, `it and ${name} come from two imports of ${translation.info.versionId}`);
    }
  };

  // What the loader lists is read beside the meta pack; a loader that cannot list leaves every pack
  // counted as present, as before listing existed.
  const [metaPack, listed] = await Promise.all([
    fetchPack(META_PACK.name),
    Promise.resolve()
      .then(() => options.loader.listPacks?.())
      .then(
        (names) => (names ? new Set(names) : undefined),
        () => undefined,
      ),
  ]);
  // Translations `bible import` added: their small packs are read now, so the version list, the
  // parameter checks and the book names know them from the first call.
  const importedNames = listed ? [...listed].filter((n) => n.startsWith(`${IMPORTED_PACK.kind}-`)).sort() : [];
  const imported = await Promise.all(importedNames.map(loadImportedWithText));
  const meta = withImported(loadMeta(metaPack), imported);

  const loadedPack = (name: string): Pack => {
    const pack = packs.get(name);
    if (!pack) throw notAvailable(`pack '${name}' is not loaded; use bible.call() or bible.load(['${name}']) first`);
    return pack;
  };

  const hasPack = (name: string) => packs.has(name) || !listed || listed.has(name);

  const engineRandom = options.random?.seed !== undefined ? seededRandom(options.random.seed) : Math.random;
  const context: Context = {
    meta,
    pack: (schema: PackSchema, key?: string) => loadedPack(packName(schema, key)),
    translation(versionId) {
      if (versionId === lastVersionId && lastTranslation) return lastTranslation;
      let text = translations.get(versionId);
      if (!text) {
        const name = textPack(versionId);
        const pack = loadedPack(name);
        try {
          const own = meta.imported?.get(versionId);
          text = loadTranslation(pack, meta.versification, undefined, own && ((id) => own.kjvIdOf(id)));
          // Several translations share the KJV grid (kjv, kjv1611, wbt, ylt, svd): another's text pack
          // copied under this name would fit it and answer with the other translation's words.
          if (text.versionId !== versionId)
            throw packUnusable(name, `it holds the text of ${JSON.stringify(text.versionId)}`);
          // Read again after it was let go, an imported text may be a later import than the record held.
          if (own && text.info.importId !== own.info.importId)
            throw packUnusable(name, `${versionId} was imported again since this engine opened; open it again`);
        } catch (error) {
          // A file that reads as a pack but not as this translation is let go, as a file that cannot be
          // read is: the next call reads it again, so a host that puts the right file in place is answered.
          if (packs.get(name) === pack) forgetPack(name);
          throw error;
        }
        translations.set(versionId, text);
      }
      lastVersionId = versionId;
      lastTranslation = text;
      return text;
    },
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

  // Each operation with its parameter check, made once: a call is one map lookup, the check, the
  // packs' presence and the body.
  interface Prepared {
    readonly op: OperationDef;
    readonly check: ParamsCheck;
  }
  // Checks are compiled on an operation's first call, so opening costs none for operations never called.
  const prepared = new Map<string, Prepared>();
  const tableNotLoaded = () =>
    notAvailable(
      'the operation table is not loaded yet: `await bible.load([])` loads it (any call of an operation other than the verse lookups does too)',
    );
  const tableInHand = (): readonly OperationDef[] => {
    if (!operationTable) throw tableNotLoaded();
    return operationTable;
  };
  /** An operation and its parameter check, or undefined for one whose code is not loaded yet. */
  const operationAtHand = (name: string): Prepared | undefined => {
    let entry = prepared.get(name);
    if (entry) return entry;
    if (typeof name !== 'string' || !OPERATION_NAME_SET.has(name))
      throw new BibleError(
        'UNKNOWN_OPERATION',
        // An object is not turned into a string: one without a prototype throws a TypeError, and one whose
        // toString gives "GetVerse" would be refused as the unknown operation "GetVerse".
        typeof name === 'object' || typeof name === 'function'
          ? `an operation's name is a string, got ${name === null ? 'null' : `a value of type ${typeof name}`}; GetEndpoints lists them all`
          : unknownOperationMessage(String(name), OPERATION_NAMES, 'GetEndpoints lists them all'),
      );
    const op = VERSE_LOOKUPS.get(name) ?? tableByName?.get(name);
    if (!op) return undefined;
    entry = { op, check: compileParams(op.name, op.params, meta, strict) };
    prepared.set(name, entry);
    return entry;
  };
  /** For the synchronous faces: an operation whose code is not loaded is refused, as an unloaded pack is. */
  const operation = (name: string): Prepared => {
    const entry = operationAtHand(name);
    if (!entry) throw tableNotLoaded();
    return entry;
  };
  /** For call() and rows(), when the operation's code is not loaded yet. */
  const operationAfterLoading = async (name: string): Promise<Prepared> => {
    await loadOperationTable();
    return operationAtHand(name)!;
  };
  const noPacks: readonly string[] = [];
  /**
   * The operation and its checked parameters. Parameters are read before anything is awaited: a call made
   * while the operation's code loads checks a copy taken when it was made, never the caller's object later.
   */
  const checkedCall = (name: string, raw: unknown): Promise<{ op: OperationDef; params: Record<string, unknown> }> => {
    const ready = operationAtHand(name);
    if (ready) return Promise.resolve({ op: ready.op, params: checkedNow(name, ready.check, raw) });
    const snapshot = snapshotParams(name, raw);
    return operationAfterLoading(name).then(({ op, check }) => ({ op, params: check(snapshot) }));
  };

  const bible: Bible = {
    meta,
    get operations() {
      return tableInHand();
    },
    // Parameters call() refuses are refused here too, rather than reported as having no unknown names.
    unknownParams: (name, raw) => unknownParams(operation(name).op.params, snapshotParams(name, raw)),
    async call(name: string, raw?: Params): Promise<any> {
      const { op, params } = await checkedCall(name, raw);
      const needs = op.packs ? op.packs(params, meta, hasPack) : noPacks;
      if (needs.some((n) => !packs.has(n))) await Promise.all(needs.map(fetchPack));
      return op.run(context, params);
    },
    // The overloads' typed rows are the same rows: what `call` answers, a row at a time.
    async rows(name: string, raw?: Params): Promise<any> {
      const { op, params } = await checkedCall(name, raw);
      const needs = op.packs ? op.packs(params, meta, hasPack) : noPacks;
      if (needs.some((n) => !packs.has(n))) await Promise.all(needs.map(fetchPack));
      if (op.rows) return op.rows(context, params);
      const answer = await op.run(context, params);
      return Array.isArray(answer) ? rowsOfArray(answer) : undefined;
    },
    callSync(name: string, raw?: Params): any {
      const { op, check } = operation(name);
      const params = checkedNow(name, check, raw);
      if (op.packs) {
        const needs = op.packs(params, meta, hasPack);
        for (let i = 0; i < needs.length; i++) if (!packs.has(needs[i])) loadedPack(needs[i]);
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
      await Promise.all([loadOperationTable(), ...names.map(fetchPack)]);
    },
    loadedPacks: () => [...packs.keys()],
  };
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
 * Whether an engine ignores parameters an operation does not take (the hosted API's rule) rather than
 * refusing them (the default). `strict` is the older name of the same choice; the two must agree.
 */
function isLenient(options: Pick<OpenOptions, 'lenient' | 'strict'>): boolean {
  for (const name of ['lenient', 'strict'] as const)
    if (options[name] != null && typeof options[name] !== 'boolean')
      throw new BibleError('INVALID_PARAMETER', `open() option ${name} takes true or false`, name);
  if (options.lenient === true && options.strict === true)
    throw new BibleError(
      'INVALID_PARAMETER',
      'open() options lenient: true and strict: true contradict each other; give lenient alone',
      'lenient',
    );
  if (options.lenient === false && options.strict === false)
    throw new BibleError(
      'INVALID_PARAMETER',
      'open() options lenient: false and strict: false contradict each other; give lenient alone',
      'lenient',
    );
  return options.lenient === true || options.strict === false;
}
