// GetPassage: the verses of any reference or list of references, on the real packs. Its verses are those
// GetVerse gives for each verse id of each passage, in order; lists keep their order and repeats; more
// than 500 verses are refused, never cut.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookOf, chapterOf, formatVerseId, padVerseId, verseOf } from '../../engine/core/ids.ts';
import type { BibleServer } from '../../engine/node/server.ts';
import { bible, refusalOf } from '../helpers.ts';
import { get, startServer } from '../hosts/http.ts';

const b = await bible();
const versification = b.meta.versification;
const VERSIONS = ['kjv', 'web', 'rv1909', 'svd'] as const;
await b.load(VERSIONS.map((v) => `text-${v}`));

interface Row {
  id: string;
  b: string;
  c: string;
  v: string;
  t: string;
}
interface PassageAnswer {
  reference: string;
  bookId: string;
  endBookId?: string;
  chapterId?: string;
  from: string;
  to: string;
  verses: Row[];
}

const passage = (reference: string, versionId = 'kjv'): PassageAnswer[] =>
  b.callSync('GetPassage', { reference, versionId });

const idAt = (ordinal: number) => versification.idOf(ordinal);
const ordinalOfId = (id: number) => versification.ordinalOf(bookOf(id), chapterOf(id), verseOf(id));
const lastVerse = (id: number) => versification.chapterVerses[bookOf(id) - 1][chapterOf(id) - 1];

/**
 * The verses of from..to as GetVerse gives them, one id of the KJV versification at a time; whole
 * chapters also take what GetChapter gives past the KJV's last verse of the last one (a translation's own
 * verses, the WEB's Romans 14:24-26).
 */
function expectedVerses(versionId: string, from: number, to: number): Row[] {
  const rows: Row[] = [];
  for (let o = ordinalOfId(from); o <= ordinalOfId(to); o++)
    rows.push(...(b.callSync('GetVerse', { verseId: padVerseId(idAt(o)), versionId }) as Row[]));
  // A chapter the range passes through whole also brings the translation's own verses past the KJV's
  // last one (SVD's 1 Tim 6:22, the WEB's Rom 14:24-26), where they stand.
  for (let o = ordinalOfId(from); o < ordinalOfId(to); o++) {
    const id = idAt(o);
    if (verseOf(id) !== lastVerse(id)) continue;
    const chapter: Row[] = b.callSync('GetChapter', { bookId: bookOf(id), chapterId: chapterOf(id), versionId });
    rows.push(...chapter.filter((r) => Number(r.id) > id));
  }
  rows.sort((x, y) => Number(x.id) - Number(y.id));
  if (verseOf(from) === 1 && verseOf(to) === lastVerse(to)) {
    const chapter: Row[] = b.callSync('GetChapter', { bookId: bookOf(to), chapterId: chapterOf(to), versionId });
    rows.push(...chapter.filter((r) => Number(r.id) > to));
  }
  return rows;
}

/** A range written as people write it: "John 3:16-18", "John 3:35-4:2", "Genesis 50:26-Exodus 1:1". */
function written(from: number, to: number): string {
  const name = (id: number) => b.meta.books[bookOf(id) - 1].names.english;
  const start = `${name(from)} ${chapterOf(from)}:${verseOf(from)}`;
  if (bookOf(from) !== bookOf(to)) return `${start}-${name(to)} ${chapterOf(to)}:${verseOf(to)}`;
  if (chapterOf(from) !== chapterOf(to)) return `${start}-${chapterOf(to)}:${verseOf(to)}`;
  return from === to ? start : `${start}-${verseOf(to)}`;
}

const id = (book: number, chapter: number, verse: number) => Number(formatVerseId(book, chapter, verse));

