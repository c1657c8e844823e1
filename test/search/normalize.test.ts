// The shared normaliser (engine/core/match.ts) and the exact word index keys built on it, on English,
// Spanish and Arabic.
import fc from 'fast-check';
import { Index } from 'flexsearch';
import { describe, expect, it } from 'vitest';
import { containsNormalized, normalizeLines, normalizeText, normalizeWithOffsets } from '../../engine/core/match.ts';
import { matchSpans } from '../../engine/core/search/searcher.ts';
import { buildPostings, forEachKey } from '../../engine/core/search/postings.ts';

/** The rules of match.ts written out with regular expressions, string-wide: the table must agree. */
function reference(s: string): string {
  return s
    .normalize('NFKD')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\p{M}\p{Cf}\u0640]/gu, '')
    .replace(/\u0671/g, '\u0627')
    .replace(/\u0649/g, '\u064a')
    .replace(/\u0629/g, '\u0647')
    .replace(/\u03c2/g, '\u03c3')
    .replace(/\u00e6/g, 'ae')
    .replace(/\u0153/g, 'oe')
    .replace(/(?<=(?!\u02bc)[\p{L}\p{N}])['\u2018\u2019\u02bc\uff07]/gu, '\u0000') // kept after a letter but ʼ
    .replace(/[^\p{L}\p{N}\u0000]+|\u02bc/gu, ' ')
    .replace(/ +/g, ' ')
    .trim()
    .replace(/\u0000/g, "'");
}

describe('normalizeText', () => {
  it('folds case and removes punctuation (English)', () => {
    expect(normalizeText('And God said, Let there be light: and there was light.')).toBe(
      'and god said let there be light and there was light',
    );
    expect(normalizeText('The LORD’S  house -- “Selah.”')).toBe("the lord's house selah");
    expect(normalizeText("LORD'S")).toBe(normalizeText('LORD’S'));
    expect(normalizeText('begotten')).toBe('begotten'); // doubled letters stay
    expect(normalizeText('Ætna ſeed ﬁre')).toBe('aetna seed fire'); // long s and ligatures unfold
    expect(normalizeText('Cæsar’s ŒCONOMY')).toBe("caesar's oeconomy"); // æ and œ as a reader types them
  });

  it('keeps an apostrophe inside or at the end of a word, straight or curly, and drops any other', () => {
    expect(normalizeText('at Jesus’ feet')).toBe("at jesus' feet");
    expect(normalizeText("don't, DON’T")).toBe("don't don't");
    expect(normalizeText('‘Yahweh says.’ ’Tis so')).toBe('yahweh says tis so'); // quotes, not apostrophes
    expect(normalizeText("men’’s 'quoted' word ’")).toBe("men' s quoted' word");
    expect(normalizeText('Jesus\uFF07')).toBe("jesus'"); // the full-width apostrophe decomposes to '
  });

  it('removes Spanish accents and the tilde, and the inverted marks', () => {
    expect(normalizeText('¿Amó Jehová á Jesús? ¡Sí!')).toBe('amo jehova a jesus si');
    expect(normalizeText('Año, niño, pingüino')).toBe('ano nino pinguino');
    expect(normalizeText('AMÓ')).toBe(normalizeText('amo'));
  });

  it('removes Arabic harakat, shadda and tatweel and folds letter variants', () => {
    expect(normalizeText('فِي الْبَدْءِ خَلَقَ اللهُ السَّمَاوَاتِ وَالأَرْضَ.')).toBe('في البدء خلق الله السماوات والارض');
    expect(normalizeText('أَحَبَّ')).toBe('احب'); // hamza seat and shadda
    expect(normalizeText('إِبْرَاهِيمُ آدَمُ ٱلله')).toBe('ابراهيم ادم الله'); // alef forms
    expect(normalizeText('مُوسَى مَحَبَّةٌ')).toBe('موسي محبه'); // alef maqsura, teh marbuta
    expect(normalizeText('مـحـبـة')).toBe('محبه'); // tatweel
    expect(normalizeText('سُؤَالٌ شَيْئًا')).toBe('سوال شييا'); // waw and yeh with hamza
    expect(normalizeText('قَالَ: «نَعَمْ»، وَ؟')).toBe('قال نعم و'); // Arabic comma and question mark separate
    expect(normalizeText('ﷲ')).toBe('الله'); // presentation form
  });

  it('removes Greek accents and folds the final sigma', () => {
    expect(normalizeText('Ἐν ἀρχῇ ἦν ὁ λόγος')).toBe('εν αρχη ην ο λογοσ');
    expect(normalizeText('ΛΌΓΟΣ')).toBe(normalizeText('λόγος'));
  });

  it('gives empty text for punctuation and whitespace only', () => {
    for (const s of ['', '   ', '...', '?!', '—', '«»', '،؟', '\n\t']) expect(normalizeText(s)).toBe('');
  });

  it('agrees with the regular-expression rules, is idempotent, and normalizeLines works per line', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 40 });
    fc.assert(
      fc.property(text, (s) => {
        const n = normalizeText(s);
        expect(n).toBe(reference(s));
        expect(normalizeText(n)).toBe(n);
        expect(n).not.toMatch(/^ | $| {2}/);
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 30 }), { maxLength: 6 }), (lines) => {
        const clean = lines.map((l) => l.replace(/\n/g, ' '));
        expect(normalizeLines(clean.join('\n'))).toBe(clean.map(normalizeText).join('\n'));
      }),
      { numRuns: 1000 },
    );
    expect(normalizeText('a\u{1D400}b \u{1D5BA}')).toBe('aab a'); // mathematical letters beyond the BMP
    expect(normalizeText('x\uD800y')).toBe('x y'); // a lone surrogate separates
    expect(normalizeWithOffsets('Ꜣŉ')).toEqual({ text: "ꜣ'n", from: [0, 1, 1], to: [1, 2, 2] });
  });

  it('maps normalised text back to the original for highlight spans', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (s) => {
        const { text, from, to } = normalizeWithOffsets(s);
        expect(text).toBe(normalizeText(s));
        for (let k = 0; k < text.length; k++) {
          expect(from[k]).toBeLessThanOrEqual(to[k]);
          if (k > 0) expect(from[k]).toBeGreaterThanOrEqual(from[k - 1]);
          // An apostrophe is kept only after a letter, so its own piece of the original is checked after one
          // (a piece may give more than the apostrophe: "ŉ" is an apostrophe and an n).
          if (text[k] === "'") expect(normalizeText(`a${s.slice(from[k], to[k])}`).startsWith("a'")).toBe(true);
          else if (text[k] !== ' ') expect(normalizeText(s.slice(from[k], to[k]))).toContain(text[k]);
        }
      }),
      { numRuns: 1000 },
    );
    const verse = 'Y dijo: ¿Amó Dios al mundo? amó.';
    expect(matchSpans(verse, 'amo', 'exact').map(([a, b]) => verse.slice(a, b))).toEqual(['Amó', 'amó']);
    expect(matchSpans(verse, 'mo dio', 'broad').map(([a, b]) => verse.slice(a, b))).toEqual(['mó Dio']);
    expect(matchSpans(verse, 'mo dio', 'exact')).toEqual([]);
    const decomposed = 'amo\u0301 x';
    expect(matchSpans(decomposed, 'amo', 'exact')).toEqual([[0, 4]]); // the combining accent is inside
  });

  it('matches exact as whole words and broad as any substring', () => {
    const verse = normalizeText('For God so loved the world');
    expect(containsNormalized(verse, 'loved', 'exact')).toBe(true);
    expect(containsNormalized(verse, 'love', 'exact')).toBe(false);
    expect(containsNormalized(verse, 'love', 'broad')).toBe(true);
    expect(containsNormalized(verse, 'so loved the', 'exact')).toBe(true);
    expect(containsNormalized(verse, 'o loved th', 'broad')).toBe(true);
    expect(containsNormalized(verse, 'o loved th', 'exact')).toBe(false);
    expect(containsNormalized('the thee the', 'the', 'exact')).toBe(true);
    expect(containsNormalized('thee', 'the', 'exact')).toBe(false);
  });

  it("ends a whole word before an apostrophe, and keeps a query's apostrophe in its word", () => {
    const verse = normalizeText('the LORD’S house, at Jesus’ feet; the LORD said');
    expect(containsNormalized(verse, 'lord', 'exact')).toBe(true);
    expect(containsNormalized(verse, "lord's", 'exact')).toBe(true);
    expect(containsNormalized(verse, 'jesus', 'exact')).toBe(true);
    expect(containsNormalized(verse, "jesus'", 'exact')).toBe(true);
    expect(containsNormalized(verse, 's', 'exact')).toBe(false); // the s of LORD’S is not a word of its own
    expect(containsNormalized(verse, "jesus' feet", 'exact')).toBe(true);
    expect(containsNormalized(normalizeText('the LORD said'), normalizeText("lord's"), 'broad')).toBe(false);
    expect(containsNormalized(normalizeText('Jesus wept'), normalizeText('Jesus’'), 'exact')).toBe(false);
    const spans = matchSpans('the LORD’S house and the LORD said', "lord's", 'broad');
    expect(spans).toEqual([[4, 10]]);
    expect(matchSpans('at Jesus’ feet', 'jesus', 'exact')).toEqual([[3, 8]]);
  });
});

