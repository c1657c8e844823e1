// The range-coded posting lists against inputs made to break them: odd lists and keys round-tripped
// through the coder (and the UTF-8 the pack stores the keys in), lists the encoder must refuse, garbage
// and a damaged index in the extra-biblical pack (which must be refused naming the pack, never hang or
// answer wrongly), and the search operations against a plain scan of every translation and the
// extra-biblical books.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { assemblePack, layoutBlocks, layoutPack, type SectionValue, zlibDeflate } from '../../compiler/pack/writer.ts';
import { open } from '../../engine/core/index.ts';
import { queryMatcher } from '../../engine/core/match.ts';
import { RangeDecoder } from '../../engine/core/pack/range-coding.ts';
import { readPack } from '../read-pack.ts';
import { EXTRABIBLICAL_PACK } from '../../engine/core/pack/schemas.ts';
import { decodePostings, encodePostings } from '../../engine/core/search/postings.ts';
import { openNode } from '../../engine/node/loader.ts';

const DATA = join(import.meta.dirname, '../../dist/data');
const packFile = (name: string) => new Uint8Array(readFileSync(join(DATA, `${name}.pack`)));

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

/** Encodes, sends the terms through UTF-8 as a pack does, decodes: key -> rows. */
function roundTrip(lists: Map<string, number[]>, size: number): Map<string, number[]> {
  const { terms, ids, postings } = encodePostings(lists);
  const index = decodePostings(fromUtf8.decode(utf8.encode(terms)), ids, postings, size);
  return new Map(index.terms.map((key, k) => [key, [...index.list(k)]]));
}

const sortedUnique = (rows: number[]) => [...new Set(rows)].sort((a, b) => a - b);

describe('encodePostings and decodePostings round-trip odd lists', () => {
  it.each([
    ['no keys', new Map<string, number[]>(), 10],
    ['a key with no rows', new Map([['a', []]]), 10],
    ['row 0 alone', new Map([['a', [0]]]), 1],
    ['rows 0 and the largest', new Map([['a', [0, 2 ** 32 - 1]]]), 2 ** 32],
    ['the largest row alone', new Map([['z', [2 ** 32 - 1]]]), 2 ** 32],
    ['every row', new Map([['a', Array.from({ length: 1000 }, (_, i) => i)]]), 1000],
    ['100k rows with gaps', new Map([['x', Array.from({ length: 100_000 }, (_, i) => i * 3 + (i % 2))]]), 300_001],
    ['huge gaps', new Map([['g', [1, 2 ** 24 + 1, 2 ** 30, 2 ** 31 + 7, 2 ** 32 - 2]]]), 2 ** 32],
    [
      'a key of one character',
      new Map([
        ['a', [3]],
        ['b', [1, 2]],
      ]),
      4,
    ],
    [
      'keys sharing more than one character can say',
      new Map([
        ['a'.repeat(0xd100), [1]],
        [`${'a'.repeat(0xd100)}b`, [2]],
        [`${'a'.repeat(0xd100)}c`, [0, 2]],
      ]),
      3,
    ],
    [
      'Arabic with marks, Greek and emoji',
      new Map([
        ['بِسْمِ', [0]],
        ['بِسْمِٱللَّهِ', [1]],
        ['بِسْ', [2]],
        ['ἐν', [0, 2]],
        ['ἐνἀρχῇ', [1]],
        ['😀', [0]],
        ['😀😁', [1]],
        ['😀a', [2]],
        ['😁', [0, 1, 2]],
        ['\u{10000}', [1]],
        ['\u{10001}', [2]],
      ]),
      3,
    ],
  ])('%s', (_name, lists, size) => {
    expect(roundTrip(lists, size)).toEqual(new Map([...lists].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
  });

  it('any keys (shared prefixes, marks, astral characters) with any ascending rows', () => {
    const alphabet = fc.constantFrom('a', 'b', "'", 'ب', '\u0650', '\u0652', 'ἐ', 'ῇ', '😀', '😁', '\u{10000}', 'ñ');
    const key = fc
      .tuple(
        fc.constantFrom('', 'ab', 'بِسْ', '😀😀', 'a'.repeat(300)),
        fc.array(alphabet, { minLength: 1, maxLength: 6 }),
      )
      .map(([prefix, chars]) => prefix + chars.join(''));
    const rows = fc.oneof(
      fc.array(fc.nat({ max: 50 }), { maxLength: 40 }),
      fc.array(fc.nat({ max: 2 ** 32 - 1 }), { maxLength: 40 }),
      fc
        .tuple(fc.nat({ max: 1000 }), fc.nat({ max: 500 }))
        .map(([from, n]) => Array.from({ length: n }, (_, i) => from + i)),
    );
    fc.assert(
      fc.property(fc.dictionary(key, rows, { maxKeys: 30 }), (dictionary) => {
        const lists = new Map(Object.entries(dictionary).map(([k, r]) => [k, sortedUnique(r)]));
        const back = roundTrip(lists, 2 ** 32);
        expect(back.size).toBe(lists.size);
        for (const [k, r] of lists) expect(back.get(k)).toEqual(r);
      }),
      { numRuns: 300 },
    );
  });
});

describe('encodePostings refuses what it cannot code', () => {
  it.each([
    ['a row twice', [1, 1]],
    ['rows out of order', [2, 1]],
    ['a negative row', [-1]],
    ['a fraction', [1.5]],
    ['NaN', [Number.NaN]],
    ['a hole', [1, undefined as unknown as number, 3]],
    ['a string', ['1', '2'] as unknown as number[]],
    // Read back into a Uint32Array, 2^32 came back as 0.
    ['a row past 32 bits', [0, 2 ** 32]],
    ['a row of 2^40', [5, 2 ** 40]],
  ])('%s', (_name, rows) => {
    expect(() => encodePostings(new Map([['a', rows]]))).toThrow(/posting rows of "a"/);
  });

  it.each([
    ['an empty key', ''],
    ['a key holding a line break', 'a\nb'],
    ['a key holding a space', 'a b'],
    // UTF-8 turned it into U+FFFD: the rows came back under another key.
    ['a key holding half a surrogate pair', 'a\ud800'],
    ['a key holding a lone low surrogate', '\udc00b'],
  ])('%s', (_name, key) => {
    expect(() => encodePostings(new Map([[key, [1]]]))).toThrow(/posting key/);
  });

  it('any list that is not strictly ascending', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 100 }), { minLength: 2, maxLength: 20 }), (rows) => {
        fc.pre(rows.some((r, j) => j > 0 && r <= rows[j - 1]));
        expect(() => encodePostings(new Map([['k', rows]]))).toThrow(/not ascending/);
      }),
    );
  });
});

