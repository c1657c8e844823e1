// Search in scripts written without spaces between words (Chinese, Japanese, Thai): the n-gram index
// answers exactly what a plain scan finds, on the Chinese Union Version and on synthetic Japanese, Thai
// and mixed-script verses, by every search path; the built-in translations keep their word index.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasUnspaced, isUnspacedUnit, type MatchType, normalizeText } from '../../engine/core/match.ts';
import { NgramIndex, queryGrams } from '../../engine/core/search/ngrams.ts';
import { packDictionary } from '../../engine/core/pack/word-coding.ts';
import { findVerses, matchSpans, type Strategy } from '../../engine/core/search/searcher.ts';
import { dictionaryHasUnspaced } from '../../engine/core/search/translation-index.ts';
import { TEXT_PACK } from '../../engine/core/pack/schemas.ts';
import { readLocalPack } from '../helpers.ts';
import { cuvVerses, plainScan, searchableText } from './unspaced-texts.ts';

const RUNS = Number(process.env.SEARCH_PROPERTY_RUNS ?? 120);
const STRATEGIES: Strategy[] = ['auto', 'index', 'scan', 'verses'];

/** Every search path's answer, as plain arrays. */
function everyPath(
  searchable: ReturnType<typeof searchableText>,
  query: string,
  matchType: MatchType,
  exclude?: string,
  range: [number, number] = [0, searchable.text.size],
) {
  return STRATEGIES.map((strategy) =>
    Array.from(findVerses(searchable.normalized, searchable.index, { query, matchType, exclude, range, strategy })),
  );
}

function expectPlainScan(
  verses: string[],
  searchable: ReturnType<typeof searchableText>,
  query: string,
  matchType: MatchType,
  exclude?: string,
  range?: [number, number],
) {
  const expected = plainScan(verses, query, matchType, exclude, range);
  for (const answer of everyPath(searchable, query, matchType, exclude, range)) expect(answer).toEqual(expected);
  return expected;
}

describe('unspaced letters', () => {
  it('nothing below U+0E00 folds to one, and no unspaced letter folds to a spaced one', () => {
    for (let code = 0; code < 0x0e00; code++) expect(hasUnspaced(normalizeText(String.fromCharCode(code)))).toBe(false);
    for (let code = 0x0e00; code < 0x10000; code++) {
      if (code >= 0xd800 && code < 0xe000) continue;
      const folded = normalizeText(String.fromCharCode(code));
      if (isUnspacedUnit(code) && folded) expect(hasUnspaced(folded)).toBe(true);
    }
  });

  it('the query grams: each unspaced run by its bigrams, or its one letter', () => {
    const gram = (s: string) => (s.length === 1 ? s.charCodeAt(0) : s.charCodeAt(0) * 65536 + s.charCodeAt(1));
    expect(queryGrams('神愛世人')).toEqual(['神愛', '愛世', '世人'].map(gram));
    expect(queryGrams('神')).toEqual([gram('神')]);
    expect(queryGrams('jesus 說 abc 耶穌')).toEqual([gram('說'), gram('耶穌')]);
    expect(queryGrams('jesus')).toEqual([]);
  });

  it('the ten built-in translations hold none, and keep their word index', () => {
    for (const versionId of ['asv', 'bbe', 'dby', 'kjv', 'kjv1611', 'rv1909', 'svd', 'wbt', 'web', 'ylt']) {
      const pack = readLocalPack(TEXT_PACK.name(versionId));
      expect(dictionaryHasUnspaced(packDictionary(pack as never, (why) => new Error(why)))).toBe(false);
    }
  });
});

