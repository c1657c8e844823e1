// What the structured form shows of markup the first structure packs left out: the WEB's Ps 119 stanza
// letters and its subscription after Hab 3:19, the KJV 1611's Pauline subscriptions, the ASV's margin
// notes on the verses it omits; and structure packs of texts that mark next to nothing stay small.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DATA_DIR } from '../../engine/node/loader.ts';
import type { Block } from '../../engine/core/structure/model.ts';
import { bible } from '../helpers.ts';

const b = await bible();
await b.load(['web', 'asv', 'kjv1611'].flatMap((v) => [`text-${v}`, `structure-${v}`]).concat('headings'));

const blocksOf = (reference: string, versionId: string): Block[] =>
  b.callSync('GetPassage', { reference, versionId, format: 'structured' })[0].blocks;
const wordsOf = (block: Block) =>
  'content' in block ? block.content.map((i) => (i.type === 'text' ? i.text : '')).join('') : '';
const titles = (blocks: Block[], kind: string) =>
  blocks.filter((block) => block.type === 'title' && block.kind === kind).map(wordsOf);

describe('titles and notes the sources mark outside their verses', () => {
  it('lays out the WEB Ps 119 stanza letters as acrostic titles, each before its stanza', () => {
    const blocks = blocksOf('Psalm 119', 'web');
    const letters = titles(blocks, 'acrostic');
    expect(letters).toHaveLength(22);
    expect(letters.slice(0, 3)).toEqual(['ALEPH', 'BET', 'GIMEL']);
    const aleph = blocks.findIndex((block) => block.type === 'title' && block.kind === 'acrostic');
    const next = blocks[aleph + 1];
    expect(next.type).toBe('poetry');
    expect('content' in next && next.content[0]).toMatchObject({ type: 'verse', number: '1' });
    // A range inside the stanza opens in its poetry, without the letter.
    expect(titles(blocksOf('Psalm 119:2-8', 'web'), 'acrostic')).toEqual([]);
    expect(titles(blocksOf('Psalm 119:8-9', 'web'), 'acrostic')).toEqual(['BET']);
  });

  it('ends the WEB Habakkuk with its subscription as a title after the last verse', () => {
    const blocks = blocksOf('Habakkuk 3', 'web');
    expect(blocks[blocks.length - 1]).toEqual({
      type: 'title',
      kind: 'subscription',
      content: [{ type: 'text', text: 'For the music director, on my stringed instruments.' }],
    });
    expect(titles(blocksOf('Habakkuk 3:18', 'web'), 'subscription')).toEqual([]);
  });

  it('ends the KJV 1611 epistles with their subscriptions', () => {
    const blocks = blocksOf('Hebrews 13:25', 'kjv1611');
    expect(titles(blocks, 'subscription')).toEqual(['Written to the Hebrewes, from Italy, by Timothie.']);
  });

  it('shows the ASV margin note on an omitted verse after the verse before it', () => {
    const blocks = blocksOf('Matthew 17:20-22', 'asv');
    const inlines = blocks.flatMap((block) => ('content' in block ? block.content : []));
    const note = inlines.findIndex((i) => i.type === 'note');
    expect(inlines[note]).toMatchObject({ type: 'note', kind: 'footnote' });
    expect((inlines[note] as { text: string }).text).toMatch(/^Many authorities, some ancient, insert v\. 21\./);
    // After verse 20's words, before verse 22's marker.
    const markers = inlines.flatMap((i, at) => (i.type === 'verse' ? [[i.number, at]] : []));
    expect(markers).toEqual([
      ['20', expect.any(Number)],
      ['22', expect.any(Number)],
    ]);
    expect(note).toBeGreaterThan(markers[0][1] as number);
    expect(note).toBeLessThan(markers[1][1] as number);
  });
});

describe('structure packs of texts that mark next to nothing', () => {
  it('cost a few kilobytes, not one stored line per verse', () => {
    const manifest = JSON.parse(readFileSync(join(DEFAULT_DATA_DIR, 'manifest.json'), 'utf8')) as {
      packs: { name: string; bytes: number }[];
    };
    const bytes = (name: string) => manifest.packs.find((p) => p.name === name)!.bytes;
    // SVD marks nothing, Webster only the Ps 119 letters: far less than their 31,102 verses' newlines.
    expect(bytes('structure-svd')).toBeLessThan(31_102 / 4);
    expect(bytes('structure-wbt')).toBeLessThan(31_102 / 4);
    expect(b.callSync('GetPassage', { reference: 'Gen 1:1-3', versionId: 'web', format: 'structured' })).toHaveLength(
      1,
    );
  });
});
