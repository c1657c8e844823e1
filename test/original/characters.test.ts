// GetGreekCharactersAndUnicode and GetHebrewCharactersAndUnicodePoints: tables from the Unicode data.
import { describe, expect, it } from 'vitest';
import { bible, callError } from '../helpers.ts';

const unescape = (escape: string) => String.fromCodePoint(parseInt(/^\\u([0-9A-F]{4})$/.exec(escape)![1], 16));

describe('character tables', async () => {
  const b = await bible();

  it('Greek: every letter with its lowercase and uppercase escape', async () => {
    const greek = (await b.GetGreekCharactersAndUnicode({ language: 'english' })) as Record<string, { lowercase: string; uppercase: string }>;
    expect(greek.alpha).toEqual({ lowercase: '\\u03B1', uppercase: '\\u0391' });
    expect(greek.omega).toEqual({ lowercase: '\\u03C9', uppercase: '\\u03A9' });
    expect(greek['final sigma']).toEqual({ lowercase: '\\u03C2', uppercase: '\\u03A3' });
    const letters = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lamda mu nu xi omicron pi rho sigma tau upsilon phi chi psi omega'.split(' ');
    for (const name of letters) expect(greek).toHaveProperty(name);
    for (const { lowercase, uppercase } of Object.values(greek)) expect(unescape(lowercase).toUpperCase()).toBe(unescape(uppercase));
    expect(await b.GetGreekCharactersAndUnicode({})).toEqual(greek);
  });

  it('Hebrew: letters, points, accents, punctuation, marks, signs and Yiddish ligatures', async () => {
    const hebrew = (await b.GetHebrewCharactersAndUnicodePoints({ language: 'english' })) as Record<string, Record<string, string>>;
    for (const category of ['letters', 'points', 'accents', 'punctuation', 'marks', 'signs', 'yiddishLigatures']) expect(Object.keys(hebrew[category]).length).toBeGreaterThan(0);
    expect(Object.keys(hebrew.letters)).toHaveLength(27);
    expect(hebrew.letters).toMatchObject({ alef: '\\u05D0', shin: '\\u05E9', tav: '\\u05EA', 'final kaf': '\\u05DA' });
    expect(hebrew.points).toMatchObject({ sheva: '\\u05B0', 'dagesh or mapiq': '\\u05BC', 'shin dot': '\\u05C1' });
    expect(hebrew.accents.etnahta).toBe('\\u0591');
    expect(hebrew.punctuation).toMatchObject({ maqaf: '\\u05BE', 'sof pasuq': '\\u05C3', paseq: '\\u05C0' });
    expect(hebrew.yiddishLigatures['double vav']).toBe('\\u05F0');
  });

  it('tables exist in English only', async () => {
    for (const op of ['GetGreekCharactersAndUnicode', 'GetHebrewCharactersAndUnicodePoints']) {
      expect((await callError(op, { language: 'spanish' })).code).toBe('NOT_AVAILABLE');
      const bad = await callError(op, { language: 'klingon' });
      expect(bad.code).toBe('INVALID_PARAMETER');
      expect(bad.param).toBe('language');
    }
  });
});