/** Each example and the passages (first and last verse ids) it names, in order. */
const EXAMPLES: [string, [number, number][]][] = [
  [
    'Rom 8:28-30; Jn 3:16',
    [
      [id(45, 8, 28), id(45, 8, 30)],
      [id(43, 3, 16), id(43, 3, 16)],
    ],
  ],
  [
    'Jn 3:16; Rom 8:28-30',
    [
      [id(43, 3, 16), id(43, 3, 16)],
      [id(45, 8, 28), id(45, 8, 30)],
    ],
  ],
  ['John 3:35-4:2', [[id(43, 3, 35), id(43, 4, 2)]]],
  ['Genesis 50:26-Exodus 1:1', [[id(1, 50, 26), id(2, 1, 1)]]],
  ['Ps 23', [[id(19, 23, 1), id(19, 23, 6)]]],
  ['Jude 3', [[id(65, 1, 3), id(65, 1, 3)]]],
  [
    'John 3:16, 18',
    [
      [id(43, 3, 16), id(43, 3, 16)],
      [id(43, 3, 18), id(43, 3, 18)],
    ],
  ],
  [
    '1 Cor 13:4-7; 1 Cor 13:4-7',
    [
      [id(46, 13, 4), id(46, 13, 7)],
      [id(46, 13, 4), id(46, 13, 7)],
    ],
  ],
  ['43003016', [[id(43, 3, 16), id(43, 3, 16)]]],
  ['43003', [[id(43, 3, 1), id(43, 3, 36)]]],
  ['John.3.16', [[id(43, 3, 16), id(43, 3, 16)]]],
  ['Rom 14', [[id(45, 14, 1), id(45, 14, 23)]]],
  [
    '43003016, Ps 23 and 1 Cor 13:4',
    [
      [id(43, 3, 16), id(43, 3, 16)],
      [id(19, 23, 1), id(19, 23, 6)],
      [id(46, 13, 4), id(46, 13, 4)],
    ],
  ],
  ['Matthew 27 - Mark 1', [[id(40, 27, 1), id(41, 1, 45)]]],
];

/** Examples whose passage a translation ends elsewhere: the WEB's Romans 14 runs on to its doxology, 14:26. */
const OWN_ENDS: Record<string, Record<string, [number, number][]>> = {
  'Rom 14': { web: [[id(45, 14, 1), id(45, 14, 26)]] },
};

describe('GetPassage on the examples', () => {
  for (const versionId of VERSIONS)
    it(`reads each example in ${versionId}: passages in order, verses as GetVerse gives them`, () => {
      for (const [reference, kjvRanges] of EXAMPLES) {
        const ranges = OWN_ENDS[reference]?.[versionId] ?? kjvRanges;
        const answer = passage(reference, versionId);
        expect(
          answer.map((p) => [Number(p.from), Number(p.to)]),
          reference,
        ).toEqual(ranges);
        for (const [i, p] of answer.entries()) {
          expect(p.verses, `${reference} in ${versionId}`).toEqual(
            // The verses of the KJV's range, with the translation's own past a whole chapter's end.
            expectedVerses(versionId, kjvRanges[i][0], kjvRanges[i][1]),
          );
          expect(p.bookId).toBe(p.from.slice(0, 2));
          if (p.endBookId === undefined) expect(p.to.slice(0, 2)).toBe(p.bookId);
          else expect(p.endBookId).toBe(p.to.slice(0, 2));
          if (p.from.slice(0, 5) === p.to.slice(0, 5)) expect(p.chapterId).toBe(p.from.slice(2, 5));
          else expect(p).not.toHaveProperty('chapterId');
        }
      }
    });

  it('names each passage as it reads it back', () => {
    expect(passage('Rom 8:28-30; Jn 3:16').map((p) => p.reference)).toEqual(['Romans 8:28-30', 'John 3:16']);
    expect(passage('John 3:35-4:2')[0].reference).toBe('John 3:35-4:2');
    expect(passage('Genesis 50:26-Exodus 1:1')[0]).toMatchObject({
      reference: 'Genesis 50:26-Exodus 1:1',
      bookId: '01',
      endBookId: '02',
    });
    expect(passage('Ps 23')[0]).toMatchObject({ reference: 'Psalms 23', chapterId: '023' });
    expect(passage('Mt 5-7')[0].reference).toBe('Matthew 5-7');
    expect(passage('Jude 3')[0].reference).toBe('Jude 1:3');
  });

  it('leaves out verses the translation lacks and invents none past a chapter end', () => {
    // The WEB has no Romans 16:25-27 (its doxology stands at 14:24-26); Psalm 117 has two verses.
    const web = passage('Rom 16:24-27', 'web')[0];
    expect(web.verses.map((r) => r.id)).toEqual(expectedVerses('web', id(45, 16, 24), id(45, 16, 27)).map((r) => r.id));
    expect(web.verses.length).toBeLessThan(4);
    expect(passage('Ps 117:1-9')[0].verses.map((r) => r.v)).toEqual(['1', '2']);
    // Whole chapters are whole in the translation, as GetChapter gives them.
    expect(passage('Rom 14', 'web')[0].verses).toEqual(
      b.callSync('GetChapter', { bookId: 45, chapterId: 14, versionId: 'web' }),
    );
    // A translation's own verse may be named by its id where the translation has it.
    expect(passage('64001015', 'svd')[0].verses.map((r) => r.id)).toEqual(['64001015']);
  });
});