describe('the Chinese Union Version', () => {
  const verses = cuvVerses();
  it.skipIf(verses === null)('is read whole', () => {
    expect(verses!.length).toBe(31_100);
    expect(verses![0]).toBe('起初神創造天地。');
  });
  if (verses === null) return;
  const cuv = searchableText(verses);
  const { index } = cuv;
  const john316 = verses.findIndex((v) => v.startsWith('神愛世人'));

  it('is indexed by n-grams', () => {
    expect(index.unspaced).toBeInstanceOf(NgramIndex);
    expect(john316).toBeGreaterThan(0);
  });

  it('finds phrases, single characters and pairs as a plain scan does', () => {
    const found = expectPlainScan(verses, cuv, '神愛世人', 'exact');
    expect(found).toContain(john316);
    expect(expectPlainScan(verses, cuv, '神', 'exact').length).toBeGreaterThan(3000);
    expectPlainScan(verses, cuv, '耶穌', 'broad');
    // Punctuation between the characters is a separator, as in every script.
    expectPlainScan(verses, cuv, '神愛世人 甚至', 'exact');
    expect(expectPlainScan(verses, cuv, '神愛世人，甚至將他的獨生子賜給他們', 'broad')).toEqual([john316]);
    expect(expectPlainScan(verses, cuv, '耶和華', 'exact', '神')).not.toEqual([]);
    expect(expectPlainScan(verses, cuv, '亞伯拉罕', 'exact', undefined, [0, 1533])).not.toEqual([]);
    expect(expectPlainScan(verses, cuv, '沒有這詞語', 'exact')).toEqual([]);
    expect(expectPlainScan(verses, cuv, 'love', 'broad')).toEqual([]);
  });

  it("a one- or two-letter query is its gram's rows: no verse text read", () => {
    const hits = findVerses(cuv.normalized, index, { query: '耶穌', matchType: 'exact', range: [0, verses.length] });
    expect(hits).toBeInstanceOf(Uint32Array);
    expect(Array.from(hits)).toEqual(plainScan(verses, '耶穌', 'exact'));
  });

  it('highlights the matched characters', () => {
    const spans = matchSpans(verses[john316], '獨生子', 'exact');
    expect(spans.map(([s, e]) => verses[john316].slice(s, e))).toEqual(['獨生子']);
  });

  // Queries drawn from the text: substrings of real verses (punctuation and all), and random strings
  // of its letters, so that most match something and some nothing.
  const verse = fc.nat({ max: verses.length - 1 });
  const substring = fc.tuple(verse, fc.nat(), fc.integer({ min: 1, max: 8 })).map(([i, k, n]) => {
    const from = k % verses[i].length;
    return verses[i].slice(from, from + n);
  });
  const letters = [...new Set(verses.slice(0, 3000).join(''))];
  const randomString = fc
    .array(fc.constantFrom(...letters, ' ', 'a', 'Jesus', '，'), { minLength: 1, maxLength: 4 })
    .map((parts) => parts.join(''));
  const query = fc.oneof(substring, substring, randomString);
  const range = fc
    .tuple(fc.nat({ max: verses.length }), fc.nat({ max: verses.length }))
    .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as [number, number]);
  const matchType = fc.constantFrom<MatchType>('exact', 'broad');
  const exclude = fc.option(fc.oneof(substring, randomString), { nil: undefined, freq: 3 });

  it('n-gram search equals a plain scan, by every path', () => {
    fc.assert(
      fc.property(query, matchType, exclude, fc.option(range, { nil: undefined }), (q, type, ex, r) => {
        expectPlainScan(verses, cuv, q, type, ex, r);
      }),
      { numRuns: RUNS },
    );
  });
});

// Japanese with spaces between phrases and Latin names, Thai with spaces between phrases, Chinese
// with Latin names and digits run into it, and English.
const MIXED = [
  '初めに、神は天と地を創造された。',
  'イエスは言われた。「わたしは道であり、真理であり、命である。」',
  'イエス・キリストの系図 Jesus Christ の話',
  'ひらがな カタカナ 漢字 まじり の 文 です',
  'ในปฐมกาลพระเจ้าทรงสร้างฟ้าและแผ่นดิน',
  'เพราะว่าพระเจ้าทรงรักโลก จนได้ทรงประทานพระบุตรองค์เดียวของพระองค์',
  '耶穌Jesus說：我就是道路、真理、生命。',
  '在John 3:16中，神愛世人。',
  '大衛的子孫David’s son，耶穌基督',
  'For God so loved the world, that he gave his only begotten Son.',
  'ພຣະເຈົ້າຊົງສ້າງຟ້າສະຫວັນ',
  'ព្រះបានបង្កើតផ្ទៃមេឃ',
  'အစအဦး၌ ဘုရားသခင်သည်',
  '𠀋𠀋 ext B and 𡈽',
];

