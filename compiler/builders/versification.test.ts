// The versification builder's parts on small inline schemes: runs compressed and expanded, the KJV's
// scheme made from eng, and its refusal of a difference no rule explains.
import { describe, expect, it } from 'vitest';
import { composeVerseId as id } from '../../engine/core/ids.ts';
import { expandRuns } from '../../engine/import/versification.ts';
import { parseLengthRules, parseScheme } from '../adapters/copenhagen-versification.ts';
import { chapterDifferences, compressPairs, kjvScheme } from './versification.ts';

/** A 66-book table with the given books' chapters. */
const table = (books: Record<number, number[]>) => Array.from({ length: 66 }, (_, b) => books[b + 1] ?? []);

describe('versification builder', () => {
  it('reads a scheme over the 66 books, leaving out other books and verse parts', () => {
    const scheme = parseScheme(
      JSON.stringify({
        maxVerses: { GEN: ['31', '25'], TOB: ['22'] },
        mappedVerses: { 'GEN 1:1-3': 'GEN 2:2-4', 'ESG 1:1': 'ESG 1:1a', 'TOB 1:1': 'TOB 1:2' },
      }),
    );
    expect(scheme.maxVerses[0]).toEqual([31, 25]);
    expect(scheme.mapped).toEqual([id(1, 1, 1), id(1, 1, 3), id(1, 2, 2), id(1, 2, 4)]);
    expect(scheme.skipped).toEqual(['ESG 1:1 -> ESG 1:1a', 'TOB 1:1 -> TOB 1:2']);
    const rules = parseLengthRules(
      JSON.stringify([
        { name: 'a', columns: [['English'], ['Latin']], tests: [['Rev.12:17=Last'], ['Rev.12:17>Rev.13:1*2']] },
        { name: 'b', columns: [['English']], tests: [['Gen.1:1=Last']] },
        { name: 'c', columns: [['Greek']], tests: [['Tob.1:1<Tob.1:2']] },
      ]),
    );
    expect(rules.map((r) => r.name)).toEqual(['a']);
  });

  it('compresses pairs into the fewest runs, and they expand back to the same pairs', () => {
    const pairs: [number, number][] = [
      [id(1, 31, 55), id(1, 32, 1)],
      ...Array.from({ length: 32 }, (_, k): [number, number] => [id(1, 32, k + 1), id(1, 32, k + 2)]),
      [id(64, 1, 14), id(64, 1, 14)],
      [id(64, 1, 14), id(64, 1, 15)],
    ];
    const runs = compressPairs(pairs);
    expect(runs).toEqual([
      id(1, 31, 55),
      id(1, 31, 55),
      id(1, 32, 1),
      id(1, 32, 1),
      id(1, 32, 1),
      id(1, 32, 32),
      id(1, 32, 2),
      id(1, 32, 33),
      id(64, 1, 14),
      id(64, 1, 14),
      id(64, 1, 14),
      id(64, 1, 15),
    ]);
    expect(expandRuns(runs)).toEqual(pairs);
  });

  it("makes the KJV's scheme from eng: its own rules where the chapters differ, titles folded into verse 1", () => {
    const eng = {
      maxVerses: table({ 19: [6, 12, 8], 64: [15], 66: [20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 18, 18] }),
      mapped: [id(19, 3, 0), id(19, 3, 8), id(19, 3, 1), id(19, 3, 9)],
    };
    const grid = table({ 19: [6, 12, 8], 64: [14], 66: [20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 17, 18] });
    expect(chapterDifferences(eng.maxVerses, grid)).toEqual([
      { chapter: '3JN 1', a: 15, b: 14 },
      { chapter: 'REV 12', a: 18, b: 17 },
    ]);
    const kjv = kjvScheme(eng, grid);
    expect(kjv.maxVerses).toEqual(grid);
    const pairs = expandRuns(kjv.mapped);
    expect(pairs.filter(([own]) => own === id(19, 3, 1))).toEqual([
      [id(19, 3, 1), id(19, 3, 1)],
      [id(19, 3, 1), id(19, 3, 2)],
    ]);
    expect(pairs.filter(([own]) => own === id(64, 1, 14))).toEqual([
      [id(64, 1, 14), id(64, 1, 14)],
      [id(64, 1, 14), id(64, 1, 15)],
    ]);
    expect(pairs.filter(([own]) => own === id(66, 13, 1))).toEqual([
      [id(66, 13, 1), id(66, 12, 18)],
      [id(66, 13, 1), id(66, 13, 1)],
    ]);
    expect(pairs.some(([own]) => own % 1000 === 0)).toBe(false);
  });

  it('refuses a KJV chapter that differs from eng where no rule says how', () => {
    const eng = { maxVerses: table({ 1: [31, 25] }), mapped: [] };
    expect(() => kjvScheme(eng, table({ 1: [31, 24] }))).toThrow(
      'the KJV grid differs from eng where no KJV rule says how: GEN 2 (eng 25, KJV 24)',
    );
  });
});