/**
 * A range none of whose verses the translation has (the RV1909's Job 38:39, which it numbers 39:1) is
 * refused naming the reference, never answered empty: true when it was, so a property checks nothing more.
 */
function refusedAsMissing(versionId: string, from: number, to: number): boolean {
  if (expectedVerses(versionId, from, to).length > 0) return false;
  expect(() => passage(written(from, to), versionId)).toThrow(/does not have/);
  return true;
}

describe('GetPassage properties', () => {
  it("refuses a range of verses the translation lacks, as fast-check once drew: the RV1909's Job 38:39", () => {
    expect(refusedAsMissing('rv1909', id(18, 38, 39), id(18, 38, 39))).toBe(true);
    expect(refusedAsMissing('kjv', id(18, 38, 39), id(18, 38, 39))).toBe(false);
  });

  const verseCount = versification.verseCount;
  const translation = fc.constantFrom(...VERSIONS);

  it('a range inside one chapter gives the verses GetVerse gives for each id, in order', () => {
    fc.assert(
      fc.property(translation, fc.integer({ min: 0, max: verseCount - 1 }), fc.nat(40), (versionId, start, length) => {
        const from = idAt(start);
        const to = Math.min(from + length, id(bookOf(from), chapterOf(from), lastVerse(from)));
        if (refusedAsMissing(versionId, from, to)) return;
        const [answer] = passage(written(from, to), versionId);
        expect([Number(answer.from), Number(answer.to)]).toEqual([from, to]);
        expect(answer.verses).toEqual(expectedVerses(versionId, from, to));
        expect(passage(answer.reference, versionId)).toEqual([answer]);
      }),
      { numRuns: 60 },
    );
  });

  it('a range across chapters and books gives the verses GetVerse gives for each id, in order', () => {
    fc.assert(
      fc.property(translation, fc.integer({ min: 0, max: verseCount - 1 }), fc.nat(499), (versionId, start, length) => {
        const from = idAt(start);
        const to = idAt(Math.min(start + length, verseCount - 1));
        if (refusedAsMissing(versionId, from, to)) return;
        const [answer] = passage(written(from, to), versionId);
        expect([Number(answer.from), Number(answer.to)]).toEqual([from, to]);
        expect(answer.verses).toEqual(expectedVerses(versionId, from, to));
        expect(passage(answer.reference, versionId)).toEqual([answer]);
      }),
      { numRuns: 40 },
    );
  });

  it('a list gives each reference as it gives it alone, in order, repeats kept', () => {
    const pool = [
      'Rom 8:28-30',
      'Jn 3:16',
      'Ps 23',
      'Jude 3',
      'John 3:35-4:2',
      '43003',
      '01001001',
      'Gen 50:26-Ex 1:1',
    ];
    fc.assert(
      fc.property(
        translation,
        fc.array(fc.constantFrom(...pool), { minLength: 1, maxLength: 6 }),
        fc.constantFrom('; ', ', ', ' and ', ';'),
        (versionId, references, separator) => {
          const each = references.flatMap((r) => passage(r, versionId));
          expect(passage(references.join(separator), versionId)).toEqual(each);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('the 500-verse limit', () => {
  /** Genesis 1:1 and the n verses from it, written as a range. */
  const firstVerses = (n: number) => written(idAt(0), idAt(n - 1));

  it('answers 499 and 500 verses and refuses 501, naming the limit', async () => {
    expect(passage(firstVerses(499)).flatMap((p) => p.verses)).toHaveLength(499);
    expect(passage(firstVerses(500)).flatMap((p) => p.verses)).toHaveLength(500);
    const refusal = await refusalOf('GetPassage', { reference: firstVerses(501) });
    expect([refusal.code, refusal.param]).toEqual(['INVALID_PARAMETER', 'reference']);
    expect(refusal.message).toContain('500');
    expect(refusal.message).toContain('501');
  });

  it('counts every passage of a list, repeats too, and refuses the whole Bible', async () => {
    expect(passage('Ps 119; Ps 119').flatMap((p) => p.verses)).toHaveLength(352);
    for (const reference of ['Ps 119; Ps 119; Ps 119', 'Gen 1:1-Rev 22:21', 'Genesis 1 - Revelation 22']) {
      const refusal = await refusalOf('GetPassage', { reference });
      expect([refusal.code, refusal.param], reference).toEqual(['INVALID_PARAMETER', 'reference']);
      expect(refusal.message).toMatch(/at most 500 verses/);
    }
  });
});

describe('bad input', () => {
  it('refuses a missing or empty reference', async () => {
    expect((await refusalOf('GetPassage', {})).code).toBe('MISSING_PARAMETER');
    for (const reference of ['', '   ']) {
      const refusal = await refusalOf('GetPassage', { reference });
      expect([refusal.code, refusal.param]).toEqual(['INVALID_PARAMETER', 'reference']);
    }
  });

  it('refuses text that is not a reference, quoting what it could not read', async () => {
    const cases: [string, string][] = [
      ['hello world', '"hello world"'],
      ['John 3:16 foo', 'could not read "foo" after "John 3:16"'],
      ['Rom 8:28; Foo 3:16', '"Foo"'],
      ['John 3:16; ', ''],
      ['John 99', '"99"'],
      ['John', 'no chapter after "John"'],
      ['3:16', 'no book name'],
      ['43003099', '43003099'],
      ['43099', '43099'],
      ['64001015', '64001015'],
      ['123456', '"123456"'],
    ];
    for (const [reference, quoted] of cases) {
      if (reference === 'John 3:16; ') {
        // A list's trailing separator is the end of a sentence, not a reference.
        expect(passage(reference)).toHaveLength(1);
        continue;
      }
      const refusal = await refusalOf('GetPassage', { reference });
      expect([refusal.code, refusal.param], reference).toEqual(['INVALID_PARAMETER', 'reference']);
      expect(refusal.message, reference).toContain(quoted);
    }
  });

  it('refuses a reference too long, with control characters, or of the wrong type', async () => {
    for (const reference of ['John 3:16; '.repeat(100), 'John\u00013:16', ['John 3:16'], { a: 1 }]) {
      const refusal = await refusalOf('GetPassage', { reference });
      expect(refusal.param).toBe('reference');
    }
  });

  it('refuses an unknown versionId', async () => {
    for (const versionId of ['xyz', 'kjv2', 'niv']) {
      const refusal = await refusalOf('GetPassage', { reference: 'John 3:16', versionId });
      expect([refusal.code, refusal.param]).toEqual(['INVALID_PARAMETER', 'versionId']);
    }
  });

  it('GetParseCitation and GetVerseById point a list or range to GetPassage', async () => {
    for (const citation of ['Rom 8:28-30; Jn 3:16', 'John 3:35-4:2', 'Genesis 50:26-Exodus 1:1']) {
      const refusal = await refusalOf('GetParseCitation', { citation });
      expect(refusal.message, citation).toContain('GetPassage');
      expect(refusal.message, citation).toContain('GetCitationsInText');
    }
    for (const verseId of ['John 3:16-17', 'John 3:16; Rom 8:28', 'Ps 23']) {
      const refusal = await refusalOf('GetVerseById', { verseId });
      expect(refusal.message, verseId).toContain('GetPassage');
    }
  });
});

describe('over HTTP', () => {
  let srv: BibleServer;
  beforeAll(async () => {
    srv = await startServer();
  });
  afterAll(() => srv.close());

  it('answers GetPassage as call() does, and refuses a bad reference with 400', async () => {
    const reference = 'Rom 8:28-30; Jn 3:16';
    const answer = await get(srv.url, `/GetPassage?reference=${encodeURIComponent(reference)}&versionId=web`);
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual(passage(reference, 'web'));
    const refused = await get(srv.url, `/GetPassage?reference=${encodeURIComponent('Gen 1:1-Rev 22:21')}`);
    expect(refused.status).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'INVALID_PARAMETER', param: 'reference' });
  });
});
