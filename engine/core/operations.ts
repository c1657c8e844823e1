// The operation table: the one list of every operation. call(), the typed methods, the CLI, the HTTP
// server and GetEndpoints all derive from it.
import type { OperationDef } from './operation.ts';
import { bookOperations } from './ops/books.ts';
import { countingOperations } from './ops/counting.ts';
import { infoOperations } from './ops/info.ts';
import { extrabiblicalOperations } from './ops/extrabiblical.ts';
import { audioOperations } from './ops/audio.ts';
import { licensingOperations } from './ops/licensing.ts';
import { originalOperations } from './ops/original.ts';
import { parsingOperations } from './ops/parsing.ts';
import { planOperations } from './ops/plans.ts';
import { randomOperations } from './ops/random.ts';
import { searchOperations } from './ops/search.ts';
import { verseOperations } from './ops/verses.ts';
import { studyOperations } from './ops/study.ts';
import { topicOperations } from './ops/topics.ts';

export const OPERATIONS: readonly OperationDef[] = [
  ...verseOperations,
  ...bookOperations,
  ...parsingOperations,
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
  ...infoOperations(() => OPERATIONS),
];

export const OPERATION_BY_NAME: ReadonlyMap<string, OperationDef> = new Map(OPERATIONS.map((op) => [op.name, op]));
