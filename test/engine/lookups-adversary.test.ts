// Hostile and real-world inputs to the verse lookups (GetVerse, GetChapter, GetChapterByBookAndChapterId,
// GetParallelVerses): every parameter form a client may send, answers that callers mutate, and random
// walks across translations and books that make the decoded-block cache evict and reload.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { open } from '../../engine/core/engine.ts';
import type { BibleError } from '../../engine/core/errors.ts';
import { DEFAULT_DATA_DIR, openNode } from '../../engine/node/loader.ts';
import type { BibleServer } from '../../engine/node/server.ts';
import { bible, type LooseBible, refusalOf } from '../helpers.ts';
import { get, startServer } from '../hosts/http.ts';

const run = promisify(execFile);
const CLI = join(import.meta.dirname, '..', '..', 'bin', 'bible.js');

async function expectInvalid(name: string, params: Record<string, unknown>, param: string) {
  const error = await refusalOf(name, params);
  expect(error.code, error.message).toBe('INVALID_PARAMETER');
  expect(error.param).toBe(param);
  expect(error.message).toContain(param);
  return error;
}

const JOHN_3_16 = { id: '43003016', b: '43', c: '3', v: '16' };

beforeAll(async () => {
  // Every text pack loaded, so callSync can answer every translation.
  const b = await bible();
  await b.load(b.meta.versions.map((v) => `text-${v.versionId}`));
});

describe('verseId forms', () => {
  it.each([
    ['8-digit string', '43003016'],
    ['number', 43003016],
    ['number written with a fraction of zero', 43003016.0],
    ['number written as an exponent', 4.3003016e7],
  ])('%s reads as John 3:16', async (_label, verseId) => {
    const [verse] = await (await bible()).call('GetVerse', { verseId, versionId: 'kjv' });
    expect(verse).toMatchObject(JOHN_3_16);
  });

  it('the leading zero may be left off, as a string or a number, and the answer pads it back', async () => {
    const b = await bible();
    for (const verseId of ['01001001', '1001001', 1001001]) {
      const answer = await b.call('GetVerse', { verseId, versionId: 'kjv' });
      expect(answer).toEqual([
        {
          id: '01001001',
          b: '1',
          c: '1',
          v: '1',
          t: 'In the beginning God created the heaven and the earth.',
        },
      ]);
    }
  });

  it.each([
    ' 43003016',
    '43003016 ',
    '43003016\n',
    '43 003016',
    '43\u00a0003016',
    '001001001',
    '430030160',
    '430030',
    '',
    '43003016.0',
    '43003016.5',
    '4.3003016e7',
    '0x2902118',
    '-43003016',
    '+43003016',
    'NaN',
    '43003016abc',
  ])('string %j is refused naming verseId', async (verseId) => {
    const error = await expectInvalid('GetVerse', { verseId, versionId: 'kjv' }, 'verseId');
    expect(error.message).toMatch(/8-digit BBCCCVVV/);
  });

  // Arabic-Indic digits, as Arabic text writes them, and full-width ones, as CJK input methods type them.
  it.each(['٤٣٠٠٣٠١٦', '４３００３０１６', '4300301６'])('string %j reads as 43003016', async (verseId) => {
    const [verse] = await (await bible()).call('GetVerse', { verseId, versionId: 'kjv' });
    expect(verse.id).toBe('43003016');
  });

  it.each([43003016.5, -43003016, 0, -0, 5e-324, Number.MAX_SAFE_INTEGER, 1e21])(
    'number %d is refused naming verseId',
    async (verseId) => {
      await expectInvalid('GetVerse', { verseId, versionId: 'kjv' }, 'verseId');
    },
  );

  it.each([
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
  ])('%s is refused saying what it got', async (shown, verseId) => {
    const error = await expectInvalid('GetVerse', { verseId, versionId: 'kjv' }, 'verseId');
    // "must be a string or number, got number" contradicts itself: the value is a number, just not a finite one.
    expect(error.message).toContain(shown);
    expect(error.message).not.toMatch(/got number$/);
  });

  it.each([
    ['an array', ['43003016']],
    ['an empty array', []],
    ['an object', {}],
    ['an object that prints as an id', { toString: () => '43003016' }],
    ['a String object', new String('43003016')],
    ['a boolean', true],
    ['false', false],
    ['a bigint', 43003016n],
    ['a symbol', Symbol('43003016')],
    ['a function', () => '43003016'],
    ['a date', new Date(43003016)],
  ])('%s is refused naming verseId', async (_label, verseId) => {
    await expectInvalid('GetVerse', { verseId, versionId: 'kjv' }, 'verseId');
  });

  it.each([null, undefined])('verseId %s is missing', async (verseId) => {
    const error = await refusalOf('GetVerse', { verseId, versionId: 'kjv' });
    expect([error.code, error.param]).toEqual(['MISSING_PARAMETER', 'verseId']);
  });

  it.each(['43003000', '43000016', '00003016', '67001001', '99999999', 10_000_000, 1_000_000, 43_000_000])(
    '%j names no verse (chapter or verse 0, book 0 or past 66) and is refused',
    async (verseId) => {
      const error = await expectInvalid('GetVerse', { verseId, versionId: 'kjv' }, 'verseId');
      expect(error.message).toMatch(/book must be 01-66, chapter and verse at least 1/);
    },
  );

  it.each(['43003999', '43999001', '43022001', 9999999])(
    '%j is well formed but not in the Bible: an empty answer',
    async (verseId) => {
      const b = await bible();
      expect(await b.call('GetVerse', { verseId, versionId: 'kjv' })).toEqual([]);
      expect(await b.call('GetParallelVerses', { verseId })).toEqual([]);
    },
  );

  it('verseId and its number answer the same for every verse of a chapter and the verses around it', async () => {
    const b = await bible();
    for (let v = 0; v <= 40; v++) {
      const id = 43_003_000 + v;
      const asString = () => b.call('GetVerse', { verseId: String(id), versionId: 'web' });
      const asNumber = () => b.call('GetVerse', { verseId: id, versionId: 'web' });
      if (v === 0) {
        await expect(asString()).rejects.toMatchObject({ code: 'INVALID_PARAMETER', param: 'verseId' });
        await expect(asNumber()).rejects.toMatchObject({ code: 'INVALID_PARAMETER', param: 'verseId' });
      } else expect(await asNumber()).toEqual(await asString());
    }
  });
});

