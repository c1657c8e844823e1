// From an operation's name to its definition and its compiled parameter check. The verse lookups
// (ops/verses.ts: GetVerse, the chapters, parallel verses, GetVersions) live in the engine's own module;
// every other operation's code is in the operation table, loaded on the first call that needs it, so an
// app's import compiles and runs about a third of the engine before its first verse (the table is some
// 90 kB of the 130 kB the engine compiles to).
import { BibleError, notAvailable } from '../errors.ts';
import type { Meta } from '../meta.ts';
import type { OperationDef } from '../operation.ts';
import { OPERATION_NAMES } from '../operation-names.ts';
import { verseOperations } from '../ops/verses.ts';
import { checkedNow, compileParams, type ParamsCheck, snapshotParams, unknownOperationMessage } from '../params.ts';

const VERSE_LOOKUPS: ReadonlyMap<string, OperationDef> = new Map(verseOperations.map((op) => [op.name, op]));
const OPERATION_NAME_SET: ReadonlySet<string> = new Set(OPERATION_NAMES);
let operationTable: readonly OperationDef[] | undefined;
let tableByName: ReadonlyMap<string, OperationDef> | undefined;
let tableLoading: Promise<readonly OperationDef[]> | undefined;

/** The operation table, loaded once per process; a failed load (a missing chunk) is tried again next time. */
export function loadOperationTable(): Promise<readonly OperationDef[]> {
  if (operationTable) return Promise.resolve(operationTable);
  tableLoading ??= import('../operations.ts').then(
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

const tableNotLoaded = () =>
  notAvailable(
    'the operation table is not loaded yet: `await bible.load([])` loads it (any call of an operation other than the verse lookups does too)',
  );

/** The operation table, when loaded (NOT_AVAILABLE otherwise). */
export function tableInHand(): readonly OperationDef[] {
  if (!operationTable) throw tableNotLoaded();
  return operationTable;
}

/** An operation with its parameter check, made once: a call is one map lookup, the check, the packs'
 *  presence and the body. */
export interface Prepared {
  readonly op: OperationDef;
  readonly check: ParamsCheck;
}

export interface Dispatch {
  /** for the synchronous faces: an operation whose code is not loaded is refused, as an unloaded pack is */
  operation(name: string): Prepared;
  /**
   * The operation and its checked parameters. Parameters are read before anything is awaited: a call made
   * while the operation's code loads checks a copy taken when it was made, never the caller's object later.
   */
  checkedCall(name: string, raw: unknown): Promise<{ op: OperationDef; params: Record<string, unknown> }>;
}

export function createDispatch(meta: Meta, strict: boolean): Dispatch {
  // Checks are compiled on an operation's first call, so opening costs none for operations never called.
  const prepared = new Map<string, Prepared>();
  /** An operation and its parameter check, or undefined for one whose code is not loaded yet. */
  const operationAtHand = (name: string): Prepared | undefined => {
    let entry = prepared.get(name);
    if (entry) return entry;
    if (typeof name !== 'string' || !OPERATION_NAME_SET.has(name)) throw unknownOperation(name);
    const op = VERSE_LOOKUPS.get(name) ?? tableByName?.get(name);
    if (!op) return undefined;
    entry = { op, check: compileParams(op.name, op.params, meta, strict) };
    prepared.set(name, entry);
    return entry;
  };
  return {
    operation(name) {
      const entry = operationAtHand(name);
      if (!entry) throw tableNotLoaded();
      return entry;
    },
    checkedCall(name, raw) {
      const ready = operationAtHand(name);
      if (ready) return Promise.resolve({ op: ready.op, params: checkedNow(name, ready.check, raw) });
      const snapshot = snapshotParams(name, raw);
      return loadOperationTable().then(() => {
        const { op, check } = operationAtHand(name)!;
        return { op, params: check(snapshot) };
      });
    },
  };
}

function unknownOperation(name: unknown): BibleError {
  return new BibleError(
    'UNKNOWN_OPERATION',
    // An object is not turned into a string: one without a prototype throws a TypeError, and one whose
    // toString gives "GetVerse" would be refused as the unknown operation "GetVerse".
    typeof name === 'object' || typeof name === 'function'
      ? `an operation's name is a string, got ${name === null ? 'null' : `a value of type ${typeof name}`}; GetEndpoints lists them all`
      : unknownOperationMessage(String(name), OPERATION_NAMES, 'GetEndpoints lists them all'),
  );
}
