// An exact word index: for every key a text can be found by as one whole word, the ascending list of the
// rows (verse positions, extra-biblical rows) that hold it. A translation's is made by the engine from
// its text pack on the first search in it (text-index.ts); the extra-biblical pack stores its own
// (encodePostings), read back into typed arrays (decodePostings).
//
// The keys are the words exactly as the exact matcher reads them (engine/core/match.ts): a one-word
// exact query q, normalised, matches a text when q starts at the start of a word and ends at the end of
// it or before an apostrophe in it (isWholeWordAt). So a word w of the normalised text answers to w
// itself and to each of its starts that end before one of its apostrophes: "lord's" is found by
// `lord's` and `lord`, "jesus'" by `jesus'` and `jesus`. Indexing exactly those keys makes a key's list
// the answer to that one-word query, with no text read, and its length the count.
//
// Every other search (phrases, broad fragments, exclusions) still gets a superset from these lists:
// a phrase's words are each a key of any text holding the phrase, and a fragment sits inside some word,
// which is a key too. Those candidates are then checked against the text.
//
// Pack layout (the extra-biblical pack's searchInfo, searchTerms and searchIds sections):
//   info   json   { format, size (rows), terms, postings }
//   terms  utf8   every key, sorted by UTF-16 code units, front-coded (frontCodeKeys), joined by "\n"
//   ids    bytes  range-coded (pack/range-coding.ts), for each key in that order: its row count and its
//                 last row, each as an adaptive bit length and the bits below it, then the other rows by
//                 binary interpolative coding (Moffat and Stuiver): the middle row of a run, as equally
//                 likely anywhere it can be given the run's bounds, then each half within the bounds that
//                 leaves. A run that fills its bounds costs nothing, and clustered rows (a name in one
//                 book) narrow the bounds fast. On the KJV this takes 0.46 MB where gaps as varints,
//                 deflated, took 0.52 MB. The last row comes first so that the rows' bound is in the
//                 data, not the row count a reader is told.
import { lowerBound } from '../translation.ts';
import { BitLengthModel, RANGE_BOTTOM, RANGE_MAX_TOTAL, RangeDecoder, RangeEncoder } from '../pack/range-coding.ts';
import { isWellFormed } from '../es2020.ts';

/** Names everything that shapes a posting index; the engine refuses an index built with another. (This
 *  file is a build input, so editing it marks the packs stale.) */
export const SEARCH_FORMAT = 'exact-keys/normalizeText/front-coded/interpolative-range/4';

const APOSTROPHE = "'";

/** Calls `add` with every key of a normalised text (repeats included: a text may use a word twice). */
export function forEachKey(normalized: string, add: (key: string) => void): void {
  let start = 0;
  const length = normalized.length;
  while (start < length) {
    let end = normalized.indexOf(' ', start);
    if (end === -1) end = length;
    if (end > start) {
      // Apostrophes never start a word (normalizeText keeps one only after a letter or digit).
      for (let at = normalized.indexOf(APOSTROPHE, start); at !== -1 && at < end; ) {
        add(normalized.slice(start, at));
        at = normalized.indexOf(APOSTROPHE, at + 1);
      }
      add(normalized.slice(start, end));
    }
    start = end + 1;
  }
}