describe('versionId forms', () => {
  it.each(['kjv', 'KJV', 'Kjv', 't_kjv', 'T_KJV', ' kjv ', '', null, undefined])(
    '%j reads as kjv',
    async (versionId) => {
      const [verse] = await (await bible()).call('GetVerse', { verseId: '43003016', versionId } as never);
      expect(verse.t).toMatch(/^For God so loved the world, that he gave his only begotten Son/);
    },
  );

  it.each([
    'xyz',
    '  ',
    't_',
    'kjv\u0000',
    'kjv1612',
    'constructor',
    '__proto__',
    'hasOwnProperty',
    'toString',
    1,
    ['kjv'],
    {},
    true,
  ])('%j is refused naming versionId and listing the translations', async (versionId) => {
    const b = await bible();
    const error = await expectInvalid('GetVerse', { verseId: '43003016', versionId }, 'versionId');
    if (typeof versionId === 'string' || typeof versionId === 'number')
      for (const v of b.meta.versions) expect(error.message).toContain(v.versionId);
    await expectInvalid('GetChapter', { bookId: 43, chapterId: 3, versionId }, 'versionId');
    await expectInvalid('GetChapterByBookAndChapterId', { bookAndChapterId: '43003', versionId }, 'versionId');
  });

  it('a parameter the operation does not take is refused naming the closest, and ignored by a lenient engine', async () => {
    const b = await bible();
    const misspelt = await refusalOf('GetVerse', { verseId: '43003016', versioNId: 'web' });
    expect([misspelt.code, misspelt.param]).toEqual(['INVALID_PARAMETER', 'versioNId']);
    expect(misspelt.message).toContain('did you mean versionId?');
    const lenient = (await openNode({ lenient: true })) as unknown as LooseBible;
    const plain = await b.call('GetVerse', { verseId: '43003016', versionId: 'kjv' });
    expect(
      await lenient.call('GetVerse', {
        verseId: '43003016',
        versionId: 'kjv',
        versionID: 'web',
        verseID: 'x',
        x: {},
      } as never),
    ).toEqual(plain);
    const error = await lenient.call('GetVerse', { verseID: '43003016' }).catch((e: BibleError) => e);
    expect([error.code, error.param]).toEqual(['MISSING_PARAMETER', 'verseId']);
  });

  it.each([
    ['a string', 'verseId=43003016'],
    ['an array', ['43003016']],
    ['a number', 43003016],
  ])('parameters given as %s are refused as not an object', async (_label, params) => {
    const error = await refusalOf('GetVerse', params);
    expect(error.code).toBe('INVALID_PARAMETER');
    expect(error.message).toMatch(/object of name\/value pairs/);
  });

  it('inherited and prototype-less parameter objects', async () => {
    const b = await bible();
    const inherited = Object.create({ verseId: '43003016' });
    const error = await refusalOf('GetVerse', inherited);
    expect([error.code, error.param]).toEqual(['MISSING_PARAMETER', 'verseId']);
    const bare = Object.assign(Object.create(null), { verseId: '43003016', versionId: 'KJV' });
    expect((await b.call('GetVerse', bare))[0]).toMatchObject(JOHN_3_16);
    class Params {
      verseId = '43003016';
      versionId = 'web';
    }
    expect((await b.call('GetVerse', new Params() as never))[0].t).toMatch(/one and only Son/);
  });
});

