// Finding the verses that contain a query. The definition is a plain scan: a verse matches when its
// normalised text (normalizeText, engine/core/match.ts) contains the normalised query, anywhere (`broad`)
// or as whole words (`exact`). Every path below gives exactly that answer; they differ only in speed:
//
// - index: the search pack's FlexSearch index (term -> verse positions) proposes candidates, and each one
//   is verified against the verse's normalised text. Its terms are the pieces of words between spaces and
//   apostrophes, and so are a query's. A query's pieces are whole terms except, in broad
//   mode, its first word (it may be the end of a longer word) and its last (the start of one); a
//   one-word broad query may sit anywhere inside a word. So the candidates are the verses holding one of
//   the vocabulary terms that fit a chosen word: a middle word exactly, the first word as a suffix, the
//   last as a prefix, a lone word as a substring. The planner picks the word with the fewest candidates.
// - scan: when the index cannot narrow things down (a two-letter fragment fits most of the vocabulary)
//   or is not loaded (GetRandomVerse does not load it), the normalised text of the whole translation is
//   searched with indexOf, or, for a short range, verse by verse.
import {
  containsNormalized,
  isWholeWordAt,
  normalizeLines,
  normalizeText,
  normalizeWithOffsets,
  type MatchType,
} from '../match.ts';
import { packUnusable } from '../pack/reader.ts';
import type { PackOf } from '../pack/schema.ts';
import { SEARCH_PACK } from '../pack/schemas.ts';
import { lineStarts, lowerBound, type TranslationData } from '../translation.ts';
import { createFlexIndex, decodePostings, indexTerms, SEARCH_FORMAT, type FlexIndex } from './flex.ts';

export const searchPackName = (versionId: string): string => SEARCH_PACK.name(versionId);

/** A translation's verse texts, normalised on demand: verse by verse for candidates, whole for scans. */
export class NormalizedVerses {
  private readonly cache: (string | undefined)[];
  private blob: string | null = null;
  private starts: Uint32Array | null = null;

