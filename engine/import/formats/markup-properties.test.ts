// For every input the readers keep their promise: clean text, and markup offsets inside it, sorted, with
// spans of one style never overlapping. Random USFM verses built from markers and words check it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readImport } from './index.ts';
import { expectConsistentMarkup, file } from './test-helpers.ts';
import { VerseBuilder } from './verse-builder.ts';

const word = fc.constantFrom(
  'In',
  'the',
  'beginning',
  'God,',
  '“Lord”',
  '起初',
  'Jesús',
  ' ',
  '  ',
  '\n',
  '¶',
  ',',
  '.',
);
const piece = fc.oneof(
  word,
  word.map((w) => `\\wj ${w}\\wj*`),
  word.map((w) => `\\add ${w}\\add*`),
  word.map((w) => `\\nd ${w}\\nd*`),
  fc.constant('\\wj '),
  fc.constant('\\wj*'),
  word.map((w) => `\\f + \\fr 1:1 \\ft ${w}\\f*`),
  word.map((w) => `\\x - \\xo 1:1 \\xt ${w}\\x*`),
  fc.constantFrom('\\p ', '\\q1 ', '\\q2 ', '\\m ', '\\b ', '\\nb '),
  word.map((w) => `\n\\s1 ${w}\n`),
  word.map((w) => `\\w ${w}|strong="H1"\\w*`),
  word.map((w) => `\\k ${w}\\k*`),
);
const verse = fc.array(piece, { maxLength: 14 }).map((pieces) => pieces.join(''));

describe('markup offsets for any input', () => {
  it('hold for random USFM verses', () => {
    fc.assert(
      fc.property(fc.array(verse, { minLength: 1, maxLength: 6 }), (verses) => {
        const usfm = `\\id GEN\n\\c 1\n${verses.map((v, i) => `\\v ${i + 1} ${v}`).join('\n')}\n`;
        const result = readImport([file('GEN.usfm', usfm)]);
        for (const v of result.verses) expectConsistentMarkup(v);
        // No marker, bar attribute or note text leaks into the verse text.
        for (const v of result.verses) expect(v.text).not.toMatch(/\\|\|strong|1:1/);
      }),
      { numRuns: 300 },
    );
  });

  it('hold for any sequence of builder calls', () => {
    const step = fc.oneof(
      fc.string({ maxLength: 8 }).map((t) => (b: VerseBuilder) => b.append(t)),
      fc.constantFrom('wj', 'add', 'nd', 'title').map((s) => (b: VerseBuilder) => b.openSpan(s as 'wj')),
      fc.constantFrom('wj', 'add', 'nd', 'title').map((s) => (b: VerseBuilder) => b.closeSpan(s as 'wj')),
      fc.constant((b: VerseBuilder) => b.note({ type: 'note', kind: 'footnote', text: 'n' })),
      fc.constant((b: VerseBuilder) => b.paragraph('poetry', 2)),
      fc.constant((b: VerseBuilder) => b.block({ type: 'heading', level: 1, text: 'h', source: 'source' })),
      fc.constant((b: VerseBuilder) => b.softBoundary()),
      fc.constant((b: VerseBuilder) => b.space()),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const builder = new VerseBuilder();
        for (const apply of steps) apply(builder);
        const built = builder.finish();
        if (built.text === '') return;
        expectConsistentMarkup({ book: 1, chapter: 1, verse: 1, ...built });
      }),
      { numRuns: 500 },
    );
  });
});