describe('GetChapter and GetChapterByBookAndChapterId parameters', () => {
  it.each([43, '43', '043', 'John', 'jn', 'JOHN', 'Juan'])('bookId %j is John', async (bookId) => {
    const answer = await (await bible()).call('GetChapter', { bookId, chapterId: 3, versionId: 'kjv' });
    expect(answer).toHaveLength(36);
    expect(answer[15]).toMatchObject(JOHN_3_16);
  });

  it.each([0, 67, -1, 43.5, '43.0', ' 43', '0x2b', 'Johnny', Number.NaN, Number.POSITIVE_INFINITY, true, [43], {}])(
    'bookId %j is refused naming bookId',
    async (bookId) => {
      await expectInvalid('GetChapter', { bookId, chapterId: 3, versionId: 'kjv' }, 'bookId');
    },
  );

  it.each([
    0,
    '0',
    -3,
    3.5,
    '3.5',
    '3e0',
    '',
    ' 3',
    151,
    1000,
    '1000000000000000',
    Number.NaN,
    Number.POSITIVE_INFINITY,
    [3],
  ])('chapterId %j is refused naming chapterId', async (chapterId) => {
    await expectInvalid('GetChapter', { bookId: 43, chapterId, versionId: 'kjv' }, 'chapterId');
  });

  it('a chapter past the end of the book is refused with the book`s chapter count', async () => {
    const error = await expectInvalid('GetChapter', { bookId: 43, chapterId: 22, versionId: 'kjv' }, 'chapterId');
    expect(error.message).toMatch(/John has 21 chapters/);
    const named = await expectInvalid(
      'GetChapterByBookAndChapterId',
      { bookAndChapterId: '19151', versionId: 'kjv' },
      'bookAndChapterId',
    );
    expect(named.message).toMatch(/Psalms has 150 chapters/);
    expect(named.message).toMatch(/^bookAndChapterId 19151 \(Psalms 151\) does not exist/);
    // One chapter, not "1 chapters".
    const jude = await expectInvalid('GetChapter', { bookId: 'Jude', chapterId: 3, versionId: 'kjv' }, 'chapterId');
    expect(jude.message).toBe('chapterId 3 does not exist: Jude has 1 chapter in kjv');
  });

  it('a 4-digit bookAndChapterId reads with its leading zero left off, and the refusal shows it so', async () => {
    // "4303" is 04303, Numbers 303, not John 3 with a zero dropped: the message must not leave that to guessing.
    const error = await expectInvalid(
      'GetChapterByBookAndChapterId',
      { bookAndChapterId: '4303', versionId: 'kjv' },
      'bookAndChapterId',
    );
    expect(error.message).toBe('bookAndChapterId 04303 (Numbers 303) does not exist: Numbers has 36 chapters in kjv');
  });

  it('a chapterId too long to read says the range, as a short one past it does', async () => {
    for (const chapterId of ['1000000000000000', '151']) {
      const error = await expectInvalid('GetChapter', { bookId: 43, chapterId, versionId: 'kjv' }, 'chapterId');
      expect(error.message).toMatch(/^chapterId must be a chapter number from 1 to 150, got /);
    }
  });

  it.each([
    ['43003', 36],
    [43003, 36],
    ['01001', 31],
    ['1001', 31],
    [1001, 31],
    ['19150', 6],
    ['66022', 21],
  ])('bookAndChapterId %j answers its chapter', async (bookAndChapterId, verses) => {
    const answer = await (await bible()).call('GetChapterByBookAndChapterId', { bookAndChapterId, versionId: 'kjv' });
    expect(answer).toHaveLength(verses);
    const [book, chapter] = [Math.floor(Number(bookAndChapterId) / 1000), Number(bookAndChapterId) % 1000];
    for (const [i, verse] of answer.entries())
      expect(verse).toMatchObject({ b: String(book), c: String(chapter), v: String(i + 1) });
  });

  it.each(['043003', '43000', '00003', '67001', '99999', '43003 ', 43003.5, '', 999, Number.NaN, ['43003']])(
    'bookAndChapterId %j is refused naming bookAndChapterId',
    async (bookAndChapterId) => {
      await expectInvalid('GetChapterByBookAndChapterId', { bookAndChapterId, versionId: 'kjv' }, 'bookAndChapterId');
    },
  );

  it('GetChapter, GetChapterByBookAndChapterId and GetVerse agree on the last chapter of every book', async () => {
    const b = await bible();
    for (const version of ['kjv', 'rv1909', 'svd']) {
      const chapterVerses = b.meta.versionById.get(version)!.chapterVerses;
      for (let book = 1; book <= 66; book++) {
        const chapter = chapterVerses[book - 1].length;
        const byIds = await b.call('GetChapter', { bookId: book, chapterId: chapter, versionId: version });
        const byBc = await b.call('GetChapterByBookAndChapterId', {
          bookAndChapterId: String(book * 1000 + chapter).padStart(5, '0'),
          versionId: version,
        });
        expect(byBc).toEqual(byIds);
        expect(byIds.length).toBeGreaterThan(0);
        const last = byIds.at(-1);
        expect(await b.call('GetVerse', { verseId: last.id, versionId: version })).toEqual([last]);
        // One past the last verse of the book: nothing, in every form.
        const past = Number(last.id) + 1;
        const inBook = byIds.some((r: { id: string }) => Number(r.id) === past);
        if (!inBook) expect(await b.call('GetVerse', { verseId: past, versionId: version })).toEqual([]);
        await expect(
          b.call('GetChapter', { bookId: book, chapterId: chapter + 1, versionId: version }),
        ).rejects.toMatchObject({ code: 'INVALID_PARAMETER', param: 'chapterId' });
      }
    }
  });
});

