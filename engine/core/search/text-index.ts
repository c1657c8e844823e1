// A translation's exact word index (postings.ts), made from its text pack on the first search in it,
// rather than shipped as a pack of its own: the index is wholly determined by the text, so a separate
// pack only repeated it (4.9 MB over the ten translations) and could fall out of step with it.
//
// The index is read off the word codes, not off the text: the text pack stores each verse as numbers of
// dictionary entries (pack/word-coding.ts), and the compiler says, once per entry, what it does to the
// words around it (searchEntrySections), found by normalising it between two letters, "a" + entry + "a":
//   "aa"      joins: it normalises to nothing (a combining mark alone, a joiner, the empty entry
//             between the pieces of a word too long for one entry);
//   "a a"     breaks: it normalises to a separator (punctuation, spaces);
//   "a…a"     letters (and digits): they run on with the letters either side;
//   "a'a"     an apostrophe that stays in its word, when it follows a letter or digit (else it breaks);
//   "a' a"    the same apostrophe, then a break ("Jesus’ feet").
// It also lists every key of the index, sorted, and gives each word entry the number of its key. A
// space goes between two consecutive word entries (the decoder's rule), which breaks too. So a verse of
// word entries and breaks gives its keys with no text decoded or normalised; a verse with an apostrophe
// or a joiner is read entry by entry; one with an entry the probes cannot place (a character that
// decomposes into letters and separators) is read by its text, as buildPostings reads it.
import type { PackOf } from '../pack/schema.ts';
import type { TEXT_PACK } from '../pack/schemas.ts';
import { BibleError } from '../errors.ts';
import { packUnusable } from '../pack/reader.ts';
import { NORMALIZED_APOSTROPHE, normalizeLines, normalizeText } from '../match.ts';
import { decodeEntryNumbers, packDictionary, type WordDictionary } from '../pack/word-coding.ts';
import { strictUtf8Decoder } from '../utf8.ts';
import { buildPostings, forEachKey, frontCodeKeys, frontDecodeKeys, PostingIndex } from './postings.ts';
import { lowerBound, type TranslationData } from '../translation.ts';
import { type NormalizedVerses, type SearchIndex, searchIndexOf } from './searcher.ts';

const JOINS = 0;
const BREAKS = 1;
const LETTERS = 2;
const APOSTROPHE = 3;
const APOSTROPHE_THEN_BREAK = 4;
/** An entry holding newlines whose every piece joins or breaks: it ends a verse at each newline. */
const ENDS_VERSES = 5;
const EXACT_PATH = 6;

const decodeUtf8 = strictUtf8Decoder();
const NEWLINE = 0x0a;
const LETTER_A = 0x61;

/** What an entry's probe ("a" + entry + "a", normalised) says it does. */
function kindOfProbe(probe: string): number {
  if (probe === 'aa') return JOINS;
  if (probe === 'a a') return BREAKS;
  if (probe === "a'a") return APOSTROPHE;
  if (probe === "a' a") return APOSTROPHE_THEN_BREAK;
  // Letters between the two a's with no separator or apostrophe are the entry normalised on its own.
  if (probe.length > 2 && !probe.includes(' ') && !probe.includes("'")) return LETTERS;
  return EXACT_PATH;
}

interface EntryKinds {
  readonly kind: Uint8Array;
  /** the normalised letters of each LETTERS entry */
  readonly letters: string[];
}

/**
 * Every dictionary entry's kind, found with one normalisation of all the probes: the probes' UTF-8
 * bytes, one per line, decoded and normalised as lines. An entry holding a newline is probed piece by
 * piece: each piece must join or break (or be empty).
 */
