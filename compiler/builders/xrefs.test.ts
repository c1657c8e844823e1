// The cross-reference builder on a tiny OpenBible.info file: dropped, kept, folded and merged rows, per-verse starts.
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureContext, removeFixtures } from '../../test/compiler/fixture-context.ts';
import { xrefsBuilder } from './xrefs.ts';

afterAll(removeFixtures);

const CROSS_REFERENCES = [
  'From Verse\tTo Verse\tVotes\t#www.openbible.info CC-BY 2018-01-22',
  'Gen.2.1\tGen.2.2-Gen.2.2\t4',
  'Gen.1.1\tGen.1.3\t5',
  'Gen.1.1\tGen.2.1-Gen.2.2\t12',
  'Gen.1.1\tGen.1.2\t-1',
  'Gen.1.2\tGen.1.1\t0',
  '3John.1.15\tGen.1.1\t3',
  '3John.1.14\tGen.1.1\t7',
  'Gen.1.1\tGen.1.2-Gen.1.4\t2',
  '',
].join('\n');

describe('xrefsBuilder', () => {
  // Genesis 1 has 3 verses and Genesis 2 has 2 (ordinals 0-4); 3 John 1 has 14 (ordinals 5-18).
  const { ctx, logs } = fixtureContext({
    files: { 'openbible-crossrefs': CROSS_REFERENCES },
    chapters: { 1: [3, 2], 64: [14] },
  });
  const [pack, ...rest] = xrefsBuilder.build(ctx);

  it('builds the one xrefs pack from the OpenBible.info dataset', () => {
    expect(rest).toEqual([]);
    expect(pack.name).toBe('xrefs');
    expect(pack.datasets).toEqual(['openbible-crossrefs']);
  });

  it('groups references by source verse, strongest first, with start offsets per KJV ordinal', () => {
    expect(pack.sections).toEqual({
      info: {
        kind: 'json',
        data: {
          rows: 8,
          kept: 6,
          negativeDropped: 1,
          zeroKept: 1,
          remapped: ['3John.1.15 -> 3John.1.14', 'Gen.1.4 -> Gen.1.3'],
          remappedRows: 2,
        },
      },
      // Genesis 1:1 has three references, 1:2 one, 2:1 one and 3 John 1:14 (ordinal 18) one.
      start: { kind: 'u32', data: Uint32Array.from([0, 3, 4, 4, 5, ...Array(14).fill(5), 6]) },
      // Targets are ordinals: Gen 2:1, 1:3, 1:2, 1:1, 2:2, 1:1.
      target: { kind: 'u16', data: [3, 2, 1, 0, 4, 0] },
      // A range ending on its own start is a single verse (0); an end beyond the chapter folds onto its last
      // verse. Gen 2:1-2 spans two verses, Gen 1:2-4 (folded to 1:2-3) two.
      span: { kind: 'u16', data: [2, 0, 2, 0, 0, 0] },
      // 3 John 1:15 folds onto 1:14, whose own row (7 votes) it duplicates: the higher vote stays.
      votes: { kind: 'u16', data: [12, 5, 2, 0, 4, 7] },
    });
  });

  it('logs the counts and the folded verse numbers', () => {
    expect(logs).toEqual([
      '  6 references (1 negative-vote rows dropped, 1 zero-vote kept, 1 merged); remapped 2 row ends: ' +
        '3John.1.15 -> 3John.1.14, Gen.1.4 -> Gen.1.3',
    ]);
  });
});