describe('Japanese, Thai and mixed scripts', () => {
  const mixed = searchableText(MIXED);
  it('is indexed by n-grams', () => expect(mixed.index.unspaced).toBeInstanceOf(NgramIndex));

  it('finds words in spaced runs and characters in unspaced ones', () => {
    expect(expectPlainScan(MIXED, mixed, 'jesus', 'exact')).toEqual([2, 6]);
    expect(expectPlainScan(MIXED, mixed, 'JESUS說', 'exact')).toEqual([6]);
    expect(expectPlainScan(MIXED, mixed, 'sus說', 'broad')).toEqual([6]);
    expect(expectPlainScan(MIXED, mixed, 'sus說', 'exact')).toEqual([]);
    expect(expectPlainScan(MIXED, mixed, 'john 3 16', 'exact')).toEqual([7]);
    expect(expectPlainScan(MIXED, mixed, '16中', 'exact')).toEqual([7]);
    expect(expectPlainScan(MIXED, mixed, 'david', 'exact')).toEqual([8]);
    expect(expectPlainScan(MIXED, mixed, "david's", 'exact')).toEqual([8]);
    expect(expectPlainScan(MIXED, mixed, '真理', 'exact')).toEqual([1, 6]);
    expect(expectPlainScan(MIXED, mixed, 'イエス', 'exact')).toEqual([1, 2]);
    expect(expectPlainScan(MIXED, mixed, 'カタカナ 漢字', 'exact')).toEqual([3]);
    expect(expectPlainScan(MIXED, mixed, 'พระเจ้า', 'exact')).toEqual([4, 5]);
    expect(expectPlainScan(MIXED, mixed, 'ทรงรักโลก', 'broad')).toEqual([5]);
    expect(expectPlainScan(MIXED, mixed, '𠀋', 'exact')).toEqual([13]);
    expect(expectPlainScan(MIXED, mixed, 'loved', 'exact', '耶穌')).toEqual([9]);
    expect(expectPlainScan(MIXED, mixed, 'jesus', 'exact', '說')).toEqual([2]);
    expect(expectPlainScan(MIXED, mixed, 'the world', 'exact')).toEqual([9]);
  });

  it('highlights within mixed text', () => {
    expect(matchSpans(MIXED[6], 'jesus', 'exact').map(([s, e]) => MIXED[6].slice(s, e))).toEqual(['Jesus']);
    expect(matchSpans(MIXED[1], '真理', 'exact').map(([s, e]) => MIXED[1].slice(s, e))).toEqual(['真理']);
  });

  // Random verses and queries over one small alphabet of every kind of character, so they meet often.
  const alphabet = [
    '神',
    '愛',
    '世',
    'イ',
    'エ',
    'ス',
    'の',
    'พ',
    'ร',
    'ะ',
    'a',
    'b',
    'É',
    "'",
    '’',
    ' ',
    '。',
    '，',
    '1',
    '𠀋',
  ];
  const text = fc.array(fc.constantFrom(...alphabet), { maxLength: 30 }).map((cs) => cs.join(''));
  const query = fc.array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 5 }).map((cs) => cs.join(''));

  it('random mixed-script verses and queries: every path equals a plain scan', () => {
    fc.assert(
      fc.property(
        fc.array(text, { minLength: 1, maxLength: 30 }),
        query,
        fc.constantFrom<MatchType>('exact', 'broad'),
        fc.option(query, { nil: undefined, freq: 3 }),
        (verses, q, type, ex) => {
          const searchable = searchableText(verses);
          expectPlainScan(verses, searchable, q, type, ex);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
