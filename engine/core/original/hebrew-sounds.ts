// The sounds of Hebrew letters and points, as tables: what each reads as in the five readings
// (readings.ts). The rules that choose among them are in hebrew-reading.ts.

export type Vowel =
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

export const HEBREW_VOWELS: Record<string, Vowel> = {
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
export const VOWEL_SOUNDS: Record<Vowel | 'vocalShewa' | 'shureq', readonly [string, string, string, string, string]> =
  {
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
export const CONSONANTS: Record<string, readonly [string, string, string, string, string]> = {
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
export const SPIRANTS: Record<string, readonly [string, string]> = { ב: ['v', 'v'], כ: ['χ', 'ch'], פ: ['f', 'f'] };
export const FINAL_FORMS: Record<string, string> = { ך: 'כ', ם: 'מ', ן: 'נ', ף: 'פ', ץ: 'צ' };
export const GUTTURALS = 'אהעח';
export const BEGADKEFAT = 'בגדכפת';

export const DAGESH = '\u05bc';
export const METEG = '\u05bd';
export const MAQAF = '\u05be';
export const SHIN_DOT = '\u05c1';
export const SIN_DOT = '\u05c2';
/** Marks that carry no sound: cantillation, rafe, paseq, sof pasuq, upper/lower dots, nun hafukha. */
export const SILENT_HEBREW = /[\u0591-\u05af\u05bf\u05c0\u05c3\u05c4\u05c5\u05c6]/;
