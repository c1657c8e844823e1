// The word coding of verse and commentary text: whatever the text, decoding its codes gives it back
// byte for byte, and damaged codes are refused rather than decoded to something else.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDictionary, shortestLayout, wordCodedSections } from '../../compiler/pack/word-coding.ts';
import { decodeLines, decodeWords, readDictionary } from '../../engine/core/pack/word-coding.ts';

const decoderOf = (sections: ReturnType<typeof wordCodedSections>) => readDictionary(sections);
const decode = (sections: ReturnType<typeof wordCodedSections>, i: number) =>
  new TextDecoder().decode(decodeWords(sections.text[i], decoderOf(sections)));

// Words, spaces, punctuation, digits, accents, Arabic with marks, line breaks and astral characters.
const piece = fc.constantFrom(
  'In',
  'the',
  'beginning',
  ' ',
  '  ',
  ', ',
  '.',
  '\n',
  ';',
  '3:16',
  'é',
  'Dios',
  '\u0628\u064e\u0651',
  '\u{1d400}',
  '-',
  "'",
  'a',
);
const text = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));

describe('word coding', () => {
  it('round-trips any text, each block decoded on its own', () => {
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 5 }), (texts) => {
        const sections = wordCodedSections(texts);
        texts.forEach((t, i) => {
          expect(decode(sections, i)).toBe(t);
        });
      }),
      { numRuns: 200 },
    );
  });

  it('round-trips arbitrary Unicode strings', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 4 }), (texts) => {
        const sections = wordCodedSections(texts);
        texts.forEach((t, i) => {
          expect(decode(sections, i)).toBe(t);
        });
      }),
      { numRuns: 200 },
    );
  });

  it('implies the single space between two words and codes every other separator', () => {
    const { tokens } = buildDictionary(['And God said, Let there be light:  and']);
    expect(tokens[0]).toEqual(['And', 'God', 'said', ', ', 'Let', 'there', 'be', 'light', ':  ', 'and']);
  });

  it('cuts long separator runs and refuses nothing a pack can hold', () => {
    const long = `a${'.'.repeat(1000)}b`;
    const sections = wordCodedSections([long]);
    expect(decode(sections, 0)).toBe(long);
    expect(Math.max(...sections.suffixLengths)).toBeLessThanOrEqual(255);
  });

  it('front-codes the dictionary, and refuses an entry that shares more than the one before it has', () => {
    const sections = wordCodedSections(['Abraham Abram Abrahams abide']);
    const words = new TextDecoder().decode(sections.dictionary);
    expect(words.length).toBeLessThan('AbrahamAbramAbrahamsabide'.length);
    expect(decode(sections, 0)).toBe('Abraham Abram Abrahams abide');
    const damaged = { ...sections, sharedPrefixes: sections.sharedPrefixes.map((n, i) => (i === 0 ? 3 : n)) };
    expect(() => readDictionary(damaged)).toThrow(/shares more than the entry before it has/);
  });

  it('gives the most frequent entries the shortest codes, with room for every entry', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 1000 }), { maxLength: 300 }), fc.nat({ max: 200_000 }), (head, tail) => {
        const counts = [...head.sort((a, b) => b - a), ...Array(tail).fill(0)];
        const { oneByte, threeByteLead } = shortestLayout(counts);
        expect(oneByte + (threeByteLead - oneByte) * 256 + (256 - threeByteLead) * 65536).toBeGreaterThanOrEqual(
          counts.length,
        );
      }),
      { numRuns: 50 },
    );
  });

  it('refuses a cut code and a code beyond the dictionary', () => {
    const sections = wordCodedSections([
      Array.from({ length: 400 }, (_, i) => `w${String.fromCharCode(97 + (i % 26))}${i}`).join(' '),
    ]);
    const dictionary = decoderOf(sections);
    const codes = sections.text[0];
    expect(() => decodeWords(codes.subarray(0, codes.length - 1), dictionary)).toThrow(RangeError);
    expect(() => decodeWords(Uint8Array.of(255, 255, 255), dictionary)).toThrow(/beyond the dictionary/);
  });
});

describe('decoding some lines of a block', () => {
  // Lines as verses run: words, punctuation that ends one line and opens the next ("\n("), empty lines
  // (a separator holding several newlines), and a last line with or without its newline.
  const linePiece = fc.constantFrom('And', 'God', 'said', ',', ' ', '.', '(', ')', '\u05d0', 'é', ':', '\u{1d400}');
  const line = fc.array(linePiece, { maxLength: 12 }).map((parts) => parts.join(''));
  const block = fc
    .tuple(fc.array(line, { minLength: 1, maxLength: 12 }), fc.boolean())
    .map(([lines, lastEnded]) => ({ lines, lastEnded, text: lines.join('\n') + (lastEnded ? '\n' : '') }));

  it('gives exactly the lines asked for, as the whole block decoded has them', () => {
    fc.assert(
      fc.property(block, fc.nat(), fc.nat(), ({ lines, lastEnded, text }, a, b) => {
        const sections = wordCodedSections([text]);
        const dictionary = decoderOf(sections);
        const whole = new TextDecoder().decode(decodeWords(sections.text[0], dictionary));
        const first = a % lines.length;
        const count = 1 + (b % (lines.length - first));
        const part = new TextDecoder().decode(decodeLines(sections.text[0], dictionary, first, count, lines.length)!);
        // The block's lines as lineStarts reads them: each with its newline, the last maybe without.
        const wanted = whole
          .split('\n')
          .slice(first, first + count)
          .join('\n');
        const endsBlock = first + count === lines.length && !lastEnded;
        expect(part).toBe(endsBlock ? wanted : `${wanted}\n`);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses lines the block does not hold, and ranges that are not ranges', () => {
    const sections = wordCodedSections(['one\ntwo\nthree\n']);
    const dictionary = decoderOf(sections);
    const codes = sections.text[0];
    const lines = (first: number, count: number, block = 3, of = codes) => {
      const part = decodeLines(of, dictionary, first, count, block);
      return part && new TextDecoder().decode(part);
    };
    expect(lines(2, 1)).toBe('three\n');
    expect(lines(0, 3)).toBe('one\ntwo\nthree\n');
    // A block holding other than the lines its verse list says is no block of them.
    expect(lines(0, 1, 2)).toBeNull();
    expect(lines(0, 1, 5)).toBeNull();
    // Four lines as lineStarts counts them: the last one empty, after the last newline.
    expect(lines(3, 1, 4)).toBe('');
    for (const [first, count] of [
      [-1, 1],
      [0, 0],
      [1.5, 1],
      [0, Number.NaN],
      [3, 1],
      [2, 2],
    ])
      expect(() => lines(first, count)).toThrow(RangeError);
    // Without its last newline the block's last line runs to its end, as lineStarts reads it.
    expect(lines(2, 1, 3, codes.subarray(0, codes.length - 1))).toBe('three');
    const long = decoderOf(wordCodedSections([Array.from({ length: 400 }, (_, i) => `w${i}\n`).join('')]));
    expect(() => decodeLines(Uint8Array.of(long.layout.oneByte), long, 0, 1, 1)).toThrow(/cut short/);
    expect(() => decodeLines(Uint8Array.of(255, 255, 255), long, 0, 1, 1)).toThrow(/beyond the dictionary/);
  });
});
