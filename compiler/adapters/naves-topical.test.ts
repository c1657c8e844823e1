// Nave's readers on hand-written CSV and CCEL text: sub-entry levels, the truncated subject, citations, headings.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { kjvGrid } from './kjv-grid.ts';
import { linesOf, type NaveLine, parseRefs, readNaves } from './naves-topical.ts';

const dir = mkdtempSync(join(tmpdir(), 'naves-topical-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function fixture(text: string): string {
  const path = join(dir, `naves-${++files}`);
  writeFileSync(path, text);
  return path;
}

/** KJV verse counts for the chapters the fixtures cite; every other book is empty. */
function kjvTable(chapters: Record<number, number[]>): number[][] {
  return Array.from({ length: 66 }, (_, b) => chapters[b + 1] ?? []);
}

const GENESIS = [
  31, 25, 24, 26, 32, 22, 24, 22, 29, 32, 32, 20, 18, 24, 21, 16, 27, 33, 38, 18, 34, 24, 20, 67, 34, 35, 46, 22, 35,
  43, 55, 32, 20, 31, 29, 43, 36, 30, 23, 23, 57, 38, 34, 34, 28, 34, 31, 22, 33, 26,
];
const grid = kjvGrid(
  kjvTable({
    1: GENESIS,
    7: [36],
    21: [18, 26],
    22: [17, 17],
    40: [25, 23, 17, 25, 48],
    42: [80, 52],
    44: [42, 47, 26, 37, 42, 15, 60, 40, 43, 48, 30, 25, 52, 28, 41],
    62: [10, 29],
    65: [25],
    66: [20],
  }),
);

// The BibleData CSV: BOM, quoted multi-line entries, 5 spaces per nesting level; JESUS, THE CHRIST cut short.
const CSV = `\ufeffsection,subject,entry
A,ANGER,"-Of Cain slaying Abel GEN 4:5-8
-Jacob's anger GEN 30:2; 31:36
     -Against Simeon and Levi GEN 49:5-7

-See WRATH"
G,GOD,"-MERCY OF:
     -Described as great ECC 1; 2
          -Abundant MAT 5:3-12,14
-POWER OF ACT 8:9; with 15:28,29"
J,"JESUS, THE CHRIST","-HISTORY OF
-SECOND COMI"
,,
S,SONG,"-Of Solomon So 2:1; 1JHN 2:3; Jude 1:3"
`;

// The CCEL text dump: headings at 3 spaces, "-" and "." sub-entries at 10, wrapped lines continued at 10.
const TEXT = `Title: Nave's Topical Bible
Creator(s): Nave, Orville J. (1841-1917)
   CCEL Subjects: All; Bible; Reference

J

   JESUS, THE CHRIST

          -HISTORY OF
          .Birth of Mt 1:18-25; Lu 2:1-7

          -SECOND COMING OF Mt 5:3,4;
          Re 1:7

   JEZEBEL

          -Wife of Ahab Jud 1:1
`;

/** The lines without the book-code table each carries. */
const plain = (lines: NaveLine[]) => lines.map(({ level, label, refs }) => ({ level, label, refs }));

describe('readNaves', () => {
  const naves = readNaves(fixture(CSV), fixture(TEXT));

  it('splits each sub-entry into level, label and references', () => {
    expect([...naves.subjects.keys()]).toEqual(['ANGER', 'GOD', 'JESUS, THE CHRIST', 'SONG']);
    expect(plain(naves.subjects.get('ANGER')!)).toEqual([
      { level: 0, label: 'Of Cain slaying Abel', refs: 'GEN 4:5-8' },
      { level: 0, label: "Jacob's anger", refs: 'GEN 30:2; 31:36' },
      { level: 1, label: 'Against Simeon and Levi', refs: 'GEN 49:5-7' },
      { level: 0, label: 'See WRATH', refs: '' },
    ]);
    expect(plain(naves.subjects.get('GOD')!)).toEqual([
      { level: 0, label: 'MERCY OF:', refs: '' },
      { level: 1, label: 'Described as great', refs: 'ECC 1; 2' },
      { level: 2, label: 'Abundant', refs: 'MAT 5:3-12,14' },
      { level: 0, label: 'POWER OF', refs: 'ACT 8:9; with 15:28,29' },
    ]);
  });

  it("reads BibleData's exceptional codes: So, Jude and the 1JHN typo", () => {
    expect(plain(naves.subjects.get('SONG')!)).toEqual([
      { level: 0, label: 'Of Solomon', refs: 'So 2:1; 1JHN 2:3; Jude 1:3' },
    ]);
    const { codes } = naves.subjects.get('SONG')![0];
    expect([codes.get('So'), codes.get('1JHN'), codes.get('Jude'), codes.get('JUD'), codes.get('GEN')]).toEqual([
      22, 62, 65, 65, 1,
    ]);
  });

  it('takes the subject whose CSV cell is truncated from the text dump, wrapped lines joined', () => {
    expect(naves.fromText).toEqual(['JESUS, THE CHRIST']);
    expect(naves.invalid).toEqual([]);
    const jesus = naves.subjects.get('JESUS, THE CHRIST')!;
    expect(plain(jesus)).toEqual([
      { level: 0, label: 'HISTORY OF', refs: '' },
      { level: 1, label: 'Birth of', refs: 'Mt 1:18-25; Lu 2:1-7' },
      { level: 0, label: 'SECOND COMING OF', refs: 'Mt 5:3,4; Re 1:7' },
    ]);
    // The text dump's own abbreviations: Jud is Judges there, Jude is Jude.
    const { codes } = jesus[0];
    expect([codes.get('Mt'), codes.get('Jud'), codes.get('Jude'), codes.get('Re'), codes.get('GEN')]).toEqual([
      40,
      7,
      65,
      66,
      undefined,
    ]);
  });

  it('rejects a CSV with another header and a text dump without the heading', () => {
    const text = fixture(TEXT);
    const csv = fixture('section,topic,entry\nA,ANGER,"-Of Cain GEN 4:5"\n');
    expect(() => readNaves(csv, text)).toThrow(`${csv}: unexpected header "section,topic,entry"`);
    const noHeading = fixture(TEXT.replace('   JESUS, THE CHRIST', '   JESUS'));
    expect(() => readNaves(fixture(CSV), noHeading)).toThrow(`${noHeading}: no heading JESUS, THE CHRIST`);
  });
});

describe('parseRefs', () => {
  const naves = readNaves(fixture(CSV), fixture(TEXT));
  const csvCodes = naves.subjects.get('ANGER')![0].codes;
  const textCodes = naves.subjects.get('JESUS, THE CHRIST')![0].codes;
  const parse = (refs: string, codes = csvCodes) => {
    const invalid: string[] = [];
    return { citations: parseRefs(refs, codes, grid, invalid), invalid };
  };
  const verses = (book: number, chapter: number, from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => book * 1_000_000 + chapter * 1_000 + from + i);

  it('reads verses, lists and ranges, a part without a book continuing the previous one', () => {
    expect(parse('GEN 4:6; 49:7; MAT 5:3-12,14').citations).toEqual([
      { book: 1, chapter: 4, verseIds: [1004006], wholeChapter: false },
      { book: 1, chapter: 49, verseIds: [1049007], wholeChapter: false },
      { book: 40, chapter: 5, verseIds: [...verses(40, 5, 3, 12), 40005014], wholeChapter: false },
    ]);
  });

  it('expands a bare chapter to all its verses', () => {
    expect(parse('ECC 1; 2').citations).toEqual([
      { book: 21, chapter: 1, verseIds: verses(21, 1, 1, 18), wholeChapter: true },
      { book: 21, chapter: 2, verseIds: verses(21, 2, 1, 26), wholeChapter: true },
    ]);
  });

  it('follows a range into the next chapter and notes the chapter it runs through', () => {
    expect(parse('GEN 1:30-2:2, 2').citations).toEqual([
      {
        book: 1,
        chapter: 1,
        verseIds: [1001002, 1001030, 1001031, 1002001, 1002002],
        wholeChapter: false,
        throughChapter: 2,
      },
    ]);
  });

  it('skips words before a chapter, link markers, en dashes, and parts before any book', () => {
    expect(parse('4:6; [261]ACT 8:9; with 15:28,29; 15:1–3').citations).toEqual([
      { book: 44, chapter: 8, verseIds: [44008009], wholeChapter: false },
      { book: 44, chapter: 15, verseIds: [44015028, 44015029], wholeChapter: false },
      { book: 44, chapter: 15, verseIds: [44015001, 44015002, 44015003], wholeChapter: false },
    ]);
  });

  it('reads a book code after a joining word, which begins a new book', () => {
    expect(parse('GEN 4:4; with ACT 2:3; see also GEN 1:2; and 5:1').citations.map((c) => c.verseIds)).toEqual([
      [1004004],
      [44002003],
      [1001002],
      [1005001],
    ]);
  });

  it("ends a part at '.' before the next book, as a few lists write it", () => {
    expect(parse('GEN 4:4. ACT 2:3; with 8:9. 1:2').citations.map((c) => c.verseIds)).toEqual([
      [1004004],
      [44002003],
      [44008009],
    ]);
  });

  it('reads the exceptional CSV codes and the text dump abbreviations', () => {
    expect(parse('So 2:1; 1JHN 2:3; Jude 1:3').citations.map((c) => c.verseIds)).toEqual([
      [22002001],
      [62002003],
      [65001003],
    ]);
    expect(parse('Jud 1:1; Jude 1:3; Mt 5:3,4', textCodes).citations.map((c) => c.verseIds)).toEqual([
      [7001001],
      [65001003],
      [40005003, 40005004],
    ]);
  });

  it('drops and lists the citations whose verses or chapters are not in the KJV', () => {
    expect(parse('GEN 50:25-27; 51:1; 50:27')).toEqual({
      citations: [{ book: 1, chapter: 50, verseIds: [1050025, 1050026], wholeChapter: false }],
      invalid: ['GEN 50:27', 'GEN 51:1', 'GEN 50:27'],
    });
  });
});

describe('linesOf', () => {
  const { subjects } = readNaves(fixture(CSV), fixture(TEXT));

  it('returns a whole subject, or one sub-entry with everything nested under it', () => {
    expect(linesOf(subjects, 'ANGER')).toBe(subjects.get('ANGER'));
    expect(plain(linesOf(subjects, 'GOD > mercy of'))).toEqual([
      { level: 0, label: 'MERCY OF:', refs: '' },
      { level: 1, label: 'Described as great', refs: 'ECC 1; 2' },
      { level: 2, label: 'Abundant', refs: 'MAT 5:3-12,14' },
    ]);
    expect(plain(linesOf(subjects, 'ANGER > Against Simeon and Levi'))).toEqual([
      { level: 1, label: 'Against Simeon and Levi', refs: 'GEN 49:5-7' },
    ]);
  });

  it('rejects an unknown subject or sub-entry', () => {
    expect(() => linesOf(subjects, 'WRATH')).toThrow(`Nave's has no subject "WRATH"`);
    expect(() => linesOf(subjects, 'GOD > LOVE OF')).toThrow(`Nave's subject GOD has no sub-entry "LOVE OF"`);
  });
});
