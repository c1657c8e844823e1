// GetSearch, GetSearchAdvanced, GetSearchCount (and GetRandomVerse's limitToQuery) on the compiled
// corpus, in English (KJV), Spanish (RV1909) and Arabic (SVD).
import { describe, expect, it } from 'vitest';
import { normalizeText } from '../../engine/core/match.ts';
import { bible, callError } from '../helpers.ts';

interface Row {
  id: string;
  b: string;
  c: string;
  v: string;
  t: string;
}

describe('search', async () => {
  const b = await bible();
  const search = (params: Record<string, unknown>) => b.call('GetSearch', params as never) as Promise<Row[]>;
  const advanced = (params: Record<string, unknown>) => b.call('GetSearchAdvanced', params as never) as Promise<Row[]>;
  const count = async (params: Record<string, unknown>) =>
    ((await b.call('GetSearchCount', params as never)) as { searchCount: number }).searchCount;
  const ids = (rows: Row[]) => rows.map((r) => r.id);
  /** The row's text, folded the way matching sees it, padded so whole words are " word ". */
  const folded = (r: Row) => ` ${normalizeText(r.t)} `;

  it('answers verse rows {id, b, c, v, t} in canonical order', async () => {
    const rows = await search({ query: 'Jesus wept' });
    expect(rows).toEqual([{ id: '43011035', b: '43', c: '11', v: '35', t: 'Jesus wept.' }]);
    const love = await search({ query: 'love' });
    expect(love.length).toBeGreaterThan(200);
    expect(ids(love)).toEqual([...ids(love)].sort());
    for (const r of love) expect(Object.keys(r)).toEqual(['id', 'b', 'c', 'v', 't']);
  });

  describe('English (KJV)', () => {
    it('matches whole words, ignoring case', async () => {
      const love = await search({ query: 'love' });
      expect(love.length).toBe(281);
      for (const r of love) expect(r.t).toMatch(/\blove\b/i);
      expect(await search({ query: 'LOVE' })).toEqual(love);
      expect(await count({ query: 'begotten' })).toBe(24); // doubled letters are kept: "begoten" is not a word of the KJV
      expect(await count({ query: 'begoten' })).toBe(0);
      expect(await search({ query: 'lov' })).toEqual([]); // a fragment is not a word
    });

    it('matches multi-word queries as a phrase, in order', async () => {
      const rows = await search({ query: 'kingdom of heaven' });
      expect(rows.length).toBe(32);
      for (const r of rows) {
        expect(r.b).toBe('40');
        expect(folded(r)).toMatch(/ kingdom of heaven[ ']/); // "the kingdom of heaven’s sake" too
      }
      expect(await search({ query: 'heaven of kingdom' })).toEqual([]);
      expect(ids(await search({ query: 'In the beginning God' }))).toEqual(['01001001']);
    });

    it('ignores punctuation in queries and text', async () => {
      expect(ids(await search({ query: 'Jesus wept.' }))).toEqual(['43011035']);
      expect(await search({ query: 'kingdom, of heaven!' })).toEqual(await search({ query: 'kingdom of heaven' }));
      expect(await count({ query: "LORD'S" })).toBe(await count({ query: 'LORD’S' }));
      expect(await count({ query: "LORD'S" })).toBe(131); // the possessive only, not "the LORD said"
      expect(await count({ query: 'Jesus’' })).toBe(10); // the possessives, not every "Jesus"
      expect(await count({ query: 'Jesus' })).toBe(943); // a word ends before an apostrophe: Jesus’ counts
      // "earth. And" spans a sentence end in Genesis 1:2's neighbourhood: punctuation never blocks a phrase
      expect(ids(await search({ query: 'without form, and void;' }))).toContain('01001002');
    });

    it('finds substrings with matchType broad, whole words with exact (the default)', async () => {
      const broad = await advanced({ query: 'ingdom of hea', matchType: 'broad' });
      expect(ids(broad)).toEqual(ids(await search({ query: 'kingdom of heaven' })));
      expect(await advanced({ query: 'ingdom of hea', matchType: 'exact' })).toEqual([]);
      expect(await advanced({ query: 'ingdom of hea' })).toEqual([]);
      const loveBroad = await advanced({ query: 'love', matchType: 'broad' });
      for (const r of loveBroad) expect(r.t.toLowerCase()).toContain('love');
      expect(loveBroad.length).toBeGreaterThan(281); // loved, beloved, lovingkindness...
      expect(ids(loveBroad)).toEqual(expect.arrayContaining(ids(await search({ query: 'love' }))));
      expect(await advanced({ query: 'love' })).toEqual(await search({ query: 'love' }));
      // a fragment the index cannot narrow down (most words hold "th"): answered by a scan, still exact
      const th = await advanced({ query: 'th', matchType: 'broad', limitToBookId: 19, limitToChapterId: 23 });
      expect(ids(th)).toEqual(['19023001', '19023002', '19023003', '19023004', '19023005', '19023006']);
    });

    it('excludes verses containing excludeString, matched like the query', async () => {
      const all = await advanced({ query: 'kingdom of heaven' });
      const exact = await advanced({ query: 'kingdom of heaven', excludeString: 'like' });
      expect(exact.length).toBe(24);
      for (const r of exact) expect(folded(r)).not.toContain(' like ');
      expect(all.length - exact.length).toBe(all.filter((r) => folded(r).includes(' like ')).length);
      const broad = await advanced({ query: 'kingdom of heaven', matchType: 'broad', excludeString: 'lik' });
      expect(broad.length).toBe(21); // likened, likewise too
      for (const r of broad) expect(r.t.toLowerCase()).not.toContain('lik');
      expect(await advanced({ query: 'kingdom of heaven', excludeString: '...' })).toEqual(all); // nothing to exclude
      expect(await advanced({ query: 'Jesus wept', excludeString: 'WEPT' })).toEqual([]);
    });

    it('honours every limit: book, testament, chapter', async () => {
      const book = await advanced({ query: 'Jesus', limitToBookId: 43 });
      expect(book.length).toBeGreaterThan(200);
      for (const r of book) expect(r.b).toBe('43');
      expect(await advanced({ query: 'Jesus', limitToBookId: 'ot' })).toEqual([]);
      const nt = await advanced({ query: 'Jesus', limitToBookId: 'NT' });
      expect(nt.length).toBe(await count({ query: 'Jesus' }));
      const ot = await advanced({ query: 'Moses', limitToBookId: 'ot' });
      for (const r of ot) expect(Number(r.b)).toBeLessThan(40);
      expect(ot.length + (await advanced({ query: 'Moses', limitToBookId: 'nt' })).length).toBe(
        await count({ query: 'Moses' }),
      );
      const chapter = await advanced({ query: 'Jesus', limitToBookId: 43, limitToChapterId: 11 });
      expect(chapter.length).toBe(24);
      for (const r of chapter) {
        expect(r.b).toBe('43');
        expect(r.c).toBe('11');
      }
      expect(await advanced({ query: 'love', limitToBookId: 43, limitToChapterId: 3 })).toEqual([]); // "loved" only
    });

    it('refuses a chapter limit with ot / nt or without a book, and chapters a book lacks', async () => {
      for (const limitToBookId of ['ot', 'nt']) {
        const error = await callError('GetSearchAdvanced', { query: 'love', limitToBookId, limitToChapterId: 3 });
        expect(error.param).toBe('limitToChapterId');
        expect(error.message).toMatch(/book number/);
      }
      expect((await callError('GetSearchAdvanced', { query: 'love', limitToChapterId: 3 })).param).toBe(
        'limitToChapterId',
      );
      expect(
        (await callError('GetSearchAdvanced', { query: 'love', limitToBookId: 19, limitToChapterId: 151 })).param,
      ).toBe('limitToChapterId');
      expect(
        (await callError('GetSearchAdvanced', { query: 'love', limitToBookId: 57, limitToChapterId: 2 })).param,
      ).toBe('limitToChapterId');
    });
  });

  describe('Spanish (RV1909)', () => {
    const es = { versionId: 'rv1909' };
    it('ignores accents: "amo" finds "amó"', async () => {
      const amo = await search({ query: 'amo', ...es });
      expect(amo.length).toBe(69);
      expect(amo.some((r) => /(^|\P{L})amó(\P{L}|$)/iu.test(r.t))).toBe(true);
      expect(amo.some((r) => /(^|\P{L})amo(\P{L}|$)/iu.test(r.t))).toBe(true);
      for (const r of amo) expect(folded(r)).toContain(' amo ');
      expect(await search({ query: 'AMÓ', ...es })).toEqual(amo);
      expect(await count({ query: 'amó', ...es })).toBe(69);
    });

    it('matches phrases with or without accents and punctuation', async () => {
      const accented = await search({ query: 'Porque de tal manera amó Dios al mundo', ...es });
      expect(ids(accented)).toEqual(['43003016']);
      expect(await search({ query: 'porque de tal manera amo dios al mundo', ...es })).toEqual(accented);
      expect(ids(await search({ query: '¿No tiene el día doce horas?', ...es }))).toEqual(['43011009']);
      expect(await search({ query: '¿¡!?', ...es })).toEqual([]);
    });

    it('finds substrings, excludes and limits', async () => {
      const broad = await advanced({ query: 'unigeni', matchType: 'broad', ...es });
      expect(ids(broad)).toContain('43003016');
      for (const r of broad) expect(normalizeText(r.t)).toContain('unigeni');
      expect(await advanced({ query: 'unigeni', ...es })).toEqual([]);
      const chapter = await advanced({ query: 'Jesús', limitToBookId: 43, limitToChapterId: 11, ...es });
      expect(chapter.length).toBe(24);
      const withoutLazarus = await advanced({
        query: 'Jesus',
        limitToBookId: 43,
        limitToChapterId: 11,
        excludeString: 'lazaro',
        ...es,
      });
      expect(withoutLazarus.length).toBe(chapter.filter((r) => !/Lázaro/i.test(r.t)).length);
      expect(withoutLazarus.length).toBeLessThan(chapter.length);
      for (const r of await advanced({ query: 'Jesús', limitToBookId: 'ot', ...es }))
        expect(Number(r.b)).toBeLessThan(40);
    });
  });

  describe('Arabic (SVD)', () => {
    const ar = { versionId: 'svd' };
    it('ignores vowel marks and shadda: an unvowelled word finds its vowelled form', async () => {
      const plain = await search({ query: 'محبة', ...ar });
      expect(plain.length).toBe(39);
      expect(plain.every((r) => /[\u064b-\u0652]/.test(r.t))).toBe(true); // the text itself is vowelled
      expect(await search({ query: 'مَحَبَّة', ...ar })).toEqual(plain);
      expect(await search({ query: 'مَحَبَّةٌ.', ...ar })).toEqual(plain);
    });

    it('folds hamza seats, alef forms and teh marbuta, in phrases', async () => {
      const john316 = await search({ query: 'لأنه هكذا أحب الله العالم', ...ar });
      expect(ids(john316)).toEqual(['43003016']);
      expect(await search({ query: 'لانه هكذا احب الله العالم', ...ar })).toEqual(john316);
      expect(await search({ query: 'لأَنَّهُ هكَذَا أَحَبَّ اللهُ الْعَالَمَ', ...ar })).toEqual(john316);
      expect(ids(await search({ query: 'في البدء خلق الله السماوات والارض', ...ar }))).toEqual(['01001001']);
      expect(await count({ query: 'الأرض', ...ar })).toBe(await count({ query: 'الارض', ...ar }));
      expect(await count({ query: 'موسى', ...ar })).toBe(await count({ query: 'موسي', ...ar }));
      expect(await count({ query: '،؟.', ...ar })).toBe(0);
    });

    it('finds substrings, excludes and limits', async () => {
      const broad = await advanced({ query: 'محبة', matchType: 'broad', ...ar });
      expect(broad.length).toBe(108); // المحبة, بمحبته...
      expect(ids(broad)).toEqual(expect.arrayContaining(ids(await search({ query: 'محبة', ...ar }))));
      const chapter = await advanced({ query: 'يسوع', limitToBookId: 43, limitToChapterId: 11, ...ar });
      expect(chapter.length).toBe(23);
      for (const r of chapter) expect(r.id.slice(0, 5)).toBe('43011');
      const excluded = await advanced({
        query: 'يسوع',
        limitToBookId: 43,
        limitToChapterId: 11,
        excludeString: 'قال',
        ...ar,
      });
      for (const r of excluded) expect(folded(r)).not.toContain(' قال ');
      expect(excluded.length).toBeLessThan(chapter.length);
      expect(await advanced({ query: 'يسوع', limitToBookId: 'ot', ...ar })).toEqual([]);
    });
  });

  it('finds a word spelt with æ by either spelling, in the translations that print it either way', async () => {
    // The ASV prints "Cæsar" where the WEB prints "Caesar" (Matthew 22:21 in both).
    for (const versionId of ['asv', 'web']) {
      const plain = await search({ query: 'caesar', versionId });
      expect(plain.map((r) => r.id)).toContain('40022021');
      expect(await count({ query: 'Cæsar', versionId })).toBe(plain.length);
      expect(await count({ query: 'CÆSAR', versionId })).toBe(plain.length);
    }
    const [row] = (await search({ query: 'render unto caesar', versionId: 'asv', highlight: true })) as (Row & {
      highlights: [number, number][];
    })[];
    const [[start, end]] = row.highlights;
    expect(row.t.slice(start, end)).toBe('Render unto Cæsar'); // Mark 12:17, the first to hold the phrase
  });

  it('GetSearchCount is the length of GetSearch in every language', async () => {
    const cases: [string, string][] = [
      ['kjv', 'love'],
      ['kjv', 'kingdom of heaven'],
      ['kjv', 'the'],
      ['web', 'Jesus'],
      ['rv1909', 'amó'],
      ['svd', 'الله'],
      ['ylt', 'begat'],
      ['kjv', '?!'],
    ];
    for (const [versionId, query] of cases) {
      expect(await count({ query, versionId })).toBe((await search({ query, versionId })).length);
    }
  });

  it('pages with limit and offset without changing the default', async () => {
    const all = await search({ query: 'in the beginning' });
    expect(all.length).toBeGreaterThan(5);
    expect(await search({ query: 'in the beginning', limit: 2 })).toEqual(all.slice(0, 2));
    expect(await search({ query: 'in the beginning', limit: 2, offset: 3 })).toEqual(all.slice(3, 5));
    expect(await search({ query: 'in the beginning', offset: all.length })).toEqual([]);
    expect(await advanced({ query: 'Jesus', limitToBookId: 43, limit: 3, offset: 1 })).toEqual(
      (await advanced({ query: 'Jesus', limitToBookId: 43 })).slice(1, 4),
    );
    expect((await callError('GetSearch', { query: 'love', limit: 0 })).param).toBe('limit');
  });

  it('adds highlight spans on request, in the original text, in every language', async () => {
    const plain = await search({ query: 'love' });
    const marked = (await b.call('GetSearch', { query: 'love', highlight: 'true' })) as (Row & {
      highlights: [number, number][];
    })[];
    expect(marked.map(({ highlights, ...row }) => row)).toEqual(plain);
    expect(await search({ query: 'love', highlight: 'false' })).toEqual(plain);
    for (const r of marked) {
      expect(r.highlights.length).toBeGreaterThan(0);
      for (const [s, e] of r.highlights) expect(r.t.slice(s, e).toLowerCase()).toBe('love');
    }
    const [john] = (await b.call('GetSearch', {
      query: 'amo dios',
      versionId: 'rv1909',
      highlight: 'true',
    })) as (Row & { highlights: [number, number][] })[];
    expect(john.highlights.map(([s, e]) => john.t.slice(s, e))).toEqual(['amó Dios']);
    const [arabic] = (await b.call('GetSearch', {
      query: 'احب الله',
      versionId: 'svd',
      highlight: 'true',
      limit: 1,
    })) as (Row & { highlights: [number, number][] })[];
    for (const [s, e] of arabic.highlights) expect(normalizeText(arabic.t.slice(s, e))).toBe('احب الله');
    expect(arabic.t.slice(...arabic.highlights[0])).toMatch(/[\u064b-\u0652]$/); // the last letter's vowel mark is inside
    const broad = (await b.call('GetSearchAdvanced', {
      query: 'ingdom of hea',
      matchType: 'broad',
      highlight: 'true',
      limit: 2,
    })) as (Row & { highlights: [number, number][] })[];
    for (const r of broad) expect(r.highlights.map(([s, e]) => r.t.slice(s, e))).toEqual(['ingdom of hea']);
  });

  it('handles queries of punctuation or whitespace only, and 1-character queries', async () => {
    for (const query of ['?!', '...', '——', '«»', '"\'', ' ¿? ']) {
      expect(await search({ query })).toEqual([]);
      expect(await count({ query })).toBe(0);
      expect(await advanced({ query, matchType: 'broad' })).toEqual([]);
    }
    for (const op of ['GetSearch', 'GetSearchAdvanced', 'GetSearchCount']) {
      const error = await callError(op, { query: '   ' });
      expect(error.code).toBe('INVALID_PARAMETER');
      expect(error.param).toBe('query');
      expect((await callError(op, {})).code).toBe('MISSING_PARAMETER');
    }
    for (const query of ['a', ' a ', 'é', 'ا']) {
      const error = await callError('GetSearchAdvanced', { query, matchType: 'broad' });
      expect(error.param).toBe('query');
      expect(error.message).toMatch(/at least 2 characters/);
    }
    // GetSearch takes single characters: "a" is a word
    expect((await search({ query: 'a' })).length).toBeGreaterThan(1000);
    expect((await search({ query: 'A' })).length).toBe((await search({ query: 'a' })).length);
  });

  it('treats words that are also object keys as words', async () => {
    for (const query of ['constructor', '__proto__', 'hasOwnProperty', 'toString', 'prototype']) {
      expect(await search({ query })).toEqual([]);
      expect(await advanced({ query, matchType: 'broad' })).toEqual([]);
    }
    expect(await count({ query: 'the constructor' })).toBe(0);
  });

  it('refuses unknown versions and bad matchType', async () => {
    for (const op of ['GetSearch', 'GetSearchAdvanced', 'GetSearchCount']) {
      for (const versionId of ['niv', 'esv', 'kjv2', '']) {
        if (versionId === '') continue; // an empty optional value means "default" (kjv)
        const error = await callError(op, { query: 'love', versionId });
        expect(error.code).toBe('INVALID_PARAMETER');
        expect(error.param).toBe('versionId');
      }
    }
    expect((await callError('GetSearchAdvanced', { query: 'love', matchType: 'fuzzy' })).param).toBe('matchType');
    expect(await search({ query: 'love', versionId: 'T_KJV' })).toEqual(await search({ query: 'love' }));
  });

  it('GetRandomVerse limitToQuery uses the same matching', async () => {
    expect((await b.GetRandomVerse({ limitToQuery: 'Jesus wept.' }))[0].id).toBe('43011035');
    const allowed = new Set(ids(await search({ query: 'amó', versionId: 'rv1909' })));
    for (let seed = 0; seed < 40; seed++) {
      const [pick] = await b.GetRandomVerse({ limitToQuery: 'AMO', versionId: 'rv1909', seed });
      expect(allowed.has(pick.id)).toBe(true);
    }
    const arabic = new Set(ids(await advanced({ query: 'محبة', versionId: 'svd', limitToBookId: 62 })));
    for (let seed = 0; seed < 20; seed++) {
      const [pick] = await b.GetRandomVerse({ limitToQuery: 'مَحَبَّة', versionId: 'svd', limitToBookId: 62, seed });
      expect(arabic.has(pick.id)).toBe(true);
    }
    expect((await callError('GetRandomVerse', { limitToQuery: 'lov' })).param).toBe('limitToQuery'); // not a word
    expect((await callError('GetRandomVerse', { limitToQuery: '?!' })).param).toBe('limitToQuery');
  });

  it('lists the three operations in GetEndpoints', async () => {
    const endpoints = (await b.call('GetEndpoints')) as Record<string, { params: string[] }>;
    const byName = new Map(Object.entries(endpoints).map(([name, e]) => [name, e.params]));
    expect(byName.get('GetSearch')).toEqual(['query', 'versionId', 'limit', 'offset', 'highlight']);
    expect(byName.get('GetSearchAdvanced')).toEqual([
      'query',
      'versionId',
      'matchType',
      'excludeString',
      'limitToBookId',
      'limitToChapterId',
      'limit',
      'offset',
      'highlight',
    ]);
    expect(byName.get('GetSearchCount')).toEqual(['query', 'versionId']);
  });
});
