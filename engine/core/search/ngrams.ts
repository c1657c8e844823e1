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

/** A growable list of (gram id, row) pairs, each gram at most once a row. */
class GramPairs {
  ids: Uint32Array = new Uint32Array(1 << 16);
  rows: Uint32Array = new Uint32Array(1 << 16);
  count = 0;
  gramOf: Uint32Array = new Uint32Array(1 << 12);
  lastRow = new Int32Array(1 << 12).fill(-1);
  distinct = 0;
  private readonly unigramIds = new Int32Array(65536).fill(-1);
  private readonly bigramIds = new Map<number, number>();

  add(gram: number, row: number): void {
    let id = gram < 65536 ? this.unigramIds[gram] : (this.bigramIds.get(gram) ?? -1);
    if (id < 0) {
      id = this.newId(gram);
      if (gram < 65536) this.unigramIds[gram] = id;
      else this.bigramIds.set(gram, id);
    }
    if (this.lastRow[id] === row) return;
    this.lastRow[id] = row;
    if (this.count === this.ids.length) {
      this.ids = grown(this.ids, this.count * 2);
      this.rows = grown(this.rows, this.count * 2);
    }
    this.ids[this.count] = id;
    this.rows[this.count++] = row;
  }

  private newId(gram: number): number {
    const id = this.distinct++;
    if (id === this.gramOf.length) {
      this.gramOf = grown(this.gramOf, id * 2);
      const lastRow = new Int32Array(id * 2).fill(-1);
      lastRow.set(this.lastRow);
      this.lastRow = lastRow;
    }
    this.gramOf[id] = gram;
    return id;
  }
}

function grown(array: Uint32Array, length: number): Uint32Array<ArrayBuffer> {
  const bigger = new Uint32Array(length);
  bigger.set(array);
  return bigger;
}

/** The n-gram index of a normalised text, one line per row (NormalizedVerses.whole). */
export function buildNgramIndex(blob: string, lineStarts: Uint32Array, size: number): NgramIndex {
  const pairs = new GramPairs();
  for (let row = 0; row < size; row++) {
    const end = lineStarts[row + 1] - 1;
    let previous = false;
    for (let i = lineStarts[row]; i < end; i++) {
      const unit = blob.charCodeAt(i);
      if (!isUnspacedUnit(unit)) {
        previous = false;
        continue;
      }
      pairs.add(unit, row);
      if (previous) pairs.add(bigram(blob.charCodeAt(i - 1), unit), row);
      previous = true;
    }
  }
  const { distinct, gramOf, count, ids, rows: pairRows } = pairs;
  const grams = gramOf.slice(0, distinct).sort();
  const rank = new Uint32Array(distinct);
  for (let id = 0; id < distinct; id++) rank[id] = lowerBound(grams, gramOf[id]);
  const starts = new Uint32Array(distinct + 1);
  for (let p = 0; p < count; p++) starts[rank[ids[p]] + 1]++;
  for (let k = 0; k < distinct; k++) starts[k + 1] += starts[k];
  const rows = new Uint32Array(count);
  const fill = starts.slice(0, distinct);
  // The pairs come in row order, so each gram's rows come out ascending.
  for (let p = 0; p < count; p++) rows[fill[rank[ids[p]]]++] = pairRows[p];
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