describe('versification: a verse one translation has and another lacks', () => {
  it.each([
    ['40017021', 'kjv', true],
    ['40017021', 'asv', false],
    ['45016025', 'kjv', true],
    ['45016025', 'web', false],
    ['45014024', 'web', true],
    ['45014024', 'kjv', false],
    ['04012016', 'rv1909', false],
    ['04013033', 'rv1909', true],
    ['64001015', 'svd', true],
    ['64001015', 'kjv', false],
  ] as const)('%s in %s: present %s', async (verseId, versionId, present) => {
    const b = await bible();
    const answer = await b.call('GetVerse', { verseId, versionId });
    expect(answer.length).toBe(present ? 1 : 0);
    const parallel: { versionId: string; id: string }[][] = await b.call('GetParallelVerses', { verseId });
    const table = (await b.call('GetVersions')).find((v: { versionCode: string }) => v.versionCode === versionId).table;
    expect(parallel.some(([row]) => row.versionId === table)).toBe(present);
    for (const [row] of parallel) expect(row.id).toBe(verseId);
    if (present) {
      const chapter = await b.call('GetChapter', {
        bookId: Number(verseId.slice(0, 2)),
        chapterId: Number(verseId.slice(2, 5)),
        versionId,
      });
      expect(chapter).toContainEqual(answer[0]);
    }
  });

  it('each translation`s chapter holds exactly the verses GetVerse finds in it', async () => {
    const b = await bible();
    for (const v of b.meta.versions) {
      for (const [book, chapter] of [
        [4, 12],
        [4, 13],
        [40, 17],
        [45, 14],
        [45, 16],
        [64, 1],
        [3, 6],
        [19, 3],
      ]) {
        const rows = await b.call('GetChapter', { bookId: book, chapterId: chapter, versionId: v.versionId });
        const found = [];
        for (let verse = 1; verse <= 60; verse++) {
          const [row] = await b.call('GetVerse', {
            verseId: book * 1e6 + chapter * 1e3 + verse,
            versionId: v.versionId,
          });
          if (row) found.push(row);
        }
        expect(found, `${v.versionId} ${book}:${chapter}`).toEqual(rows);
      }
    }
  });
});

