// Finding the verses that contain a query. The definition is a plain scan: a verse matches when its
// normalised text (normalizeText, engine/core/match.ts) contains the normalised query, anywhere (`broad`)
// or as whole words (`exact`). Every path below gives exactly that answer; they differ only in speed:
//
// - index: the translation's exact word index (postings.ts: key -> verse positions, where the keys are
//   every word as the exact matcher reads it, and its starts before an apostrophe). A one-word exact
//   query is its key's list, cut to the range by binary search: no verse text is read. A one-word
//   exclusion is a difference of two lists. A lone broad fragment is the union of the keys holding it
//   (each key is a word or the start of one, so that union is exact). Everything else gets candidates
//   from the word of the query with the fewest: a word between others must be a key, the first word of a
//   broad query may be the end of a longer word (a key ending with it), the last the start of one (a key
//   starting with it); each candidate is then verified against the verse's normalised text.
// - n-grams: a query holding letters of a script written without spaces (Chinese, Japanese, Thai...)
//   takes its candidates from the translation's n-gram index (ngrams.ts) and checks them by substring.
// - scan: when the index cannot narrow things down (a two-letter fragment fits most of the vocabulary)
//   or is not given, the normalised text of the whole translation is searched with indexOf, or, for a
//   short range, verse by verse.
import {
  containsNormalized,
  hasUnspaced,
  isWholeWordAt,
  normalizeLines,
  normalizeText,
  normalizeWithOffsets,
  type MatchType,
} from '../match.ts';
import { packUnusable } from '../pack/reader.ts';
import type { PostingsInfo } from '../pack/schemas.ts';
import { lineStarts, lowerBound } from '../translation.ts';
import { type NgramIndex, unspacedMatches } from './ngrams.ts';
import { decodePostings, type PostingIndex, SEARCH_FORMAT } from './postings.ts';

/** Rows of text to search: a translation's verses, or the extra-biblical rows. */
export interface SearchableRows {
  readonly size: number;
  textAt(i: number): string;
  /** names the rows in an error message */
  readonly versionId: string;
}

/** Rows of text, normalised on demand: row by row for candidates, whole for scans. */
export class NormalizedVerses {
  private readonly cache: (string | undefined)[];
  private blob: string | null = null;
  private starts: Uint32Array | null = null;

  constructor(private readonly text: SearchableRows) {
    this.cache = new Array(text.size);
  }

  verse(i: number): string {
    let v = this.cache[i];
    if (v === undefined) {
      v = this.blob ? this.blob.slice(this.starts![i], this.starts![i + 1] - 1) : normalizeText(this.text.textAt(i));
      this.cache[i] = v;
    }
    return v;
  }

  /** The whole translation normalised: one line per verse, and each line's start (plus a final entry). */
  whole(): { blob: string; starts: Uint32Array } {
    if (!this.blob) {
      const size = this.text.size;
      const raw = new Array<string>(size);
      for (let i = 0; i < size; i++) raw[i] = this.text.textAt(i);
      const blob = normalizeLines(raw.join('\n'));
      const starts = lineStarts(blob, size);
      if (!starts) throw new Error(`normalised text of ${this.text.versionId} lost its verse lines`);
      this.blob = blob;
      this.starts = starts;
    }
    return { blob: this.blob, starts: this.starts! };
  }

  get hasWhole(): boolean {
    return this.blob !== null;
  }
}

/** An exact word index, plus its keys joined for fragment lookups. */
export interface SearchIndex {
  readonly postings: PostingIndex;
  readonly size: number;
  /** the keys joined as "\nkey\nkey\n", for substring and suffix lookups; made on the first broad search */
  vocabulary(): { text: string; starts: Uint32Array };
  /**
   * For a query holding letters of a script written without spaces (isUnspacedUnit): the text's n-gram
   * index; 'none' when the text holds no such letter (so no such query matches); absent when unknown
   * (such queries are then answered by a scan).
   */
  readonly unspaced?: NgramIndex | 'none';
}

