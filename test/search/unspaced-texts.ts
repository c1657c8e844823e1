// Texts in scripts written without spaces, for the search tests and the bench: the Chinese Union Version
// of the corpus's imports (its verse texts read with a regular expression, as the tests need no more of
// the USFX than that), and any verses turned into a text pack and searched through the same code the
// engine runs on the first search in a translation (translationSearchIndex).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normalizeText } from '../../engine/core/match.ts';
import { NormalizedVerses, type SearchIndex } from '../../engine/core/search/searcher.ts';
import { translationSearchIndex } from '../../engine/core/search/translation-index.ts';
import type { TranslationData } from '../../engine/core/translation.ts';
import { textPack } from './coded-index.ts';

export const CUV_PATH = join(import.meta.dirname, '../../../shared/sources/imports/chi-cuv.usfx.xml');

/** The CUV's verse texts in the file's order (31,100 verses), or null when the corpus is not there. */
export function cuvVerses(): string[] | null {
  let xml: string;
  try {
    xml = readFileSync(CUV_PATH, 'utf8');
  } catch {
    return null;
  }
  return [...xml.matchAll(/<v id="[^"]*"\/>([^<]*)<ve\/>/g)].map((m) => m[1].trim());
}

/** A searchable translation of these verses: text pack, verse rows and the index the engine makes. */
export function searchableText(verses: string[]): {
  text: TranslationData;
  normalized: NormalizedVerses;
  index: SearchIndex;
} {
  const cuts = verses.map((_, i) => i).filter((i) => i % 400 === 0);
  const pack = textPack(verses, cuts);
  const rows = { size: verses.length, textAt: (i: number) => verses[i], versionId: 'test' };
  const text = rows as unknown as TranslationData;
  const normalized = new NormalizedVerses(rows);
  return { text, normalized, index: translationSearchIndex(pack as never, text, normalized) };
}

/**
 * The definition the search must equal, written apart from the engine's code: normalise, then look for
 * the query in each verse; `exact` wants whole words, where a letter of a script written without spaces
 * is a word of its own and a word may end before an apostrophe.
 */
export function plainScan(
  verses: readonly string[],
  query: string,
  matchType: 'exact' | 'broad',
  exclude?: string,
  [first, end]: [number, number] = [0, verses.length],
): number[] {
  const unspaced =
    '[\\p{scx=Han}\\p{scx=Hiragana}\\p{scx=Katakana}\\p{scx=Thai}\\p{scx=Lao}\\p{scx=Khmer}\\p{scx=Myanmar}\\p{scx=Tibetan}\\p{scx=Bopomofo}\\p{scx=Yi}]';
  const endsUnspaced = new RegExp(`${unspaced}$`, 'u');
  const startsUnspaced = new RegExp(`^${unspaced}`, 'u');
  // A word starts after a space, an unspaced letter or at one; it ends before a space, an apostrophe,
  // an unspaced letter, or at one.
  const wholeAt = (verse: string, at: number, s: string) => {
    const before = verse.slice(0, at);
    const after = verse.slice(at + s.length);
    const starts = before === '' || before.endsWith(' ') || endsUnspaced.test(before) || startsUnspaced.test(s);
    const ends = after === '' || /^[ ']/.test(after) || startsUnspaced.test(after) || endsUnspaced.test(s);
    return starts && ends;
  };
  const has = (verse: string, s: string) => {
    for (let at = verse.indexOf(s); at !== -1; at = verse.indexOf(s, at + 1))
      if (matchType === 'broad' || wholeAt(verse, at, s)) return true;
    return false;
  };
  const q = normalizeText(query);
  const e = exclude === undefined ? '' : normalizeText(exclude);
  const found: number[] = [];
  if (!q) return found;
  const normalized = normalizedOf(verses);
  for (let i = first; i < end; i++) if (has(normalized[i], q) && !(e && has(normalized[i], e))) found.push(i);
  return found;
}

const normalizedCache = new WeakMap<readonly string[], string[]>();
function normalizedOf(verses: readonly string[]): string[] {
  let normalized = normalizedCache.get(verses);
  if (!normalized) normalizedCache.set(verses, (normalized = verses.map(normalizeText)));
  return normalized;
}
