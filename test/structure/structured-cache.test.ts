// The structured form keeps each verse's decoded markup and layout steps (bounded, a few books at a time):
// the answers stay what a fresh layout gives, blocks are made per answer, and what answers share is frozen.
import { describe, expect, it } from 'vitest';
import { DECODED_BOOKS_KEPT, translationStructure } from '../../engine/core/structure/packs.ts';
import { layOut } from '../../engine/core/structure/reader.ts';
import { STRUCTURE_PACK } from '../../engine/core/pack/schemas.ts';
import { withSchema } from '../../engine/core/pack/schema.ts';
import type { Block, Inline } from '../../engine/core/structure/model.ts';
import { verseRow } from '../../engine/core/verse-row.ts';
import { bible, readLocalPack } from '../helpers.ts';

const b = await bible();
await b.load(['text-web', 'structure-web', 'headings']);

const structuredBlocks = (reference: string): Block[] =>
  b.callSync('GetPassage', { reference, versionId: 'web', format: 'structured' })[0].blocks;

const inlinesOf = (blocks: readonly Block[]): Inline[] =>
  blocks.flatMap((block) => ('content' in block ? block.content : []));

describe('GetPassage format=structured answers from kept markup', () => {
  it('gives equal answers with fresh blocks and frozen shared inlines, so no caller changes the next answer', () => {
    const first = structuredBlocks('Psalm 119');
    const second = structuredBlocks('Psalm 119');
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    // A block is made for the answer, or is the source's own (a stanza letter) and frozen with what it holds.
    let shared = 0;
    for (let i = 0; i < first.length; i++) {
      const block = first[i];
      if (second[i] === block) {
        shared++;
        expect(Object.isFrozen(block) && (!('content' in block) || Object.isFrozen(block.content))).toBe(true);
      } else if ('content' in block) expect((second[i] as { content: Inline[] }).content).not.toBe(block.content);
    }
    expect(shared).toBe(22);
    for (const inline of inlinesOf(first)) expect(Object.isFrozen(inline)).toBe(true);
    const copy = structuredClone(second);
    const poem = first.find((block) => block.type === 'poetry') as Block & { content: Inline[] };
    poem.content.push({ type: 'text', text: 'changed' });
    first.length = 0;
    expect(structuredBlocks('Psalm 119')).toEqual(copy);
  });

  it('answers the same after the book was dropped from the kept ones and decoded again', () => {
    const before = structuredClone(structuredBlocks('John 3'));
    // More books than are kept, so John's markup is dropped and decoded again.
    const others = ['Gen 1', 'Exod 15', 'Ps 23', 'Isa 40', 'Matt 5', 'Mark 1', 'Luke 1', 'Acts 2', 'Rom 8', 'Rev 22'];
    expect(others.length).toBeGreaterThan(DECODED_BOOKS_KEPT);
    for (const reference of others) structuredBlocks(reference);
    expect(structuredBlocks('John 3')).toEqual(before);
  });

  it('keeps steps only for the verse record they were made from', () => {
    const structure = translationStructure(withSchema(readLocalPack(STRUCTURE_PACK.name('web')), STRUCTURE_PACK));
    const position = 0; // Genesis 1:1
    const row = verseRow(1001001, 'In the beginning');
    const other = verseRow(1001001, 'Other words');
    const steps = structure.stepsAt(position, row);
    expect(structure.stepsAt(position, row)).toBe(steps);
    expect(Object.isFrozen(steps)).toBe(true);
    const laidOut = (r: typeof row) =>
      layOut([{ id: 1001001, paddedId: r.id, number: r.v, text: r.t, steps: structure.stepsAt(position, r) }]);
    // The verse's runs: the book title standing before Genesis 1:1 is not among them.
    const runs = (blocks: Block[]) =>
      inlinesOf(blocks.filter((x) => x.type !== 'title'))
        .map((i) => (i.type === 'text' ? i.text : ''))
        .join('');
    expect(runs(laidOut(other))).toBe('Other words');
    expect(runs(laidOut(row))).toBe('In the beginning');
  });
});
