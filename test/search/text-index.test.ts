// The index the engine reads off a text pack's word codes (engine/core/search/text-index.ts) equals the
// plain definition, buildPostings over the normalised verses, for texts made of the pieces where the
// normaliser and the word coding disagree about where words end: combining marks alone, joiners,
// apostrophes of every form before and after letters and each other, digits next to letters, characters
// that decompose into letters and separators, letters beyond the BMP, Arabic marks and tatweel, and
// blocks cut anywhere between verses.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wordCodedSections } from '../../compiler/pack/word-coding.ts';
import { sectionsOf, writePack } from '../../compiler/pack/writer.ts';
import { TEXT_PACK } from '../../engine/core/pack/schemas.ts';
import { readDictionary } from '../../engine/core/pack/word-coding.ts';
import { normalizeText } from '../../engine/core/match.ts';
import { readPack } from '../../engine/core/pack/reader.ts';
import { buildPostings, type PostingIndex, postingIndexOf } from '../../engine/core/search/postings.ts';
import { NormalizedVerses } from '../../engine/core/search/searcher.ts';
import { indexTranslation, searchEntrySections } from '../../engine/core/search/text-index.ts';
import type { TranslationData } from '../../engine/core/translation.ts';

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

/** A text pack's sections for these verses, cut into blocks at the given verse counts. */
function textPack(verses: string[], cuts: number[]) {
  const blockStarts = [0];
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) if (cut > 0 && cut < verses.length) blockStarts.push(cut);
  blockStarts.push(verses.length);
  const blocks = blockStarts.slice(0, -1).map((start, i) => verses.slice(start, blockStarts[i + 1]).join('\n'));
  const coded = wordCodedSections(blocks, { frontCoded: false });
  const sections = sectionsOf(TEXT_PACK, {
    info: { versionId: 'test', missing: [], extra: [], incomplete: [] },
    blockStarts: Uint32Array.from(blockStarts),
    ...coded,
    ...searchEntrySections(readDictionary(coded), verses),
  });
  return readPack('text-test', writePack(sections));
}

function indexOf(verses: string[], cuts: number[]): PostingIndex {
  const rows = { size: verses.length, textAt: (i: number) => verses[i], versionId: 'test' };
  const text = rows as unknown as TranslationData;
  return indexTranslation(textPack(verses, cuts) as never, text, new NormalizedVerses(rows)).postings;
}

const plainIndex = (verses: string[]) => postingIndexOf(buildPostings(verses.map(normalizeText)), verses.length);

const asObject = (index: PostingIndex) =>
  Object.fromEntries(index.terms.map((term, k) => [term, Array.from(index.list(k))]));

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
