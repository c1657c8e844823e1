// Study tools on the real compiled packs: known facts, the shape of every answer, and the documented rules.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusRoot } from '../../compiler/build.ts';
import { bible, callError } from '../helpers.ts';

/** The live book-info record's 23 keys and JSON types, as a Swift Codable struct declares them. */
const BOOK_INFO_TYPES: Record<string, 'string' | 'integer' | 'strings' | 'references'> = {
  bookId: 'string',
  chapterCount: 'integer',
  introduction: 'string',
  introduction_long: 'string',
  author: 'string',
  date: 'string',
  word_origin: 'string',
  genre: 'string',
  summary: 'string',
  original_language: 'string',
  original_language_meaning: 'string',
  structure: 'string',
  historical_context: 'string',
  purpose: 'string',
  audience: 'string',
  major_characters: 'strings',
  themes: 'strings',
  key_verses: 'references',
  practical_application: 'string',
  connection_to_other_books: 'string',
  theological_introduction: 'string',
  cross_references: 'strings',
  symbolism: 'strings',
};
const UNSOURCED_FIELDS = [
  'summary',
  'original_language_meaning',
  'historical_context',
  'purpose',
  'audience',
  'practical_application',
  'theological_introduction',
  'symbolism',
];

/** What a strict decoder (Swift's Codable) would fail on: a missing key, a wrong type, an unknown key. */
function decodeBookInfo(value: unknown): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return ['not an object'];
  const record = value as Record<string, unknown>;
  const errors = Object.keys(record)
    .filter((k) => !(k in BOOK_INFO_TYPES))
    .map((k) => `unknown key ${k}`);
  for (const [key, type] of Object.entries(BOOK_INFO_TYPES)) {
    const v = record[key];
    const ok =
      type === 'string'
        ? typeof v === 'string'
        : type === 'integer'
          ? Number.isInteger(v)
          : type === 'strings'
            ? Array.isArray(v) && v.every((s) => typeof s === 'string')
            : Array.isArray(v) &&
              v.every(
                (r) =>
                  typeof r === 'object' &&
                  r !== null &&
                  Object.keys(r).join() === 'reference' &&
                  typeof r.reference === 'string',
              );
    if (!ok) errors.push(key in record ? `${key}: not ${type}` : `missing ${key}`);
  }
  return errors;
}

const exists = async (id: string) => {
  const b = await bible();
  const n = Number(id);
  return b.meta.versification.ordinalOf(Math.floor(n / 1e6), Math.floor(n / 1e3) % 1e3, n % 1e3) >= 0;
};

describe('GetCrossReferences', () => {
  it('John 3:16 lists Romans 5:8 first, strongest first, with valid ids', async () => {
    const b = await bible();
    const rows = (await b.GetCrossReferences({ verseId: '43003016' })) as {
      verseId: string;
      r: string;
      sv: string;
      ev: string;
    }[];
    expect(rows.length).toBeGreaterThan(10);
    expect(rows[0]).toEqual({ verseId: '43003016', r: '290', sv: '45005008', ev: '00000000' });
    for (const [i, row] of rows.entries()) {
      expect(Object.keys(row)).toEqual(['verseId', 'r', 'sv', 'ev']);
      expect(row.r).toMatch(/^\d+$/);
      if (i > 0) expect(Number(row.r)).toBeLessThanOrEqual(Number(rows[i - 1].r));
      expect(await exists(row.sv)).toBe(true);
      if (row.ev !== '00000000') {
        expect(await exists(row.ev)).toBe(true);
        expect(Number(row.ev)).toBeGreaterThan(Number(row.sv));
      }
    }
  });

  it('folds 3 John 1:15 onto 1:14 and drops negative votes', async () => {
    const b = await bible();
    const rows = (await b.GetCrossReferences({ verseId: '64001014' })) as { sv: string }[];
    expect(rows.some((r) => r.sv === '43010003')).toBe(true);
    // Gen 1:1 -> Exod 31:18 has -13 votes in the source.
    const genesis = (await b.GetCrossReferences({ verseId: '01001001' })) as { sv: string; r: string }[];
    expect(genesis.some((r) => r.sv === '02031018')).toBe(false);
  });

  it('holds for any KJV verse: [] or rows sorted by votes, every target a KJV verse', async () => {
    const b = await bible();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 31101 }), async (ordinal) => {
        const id = String(b.meta.versification.idOf(ordinal)).padStart(8, '0');
        const rows = b.callSync('GetCrossReferences', { verseId: id }) as {
          verseId: string;
          r: string;
          sv: string;
          ev: string;
        }[];
        for (let i = 0; i < rows.length; i++) {
          expect(rows[i].verseId).toBe(id);
          if (i > 0) expect(Number(rows[i].r)).toBeLessThanOrEqual(Number(rows[i - 1].r));
          expect(await exists(rows[i].sv)).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a verse the KJV does not have is a bad verseId', async () => {
    const error = await callError('GetCrossReferences', { verseId: '43003099' });
    expect(error.code).toBe('INVALID_PARAMETER');
    expect(error.message).toMatch(/John 3 has 36 verses/);
  });
});

