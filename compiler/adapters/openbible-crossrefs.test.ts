// The OpenBible.info cross-reference reader on a hand-written TSV: KJV folding, vote rules, merging, order, errors.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { kjvGrid } from './kjv-grid.ts';
import { readCrossReferences } from './openbible-crossrefs.ts';

const dir = mkdtempSync(join(tmpdir(), 'openbible-crossrefs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function fixture(text: string): string {
  const path = join(dir, `cross_references-${++files}.txt`);
  writeFileSync(path, text);
  return path;
}

/** KJV verse counts for the chapters the fixtures cite; every other book is empty. */
function kjvTable(chapters: Record<number, number[]>): number[][] {
  return Array.from({ length: 66 }, (_, b) => chapters[b + 1] ?? []);
}

const grid = kjvGrid(
  kjvTable({
    1: [31, 25],
    31: [21],
    32: [17],
    43: [51, 25, 36, 54, 47, 71, 53, 59, 41, 42],
    45: [32, 29, 31, 25, 21],
    64: [14],
  }),
);

const HEADER = 'From Verse\tTo Verse\tVotes\t#www.openbible.info CC-BY 2018-01-22\n';

describe('readCrossReferences', () => {
  it('maps rows onto KJV ids, grouped by source verse in canonical order, strongest first', () => {
    const path = fixture(
      `${HEADER}Gen.1.1\tGen.1.31\t0\nGen.1.1\tJohn.1.1-John.1.3\t377\nGen.1.1\tGen.2.4\t10\n` +
        'Obad.1.21\tObad.1.15-Jonah.1.2\t5\nJohn.3.16\tRom.5.8\t290\nJohn.3.16\tGen.1.1\t290\n',
    );
    expect(readCrossReferences(path, grid)).toEqual({
      references: [
        { from: 1001001, start: 43001001, end: 43001003, votes: 377 },
        { from: 1001001, start: 1002004, end: 0, votes: 10 },
        { from: 1001001, start: 1001031, end: 0, votes: 0 },
        { from: 31001021, start: 31001015, end: 32001002, votes: 5 },
        { from: 43003016, start: 1001001, end: 0, votes: 290 },
        { from: 43003016, start: 45005008, end: 0, votes: 290 },
      ],
      stats: { rows: 6, negativeDropped: 0, zeroKept: 1, remapped: [], remappedRows: 0, merged: 0 },
    });
  });

  it('drops rows voted below zero and keeps unrated zero-vote rows', () => {
    const path = fixture(`${HEADER}Gen.1.1\tGen.1.2\t-3\nGen.1.1\tGen.1.3\t0\nGen.1.1\tGen.1.4\t-1\n`);
    expect(readCrossReferences(path, grid)).toEqual({
      references: [{ from: 1001001, start: 1001003, end: 0, votes: 0 }],
      stats: { rows: 3, negativeDropped: 2, zeroKept: 1, remapped: [], remappedRows: 0, merged: 0 },
    });
  });

  it('folds verses beyond the end of a KJV chapter onto its last verse, and merges the duplicates that makes', () => {
    const path = fixture(
      `${HEADER}Rom.5.8\tJohn.3.16-John.3.37\t4\nRom.5.8\tRom.5.21-Rom.5.22\t3\n` +
        '3John.1.14\tJohn.10.3\t1\n3John.1.15\tJohn.10.3\t2\n',
    );
    expect(readCrossReferences(path, grid)).toEqual({
      references: [
        { from: 45005008, start: 43003016, end: 43003036, votes: 4 },
        // A range folded onto a single verse is a single verse.
        { from: 45005008, start: 45005021, end: 0, votes: 3 },
        // 3 John 1:15 is the greeting the KJV prints in 1:14; the higher vote of the two rows is kept.
        { from: 64001014, start: 43010003, end: 0, votes: 2 },
      ],
      stats: {
        rows: 4,
        negativeDropped: 0,
        zeroKept: 0,
        remapped: ['John.3.37 -> John.3.36', 'Rom.5.22 -> Rom.5.21', '3John.1.15 -> 3John.1.14'],
        remappedRows: 3,
        merged: 1,
      },
    });
  });

  it('keeps the higher vote when the later duplicate is the weaker one', () => {
    const path = fixture(`${HEADER}3John.1.15\tJohn.10.3\t7\n3John.1.14\tJohn.10.3\t2\n`);
    expect(readCrossReferences(path, grid).references).toEqual([{ from: 64001014, start: 43010003, end: 0, votes: 7 }]);
  });

  it('rejects a file without the OpenBible header', () => {
    const path = fixture('Gen.1.1\tGen.1.2\t3\n');
    expect(() => readCrossReferences(path, grid)).toThrow('unexpected header "Gen.1.1\\tGen.1.2\\t3"');
  });

  it('rejects a row without an integer vote, naming the line', () => {
    const missing = fixture(`${HEADER}Gen.1.1\tGen.1.2\t3\nGen.1.1\tGen.1.3\n`);
    expect(() => readCrossReferences(missing, grid)).toThrow(`${missing}:3: malformed row`);
    const decimal = fixture(`${HEADER}Gen.1.1\tGen.1.2\t1.5\n`);
    expect(() => readCrossReferences(decimal, grid)).toThrow(`${decimal}:2: malformed row`);
  });

  it('rejects a reference it cannot read or whose chapter the KJV lacks', () => {
    const book = fixture(`${HEADER}Genesis.1.1\tGen.1.2\t3\n`);
    expect(() => readCrossReferences(book, grid)).toThrow('bad reference "Genesis.1.1"');
    const noVerse = fixture(`${HEADER}Gen.1.1\tGen.1\t3\n`);
    expect(() => readCrossReferences(noVerse, grid)).toThrow('bad reference "Gen.1"');
    const chapter = fixture(`${HEADER}Gen.1.1\tGen.3.1\t3\n`);
    expect(() => readCrossReferences(chapter, grid)).toThrow('Gen.3.1 names a chapter the KJV does not have');
  });
});
