// The index the engine reads off a text pack's word codes (engine/core/search/text-index.ts) equals the
// plain definition, buildPostings over the normalised verses, for texts made of the pieces where the
// normaliser and the word coding disagree about where words end: combining marks alone, joiners,
// apostrophes of every form before and after letters and each other, digits next to letters, characters
// that decompose into letters and separators, letters beyond the BMP, Arabic marks and tatweel, and
// blocks cut anywhere between verses.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asObject, codedIndex as indexOf, plainIndex } from './coded-index.ts';

const PIECES = [
  'lord',
  'LORD',
  'Lord',
  'S',
  's',
  'Jesus',
  'abc',
  'x',
  ' ',
  ', ',
  '. ',
  '; ',
  '—',
  '’',
  "'",
  'ʼ',
  '‘',
  '’ ',
  '’’',
  ' ’',
  '’,',
  '\u0301',
  'e\u0301',
  '\u200d',
  '\u00ad',
  '12',
  '3',
  '½',
  'ŉ',
  'ﬁ',
  'ΣΟΦΟΣ',
  'σοφος',
  '𝐀𝐁',
  'وَقَالَ',
  'ـ',
  'أ',
  '¿',
  '?',
  '"',
  '(',
  ')',
  '\t',
  '\r',
];
const piece = fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'grapheme', maxLength: 4 }));
/** A verse's text: no newline (verses are the lines of a block). */
const verse = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join('').replace(/\n/g, ' '));

describe('the word index read off the word codes', () => {
  it('equals buildPostings over the normalised verses', () => {
    fc.assert(
      fc.property(
        fc.array(verse, { minLength: 1, maxLength: 12 }),
        fc.array(fc.nat(12), { maxLength: 4 }),
        (verses, cuts) => {
          expect(asObject(indexOf(verses, cuts))).toEqual(asObject(plainIndex(verses)));
        },
      ),
      { numRuns: 400 },
    );
  });

  it.each([
    ['an apostrophe inside a word', ['The LORD’S house', "the lord's"]],
    ['an apostrophe ending a word', ['Jesus’ feet', 'jesus’']],
    ['two apostrophes', ['lord’’s', 'x’ ’y']],
    ['an opening quote', ['‘Yahweh‘s word’', '’tis']],
    ['a joiner inside a word', ['ab\u200dcd', 'ab\u00adcd ef']],
    ['a mark alone after punctuation', ['a, \u0301b', '(\u0301)']],
    ['digits next to letters', ['abc12 3x', '12’s', '½ ŉ']],
    ['empty verses', ['', ' ', '', '.']],
    // ʼ (U+02BC) is a letter, so a word entry of its own: the space before it ends the word before it.
    ['a modifier letter apostrophe after a space', ['一 ʼ', 'aʼ bʼc ʼd']],
  ])('equals it for %s', (_, verses) => {
    expect(asObject(indexOf(verses, [1]))).toEqual(asObject(plainIndex(verses)));
    expect(asObject(indexOf(verses, []))).toEqual(asObject(plainIndex(verses)));
  });
});
