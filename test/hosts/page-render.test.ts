// The reader page's layout of structured blocks, on hand-made blocks: headings, titles, paragraphs,
// poetry lines, notes behind markers, and the character styles of text runs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Block, Inline, TextRun } from '../../engine/core/structure/model.ts';
import {
  blocksOfAnswer,
  readingText,
  renderBlocks,
  versesToBlocks,
  type ViewNode,
} from '../../engine/browser/web/render.ts';
import { bible } from '../helpers.ts';

const text = (t: string, style: Partial<TextRun> = {}): TextRun => ({ type: 'text', text: t, ...style });
const verse = (number: string, id: string): Inline => ({ type: 'verse', number, id });

/** Every element of a layout, depth first. */
function elements(nodes: readonly (ViewNode | string)[]): ViewNode[] {
  return nodes.flatMap((n) => (typeof n === 'string' ? [] : [n, ...elements(n.children)]));
}
const withClass = (nodes: readonly (ViewNode | string)[], name: string) =>
  elements(nodes).filter((n) => (n.className ?? '').split(' ').includes(name));
const textOf = (n: ViewNode | string): string => (typeof n === 'string' ? n : n.children.map(textOf).join(''));

const PSALM_23: Block[] = [
  { type: 'title', kind: 'psalm', content: [verse('1', '19023001'), text('A Psalm of David.')] },
  { type: 'heading', level: 1, text: 'The LORD Is My Shepherd', source: 'bsb-pericopes', references: ['John 10:11'] },
  { type: 'poetry', level: 1, content: [text('The '), text('LORD', { nd: true }), text(' is my shepherd;')] },
  {
    type: 'poetry',
    level: 2,
    content: [text('I shall not want.'), { type: 'note', kind: 'footnote', caller: 'a', text: 'Or lack nothing' }],
  },
  { type: 'paragraph', content: [verse('2', '19023002'), text('He maketh me to lie down', { add: true })] },
  { type: 'note', kind: 'study', text: 'An end note.' },
];

describe('renderBlocks', () => {
  const layout = renderBlocks(PSALM_23);

  it('lays out a psalm title, a heading with its parallel passages, poetry lines by level and a paragraph', () => {
    expect(layout.map((n) => (typeof n === 'string' ? n : `${n.tag}.${n.className}`))).toEqual([
      'p.title title-psalm',
      'h3.heading level-1',
      'p.parallel-refs',
      'p.poetry q1',
      'p.poetry q2',
      'p.para',
      'p.note-block note-study',
    ]);
    expect(textOf(layout[1])).toBe('The LORD Is My Shepherd');
    expect((layout[1] as ViewNode).attrs).toMatchObject({
      'data-source': 'bsb-pericopes',
      title: 'Heading from bsb-pericopes',
    });
    expect(textOf(layout[2])).toBe('(John 10:11)');
  });

  it('puts a note behind a button that controls it, the note hidden until opened', () => {
    const [call] = withClass(layout, 'note-call');
    const [body] = withClass(layout, 'note-text');
    expect(call.tag).toBe('button');
    expect(call.attrs).toMatchObject({ 'aria-expanded': 'false', 'aria-controls': body.attrs?.id });
    expect(textOf(call)).toBe('a');
    expect(body.attrs).toHaveProperty('hidden');
    expect(textOf(body)).toBe('Or lack nothing');
  });

  it('marks verse numbers and tags every text run with the verse it belongs to', () => {
    expect(withClass(layout, 'vnum').map((n) => [textOf(n), n.attrs?.['data-verse']])).toEqual([
      ['1', '19023001'],
      ['2', '19023002'],
    ]);
    const runs = withClass(layout, 'w');
    expect(runs.every((n) => /^\d{8}$/.test(n.attrs?.['data-verse'] ?? ''))).toBe(true);
    expect(withClass(layout, 'nd').map(textOf)).toEqual(['LORD']);
    expect(withClass(layout, 'add').map((n) => n.tag)).toEqual(['em']);
  });

  it('shows the words of Jesus as their own runs', () => {
    const blocks: Block[] = [
      { type: 'paragraph', content: [verse('3', '43003003'), text('Jesus answered, '), text('Verily', { wj: true })] },
    ];
    expect(withClass(renderBlocks(blocks), 'wj').map(textOf)).toEqual(['Verily']);
  });

  it('numbers notes so no two markers control the same note', () => {
    const note: Inline = { type: 'note', kind: 'crossref', text: 'Gen 1:1' };
    const ids = withClass(renderBlocks([{ type: 'paragraph', content: [note, note, note] }]), 'note-call').map(
      (n) => n.attrs?.['aria-controls'],
    );
    expect(new Set(ids).size).toBe(3);
  });
});

const arbitraryRun = fc.record(
  {
    type: fc.constant('text' as const),
    text: fc.string(),
    wj: fc.constant(true as const),
    add: fc.constant(true as const),
  },
  { requiredKeys: ['type', 'text'] },
);
const arbitraryInline: fc.Arbitrary<Inline> = fc.oneof(
  arbitraryRun,
  fc.record({ type: fc.constant('verse' as const), number: fc.nat(176).map(String), id: fc.constant('43003016') }),
  fc.record({ type: fc.constant('note' as const), kind: fc.constant('footnote' as const), text: fc.string() }),
);
const arbitraryBlock: fc.Arbitrary<Block> = fc.oneof(
  fc.record({ type: fc.constant('paragraph' as const), content: fc.array(arbitraryInline) }),
  fc.record({
    type: fc.constant('poetry' as const),
    level: fc.integer({ min: 1, max: 3 }),
    content: fc.array(arbitraryInline),
  }),
  fc.record({
    type: fc.constant('heading' as const),
    level: fc.constant(1),
    text: fc.string(),
    source: fc.constant('x'),
  }),
);

describe('the layout keeps the words', () => {
  it('reads, notes and headings aside, exactly the text runs in order', () => {
    fc.assert(
      fc.property(fc.array(arbitraryBlock), (blocks) => {
        const runs = blocks.flatMap((b) =>
          'content' in b ? b.content.flatMap((i) => (i.type === 'text' ? [i.text] : [])) : [],
        );
        expect(readingText(renderBlocks(blocks))).toBe(runs.join(''));
      }),
    );
  });

  it('lays out flat verses one paragraph each, every verse once, with its words unchanged', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 40 }), (texts) => {
        const rows = texts.map((t, i) => ({ id: String(43003001 + i), v: String(i + 1), t }));
        const layout = renderBlocks(versesToBlocks(rows));
        expect(layout).toHaveLength(rows.length);
        expect(withClass(layout, 'vnum').map((n) => n.attrs?.['data-verse'])).toEqual(rows.map((r) => r.id));
        expect(readingText(layout)).toBe(texts.join(''));
      }),
    );
  });
});

describe('blocksOfAnswer', () => {
  it("takes each passage's blocks in order", () => {
    const [a, b] = [PSALM_23.slice(0, 2), PSALM_23.slice(2)];
    expect(blocksOfAnswer([{ blocks: a }, { blocks: b }])).toEqual(PSALM_23);
  });

  it('gives nothing for an answer of verses, so the page lays out the verses itself', async () => {
    const answer = await (await bible()).call('GetPassage', { reference: 'John 3', versionId: 'kjv' });
    expect(answer[0].verses.length).toBe(36);
    expect(blocksOfAnswer(answer)).toBeUndefined();
    expect(blocksOfAnswer([])).toBeUndefined();
    expect(blocksOfAnswer(null)).toBeUndefined();
  });
});
