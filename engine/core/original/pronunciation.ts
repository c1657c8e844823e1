// The pronunciation of a Hebrew or Greek word, derived from the written word by fixed rules (docs/original.md,
// "Pronunciation"): five readings, as the hosted API's `pronun` gives them.
// - ipa, sbl, dic: a scholarly reading: no spirantization, no vowel length; IPA, SBL academic
//   transliteration, and a plain ASCII-ish respelling;
// - ipa_mod, dic_mod: the modern reading (Modern Israeli Hebrew for the OT, Modern Greek for the NT).
// Every character of the word is read by some rule or reported in `unread`, so a test can prove no letter
// or point is silently skipped.

export interface Pronunciation {
  ipa: string;
  ipa_mod: string;
  sbl: string;
  dic: string;
  dic_mod: string;
}

export interface Reading extends Pronunciation {
  /** characters of the word no rule reads ('' when every one was read) */
  unread: string;
}

/** The five readings of a word; the script (Hebrew or Greek) is told by its letters. */
export function pronounce(word: string): Reading {
  const text = word.normalize('NFD');
  return /[\u05d0-\u05ea]/.test(text) ? hebrew(text) : greek(text);
}

/** True when every reading has something in it. */
export const complete = (r: Pronunciation) => !!(r.ipa && r.ipa_mod && r.sbl && r.dic && r.dic_mod);

/**
 * The `pronun` string of a word: its readings as JSON, keys in the hosted API's order. A word that gives an
 * empty reading (no letters) is read from `lemma` (its Strong's entry's word) instead, when there is one.
 */
export function pronunJson(word: string, lemma: () => string = () => ''): string {
  let r: Pronunciation = pronounce(word);
  if (!complete(r)) {
    const fallback = lemma();
    if (fallback) r = pronounce(fallback);
  }
  return JSON.stringify({ ipa: r.ipa, ipa_mod: r.ipa_mod, sbl: r.sbl, dic: r.dic, dic_mod: r.dic_mod });
}

/** The five outputs built side by side. */
class Out {
  ipa = '';
  ipa_mod = '';
  sbl = '';
  dic = '';
  dic_mod = '';
  unread = '';
  /** scholarly (ipa, sbl, dic) */
  old(ipa: string, sbl: string, dic: string) {
    this.ipa += ipa;
    this.sbl += sbl;
    this.dic += dic;
  }
  /** modern (ipa_mod, dic_mod) */
  mod(ipa: string, dic: string) {
    this.ipa_mod += ipa;
    this.dic_mod += dic;
  }
  reading(): Reading {
    return {
      ipa: this.ipa,
      ipa_mod: this.ipa_mod,
      sbl: this.sbl,
      dic: this.dic,
      dic_mod: this.dic_mod,
      unread: this.unread,
    };
  }
}

// ---------------------------------------------------------------- Hebrew

type Vowel =
  | 'shewa'
  | 'hatafPatah'
  | 'hatafSegol'
  | 'hatafQamats'
  | 'hiriq'
  | 'tsere'
  | 'segol'
  | 'patah'
  | 'qamats'
  | 'qamatsQatan'
  | 'holam'
  | 'qubuts';

const HEBREW_VOWELS: Record<string, Vowel> = {
  '\u05b0': 'shewa',
  '\u05b1': 'hatafSegol',
  '\u05b2': 'hatafPatah',
  '\u05b3': 'hatafQamats',
  '\u05b4': 'hiriq',
  '\u05b5': 'tsere',
  '\u05b6': 'segol',
  '\u05b7': 'patah',
  '\u05b8': 'qamats',
  '\u05b9': 'holam',
  '\u05ba': 'holam', // holam haser for vav: the vav is a consonant, the holam its vowel
  '\u05bb': 'qubuts',
  '\u05c7': 'qamatsQatan',
};