describe('answers callers change', () => {
  it('a GetVerse answer can be extended but its record cannot be changed for the next caller', async () => {
    const b = await bible();
    const first = await b.call('GetVerse', { verseId: '43003016', versionId: 'kjv' });
    const text = first[0].t;
    first.push({ id: 'x', b: 'x', c: 'x', v: 'x', t: 'x' });
    first.reverse();
    expect(() => {
      first[1].t = 'changed';
    }).toThrow(TypeError);
    expect(() => {
      (first[1] as Record<string, unknown>).extra = 1;
    }).toThrow(TypeError);
    expect(() => {
      delete (first[1] as Partial<Record<string, unknown>>).t;
    }).toThrow(TypeError);
    expect(() => Object.setPrototypeOf(first[1], { t: 'x' })).toThrow(TypeError);
    const again = await b.call('GetVerse', { verseId: '43003016', versionId: 'kjv' });
    expect(again).toEqual([{ ...JOHN_3_16, t: text }]);
    expect(b.callSync('GetVerse', { verseId: 43003016, versionId: 'kjv' })).toEqual(again);
  });

  it('a chapter answer is the caller`s own array; emptying or sorting it changes no later answer', async () => {
    const b = await bible();
    const first = await b.call('GetChapter', { bookId: 43, chapterId: 3, versionId: 'kjv' });
    const copy = structuredClone(first);
    first.length = 0;
    const second = await b.GetChapterByBookAndChapterId({ bookAndChapterId: '43003', versionId: 'kjv' });
    expect(second).toEqual(copy);
    second.sort((x: { v: string }, y: { v: string }) => Number(y.v) - Number(x.v));
    second.fill(second[0]);
    expect(b.callSync('GetChapter', { bookId: 'John', chapterId: '3' })).toEqual(copy);
    expect(Object.isFrozen(second[0])).toBe(true);
  });

  it('a parallel-verse answer may be changed freely without reaching GetVerse or the next parallel answer', async () => {
    const b = await bible();
    const first = await b.call('GetParallelVerses', { verseId: '43003016' });
    const copy = structuredClone(first);
    for (const [row] of first) {
      row.t = 'changed';
      row.versionName = 'changed';
    }
    first[0].push({});
    expect(await b.call('GetParallelVerses', { verseId: 43003016 })).toEqual(copy);
    const kjv = copy.find(([row]: { versionId: string }[]) => row.versionId === 't_kjv')[0];
    expect((await b.call('GetVerse', { verseId: 43003016, versionId: 'kjv' }))[0].t).toBe(kjv.t);
  });

  it('a random chapter`s records are frozen too', async () => {
    const b = await bible();
    const first = await b.call('GetRandomChapter', { versionId: 'kjv', seed: 5 });
    const copy = structuredClone(first);
    expect(() => {
      first[0].t = 'changed';
    }).toThrow(TypeError);
    first.pop();
    expect(await b.call('GetRandomChapter', { versionId: 'kjv', seed: 5 })).toEqual(copy);
    const [book, chapter] = [copy[0].b, copy[0].c];
    expect(await b.call('GetChapter', { bookId: book, chapterId: chapter, versionId: 'kjv' })).toEqual(copy);
  });

  it('the parameter object the caller passes is not changed, frozen or kept', async () => {
    const b = (await openNode({ lenient: true })) as unknown as LooseBible;
    const params = { verseId: 43003016, versionId: 'T_KJV', extra: [1] };
    const frozen = Object.freeze({ verseId: '43003016', versionId: 'kjv' });
    await b.call('GetVerse', params as never);
    expect(params).toEqual({ verseId: 43003016, versionId: 'T_KJV', extra: [1] });
    expect(Object.isFrozen(params)).toBe(false);
    expect(await b.call('GetVerse', frozen)).toHaveLength(1);
    params.verseId = 1001001;
    expect((await b.call('GetVerse', params as never))[0].id).toBe('01001001');
  });
});

