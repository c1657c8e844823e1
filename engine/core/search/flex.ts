// The FlexSearch index behind each search pack, shared by the compiler (which builds and exports it) and
// the engine (which imports it), so both sides configure it identically.
//
// Configuration, and why:
// - The encoder is ours: normalizeText (engine/core/match.ts) folds case, accents, Arabic vowel marks and
//   letter variants and turns punctuation into spaces; the encoder then just splits on those spaces and
//   on the apostrophes normalizeText keeps inside and after words.
//   FlexSearch's default encoder would split Arabic words at every vowel mark (marks are not letters to
//   its splitter), collapse doubled letters ("begotten" -> "begoten"), and cut numbers into triplets.
// - tokenize "strict" (whole words) and resolution 1 (one slot per term, ids in insertion order, i.e.
//   ascending verse positions): the engine verifies every hit against the text itself, so FlexSearch's
//   relevance slots would only cost space and reorder ids.
// - Keys are verse positions: the index of a verse in its translation's verse list (TranslationData.ids,
//   canonical order), so translations with their own verse splits need no mapping.
//
// Pack layout (search-<versionId>), a lossless, compact transcoding of FlexSearch's export:
//   info   json   { format, versionId, size (verses), terms, postings, parts, register }
//   terms  utf8   the "map" part's keys (every distinct normalised word), sorted, joined by "\n"
//   ids    bytes  for each term in that order: its id count, then its ids as gaps, LEB128 varints
// The export's "map" chunks are merged into one part sorted by term (a Map's content does not depend on
// the order it is filled in). The "reg" part (the set of ids: every verse with at least one word, which is
// all of them but BBE's 19 placeholder verses "..." and "***") is recorded as a count only and not
// imported: a read-only index never consults its register (it serves update, remove and contain), and
// skipping it saves memory.
import { Encoder, Index } from 'flexsearch';
import { normalizeText } from '../match.ts';

export type FlexIndex = Index;

/** Names everything that shapes a search pack; the engine refuses a pack built with another. (This file
 *  is a build input, so editing it marks the packs stale.) */
export const SEARCH_FORMAT = 'flexsearch-0.8/strict/resolution-1/normalizeText/leb128-gaps/1';

/** The index terms of a normalised text: its words, cut at apostrophes too ("lord's" -> lord, s). The
 *  index only proposes candidates, which are then checked against the text with the apostrophes, so
 *  pieces are enough, and they let a query word find the same word with an apostrophe after it. */
export const TERM_SEPARATOR = /[ ']+/;
export const indexTerms = (normalized: string): string[] => normalized.split(TERM_SEPARATOR).filter(Boolean);

export function createFlexIndex(): FlexIndex {
  const encoder = new Encoder({
    normalize: normalizeText,
    split: TERM_SEPARATOR,
    numeric: false,
    dedupe: false,
    cache: false, // its cache clears itself on a setTimeout, which a platform-free core must not start
    minlength: 1,
    maxlength: 1 << 20,
  });
  return new Index({ tokenize: 'strict', resolution: 1, fastupdate: false, encoder });
}

/** The entries of FlexSearch's exported "map" part: [term, [ids]] (one resolution slot). */
export type MapEntry = [string, [number[]]];

// The search pack's info record is declared with the pack's schema.
export type { SearchPackInfo } from '../pack/schemas.ts';

export function encodeMap(entries: MapEntry[]): { terms: string; ids: Uint8Array; postings: number } {
  const sorted = [...entries].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const bytes: number[] = [];
  const varint = (value: number) => {
    while (value > 0x7f) {
      bytes.push((value & 0x7f) | 0x80);
      value >>>= 7;
    }
    bytes.push(value);
  };
  let postings = 0;
  for (const [term, slots] of sorted) {
    if (!term || /[\n ']/.test(term))
      throw new Error(`search index term ${JSON.stringify(term)} is empty or holds a separator`);
    const ids = slots.flat();
    varint(ids.length);
    let previous = -1;
    for (const id of ids) {
      if (!Number.isInteger(id) || id <= previous)
        throw new Error(`search index ids for ${JSON.stringify(term)} are not ascending integers`);
      varint(id - previous - 1);
      previous = id;
    }
    postings += ids.length;
  }
  return { terms: sorted.map(([term]) => term).join('\n'), ids: Uint8Array.from(bytes), postings };
}

/** Reads one LEB128 varint of `ids` at `state.at`. */
function readVarint(ids: Uint8Array, state: { at: number }): number {
  let value = 0;
  for (let shift = 0; ; shift += 7) {
    if (state.at >= ids.length) throw new Error('search pack ids are truncated');
    const byte = ids[state.at++];
    value += (byte & 0x7f) * 2 ** shift;
    if (byte < 0x80) return value;
  }
}

/**
 * The inverse of encodeMap, in the form the engine keeps: the terms and, for each, its ids as a view of
 * one shared Uint32Array (FlexSearch only reads its id lists, and one buffer takes half the memory of
 * ten thousand JS arrays of numbers on engines without pointer compression).
 */
export function decodePostings(
  terms: string,
  ids: Uint8Array,
  postings: number,
): { terms: string[]; lists: Uint32Array[] } {
  const keys = terms ? terms.split('\n') : [];
  const all = new Uint32Array(postings);
  const lists: Uint32Array[] = new Array(keys.length);
  const state = { at: 0 };
  let filled = 0;
  const length = ids.length;
  for (let k = 0; k < keys.length; k++) {
    const count = readVarint(ids, state);
    if (filled + count > postings) throw new Error('search pack ids hold more than its info says');
    let at = state.at;
    let id = -1;
    for (let j = 0; j < count; j++) {
      // Varints inline: this loop runs for every id of the translation, and most gaps take one byte.
      let byte = ids[at++];
      let gap = byte;
      if (byte >= 0x80) {
        gap = byte & 0x7f;
        for (let shift = 7; ; shift += 7) {
          if (at >= length) throw new Error('search pack ids are truncated');
          byte = ids[at++];
          gap += (byte & 0x7f) * 2 ** shift;
          if (byte < 0x80) break;
        }
      }
      id += gap + 1;
      all[filled + j] = id;
    }
    if (at > length) throw new Error('search pack ids are truncated');
    state.at = at;
    lists[k] = all.subarray(filled, filled + count);
    filled += count;
  }
  if (state.at !== length || filled !== postings) throw new Error('search pack ids do not match its terms');
  return { terms: keys, lists };
}

/** The inverse of encodeMap: FlexSearch's exported map entries, in term order. */
export function decodeMap(terms: string, ids: Uint8Array): MapEntry[] {
  const keys = terms ? terms.split('\n') : [];
  const state = { at: 0 };
  const entries: MapEntry[] = keys.map((key) => {
    const count = readVarint(ids, state);
    const list: number[] = new Array(count);
    let id = -1;
    for (let j = 0; j < count; j++) {
      id += readVarint(ids, state) + 1;
      list[j] = id;
    }
    return [key, [list]];
  });
  if (state.at !== ids.length) throw new Error('search pack ids do not match its terms');
  return entries;
}
