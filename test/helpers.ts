// Tests run against the real compiled packs in dist/data (npm test builds them first).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_DATA_DIR, nativeInflate, openNode } from '../engine/node/loader.ts';
import { readPack } from './read-pack.ts';
import { withSchema } from '../engine/core/pack/schema.ts';
import { TEXT_PACK } from '../engine/core/pack/schemas.ts';
import { NormalizedVerses, type SearchIndex } from '../engine/core/search/searcher.ts';
import { indexTranslation } from '../engine/core/search/text-index.ts';
import { loadTranslation, type TranslationData } from '../engine/core/translation.ts';
import type { Versification } from '../engine/core/versification.ts';
import type { Bible, Params } from '../engine/core/engine.ts';
import type { OperationName } from '../engine/core/typed.ts';
import { BibleError } from '../engine/core/errors.ts';
import { expect } from 'vitest';

/**
 * The engine as these tests drive it: they pass raw values on purpose ('Spanish', 't_kjv', numbers as
 * strings) to test coercion, which the typed methods would refuse at compile time.
 */
export type LooseBible = Omit<Bible, 'call' | 'callSync'> & {
  call(name: string, params?: Params): Promise<any>;
  callSync(name: string, params?: Params): any;
} & { readonly [N in OperationName]: (params?: Params) => Promise<any> };

let shared: Promise<LooseBible> | undefined;

/** One engine per test file, opened on first use, with every operation's code loaded (the tests read
 *  bible.operations and call operations synchronously; test/engine/operation-code.test.ts opens without). */
export function bible(): Promise<LooseBible> {
  return (shared ??= openNode({ random: { seed: 7 } }).then(async (b) => {
    await b.load([]);
    return b as unknown as LooseBible;
  }));
}

/** Calls an operation and returns the BibleError it raised (fails the test if it answered). */
export async function callError(name: string, params: Record<string, unknown>): Promise<BibleError> {
  const b = await bible();
  try {
    const answer = await b.call(name, params as Record<string, string>);
    throw new Error(
      `${name}(${JSON.stringify(params)}) answered ${JSON.stringify(answer).slice(0, 200)} instead of failing`,
    );
  } catch (error) {
    expect(error).toBeInstanceOf(BibleError);
    return error as BibleError;
  }
}

/** The BibleError a call raises, through call() and callSync() alike (they must agree). */
export async function refusalOf(name: string, params: unknown): Promise<BibleError> {
  const b = await bible();
  const asyncError = await callError(name, params as Record<string, unknown>);
  let syncError: unknown;
  try {
    b.callSync(name, params as Record<string, string>);
  } catch (error) {
    syncError = error;
  }
  expect(syncError).toBeInstanceOf(BibleError);
  const s = syncError as BibleError;
  expect([s.code, s.param, s.message]).toEqual([asyncError.code, asyncError.param, asyncError.message]);
  return asyncError;
}

/** A compiled pack of dist/data, read as the Node host reads it. */
export const readLocalPack = (name: string) =>
  readPack(name, new Uint8Array(readFileSync(join(DEFAULT_DATA_DIR, `${name}.pack`))), nativeInflate);

/** A translation's text pack and the exact word index the engine makes from it on the first search. */
export function translationWithIndex(
  versionId: string,
  versification: Versification,
): { text: TranslationData; verses: NormalizedVerses; index: SearchIndex } {
  const pack = withSchema(readLocalPack(TEXT_PACK.name(versionId)), TEXT_PACK);
  const text = loadTranslation(pack, versification);
  const verses = new NormalizedVerses(text);
  return { text, verses, index: indexTranslation(pack, text, verses) };
}
