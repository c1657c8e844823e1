// A translation's search index, made from its text pack on the first search in it: the exact word index
// read off the word codes (text-index.ts) for a text in scripts written with spaces, as the built-in
// translations are; for a text holding letters of a script written without them (Chinese, Japanese,
// Thai...: isUnspacedUnit), word keys for its spaced runs and character n-grams for the rest
// (ngrams.ts), both made from its normalised text.
import { hasUnspaced, normalizeText } from '../match.ts';
import type { PackOf } from '../pack/schema.ts';
import type { TEXT_PACK } from '../pack/schemas.ts';
import { packUnusable } from '../pack/reader.ts';
import { packDictionary, type WordDictionary } from '../pack/word-coding.ts';
import type { TranslationData } from '../translation.ts';
import { buildNgramIndex, forEachSpacedKey } from './ngrams.ts';
import { postingIndexOf } from './postings.ts';
import { type NormalizedVerses, type SearchIndex, searchIndexOf } from './searcher.ts';
import { indexTranslation } from './text-index.ts';

/**
 * The search index of a translation whose text holds unspaced letters: word keys for the spaced runs
 * and the n-gram index, both made from its normalised text.
 */
export function mixedScriptIndex(verses: NormalizedVerses, size: number): SearchIndex {
  const { blob, starts } = verses.whole();
  const lists = new Map<string, number[]>();
  for (let row = 0; row < size; row++) {
    forEachSpacedKey(verses.verse(row), (key) => {
      let list = lists.get(key);
      if (!list) lists.set(key, (list = []));
      if (list[list.length - 1] !== row) list.push(row);
    });
  }
  return { ...searchIndexOf(postingIndexOf(lists, size)), unspaced: buildNgramIndex(blob, starts, size) };
}

// Per code point of a dictionary: 0 not looked at yet, 1 folds to no unspaced letter, 2 folds to one.
const FOLDS_UNSPACED = new Uint8Array(65536);
const ASTRAL_FOLDS_UNSPACED = new Map<number, boolean>();

function foldsToUnspaced(codePoint: number): boolean {
  if (codePoint < 65536) {
    if (!FOLDS_UNSPACED[codePoint])
      FOLDS_UNSPACED[codePoint] = hasUnspaced(normalizeText(String.fromCharCode(codePoint))) ? 2 : 1;
    return FOLDS_UNSPACED[codePoint] === 2;
  }
  let folds = ASTRAL_FOLDS_UNSPACED.get(codePoint);
  if (folds === undefined) {
    folds = hasUnspaced(normalizeText(String.fromCodePoint(codePoint)));
    ASTRAL_FOLDS_UNSPACED.set(codePoint, folds);
  }
  return folds;
}

/**
 * Does any dictionary entry (so any verse) hold a character whose normalised form has an unspaced
 * letter? Read off the UTF-8 bytes, looking only at the characters of three and four bytes (U+0800 up),
 * each kind once: under a millisecond for a translation in a spaced script, with no text decoded.
 */
export function dictionaryHasUnspaced(dictionary: WordDictionary): boolean {
  const { bytes } = dictionary;
  for (let i = 0; i < bytes.length; i++) {
    const lead = bytes[i];
    // ASCII, a continuation byte, or a two-byte character (below U+0800): nothing below U+0E00 folds
    // to an unspaced letter (a test checks every one).
    if (lead < 0xe0) continue;
    let codePoint: number;
    if (lead < 0xf0) codePoint = ((lead & 0x0f) << 12) | ((bytes[i + 1] & 0x3f) << 6) | (bytes[i + 2] & 0x3f);
    else
      codePoint =
        ((lead & 0x07) << 18) | ((bytes[i + 1] & 0x3f) << 12) | ((bytes[i + 2] & 0x3f) << 6) | (bytes[i + 3] & 0x3f);
    if (foldsToUnspaced(codePoint)) return true;
  }
  return false;
}

/**
 * A translation's search index, made from its text pack on the first search in it: the exact word index
 * read off the word codes when no character of it is of an unspaced script (the built-in translations),
 * else words and n-grams from its normalised text.
 */
export function translationSearchIndex(
  pack: PackOf<typeof TEXT_PACK>,
  text: TranslationData,
  verses: NormalizedVerses,
): SearchIndex {
  const dictionary = packDictionary(pack, (why) => packUnusable(pack.name, why));
  if (dictionaryHasUnspaced(dictionary)) return mixedScriptIndex(verses, text.size);
  return { ...indexTranslation(pack, text, verses), unspaced: 'none' };
}
