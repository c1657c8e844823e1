// STEPBible morphology tables (TEHMC for Hebrew/Aramaic, TEGMC for Greek): each full code with a short
// English expansion. Format: corpus provenance/original.md, section E. OSHB codes that TEHMC lacks are
// decoded by position (the OSHB morphology code scheme), so every Hebrew word gets an expansion.
import { readFileSync } from 'node:fs';

/** code -> short English expansion ("Verb : Qal (Simple, Active) Perfect … Third Singular Masculine") */
export function readStepMorphology(path: string): Map<string, string> {
  const text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
  const full = text.indexOf('FULL MORPHOLOGY CODES:');
  if (full < 0) throw new Error(`${path}: no "FULL MORPHOLOGY CODES:" section`);
  const codes = new Map<string, string>();
  const lines = text.slice(full).split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\S+)\tFunction=/.exec(lines[i]);
    if (!m) continue;
    const short = (lines[i + 1] ?? '').trim().replace(/^"|"$/g, '').replace(/\s+/g, ' ').trim();
    codes.set(m[1], short);
  }
  return codes;
}

const HEBREW_STEMS: Record<string, string> = {
  q: 'Qal',
  N: 'Niphal',
  p: 'Piel',
  P: 'Pual',
  h: 'Hiphil',
  H: 'Hophal',
  t: 'Hithpael',
  o: 'Polel',
  O: 'Polal',
  r: 'Hithpolel',
  m: 'Poel',
  M: 'Poal',
  k: 'Palel',
  K: 'Pulal',
  Q: 'Qal passive',
  l: 'Pilpel',
  L: 'Polpal',
  f: 'Hithpalpel',
  D: 'Nithpael',
  j: 'Pealal',
  i: 'Pilel',
  u: 'Hothpaal',
  c: 'Tiphil',
  v: 'Hishtaphel',
  w: 'Nithpalel',
  y: 'Nithpoel',
  z: 'Hithpoel',
};
const ARAMAIC_STEMS: Record<string, string> = {
  q: 'Peal',
  Q: 'Peil',
  u: 'Hithpeel',
  p: 'Pael',
  P: 'Ithpaal',
  M: 'Hithpaal',
  a: 'Aphel',
  h: 'Haphel',
  s: 'Saphel',
  e: 'Shaphel',
  H: 'Hophal',
  i: 'Ithpeel',
  t: 'Hishtaphel',
  v: 'Ishtaphel',
  w: 'Hithaphel',
  o: 'Polel',
  z: 'Ithpoel',
  r: 'Hithpolel',
  f: 'Hithpalpel',
  b: 'Hephal',
  c: 'Tiphel',
  m: 'Poel',
  l: 'Palpel',
  L: 'Ithpalpel',
  O: 'Ithpolel',
  G: 'Ittaphal',
};
const VERB_FORMS: Record<string, string> = {
  p: 'Perfect',
  q: 'Sequential Perfect',
  i: 'Imperfect',
  w: 'Sequential Imperfect',
  h: 'Cohortative',
  j: 'Jussive',
  v: 'Imperative',
  r: 'Participle',
  s: 'Participle passive',
  a: 'Infinitive absolute',
  c: 'Infinitive construct',
};
const PERSON: Record<string, string> = { 1: 'First', 2: 'Second', 3: 'Third' };
const GENDER: Record<string, string> = { m: 'Masculine', f: 'Feminine', b: 'Either gender', c: 'Common gender' };
const NUMBER: Record<string, string> = { s: 'Singular', p: 'Plural', d: 'Dual' };
const STATE: Record<string, string> = { a: 'Absolute', c: 'Construct', d: 'Determined' };
const ADJECTIVE: Record<string, string> = { a: 'Adjective', c: 'Cardinal number', g: 'Gentilic', o: 'Ordinal number' };
const NOUN: Record<string, string> = { c: 'Noun', g: 'Noun : Gentilic', p: 'Noun : Proper name', t: 'Noun : Title' };
const PROPER: Record<string, string> = {
  m: 'Masculine individual',
  f: 'Feminine individual',
  l: 'Location',
  t: 'Other title',
};
const PRONOUN: Record<string, string> = {
  d: 'Demonstrative',
  f: 'Indefinite',
  i: 'Interrogative',
  p: 'Personal',
  r: 'Relative',
};
const SUFFIX: Record<string, string> = {
  d: 'Directional He',
  h: 'Paragogic He',
  n: 'Paragogic Nun',
  p: 'Pronominal suffix',
};
const PARTICLE: Record<string, string> = {
  a: 'Affirmation',
  d: 'Definite article',
  e: 'Exhortation',
  i: 'Interrogative',
  j: 'Interjection',
  m: 'Demonstrative',
  n: 'Negative',
  o: 'Direct object marker',
  r: 'Relative',
};