/** The posting lists of some normalised texts, row by row: key -> ascending rows. */
export function buildPostings(normalizedRows: Iterable<string>): Map<string, number[]> {
  const lists = new Map<string, number[]>();
  let row = 0;
  for (const text of normalizedRows) {
    const current = row;
    forEachKey(text, (key) => {
      let list = lists.get(key);
      if (!list) lists.set(key, (list = []));
      if (list[list.length - 1] !== current) list.push(current);
    });
    row++;
  }
  return lists;
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The largest row a list can hold (rows are read into a Uint32Array). */
const MAX_ROW = 0xffffffff;

export function encodePostings(lists: Map<string, ArrayLike<number>>): {
  terms: string;
  ids: Uint8Array;
  postings: number;
} {
  const keys = [...lists.keys()].sort(byCodeUnits);
  const encoder = new RangeEncoder();
  const counts = new BitLengthModel();
  const lasts = new BitLengthModel();
  let postings = 0;
  for (const key of keys) {
    if (!key || key.includes('\n') || key.includes(' '))
      throw new Error(`posting key ${JSON.stringify(key)} is empty or holds a separator`);
    // The terms are stored as UTF-8, which has no form for half a surrogate pair: such a key would come
    // back as U+FFFD, another key than the one its rows were listed under.
    if (!isWellFormed(key)) throw new Error(`posting key ${JSON.stringify(key)} holds half a surrogate pair`);
    const rows = lists.get(key)!;
    for (let j = 0; j < rows.length; j++)
      if (!Number.isInteger(rows[j]) || rows[j] < 0 || (j > 0 && rows[j] <= rows[j - 1]))
        throw new Error(`posting rows of ${JSON.stringify(key)} are not ascending integers`);
    // The reader keeps rows in a Uint32Array: a larger row would come back as another one.
    if (rows.length && rows[rows.length - 1] > MAX_ROW)
      throw new Error(`posting rows of ${JSON.stringify(key)} go past row ${MAX_ROW}`);
    counts.write(encoder, rows.length);
    if (rows.length === 0) continue;
    const last = rows[rows.length - 1];
    lasts.write(encoder, last);
    interpolate(encoder, rows, 0, rows.length - 1, 0, last - 1);
    postings += rows.length;
  }
  return { terms: frontCodeKeys(keys).join('\n'), ids: encoder.finish(), postings };
}

/** The character before a key's own part that gives how many UTF-16 units it shares with the key before:
 *  '0' for none, and so on up the code points (none of them a line break). */
const SHARED_BASE = 0x30;
/** The most units a key is said to share: the rest is written out, so the count stays one character. */
const MOST_SHARED = 0xd000;

/** Sorted keys front-coded: each as the number of leading UTF-16 units it shares with the key before
 *  (one character, from SHARED_BASE), then the rest of it. Sorted keys share long prefixes, and this
 *  deflates to two thirds of the keys written out (KJV 25 KB against 37 KB; Arabic 94 KB against 161 KB). */
export function frontCodeKeys(keys: readonly string[]): string[] {
  return keys.map((key, i) => {
    const before = i > 0 ? keys[i - 1] : '';
    let shared = 0;
    while (shared < MOST_SHARED && shared < key.length && shared < before.length && key[shared] === before[shared])
      shared++;
    // A cut between the two halves of a surrogate pair would leave neither part valid UTF-8.
    if (shared > 0 && shared < key.length && (key.charCodeAt(shared) & 0xfc00) === 0xdc00) shared--;
    return String.fromCharCode(SHARED_BASE + shared) + key.slice(shared);
  });
}

/** The inverse of frontCodeKeys. Throws when a line claims more than the key before it has, or the keys
 *  do not come out strictly ascending: lookups binary-search them, and would miss keys out of order. */
export function frontDecodeKeys(lines: readonly string[]): string[] {
  const keys = new Array<string>(lines.length);
  let before = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const shared = line.charCodeAt(0) - SHARED_BASE;
    if (!(shared >= 0 && shared <= before.length))
      throw new Error(`posting key ${i} shares more than the key before it has`);
    const key = before.slice(0, shared) + line.slice(1);
    if (!key || (i > 0 && !(before < key))) throw new Error(`posting key ${i} is empty or out of order`);
    before = keys[i] = key;
  }
  return keys;
}

/** Codes rows[from, to), every one of them known to lie in [low, high]. */
function interpolate(
  encoder: RangeEncoder,
  rows: ArrayLike<number>,
  from: number,
  to: number,
  low: number,
  high: number,
) {
  const n = to - from;
  if (n === 0 || high - low + 1 === n) return;
  const mid = (from + to) >>> 1;
  const least = low + (mid - from);
  const most = high - (to - 1 - mid);
  encoder.uniform(rows[mid] - least, most - least + 1);
  interpolate(encoder, rows, from, mid, low, rows[mid] - 1);
  interpolate(encoder, rows, mid + 1, to, rows[mid] + 1, high);
}

/** Runs still to decode, four numbers each (from, to, low, high): a run's halves wait here, the right
 *  one under the left, so rows come in the order interpolate wrote them. Depth stays under 2 * 33. */
const pendingRuns = new Float64Array(4 * 80);

/** Fills rows[from, to) (known to lie in [low, high]) from the stream: the inverse of interpolate. The
 *  decoder's state is kept in locals and the recursion is a stack: this runs once per posting of a
 *  translation on its first search. */
function uninterpolate(decoder: RangeDecoder, rows: Uint32Array, from: number, to: number, low: number, high: number) {
  const { bytes } = decoder;
  const length = bytes.length;
  let code = decoder.code;
  let range = decoder.range;
  let next = decoder.at;
  const runs = pendingRuns;
  let top = 0;
  runs[0] = from;
  runs[1] = to;
  runs[2] = low;
  runs[3] = high;
  top = 4;
  while (top > 0) {
    top -= 4;
    const first = runs[top];
    const end = runs[top + 1];
    const least0 = runs[top + 2];
    const most0 = runs[top + 3];
    const n = end - first;
    if (n === 0) continue;
    if (most0 - least0 + 1 === n) {
      for (let i = first; i < end; i++) rows[i] = least0 + (i - first);
      continue;
    }
    const mid = (first + end) >>> 1;
    const least = least0 + (mid - first);
    const size = most0 - (end - 1 - mid) - least + 1;
    let value: number;
    if (size > RANGE_MAX_TOTAL) {
      decoder.code = code;
      decoder.range = range;
      decoder.at = next;
      value = decoder.uniform(size);
      code = decoder.code;
      range = decoder.range;
      next = decoder.at;
    } else {
      let step = Math.floor(range / size);
      if (step * size > range) step--;
      value = Math.floor(code / step);
      if (value * step > code) value--;
      if (value >= size) throw new RangeError('the range-coded data is corrupt');
      code -= step * value;
      range = step;
      while (range < RANGE_BOTTOM) {
        code = code * 256 + (next < length ? bytes[next] : 0);
        next++;
        range *= 256;
      }
    }
    const row = least + value;
    rows[mid] = row;
    if (top + 8 > runs.length) throw new RangeError('a posting list is nested deeper than any list can be');
    runs[top] = mid + 1;
    runs[top + 1] = end;
    runs[top + 2] = row + 1;
    runs[top + 3] = most0;
    runs[top + 4] = first;
    runs[top + 5] = mid;
    runs[top + 6] = least0;
    runs[top + 7] = row - 1;
    top += 8;
  }
  decoder.code = code;
  decoder.range = range;
  decoder.at = next;
}