describe('the straight-line checks and the loop over the specs', () => {
  // The lookups' parameters in a plain object take the straight-line checks; the same values in an
  // object of another prototype take the loop over the specs. Both must answer and refuse alike, in a
  // default (refusing) engine and in a lenient one, with or without a name the operation does not take.
  const hostile = fc.oneof(
    fc.constantFrom<unknown>(
      undefined,
      null,
      '',
      ' ',
      '43003016',
      '1001001',
      '01001001',
      '43003016.0',
      '4.3003016e7',
      '0x2902118',
      '٤٣٠٠٣٠١٦',
      '43',
      '043',
      'John',
      'jn',
      'Juan',
      '3',
      '03',
      '0',
      '151',
      '43003',
      '1001',
      '19151',
      'kjv',
      'KJV',
      't_web',
      ' svd ',
      'nope',
      43003016,
      1001001,
      43,
      3,
      0,
      -1,
      3.5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      true,
      [],
      ['kjv'],
      {},
    ),
    fc.integer({ min: -10, max: 99_999_999 }),
    fc.string({ maxLength: 10 }),
    fc.stringMatching(/^[0-9]{1,9}$/),
  );
  const PARAMS: Record<string, string[]> = {
    GetVerse: ['verseId', 'versionId'],
    GetParallelVerses: ['verseId'],
    GetChapter: ['bookId', 'chapterId', 'versionId'],
    GetChapterByBookAndChapterId: ['bookAndChapterId', 'versionId'],
  };
  const outcome = (f: () => unknown) => {
    try {
      return { answer: f() };
    } catch (error) {
      const e = error as BibleError;
      return { error: [e.name, e.code, e.param, e.message] };
    }
  };

  it('answer and refuse alike on random values of every parameter', async () => {
    const strict = await bible();
    const lenient = (await openNode({ lenient: true })) as unknown as LooseBible;
    for (const b of [strict, lenient]) await b.load(b.meta.versions.map((v) => `text-${v.versionId}`));
    const inLoop = (params: object) =>
      Object.create({ kind: 'not a plain object' }, Object.getOwnPropertyDescriptors(params));
    await fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(PARAMS)),
        fc.array(hostile, { minLength: 3, maxLength: 3 }),
        fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
        fc.option(fc.constantFrom('versionID', 'verseid', 'extra', 'limit', '__proto__'), { nil: undefined }),
        (name, values, present, extra) => {
          const params: Record<string, unknown> = {};
          PARAMS[name].forEach((param, i) => {
            if (present[i]) params[param] = values[i];
          });
          if (extra !== undefined) Object.defineProperty(params, extra, { value: 1, enumerable: true });
          for (const b of [strict, lenient])
            expect(outcome(() => b.callSync(name, params as never))).toEqual(
              outcome(() => b.callSync(name, inLoop(params))),
            );
        },
      ),
      { numRuns: 3000, seed: 26 },
    );
  });
});