const words = (table: Record<string, string>, letters: string) => [...letters].map((l) => table[l]).filter(Boolean);
const pgn = (rest: string) => [
  ...words(PERSON, rest[0] ?? ''),
  ...words(GENDER, rest[1] ?? ''),
  ...words(NUMBER, rest[2] ?? ''),
];
const gns = (rest: string) => [
  ...words(GENDER, rest[0] ?? ''),
  ...words(NUMBER, rest[1] ?? ''),
  ...words(STATE, rest[2] ?? ''),
];

/** Decodes one OSHB segment ("Vqp3ms", language letter given separately) into English by position. */
export function decodeOshbSegment(language: 'H' | 'A', segment: string): string {
  const [pos, type = '', ...more] = segment;
  const rest = more.join('');
  const join = (head: string, tail: string[]) => (tail.length ? `${head} : ${tail.join(' ')}` : head);
  switch (pos) {
    case 'A':
      return join(ADJECTIVE[type] ?? 'Adjective', gns(rest));
    case 'C':
      return 'Conjunction';
    case 'D':
      return 'Adverb';
    case 'N':
      return type === 'p' ? join('Noun : Proper name', words(PROPER, rest)) : join(NOUN[type] ?? 'Noun', gns(rest));
    case 'P':
      return join(`Pronoun${PRONOUN[type] ? ` : ${PRONOUN[type]}` : ''}`, pgn(rest));
    case 'R':
      return type === 'd' ? 'Preposition with definite article' : 'Preposition';
    case 'S':
      return join(SUFFIX[type] ?? 'Suffix', type === 'p' ? pgn(rest) : []);
    case 'T':
      return `Particle${PARTICLE[type] ? ` : ${PARTICLE[type]}` : ''}`;
    case 'V': {
      const stem = (language === 'A' ? ARAMAIC_STEMS : HEBREW_STEMS)[type] ?? type;
      const form = VERB_FORMS[rest[0]] ?? '';
      const tail = rest.slice(1);
      const features = rest[0] === 'r' || rest[0] === 's' ? gns(tail) : pgn(tail);
      return `Verb : ${[stem, form, ...features].filter(Boolean).join(' ')}`;
    }
    default:
      return segment;
  }
}

/**
 * Expands a whole OSHB code ("HC/Vqw3ms") segment by segment, joined by " + ". TEHMC is used where it
 * lists the segment (also after reading OSHB's "c" common gender as TEHMC's "b" either gender);
 * the positional decoder covers the rest.
 */
export function expandOshbMorph(
  code: string,
  tehmc: Map<string, string>,
): { text: string; fromTable: number; decoded: number } {
  const language = code[0] === 'A' ? 'A' : 'H';
  let fromTable = 0;
  let decoded = 0;
  const parts = code
    .slice(1)
    .split('/')
    .map((segment) => {
      const direct =
        tehmc.get(language + segment) ?? tehmc.get(language + segment.replace(/^(Sp\d|Pp\d|Pd[x\d]|V\w\w\d?)c/, '$1b'));
      if (direct) {
        fromTable++;
        return direct;
      }
      decoded++;
      return decodeOshbSegment(language, segment);
    });
  return { text: parts.join(' + '), fromTable, decoded };
}
