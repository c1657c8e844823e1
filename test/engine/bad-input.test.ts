// Bad input for every parameter of every operation: a BibleError naming the parameter, never a crash.
import { describe, expect, it } from 'vitest';
import { bible, callError } from '../helpers.ts';
import { openNode } from '../../engine/node/loader.ts';
import type { OperationDef } from '../../engine/core/operation.ts';
import { OPERATIONS as TABLE } from '../../engine/core/operations.ts';
import type { ParamSpec } from '../../engine/core/params.ts';

const OPERATIONS: readonly OperationDef[] = TABLE;

/** A valid value for each parameter type, so one parameter at a time can be made bad. */
const VALID: Record<string, string> = {
  verseId: '43003016',
  bookId: '43',
  chapterId: '3',
  bookAndChapterId: '43003',
  chapterOrBookAndChapterId: '43003',
  versionId: 'kjv',
  language: 'english',
  integer: '1',
  text: 'love',
  bookOrTestament: '43',
  date: '2023-01-01',
  age: '29',
};
const validFor = (spec: ParamSpec): string =>
  spec.type === 'choice' ? spec.values![0] : spec.type === 'integer' ? String(spec.min ?? 1) : VALID[spec.type];

/** Values that are wrong for a parameter type (lenient text parameters are checked for length only). */
const BAD: Record<string, unknown[]> = {
  verseId: ['', 'abc', '430030', '430030161', '00000000', '67001001', '-43003016', '4.3e7', ' 43003016', [], {}],
  bookId: ['', '0', '67', '-1', '1e1', 'one', '4 3', '999999999999', [1], {}],
  chapterId: ['', '0', '-3', '151', '3.5', 'three', [3]],
  bookAndChapterId: ['', '4', '430031', 'abcde', [43003]],
  chapterOrBookAndChapterId: ['', '0', '-3', '151', '3.5', 'three', '99003', '43000', '430031', [43003]],
  versionId: ['', 'niv', 'KJV2', 'x'.repeat(5000), ['kjv'], {}],
  language: ['', 'french', 'en', 'x'.repeat(5000), ['english']],
  integer: ['', '-1', '1.5', '1e3', 'ten', [1]],
  text: ['', '   ', 'x'.repeat(5000), ['love'], {}],
  bookOrTestament: ['', '0', '67', 'ot nt', 'old', [1]],
  choice: ['', 'nope', [1]],
  date: ['', '2023-02-30', '2023-13-01', '23-01-01', '2023/01/01', 'tomorrow', '1800-01-01', [1]],
  // Any age the API accepts reads as 6 when it is not valid; only values that are not text are refused.
  age: [[29], {}],
};

describe('bad input for every parameter of every operation', async () => {
  const b = await bible();
  const strict = await openNode({ strict: true, random: { seed: 7 } });
  for (const op of OPERATIONS) {
    const valid: Record<string, string> = {};
    for (const spec of op.params) if (spec.required) valid[spec.name] = validFor(spec);

    it(`${op.name}: unknown parameters and prototype keys are refused in strict mode`, async () => {
      for (const key of ['nonsense', '__proto__', 'constructor']) {
        const params = JSON.parse(JSON.stringify({ ...valid, [key]: '1' }));
        const error = await strict.call(op.name, params).then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toMatchObject({ code: 'INVALID_PARAMETER', param: key });
      }
    });

    for (const spec of op.params) {
      it(`${op.name}: ${spec.name}`, async () => {
        if (spec.required) {
          const params = { ...valid };
          delete params[spec.name];
          const missing = await callError(op.name, params);
          expect(missing.code).toBe('MISSING_PARAMETER');
          expect(missing.param).toBe(spec.name);
        }
        for (const bad of BAD[spec.type] ?? []) {
          // An empty value for an optional parameter means "not given", as in a query string.
          if (bad === '' && !spec.required) continue;
          // Free-text parameters of the "answers [] when malformed" operations accept any short string.
          if (spec.type === 'text' && typeof bad === 'string' && bad.trim() && bad.length <= (spec.maxLength ?? 1000))
            continue;
          const error = await callError(op.name, { ...valid, [spec.name]: bad });
          expect(['INVALID_PARAMETER', 'MISSING_PARAMETER']).toContain(error.code);
          expect(error.param).toBe(spec.name);
          expect(error.message.length).toBeLessThan(400);
        }
      });
    }
  }

  it('unknown operations', async () => {
    for (const name of ['GetNothing', '', 'getverse', '__proto__', 'constructor', 'toString']) {
      await expect(b.call(name, {})).rejects.toMatchObject({ code: 'UNKNOWN_OPERATION' });
    }
  });

  it('parameters that are not an object', async () => {
    for (const params of ['verseId=1', 42, [1, 2]]) {
      await expect(b.call('GetVerse', params as never)).rejects.toMatchObject({ code: 'INVALID_PARAMETER' });
    }
  });
});

describe('a text at the length limit', () => {
  it('counts characters as Unicode does: 1000 emoji pass, 1001 do not, and the message counts them alike', async () => {
    const b = await bible();
    const emoji = (n: number) => '😀'.repeat(n);
    expect((await b.call('GetSearchCount', { query: emoji(1000) })).searchCount).toBe(0);
    const refused = await callError('GetSearchCount', { query: emoji(1001) });
    expect(refused).toMatchObject({ code: 'INVALID_PARAMETER', param: 'query' });
    expect(refused.message).toMatch(/at most 1000 characters, got 1001$/);
    // Combining marks are characters of their own: a bound on length stays a bound on work.
    const marked = await callError('GetSearchCount', { query: 'a\u0301'.repeat(501) });
    expect(refused.param).toBe(marked.param);
    expect(marked.message).toMatch(/got 1002$/);
  });
});

describe('open() options', () => {
  it('refuse a random seed that is not an integer, naming random.seed', async () => {
    for (const seed of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1.5, '7', null, {}]) {
      const error = await openNode({ random: { seed } as never }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, String(seed)).toMatchObject({ code: 'INVALID_PARAMETER', param: 'random.seed' });
    }
    await expect(openNode({ random: 7 } as never)).rejects.toMatchObject({ param: 'random.seed' });
    for (const seed of [0, -3, 7, 2 ** 40])
      expect((await openNode({ random: { seed } })).loadedPacks()).toContain('meta');
    expect((await openNode({ random: {} })).loadedPacks()).toContain('meta');
  });
});
