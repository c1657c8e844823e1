// Search in scripts written without spaces between words (Chinese, Japanese, Thai, Lao, Khmer, Myanmar,
// Tibetan: isUnspacedUnit in match.ts). A word index cannot serve them: a Chinese "word" between two
// punctuation marks is a whole clause, and no query is one. So a translation whose text holds such
// letters is indexed by character n-grams instead: for every letter of those scripts its unigram, and
// for every two such letters side by side their bigram, each with the ascending verse positions holding
// it. The runs written with spaces (Latin names in Chinese, Japanese with spaces, digits) keep word keys,
// cut at every unspaced letter, since to the whole-word rule each such letter is a word of its own.
//
// A query holding unspaced letters takes as candidates the verses holding every gram of its unspaced
// runs (the intersection of their postings) and checks each by substring on the normalised verse, so
// the answer is the plain scan's. A query that is one or two unspaced letters and nothing else is its
// gram's postings (any occurrence of it is a whole word), counted with no text read.
//
// No Intl.Segmenter (Hermes has no Intl) and no dictionary of words: the grams come from the text alone.
// Everything here is made on the first search in the translation, from its normalised text, and holds
// typed arrays only: grams as numbers (a unigram is its code unit, a bigram first * 65536 + second; the
// letters are all at U+0E00 or above, so the two never meet).
import { isUnspacedUnit } from '../match.ts';
import { lowerBound } from '../translation.ts';
import { forEachKey } from './postings.ts';

/** Verse positions by character n-gram: the grams sorted, each one's rows in one run of `rows`. */
export class NgramIndex {
  constructor(
    /** every gram, ascending */
    readonly grams: Uint32Array,
    /** where each gram's rows start in `rows`, plus a final entry */
    readonly starts: Uint32Array,
    /** all the rows, gram after gram, each gram's ascending */
    readonly rows: Uint32Array,
    /** rows indexed (0..size-1) */
    readonly size: number,
  ) {}

  /** The number of a gram, or -1 when no row holds it. */
  find(gram: number): number {
    const k = lowerBound(this.grams, gram);
    return k < this.grams.length && this.grams[k] === gram ? k : -1;
  }

  /** The rows of gram number k within [first, end), as bounds in `rows`. */
  bounds(k: number, first: number, end: number): [number, number] {
    const lo = lowerBound(this.rows, first, this.starts[k], this.starts[k + 1]);
    return [lo, lowerBound(this.rows, end, lo, this.starts[k + 1])];
  }
}

const bigram = (first: number, second: number) => first * 65536 + second;

/** The grams a normalised query's matches must hold: each unspaced run's bigrams, or its one unigram. */
export function queryGrams(query: string): number[] {
  const grams = new Set<number>();
  for (let i = 0; i < query.length; i++) {
    const unit = query.charCodeAt(i);
    if (!isUnspacedUnit(unit)) continue;
    const next = i + 1 < query.length ? query.charCodeAt(i + 1) : 0;
    const after = isUnspacedUnit(next);
    if (after) grams.add(bigram(unit, next));
    else if (i === 0 || !isUnspacedUnit(query.charCodeAt(i - 1))) grams.add(unit);
  }
  return [...grams];
}

/** Is the normalised query a single gram: one or two unspaced letters and nothing else? */
const isOneGram = (query: string) =>
  (query.length === 1 || query.length === 2) &&
  isUnspacedUnit(query.charCodeAt(0)) &&
  isUnspacedUnit(query.charCodeAt(query.length - 1));

/** A (gram, row) pair as one number that sorts by gram, then row: gram * ROW_SPAN + row. Grams are
 *  below 2^32 and rows below 2^20, so every pair is an exact integer below 2^53. */
const ROW_SPAN = 2 ** 20;

/**
 * The n-gram index of a normalised text, one line per row (NormalizedVerses.whole). Every (gram, row)
 * pair goes into one Float64Array, sorted natively: a Map of the bigrams (most of them beyond the small
 * integers) took twice as long on the CUV, and a hash table of typed arrays no less. A pass over the
 * sorted pairs drops repeats and lists each gram's rows, ascending.
 */
