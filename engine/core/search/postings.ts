// An exact word index: for every key a text can be found by as one whole word, the ascending list of the
// rows (verse positions, extra-biblical rows) that hold it. The compiler builds it (buildPostings), packs
// store it (encodePostings), the engine reads it back into typed arrays (decodePostings, PostingIndex).
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
// Pack layout (the same three sections wherever the index is stored):
//   info   json   { format, size (rows), terms, postings }
//   terms  utf8   every key, sorted by UTF-16 code units, joined by "\n"
//   ids    bytes  for each key in that order: its row count, then its rows as gaps, LEB128 varints
import { lowerBound } from '../translation.ts';

/** Names everything that shapes a posting index; the engine refuses an index built with another. (This
 *  file is a build input, so editing it marks the packs stale.) */
export const SEARCH_FORMAT = 'exact-keys/normalizeText/leb128-gaps/2';

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

export function encodePostings(lists: Map<string, ArrayLike<number>>): {
  terms: string;
  ids: Uint8Array;
  postings: number;
} {
  const keys = [...lists.keys()].sort(byCodeUnits);
  const bytes: number[] = [];
  const varint = (value: number) => {
    while (value > 0x7f) {
      bytes.push((value & 0x7f) | 0x80);
      value >>>= 7;
    }
    bytes.push(value);
  };
  let postings = 0;
  for (const key of keys) {
    if (!key || key.includes('\n') || key.includes(' '))
      throw new Error(`posting key ${JSON.stringify(key)} is empty or holds a separator`);
    const rows = lists.get(key)!;
    varint(rows.length);
    let previous = -1;
    for (let j = 0; j < rows.length; j++) {
      const row = rows[j];
      if (!Number.isInteger(row) || row <= previous)
        throw new Error(`posting rows of ${JSON.stringify(key)} are not ascending integers`);
      varint(row - previous - 1);
      previous = row;
    }
    postings += rows.length;
  }
  return { terms: keys.join('\n'), ids: Uint8Array.from(bytes), postings };
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
  const keys = terms ? terms.split('\n') : [];
  const rows = new Uint32Array(postings);
  const starts = new Uint32Array(keys.length + 1);
  const length = ids.length;
  // Varints inline, and no closure over the cursor (a captured variable lives in a context, not a
  // register): this loop runs for every posting of the translation, and most gaps take one byte.
  let at = 0;
  let filled = 0;
  for (let k = 0; k < keys.length; k++) {
    starts[k] = filled;
    let count = 0;
    for (let shift = 0; ; shift += 7) {
      if (at >= length) throw new Error('posting ids are truncated');
      const byte = ids[at++];
      count += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) break;
    }
    const stop = filled + count;
    if (stop > postings) throw new Error('posting ids hold more than the info says');
    let row = -1;
    while (filled < stop) {
      if (at >= length) throw new Error('posting ids are truncated');
      let byte = ids[at++];
      let gap = byte;
      if (byte >= 0x80) {
        gap = byte & 0x7f;
        for (let shift = 7; ; shift += 7) {
          if (at >= length) throw new Error('posting ids are truncated');
          byte = ids[at++];
          gap += (byte & 0x7f) * 2 ** shift;
          if (byte < 0x80) break;
        }
      }
      row += gap + 1;
      rows[filled++] = row;
    }
    if (count > 0 && row >= size) throw new Error(`posting ids name row ${row} of ${size}`);
  }
  starts[keys.length] = filled;
  if (at !== length || filled !== postings) throw new Error('posting ids do not match the terms');
  return new PostingIndex(keys, starts, rows, size);
}
