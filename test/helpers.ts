// Tests run against the real compiled packs in dist/data (npm test builds them first).
import { openNode } from '../engine/node/loader.ts';
import type { TypedBible } from '../engine/core/engine.ts';
import { BibleError } from '../engine/core/errors.ts';
import { expect } from 'vitest';

let shared: Promise<TypedBible> | undefined;

/** One engine per test file, opened on first use. */
export function bible(): Promise<TypedBible> {
  return (shared ??= openNode({ random: { seed: 7 } }));
}

/** Calls an operation and returns the BibleError it raised (fails the test if it answered). */
export async function callError(name: string, params: Record<string, unknown>): Promise<BibleError> {
  const b = await bible();
  try {
    const answer = await b.call(name, params as Record<string, string>);
    throw new Error(`${name}(${JSON.stringify(params)}) answered ${JSON.stringify(answer).slice(0, 200)} instead of failing`);
  } catch (error) {
    expect(error).toBeInstanceOf(BibleError);
    return error as BibleError;
  }
}