/** vowel -> [ipa, sbl, dic, ipa_mod, dic_mod] */
const VOWEL_SOUNDS: Record<Vowel | 'vocalShewa' | 'shureq', readonly [string, string, string, string, string]> = {
  shewa: ['', '', '', '', ''],
  vocalShewa: ['ə', 'ə', 'e', 'e', 'e'],
  hatafPatah: ['ă', 'ă', 'a', 'a', 'a'],
  hatafSegol: ['ɛ̆', 'ĕ', 'e', 'e', 'e'],
  hatafQamats: ['ɔ̆', 'ŏ', 'o', 'o', 'o'],
  hiriq: ['i', 'i', 'i', 'i', 'i'],
  tsere: ['e', 'e', 'e', 'e', 'e'],
  segol: ['ɛ', 'e', 'e', 'e', 'e'],
  patah: ['a', 'a', 'a', 'a', 'a'],
  qamats: ['ɑ', 'a', 'a', 'ɑ', 'a'],
  qamatsQatan: ['ɔ', 'o', 'o', 'o', 'o'],
  holam: ['o', 'o', 'o', 'o', 'o'],
  qubuts: ['u', 'u', 'u', 'u', 'u'],
  shureq: ['u', 'u', 'u', 'u', 'u'],
};

/** letter -> [ipa, sbl, dic, ipa_mod, dic_mod]; ipa_mod/dic_mod of ב כ פ without dagesh are in SPIRANTS. */
const CONSONANTS: Record<string, readonly [string, string, string, string, string]> = {
  א: ['ʔ', 'ʾ', '', 'ʔ', ''],
  ב: ['b', 'b', 'b', 'b', 'b'],
  ג: ['ɡ', 'g', 'g', 'ɡ', 'g'],
  ד: ['d', 'd', 'd', 'd', 'd'],
  ה: ['h', 'h', 'h', 'h', 'h'],
  ו: ['w', 'w', 'w', 'v', 'v'],
  ז: ['z', 'z', 'z', 'z', 'z'],
  ח: ['ħ', 'ḥ', 'ch', 'χ', 'ch'],
  ט: ['tˤ', 'ṭ', 't', 't', 't'],
  י: ['j', 'y', 'y', 'j', 'y'],
  כ: ['k', 'k', 'k', 'k', 'k'],
  ל: ['l', 'l', 'l', 'l', 'l'],
  מ: ['m', 'm', 'm', 'm', 'm'],
  נ: ['n', 'n', 'n', 'n', 'n'],
  ס: ['s', 's', 's', 's', 's'],
  ע: ['ʕ', 'ʿ', '', 'ʔ', ''],
  פ: ['p', 'p', 'p', 'p', 'p'],
  צ: ['sˤ', 'ṣ', 'ts', 'ts', 'ts'],
  ק: ['q', 'q', 'q', 'k', 'k'],
  ר: ['r', 'r', 'r', 'ʁ', 'r'],
  שׁ: ['ʃ', 'š', 'sh', 'ʃ', 'sh'],
  שׂ: ['s', 'ś', 's', 's', 's'],
  ת: ['t', 't', 't', 't', 't'],
};
const SPIRANTS: Record<string, readonly [string, string]> = { ב: ['v', 'v'], כ: ['χ', 'ch'], פ: ['f', 'f'] };
const FINAL_FORMS: Record<string, string> = { ך: 'כ', ם: 'מ', ן: 'נ', ף: 'פ', ץ: 'צ' };
const GUTTURALS = 'אהעח';
const BEGADKEFAT = 'בגדכפת';

const DAGESH = '\u05bc';
const METEG = '\u05bd';
const MAQAF = '\u05be';
const SHIN_DOT = '\u05c1';
const SIN_DOT = '\u05c2';
/** Marks that carry no sound: cantillation, rafe, paseq, sof pasuq, upper/lower dots, nun hafukha. */
const SILENT_HEBREW = /[\u0591-\u05af\u05bf\u05c0\u05c3\u05c4\u05c5\u05c6]/;

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

