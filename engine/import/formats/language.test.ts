import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readImport } from './index.ts';
import { normaliseLanguage } from './language.ts';
import { file } from './test-helpers.ts';

const zefania = (language: string) => `<?xml version="1.0" encoding="utf-8"?>
<XMLBIBLE biblename="Sample" type="x-bible">
  <INFORMATION><title>Sample</title><language>${language}</language></INFORMATION>
  <BIBLEBOOK bnumber="43" bname="John"><CHAPTER cnumber="3"><VERS vnumber="16">For God so loved.</VERS></CHAPTER></BIBLEBOOK>
</XMLBIBLE>`;

describe('a language code as a BCP 47 tag', () => {
  it('takes the two-letter code for ISO 639-2 (both forms) and 639-3 codes, in any case', () => {
    const cases: [string, string][] = [
      ['ENG', 'en'],
      ['GER', 'de'],
      ['deu', 'de'],
      ['CHI', 'zh'],
      ['zho', 'zh'],
      ['fre', 'fr'],
      ['FRA', 'fr'],
      ['spa', 'es'],
      ['ara', 'ar'],
      ['heb', 'he'],
      ['dut', 'nl'],
      ['En', 'en'],
      ['grc', 'grc'],
      ['HBO', 'hbo'],
      ['zh_hant_tw', 'zh-Hant-TW'],
      ['ENG-us', 'en-US'],
      ['es-419', 'es-419'],
    ];
    for (const [code, tag] of cases) expect(normaliseLanguage(code), code).toEqual({ tag, known: true });
  });

  it('keeps a code it does not know lowercased, and says so', () => {
    expect(normaliseLanguage('XYZ')).toEqual({ tag: 'xyz', known: false });
    expect(normaliseLanguage('Deutsch')).toEqual({ tag: 'deutsch', known: false });
    expect(normaliseLanguage('en-!!')).toEqual({ tag: 'en-!!', known: false });
  });

  it('gives a tag that reads back as itself, whatever the code', () => {
    const code = fc.oneof(
      fc.stringMatching(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,4}){0,2}$/),
      fc.constantFrom('ENG', 'ger', 'CHI', 'zh-hant', 'he', 'x'),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(code, (raw) => {
        const { tag, known } = normaliseLanguage(raw);
        expect(normaliseLanguage(tag)).toEqual({ tag, known });
        if (known) expect(tag.split('-')[0]).toMatch(/^[a-z]{2,3}$/);
        else expect(tag).toBe(raw.trim().toLowerCase());
      }),
    );
  });
});

describe('the Zefania reader', () => {
  it('records the file language as a BCP 47 tag', () => {
    for (const [code, tag] of [
      ['ENG', 'en'],
      ['GER', 'de'],
      ['deu', 'de'],
      ['CHI', 'zh'],
    ]) {
      const result = readImport([file('bible.xml', zefania(code))]);
      expect(result.metadata.language, code).toBe(tag);
      expect(result.warnings).toEqual([]);
    }
  });

  it('keeps an unknown code lowercased, with a warning naming file and place', () => {
    const result = readImport([file('bible.xml', zefania('KLINGON'))]);
    expect(result.metadata.language).toBe('klingon');
    expect(result.warnings).toEqual([
      {
        file: 'bible.xml',
        place: expect.stringMatching(/^line 3/),
        message: 'the language "KLINGON" is no ISO 639 or BCP 47 code we know; kept as "klingon"',
      },
    ]);
  });
});
