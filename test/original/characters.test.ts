// GetGreekCharactersAndUnicode and GetHebrewCharactersAndUnicodePoints: tables from the Unicode data.
import { describe, expect, it } from 'vitest';
import { bible, callError } from '../helpers.ts';

/** The character a CSS-style escape ("\\03b1") names. */
const fromEscape = (escaped: string) => String.fromCodePoint(parseInt(/^\\([0-9a-f]{4})$/.exec(escaped)![1], 16));

describe('character tables', async () => {
  const b = await bible();

  it('Greek: every letter with its lowercase and uppercase escape', async () => {
    const greek = (await b.GetGreekCharactersAndUnicode({ language: 'english' })) as Record<
      string,
      { lowercase: string; uppercase: string }
    >;
    expect(greek.alpha).toEqual({ lowercase: '\\03b1', uppercase: '\\0391' });
    expect(greek.omega).toEqual({ lowercase: '\\03c9', uppercase: '\\03a9' });
    expect(greek['final sigma']).toEqual({ lowercase: '\\03c2', uppercase: '\\03a3' });
    for (const { lowercase, uppercase } of Object.values(greek))
      for (const escaped of [lowercase, uppercase]) expect(escaped).toMatch(/^\\[0-9a-f]{4}$/);
    const letters =
      'alpha beta gamma delta epsilon zeta eta theta iota kappa lamda mu nu xi omicron pi rho sigma tau upsilon phi chi psi omega'.split(
        ' ',
      );
    for (const name of letters) expect(greek).toHaveProperty(name);
    for (const { lowercase, uppercase } of Object.values(greek))
      expect(fromEscape(lowercase).toUpperCase()).toBe(fromEscape(uppercase));
    expect(await b.GetGreekCharactersAndUnicode({})).toEqual(greek);
  });

  it('Hebrew: letters, points, accents, punctuation, marks, signs and Yiddish ligatures', async () => {
    const hebrew = (await b.GetHebrewCharactersAndUnicodePoints({ language: 'english' })) as Record<
      string,
      Record<string, string>
    >;
    for (const category of ['letters', 'points', 'accents', 'punctuation', 'marks', 'signs', 'yiddishLigatures'])
      expect(Object.keys(hebrew[category]).length).toBeGreaterThan(0);
    expect(Object.keys(hebrew.letters)).toHaveLength(27);
    expect(hebrew.letters).toMatchObject({ alef: '\\u05d0', shin: '\\u05e9', tav: '\\u05ea', 'final kaf': '\\u05da' });
    for (const names of Object.values(hebrew))
      for (const escaped of Object.values(names)) expect(escaped).toMatch(/^\\u[0-9a-f]{4}$/);
    expect(hebrew.points).toMatchObject({ sheva: '\\u05b0', 'dagesh or mapiq': '\\u05bc', 'shin dot': '\\u05c1' });
    expect(hebrew.accents.etnahta).toBe('\\u0591');
    expect(hebrew.punctuation).toMatchObject({ maqaf: '\\u05be', 'sof pasuq': '\\u05c3', paseq: '\\u05c0' });
    expect(hebrew.yiddishLigatures['double vav']).toBe('\\u05f0');
  });

  it('tables exist in English only', async () => {
    for (const op of ['GetGreekCharactersAndUnicode', 'GetHebrewCharactersAndUnicodePoints']) {
      // Like every operation with English-only data: another language is refused, naming english.
      const spanish = await callError(op, { language: 'spanish' });
      expect([spanish.code, spanish.param]).toEqual(['INVALID_PARAMETER', 'language']);
      expect(spanish.message).toMatch(/english/);
      const bad = await callError(op, { language: 'klingon' });
      expect(bad.code).toBe('INVALID_PARAMETER');
      expect(bad.param).toBe('language');
    }
  });
});
