// The dictionary builder on two tiny dictionaries: merged headwords, variant keys, cleaned text, byte offsets, word-coded blocks.
import { afterAll, describe, expect, it } from 'vitest';
import { decodedBlocks, fixtureContext, removeFixtures } from '../../test/compiler/fixture-context.ts';
import { dictionaryBuilder } from './dictionary.ts';

afterAll(removeFixtures);

/** A pack's sections with its word-coded definitions decoded: each block's text. */
function readable(sections: Record<string, { kind: string; data: unknown }>) {
  const { terms, keys, offsets, blockFirstEntry } = sections;
  return { terms, keys, offsets, blockFirstEntry, blocks: decodedBlocks(sections) };
}

const dictionary = (entries: [string, string[]][]) =>
  JSON.stringify({ meta: {}, data: entries.map(([term, blocks]) => ({ term, definition_blocks: blocks })) });
const SMITHS = dictionary([
  ['Aaron', ['The brother of Moses (Exodus 4:14).', '  ', 'He died on Hor (20:28).']],
  ['Abia, Abiah, Or Abijah', ['See [12]Abijah.']],
  ['Abijah', ['King of Judah.']],
]);
const EASTONS = dictionary([
  ['Abel, Stone Of', ['A great stone.']],
  ['Kadesh', ['A café.']],
  ['Kadesh ', ['A wilderness.']],
]);

describe('dictionaryBuilder', () => {
  const { ctx, logs } = fixtureContext({ files: { 'smiths-dictionary': SMITHS, 'eastons-dictionary': EASTONS } });
  const packs = dictionaryBuilder.build(ctx);

  it('builds one pack per dictionary, each from its own dataset', () => {
    expect(packs.map((p) => [p.name, p.datasets])).toEqual([
      ['dictionary-smiths', ['smiths-dictionary']],
      ['dictionary-eastons', ['eastons-dictionary']],
    ]);
  });

  it("keys variants of a headword, lets a headword of its own win, and restores a bare reference's book", () => {
    const aaron = 'The brother of Moses (Exodus 4:14).\nHe died on Hor (Exodus 20:28).';
    expect(readable(packs[0].sections)).toEqual({
      terms: { kind: 'json', data: ['Aaron', 'Abia, Abiah, Or Abijah', 'Abijah'] },
      keys: { kind: 'json', data: { aaron: 0, 'abia, abiah, or abijah': 1, abia: 1, abiah: 1, abijah: 2 } },
      offsets: { kind: 'u32', data: [0, 66, 77, 91] },
      // One block of the definitions back to back, entries 1 to 3.
      blockFirstEntry: { kind: 'u32', data: [1, 4] },
      blocks: [`${aaron}See Abijah.King of Judah.`],
    });
  });

  it('merges entries sharing a headword and counts offsets in UTF-8 bytes', () => {
    expect(readable(packs[1].sections)).toEqual({
      terms: { kind: 'json', data: ['Abel, Stone Of', 'Kadesh'] },
      keys: { kind: 'json', data: { 'abel, stone of': 0, 'stone of abel': 0, kadesh: 1 } },
      // "é" is two bytes: "A café.\n\nA wilderness." is 22 characters and 23 bytes.
      offsets: { kind: 'u32', data: [0, 14, 37] },
      blockFirstEntry: { kind: 'u32', data: [1, 3] },
      blocks: ['A great stone.A café.\n\nA wilderness.'],
    });
  });

  it('logs what each dictionary held and what was cleaned', () => {
    expect(logs).toEqual([
      '  smiths: 3 headwords, 5 keys; {"entries":3,"markersRemoved":1,"booksRestored":1}',
      '  eastons: 2 headwords, 3 keys; {"entries":3,"markersRemoved":0,"booksRestored":0}',
    ]);
  });
});