describe('the exact word index keys', () => {
  const keys = (text: string) => {
    const out: string[] = [];
    forEachKey(normalizeText(text), (key) => out.push(key));
    return out;
  };

  it('keeps English words whole, doubled letters included', () => {
    expect(keys('the only begotten Son, full of grace')).toEqual([
      'the',
      'only',
      'begotten',
      'son',
      'full',
      'of',
      'grace',
    ]);
    // What FlexSearch's default encoder would have indexed instead:
    expect(
      (new Index() as unknown as { encoder: { encode(s: string): string[] } }).encoder.encode('begotten full'),
    ).toEqual(['begoten', 'ful']);
  });

  it('indexes a word with an apostrophe under itself and its start before the apostrophe, never the s alone', () => {
    expect(keys('the LORD’S house, Jesus’ feet')).toEqual([
      'the',
      'lord',
      "lord's",
      'house',
      'jesus',
      "jesus'",
      'feet',
    ]);
    expect(keys("o'er ne'er-do-well's")).toEqual(['o', "o'er", 'ne', "ne'er", 'do', 'well', "well's"]);
  });

  it('keeps Spanish words whole and unaccented', () => {
    expect(keys('Porque de tal manera amó Dios al mundo')).toEqual([
      'porque',
      'de',
      'tal',
      'manera',
      'amo',
      'dios',
      'al',
      'mundo',
    ]);
    expect(keys('¿Llorará el niño?')).toEqual(['llorara', 'el', 'nino']);
  });

  it('keeps vowelled Arabic words whole', () => {
    expect(keys('لأَنَّهُ هكَذَا أَحَبَّ اللهُ الْعَالَمَ')).toEqual(['لانه', 'هكذا', 'احب', 'الله', 'العالم']);
    // FlexSearch's default splits at every vowel mark (marks are not letters to its splitter):
    expect(
      (new Index() as unknown as { encoder: { encode(s: string): string[] } }).encoder.encode('أَحَبَّ').length,
    ).toBeGreaterThan(1);
  });

  it('finds a vowelled Arabic verse from an unvowelled query', () => {
    const index = buildPostings(['لأَنَّهُ هكَذَا أَحَبَّ اللهُ الْعَالَمَ', 'فِي الْبَدْءِ خَلَقَ اللهُ السَّمَاوَاتِ وَالأَرْضَ.'].map(normalizeText));
    expect(index.get(normalizeText('احب'))).toEqual([0]);
    expect(index.get(normalizeText('والأرض'))).toEqual([1]);
    expect(index.get(normalizeText('الله'))).toEqual([0, 1]);
  });
});