describe('the decoded-block cache across translations and books', () => {
  let packBytes: Map<string, Uint8Array>;
  let warm: LooseBible;
  beforeAll(async () => {
    warm = await bible();
    packBytes = new Map();
    for (const name of ['meta', ...warm.meta.versions.map((v) => `text-${v.versionId}`)])
      packBytes.set(name, new Uint8Array(await readFile(join(DEFAULT_DATA_DIR, `${name}.pack`))));
  });
  /** An engine that has read nothing yet: its answer for a verse comes from a block decoded for it alone. */
  const cold = () =>
    open({
      loader: async (name) => {
        const bytes = packBytes.get(name);
        if (!bytes) throw new Error(`no pack ${name}`);
        return bytes;
      },
    }) as Promise<LooseBible>;

  /** Every verse id of the KJV grid, so walks land on real verses and on every book. */
  const gridIds = () => {
    const ids: number[] = [];
    const grid = warm.meta.versification.chapterVerses;
    for (let b = 0; b < grid.length; b++)
      for (let c = 0; c < grid[b].length; c++)
        for (let v = 1; v <= grid[b][c] + 1; v++) ids.push((b + 1) * 1e6 + (c + 1) * 1e3 + v);
    return ids;
  };

  it('random walks over every translation answer as a cold engine does, verse by verse', async () => {
    const ids = gridIds();
    const versions = warm.meta.versions.map((v) => v.versionId);
    const reference = await cold();
    // The reference engine answers each verse after reading a verse far away in every translation, so
    // its block comes from a fresh decode while the walk's engine mostly hits or evicts.
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            at: fc.nat({ max: ids.length - 1 }),
            version: fc.constantFrom(...versions),
            form: fc.constantFrom('string', 'number', 'short'),
            op: fc.constantFrom('GetVerse', 'GetVerse', 'GetChapter', 'GetParallelVerses'),
          }),
          { minLength: 50, maxLength: 400 },
        ),
        async (steps) => {
          for (const step of steps) {
            const id = ids[step.at];
            const verseId =
              step.form === 'number' ? id : step.form === 'short' ? String(id) : String(id).padStart(8, '0');
            if (step.op === 'GetChapter') {
              const params = {
                bookId: Math.floor(id / 1e6),
                chapterId: Math.floor(id / 1e3) % 1e3,
                versionId: step.version,
              };
              let answer: unknown;
              try {
                answer = warm.callSync('GetChapter', params);
              } catch (error) {
                answer = (error as BibleError).code;
              }
              let expected: unknown;
              try {
                expected = await reference.call('GetChapter', params);
              } catch (error) {
                expected = (error as BibleError).code;
              }
              expect(answer).toEqual(expected);
            } else if (step.op === 'GetParallelVerses') {
              expect(warm.callSync('GetParallelVerses', { verseId })).toEqual(
                await reference.call('GetParallelVerses', { verseId }),
              );
            } else {
              const answer = warm.callSync('GetVerse', { verseId, versionId: step.version });
              expect(answer).toEqual(await reference.call('GetVerse', { verseId, versionId: step.version }));
              if (answer.length) expect(answer[0].id).toBe(String(id).padStart(8, '0'));
            }
          }
        },
      ),
      { numRuns: 12, seed: 4242 },
    );
  });

  it('a fresh engine per verse reads the same text the long-running one does', async () => {
    const ids = gridIds();
    const versions = warm.meta.versions.map((v) => v.versionId);
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: ids.length - 1 }), fc.constantFrom(...versions), async (at, versionId) => {
        const verseId = ids[at];
        const fresh = await cold();
        expect(await warm.call('GetVerse', { verseId, versionId })).toEqual(
          await fresh.call('GetVerse', { verseId, versionId }),
        );
      }),
      { numRuns: 60, seed: 99 },
    );
  });

  it('scanning whole translations (every block decoded and most evicted) keeps each verse`s text', async () => {
    const fresh = await cold();
    const grid = warm.meta.versification.chapterVerses;
    for (const versionId of ['kjv', 'svd', 'rv1909']) {
      // Forward through every chapter, then the same verses backwards through another engine.
      const forward = new Map<string, string>();
      for (let b = 0; b < grid.length; b++)
        for (let c = 0; c < grid[b].length; c++)
          for (const row of warm.callSync('GetChapter', { bookId: b + 1, chapterId: c + 1, versionId }))
            forward.set(row.id, row.t);
      const ids = [...forward.keys()].reverse();
      for (let i = 0; i < ids.length; i += 7) {
        const [row] = await fresh.call('GetVerse', { verseId: ids[i], versionId });
        expect(row?.t, `${versionId} ${ids[i]}`).toBe(forward.get(ids[i]));
      }
    }
  });
});