/** A posting index with its fragment lookups, as findVerses reads it. */
export function searchIndexOf(postings: PostingIndex): SearchIndex {
  let vocabulary: { text: string; starts: Uint32Array } | null = null;
  return {
    postings,
    size: postings.size,
    vocabulary() {
      if (!vocabulary) {
        const { terms } = postings;
        const starts = new Uint32Array(terms.length);
        let at = 1;
        for (let k = 0; k < terms.length; k++) {
          starts[k] = at;
          at += terms[k].length + 1;
        }
        vocabulary = { text: `\n${terms.join('\n')}\n`, starts };
      }
      return vocabulary;
    },
  };
}

/**
 * A posting index read from a pack's sections (the extra-biblical pack's own), refused
 * with the pack's name when it was built in another format, over another number of rows than `rows.size`,
 * or does not decode.
 */
export function readSearchIndex(
  packName: string,
  info: PostingsInfo,
  terms: () => string,
  ids: () => Uint8Array,
  rows: { size: number; unit: string; of: string },
): SearchIndex {
  const fail = (why: string) => packUnusable(packName, why);
  if (typeof info !== 'object' || info === null) throw fail(`its info is ${JSON.stringify(info)}, not an object`);
  if (info.format !== SEARCH_FORMAT)
    throw fail(`it was built as ${JSON.stringify(info.format)}, this engine reads ${SEARCH_FORMAT}`);
  if (info.size !== rows.size) throw fail(`it indexes ${info.size} ${rows.unit}, ${rows.of} has ${rows.size}`);
  let postings: PostingIndex;
  try {
    postings = decodePostings(terms(), ids(), info.postings, info.size);
  } catch (error) {
    throw fail(error instanceof Error ? error.message : String(error));
  }
  if (postings.terms.length !== info.terms) throw fail('its term count does not match its info');
  return searchIndexOf(postings);
}

export type Strategy = 'auto' | 'index' | 'scan' | 'verses';

export interface SearchRequest {
  /** raw query text; normalised here */
  query: string;
  matchType: MatchType;
  /** raw text; verses containing it (matched the same way as the query) are left out */
  exclude?: string;
  /** [first, end) verse positions */
  range: [number, number];
  /** which path answers; tests force each one, callers leave it on auto */
  strategy?: Strategy;
}

/**
 * Positions (ascending) of the verses in range whose text contains the query. On the index path a
 * one-word exact query is a view of its posting list (no copy, no text read), so `.length` counts it in
 * constant time whatever the number of hits.
 */
export function findVerses(
  verses: NormalizedVerses,
  index: SearchIndex | null,
  request: SearchRequest,
): ArrayLike<number> {
  const query = normalizeText(request.query);
  const exclude = request.exclude === undefined ? '' : normalizeText(request.exclude);
  const [first, end] = request.range;
  if (!query || end <= first) return [];
  const matchType = request.matchType;
  const strategy = request.strategy ?? 'auto';
  const accept = (i: number) => {
    const v = verses.verse(i);
    return containsNormalized(v, query, matchType) && !(exclude && containsNormalized(v, exclude, matchType));
  };

  const useIndex = strategy === 'index' || (strategy === 'auto' && index !== null);
  if (useIndex && !index) throw new Error('the index strategy needs a word index, and none was given');
  if (index && useIndex && hasUnspaced(query)) {
    // Not a word index's business: its keys never hold those letters.
    if (index.unspaced === 'none') return [];
    if (index.unspaced) {
      const excluded = (i: number) => containsNormalized(verses.verse(i), exclude, matchType);
      return unspacedMatches(index.unspaced, query, first, end, exclude, accept, excluded);
    }
  } else if (index && useIndex) {
    if (matchType === 'exact' && !query.includes(' ')) return exactWord(verses, index, query, exclude, first, end);
    const plan = planCandidates(index, query, matchType, first, end, strategy === 'index' ? Infinity : end - first);
    if (plan) {
      // A lone broad fragment sits inside one word, and every word is a key: the keys holding it give
      // exactly its verses.
      if (plan.exact && !exclude) return plan.positions;
      const found: number[] = [];
      const { positions } = plan;
      for (let j = 0; j < positions.length; j++) if (accept(positions[j])) found.push(positions[j]);
      return found;
    }
  }
  if (strategy === 'verses' || (strategy === 'auto' && !verses.hasWhole && end - first <= 2000)) {
    const found: number[] = [];
    for (let i = first; i < end; i++) if (accept(i)) found.push(i);
    return found;
  }
  return scan(verses, query, matchType, exclude, first, end);
}