function hebrew(text: string): Reading {
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

// ---------------------------------------------------------------- Greek

/** A Greek letter with its marks. */
interface GreekLetter {
  base: string;
  upper: boolean;
  rough: boolean;
  accent: boolean;
  diaeresis: boolean;
  iotaSubscript: boolean;
}

const GREEK_VOWELS = 'αεηιουω';
const DIPHTHONGS = new Set(['αι', 'ει', 'οι', 'υι', 'αυ', 'ευ', 'ηυ', 'ου', 'ωυ']);
/** Punctuation and marks that carry no sound: , . ; · ; [ ] ’ ᾽ space, and the nomen sacrum overline. */
const SILENT_GREEK = /^(?:[\s,.;·\u0387\u037e[\]\u2019'\u1fbd]|\u0305)$/;
const VOICELESS = 'θκξπσςτφχψ';

/** letter -> [ipa, sbl, dic] of the scholarly reading */
const GREEK_OLD: Record<string, readonly [string, string, string]> = {
  α: ['a', 'a', 'a'],
  β: ['b', 'b', 'b'],
  γ: ['ɡ', 'g', 'g'],
  δ: ['d', 'd', 'd'],
  ε: ['e', 'e', 'e'],
  ζ: ['zd', 'z', 'z'],
  η: ['ɛ', 'e', 'e'],
  θ: ['tʰ', 'th', 'th'],
  ι: ['i', 'i', 'i'],
  κ: ['k', 'k', 'k'],
  λ: ['l', 'l', 'l'],
  μ: ['m', 'm', 'm'],
  ν: ['n', 'n', 'n'],
  ξ: ['ks', 'x', 'x'],
  ο: ['o', 'o', 'o'],
  π: ['p', 'p', 'p'],
  ρ: ['r', 'r', 'r'],
  σ: ['s', 's', 's'],
  ς: ['s', 's', 's'],
  τ: ['t', 't', 't'],
  υ: ['y', 'y', 'u'],
  φ: ['pʰ', 'ph', 'ph'],
  χ: ['kʰ', 'ch', 'ch'],
  ψ: ['ps', 'ps', 'ps'],
  ω: ['ɔ', 'o', 'o'],
};
const DIPHTHONG_OLD: Record<string, readonly [string, string, string]> = {
  αι: ['ai', 'ai', 'ai'],
  ει: ['ei', 'ei', 'ei'],
  οι: ['oi', 'oi', 'oi'],
  υι: ['yi', 'ui', 'ui'],
  αυ: ['au', 'au', 'au'],
  ευ: ['eu', 'eu', 'eu'],
  ηυ: ['ɛu', 'eu', 'eu'],
  ου: ['u', 'ou', 'ou'],
  ωυ: ['ɔu', 'ou', 'ou'],
};
/** ᾳ ῃ ῳ: [ipa, sbl, dic] */
const SUBSCRIPT_OLD: Record<string, readonly [string, string, string]> = {
  α: ['ai', 'ą', 'a'],
  η: ['ɛi', 'ę', 'e'],
  ω: ['ɔi', 'ǫ', 'o'],
};
/** modern: [ipa, dic] of a letter; palatal forms before front vowels in MODERN_FRONT */
const GREEK_MOD: Record<string, readonly [string, string]> = {
  α: ['a', 'a'],
  β: ['v', 'v'],
  γ: ['ɣ', 'g'],
  δ: ['ð', 'dh'],
  ε: ['e', 'e'],
  ζ: ['z', 'z'],
  η: ['i', 'i'],
  θ: ['θ', 'th'],
  ι: ['i', 'i'],
  κ: ['k', 'k'],
  λ: ['l', 'l'],
  μ: ['m', 'm'],
  ν: ['n', 'n'],
  ξ: ['ks', 'x'],
  ο: ['o', 'o'],
  π: ['p', 'p'],
  ρ: ['r', 'r'],
  σ: ['s', 's'],
  ς: ['s', 's'],
  τ: ['t', 't'],
  υ: ['i', 'i'],
  φ: ['f', 'f'],
  χ: ['x', 'ch'],
  ψ: ['ps', 'ps'],
  ω: ['o', 'o'],
};
const MODERN_FRONT: Record<string, readonly [string, string]> = { γ: ['ʝ', 'y'], κ: ['c', 'k'], χ: ['ç', 'ch'] };
const DIPHTHONG_MOD: Record<string, readonly [string, string]> = {
  αι: ['e', 'e'],
  ει: ['i', 'i'],
  οι: ['i', 'i'],
  υι: ['i', 'i'],
  ου: ['u', 'ou'],
};

/** A modern sound with what the stress mark needs to know. */
interface ModernSound {
  ipa: string;
  vowel: boolean;
  stressed: boolean;
}

function parseGreek(text: string, out: Out): GreekLetter[] {
  const letters: GreekLetter[] = [];
  for (const ch of text) {
    const lower = ch.toLowerCase();
    const last = letters[letters.length - 1];
    if (GREEK_OLD[lower]) {
      letters.push({
        base: lower,
        upper: lower !== ch,
        rough: false,
        accent: false,
        diaeresis: false,
        iotaSubscript: false,
      });
    } else if (SILENT_GREEK.test(ch)) {
      // read, and silent
    } else if (!last) out.unread += ch;
    else if (ch === '\u0314') last.rough = true;
    else if (ch === '\u0313') {
      // smooth breathing (or koronis): no sound
    } else if (ch === '\u0301' || ch === '\u0300' || ch === '\u0342') last.accent = true;
    else if (ch === '\u0308') last.diaeresis = true;
    else if (ch === '\u0345' || ch === '\u1fbe') last.iotaSubscript = true;
    else out.unread += ch;
  }
  return letters;
}

/** Whether the sound that starts at letter i is a front vowel (e, i): it palatalizes γ κ χ in Modern Greek. */
function frontAt(letters: GreekLetter[], i: number): boolean {
  const l = letters[i];
  if (!l) return false;
  const pair = l.base + (letters[i + 1]?.base ?? '');
  if (DIPHTHONGS.has(pair) && !letters[i + 1].diaeresis) return pair !== 'ου' && pair !== 'αυ' && pair !== 'ωυ';
  return 'εηιυ'.includes(l.base);
}

function greek(text: string): Reading {
  const out = new Out();
  const letters = parseGreek(text, out);
  const modern: ModernSound[] = [];
  const mod = (ipa: string, dic: string, vowel = false, stressed = false) => {
    modern.push({ ipa, vowel, stressed });
    out.dic_mod += dic;
  };
  for (let i = 0; i < letters.length; i++) {
    const l = letters[i];
    const next = letters[i + 1];
    if (GREEK_VOWELS.includes(l.base)) {
      const pair = l.base + (next?.base ?? '');
      const diphthong =
        !!next && DIPHTHONGS.has(pair) && !next.diaeresis && !l.accent && !l.rough && !l.diaeresis && !l.iotaSubscript;
      const rough = l.rough || (diphthong && next.rough);
      const stressed = l.accent || (diphthong && next.accent);
      if (rough) out.old('h', 'h', 'h');
      if (diphthong) {
        const [ipa, sbl, dic] = DIPHTHONG_OLD[pair];
        out.old(ipa, sbl, dic);
        if (next.base === 'υ' && l.base !== 'ο') {
          // αυ ευ ηυ: v before a vowel or voiced consonant, f before a voiceless one or at the end
          const after = letters[i + 2];
          const f = !after || VOICELESS.includes(after.base);
          const [v] = GREEK_MOD[l.base];
          mod(v, v === 'i' ? 'i' : l.base === 'ω' ? 'o' : v, true, stressed);
          mod(f ? 'f' : 'v', f ? 'f' : 'v');
        } else {
          const [ipa, dic] = DIPHTHONG_MOD[pair];
          mod(ipa, dic, true, stressed);
        }
        i++;
      } else if (l.iotaSubscript && SUBSCRIPT_OLD[l.base]) {
        const [ipa, sbl, dic] = SUBSCRIPT_OLD[l.base];
        out.old(ipa, sbl, dic);
        const [m, d] = GREEK_MOD[l.base];
        mod(m, d, true, stressed);
      } else {
        const [ipa, sbl, dic] = GREEK_OLD[l.base];
        out.old(ipa, sbl, dic);
        const [m, d] = GREEK_MOD[l.base];
        mod(m, d, true, stressed);
      }
      continue;
    }
    greekConsonant(out, letters, i, mod);
  }
  if (letters[0]?.upper) {
    out.sbl = capitalize(out.sbl);
    out.dic = capitalize(out.dic);
    out.dic_mod = capitalize(out.dic_mod);
  }
  out.ipa_mod = withStress(modern);
  return out.reading();
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function greekConsonant(
  out: Out,
  letters: GreekLetter[],
  i: number,
  mod: (ipa: string, dic: string, vowel?: boolean, stressed?: boolean) => void,
) {
  const l = letters[i];
  const next = letters[i + 1];
  const prev = letters[i - 1];
  const front = frontAt(letters, i + 1);
  // γ before γ κ ξ χ is the nasal ŋ (ἄγγελος angelos)
  if (l.base === 'γ' && next && 'γκξχ'.includes(next.base)) {
    out.old('ŋ', 'n', 'n');
    const initial = i === 0;
    if (!(initial && next.base === 'κ')) mod(frontAt(letters, i + 2) && next.base !== 'ξ' ? 'ɲ' : 'ŋ', 'n');
    return;
  }
  const [ipa, sbl, dic] = GREEK_OLD[l.base];
  if (l.base === 'ρ' && l.rough) out.old('r̥', 'rh', 'rh');
  else out.old(ipa, sbl, dic);
  // after the nasal γ: γγ and γκ are g (ɟ before e, i)
  if (prev?.base === 'γ' && (l.base === 'γ' || l.base === 'κ')) return mod(front ? 'ɟ' : 'ɡ', 'g');
  // Modern Greek says a doubled consonant once
  if (prev && prev.base === l.base) return;
  if (l.base === 'π' && prev?.base === 'μ') return mod('b', 'b');
  if (l.base === 'τ' && prev?.base === 'ν') return mod('d', 'd');
  if (l.base === 'σ' && next && 'βγδμ'.includes(next.base)) return mod('z', 'z');
  const palatal = front ? MODERN_FRONT[l.base] : undefined;
  const [m, d] = palatal ?? GREEK_MOD[l.base];
  mod(m, d);
}

/** The modern IPA with ˈ before the stressed syllable (not in a word of one syllable): the onset is the
 *  consonant before the stressed vowel, with a stop or fricative before ρ/λ, or σ before a stop. */
function withStress(sounds: ModernSound[]): string {
  const nuclei = sounds.filter((s) => s.vowel).length;
  const at = sounds.findIndex((s) => s.stressed);
  if (nuclei < 2 || at < 0) return sounds.map((s) => s.ipa).join('');
  let start = at;
  if (start > 0 && !sounds[start - 1].vowel) {
    start--;
    const first = sounds[start - 1];
    const second = sounds[start];
    if (
      first &&
      !first.vowel &&
      ((/^[rl]$/.test(second.ipa) && !/^[rlmnŋɲ]$/.test(first.ipa)) ||
        (/^[sz]$/.test(first.ipa) && /^[ptkcθfx]$/.test(second.ipa)))
    )
      start--;
  }
  return sounds.map((s, k) => (k === start ? 'ˈ' : '') + s.ipa).join('');
}
