// The operation table's code is loaded on first use: an engine answers the verse lookups from its own
// module, and loads the table for any other operation (call, rows, a typed method) or on load(). Until
// then the synchronous faces that need the table refuse with NOT_AVAILABLE, as callSync does for a pack.
// Each test file has its own module instances, so the engines here start without the table.
import { describe, expect, it } from 'vitest';
import { openNode } from '../../engine/node/loader.ts';
import { OPERATION_NAMES } from '../../engine/core/operation-names.ts';
import { BibleError } from '../../engine/core/errors.ts';

const codeOf = (run: () => unknown): string => {
  try {
    run();
    return 'answered';
  } catch (error) {
    expect(error).toBeInstanceOf(BibleError);
    return (error as BibleError).code;
  }
};

describe('the operation table, loaded on first use', () => {
  it('answers a lookup and refuses the synchronous faces of other operations until it is loaded', async () => {
    const bible = await openNode();
    const [verse] = await bible.GetVerse({ verseId: '43003016' });
    expect(verse.t).toMatch(/^For God so loved/);
    expect(bible.callSync('GetVerse', { verseId: '01001001' })[0].t).toMatch(/^In the beginning/);
    expect(codeOf(() => bible.operations)).toBe('NOT_AVAILABLE');
    expect(() => bible.operations).toThrow(/load\(\[\]\)/);
    expect(codeOf(() => bible.callSync('GetBooks'))).toBe('NOT_AVAILABLE');
    expect(codeOf(() => bible.unknownParams('GetBooks', { x: '1' }))).toBe('NOT_AVAILABLE');
    // A name that is no operation is refused as such, table or no table.
    for (const name of ['GetVerses', 'constructor', '__proto__', 'toString', ''])
      expect(codeOf(() => (bible.callSync as (n: string) => unknown)(name))).toBe('UNKNOWN_OPERATION');
    expect(bible.unknownParams('GetVerse', { verseId: '1', x: '1' })).toEqual(['x']);

    // A call of another operation loads the table; then every face answers.
    const books = await bible.GetBooks();
    expect(books).toHaveLength(66);
    expect(bible.operations.map((op) => op.name)).toEqual(OPERATION_NAMES);
    expect(bible.callSync('GetBooks')).toEqual(books);
    expect(bible.unknownParams('GetBooks', { x: '1' })).toEqual(['x']);
  });

  it('gives every operation a typed method, in the order of the table', async () => {
    const bible = await openNode();
    await bible.load([]);
    const { OPERATIONS } = await import('../../engine/core/operations.ts');
    expect(OPERATION_NAMES).toEqual(OPERATIONS.map((op) => op.name));
    for (const name of OPERATION_NAMES) expect(typeof bible[name]).toBe('function');
  });
});
