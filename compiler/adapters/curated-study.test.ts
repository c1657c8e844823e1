// The curated study-list readers on hand-written TSV and JSON: ids, section folding, joins and their errors.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  osisVerseIds,
  readBookInfo,
  readGenres,
  readParables,
  readProphecies,
  readSections,
  readTsv,
  readWebWordsOfJesus,
} from './curated-study.ts';
import { kjvGrid } from './kjv-grid.ts';

const dir = mkdtempSync(join(tmpdir(), 'curated-study-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function fixture(text: string): string {
  const path = join(dir, `curated-${++files}`);
  writeFileSync(path, text);
  return path;
}

/** TSV text from rows of cells (the curated files are never quoted). */
const tsv = (rows: string[][]) => `${rows.map((r) => r.join('\t')).join('\n')}\n`;

/** KJV verse counts for the chapters the fixtures cite; every other book is empty. */
function kjvTable(chapters: Record<number, number[]>): number[][] {
  return Array.from({ length: 66 }, (_, b) => chapters[b + 1] ?? []);
}

const grid = kjvGrid(kjvTable({ 1: [31, 25, 24], 19: [6], 40: [25], 48: [24, 21, 29, 31], 64: [14] }));

describe('readTsv', () => {
  it('keys each row by the header, drops CRs and blank lines, and fills short rows with empty cells', () => {
    const path = fixture('n\ttitle\tnote\r\n1\tThe "Sower"\tx\r\n\r\n2\tThe Lamp\r\n');
    expect(readTsv(path)).toEqual([
      { n: '1', title: 'The "Sower"', note: 'x' },
      { n: '2', title: 'The Lamp', note: '' },
    ]);
    expect(readTsv(fixture('n\ttitle\n'))).toEqual([]);
  });
});

describe('readParables', () => {
  it('reads the title -> citations object as it is', () => {
    const path = fixture('{"The Sower": ["Matthew 13:3-8", "Mark 4:3-8", "Luke 8:5-8"], "The Lamp": ["Mark 4:21-22"]}');
    expect(readParables(path)).toEqual({
      'The Sower': ['Matthew 13:3-8', 'Mark 4:3-8', 'Luke 8:5-8'],
      'The Lamp': ['Mark 4:21-22'],
    });
  });
});

describe('osisVerseIds', () => {
  it('expands verses, ranges across chapters and bare chapters, in order and without repeats', () => {
    expect(osisVerseIds('Gal.4.4-Gal.4.5 Matt.1.18', grid)).toEqual([48004004, 48004005, 40001018]);
    expect(osisVerseIds('Gen.1.30-Gen.2.2  Gen.2.1', grid)).toEqual([1001030, 1001031, 1002001, 1002002]);
    expect(osisVerseIds('Ps.1', grid)).toEqual([19001001, 19001002, 19001003, 19001004, 19001005, 19001006]);
    expect(osisVerseIds('Gen.2-Gen.3.2', grid)).toEqual([
      ...Array.from({ length: 25 }, (_, i) => 1002001 + i),
      1003001,
      1003002,
    ]);
    expect(osisVerseIds('', grid)).toEqual([]);
  });

  it('rejects an unknown book and a verse or chapter outside the KJV', () => {
    expect(() => osisVerseIds('Matt.1.1 Genesis.1.1', grid)).toThrow('unknown OSIS book in Genesis.1.1');
    expect(() => osisVerseIds('Gen.1.32', grid)).toThrow('Gen.1.32 is not a KJV verse');
    expect(() => osisVerseIds('Gen.1.1-Gen.1.32', grid)).toThrow('Gen.1.1-Gen.1.32 is not a KJV verse');
    expect(() => osisVerseIds('Gen.4', grid)).toThrow('Gen.4 is not a KJV verse');
  });
});

describe('readProphecies', () => {
  const prophecies = tsv([
    ['n', 'ot_refs', 'prophecy', 'nt_refs'],
    ['1', 'Gen 3:15 ', ' Seed of a woman (virgin birth)', 'Gal 4:4-5; Matt 1:18'],
    ['2', 'Psa 1', 'The blessed man', ' Matt 1:1'],
  ]);

  it('joins each printed row to its OSIS row by n and expands both sides to verse ids', () => {
    const osis = tsv([
      ['n', 'ot_osis', 'nt_osis'],
      ['2', 'Ps.1', 'Matt.1.1'],
      ['1', 'Gen.3.15', 'Gal.4.4-Gal.4.5 Matt.1.18'],
    ]);
    expect(readProphecies(fixture(prophecies), fixture(osis), grid)).toEqual([
      {
        n: 1,
        ot: 'Gen 3:15',
        prophecy: 'Seed of a woman (virgin birth)',
        nt: 'Gal 4:4-5; Matt 1:18',
        otVerseIds: [1003015],
        ntVerseIds: [48004004, 48004005, 40001018],
      },
      {
        n: 2,
        ot: 'Psa 1',
        prophecy: 'The blessed man',
        nt: 'Matt 1:1',
        otVerseIds: [19001001, 19001002, 19001003, 19001004, 19001005, 19001006],
        ntVerseIds: [40001001],
      },
    ]);
  });

  it('rejects a printed row without an OSIS row', () => {
    const osisPath = fixture(
      tsv([
        ['n', 'ot_osis', 'nt_osis'],
        ['1', 'Gen.3.15', 'Gal.4.4'],
      ]),
    );
    expect(() => readProphecies(fixture(prophecies), osisPath, grid)).toThrow(`${osisPath}: no row 2`);
  });
});

describe('readSections', () => {
  const HEADER = [
    'book_order',
    'book_code',
    'book_heading',
    'level',
    'start',
    'end',
    'start_partial',
    'end_partial',
    'title',
    'related_refs',
    'note',
  ];

  it('keeps level-1 headings with KJV ids and related passages; folds a verse the KJV lacks onto its last', () => {
    const path = fixture(
      tsv([
        HEADER,
        ['1', 'GEN', 'Genesis', '1', '1:1', '1:31', '0', '0', 'The Creation', 'John 1:1–5; Hebrews 11:1—3', ''],
        ['1', 'GEN', 'Genesis', '2', '1:1', '1:5', '0', '0', 'The First Day', '', ''],
        ['1', 'GEN', 'Genesis', '1', '2:1', '2:3', '0', '0', ' The Seventh Day ', '', ''],
        ['19', 'PSA', 'Psalms', '0', '1:1', '1:6', '0', '0', 'BOOK I', '', 'Psalms 1–41'],
        ['19', 'PSA', 'Psalms', '1', '1:1', '1:6', '0', '0', 'The Two Paths', '', ''],
        ['64', '3JN', '3 John', '1', '1:13', '1:15', '0', '0', 'Farewell', '', ''],
      ]),
    );
    expect(readSections(path, grid)).toEqual({
      sections: [
        { book: 1, start: 1001001, end: 1001031, title: 'The Creation', related: ['John 1:1-5', 'Hebrews 11:1-3'] },
        { book: 1, start: 1002001, end: 1002003, title: 'The Seventh Day', related: [] },
        { book: 19, start: 19001001, end: 19001006, title: 'The Two Paths', related: [] },
        { book: 64, start: 64001013, end: 64001014, title: 'Farewell', related: [] },
      ],
      folded: ['3JN 1:15 -> 1:14'],
    });
  });

  it('rejects an unknown book code and a chapter outside the KJV', () => {
    const book = fixture(tsv([HEADER, ['1', 'GEM', 'Genesis', '1', '1:1', '1:31', '0', '0', 'The Creation', '', '']]));
    expect(() => readSections(book, grid)).toThrow(`${book}: unknown book GEM`);
    const chapter = fixture(tsv([HEADER, ['1', 'GEN', 'Genesis', '1', '3:1', '4:2', '0', '0', 'The Fall', '', '']]));
    expect(() => readSections(chapter, grid)).toThrow(`${chapter}: GEN 4:2 is outside the KJV`);
  });
});

describe('readBookInfo', () => {
  const book = (n: number) => ({
    book_order: n,
    usfm: n === 1 ? 'GEN' : `B${n}`,
    name: n === 1 ? 'Genesis' : `Book ${n}`,
    traditional_writers: ['Moses'],
    theographic_year_written: ['-1400'],
    easton_entry: 'Genesis',
    easton_text_items: ['The first book of the Bible.'],
    chapters: 50,
  });

  it('reads the 66 book records as they are', () => {
    const books = Array.from({ length: 66 }, (_, i) => book(i + 1));
    const read = readBookInfo(fixture(JSON.stringify(books)));
    expect(read).toHaveLength(66);
    expect(read[0]).toEqual(book(1));
    expect(read[65]).toEqual(book(66));
  });

  it('rejects a file that does not hold exactly 66 books', () => {
    const path = fixture(JSON.stringify([book(1), book(2)]));
    expect(() => readBookInfo(path)).toThrow(`${path}: expected 66 books, found 2`);
  });
});

describe('readGenres', () => {
  it('returns both run lists and each book row with its coarse genre and division', () => {
    const law = {
      genre: 'Law',
      startingBookId: '01',
      endingBookId: '05',
      startingVerseId: '01001001',
      endingVerseId: '05034012',
      testament: 'OT',
    };
    const pentateuch = { ...law, genre: 'Pentateuch' };
    const rangesPath = fixture(
      JSON.stringify({ note: 'contiguous runs', theographic_bookDiv_runs: [pentateuch], coarse_genre_runs: [law] }),
    );
    const booksPath = fixture(
      tsv([
        [
          'book_order',
          'osis',
          'name',
          'testament',
          'theographic_bookDiv',
          'coarse_genre',
          'last_chapter',
          'last_chapter_verses',
        ],
        ['1', 'Gen', 'Genesis', 'OT', 'Pentateuch', 'Law', '50', '26'],
        ['25', 'Lam', 'Lamentations', 'OT', 'Poetry-Wisdom', 'Prophecy', '5', '22'],
      ]),
    );
    expect(readGenres(rangesPath, booksPath)).toEqual({
      coarse: [law],
      divisions: [pentateuch],
      books: [
        { book: 1, coarse: 'Law', division: 'Pentateuch' },
        { book: 25, coarse: 'Prophecy', division: 'Poetry-Wisdom' },
      ],
    });
  });
});

describe('readWebWordsOfJesus', () => {
  const HEADER = ['book_code', 'chapter', 'verse', 'coverage', 'wj_letters', 'verse_letters'];

  it('turns each row into a verse id', () => {
    const path = fixture(
      tsv([
        HEADER,
        ['MAT', '3', '15', '0.85', '75', '88'],
        ['JHN', '3', '16', '1.000', '110', '110'],
        ['REV', '22', '20', '0.4', '20', '50'],
      ]),
    );
    expect(readWebWordsOfJesus(path)).toEqual([40003015, 43003016, 66022020]);
  });

  it('rejects an unknown book code', () => {
    const path = fixture(
      tsv([HEADER, ['MAT', '3', '15', '0.85', '75', '88'], ['JOH', '3', '16', '1.000', '110', '110']]),
    );
    expect(() => readWebWordsOfJesus(path)).toThrow(`${path}: unknown book JOH`);
  });
});
