// The operation table: the one list of every operation. call(), the typed methods, the CLI, the HTTP
// server and GetEndpoints all derive from it.
import type { OperationDef } from './operation.ts';
import { bookOperations } from './ops/books.ts';
import { countingOperations } from './ops/counting.ts';
import { infoOperations } from './ops/info.ts';
import { parsingOperations } from './ops/parsing.ts';
import { randomOperations } from './ops/random.ts';
import { verseOperations } from './ops/verses.ts';

export const OPERATIONS: readonly OperationDef[] = [
  ...verseOperations,
  ...bookOperations,
  ...parsingOperations,
  ...countingOperations,
  ...randomOperations,
  ...infoOperations(() => OPERATIONS),
];

export const OPERATION_BY_NAME: ReadonlyMap<string, OperationDef> = new Map(OPERATIONS.map((op) => [op.name, op]));