describe('GetCommentary', () => {
  it('Gill on John 3:16 is about "God so loved the world" (re-keyed from 3:15)', async () => {
    const b = await bible();
    const text = await b.GetCommentary({ verseId: '43003016', commentaryName: 'gills' });
    expect(typeof text).toBe('string');
    expect(text).toMatch(/^For God so loved the world,\.\.\.\./);
    expect(await b.GetCommentary({ verseId: '43003017' })).toMatch(/^For God sent not his Son into the world/);
    expect(await b.GetCommentary({ verseId: '43003001' })).toMatch(/^There was a man of the Pharisees/);
    expect(await b.GetCommentary({ verseId: '01001001' })).toMatch(/In the beginning God created/);
  });

  it('strips the stray sacred-texts headers', async () => {
    const b = await bible();
    const text = (await b.GetCommentary({ verseId: '43003025' })) as string;
    expect(text).toMatch(/^Then there arose a question/);
    expect(text).not.toMatch(/joh 3:25/);
  });

  it('a comment on a range applies to each verse of it', async () => {
    const b = await bible();
    // Exodus 38:9-20 is one comment in the source ("And he made the court").
    for (const v of ['02038009', '02038015', '02038020'])
      expect(await b.GetCommentary({ verseId: v })).toMatch(/^And he made the court/);
  });

  it('Psalms and the verses of the Song of Solomon are NOT_AVAILABLE, saying why', async () => {
    const psalm = await callError('GetCommentary', { verseId: '19023001' });
    expect(psalm.code).toBe('NOT_AVAILABLE');
    expect(psalm.message).toMatch(/Psalms/);
    const song = await callError('GetCommentary', { verseId: '22002001' });
    expect(song.code).toBe('NOT_AVAILABLE');
    expect(song.message).toMatch(/only chapter introductions/);
  });

  it('rejects other commentaries and non-KJV verses', async () => {
    expect((await callError('GetCommentary', { verseId: '43003016', commentaryName: 'henry' })).message).toMatch(
      /gills/,
    );
    expect((await callError('GetCommentary', { verseId: '01050027' })).code).toBe('INVALID_PARAMETER');
  });
});

describe('GetDefinitionBiblical', () => {
  it("Smith's has Aaron, matched case-insensitively, link markers cleaned", async () => {
    const b = await bible();
    const aaron = (await b.GetDefinitionBiblical({ query: 'AARON', dictionaryId: 'smiths' })) as {
      word: string;
      definition: string;
    };
    expect(aaron.word).toBe('Aaron');
    expect(aaron.definition).toMatch(/^\(a teacher, or lofty\)/);
    const ararat = (await b.GetDefinitionBiblical({ query: 'aarat' })) as { definition: string };
    expect(ararat.definition).toContain('[Armenia]');
    expect(ararat.definition).not.toMatch(/\[\d+\]/);
  });

  it("Easton's is the second dictionary; variants and unknown words", async () => {
    const b = await bible();
    expect(await b.GetDefinitionBiblical({ query: 'aaron', dictionaryId: 'eastons' })).toMatchObject({ word: 'Aaron' });
    expect(await b.GetDefinitionBiblical({ query: 'Abiah' })).toMatchObject({ word: 'Abia, Abiah, Or Abijah' });
    expect(await b.GetDefinitionBiblical({ query: 'computer' })).toEqual([]);
    expect((await callError('GetDefinitionBiblical', { query: 'aaron', dictionaryId: 'oxford' })).param).toBe(
      'dictionaryId',
    );
  });
});