  constructor(private readonly text: TranslationData) {
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

/** A loaded search pack: the FlexSearch index plus its sorted vocabulary, for partial-word lookups. */
export interface SearchIndex {
  readonly flex: FlexIndex;
  readonly size: number;
  /** every distinct normalised word, sorted */
  readonly terms: string[];
  /** each term's verse positions, ascending: the very lists FlexSearch holds (read-only) */
  readonly lists: Uint32Array[];
  /** the terms joined as "\nterm\nterm\n", for substring and suffix lookups */
  readonly vocabulary: string;
  /** offset of each term in `vocabulary` */
  readonly termStarts: Uint32Array;
}

export function loadSearchIndex(pack: PackOf<typeof SEARCH_PACK>, text: TranslationData): SearchIndex {
  const fail = (why: string) => packUnusable(pack.name, why);
  const info = pack.json('info');
  if (info.format !== SEARCH_FORMAT)
    throw fail(`it was built as ${JSON.stringify(info.format)}, this engine reads ${SEARCH_FORMAT}`);
  if (info.size !== text.size)
    throw fail(`it indexes ${info.size} verses, the text pack of ${text.versionId} has ${text.size}`);
  const termText = pack.text('terms');
  let decoded: ReturnType<typeof decodePostings>;
  try {
    decoded = decodePostings(termText, pack.bytes('ids'), info.postings);
  } catch (error) {
    throw fail(error instanceof Error ? error.message : String(error));
  }
  const { terms, lists } = decoded;
  if (terms.length !== info.terms) throw fail('its term count does not match its info');
  const flex = createFlexIndex();
  // FlexSearch's import takes an exported part as its JSON text or, as here, already parsed: the entries
  // [term, [ids]] of its "map" part.
  const entries = new Array(terms.length);
  for (let k = 0; k < terms.length; k++) entries[k] = [terms[k], [lists[k]]];
  flex.import(info.parts.find((key) => key.endsWith('map')) ?? '1.map', entries as unknown as string);

  const vocabulary = `\n${termText}\n`;
  const termStarts = new Uint32Array(terms.length);
  let at = 1;
  for (let k = 0; k < terms.length; k++) {
    termStarts[k] = at;
    at += terms[k].length + 1;
  }
  return { flex, size: info.size, terms, lists, vocabulary, termStarts };
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

/** Positions (ascending) of the verses in range whose text contains the query. */
export function findVerses(verses: NormalizedVerses, index: SearchIndex | null, request: SearchRequest): number[] {
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

  if (strategy === 'index' || (strategy === 'auto' && index)) {
    if (!index) throw new Error('the index strategy needs the search pack');
    const plan = planCandidates(index, query, matchType, first, end, strategy === 'index' ? Infinity : end - first);
    if (plan) {
      const found: number[] = [];
      for (let j = 0; j < plan.length; j++) if (accept(plan[j])) found.push(plan[j]);
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

/** A whole word's verse positions, looked up by FlexSearch (its own list, shared with the index). */
function wordPositions(index: SearchIndex, word: string): ArrayLike<number> {
  return index.flex.search(word, { limit: index.size }) as unknown as ArrayLike<number>;
}

/** Which term holds a vocabulary offset. */
function termAt(index: SearchIndex, offset: number): number {
  return lowerBound(index.termStarts, offset + 1) - 1;
}

type Fit = 'exact' | 'prefix' | 'suffix' | 'substring';
type Partial = Exclude<Fit, 'exact'>;

/** The terms a query word can be, or null when there are more than `maxTerms`. */
function fittingTerms(index: SearchIndex, word: string, fit: Partial, maxTerms: number): number[] | null {
  const { terms, vocabulary, termStarts } = index;
  const found: number[] = [];
  switch (fit) {
    case 'prefix': {
      for (let k = lowerBound(terms, word); k < terms.length && terms[k].startsWith(word); k++) {
        if (found.length === maxTerms) return null;
        found.push(k);
      }
      return found;
    }
    case 'suffix':
    case 'substring': {
      const needle = fit === 'suffix' ? `${word}\n` : word;
      for (let at = vocabulary.indexOf(needle, 1); at !== -1; ) {
        const k = termAt(index, at);
        if (found.length === maxTerms) return null;
        found.push(k);
        const next = k + 1 < termStarts.length ? termStarts[k + 1] : vocabulary.length;
        at = vocabulary.indexOf(needle, Math.max(next, at + 1));
      }
      return found;
    }
  }
}

const MAX_TERMS = 5000;

type Slice = [ArrayLike<number>, number, number];

/**
 * Candidate positions in [first, end), ascending and unique, from the cheapest word of the query; null
 * when every choice would propose more than `budget` candidates (then a scan is cheaper).
 */
function planCandidates(
  index: SearchIndex,
  query: string,
  matchType: MatchType,
  first: number,
  end: number,
  budget: number,
): ArrayLike<number> | null {
  // The index holds the pieces of words between apostrophes ("lord's" as lord and s), so each piece is
  // looked up; a whole word of the query that ends in an apostrophe looks up the piece before it.
  const words = indexTerms(query);
  const last = words.length - 1;
  if (last < 0) return null;
  const inRange = (list: ArrayLike<number>): Slice => [
    list,
    first === 0 ? 0 : lowerBound(list, first),
    end >= index.size ? list.length : lowerBound(list, end),
  ];
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
      // A whole word: FlexSearch answers. A word the text never uses means no verse can match.
      const list = wordPositions(index, words[w]);
      if (list.length === 0) return [];
      const slice = inRange(list);
      slices.push(slice);
      total = slice[2] - slice[1];
    } else {
      const fitting = fittingTerms(index, words[w], fit, budget === Infinity ? Infinity : MAX_TERMS);
      if (fitting === null) continue;
      if (fitting.length === 0) return [];
      for (const k of fitting) {
        const slice = inRange(index.lists[k]);
        if (slice[2] > slice[1]) {
          slices.push(slice);
          total += slice[2] - slice[1];
        }
        if (best && total >= best.total) break;
      }
    }
    if (!best || total < best.total) best = { slices, total };
  }
  if (!best || best.total > budget) return null;
  const { slices, total } = best;
  if (slices.length === 0) return [];
  if (slices.length === 1) {
    const [list, lo, hi] = slices[0];
    return lo === 0 && hi === list.length ? list : (Array.prototype.slice.call(list, lo, hi) as number[]);
  }
  // Union of several terms' positions: sort them together, then drop repeats.
  const merged = new Uint32Array(total);
  let n = 0;
  for (const [list, lo, hi] of slices) for (let j = lo; j < hi; j++) merged[n++] = list[j];
  merged.sort();
  let unique = 0;
  for (let j = 0; j < n; j++) if (j === 0 || merged[j] !== merged[j - 1]) merged[unique++] = merged[j];
  return merged.subarray(0, unique);
}
