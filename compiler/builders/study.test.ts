// The study builder on tiny curated lists: genres, parables, stories, prophecies, words of Jesus and book facts.
import { afterAll, describe, expect, it } from 'vitest';
import { BOOKS } from '../../sources/books.ts';
import { chapterTable, fixtureContext, removeFixtures, swordZip } from '../../test/compiler/fixture-context.ts';
import { studyBuilder } from './study.ts';

afterAll(removeFixtures);

// Genesis 1:1-3 and 2:1-2 are ordinals 0-4, Isaiah 1:1-2 are 5-6, Matthew 1:1-3 are 7-9.
const CHAPTERS = { 1: [3, 2], 23: [2], 40: [3] };
const NAMES: Record<number, string> = { 1: 'Genesis', 23: 'Isaiah', 40: 'Matthew' };
const id = (n: number) => String(n).padStart(2, '0');

const tsv = (rows: string[][]) => `${rows.map((r) => r.join('\t')).join('\n')}\n`;

const BOOK_INFO: Record<number, object> = {
  1: {
    traditional_writers: ['moses_2108'],
    easton_text_items: [
      'The name Genesis is derived from the Greek. It means “origin”. It was written by Moses about B.C. 1491.\n\n' +
        'It tells of   the creation.',
    ],
  },
  23: {
    traditional_writers: ['isaiah_1', 'king_hezekiah_4,isaiah_1', 'baruch_9'],
    theographic_year_written: ['-700', '-681'],
    easton_text_items: ['Isaiah prophesied in Judah.'],
  },
};

const FILES = {
  'names-scrollmapper/key_english.csv': `"field","field","field","field"\n${BOOKS.map(
    (b) => `"${b.number}","${NAMES[b.number] ?? `Book ${b.number}`}","${b.testament}","1"`,
  ).join('\n')}\n`,
  'names-scrollmapper/key_genre_english.csv': '"field","field"\n"1","Law"\n',
  'names-scrollmapper/key_abbreviations_english.csv': '"field","field","field","field"\n',
  'theographic-genres/genre_ranges.json': JSON.stringify({
    coarse_genre_runs: [
      ['Law', '01', '01', '01001001', '01002002', 'Old Testament'],
      ['Gospels', '40', '40', '40001001', '40001003', 'New Testament'],
    ].map(([genre, startingBookId, endingBookId, startingVerseId, endingVerseId, testament]) => ({
      genre,
      startingBookId,
      endingBookId,
      startingVerseId,
      endingVerseId,
      testament,
    })),
    theographic_bookDiv_runs: [],
  }),
  'theographic-genres/book_genres.tsv': tsv([
    ['book_order', 'osis', 'coarse_genre', 'theographic_bookDiv'],
    ['1', 'Gen', 'Law', 'Pentateuch'],
    ['23', 'Isa', 'Prophecy', 'Major Prophets'],
    ['40', 'Matt', 'Gospels', 'Gospels'],
  ]),
  parables: JSON.stringify({ 'The Sower': ['Matthew 1:2-3', 'Genesis 1:1'], 'The Seed': ['Genesis 2:1'] }),
  'bsb-headings': tsv([
    ['book_order', 'book_code', 'level', 'start', 'end', 'title', 'related_refs'],
    ['1', 'GEN', '1', '1:1', '1:3', 'The Creation ', 'John 1:1–5; Hebrews 11:1–3'],
    ['1', 'GEN', '2', '1:2', '1:2', 'The Second Day', ''],
    // The BSB numbers a Genesis 2:3 this grid lacks: the end folds onto 2:2.
    ['1', 'GEN', '1', '1:3', '2:3', 'The Garden', ''],
    ['40', 'MAT', '1', '1:1', '1:3', 'Genealogy', 'Luke 3:23–38; Ruth 4:18–22; 1 Chronicles 1:34; 2:1–15'],
  ]),
  'prophecies-351/prophecies-351.tsv': tsv([
    ['n', 'ot_refs', 'prophecy', 'nt_refs'],
    ['1', 'Gen 1:2 ', 'Seed ', 'Matt 1:1-2'],
    ['2', 'Isa 1', 'Virgin birth', 'Matt 1:3'],
  ]),
  'prophecies-351/prophecies-351.osis.tsv': tsv([
    ['n', 'ot_osis', 'nt_osis'],
    ['2', 'Isa.1', 'Matt.1.3 Matt.1.3'],
    ['1', 'Gen.1.2', 'Matt.1.1-Matt.1.2'],
  ]),
  kjv: swordZip(chapterTable(CHAPTERS), {
    1001001: '<q who="God">Let there be light</q>',
    40001001: 'The book.',
    40001002: '<q marker="" who="Jesus">Follow me.</q>',
    40001003: 'He said, <q who="Jesus" marker="">Come.</q>',
  }),
  'web-words-of-jesus': tsv([
    ['book_code', 'chapter', 'verse', 'coverage'],
    ['MAT', '1', '2', 'full'],
    ['MAT', '1', '1', 'partial'],
  ]),
  'theographic-books': JSON.stringify(
    BOOKS.map((b) => ({
      book_order: b.number,
      usfm: b.usfm,
      name: NAMES[b.number] ?? `Book ${b.number}`,
      traditional_writers: [],
      theographic_year_written: [],
      easton_entry: '',
      easton_text_items: [],
      chapters: CHAPTERS[b.number as keyof typeof CHAPTERS]?.length ?? 0,
      ...BOOK_INFO[b.number],
    })),
  ),
};

