// Hebrew read by rule: a word's letters with their points, the vowel letters, dagesh forte and vocal
// shewa found, then each letter read through the tables of hebrew-sounds.ts.
import { Out, type Pronunciation, type Reading } from './readings.ts';
import {
  type Vowel,
  HEBREW_VOWELS,
  VOWEL_SOUNDS,
  CONSONANTS,
  SPIRANTS,
  FINAL_FORMS,
  GUTTURALS,
  BEGADKEFAT,
  DAGESH,
  METEG,
  MAQAF,
  SHIN_DOT,
  SIN_DOT,
  SILENT_HEBREW,
} from './hebrew-sounds.ts';

/** One letter with its points. */
interface Letter {
  /** the letter, final forms made plain, ש resolved to שׁ or שׂ */
  base: string;
  dagesh: boolean;
  meteg: boolean;
  /** U+05BA: the vav is a consonant with holam, not a holam male */
  holamHaser: boolean;
  vowels: Vowel[];
  /** filled by the analysis */
  role: 'consonant' | 'silent' | 'shureq' | 'holamMale';
  /** dagesh forte: the consonant is doubled */
  doubled: boolean;
  vocalShewa: boolean;
}

export function hebrew(text: string): Reading {
  const out = new Out();
  const segments: Letter[][] = [[]];
  let current: Letter | undefined;
  let sinDot = false;
  let shinDot = false;
  const finish = () => {
    if (current && current.base === 'ש') current.base = sinDot && !shinDot ? 'שׂ' : 'שׁ';
    sinDot = shinDot = false;
  };
  for (const ch of text) {
    if (ch >= '\u05d0' && ch <= '\u05ea') {
      finish();
      current = {
        base: FINAL_FORMS[ch] ?? ch,
        dagesh: false,
        meteg: false,
        holamHaser: false,
        vowels: [],
        role: 'consonant',
        doubled: false,
        vocalShewa: false,
      };
      segments[segments.length - 1].push(current);
    } else if (ch === MAQAF) {
      finish();
      current = undefined;
      segments.push([]);
    } else if (SILENT_HEBREW.test(ch)) {
      // read, and silent
    } else if (!current) {
      out.unread += ch;
    } else if (HEBREW_VOWELS[ch]) {
      current.vowels.push(HEBREW_VOWELS[ch]);
      if (ch === '\u05ba') current.holamHaser = true;
    } else if (ch === DAGESH) current.dagesh = true;
    else if (ch === METEG) current.meteg = true;
    else if (ch === SHIN_DOT && current.base === 'ש') shinDot = true;
    else if (ch === SIN_DOT && current.base === 'ש') sinDot = true;
    else out.unread += ch;
  }
  finish();
  const readings = segments.flatMap((s, k) => (s.length ? [hebrewSegment(s, k < segments.length - 1)] : []));
  const joined = (key: keyof Pronunciation) => readings.map((r) => r[key]).join('-');
  return {
    ipa: joined('ipa'),
    ipa_mod: joined('ipa_mod'),
    sbl: joined('sbl'),
    dic: joined('dic'),
    dic_mod: joined('dic_mod'),
    unread: out.unread,
  };
}

const FULL = (v: Vowel) => v !== 'shewa';
const fullVowel = (l: Letter | undefined) => !!l && l.vowels.some(FULL);
/** The letter ends in a vowel sound: it has a full vowel, or is itself a vowel (shureq, holam male, mater). */
const endsInVowel = (l: Letter | undefined) =>
  !!l && (fullVowel(l) || l.role === 'shureq' || l.role === 'silent' || l.role === 'holamMale');
const lastVowel = (l: Letter | undefined) => (l ? l.vowels[l.vowels.length - 1] : undefined);