/** A one-word exact query: its posting list within the range, less the verses holding the exclusion. */
function exactWord(
  verses: NormalizedVerses,
  index: SearchIndex,
  word: string,
  exclude: string,
  first: number,
  end: number,
): ArrayLike<number> {
  const { postings } = index;
  const k = postings.find(word);
  if (k === -1) return [];
  const [lo, hi] = postings.bounds(k, first, end);
  const hits = postings.rows.subarray(lo, hi);
  if (!exclude || hits.length === 0) return hits;
  // An exclusion in an unspaced script is no word of the index: each hit's text is checked instead.
  if (hasUnspaced(exclude))
    return hits.filter((position) => !containsNormalized(verses.verse(position), exclude, 'exact'));
  // The verses to leave out are among those of the exclusion's rarest word; a one-word exclusion is
  // that word's list itself, so the difference needs no text, and a phrase is checked only where both
  // lists meet.
  const excluded = planCandidates(index, exclude, 'exact', first, end, Infinity);
  if (!excluded) return hits;
  const { positions: drop } = excluded;
  const checkText = exclude.includes(' ');
  const kept = new Uint32Array(hits.length);
  let n = 0;
  let d = 0;
  for (let j = 0; j < hits.length; j++) {
    const position = hits[j];
    while (d < drop.length && drop[d] < position) d++;
    if (
      d < drop.length &&
      drop[d] === position &&
      (!checkText || containsNormalized(verses.verse(position), exclude, 'exact'))
    )
      continue;
    kept[n++] = position;
  }
  return kept.subarray(0, n);
}

/** Where a query matches in a verse's original text: [start, end) UTF-16 offsets, left to right, not
 *  overlapping. The same matching as findVerses, mapped back through normalizeWithOffsets. */
export function matchSpans(verseText: string, query: string, matchType: MatchType): [number, number][] {
  const q = normalizeText(query);
  const spans: [number, number][] = [];
  if (!q) return spans;
  const { text, from, to } = normalizeWithOffsets(verseText);
  for (let at = text.indexOf(q); at !== -1; ) {
    const end = at + q.length;
    if (matchType === 'broad' || isWholeWordAt(text, at, q.length)) {
      spans.push([from[at], to[end - 1]]);
      at = text.indexOf(q, end);
    } else {
      at = text.indexOf(q, at + 1);
    }
  }
  return spans;
}

/** Searches the whole normalised text with indexOf, jumping to the next verse after each match. */
function scan(
  verses: NormalizedVerses,
  query: string,
  matchType: MatchType,
  exclude: string,
  first: number,
  end: number,
): number[] {
  const { blob, starts } = verses.whole();
  const found: number[] = [];
  const stop = starts[end] - 1; // end of the last verse in range
  const length = query.length;
  let i = first;
  let at = starts[first];
  for (;;) {
    const p = blob.indexOf(query, at);
    if (p === -1 || p + length > stop) break;
    if (matchType === 'exact' && !isWholeWordAt(blob, p, length)) {
      at = p + 1;
      continue;
    }
    // The verse holding p: usually close by, so walk; binary-search long jumps.
    if (starts[i + 1] <= p) {
      if (i + 8 < end && starts[i + 8] <= p) {
        let lo = i + 8;
        let hi = end - 1;
        while (lo < hi) {
          const mid = (lo + hi + 1) >>> 1;
          if (starts[mid] <= p) lo = mid;
          else hi = mid - 1;
        }
        i = lo;
      } else {
        while (starts[i + 1] <= p) i++;
      }
    }
    if (!exclude || !containsNormalized(verses.verse(i), exclude, matchType)) found.push(i);
    at = starts[i + 1];
    i++;
    if (i >= end) break;
  }
  return found;
}

// ---- candidates from the index ----

