// The encoder of the word coding that word-coding.ts decodes: the dictionary of a set
// of texts, and each text's codes. The decoder's rule is the contract: a space goes between two
// consecutive word entries and nowhere else.
import type { WordCodeLayout } from './word-coding.ts';
import { MAX_ENTRY_BYTES } from './word-coding.ts';

const twoByteCapacity = (layout: WordCodeLayout) => (layout.threeByteLead - layout.oneByte) * 256;
const encoder = new TextEncoder();
/** A string's length in UTF-8 bytes; ASCII (most verses of most translations) is measured without encoding. */
export const utf8Length = (s: string) => (/^[\x00-\x7f]*$/.test(s) ? s.length : encoder.encode(s).length);

const TOKEN = /[\p{L}\p{M}]+|[^\p{L}\p{M}]+/gu;
const WORD_START = /^[\p{L}\p{M}]/u;

/** A text's entries in order, the implied spaces left out. */
export function tokenize(text: string): string[] {
  const tokens = text.match(TOKEN) ?? [];
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    // Separator runs sit between word runs, so a lone space here always has a word on each side.
    if (t === ' ' && i > 0 && i + 1 < tokens.length) continue;
    // A UTF-16 unit is at most 3 UTF-8 bytes (a pair of them 4): most runs are short enough to fit
    // unmeasured, which spares a build some millions of encodes.
    if (t.length * 3 <= MAX_ENTRY_BYTES || utf8Length(t) <= MAX_ENTRY_BYTES) out.push(t);
    else {
      // A run longer than an entry holds is cut into pieces. Separator entries join with nothing between
      // them, so a separator run can be cut anywhere; a word run (Thai and Chinese write clauses without
      // spaces; a letter can carry any number of marks) gets an empty separator entry between its pieces,
      // so that no space is implied there.
      const word = WORD_START.test(t);
      t.match(/[\s\S]{1,60}/gu)!.forEach((piece, k) => {
        if (word && k > 0) out.push('');
        out.push(piece);
      });
    }
  }
  return out;
}

export interface BuiltDictionary {
  /** the entries in code order */
  entries: string[];
  /** the numbers of the entries that are not words */
  separators: number[];
  layout: WordCodeLayout;
  /** each text's entries, in order */
  tokens: string[][];
}

/**
 * The dictionary for a set of texts (a translation's books). The layout is the one that makes the
 * codes shortest; the entries with one-byte codes come by falling frequency, the rest in code point
 * order, which changes no code's length but lets the dictionary itself compress to about two thirds.
 * Ties break by code point order, so the same texts always give the same dictionary.
 */
export function buildDictionary(texts: readonly string[]): BuiltDictionary {
  // Each distinct entry's number in first-seen order, and its count: one hash lookup a token, where a
  // map of counts took two (a translation has about 800,000 tokens).
  const numbers = new Map<string, number>();
  const distinct: string[] = [];
  const counts: number[] = [];
  const tokens = texts.map((text) => {
    const t = tokenize(text);
    for (const token of t) {
      const n = numbers.get(token);
      if (n === undefined) {
        numbers.set(token, distinct.length);
        distinct.push(token);
        counts.push(1);
      } else counts[n]++;
    }
    return t;
  });
  const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const ranked = distinct
    .map((entry, n): [string, number] => [entry, counts[n]])
    .sort((a, b) => b[1] - a[1] || byCodePoint(a[0], b[0]));
  const layout = shortestLayout(ranked.map(([, count]) => count));
  const oneByte = Math.min(layout.oneByte, ranked.length);
  const twoByteEnd = Math.min(layout.oneByte + twoByteCapacity(layout), ranked.length);
  const entries = [
    ...ranked.slice(0, oneByte).map(([entry]) => entry),
    ...ranked
      .slice(oneByte, twoByteEnd)
      .map(([entry]) => entry)
      .sort(byCodePoint),
    ...ranked
      .slice(twoByteEnd)
      .map(([entry]) => entry)
      .sort(byCodePoint),
  ];
  const separators: number[] = [];
  entries.forEach((entry, i) => {
    if (!WORD_START.test(entry)) separators.push(i);
  });
  return { entries, separators, layout, tokens };
}