describe('decodePostings on garbage', () => {
  const sample = encodePostings(
    new Map([
      ['and', [0, 1, 2, 5, 9]],
      ['god', [0, 3]],
      ['love', [4, 7, 8]],
    ]),
  );

  /** Decodes, and when that succeeds checks every list is ascending and within the rows. */
  const decodesSanely = (terms: string, ids: Uint8Array, postings: number, size: number) => {
    let index: ReturnType<typeof decodePostings>;
    try {
      index = decodePostings(terms, ids, postings, size);
    } catch (error) {
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(/posting|index/);
      return;
    }
    for (let k = 0; k < index.terms.length; k++) {
      const list = index.list(k);
      for (let j = 0; j < list.length; j++) {
        expect(list[j]).toBeLessThan(size);
        if (j > 0) expect(list[j]).toBeGreaterThan(list[j - 1]);
      }
    }
  };

  it('random bytes, counts and sizes (sizes past 2^24 take the two-step path) end with an error or sane lists', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 64 }),
        fc.nat({ max: 5000 }),
        fc.oneof(fc.nat({ max: 20 }), fc.constantFrom(2 ** 24 + 1, 2 ** 30, 2 ** 32)),
        (ids, postings, size) => decodesSanely(sample.terms, ids, postings, size),
      ),
      { numRuns: 2000 },
    );
  });

  it('a uniform value past 2^24 read from damaged bytes is refused, not returned beyond its size', () => {
    // Two steps (a high part in [0, 2), then 24 bits) could say up to 2^25 - 1 for a size of 2^24 + 1.
    expect(() => new RangeDecoder(new Uint8Array(16).fill(255)).uniform(2 ** 24 + 1)).toThrow(RangeError);
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 6, maxLength: 16 }),
        fc.integer({ min: 2 ** 24 + 1, max: 2 ** 32 }),
        (bytes, size) => {
          try {
            expect(new RangeDecoder(bytes).uniform(size)).toBeLessThan(size);
          } catch (error) {
            expect(error).toBeInstanceOf(RangeError);
          }
        },
      ),
    );
  });

  it('a flipped bit in a real stream', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat({ max: 7 }), (at, bit) => {
        const ids = sample.ids.slice();
        ids[at % ids.length] ^= 1 << bit;
        decodesSanely(sample.terms, ids, sample.postings, 10);
      }),
    );
  });

  it.each([
    ['a negative count', -1],
    ['a fraction', 1.5],
    ['a string', '10' as unknown as number],
    // Allocated 8 GB before finding that the ids hold ten postings.
    ['two billion postings', 2 ** 31],
    ['more postings than keys times rows', 31],
  ])('postings given as %s are refused before anything is allocated', (_name, postings) => {
    expect(() => decodePostings(sample.terms, sample.ids, postings, 10)).toThrow(/the index says it holds/);
  });

  it.each([
    ['keys out of order', '0love\n0god'],
    ['a key twice', '0god\n3'],
    ['an empty key', '0god\n0'],
  ])('terms with %s are refused (lookups binary-search them)', (_name, terms) => {
    expect(() => decodePostings(terms, sample.ids, 2, 10)).toThrow(/posting key 1 is empty or out of order/);
  });
});

