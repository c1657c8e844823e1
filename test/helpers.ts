// Tests run against the real compiled packs in dist/data (npm test builds them first).
import { openNode } from '../engine/node/loader.ts';
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

/** One engine per test file, opened on first use. */
export function bible(): Promise<LooseBible> {
  return (shared ??= openNode({ random: { seed: 7 } }) as Promise<LooseBible>);
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