/** One maqaf-free stretch of a word: find the vowel letters, then dagesh forte, then vocal shewa, then read. */
function hebrewSegment(letters: Letter[], beforeMaqaf: boolean): Pronunciation {
  findVowelLetters(letters);
  // the last letter that is sounded as a consonant: shewa there and after is silent
  let lastSounded = letters.length - 1;
  while (lastSounded > 0 && letters[lastSounded].role !== 'consonant') lastSounded--;
  letters.forEach((l, i) => {
    const prev = letters[i - 1];
    // a dagesh after a vowel doubles the letter, except at the end (אַתְּ) and in final ה (mappiq)
    l.doubled =
      l.dagesh && l.role === 'consonant' && i > 0 && endsInVowel(prev) && !(i >= lastSounded && !fullVowel(l));
  });
  letters.forEach((l, i) => {
    if (lastVowel(l) !== 'shewa' || i >= lastSounded) return;
    l.vocalShewa = shewaIsVocal(letters, i);
  });
  letters.forEach((l, i) => {
    if (l.vowels[0] === 'qamats' && qamatsIsShort(letters, i, lastSounded, beforeMaqaf)) l.vowels[0] = 'qamatsQatan';
  });
  return readHebrew(letters);
}

/** Marks the vowel letters: shureq, holam male, and silent matres lectionis (י after i/e, final ה, ־ָיו's י). */
function findVowelLetters(letters: Letter[]) {
  letters.forEach((l, i) => {
    const prev = letters[i - 1];
    const next = letters[i + 1];
    const bare = l.vowels.length === 0;
    if (l.base === 'ו') {
      if (l.dagesh && bare && !fullVowel(prev)) l.role = 'shureq';
      else if (
        !l.dagesh &&
        l.vowels.length === 1 &&
        l.vowels[0] === 'holam' &&
        prev &&
        !fullVowel(prev) &&
        prev.role === 'consonant' &&
        !l.holamHaser
      )
        l.role = 'holamMale';
      else if (bare && !l.dagesh && lastVowel(prev) === 'holam') l.role = 'silent';
    } else if (l.base === 'י' && bare && !l.dagesh) {
      const v = lastVowel(prev);
      if (v === 'hiriq' || v === 'tsere' || v === 'segol') l.role = 'silent';
      // ־ָיו: the yod is written, not read (dəbārāw)
      else if (
        v === 'qamats' &&
        next?.base === 'ו' &&
        next.vowels.length === 0 &&
        !next.dagesh &&
        i + 1 === letters.length - 1
      )
        l.role = 'silent';
    } else if (l.base === 'ה' && bare && !l.dagesh && i === letters.length - 1 && i > 0) l.role = 'silent';
  });
}

function shewaIsVocal(letters: Letter[], i: number): boolean {
  const l = letters[i];
  const prev = letters[i - 1];
  const next = letters[i + 1];
  if (i === 0) return true;
  if (l.doubled) return true;
  if (prev.role === 'consonant' && lastVowel(prev) === 'shewa') return !prev.vocalShewa;
  if (next && next.base === l.base) return true;
  // ב ג ד כ פ ת after the shewa tell: a dagesh (lene) follows a closed syllable, none follows a vowel
  if (next && BEGADKEFAT.includes(next.base)) return !next.dagesh;
  if (prev.meteg && fullVowel(prev)) return true;
  if (prev.role === 'shureq' || prev.role === 'holamMale' || prev.role === 'silent') return true;
  // after a long vowel (holam, qamats) the shewa is vocal: שָׁמְרוּ šaməru
  const v = lastVowel(prev);
  return v === 'holam' || v === 'qamats';
}

/** Qamats qatan where the pointing decides it: in a closed unstressed syllable, proved closed by the
 *  dagesh lene after its shewa (תָּפְשׂוּ is not decided, קָטְפְּךָ is) or by maqaf (כָּל־), or before hataf
 *  qamats. A meteg marks the qamats long; where nothing decides, qamats is read a. */
