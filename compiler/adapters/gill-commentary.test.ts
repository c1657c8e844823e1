// Gill's commentary re-keyed onto KJV verses from a tiny folder of book files: lemmas, headers, ranges, stats.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { BOOKS } from '../../sources/books.ts';
import { readGill, words } from './gill-commentary.ts';
import { kjvGrid } from './kjv-grid.ts';
import type { ChapterVerseTable } from './types.ts';

const dir = mkdtempSync(join(tmpdir(), 'gill-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Genesis 1-2, Song of Solomon 1-2 and John 1, shortened; every other book has no chapters.
const TABLE: ChapterVerseTable = BOOKS.map(() => []);
TABLE[0] = [3, 4];
TABLE[21] = [3, 2];
TABLE[42] = [4];

const KJV = new Map<number, string>([
  [1_001_001, 'In the beginning God created the heaven and the earth.'],
  [1_001_002, 'And the earth was without form, and void; and darkness was upon the face of the deep.'],
  [1_001_003, 'And God said, Let there be light: and there was light.'],
  [1_002_001, 'Thus the heavens and the earth were finished, and all the host of them.'],
  [1_002_002, 'And on the seventh day God ended his work which he had made; and he rested on the seventh day.'],
  [
    1_002_003,
    'And God blessed the seventh day, and sanctified it: because that in it he had rested from all his work.',
  ],
  [1_002_004, 'These are the generations of the heavens and of the earth when they were created,'],
  [43_001_001, 'In the beginning was the Word, and the Word was with God, and the Word was God.'],
  [43_001_002, 'The same was in the beginning with God.'],
  [43_001_003, 'All things were made by him; and without him was not any thing made that was made.'],
  [43_001_004, 'In him was life; and the life was the light of men.'],
]);

let entryCount = 0;
function bookFile(name: string, book: number, entries: [chapter: number, range: string, text: string][]): void {
  const data = entries.map(([chapter, verseRange, commentary]) => ({
    entry_id: `john-gill.${book}.${chapter}.${verseRange}`,
    book_number: book,
    chapter,
    verse_range: verseRange,
    verse_text: 'BSB text, not read',
    commentary_text: commentary,
  }));
  entryCount += data.length;
  writeFileSync(join(dir, name), JSON.stringify({ meta: { id: 'john-gill', license: 'cc0-1.0' }, data }));
}

const GEN_2_1 = 'Thus the heavens and the earth were finished,.... The heavens with all in them.';
const GEN_2_2 = 'And on the seventh day God ended his work,.... Not that he was weary.';
const JOHN_1_1 = 'In the beginning was the word,.... Said of the essential Word of God.';

bookFile('genesis.json', 1, [
  [1, '1', 'In the beginning God created the heaven and the earth,.... That is, at the first.'],
  // Keyed one verse early: the lemma quotes verse 3.
  [1, '2', 'And God said, let there be light,.... Keyed one verse early by the source.'],
  // A chapter introduction, then the verse 1 comment, then a stray header gluing in the comment on verse 2.
  [
    2,
    '1',
    `INTRODUCTION TO GENESIS 2\nThis chapter gives an account of the finishing of creation.\n\n${GEN_2_1}\n. \n` +
      `Genesis 2:2\n\ngen 2:2\ngen 2:2\ngen 2:2${GEN_2_2}`,
  ],
  // Two lemmas in one entry, a repeated paragraph, mojibake and the page's "Next:" link.
  [
    2,
    '3',
    'And God blessed the seventh day,.... Because he rested; the word used is ElohimÃ¶, and â€œholyâ€\u009d it.\n\n' +
      'These are the generations of the heavens,.... The history.\n\n' +
      'These are the generations of the heavens,.... The history.\n\nNext: Genesis 3\n',
  ],
]);
bookFile('song-of-solomon.json', 22, [
  [1, '1-3', 'INTRODUCTION TO SONG OF SOLOMON 1\nThis chapter begins the song.'],
  [2, '1-2', 'INTRODUCTION TO SONG OF SOLOMON 2\nThe church speaks.'],
]);
bookFile('john.json', 43, [
  [1, '1-2', JOHN_1_1],
  [1, '3', 'Whereof the prophet speaks obscurely,.... A lemma that quotes no verse.'],
  [1, '4', 'In him was life,.... The life of all things.'],
]);
// The manifest and other files are not book files.
writeFileSync(join(dir, '_manifest.json'), JSON.stringify({ books: [] }));
writeFileSync(join(dir, 'README.txt'), 'not JSON');

const gill = readGill(dir, kjvGrid(TABLE), (id) => KJV.get(id) ?? '');

describe('readGill', () => {
  it('places each block on the verse its lemma quotes, and joins blocks on one verse', () => {
    expect([...gill.byVerse]).toEqual([
      [1_001_001, 'In the beginning God created the heaven and the earth,.... That is, at the first.'],
      [1_001_003, 'And God said, let there be light,.... Keyed one verse early by the source.'],
      [
        1_002_001,
        `INTRODUCTION TO GENESIS 2\nThis chapter gives an account of the finishing of creation.\n\n${GEN_2_1}`,
      ],
      [1_002_002, GEN_2_2],
      [1_002_003, 'And God blessed the seventh day,.... Because he rested; the word used is Elohim, and "holy" it.'],
      [1_002_004, 'These are the generations of the heavens,.... The history.'],
      [43_001_001, JOHN_1_1],
      [43_001_002, JOHN_1_1],
      [43_001_003, 'Whereof the prophet speaks obscurely,.... A lemma that quotes no verse.'],
      [43_001_004, 'In him was life,.... The life of all things.'],
    ]);
  });

  it('keeps introduction-only books out, and lists the books without a file', () => {
    expect(gill.introductionOnlyBooks).toEqual([22]);
    expect(gill.missingBooks).toEqual(BOOKS.map((b) => b.number).filter((n) => ![1, 22, 43].includes(n)));
    expect(gill.missingBooks).toContain(19);
  });

  it('counts entries, blocks, moves, unmatched lemmas, headers, introductions and uncovered verses', () => {
    expect(entryCount).toBe(9);
    expect(gill.stats).toEqual({
      entries: 9,
      blocks: 10,
      moved: 1,
      unmatched: 1,
      byHeader: 1,
      introductions: 1,
      versesWithout: 1,
    });
  });
});

describe('words', () => {
  it('lower-cases, splits on non-letters, reads "unto" as "to" and drops a final s from longer words', () => {
    expect(words("Upwards, unto the Heavens; was it Gill's?")).toEqual([
      'upward',
      'to',
      'the',
      'heaven',
      'was',
      'it',
      'gill',
      's',
    ]);
    expect(words('  ,.... ')).toEqual([]);
  });

  it('gives only lower-case letter words', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        for (const w of words(text)) expect(w).toMatch(/^[a-z]+$/);
      }),
    );
  });
});