describe('studyBuilder', () => {
  const { ctx, logs } = fixtureContext({ files: FILES, chapters: CHAPTERS });
  const packs = studyBuilder.build(ctx);
  const data = (name: string) => packs[0].sections[name];

  it('builds the study pack from the seven curated datasets', () => {
    expect(packs.map((p) => [p.name, p.datasets])).toEqual([
      [
        'study',
        [
          'theographic-genres',
          'parables',
          'bsb-headings',
          'prophecies-351',
          'kjv',
          'web-words-of-jesus',
          'theographic-books',
        ],
      ],
    ]);
    expect(Object.keys(packs[0].sections)).toEqual([
      'genres',
      'parables',
      'stories',
      'prophecies',
      'wordsOfJesus',
      'wordsOfJesusCheck',
      'bookInfo',
    ]);
  });

  it('keeps the coarse genre runs with their testament, and orders parables by their first citation', () => {
    expect(data('genres')).toEqual({
      kind: 'json',
      data: [
        {
          genre: 'Law',
          startingBookId: '01',
          endingBookId: '01',
          startingVerseId: '01001001',
          endingVerseId: '01002002',
          testament: 'OT',
        },
        {
          genre: 'Gospels',
          startingBookId: '40',
          endingBookId: '40',
          startingVerseId: '40001001',
          endingVerseId: '40001003',
          testament: 'NT',
        },
      ],
    });
    expect(data('parables')).toEqual({
      kind: 'json',
      data: { 'The Seed': ['Genesis 2:1'], 'The Sower': ['Matthew 1:2-3', 'Genesis 1:1'] },
    });
    expect(Object.keys(data('parables').data as object)).toEqual(['The Seed', 'The Sower']);
  });

  it('makes a story of each level-1 heading, with its verses cited and up to three related references', () => {
    expect(data('stories')).toEqual({
      kind: 'json',
      data: [
        {
          id: '1',
          verse_id: '1001001',
          story: 'The Creation',
          verses_1: 'Genesis 1:1-3',
          verses_2: 'John 1:1-5',
          verses_3: 'Hebrews 11:1-3',
          verses_4: '',
        },
        {
          id: '2',
          verse_id: '1001003',
          story: 'The Garden',
          verses_1: 'Genesis 1:3-2:2',
          verses_2: '',
          verses_3: '',
          verses_4: '',
        },
        {
          id: '3',
          verse_id: '40001001',
          story: 'Genealogy',
          verses_1: 'Matthew 1:1-3',
          verses_2: 'Luke 3:23-38',
          verses_3: 'Ruth 4:18-22',
          verses_4: '1 Chronicles 1:34; 2:1-15',
        },
      ],
    });
  });

  it('gives each prophecy its trimmed references and their KJV verse ids, a bare chapter as all its verses', () => {
    expect(data('prophecies')).toEqual({
      kind: 'json',
      data: [
        {
          n: 1,
          ot: 'Gen 1:2',
          prophecy: 'Seed',
          nt: 'Matt 1:1-2',
          otVerseIds: [1001002],
          ntVerseIds: [40001001, 40001002],
        },
        {
          n: 2,
          ot: 'Isa 1',
          prophecy: 'Virgin birth',
          nt: 'Matt 1:3',
          otVerseIds: [23001001, 23001002],
          ntVerseIds: [40001003],
        },
      ],
    });
  });

  it("finds the KJV's red-letter verses in the raw module and checks them against the WEB's", () => {
    expect(data('wordsOfJesus')).toEqual({ kind: 'u32', data: [40001002, 40001003] });
    expect(data('wordsOfJesusCheck')).toEqual({
      kind: 'json',
      data: { kjv: 2, web: 2, onlyKjv: [40001003], onlyWeb: [40001001] },
    });
  });

  it('draws author, date and name origin from the structured fields, else from sentences of the article', () => {
    const empty = { introduction: '', introduction_long: '', author: '', date: '', word_origin: '', genre: '' };
    const bookInfo = BOOKS.map((b) => ({ bookId: id(b.number), chapterCount: 0, ...empty }));
    bookInfo[0] = {
      bookId: '01',
      chapterCount: 2,
      introduction:
        'The name Genesis is derived from the Greek. It means “origin”. It was written by Moses about B.C. 1491.',
      introduction_long:
        'The name Genesis is derived from the Greek. It means “origin”. It was written by Moses about B.C. 1491.\n\n' +
        'It tells of the creation.',
      author: 'Moses',
      date: 'It was written by Moses about B.C. 1491.',
      // The sentence naming the book's language, and the meaning that follows it.
      word_origin: 'The name Genesis is derived from the Greek. It means “origin”.',
      genre: 'Law',
    };
    bookInfo[22] = {
      bookId: '23',
      chapterCount: 1,
      introduction: 'Isaiah prophesied in Judah.',
      introduction_long: 'Isaiah prophesied in Judah.',
      author: 'Isaiah, King Hezekiah and Baruch',
      date: '-700; -681',
      word_origin: '',
      genre: 'Prophecy',
    };
    bookInfo[39] = { ...bookInfo[39], chapterCount: 1, genre: 'Gospels' };
    expect(data('bookInfo')).toEqual({ kind: 'json', data: bookInfo });
  });

  it('logs the counts, the folded story ends and the books lacking a date or name origin', () => {
    const without = (except: number[]) =>
      BOOKS.filter((b) => !except.includes(b.number))
        .map((b) => id(b.number))
        .join(' ');
    expect(logs).toEqual([
      '  2 genre runs, 2 parables, 3 stories (1 ends folded), 2 prophecies, ' +
        '2 red-letter verses (KJV only 1, WEB only 1); ' +
        `book info without date: ${without([1, 23])}, without name origin: ${without([1])}`,
    ]);
  });

  it('refuses book data whose chapter count differs from the KJV', () => {
    const books = JSON.parse(FILES['theographic-books']) as { chapters: number }[];
    books[39].chapters = 28;
    const { ctx: wrong } = fixtureContext({
      files: { ...FILES, 'theographic-books': JSON.stringify(books) },
      chapters: CHAPTERS,
    });
    expect(() => studyBuilder.build(wrong)).toThrow('MAT: 28 chapters in the book data, 1 in the KJV');
  });
});
