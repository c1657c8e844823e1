// The operation table: the one list of every operation. call(), the typed methods and their types, the
// CLI, the HTTP server, GetEndpoints and the conformance suite all derive from it.
import { deepFreeze } from './deep-freeze.ts';
import type { OperationDef } from './operation.ts';
import { audioOperations } from './ops/audio.ts';
import { bookOperations } from './ops/books.ts';
import { countingOperations } from './ops/counting.ts';
import { extrabiblicalOperations } from './ops/extrabiblical.ts';
import { infoOperations } from './ops/info.ts';
import { licensingOperations } from './ops/licensing.ts';
import { originalOperations } from './ops/original.ts';
import { parsingOperations } from './ops/parsing.ts';
import { passageOperations } from './ops/passages.ts';
import { planOperations } from './ops/plans.ts';
import { randomOperations } from './ops/random.ts';
import { searchOperations } from './ops/search.ts';
import { studyOperations } from './ops/study.ts';
import { topicOperations } from './ops/topics.ts';
import { verseOperations } from './ops/verses.ts';

// Frozen, parameter specs and result shapes too: the engine answers from these definitions, so an app that
// changed one (OPERATIONS[0].params[0].required = false, a spec's bounds, a pushed entry) changed every later
// call of every engine in the process.
export const OPERATIONS = deepFreeze([
  ...verseOperations,
  ...bookOperations,
  ...parsingOperations,
  ...passageOperations,
  ...countingOperations,
  ...randomOperations,
  ...searchOperations,
  ...planOperations,
  ...extrabiblicalOperations,
  ...audioOperations,
  ...licensingOperations,
  ...originalOperations,
  ...studyOperations,
  ...topicOperations,
  ...infoOperations,
] as const);

export const OPERATION_BY_NAME: ReadonlyMap<string, OperationDef> = new Map(
  OPERATIONS.map((op) => [op.name, op as OperationDef]),
);