export function buildNgramIndex(blob: string, lineStarts: Uint32Array, size: number): NgramIndex {
  if (size > ROW_SPAN) throw new Error(`an n-gram index holds at most ${ROW_SPAN} rows, not ${size}`);
  let pairs = new Float64Array(1 << 16);
  let count = 0;
  const add = (pair: number) => {
    if (count === pairs.length) {
      const bigger = new Float64Array(count * 2);
      bigger.set(pairs);
      pairs = bigger;
    }
    pairs[count++] = pair;
  };
  for (let row = 0; row < size; row++) {
    const end = lineStarts[row + 1] - 1;
    let previous = 0;
    for (let i = lineStarts[row]; i < end; i++) {
      const unit = blob.charCodeAt(i);
      if (!isUnspacedUnit(unit)) {
        previous = 0;
        continue;
      }
      add(unit * ROW_SPAN + row);
      if (previous) add(bigram(previous, unit) * ROW_SPAN + row);
      previous = unit;
    }
  }
  const sorted = pairs.subarray(0, count).sort();
  // Count the distinct grams and the distinct (gram, row) pairs, then fill.
  let gramCount = 0;
  let postings = 0;
  for (let p = 0; p < count; p++) {
    if (p > 0 && sorted[p] === sorted[p - 1]) continue;
    postings++;
    if (p === 0 || Math.floor(sorted[p] / ROW_SPAN) !== Math.floor(sorted[p - 1] / ROW_SPAN)) gramCount++;
  }
  const grams = new Uint32Array(gramCount);
  const starts = new Uint32Array(gramCount + 1);
  const rows = new Uint32Array(postings);
  let k = -1;
  let n = 0;
  for (let p = 0; p < count; p++) {
    if (p > 0 && sorted[p] === sorted[p - 1]) continue;
    const gram = Math.floor(sorted[p] / ROW_SPAN);
    if (k < 0 || grams[k] !== gram) {
      grams[++k] = gram;
      starts[k] = n;
    }
    rows[n++] = sorted[p] - gram * ROW_SPAN;
  }
  starts[gramCount] = n;
  return new NgramIndex(grams, starts, rows, size);
}

/**
 * Calls `add` with every word key of a normalised text that holds unspaced letters: the keys forEachKey
 * gives for each run between spaces and unspaced letters (a word and its starts before an apostrophe).
 * Those runs are exactly what a one-word query without unspaced letters can match whole.
 */
export function forEachSpacedKey(normalized: string, add: (key: string) => void): void {
  const addKey = (key: string) => {
    if (key) add(key);
  };
  let start = 0;
  for (let i = 0; i <= normalized.length; i++) {
    const unit = i < normalized.length ? normalized.charCodeAt(i) : 32;
    if (unit === 32 || unit === 10 || isUnspacedUnit(unit)) {
      if (i > start) forEachKey(normalized.slice(start, i), addKey);
      start = i + 1;
    }
  }
}

/**
 * The verses in [first, end) holding a normalised query with unspaced letters: the intersection of its
 * grams' rows, each candidate checked by `accept` (the plain scan's test) unless the query is one gram.
 */
export function unspacedMatches(
  index: NgramIndex,
  query: string,
  first: number,
  end: number,
  exclude: string,
  accept: (position: number) => boolean,
  excluded: (position: number) => boolean,
): ArrayLike<number> {
  const slices: [number, number][] = [];
  for (const gram of queryGrams(query)) {
    const k = index.find(gram);
    if (k === -1) return [];
    const slice = index.bounds(k, first, end);
    if (slice[1] === slice[0]) return [];
    slices.push(slice);
  }
  slices.sort((a, b) => a[1] - a[0] - (b[1] - b[0]));
  const { rows } = index;
  if (isOneGram(query)) {
    const hits = rows.subarray(slices[0][0], slices[0][1]);
    return exclude ? hits.filter((position) => !excluded(position)) : hits;
  }
  let candidates: ArrayLike<number> = rows.subarray(slices[0][0], slices[0][1]);
  for (let s = 1; s < slices.length && candidates.length > 0; s++) {
    const kept: number[] = [];
    let [lo] = slices[s];
    const hi = slices[s][1];
    for (let j = 0; j < candidates.length && lo < hi; j++) {
      lo = lowerBound(rows, candidates[j], lo, hi);
      if (lo < hi && rows[lo] === candidates[j]) kept.push(candidates[j]);
    }
    candidates = kept;
  }
  const found: number[] = [];
  for (let j = 0; j < candidates.length; j++) if (accept(candidates[j])) found.push(candidates[j]);
  return found;
}
