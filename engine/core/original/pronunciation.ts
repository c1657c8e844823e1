// The pronunciation of a Hebrew or Greek word, derived from the written word by fixed rules (docs/original.md,
// "Pronunciation"): five readings, as the hosted API's `pronun` gives them.
// - ipa, sbl, dic: a scholarly reading: no spirantization, no vowel length; IPA, SBL academic
//   transliteration, and a plain ASCII-ish respelling;
// - ipa_mod, dic_mod: the modern reading (Modern Israeli Hebrew for the OT, Modern Greek for the NT).
// Every character of the word is read by some rule or reported in `unread`, so a test can prove no letter
// or point is silently skipped.
import { greek } from './greek-reading.ts';
import { hebrew } from './hebrew-reading.ts';
import type { Pronunciation, Reading } from './readings.ts';

export type { Pronunciation, Reading } from './readings.ts';

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