function entryKinds(dictionary: WordDictionary): EntryKinds {
  const { bytes, starts } = dictionary;
  const count = starts.length - 1;
  let newlineBytes = 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === NEWLINE) newlineBytes++;
  const probes = new Uint8Array(bytes.length + 3 * count + 2 * newlineBytes);
  const newlines = new Uint8Array(count);
  let at = 0;
  for (let e = 0; e < count; e++) {
    probes[at++] = LETTER_A;
    for (let i = starts[e]; i < starts[e + 1]; i++) {
      const b = bytes[i];
      if (b === NEWLINE) {
        // Newlines cut the probe into one line per piece.
        probes[at++] = LETTER_A;
        probes[at++] = NEWLINE;
        probes[at++] = LETTER_A;
        newlines[e] = Math.min(newlines[e] + 1, 255);
      } else probes[at++] = b;
    }
    probes[at++] = LETTER_A;
    probes[at++] = NEWLINE;
  }
  const lines = normalizeLines(decodeUtf8(probes.subarray(0, at))).split('\n');
  const kind = new Uint8Array(count);
  const letters = new Array<string>(count).fill('');
  for (let e = 0, line = 0; e < count; e++) {
    if (newlines[e]) {
      let plain = newlines[e] < 255;
      for (let piece = 0; piece <= newlines[e]; piece++) {
        const k = kindOfProbe(lines[line++]);
        if (k !== JOINS && k !== BREAKS) plain = false;
      }
      kind[e] = plain ? ENDS_VERSES : EXACT_PATH;
      continue;
    }
    const probe = lines[line++];
    kind[e] = kindOfProbe(probe);
    if (kind[e] === LETTERS) letters[e] = probe.slice(1, -1);
  }
  return { kind, letters };
}

// What the walk does with an entry: a key number (>= 0) for a word entry that is a whole word in any
// verse without special entries, or one of these.
const ACT_BREAK = -1;
const ACT_END_VERSES = -2;
/** an entry that needs the full reading of its verse's entries (readSpecialVerse) */
const ACT_SPECIAL = -3;
/** an entry holding newlines that does not merely break: the verses it touches are read as text */
const ACT_TEXT = -4;

/** The sections of a text pack that let the engine read its index off the word codes. */
export interface SearchEntrySections {
  /** the keys that are no entry's letters (words run together, words with apostrophes), in code unit
   *  order, front-coded (frontCodeKeys), one per line */
  searchKeys: string;
  /** what each dictionary entry does to the words around it (the probe kinds above) */
  entryKinds: Uint8Array;
  /** for each entry whose letters are a key on their own: that key's number (its place among all the
   *  keys in code unit order) plus one; else 0 */
  entryKeys: Uint32Array;
}

/**
 * For the compiler: the search sections of a word-coded text, from its dictionary and its verses. The
 * keys that are some entry's letters are not written out: the engine normalises those entries, and
 * puts the written keys in the places no entry takes (KJV: 6 KB of keys instead of 25).
 */
export function searchEntrySections(dictionary: WordDictionary, verseTexts: readonly string[]): SearchEntrySections {
  const keys = [...buildPostings(verseTexts.map(normalizeText)).keys()].sort();
  const keyNumbers = new Map(keys.map((key, k) => [key, k]));
  const { kind, letters } = entryKinds(dictionary);
  const entryKeys = new Uint32Array(kind.length);
  const fromEntries = new Set<number>();
  for (let e = 0; e < kind.length; e++) {
    const k = kind[e] === LETTERS ? keyNumbers.get(letters[e]) : undefined;
    if (k === undefined) continue;
    entryKeys[e] = k + 1;
    fromEntries.add(k);
  }
  const written = keys.filter((_, k) => !fromEntries.has(k));
  return { searchKeys: frontCodeKeys(written).join('\n'), entryKinds: kind, entryKeys };
}

/**
 * Every key of the index in code unit order: the letters of one entry per key number the entries name,
 * normalised together, and the written keys in the places left. Throws (a message for the pack's error)
 * when they are not in strictly ascending order.
 */
function allKeys(dictionary: WordDictionary, entryKeys: Uint32Array, written: readonly string[]): string[] {
  const { bytes, starts } = dictionary;
  let named = 0;
  for (let e = 0; e < entryKeys.length; e++) named = Math.max(named, entryKeys[e]);
  // There are at most as many keys as entries and written keys: a larger number is refused before a
  // table that size is made (a damaged 4,000,000,000 would take 16 GB and minutes).
  if (named > entryKeys.length + written.length) throw new Error('its entries name more keys than it has');
  const firstEntry = new Int32Array(named).fill(-1);
  let distinct = 0;
  for (let e = 0; e < entryKeys.length; e++) {
    const k = entryKeys[e] - 1;
    if (k >= 0 && firstEntry[k] < 0) {
      firstEntry[k] = e;
      distinct++;
    }
  }
  const count = distinct + written.length;
  if (named > count) throw new Error('its entries name more keys than it has');
  // The named entries' bytes, one per line, normalised in one pass (a word entry holds no newline).
  let length = 0;
  for (let k = 0; k < named; k++)
    if (firstEntry[k] >= 0) length += starts[firstEntry[k] + 1] - starts[firstEntry[k]] + 1;
  const lines = new Uint8Array(length);
  let at = 0;
  for (let k = 0; k < named; k++) {
    const e = firstEntry[k];
    if (e < 0) continue;
    lines.set(bytes.subarray(starts[e], starts[e + 1]), at);
    at += starts[e + 1] - starts[e];
    lines[at++] = NEWLINE;
  }
  const letters = normalizeLines(decodeUtf8(lines)).split('\n');
  const keys = new Array<string>(count);
  for (let k = 0, line = 0, next = 0; k < count; k++) {
    keys[k] = k < named && firstEntry[k] >= 0 ? letters[line++] : written[next++];
    if (!keys[k] || (k > 0 && !(keys[k - 1] < keys[k])))
      throw new Error(`its search key ${k} is empty or out of order`);
  }
  return keys;
}

