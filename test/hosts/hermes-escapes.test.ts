// The expansion of Unicode property escapes the host matrix applies before running the engine on
// Hermes 0.12 (scripts/hosts/hermes.ts): an expanded pattern matches exactly what the original does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expandPattern, expandPropertyEscapes } from '../../scripts/hosts/hermes.ts';

// Patterns of the shapes the engine writes: an escape alone, several in one class, beside other class
// members, negated, in a lookahead, and a script property.
const PATTERNS: [string, string][] = [
  ['\\p{L}', 'u'],
  ['[\\p{L}\\p{N}]', 'u'],
  ['[\\p{M}\\p{Cf}\\u0640]', 'u'],
  ['^[1-3][.\\s]*\\p{Ll}\\.?$', 'u'],
  ['(?![\\p{L}\\p{Nd}])x', 'u'],
  ['[\\p{sc=Han}\\p{sc=Hiragana}]', 'u'],
  ['\\P{L}', 'u'],
  ['[^\\p{L}\\d]', 'ui'],
  ['\\u200d\\p{So}|[\\p{M}\\p{Cf}]', 'u'],
];

describe('expandPattern', () => {
  it('leaves no property escape and matches what the original matches, for any text', () => {
    const pairs = PATTERNS.map(([source, flags]) => {
      const expanded = expandPattern(source);
      expect(expanded).not.toMatch(/\\[pP]\{/);
      return [new RegExp(source, flags), new RegExp(expanded, flags)] as const;
    });
    const character = fc.oneof(
      fc.integer({ min: 0, max: 0x2fff }),
      fc.integer({ min: 0x3000, max: 0x10ffff }).filter((cp) => cp < 0xd800 || cp > 0xdfff),
    );
    fc.assert(
      fc.property(fc.array(character, { minLength: 1, maxLength: 3 }), (codePoints) => {
        const text = String.fromCodePoint(...codePoints);
        for (const [original, expanded] of pairs)
          expect(expanded.test(text), original.source).toBe(original.test(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('rewrites regular expression literals and String.raw templates in a script, and nothing else', () => {
    const script =
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the script under test holds a template literal
      'var a = /[\\p{L}]/u; var b = new RegExp(String.raw`(?![\\p{L}\\d])${x}`, "u"); var c = "\\\\p{L} in a string";';
    const out = expandPropertyEscapes(script);
    expect(out).not.toMatch(/\/\[\\p\{L\}\]\/u/);
    expect(out).not.toMatch(/String\.raw`\(\?!\[\\p/);
    expect(out).toContain('var c = "\\\\p{L} in a string";');
    expect(out).toContain('\\u{41}-\\u{5A}');
  });
});
