// The platform-free pieces of the structured text on their own: the compact per-verse codec round-trips
// any markup, the layout keeps every verse once with its runs equal to its flat text, and the recorder
// turns filter events into offsets in the tidied text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeVerseMarkup, encodeVerseMarkup } from '../../engine/core/structure/codec.ts';
import type { Block, NoteItem, VerseMarkup } from '../../engine/core/structure/model.ts';
import { blockInForce, layOut, type MarkedVerse, textOutsideTitles } from '../../engine/core/structure/reader.ts';
import { markupRecorder } from '../../compiler/adapters/markup-recorder.ts';
import { osisToText } from '../../compiler/adapters/filters/osis.ts';

const note = (text: string): NoteItem => ({ type: 'note', kind: 'footnote', text });

/** Markup over a text of the given length, sorted as the model asks. */
const markupArbitrary = (length: number): fc.Arbitrary<VerseMarkup> => {
  const at = fc.integer({ min: 0, max: length });
  const sorted = <T extends { at: number }>(list: T[]) => list.sort((a, b) => a.at - b.at);
  return fc
    .record(
      {
        breaks: fc
          .uniqueArray(at, { maxLength: 3 })
          .chain((ats) =>
            fc.tuple(
              ...ats.map((a) =>
                fc.oneof(
                  fc.constant({ at: a, block: 'paragraph' as const }),
                  fc.integer({ min: 1, max: 3 }).map((level) => ({ at: a, block: 'poetry' as const, level })),
                ),
              ),
            ),
          )
          .map((list) => sorted([...list])),
        notes: fc
          .array(fc.tuple(at, fc.string({ minLength: 1 })), { maxLength: 2 })
          .map((list) => sorted(list.map(([a, text]) => ({ at: a, note: note(text) })))),
        spans: fc
          .array(fc.tuple(at, at, fc.constantFrom('wj' as const, 'add' as const, 'nd' as const)), { maxLength: 3 })
          .map((list) =>
            list
              .map(([a, z, style]) => ({ from: Math.min(a, z), to: Math.max(a, z), style }))
              .filter((s) => s.to > s.from)
              .sort((a, b) => a.from - b.from),
          ),
      },
      { requiredKeys: [] },
    )
    .map((m) => Object.fromEntries(Object.entries(m).filter(([, v]) => (v as unknown[]).length)) as VerseMarkup);
};

const verseArbitrary = (chapter: number, verse: number) =>
  fc
    .string({ minLength: 1, maxLength: 30 })
    .map((t) => t.replace(/\s+/g, ' ').trim() || 'x')
    .chain((text) =>
      fc
        .tuple(fc.constant(text), fc.option(markupArbitrary(text.length), { nil: undefined }), fc.boolean())
        .map(([t, markup, titled]): MarkedVerse => {
          // A title span at the start of some verses 1, as a Psalm title in the flat text.
          const withTitle =
            titled && verse === 1 && t.length > 2
              ? {
                  ...markup,
                  spans: [
                    { from: 0, to: 2, style: 'title' as const, kind: 'psalm' as const },
                    ...(markup?.spans ?? []).filter((s) => s.from >= 2),
                  ],
                }
              : markup;
          const id = 1_000_000 + chapter * 1000 + verse;
          return { id, paddedId: `0${id}`, number: String(verse), text: t, ...(withTitle && { markup: withTitle }) };
        }),
    );

/** Each verse's runs joined, outside title blocks. */
function runsOf(blocks: Block[]): Map<string, string> {
  const runs = new Map<string, string>();
  let verse = '';
  for (const block of blocks) {
    if (!('content' in block)) continue;
    for (const i of block.content) {
      if (i.type === 'verse') runs.set((verse = i.id), '');
      else if (i.type === 'text' && block.type !== 'title') runs.set(verse, runs.get(verse)! + i.text);
    }
  }
  return runs;
}

describe('verse markup codec', () => {
  it('round-trips any markup', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }).chain(markupArbitrary), (markup) => {
        const line = encodeVerseMarkup(markup);
        expect(line).not.toContain('\n');
        expect(decodeVerseMarkup(line) ?? {}).toEqual(markup);
      }),
    );
  });

  it('writes nothing for a verse without markup', () => {
    expect(encodeVerseMarkup(undefined)).toBe('');
    expect(decodeVerseMarkup('')).toBeUndefined();
  });
});

describe('layOut', () => {
  it('gives every verse one marker, in order, its runs equal to its text outside titles, no empty runs', () => {
    const chapterVerses = fc
      .tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 6 }))
      .chain(([chapter, n]) => fc.tuple(...Array.from({ length: n }, (_, i) => verseArbitrary(chapter, i + 1))));
    fc.assert(
      fc.property(chapterVerses, chapterVerses, fc.boolean(), (a, more, perVerse) => {
        const verses = [...a, ...more.filter((v) => v.id > a[a.length - 1].id)];
        const blocks = layOut(verses, { versePerParagraph: perVerse });
        const markers = blocks.flatMap((b) => ('content' in b ? b.content.filter((i) => i.type === 'verse') : []));
        expect(markers.map((m) => (m as { id: string }).id)).toEqual(verses.map((v) => v.paddedId));
        const runs = runsOf(blocks);
        for (const v of verses) expect(runs.get(v.paddedId)).toBe(textOutsideTitles(v.text, v.markup));
        for (const b of blocks)
          if ('content' in b) {
            expect(b.content.length).toBeGreaterThan(0);
            for (const i of b.content) if (i.type === 'text') expect(i.text).not.toBe('');
          }
      }),
    );
  });

  it('opens a range in the block in force and a new chapter in a paragraph', () => {
    const opening = blockInForce([undefined, { breaks: [{ at: 0, block: 'poetry', level: 2 }] }]);
    expect(opening).toEqual({ block: 'poetry', level: 2 });
    const blocks = layOut(
      [
        { id: 1001005, paddedId: '01001005', number: '5', text: 'a' },
        { id: 1002001, paddedId: '01002001', number: '1', text: 'b' },
      ],
      { opening },
    );
    expect(blocks.map((b) => [b.type, 'level' in b ? b.level : undefined])).toEqual([
      ['poetry', 2],
      ['paragraph', undefined],
    ]);
  });
});

describe('markupRecorder through the OSIS filter', () => {
  it('places spans, breaks and notes in the tidied text, which stays what the filter gives without it', () => {
    const raw =
      '<milestone type="x-p"/> <q who="Jesus">Follow  <transChange type="added">thou</transChange> me</q>,<note type="study">Or, <rdg>go</rdg></note> said the <divineName>Lord</divineName>.';
    const rec = markupRecorder();
    const text = osisToText(raw, 'KJV', rec);
    expect(text).toBe(osisToText(raw, 'KJV'));
    expect(text).toBe('Follow thou me, said the LORD.');
    expect(rec.resolve(text, 'test')).toEqual({
      breaks: [{ at: 0, block: 'paragraph' }],
      notes: [{ at: 15, note: { type: 'note', kind: 'study', text: 'Or, go' } }],
      spans: [
        { from: 0, to: 14, style: 'wj' },
        { from: 7, to: 11, style: 'add' },
        { from: 25, to: 29, style: 'nd' },
      ],
    });
  });

  it('refuses markup whose text does not match the flat text', () => {
    const rec = markupRecorder();
    rec.text('abc');
    expect(() => rec.resolve('ab', 'Gen 1:1')).toThrow(/Gen 1:1: markup counted 3 characters, the flat text has 2/);
  });
});
