// The operation table is what every engine in the process answers from: an app that changed an entry, a
// parameter spec or a result shape changed the answers of every later call. Each change is refused.
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../engine/core/operations.ts';
import { openNode } from '../../engine/node/loader.ts';

type Loose = Record<string, any>;
const table = OPERATIONS as unknown as Loose[];
const getVerse = () => table.find((op) => op.name === 'GetVerse') as Loose;

describe('the operation table', () => {
  it('takes no new entries and loses none', () => {
    const size = table.length;
    expect(() => table.push({ name: 'GetFake' })).toThrow(TypeError);
    expect(() => table.pop()).toThrow(TypeError);
    expect(() => {
      table.length = 0;
    }).toThrow(TypeError);
    expect(table.length).toBe(size);
  });

  it('keeps its entries, their parameter specs and result shapes as they are', () => {
    const op = getVerse();
    expect(() => {
      op.name = 'GetVerseChanged';
    }).toThrow(TypeError);
    expect(() => {
      op.params[0].required = false;
    }).toThrow(TypeError);
    expect(() => op.params.push({ name: 'extra', type: 'text' })).toThrow(TypeError);
    expect(() => {
      op.result.of.spec.t = { kind: 'number' };
    }).toThrow(TypeError);
    const strongs = table.find((o) => o.params.some((p: Loose) => p.max !== undefined)) as Loose;
    const bounded = strongs.params.find((p: Loose) => p.max !== undefined);
    expect(() => {
      bounded.max = 1e12;
    }).toThrow(TypeError);
    expect(Object.isFrozen(op.run)).toBe(false); // functions stay as they are: only data is frozen
  });

  it('answers as before after every attempt, in an engine opened afterwards', async () => {
    const bible = await openNode();
    await expect(bible.call('GetVerse', {} as never)).rejects.toMatchObject({
      code: 'MISSING_PARAMETER',
      param: 'verseId',
    });
    const [verse] = await bible.GetVerse({ verseId: '43003016' });
    expect(verse.t).toMatch(/^For God so loved/);
    await bible.load([]);
    expect(bible.operations).toBe(OPERATIONS);
  });
});