describe('a damaged word index in the extra-biblical pack answers NOT_AVAILABLE naming the pack', () => {
  const original = readPack(EXTRABIBLICAL_PACK.name, packFile(EXTRABIBLICAL_PACK.name));
  const info = original.json<Record<string, unknown>>('searchInfo');
  const terms = original.text('searchTerms');
  const ids = original.bytes('searchIds');
  const read = { json: 'json', utf8: 'text', bytes: 'bytes', u32: 'u32', u16: 'u16' } as const;
  // Every other section as built: only the index differs from the real pack.
  const rest = Object.fromEntries(
    Object.entries(EXTRABIBLICAL_PACK.sections)
      .filter(([name]) => !name.startsWith('search'))
      .map(([name, { kind }]) => [name, { kind, data: original[read[kind]](name) }]),
  ) as Record<string, SectionValue>;
  // The other sections are laid out and deflated once: deflating the whole pack again for every case
  // would take most of this file's time.
  const restLayout = layoutPack(rest, original.declaration);
  const restDeflated = layoutBlocks(restLayout).map(zlibDeflate);
  const repack = (i: unknown, t: string, b: Uint8Array) => {
    const index = layoutPack(
      {
        searchInfo: { kind: 'json', data: i },
        searchTerms: { kind: 'utf8', data: t },
        searchIds: { kind: 'bytes', data: b },
      },
      original.declaration,
    );
    return assemblePack({ ...restLayout, sections: [...restLayout.sections, ...index.sections] }, [
      ...restDeflated,
      ...layoutBlocks(index).map(zlibDeflate),
    ]);
  };

  /** GetSearchExtraBiblical for a word and a phrase, with the extra-biblical pack served from `pack`. */
  async function ask(pack: Uint8Array) {
    const bible = await open({ loader: async (name) => (name === EXTRABIBLICAL_PACK.name ? pack : packFile(name)) });
    const settle = async (query: string) => {
      try {
        return { value: await bible.call('GetSearchExtraBiblical', { query }) };
      } catch (error) {
        return { error: error as { code?: string; message: string } };
      }
    };
    return { count: await settle('love'), hits: await settle('son of man') };
  }

  let good: Awaited<ReturnType<typeof ask>>;
  beforeAll(async () => {
    good = await ask(repack(info, terms, ids));
    expect(good).toEqual(await ask(packFile(EXTRABIBLICAL_PACK.name)));
    expect((good.count.value as unknown[]).length).toBeGreaterThan(10);
  });

  const expectRefused = (answer: Awaited<ReturnType<typeof ask>>, why: RegExp) => {
    for (const result of [answer.count, answer.hits]) {
      expect(result.error?.code).toBe('NOT_AVAILABLE');
      expect(result.error?.message).toMatch(/pack 'extrabiblical' cannot be used/);
      expect(result.error?.message).toMatch(why);
    }
  };

  it.each([
    // Was a TypeError ("Cannot read properties of null") with no code.
    ['an info of null', () => repack(null, terms, ids), /info is null/],
    ['an info that is a number', () => repack(7, terms, ids), /info is 7/],
    ['a negative posting count', () => repack({ ...info, postings: -1 }, terms, ids), /-1 postings/],
    ['a billion postings', () => repack({ ...info, postings: 1e9 }, terms, ids), /1000000000 postings/],
    [
      'one posting too many',
      () => repack({ ...info, postings: Number(info.postings) + 1 }, terms, ids),
      /do not match/,
    ],
    ['one term too many', () => repack({ ...info, terms: Number(info.terms) + 1 }, terms, ids), /term count/],
    ['ids cut in half', () => repack(info, terms, ids.subarray(0, ids.length >> 1)), /truncated/],
    ['no ids', () => repack(info, terms, new Uint8Array()), /truncated/],
    ['a byte added to the ids', () => repack(info, terms, Uint8Array.from([...ids, 0])), /do not match/],
    ['ids all zeros', () => repack(info, terms, new Uint8Array(ids.length)), /posting ids/],
    ['ids all 0xff', () => repack(info, terms, new Uint8Array(ids.length).fill(255)), /corrupt/],
    ['no terms', () => repack(info, '', ids), /postings of 0 keys/],
    ['the first term dropped', () => repack(info, terms.split('\n').slice(1).join('\n'), ids), /posting key 0/],
    [
      'two terms swapped',
      () => {
        const lines = terms.split('\n');
        // Two keys written out in full, swapped: each still decodes, out of order.
        const full = lines.flatMap((line, i) => (line.startsWith('0') ? [i] : [])).slice(3, 5);
        [lines[full[0]], lines[full[1]]] = [lines[full[1]], lines[full[0]]];
        return repack(info, lines.join('\n'), ids);
      },
      /out of order|shares more/,
    ],
  ])('%s', async (_name, make, why) => {
    expectRefused(await ask(make()), why);
  });

  it('a flipped bit anywhere in the ids: refused, or the right answer', async () => {
    for (let trial = 0; trial < 40; trial++) {
      const damaged = ids.slice();
      const at = (trial * 11587 + 3) % damaged.length;
      damaged[at] ^= 1 << (trial % 8);
      const answer = await ask(repack(info, terms, damaged));
      if (answer.count.error) expectRefused(answer, /posting/);
      else expect(answer).toEqual(good);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// Search answers against a plain scan of the texts with the engine's own matcher.

interface Row {
  id: string;
  t: string;
}

const TRANSLATIONS = ['asv', 'bbe', 'dby', 'kjv', 'kjv1611', 'rv1909', 'svd', 'wbt', 'web', 'ylt'];

describe('search answers match a plain scan', { timeout: 240_000 }, () => {
  let bible: Awaited<ReturnType<typeof openNode>>;
  const texts = new Map<string, Row[]>();
  const extra: { b: string; c: string; v: string; t: string }[] = [];

  beforeAll(async () => {
    bible = await openNode({ dataDir: DATA });
    const call = (name: string, params: Record<string, unknown>) =>
      bible.call(name as never, params as never) as Promise<any>;
    const books: { b: string }[] = await call('GetBooks', {});
    for (const versionId of TRANSLATIONS) {
      const rows: Row[] = [];
      for (const { b } of books) {
        const { chapterCount } = await call('GetChapterCount', { bookId: b, versionId });
        for (let c = 1; c <= chapterCount; c++) {
          try {
            for (const v of await call('GetChapter', { bookId: b, chapterId: c, versionId }))
              rows.push({ id: v.id, t: v.t });
          } catch {
            // a chapter this translation leaves out
          }
        }
      }
      texts.set(versionId, rows);
    }
    for (const { id } of await call('GetBooksExtraBiblical', {})) {
      const { chapterCount } = await call('GetChapterCountExtraBiblical', { bookId: id });
      // Chapters may start at 0 (a prologue) and be numbered past the count (1 Enoch skips 44, ends at 108).
      for (let c = 0; c <= chapterCount + 10; c++) {
        try {
          extra.push(...(await call('GetChapterExtraBiblical', { bookId: id, chapterId: c })));
        } catch {
          // a chapter number the book skips
        }
      }
    }
  }, 240_000);

  /** A query made from a text: a word, a word's start, a phrase, in another case, with its punctuation. */
  const queryFrom = (pick: string, rows: { t: string }[]) =>
    fc
      .record({
        row: fc.nat({ max: rows.length - 1 }),
        word: fc.nat(),
        words: fc.integer({ min: 1, max: 3 }),
        cut: fc.nat({ max: 6 }),
        form: fc.constantFrom('as is', 'upper', 'lower', 'prefix', 'with apostrophe', 'stripped'),
      })
      .map(({ row, word, words, cut, form }) => {
        const all = rows[row].t.split(/\s+/).filter(Boolean);
        const from = word % all.length;
        let q = all.slice(from, from + words).join(' ');
        if (form === 'upper') q = q.toUpperCase();
        if (form === 'lower') q = q.toLowerCase();
        if (form === 'prefix') q = q.slice(0, Math.max(1, q.length - cut));
        if (form === 'with apostrophe') q = `${q}'s`;
        if (form === 'stripped') q = q.normalize('NFD').replace(/\p{M}/gu, '');
        return `${pick}${q}`;
      });

  it.each(TRANSLATIONS)('%s: GetSearch and GetSearchCount', async (versionId) => {
    const rows = texts.get(versionId)!;
    expect(rows.length).toBeGreaterThan(7000);
    await fc.assert(
      fc.asyncProperty(queryFrom('', rows), async (query) => {
        fc.pre(query.length <= 1000);
        const matches = queryMatcher(query, 'exact');
        const expected = rows.filter((r) => matches(r.t)).map((r) => r.id);
        const hits = (await bible.call('GetSearch' as never, { query, versionId } as never)) as unknown as Row[];
        const { searchCount } = (await bible.call(
          'GetSearchCount' as never,
          { query, versionId } as never,
        )) as unknown as {
          searchCount: number;
        };
        expect(hits.map((h) => h.id)).toEqual(expected);
        expect(searchCount).toBe(expected.length);
      }),
      { numRuns: 40 },
    );
  });

  it.each([
    ['kjv', ["lord's", 'LORD', 'jesus', "jesus'", 'lord', 'the lord', "o lord's", "lord'"]],
    ['rv1909', ['Jehová', 'jehova', 'JEHOVÁ', 'señor', 'SENOR', 'ñ', 'cristo jesús']],
    ['svd', ['الله', 'اللّٰه', 'اللَّهُ', 'يسوع', 'الرَّبُّ', 'الرب']],
  ])('%s: chosen words, case, accents and marks', async (versionId, queries) => {
    const rows = texts.get(versionId)!;
    for (const query of queries) {
      const matches = queryMatcher(query, 'exact');
      const expected = rows.filter((r) => matches(r.t)).map((r) => r.id);
      const hits = (await bible.call('GetSearch' as never, { query, versionId } as never)) as unknown as Row[];
      expect(
        hits.map((h) => h.id),
        query,
      ).toEqual(expected);
    }
  });

  it.each(['kjv', 'svd', 'rv1909'])('%s: GetSearchAdvanced, broad fragments and exclusions', async (versionId) => {
    const rows = texts.get(versionId)!;
    const words = fc
      .record({
        row: fc.nat({ max: rows.length - 1 }),
        word: fc.nat(),
        other: fc.nat(),
        from: fc.nat(),
        length: fc.integer({ min: 2, max: 6 }),
      })
      .map(({ row, word, other, from, length }) => {
        const all = rows[row].t.split(/\s+/).filter(Boolean);
        const w = all[word % all.length];
        const start = from % Math.max(1, w.length - 1);
        return { fragment: w.slice(start, start + length), word: w, other: all[other % all.length] };
      });
    await fc.assert(
      fc.asyncProperty(words, fc.constantFrom('broad', 'exact'), fc.boolean(), async (picked, matchType, excluding) => {
        const query = matchType === 'broad' ? picked.fragment : picked.word;
        const excludeString = excluding ? picked.other : undefined;
        const matches = queryMatcher(query, matchType);
        const excluded = excludeString ? queryMatcher(excludeString, matchType) : () => false;
        const expected = rows.filter((r) => matches(r.t) && !excluded(r.t)).map((r) => r.id);
        let hits: Row[];
        try {
          hits = (await bible.call(
            'GetSearchAdvanced' as never,
            { query, versionId, matchType, ...(excludeString ? { excludeString } : {}) } as never,
          )) as unknown as Row[];
        } catch (error) {
          // a query of fewer than two letters once punctuation is dropped
          expect((error as { code?: string }).code).toBe('INVALID_PARAMETER');
          return;
        }
        expect(hits.map((h) => h.id)).toEqual(expected);
      }),
      { numRuns: 30 },
    );
  });

  it('the extra-biblical books: GetSearchExtraBiblical', async () => {
    expect(extra.length).toBeGreaterThan(1000);
    const key = (r: { b: string; c: string; v: string }) => `${r.b}:${r.c}:${r.v}`;
    await fc.assert(
      fc.asyncProperty(queryFrom('', extra), async (query) => {
        fc.pre(query.length <= 1000);
        const matches = queryMatcher(query, 'exact');
        const expected = extra.filter((r) => matches(r.t)).map(key);
        const hits = (await bible.call('GetSearchExtraBiblical' as never, { query } as never)) as unknown as {
          b: string;
          c: string;
          v: string;
        }[];
        expect(hits.map(key)).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });
});