/** The exact word index of a translation's verses, by verse position. */
export function indexTranslation(
  pack: PackOf<typeof TEXT_PACK>,
  text: TranslationData,
  verses: NormalizedVerses,
): SearchIndex {
  const broken = (why: string) => packUnusable(pack.name, why);
  const dictionary = packDictionary(pack, broken);
  let keyList: string[];
  const kind = pack.bytes('entryKinds');
  const entryKeys = pack.u32('entryKeys');
  const { bytes, starts, isWord } = dictionary;
  const count = isWord.length;
  if (kind.length !== count || entryKeys.length !== count)
    throw broken('its search entry tables do not match its dictionary');
  try {
    const listed = pack.text('searchKeys');
    keyList = allKeys(dictionary, entryKeys, listed ? frontDecodeKeys(listed.split('\n')) : []);
  } catch (error) {
    // A missing or mistyped section is already an error naming the pack.
    if (error instanceof BibleError) throw error;
    throw broken(error instanceof Error ? error.message : String(error));
  }
  const keys: KeyTable = { list: keyList, broken };
  const newlines = new Uint8Array(count);
  const action = new Int32Array(count);
  for (let e = 0; e < count; e++) {
    const k = kind[e];
    if (k > EXACT_PATH || entryKeys[e] > keyList.length) throw broken(`its search entry ${e} is out of range`);
    if (k === ENDS_VERSES || k === EXACT_PATH) {
      for (let i = starts[e]; i < starts[e + 1]; i++) if (bytes[i] === NEWLINE) newlines[e]++;
      if (k === ENDS_VERSES && !newlines[e]) throw broken(`its search entry ${e} ends no verse`);
    }
    action[e] =
      k === LETTERS && isWord[e] && entryKeys[e]
        ? entryKeys[e] - 1
        : k === BREAKS
          ? ACT_BREAK
          : k === ENDS_VERSES
            ? ACT_END_VERSES
            : k === EXACT_PATH && newlines[e]
              ? ACT_TEXT
              : ACT_SPECIAL;
  }
  const entries: EntryTables = { kind, entryKeys, newlines, isWord, action, dictionary, letters: [] };

  const blockStarts = pack.u32('blockStarts');
  const blocks = pack.blocks('text');
  // Every entry lists at most one key on the fast path, and takes at least one code byte: the codes'
  // length bounds the pairs, so the lists are made once.
  let codeBytes = 0;
  let largestBlock = 0;
  for (let b = 0; b < blocks.count; b++) {
    codeBytes += blocks.length(b);
    largestBlock = Math.max(largestBlock, blocks.length(b));
  }
  const pairs = newPairList(keyList.length, codeBytes + blocks.count);
  const numbersBuffer = new Uint32Array(largestBlock);
  for (let b = 0; b < blocks.count; b++) {
    let numbers: Uint32Array;
    try {
      numbers = decodeEntryNumbers(blocks.read(b), dictionary, numbersBuffer);
    } catch (error) {
      if (error instanceof RangeError) throw broken(`block ${b} of its text: ${error.message}`);
      throw error;
    }
    const end = blockStarts[b + 1];
    // A trailing newline (which lineStarts allows) leaves the row at the end already.
    if (walkBlock(numbers, entries, keys, pairs, blockStarts[b], end, verses) !== end)
      throw broken(`the text of block ${b} does not match its verse list`);
  }
  if (blockStarts[blocks.count] !== text.size) throw broken('its text blocks do not match its verse list');
  return searchIndexOf(postingIndex(keyList, pairs, text.size));
}

