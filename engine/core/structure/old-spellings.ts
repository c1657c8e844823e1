// The KJV 1611's margin references write book names in the 1611's own forms ("Leuit. 17.14.", "Iosh.",
// "Esa.", "1.king", "Chap. 9.1." for a chapter of the same book). Before its words are read as citations,
// each such name becomes a form the citation reader knows; words of modern texts pass unchanged.

/** 1611 forms that no spelling rule turns into a known name: the name they stand for. */
const OLD_NAMES: Record<string, string> = {
  esa: 'Isa',
  esai: 'Isa',
  esay: 'Isa',
  isay: 'Isa',
  isai: 'Isa',
  matth: 'Matt',
  math: 'Matt',
  marke: 'Mark',
  marc: 'Mark',
  mar: 'Mark',
  luc: 'Luke',
  psal: 'Ps',
  psalme: 'Ps',
  ose: 'Hos',
  osee: 'Hos',
  os: 'Hos',
  ezech: 'Ezek',
  ezec: 'Ezek',
  exek: 'Ezek',
  abac: 'Hab',
  abak: 'Hab',
  abacuc: 'Hab',
  habac: 'Hab',
  agge: 'Hag',
  agg: 'Hag',
  sophan: 'Zeph',
  naum: 'Nah',
  zach: 'Zech',
  zac: 'Zech',
  actes: 'Acts',
  apoc: 'Rev',
  corin: 'Cor',
  gene: 'Gen',
  genes: 'Gen',
  numb: 'Num',
  iona: 'Jonah',
  ionas: 'Jonah',
  ion: 'Jonah',
  iosu: 'Josh',
  ios: 'Josh',
  iee: 'Jer',
  iere: 'Jer',
  ierem: 'Jer',
  iob: 'Job',
  iudg: 'Judg',
  iud: 'Judg',
  iam: 'Jas',
  iames: 'Jas',
  ioh: 'John',
  iohn: 'John',
  leuit: 'Lev',
  leui: 'Lev',
  leu: 'Lev',
  nehem: 'Neh',
  nehe: 'Neh',
  deu: 'Deut',
  hose: 'Hos',
  ephe: 'Eph',
  ephes: 'Eph',
  hebr: 'Heb',
  galat: 'Gal',
  coloss: 'Col',
  colos: 'Col',
  lament: 'Lam',
  lamen: 'Lam',
  mala: 'Mal',
  malac: 'Mal',
  mich: 'Mic',
  mica: 'Mic',
  thes: 'Thess',
  kin: 'Kgs',
  king: 'Kgs',
  reg: 'Kgs',
};

/** The 1611's spelling rules: a word's first I before a vowel is J; a u after a vowel, before a vowel or
 *  at the end, is v (Leuit -> Levit, Prou -> Prov, Reuel -> Revel). */
const modernSpelling = (word: string) =>
  word.replace(/^([Ii])(?=[aeiou])/, (i) => (i === 'I' ? 'J' : 'j')).replace(/(?<=[aeiou])u(?=[aeiou]|$)/g, 'v');

/**
 * A book name of the 1611 before a chapter ("Leuit. 17", "1.king 3", "Chap. 9"), with its ordinal: "1."
 * glued to the name, or "1 " not after a number ("16.1. chap. 3" ends a verse number, no ordinal).
 */
const OLD_NAME_BEFORE_NUMBER = /(?:(?<![\p{L}\d.])([1-3])(?:\.(?=[A-Za-z])|\s+))?(?<!\p{L})([A-Za-z]+)\.?(?=\s*\d)/gu;

/**
 * The note's words with the 1611's book names in forms the citation reader knows: "Chap." and "Cha." name
 * a chapter of the book the note stands in (`ownBook`, its English name); `isBookName` says whether the
 * reader knows a name.
 */
export function withModernBookNames(text: string, ownBook: string, isBookName: (name: string) => boolean): string {
  return withBookAfterAnd(modernNames(text, ownBook, isBookName), isBookName);
}

/** A name before a chapter, or "and" before a chapter and verse with no name ("Psal. 33.6. and 136.5."). */
const NAME_OR_AND = /(?<!\p{L})(?:((?:[1-3] )?\p{Lu}\p{Ll}+)\.?\s*(?=\d)|and\s+(?=\d{1,3}\.\d))/gu;

/** "and 136.5." after a citation names a verse of the same book: the book is written out before it. */
function withBookAfterAnd(text: string, isBookName: (name: string) => boolean): string {
  let lastBook = '';
  return text.replace(NAME_OR_AND, (whole, name: string | undefined) => {
    if (name !== undefined) {
      lastBook = isBookName(name) ? name : '';
      return whole;
    }
    return lastBook ? `and ${lastBook} ` : whole;
  });
}

function modernNames(text: string, ownBook: string, isBookName: (name: string) => boolean): string {
  return text.replace(OLD_NAME_BEFORE_NUMBER, (whole, ordinal: string | undefined, word: string) => {
    const key = word.toLowerCase();
    if (key === 'chap' || key === 'cha') return `${whole.slice(0, whole.lastIndexOf(word))}${ownBook} `;
    let name = OLD_NAMES[key] ?? modernSpelling(word);
    // The 1611 writes the names after a list's first in lower case ("luk. 17.29. isa. 13.19."), which free
    // text does not take for a book; a capital makes a known name one.
    const capital = name.charAt(0).toUpperCase() + name.slice(1);
    if (capital !== name && isBookName(capital)) name = capital;
    if (name === word && !ordinal) return whole;
    return `${ordinal ? `${ordinal} ` : ''}${name} `;
  });
}