describe('through the HTTP server', () => {
  let server: BibleServer;
  let base: string;
  beforeAll(async () => {
    server = await startServer();
    base = server.url;
  });
  afterAll(() => server.close());

  it.each([
    ['verseId=43003016&versionId=kjv', 200],
    ['verseId=1001001&versionId=KJV', 200],
    ['verseId=43003016&versionId=t_kjv&unknown=1', 200],
    ['verseId=%2043003016&versionId=kjv', 400],
    ['verseId=43003016+&versionId=kjv', 400],
    ['verseId=4.3003016e7&versionId=kjv', 400],
    ['verseId=0x2902118&versionId=kjv', 400],
    ['verseId=-43003016&versionId=kjv', 400],
    ['verseId=NaN&versionId=kjv', 400],
    ['verseId=Infinity&versionId=kjv', 400],
    ['verseId=%D9%A4%D9%A3%D9%A0%D9%A0%D9%A3%D9%A0%D9%A1%D9%A6&versionId=kjv', 200], // Arabic-Indic digits
    // A repeated parameter takes its last value, as on the hosted service.
    ['verseId=43003017&verseId=43003016', 200],
    ['verseId[]=43003016', 400],
    ['verseId=&versionId=kjv', 400],
    ['versionId=kjv', 400],
    ['verseId=43003016&versionId=nope', 400],
    ['verseId=43003000', 400],
  ])('GetVerse?%s answers %d', async (query, status) => {
    const answer = await get(base, `/GetVerse?${query}`);
    expect(answer.status, answer.text).toBe(status);
    if (status === 200) expect(answer.json()).toHaveLength(1);
    else expect(answer.json().error.code).toMatch(/^(INVALID|MISSING)_PARAMETER$/);
  });

  it('answers what the engine answers, however often a client asks after changing earlier answers', async () => {
    const b = await bible();
    for (const verseId of ['01001001', '43003016', '66022021', '19119176', '40017021']) {
      for (const versionId of ['kjv', 'web', 'asv', 'svd']) {
        const first = await get(base, `/GetVerse?verseId=${verseId}&versionId=${versionId}`);
        const parsed = first.json();
        if (parsed[0]) parsed[0].t = 'changed';
        const again = await get(base, `/GetVerse?verseId=${verseId}&versionId=${versionId}`);
        expect(again.json()).toEqual(await b.call('GetVerse', { verseId, versionId }));
      }
    }
    const chapter = await get(base, '/GetChapter?bookId=John&chapterId=3&versionId=KJV');
    expect(chapter.json()).toEqual(await b.call('GetChapter', { bookId: 43, chapterId: 3, versionId: 'kjv' }));
    const bad = await get(base, '/GetChapter?bookId=43&chapterId=0');
    expect([bad.status, bad.json().error.param]).toEqual([400, 'chapterId']);
    const parallel = await get(base, '/GetParallelVerses?verseId=64001015');
    expect(parallel.json()).toEqual(await b.call('GetParallelVerses', { verseId: '64001015' }));
  });

  it('many clients at once across translations and books each get their own verse', async () => {
    const b = await bible();
    const versions = b.meta.versions.map((v) => v.versionId);
    const asks = Array.from({ length: 120 }, (_, i) => ({
      verseId: String((1 + ((i * 7) % 66)) * 1e6 + 1001 + (i % 3)).padStart(8, '0'),
      versionId: versions[i % versions.length],
    }));
    const answers = await Promise.all(
      asks.map((ask) => get(base, `/GetVerse?verseId=${ask.verseId}&versionId=${ask.versionId}`)),
    );
    for (const [i, answer] of answers.entries()) {
      expect(answer.status).toBe(200);
      expect(answer.json()).toEqual(await b.call('GetVerse', asks[i]));
    }
  });
});

describe('through the CLI', () => {
  const cli = async (...args: string[]) => {
    try {
      const { stdout } = await run(process.execPath, [CLI, ...args]);
      return { code: 0, out: JSON.parse(stdout), err: undefined };
    } catch (error) {
      const e = error as { code: number; stderr: string };
      return { code: e.code, out: undefined, err: JSON.parse(e.stderr.trim().split('\n').at(-1)!).error };
    }
  };

  it('answers and refuses as the engine does', async () => {
    const b = await bible();
    const ok = await cli('GetVerse', 'verseId=1001001', 'versionId=T_KJV');
    expect(ok.code).toBe(0);
    expect(ok.out).toEqual(await b.call('GetVerse', { verseId: '01001001', versionId: 'kjv' }));
    for (const [args, param] of [
      [['verseId=43003016.0'], 'verseId'],
      [['verseId= 43003016'], 'verseId'],
      [['verseId=0x2902118'], 'verseId'],
      [['verseId=43003016', 'versionId=nope'], 'versionId'],
      [['verseId=43003016', 'versionID=kjv'], 'versionID'],
    ] as const) {
      const refused = await cli('GetVerse', ...args);
      expect(refused.code, args.join(' ')).toBe(2);
      expect(refused.err.code).toBe('INVALID_PARAMETER');
      expect(refused.err.param).toBe(param);
    }
    const missing = await cli('GetChapter', 'bookId=43');
    expect([missing.code, missing.err.code, missing.err.param]).toEqual([2, 'MISSING_PARAMETER', 'chapterId']);
  });
});

describe('a second engine', () => {
  it('shares no record with the first: freezing one engine`s rows reaches no other', async () => {
    const a = (await openNode()) as unknown as LooseBible;
    const b = (await openNode()) as unknown as LooseBible;
    const [rowA] = await a.call('GetVerse', { verseId: '43003016', versionId: 'kjv' });
    const [rowB] = await b.call('GetVerse', { verseId: '43003016', versionId: 'kjv' });
    expect(rowA).toEqual(rowB);
    expect(rowA).not.toBe(rowB);
  });
});