interface EntryTables {
  readonly kind: Uint8Array;
  readonly entryKeys: Uint32Array;
  readonly newlines: Uint8Array;
  readonly isWord: Uint8Array;
  readonly action: Int32Array;
  readonly dictionary: WordDictionary;
  /** the normalised letters of the LETTERS entries read so far (by number) */
  readonly letters: string[];
}

/** The index's keys, sorted: a key's number is its place. */
interface KeyTable {
  readonly list: string[];
  readonly broken: (why: string) => Error;
}
function keyNumber(keys: KeyTable, key: string): number {
  const k = lowerBound(keys.list, key);
  if (keys.list[k] !== key) throw keys.broken(`its search keys lack ${JSON.stringify(key)}`);
  return k;
}

/** The normalised letters of a LETTERS entry: its key's, or (an entry never a word alone) its own. */
function lettersOf(entries: EntryTables, keys: KeyTable, e: number): string {
  const key = entries.entryKeys[e];
  if (key) return keys.list[key - 1];
  const { bytes, starts } = entries.dictionary;
  return (entries.letters[e] ??= normalizeText(decodeUtf8(bytes.subarray(starts[e], starts[e + 1]))));
}

/** (key, row) pairs in row order, each key at most once per row: lastRow[key] is the row it was last
 *  listed for. */
interface PairList {
  keys: Uint32Array;
  rows: Uint32Array;
  count: number;
  lastRow: Int32Array;
}
const newPairList = (keyCount: number, room: number): PairList => ({
  keys: new Uint32Array(room),
  rows: new Uint32Array(room),
  count: 0,
  lastRow: new Int32Array(keyCount).fill(-1),
});

/** Room for `more` pairs. */
function makeRoom(pairs: PairList, more: number): void {
  if (pairs.count + more > pairs.keys.length) {
    const length = Math.max(pairs.keys.length * 2, pairs.count + more);
    const keys = new Uint32Array(length);
    keys.set(pairs.keys.subarray(0, pairs.count));
    pairs.keys = keys;
    const rows = new Uint32Array(length);
    rows.set(pairs.rows.subarray(0, pairs.count));
    pairs.rows = rows;
  }
}

/** Drops the pairs listed from `from` on (a verse about to be read again). */
function dropPairs(pairs: PairList, from: number): void {
  for (let p = from; p < pairs.count; p++) pairs.lastRow[pairs.keys[p]] = -1;
  pairs.count = from;
}

/**
 * Lists the keys of one block's verses (rows first, first + 1, ...) and returns the row after the last
 * verse read. The hot loop of the index, kept small so it is optimised early: in a verse of word
 * entries and breaks each word entry is a whole word and lists its key; a verse with any other entry
 * is read again by readSpecialVerse, and one an ACT_TEXT entry touches by its text.
 */
function walkBlock(
  numbers: Uint32Array,
  entries: EntryTables,
  keys: KeyTable,
  pairs: PairList,
  first: number,
  end: number,
  verses: NormalizedVerses,
): number {
  const { action, newlines } = entries;
  // Each entry lists at most one key here; the slow readers make their own room.
  makeRoom(pairs, numbers.length + 1);
  let { keys: pairKeys, rows: pairRows, lastRow } = pairs;
  let count = pairs.count;
  let row = first;
  let verseFrom = 0;
  let verseStart = count;
  let special = false;
  let byText = false;
  for (let j = 0; j <= numbers.length; j++) {
    // One step past the last entry ends the block's last verse (it has no newline after it).
    const a = j < numbers.length ? action[numbers[j]] : ACT_END_VERSES;
    if (a >= 0) {
      if (lastRow[a] !== row) {
        lastRow[a] = row;
        pairKeys[count] = a;
        pairRows[count++] = row;
      }
    } else if (a === ACT_SPECIAL) special = true;
    else if (a !== ACT_BREAK) {
      const ended = j === numbers.length ? (row === end - 1 ? 1 : 0) : newlines[numbers[j]];
      if (a === ACT_TEXT) byText = true;
      for (let n = 0; n < ended; n++) {
        if (byText || special) {
          pairs.count = count;
          dropPairs(pairs, verseStart);
          const found: number[] = [];
          if (byText || !readSpecialVerse(numbers, verseFrom, j, entries, keys, found)) {
            found.length = 0;
            keysOfText(keys, verses.verse(row), found);
          }
          addKeys(pairs, found, row);
          makeRoom(pairs, numbers.length - j + 1);
          ({ keys: pairKeys, rows: pairRows, lastRow } = pairs);
          count = pairs.count;
          special = false;
        }
        row++;
        verseStart = count;
        verseFrom = j + 1;
      }
      // The verses an ACT_TEXT entry starts are read by their text too.
      byText = a === ACT_TEXT;
    }
  }
  pairs.count = count;
  return row;
}

