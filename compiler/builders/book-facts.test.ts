// The counted book facts on small inline records: language share, person names, key verses, linked
// books, themes and the outline.
import { describe, expect, it } from 'vitest';
import type { OshbVerse, OshbWord } from '../adapters/oshb.ts';
import type { StrongsEntry } from '../adapters/strongs.ts';
import type { TagntWord } from '../adapters/tagnt.ts';
import {
  aramaicShare,
  connectionSentence,
  hebrewStrongs,
  keyVerses,
  linkedBooks,
  originalLanguage,
  personCounts,
  personName,
  personNames,
  rangeText,
  structure,
  themes,
  topNames,
} from './book-facts.ts';

const word = (lemma: string, morph = 'HNcmsa'): OshbWord => ({
  form: '',
  segments: '',
  lemma,
  morph,
  sourceId: '',
  maqqef: false,
  paseq: false,
  sofPasuq: false,
  notes: [],
});
const verse = (book: number, words: OshbWord[]): OshbVerse => ({ book, chapter: 1, verse: 1, words });
const entry = (e: Partial<StrongsEntry> & Pick<StrongsEntry, 'id' | 'number'>): StrongsEntry => ({
  language: 'hebrew',
  word: '',
  translit: '',
  pronunciation: '',
  pos: '',
  derivation: '',
  definition: '',
  kjvUsage: '',
  roots: [],
  unused: false,
  ...e,
});
const greekWord = (book: number, strongs: number[]) => ({ book, strongs, subscription: false }) as TagntWord;

describe('original language', () => {
  it('counts the words the morphology marks Aramaic', () => {
    const verses = [verse(27, [word('1', 'ANcmsa'), word('2', 'HNcmsa'), word('3', 'AVqp3ms'), word('4')])];
    expect(aramaicShare(verses)).toBe(0.5);
    expect(aramaicShare([])).toBe(0);
    expect(originalLanguage('OT', 0.5)).toBe('Hebrew and Aramaic');
    expect(originalLanguage('OT', 0.0007)).toBe('Hebrew');
    expect(originalLanguage('NT', 0)).toBe('Greek');
  });
  it("reads the Strong's numbers of an OSHB lemma", () => {
    expect(hebrewStrongs('b/7225')).toEqual([7225]);
    expect(hebrewStrongs('1254 a')).toEqual([1254]);
    expect(hebrewStrongs('c/d')).toEqual([]);
  });
});

describe('major characters', () => {
  const abraham = entry({
    id: 'H85',
    number: 85,
    pos: 'n-pr-m',
    definition: 'Abraham, the later name of Abram',
    kjvUsage: 'Abraham',
  });
  const jehovah = entry({
    id: 'H3068',
    number: 3068,
    pos: 'n-pr',
    definition: 'Jehovah, Jewish national name of God',
    kjvUsage: 'Jehovah, the Lord',
  });
  const zion = entry({
    id: 'H6726',
    number: 6726,
    pos: 'n-pr-loc',
    definition: 'a mountain of Jerusalem',
    kjvUsage: 'Zion',
  });
  const judah = entry({
    id: 'H3063',
    number: 3063,
    pos: 'n-pr-m',
    definition: 'the name of five Israelites; also of the tribe',
    kjvUsage: 'Judah',
  });
  const joseph = entry({
    id: 'H3130',
    number: 3130,
    pos: 'n-pr-m',
    definition: 'Joseph, the name of seven Israelites',
    kjvUsage: 'Joseph. Compare H3084',
  });
  const aramaicDaniel = entry({
    id: 'H1841',
    number: 1841,
    language: 'aramaic',
    pos: 'n-pr-m',
    roots: ['H3063'],
    kjvUsage: 'Daniel',
  });

  it('takes persons only, by part of speech and definition, with their KJV name', () => {
    expect(personName(abraham)).toBe('Abraham');
    expect(personName(joseph)).toBe('Joseph');
    expect(personName(jehovah)).toBeUndefined();
    expect(personName(zion)).toBeUndefined();
    expect(personName(judah)).toBeUndefined();
    // An Aramaic entry without a definition is read with the definition of the entry it corresponds to.
    expect(personNames([judah, aramaicDaniel]).get(1841)).toBeUndefined();
  });

  it('reads Greek persons by a capitalised lemma and a definition that says who', () => {
    const greek = (number: number, word: string, definition: string, kjvUsage: string) =>
      personName(entry({ id: `G${number}`, number, language: 'greek', word, definition, kjvUsage }));
    expect(
      greek(2424, 'Ἰησοῦς', 'Jesus (i.e. Jehoshua), the name of our Lord and two (three) other Israelites', 'Jesus'),
    ).toBe('Jesus');
    expect(greek(4074, 'Πέτρος', 'a (piece of) rock; as a name, Petrus, an apostle', 'Peter, rock')).toBe('Peter');
    expect(greek(5547, 'Χριστός', 'anointed, i.e. the Messiah, an epithet of Jesus', 'Christ')).toBeUndefined();
    expect(greek(5546, 'Χριστιανός', 'a Christian, i.e. follower of Christ', 'Christian')).toBeUndefined();
    expect(greek(2419, 'Ἱερουσαλήμ', 'Hierusalem, the capitol of Palestine', 'Jerusalem')).toBeUndefined();
    expect(greek(26, 'ἀγάπη', 'love, i.e. affection', 'love')).toBeUndefined();
  });

  it('counts names per book in the original words, most frequent first', () => {
    const counts = personCounts(
      [[verse(1, [word('85'), word('c/85'), word('3130'), word('3068')])]],
      [greekWord(40, [85]), greekWord(40, [85, 2])],
      [abraham, joseph, jehovah],
      [
        entry({
          id: 'G85',
          number: 85,
          language: 'greek',
          word: 'Ἀβραάμ',
          definition: 'Abraham, the Hebrew patriarch',
          kjvUsage: 'Abraham',
        }),
      ],
    );
    expect([...counts[0]]).toEqual([
      ['Abraham', 2],
      ['Joseph', 1],
    ]);
    expect(counts[39].get('Abraham')).toBe(2);
    expect(
      topNames(
        new Map([
          ['B', 2],
          ['A', 2],
          ['C', 5],
        ]),
        2,
      ),
    ).toEqual(['C', 'A']);
  });
});