/** The layout that gives these entry counts (most frequent first) the fewest code bytes. */
export function shortestLayout(counts: readonly number[]): WordCodeLayout {
  const prefix = [0];
  for (const count of counts) prefix.push(prefix[prefix.length - 1] + count);
  const total = (from: number, to: number) =>
    prefix[Math.min(to, counts.length)] - prefix[Math.min(from, counts.length)];
  let best: { layout: WordCodeLayout; bytes: number } | undefined;
  for (let oneByte = 1; oneByte <= 256; oneByte++) {
    // As many two-byte leads as can be spared: three-byte leads only for what does not fit.
    for (let threeByteLeads = 0; threeByteLeads <= 256 - oneByte; threeByteLeads++) {
      const layout = { oneByte, threeByteLead: 256 - threeByteLeads };
      const twoByteEnd = oneByte + twoByteCapacity(layout);
      if (twoByteEnd + threeByteLeads * 65536 < counts.length) continue;
      const bytes = total(0, oneByte) + 2 * total(oneByte, twoByteEnd) + 3 * total(twoByteEnd, counts.length);
      if (!best || bytes < best.bytes) best = { layout, bytes };
      break;
    }
  }
  if (!best) throw new Error(`${counts.length} dictionary entries are more than three-byte codes can number`);
  return best.layout;
}

/** A block's codes. */
export function encodeWords(tokens: readonly string[], ids: ReadonlyMap<string, number>, layout: WordCodeLayout) {
  const out = new Uint8Array(tokens.length * 3);
  const twoBytes = twoByteCapacity(layout);
  let at = 0;
  for (const token of tokens) {
    const id = ids.get(token);
    if (id === undefined) throw new Error(`'${token}' is not in the dictionary`);
    if (id < layout.oneByte) out[at++] = id;
    else if (id < layout.oneByte + twoBytes) {
      const m = id - layout.oneByte;
      out[at++] = layout.oneByte + (m >> 8);
      out[at++] = m & 0xff;
    } else {
      const m = id - layout.oneByte - twoBytes;
      out[at++] = layout.threeByteLead + (m >> 16);
      out[at++] = (m >> 8) & 0xff;
      out[at++] = m & 0xff;
    }
  }
  return out.slice(0, at);
}

/**
 * The sections of a word-coded text (the schemas' WORD_CODED_TEXT), one block of codes per text. With
 * `frontCoded` false every entry is written out in full (sharedPrefixes all 0): a few KB more after
 * DEFLATE, but the reader then uses the section as it is instead of expanding it, which a translation's
 * first verse waits for.
 */
export function wordCodedSections(texts: readonly string[], { frontCoded = true } = {}) {
  const built = buildDictionary(texts);
  const ids = new Map(built.entries.map((entry, i) => [entry, i]));
  const entries = built.entries.map((entry) => encoder.encode(entry));
  const sharedPrefixes = new Uint8Array(entries.length);
  const suffixes: Uint8Array[] = [];
  entries.forEach((entry, i) => {
    const before = i > 0 && frontCoded ? entries[i - 1] : new Uint8Array(0);
    let shared = 0;
    while (shared < entry.length && shared < before.length && entry[shared] === before[shared]) shared++;
    sharedPrefixes[i] = shared;
    suffixes.push(entry.subarray(shared));
  });
  const dictionary = new Uint8Array(suffixes.reduce((n, e) => n + e.length, 0));
  let at = 0;
  for (const suffix of suffixes) {
    dictionary.set(suffix, at);
    at += suffix.length;
  }
  return {
    wordCoding: built.layout,
    dictionary,
    sharedPrefixes,
    suffixLengths: Uint8Array.from(suffixes, (e) => e.length),
    separators: built.separators,
    text: built.tokens.map((tokens) => encodeWords(tokens, ids, built.layout)),
  };
}

/**
 * The sections of numbered texts (the schemas' WORD_CODED_ENTRIES): their byte offsets, and the texts
 * word-coded in blocks of whole entries, each cut at the first entry end past `blockBytes` of text.
 */
export function wordCodedEntrySections(texts: readonly string[], blockBytes: number) {
  const offsets = [0];
  for (const text of texts) offsets.push(offsets[offsets.length - 1] + utf8Length(text));
  const blocks: string[] = [];
  const blockFirstEntry: number[] = [];
  for (let first = 1; first <= texts.length; ) {
    let end = first;
    while (end <= texts.length && offsets[end - 1] - offsets[first - 1] < blockBytes) end++;
    blocks.push(texts.slice(first - 1, end - 1).join(''));
    blockFirstEntry.push(first);
    first = end;
  }
  blockFirstEntry.push(texts.length + 1);
  return { offsets, blockFirstEntry, ...wordCodedSections(blocks) };
}