/** The numbers of a normalised text's keys, as buildPostings lists them (a key not in the list is a
 *  damaged pack). */
function keysOfText(keys: KeyTable, normalized: string, into: number[]): void {
  forEachKey(normalized, (key) => into.push(keyNumber(keys, key)));
}

/** Lists a row's keys (numbers, possibly repeated); the pair list is made roomy enough first. */
function addKeys(pairs: PairList, found: readonly number[], row: number): void {
  makeRoom(pairs, found.length);
  const { keys: pairKeys, rows: pairRows, lastRow } = pairs;
  let count = pairs.count;
  for (let i = 0; i < found.length; i++) {
    const k = found[i];
    if (lastRow[k] === row) continue;
    lastRow[k] = row;
    pairKeys[count] = k;
    pairRows[count++] = row;
  }
  pairs.count = count;
}

/**
 * The keys of one verse, entries [from, to) of a block, read by the normaliser's rules entry by entry:
 * letters run on across joiners, and an apostrophe stays in its word after a letter or digit. False
 * when the verse holds an entry the probes could not place: it is then read by its text.
 */
function readSpecialVerse(
  numbers: Uint32Array,
  from: number,
  to: number,
  entries: EntryTables,
  keys: KeyTable,
  found: number[],
): boolean {
  const { kind, isWord, entryKeys } = entries;
  // The word being read: while it is one entry's letters and that is a key, the key's number (no
  // string made); once entries run together, its letters so far. Both empty between words.
  let single = -1;
  let word = '';
  let previousWord = 0;
  for (let j = from; j <= to; j++) {
    const e = j < to ? numbers[j] : -1;
    const k = e < 0 ? BREAKS : kind[e];
    const entryIsWord = e < 0 ? 0 : isWord[e];
    let ends = (entryIsWord & previousWord) === 1;
    previousWord = entryIsWord;
    if (k === LETTERS) {
      if (ends) endWord();
      if (single < 0 && !word && entryKeys[e]) single = entryKeys[e] - 1;
      else {
        word = (single >= 0 ? keys.list[single] : word) + lettersOf(entries, keys, e);
        single = -1;
      }
      continue;
    }
    if (k === APOSTROPHE || k === APOSTROPHE_THEN_BREAK) {
      // The space between two word entries comes before the apostrophe: "一 ʼ" (a modifier letter
      // apostrophe is a word entry) ends 一 there, and the apostrophe then follows no letter.
      if (ends) endWord();
      // Part of the word only right after a letter or digit (not after another apostrophe).
      if (single >= 0 || (word && !word.endsWith(NORMALIZED_APOSTROPHE))) {
        word = `${single >= 0 ? keys.list[single] : word}${NORMALIZED_APOSTROPHE}`;
        single = -1;
        ends = k === APOSTROPHE_THEN_BREAK;
      } else ends = true;
    } else if (k === BREAKS) ends = true;
    else if (k !== JOINS) return false;
    if (ends) endWord();
  }
  return true;

  function endWord() {
    if (single >= 0) found.push(single);
    else if (word) keysOfText(keys, word, found);
    single = -1;
    word = '';
  }
}

/** The pairs as a posting index: each key's rows, ascending since the pairs come in row order, in one
 *  run of a typed array. */
function postingIndex(keys: string[], pairs: PairList, size: number): PostingIndex {
  const { keys: pairKeys, rows: pairRows, count } = pairs;
  const starts = new Uint32Array(keys.length + 1);
  for (let p = 0; p < count; p++) starts[pairKeys[p] + 1]++;
  for (let k = 0; k < keys.length; k++) starts[k + 1] += starts[k];
  const rows = new Uint32Array(count);
  const fill = starts.slice(0, keys.length);
  for (let p = 0; p < count; p++) rows[fill[pairKeys[p]]++] = pairRows[p];
  return new PostingIndex(keys, starts, rows, size);
}