/** Which key holds a vocabulary offset. */
function termAt(starts: Uint32Array, offset: number): number {
  return lowerBound(starts, offset + 1) - 1;
}

type Fit = 'exact' | 'prefix' | 'suffix' | 'substring';
type Partial = Exclude<Fit, 'exact'>;

/** The keys a query word can be part of, or null when there are more than `maxTerms`. */
function fittingTerms(index: SearchIndex, word: string, fit: Partial, maxTerms: number): number[] | null {
  const { terms } = index.postings;
  const found: number[] = [];
  if (fit === 'prefix') {
    for (let k = lowerBound(terms, word); k < terms.length && terms[k].startsWith(word); k++) {
      if (found.length === maxTerms) return null;
      found.push(k);
    }
    return found;
  }
  const { text, starts } = index.vocabulary();
  const needle = fit === 'suffix' ? `${word}\n` : word;
  for (let at = text.indexOf(needle, 1); at !== -1; ) {
    const k = termAt(starts, at);
    if (found.length === maxTerms) return null;
    found.push(k);
    const next = k + 1 < starts.length ? starts[k + 1] : text.length;
    at = text.indexOf(needle, Math.max(next, at + 1));
  }
  return found;
}

const MAX_TERMS = 5000;

/** A key's rows within the range: [first index, end index) in the index's `rows`. */
type Slice = [number, number];

/**
 * Candidate positions in [first, end), ascending and unique, from the cheapest word of the query; null
 * when every choice would propose more than `budget` candidates (then a scan is cheaper). `exact` says
 * the candidates are the answer itself (a lone broad fragment), not just a superset of it.
 */
function planCandidates(
  index: SearchIndex,
  query: string,
  matchType: MatchType,
  first: number,
  end: number,
  budget: number,
): { positions: ArrayLike<number>; exact: boolean } | null {
  // Keys are whole words (and their starts before an apostrophe), so a query is looked up word by word.
  const words = query.split(' ').filter(Boolean);
  const last = words.length - 1;
  if (last < 0) return null;
  const { postings } = index;
  const lone = matchType === 'broad' && last === 0;
  let best: { slices: Slice[]; total: number } | null = null;
  for (let w = 0; w <= last; w++) {
    let fit: Fit = 'exact';
    if (matchType === 'broad') {
      if (last === 0) fit = 'substring';
      else if (w === 0) fit = 'suffix';
      else if (w === last) fit = 'prefix';
    }
    const slices: Slice[] = [];
    let total = 0;
    if (fit === 'exact') {
      // A whole word: a key the text never uses means no verse can match.
      const k = postings.find(words[w]);
      if (k === -1) return { positions: [], exact: true };
      const slice = postings.bounds(k, first, end);
      slices.push(slice);
      total = slice[1] - slice[0];
    } else {
      const fitting = fittingTerms(index, words[w], fit, budget === Infinity ? Infinity : MAX_TERMS);
      if (fitting === null) continue;
      if (fitting.length === 0) return { positions: [], exact: true };
      for (const k of fitting) {
        const slice = postings.bounds(k, first, end);
        if (slice[1] > slice[0]) {
          slices.push(slice);
          total += slice[1] - slice[0];
        }
        // Only a lone fragment needs every fitting key: its union is the answer.
        if (!lone && best && total >= best.total) break;
      }
    }
    if (!best || total < best.total) best = { slices, total };
  }
  if (!best || best.total > budget) return null;
  const { slices, total } = best;
  const rows = postings.rows;
  if (slices.length === 0) return { positions: [], exact: lone };
  if (slices.length === 1) return { positions: rows.subarray(slices[0][0], slices[0][1]), exact: lone };
  // Union of several keys' positions: sort them together, then drop repeats.
  const merged = new Uint32Array(total);
  let n = 0;
  for (const [lo, hi] of slices) {
    merged.set(rows.subarray(lo, hi), n);
    n += hi - lo;
  }
  merged.sort();
  let unique = 0;
  for (let j = 0; j < n; j++) if (j === 0 || merged[j] !== merged[j - 1]) merged[unique++] = merged[j];
  return { positions: merged.subarray(0, unique), exact: lone };
}
