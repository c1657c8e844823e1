// The WordNet reader on a hand-written miniature database: lemmas of KJV forms, and related words in their tiers.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readWordNet, relatedWords } from './wordnet.ts';

const dir = mkdtempSync(join(tmpdir(), 'wordnet-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Every file opens with the licence lines, indented two spaces; index lines end in two spaces.
const LICENCE = '  1 This software and database is being provided to you, the LICENSEE, by  \n';
const FILES: Record<string, string[]> = {
  'index.noun': [
    'belief n 1 1 @ 1 1 00002000  ',
    'faith n 4 3 @ ! + 4 3 00001000 00004000 00004700 00004800  ',
    'love n 1 0 1 2 00009000  ',
    'man n 1 0 1 0 00008000  ',
  ],
  'data.noun': [
    '00001000 09 n 02 faith 0 religion 0 004 @ 00002000 n 0000 + 00005000 v 0101 + 00005100 v 0201 ' +
      '! 00003000 n 0101 | a strong belief in a supernatural power  ',
    '00002000 09 n 01 belief 0 001 @ 00002500 n 0000 | any cognitive content held as true  ',
    '00002500 09 n 01 content 0 000 | the sum of what can be known  ',
    '00003000 09 n 01 doubt 0 000 | uncertainty about the truth  ',
    '00004000 09 n 02 faith 0 trust 0 001 @ 00004500 n 0000 | complete confidence  ',
    '00004500 09 n 01 certainty 0 000 | the state of being certain  ',
    '00004700 14 n 02 faith 0 church 0 001 @ 00004750 n 0000 | an institution  ',
    '00004750 14 n 01 organization 0 000 | a group of people  ',
    '00004800 14 n 02 faith 0 sect 0 000 | a rare sense  ',
    '00008000 18 n 02 man 0 adult_male 0 000 | an adult person who is male  ',
    '00009000 12 n 02 love 0 passion 0 000 | a strong positive emotion  ',
  ],
  'index.verb': [
    'believe v 1 2 @ + 1 1 00005000  ',
    'have v 1 0 1 1 00006000  ',
    'love v 1 0 1 5 00009500  ',
    'worship v 1 0 1 0 00005100  ',
  ],
  'data.verb': [
    '00005000 31 v 01 believe 0 002 @ 00005900 v 0000 + 00001000 n 0101 01 + 08 00 | accept as true  ',
    '00005100 41 v 01 worship 0 000 01 + 08 00 | show devotion to a deity  ',
    '00005900 31 v 01 accept 0 000 01 + 08 00 | consider or hold as true  ',
    '00006000 40 v 01 have 0 000 01 + 08 00 | have or possess  ',
    '00009500 37 v 02 love 0 enjoy 0 000 01 + 08 00 | get pleasure from  ',
  ],
  'index.adj': ['faithful a 1 3 ! & ^ 1 1 00007000  ', 'loyal a 1 1 & 1 0 00007100  '],
  'data.adj': [
    '00007000 00 a 01 faithful(a) 0 003 & 00007100 s 0000 ^ 00007200 a 0000 ! 00007300 a 0101 | steadfast  ',
    '00007100 00 s 01 Loyal 0 001 & 00007000 a 0000 | unwavering in devotion  ',
    '00007200 00 a 01 true 0 000 | consistent with fact  ',
    '00007300 00 a 01 unfaithful 0 000 | not true to duty  ',
  ],
  'index.adv': [],
  'data.adv': [],
};
for (const [name, lines] of Object.entries(FILES))
  writeFileSync(join(dir, name), LICENCE + lines.map((l) => `${l}\n`).join(''));

const wordnet = readWordNet(dir);
const EVERY_WORD = new Set([
  ...'faith religion belief content doubt trust certainty church organization sect'.split(' '),
  ...'man passion love believe worship accept have enjoy faithful loyal true unfaithful'.split(' '),
]);

describe('readWordNet', () => {
  it('lists the senses of a lemma, commonest first, the more often tagged part of speech first on a tie', () => {
    expect(wordnet.senses('faith').map((s) => s.synset)).toEqual(['n00001000', 'n00004000', 'n00004700', 'n00004800']);
    expect(wordnet.senses('love')).toEqual([
      { pos: 'v', rank: 0, synset: 'v00009500', tagged: 5 },
      { pos: 'n', rank: 0, synset: 'n00009000', tagged: 2 },
    ]);
    expect(wordnet.senses('hope')).toEqual([]);
  });

  it('reads synset words and pointers, with satellite adjectives keyed with the adjectives', () => {
    expect(wordnet.synset('n00001000')).toEqual({
      words: ['faith', 'religion'],
      pointers: [
        { symbol: '@', target: 'n00002000', source: 0, targetWord: 0 },
        { symbol: '+', target: 'v00005000', source: 1, targetWord: 1 },
        { symbol: '+', target: 'v00005100', source: 2, targetWord: 1 },
        { symbol: '!', target: 'n00003000', source: 1, targetWord: 1 },
      ],
    });
    // Adjective markers such as "(a)" are dropped and words lower-cased.
    expect(wordnet.synset('a00007000')?.words).toEqual(['faithful']);
    expect(wordnet.synset('a00007000')?.pointers[0].target).toBe('a00007100');
    expect(wordnet.synset('a00007100')?.words).toEqual(['loyal']);
    expect(wordnet.synset('n00007100')).toBeUndefined();
  });

  it('finds the lemma of plural, archaic and irregular forms, only in a part of speech the lemma has', () => {
    expect(wordnet.lemmas('faith')).toEqual(['faith']);
    expect(wordnet.lemmas('faiths')).toEqual(['faith']);
    expect(wordnet.lemmas('believeth')).toEqual(['believe']);
    expect(wordnet.lemmas('believed')).toEqual(['believe']);
    expect(wordnet.lemmas('loveth')).toEqual(['love']);
    expect(wordnet.lemmas('loves')).toEqual(['love']);
    expect(wordnet.lemmas('hath')).toEqual(['have']);
    expect(wordnet.lemmas('men')).toEqual(['man']);
    // "faith" has no verb sense, so "faithed" is not its past tense.
    expect(wordnet.lemmas('faithed')).toEqual([]);
    expect(wordnet.lemmas('hope')).toEqual([]);
  });
});

describe('relatedWords', () => {
  it('gives synonyms of the three commonest senses, then hypernyms of the first two, then derived forms', () => {
    // Not: sect (fourth sense), organization (hypernym of the third), content (a hypernym's hypernym),
    // doubt (antonym), worship (derived from "religion", not from "faith").
    expect(relatedWords(wordnet, 'faith', EVERY_WORD)).toEqual([
      'religion',
      'trust',
      'church',
      'belief',
      'certainty',
      'believe',
    ]);
    expect(relatedWords(wordnet, 'faiths', EVERY_WORD)).toEqual(relatedWords(wordnet, 'faith', EVERY_WORD));
  });

  it('keeps only words of the vocabulary, at most the limit', () => {
    const vocabulary = new Set([...EVERY_WORD].filter((w) => w !== 'trust' && w !== 'church'));
    expect(relatedWords(wordnet, 'faith', vocabulary)).toEqual(['religion', 'belief', 'certainty', 'believe']);
    expect(relatedWords(wordnet, 'faith', EVERY_WORD, 2)).toEqual(['religion', 'trust']);
    expect(relatedWords(wordnet, 'faith', new Set())).toEqual([]);
  });

  it('follows similar-to and see-also for adjectives, but not antonyms', () => {
    expect(relatedWords(wordnet, 'faithful', EVERY_WORD)).toEqual(['loyal', 'true']);
  });

  it('relates an archaic form through its lemma and leaves the lemma out', () => {
    expect(relatedWords(wordnet, 'believeth', EVERY_WORD)).toEqual(['accept', 'faith']);
    expect(relatedWords(wordnet, 'loves', EVERY_WORD)).toEqual(['enjoy', 'passion']);
  });

  it('returns nothing for a word WordNet does not know', () => {
    expect(relatedWords(wordnet, 'hope', EVERY_WORD)).toEqual([]);
  });
});