describe('GetSemanticRelations', () => {
  it('relates KJV words through WordNet, case-insensitively', async () => {
    const b = await bible();
    const faith = (await b.GetSemanticRelations({ word: 'FaItH' })) as { word: string; related: string[] };
    expect(faith.word).toBe('Faith');
    expect(faith.related).toEqual(expect.arrayContaining(['Trust', 'Belief']));
    for (const w of faith.related) expect(w).toMatch(/^[A-Z][a-z]+$/);
    expect(await b.GetSemanticRelations({ word: 'computer' })).toEqual([]);
    expect(await b.GetSemanticRelations({ word: 'the' })).toEqual({ word: 'The', related: [] });
  });
});

describe('genres, parables, stories, prophecies, words of Jesus, book info', () => {
  it('GetGenres by section, with zero-padded ids', async () => {
    const b = await bible();
    const all = (await b.GetGenres({ section: 'all' })) as Record<string, string>[];
    const ot = (await b.GetGenres({ section: 'ot' })) as Record<string, string>[];
    const nt = (await b.GetGenres({ section: 'nt' })) as Record<string, string>[];
    expect(all[0]).toEqual({
      genre: 'Law',
      startingBookId: '01',
      endingBookId: '05',
      startingVerseId: '01001001',
      endingVerseId: '05034012',
    });
    expect(all).toEqual([...ot, ...nt]);
    expect(await b.GetGenres({ section: 'ot+nt' })).toEqual(all);
    expect(await b.GetGenres({ section: 'OT NT' })).toEqual(all);
    expect(await b.GetGenres({})).toEqual(all);
    for (const g of all) {
      expect(g.startingBookId).toMatch(/^\d\d$/);
      expect(await exists(g.startingVerseId)).toBe(true);
      expect(await exists(g.endingVerseId)).toBe(true);
    }
    expect(nt.map((g) => g.genre)).toEqual(['Gospels', 'History', 'Epistles', 'Apocalyptic']);
  });

  it('GetParables: the Sower cites Matthew 13; canonical order', async () => {
    const b = await bible();
    const parables = (await b.GetParables({ language: 'english' })) as Record<string, string[]>;
    expect(Object.keys(parables)).toHaveLength(42);
    expect(Object.keys(parables)[0]).toBe('Salt of the Earth');
    expect(parables['The Sower'].some((c) => c.startsWith('Matthew 13'))).toBe(true);
  });

  it('GetStories: BSB headings with unpadded verse_id and parallel passages', async () => {
    const b = await bible();
    const stories = (await b.GetStories({})) as Record<string, string>[];
    expect(stories.length).toBe(3016);
    expect(stories[0]).toEqual({
      id: '1',
      verse_id: '1001001',
      story: 'The Creation',
      verses_1: 'Genesis 1:1-31',
      verses_2: 'John 1:1-5',
      verses_3: 'Hebrews 11:1-3',
      verses_4: '',
    });
    const sower = stories.find((s) => s.story === 'The Parable of the Sower' && s.verse_id.startsWith('40'))!;
    expect(sower).toMatchObject({
      verse_id: '40013001',
      verses_1: 'Matthew 13:1-9',
      verses_2: 'Mark 4:1-9',
      verses_3: 'Luke 8:4-8',
    });
    stories.forEach((s, i) => {
      expect(Object.keys(s)).toEqual(['id', 'verse_id', 'story', 'verses_1', 'verses_2', 'verses_3', 'verses_4']);
      expect(s.id).toBe(String(i + 1));
      expect(s.verse_id).toMatch(/^[1-9]\d{6,7}$/);
    });
  });

  it('GetPropheciesFulfilledInJesus keeps all 351 rows; the list form has verse ids', async () => {
    const b = await bible();
    const byReference = (await b.GetPropheciesFulfilledInJesus({})) as Record<string, string>;
    expect(byReference['Gen 3:15']).toContain("He will bruise Satan's head. Fulfilled in: Heb 2:14; 1 John 3:8");
    expect(byReference['Gen 5:24']).toBe('The bodily ascension to heaven illustrated. Fulfilled in: Mark 16:19');
    const rows = Object.values(byReference).reduce((n, v) => n + v.split(' | ').length, 0);
    expect(rows).toBe(351);
    const list = (await b.GetPropheciesFulfilledInJesusList({})) as {
      n: number;
      otVerseIds: string[];
      ntVerseIds: string[];
    }[];
    expect(list).toHaveLength(351);
    expect(list[1]).toMatchObject({
      n: 2,
      otReference: 'Gen 3:15',
      otVerseIds: ['01003015'],
      ntVerseIds: ['58002014', '62003008'],
    });
    for (const r of list) expect(r.otVerseIds.length * r.ntVerseIds.length).toBeGreaterThan(0);
  });

  it('GetWordsOfJesus: KJV red letter, keyed "[0]", "[1]", …, canonical order, includes John 3:16', async () => {
    const b = await bible();
    const words = (await b.GetWordsOfJesus()) as Record<string, string>;
    const values = Object.values(words);
    expect(Object.keys(words).slice(0, 3)).toEqual(['[0]', '[1]', '[2]']);
    expect(words['[0]']).toBe('40003015');
    expect(values).toContain('43003016');
    expect(values).toHaveLength(2026);
    expect([...values].sort()).toEqual(values);
  });

  it('GetBookInfo answers one object, read as a PHP client reads it', async () => {
    const b = await bible();
    const wire = JSON.stringify(await b.call('GetBookInfo', { bookId: '40', language: 'english' }));
    const bookInfo = JSON.parse(wire);
    expect(Array.isArray(bookInfo)).toBe(false);
    expect(typeof bookInfo.introduction).toBe('string');
    expect(typeof bookInfo.author).toBe('string');
    expect(bookInfo).toMatchObject({
      bookId: '40',
      chapterCount: 28,
      author: 'Matthew',
      date: 'AD 50',
      genre: 'Gospels',
    });
    expect(bookInfo.introduction.length).toBeGreaterThan(20);
  });

  it('every book decodes strictly: all 23 keys, each of its exact JSON type, no others', async () => {
    const b = await bible();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 66 }), async (book) => {
        const info = JSON.parse(JSON.stringify(await b.call('GetBookInfo', { bookId: String(book) })));
        expect(decodeBookInfo(info)).toEqual([]);
        expect(info.bookId).toBe(String(book).padStart(2, '0'));
        expect(info.chapterCount).toBe(b.meta.versification.chapterVerses[book - 1].length);
        expect(info.author).not.toBe('');
        expect(info.original_language).toMatch(book <= 39 ? /^Hebrew( and Aramaic)?$/ : /^Greek$/);
        expect(info.key_verses.length).toBeGreaterThan(0);
        for (const { reference } of info.key_verses) expect(reference).toMatch(/^(?:[1-3] )?[A-Z][A-Za-z ]+ \d+:\d+$/);
        expect(info.structure.split('\n').length).toBeGreaterThan(0);
        for (const field of UNSOURCED_FIELDS) expect(info[field], field).toEqual(field === 'symbolism' ? [] : '');
      }),
      { numRuns: 66 },
    );
    for (let book = 1; book <= 66; book++)
      expect(decodeBookInfo(await b.call('GetBookInfo', { bookId: String(book) })), String(book)).toEqual([]);
  });

  it('the counted fields hold what the sources say', async () => {
    const b = await bible();
    const info = async (bookId: string) => (await b.call('GetBookInfo', { bookId })) as Record<string, any>;
    expect((await info('Daniel')).original_language).toBe('Hebrew and Aramaic');
    expect((await info('Ezra')).original_language).toBe('Hebrew and Aramaic');
    // Jeremiah 10:11 and the two words of Genesis 31:47 are Aramaic, too few to make the books bilingual.
    expect((await info('Jeremiah')).original_language).toBe('Hebrew');
    expect((await info('Genesis')).original_language).toBe('Hebrew');
    const dan = readFileSync(join(corpusRoot(), 'original/hebrew/oshb-wlc/Dan.xml'), 'utf8');
    const morphs = [...dan.matchAll(/<w [^>]*morph="([A-Z])/g)].map((m) => m[1]);
    expect(morphs.filter((m) => m === 'A').length / morphs.length).toBeGreaterThan(0.5);

    const genesis = await info('1');
    expect(genesis.major_characters).toEqual(expect.arrayContaining(['Abraham', 'Jacob', 'Joseph']));
    expect(genesis.major_characters).not.toContain('God');
    expect((await info('John')).major_characters[0]).toBe('Jesus');
    expect((await info('Psalms')).structure.split('\n')).toHaveLength(5);
    expect(genesis.structure.split('\n')[0]).toBe('The Creation (1:1–31)');
    expect(genesis.connection_to_other_books).toContain(`${genesis.cross_references[0]} (`);
  });

  it("John's key verses are its verses with the most cross-reference votes from other books", async () => {
    const b = await bible();
    const john = (await b.call('GetBookInfo', { bookId: '43' })) as { key_verses: { reference: string }[] };
    // Recounted from the source file: votes of links from other books, by the first verse they point to.
    const votes = new Map<string, number>();
    const lines = readFileSync(join(corpusRoot(), 'study/crossrefs/cross_references.txt'), 'utf8').split('\n');
    for (const line of lines.slice(1)) {
      const [from, to, v] = line.split('\t');
      const target = to?.split('-')[0];
      if (!target?.startsWith('John.') || from.startsWith('John.') || Number(v) < 0) continue;
      votes.set(target, (votes.get(target) ?? 0) + Number(v));
    }
    const top = [...votes].sort(([, a], [, b]) => b - a).slice(0, 5);
    const reference = (osis: string) => osis.replace(/^John\.(\d+)\.(\d+)$/, 'John $1:$2');
    expect(john.key_verses).toHaveLength(5);
    expect(john.key_verses[0]).toEqual({ reference: reference(top[0][0]) });
    expect(john.key_verses.map((k) => k.reference)).toEqual(top.map(([osis]) => reference(osis)));
    expect(john.key_verses.map((k) => k.reference)).toContain('John 3:16');
  });

  it('a bad bookId is refused, naming the parameter', async () => {
    for (const bookId of ['0', '67', 'Enoch', '']) {
      const error = await callError('GetBookInfo', { bookId });
      expect(error).toMatchObject({ code: 'INVALID_PARAMETER', param: 'bookId' });
      expect(error.message).toMatch(/bookId/);
    }
  });

  it('language accepts english only, naming what is available', async () => {
    for (const op of ['GetParables', 'GetStories', 'GetPropheciesFulfilledInJesus', 'GetGenres']) {
      const error = await callError(op, { language: 'spanish' });
      expect(error).toMatchObject({ code: 'INVALID_PARAMETER', param: 'language' });
      expect(error.message).toMatch(/english/);
    }
    expect((await callError('GetGenres', { section: 'apocrypha' })).param).toBe('section');
  });

  it('shared answers cannot be changed by a caller', async () => {
    const b = await bible();
    const stories = (await b.GetStories({})) as unknown[];
    expect(() => stories.push(1)).toThrow();
    expect((await b.GetStories({})) as unknown[]).toHaveLength(3016);
  });
});