describe('cross references', () => {
  const refs = [
    { from: 45_005_008, start: 43_003_016, end: 0, votes: 290 },
    { from: 62_004_009, start: 43_003_016, end: 43_003_017, votes: 100 },
    { from: 43_001_001, start: 43_003_016, end: 0, votes: 999 }, // inside the book: not counted
    { from: 1_001_001, start: 43_001_001, end: 0, votes: 300 },
    { from: 43_001_003, start: 1_001_001, end: 0, votes: 50 },
    { from: 43_001_004, start: 62_001_001, end: 0, votes: 50 },
    { from: 43_001_005, start: 62_001_002, end: 0, votes: 10 },
  ];
  it('key verses: the verses with most votes from other books', () => {
    const key = keyVerses(refs, 5);
    expect(key[42]).toEqual([43_003_016, 43_001_001]);
    expect(key[0]).toEqual([1_001_001]);
  });
  it('linked books: by votes, then links', () => {
    const linked = linkedBooks(refs, 8)[42];
    expect(linked).toEqual([
      { book: 62, votes: 60, links: 2 },
      { book: 1, votes: 50, links: 1 },
    ]);
    const names = Array.from({ length: 66 }, (_, i) => `B${i + 1}`);
    names[0] = 'Genesis';
    names[61] = '1 John';
    expect(connectionSentence('John', linked, names)).toBe(
      'Most linked from John by OpenBible.info cross-reference votes: 1 John (60 votes, 2 links), Genesis (50 votes, 1 links).',
    );
    expect(connectionSentence('Obadiah', [], names)).toBe('');
  });
});

describe('themes and structure', () => {
  it('ranks topics by how much their verses lean to the book', () => {
    const versesPerBook = Array.from({ length: 66 }, () => 100);
    const topics = [
      { topic: 'love', verseIds: new Set([62_001_001, 62_001_002, 62_001_003, 1_001_001]) },
      { topic: 'war', verseIds: new Set([62_001_001, 62_001_002, 1_001_001, 1_001_002, 2_001_001, 3_001_001]) },
      { topic: 'once', verseIds: new Set([62_001_001]) },
    ];
    expect(themes(topics, versesPerBook, 8)[61]).toEqual(['love', 'war']);
    expect(themes(topics, versesPerBook, 1)[61]).toEqual(['love']);
    expect(themes(topics, versesPerBook, 8)[4]).toEqual([]);
  });
  it('outlines the top headings with their ranges', () => {
    expect(rangeText(1_001_001, 1_001_031)).toBe('1:1–31');
    expect(rangeText(1_001_001, 1_002_003)).toBe('1:1–2:3');
    expect(rangeText(1_003_005, 1_003_005)).toBe('3:5');
    const s = (title: string, start: number, end: number) => ({ book: 19, start, end, title, related: [] });
    expect(structure([], [s('The Two Paths', 19_001_001, 19_001_006)])).toBe('The Two Paths (1:1–6)');
    expect(structure([s('BOOK I', 19_001_001, 19_041_013)], [s('x', 19_001_001, 19_001_006)])).toBe(
      'BOOK I (1:1–41:13)',
    );
  });
});