/**
 * A read-only posting index: the sorted keys, and every key's rows as a slice of one Uint32Array
 * (`rows.subarray(starts[k], starts[k + 1])`). Two typed arrays instead of a list object per key keep
 * an index of 50,000 keys at a few megabytes.
 */
export class PostingIndex {
  constructor(
    /** every key, sorted by UTF-16 code units */
    readonly terms: string[],
    /** where each key's rows start in `rows`, plus a final entry */
    readonly starts: Uint32Array,
    /** all the rows, key after key, each key's ascending */
    readonly rows: Uint32Array,
    /** rows indexed (0..size-1) */
    readonly size: number,
  ) {}

  /** The number of a key, or -1 when no row holds it. */
  find(key: string): number {
    const k = lowerBound(this.terms, key);
    return k < this.terms.length && this.terms[k] === key ? k : -1;
  }

  /** The rows of key number k (a view, not a copy). */
  list(k: number): Uint32Array {
    return this.rows.subarray(this.starts[k], this.starts[k + 1]);
  }

  /** The rows of key number k within [first, end): bounds in `rows`, found by binary search. */
  bounds(k: number, first: number, end: number): [number, number] {
    let lo = this.starts[k];
    let hi = this.starts[k + 1];
    if (first > 0) lo = searchRows(this.rows, first, lo, hi);
    if (end < this.size) hi = searchRows(this.rows, end, lo, hi);
    return [lo, hi];
  }
}

/** A posting index from lists built in memory (buildPostings): keys sorted, rows in two typed arrays. */
export function postingIndexOf(lists: Map<string, ArrayLike<number>>, size: number): PostingIndex {
  const keys = [...lists.keys()].sort(byCodeUnits);
  let total = 0;
  for (const key of keys) total += lists.get(key)!.length;
  const rows = new Uint32Array(total);
  const starts = new Uint32Array(keys.length + 1);
  let filled = 0;
  for (let k = 0; k < keys.length; k++) {
    starts[k] = filled;
    const list = lists.get(keys[k])!;
    rows.set(list, filled);
    filled += list.length;
  }
  starts[keys.length] = filled;
  return new PostingIndex(keys, starts, rows, size);
}

/** The first index in rows[lo, hi) holding a value >= target. */
function searchRows(rows: Uint32Array, target: number, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (rows[mid] < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The inverse of encodePostings. Throws (a message for the pack's error) when the bytes do not fit. */
export function decodePostings(terms: string, ids: Uint8Array, postings: number, size: number): PostingIndex {
  const keys = terms ? frontDecodeKeys(terms.split('\n')) : [];
  // The info's counts size the arrays: a damaged one must not ask for gigabytes (or a negative length).
  // No key holds a row twice, so there are at most keys x rows postings.
  if (!(Number.isSafeInteger(size) && size >= 0 && size <= MAX_ROW + 1))
    throw new Error(`the index says it holds ${JSON.stringify(size)} rows`);
  if (!(Number.isSafeInteger(postings) && postings >= 0 && postings <= keys.length * size))
    throw new Error(
      `the index says it holds ${JSON.stringify(postings)} postings of ${keys.length} keys in ${size} rows`,
    );
  const rows = new Uint32Array(postings);
  const starts = new Uint32Array(keys.length + 1);
  const decoder = new RangeDecoder(ids);
  const counts = new BitLengthModel();
  const lasts = new BitLengthModel();
  let filled = 0;
  try {
    for (let k = 0; k < keys.length; k++) {
      starts[k] = filled;
      const count = counts.read(decoder);
      if (count === 0) continue;
      const stop = filled + count;
      if (stop > postings) throw new Error('posting ids hold more than the info says');
      const last = lasts.read(decoder);
      if (last >= size) throw new Error(`posting ids name row ${last} of ${size}`);
      if (last < count - 1) throw new Error('posting ids hold a list with more rows than room for them');
      rows[stop - 1] = last;
      uninterpolate(decoder, rows, filled, stop - 1, 0, last - 1);
      filled = stop;
      if (decoder.at > ids.length) throw new Error('posting ids are truncated');
    }
  } catch (error) {
    if (error instanceof RangeError) throw new Error('posting ids are corrupt');
    throw error;
  }
  starts[keys.length] = filled;
  if (decoder.at > ids.length) throw new Error('posting ids are truncated');
  if (decoder.at !== ids.length || filled !== postings) throw new Error('posting ids do not match the terms');
  return new PostingIndex(keys, starts, rows, size);
}