function qamatsIsShort(letters: Letter[], i: number, lastSounded: number, beforeMaqaf: boolean): boolean {
  const l = letters[i];
  if (l.meteg || l.vowels.length !== 1) return false;
  const next = letters[i + 1];
  if (!next) return false;
  if (next.vowels[0] === 'hatafQamats') return true;
  if (next.role !== 'consonant' || next.doubled) return false;
  const after = letters[i + 2];
  if (lastVowel(next) === 'shewa' && after && BEGADKEFAT.includes(after.base) && after.dagesh) return true;
  // כָּל־: the segment's last syllable, closed, unstressed before maqaf
  return beforeMaqaf && i + 1 === lastSounded && !fullVowel(next);
}

function readHebrew(letters: Letter[]): Pronunciation {
  const out = new Out();
  const lastIndex = letters.length - 1;
  letters.forEach((l, i) => {
    const prev = letters[i - 1];
    if (l.role === 'silent') {
      if (l.base === 'ה') {
        out.dic += 'h';
        out.dic_mod += 'h';
      }
      return;
    }
    if (l.role === 'shureq' || l.role === 'holamMale') {
      vowel(out, l.role === 'shureq' ? 'shureq' : 'holam');
      return;
    }
    const furtive =
      i === lastIndex &&
      i > 0 &&
      l.vowels.length === 1 &&
      l.vowels[0] === 'patah' &&
      (l.base === 'ח' || l.base === 'ע' || (l.base === 'ה' && l.dagesh)) &&
      !/patah|qamats/.test(lastVowel(prev) ?? '');
    if (furtive) vowel(out, 'patah');
    consonant(out, l, i, furtive);
    if (furtive) return;
    // patah or qamats with hiriq on one letter (the Qere יְרוּשָׁלִַם): the a first, whatever the mark order
    if (l.vowels.length > 1) l.vowels.sort((a, b) => Number(a === 'hiriq') - Number(b === 'hiriq'));
    l.vowels.forEach((v, k) => {
      // the second vowel's hiriq is read after a glide: -layim
      if (k > 0 && v === 'hiriq') {
        out.old('j', 'y', 'y');
        out.mod('j', 'y');
      }
      vowel(out, v === 'shewa' && l.vocalShewa ? 'vocalShewa' : v, modernShewaDropped(letters, i, v));
    });
  });
  return out.reading();
}

/** Modern Hebrew drops a word-initial vocal shewa (bʁeʃit, dvaʁim) except under ו, י and the sonorants
 *  ל מ נ ר, or before a guttural, a yod or the same letter, where it is said e (ve-, le-, neviʔim). */
function modernShewaDropped(letters: Letter[], i: number, v: Vowel): boolean {
  if (v !== 'shewa' || i !== 0) return false;
  const l = letters[0];
  const next = letters[1];
  if ('וילמנר'.includes(l.base)) return false;
  if (!next) return true;
  return !(GUTTURALS.includes(next.base) || next.base === 'י' || next.base === l.base);
}

function vowel(out: Out, v: Vowel | 'vocalShewa' | 'shureq', modernSilent = false) {
  const [ipa, sbl, dic, ipaMod, dicMod] = VOWEL_SOUNDS[v];
  out.old(ipa, sbl, dic);
  if (!modernSilent) out.mod(ipaMod, dicMod);
}

function consonant(out: Out, l: Letter, i: number, furtive: boolean) {
  const [ipa, sbl, dic, ipaMod, dicMod] = CONSONANTS[l.base];
  out.old(l.doubled ? ipa + ipa : ipa, l.doubled ? sbl + sbl : sbl, dic);
  // Modern: א and ע are heard only where they carry a vowel; ב כ פ without dagesh are spirants, except
  // at the start of a word.
  if ((l.base === 'א' || l.base === 'ע') && (furtive || !fullVowel(l)) && !(l.vocalShewa && i > 0)) return;
  const spirant = SPIRANTS[l.base];
  if (spirant && !l.dagesh && i > 0) out.mod(spirant[0], spirant[1]);
  else out.mod(ipaMod, dicMod);
}
