// A translation's exact word index (postings.ts), made from its text pack on the first search in it,
// rather than shipped as a pack of its own: the index is wholly determined by the text, so a separate
// pack only repeated it (4.9 MB over the ten translations) and could fall out of step with it.
//
// The index is read off the word codes, not off the text: the text pack stores each verse as numbers of
// dictionary entries (pack/word-coding.ts), so each entry is normalised once, and a verse made of plain
// entries gives its keys without its text being decoded or normalised. What an entry does to the words
// around it shows when it is normalised between two letters, "a" + entry + "a":
//   "aa"      joins: it normalises to nothing (a combining mark alone, a joiner);
//   "a a"     breaks: it normalises to a separator (punctuation, spaces);
//   "a…a"     letters (and digits): they run on with the letters either side;
//   "a'a"     an apostrophe that stays in its word, when it follows a letter or digit (else it breaks);
//   "a' a"    the same apostrophe, then a break ("Jesus’ feet").
// A space goes between two consecutive word entries (the decoder's rule), which breaks too. Any other
// entry (a character that decomposes into letters and separators, two apostrophes) makes its verse take
// the exact path: its text normalised and cut into keys as buildPostings does. Newlines end verses; an
// entry holding one must join or break on each side of it, or the verses it touches take the exact path.
import type { PackOf } from '../pack/schema.ts';
import type { TEXT_PACK } from '../pack/schemas.ts';
import { packUnusable } from '../pack/reader.ts';
import { NORMALIZED_APOSTROPHE, normalizeLines } from '../match.ts';
import { decodeEntryNumbers, readDictionary, type WordDictionary } from '../pack/word-coding.ts';
import type { TranslationData } from '../translation.ts';
import { strictUtf8Decoder } from '../utf8.ts';
import { forEachKey, PostingIndex } from './postings.ts';
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
  /** for entries holding newlines: how many */
  readonly newlines: Uint8Array;
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
  return { kind, letters, newlines };
}

// What the walk does with an entry: a key number (>= 0) for a word entry that is a whole word in any
// verse without special entries, or one of these.
const ACT_BREAK = -1;
const ACT_END_VERSES = -2;
/** an entry that needs the full reading of its verse's entries (readSpecialVerse) */
const ACT_SPECIAL = -3;
/** an entry holding newlines that does not merely break: the verses it touches are read as text */
const ACT_TEXT = -4;

/** The exact word index of a translation's verses, by verse position. */
export function indexTranslation(
  pack: PackOf<typeof TEXT_PACK>,
  text: TranslationData,
  verses: NormalizedVerses,
): SearchIndex {
  const broken = (why: string) => packUnusable(pack.name, why);
  let dictionary: WordDictionary;
  try {
    dictionary = readDictionary({
      dictionary: pack.bytes('dictionary'),
      sharedPrefixes: pack.bytes('sharedPrefixes'),
      suffixLengths: pack.bytes('suffixLengths'),
      separators: pack.u32('separators'),
      wordCoding: pack.json('wordCoding'),
    });
  } catch (error) {
    if (error instanceof RangeError) throw broken(error.message);
    throw error;
  }
  let kinds: EntryKinds;
  try {
    kinds = entryKinds(dictionary);
  } catch {
    throw broken('its dictionary is not valid UTF-8');
  }
  const { kind, letters, newlines } = kinds;
  const { isWord } = dictionary;
  const keys = newKeyTable();
  const action = new Int32Array(kind.length);
  const wordKey = new Int32Array(kind.length).fill(-1);
  for (let e = 0; e < kind.length; e++) {
    const k = kind[e];
    if (k === LETTERS) wordKey[e] = keyNumber(keys, letters[e]);
    action[e] =
      k === LETTERS && isWord[e]
        ? wordKey[e]
        : k === BREAKS
          ? ACT_BREAK
          : k === ENDS_VERSES
            ? ACT_END_VERSES
            : k === EXACT_PATH && newlines[e]
              ? ACT_TEXT
              : ACT_SPECIAL;
  }
  const entries: EntryTables = { kind, letters, newlines, isWord, wordKey, action };
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
  const pairs = newPairList(keys.list.length, codeBytes + blocks.count);
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
  return searchIndexOf(postingIndex(keys, pairs, text.size));
}

interface EntryTables {
  readonly kind: Uint8Array;
  readonly letters: string[];
  readonly newlines: Uint8Array;
  readonly isWord: Uint8Array;
  readonly wordKey: Int32Array;
  readonly action: Int32Array;
}

/** Keys numbered as they are met; put in code unit order at the end. */
interface KeyTable {
  readonly numbers: Map<string, number>;
  readonly list: string[];
}
const newKeyTable = (): KeyTable => ({ numbers: new Map(), list: [] });
function keyNumber(keys: KeyTable, key: string): number {
  let k = keys.numbers.get(key);
  if (k === undefined) {
    k = keys.list.length;
    keys.list.push(key);
    keys.numbers.set(key, k);
  }
  return k;
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
  lastRow: new Int32Array(keyCount + 1024).fill(-1),
});

/** Room for `more` pairs, and a lastRow slot for every key numbered so far. */
function makeRoom(pairs: PairList, more: number, keyCount: number): void {
  if (pairs.count + more > pairs.keys.length) {
    const length = Math.max(pairs.keys.length * 2, pairs.count + more);
    const keys = new Uint32Array(length);
    keys.set(pairs.keys.subarray(0, pairs.count));
    pairs.keys = keys;
    const rows = new Uint32Array(length);
    rows.set(pairs.rows.subarray(0, pairs.count));
    pairs.rows = rows;
  }
  if (keyCount > pairs.lastRow.length) {
    const grown = new Int32Array(keyCount * 2).fill(-1);
    grown.set(pairs.lastRow);
    pairs.lastRow = grown;
  }
}

/** Lists a row's keys found by their strings, numbering new ones. */
function addKeys(pairs: PairList, keys: KeyTable, found: readonly string[], row: number): void {
  const numbers = found.map((key) => keyNumber(keys, key));
  makeRoom(pairs, numbers.length, keys.list.length);
  for (const k of numbers) {
    if (pairs.lastRow[k] === row) continue;
    pairs.lastRow[k] = row;
    pairs.keys[pairs.count] = k;
    pairs.rows[pairs.count++] = row;
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
  makeRoom(pairs, numbers.length + 1, keys.list.length);
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
          if (byText || !readSpecialVerse(numbers, verseFrom, j, entries, keys, pairs, row))
            addKeys(pairs, keys, keysOfText(verses.verse(row)), row);
          makeRoom(pairs, numbers.length - j + 1, keys.list.length);
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

/** The keys of a normalised text, as buildPostings lists them. */
function keysOfText(normalized: string): string[] {
  const found: string[] = [];
  forEachKey(normalized, (key) => found.push(key));
  return found;
}

/**
 * Lists the keys of one verse, entries [from, to) of a block, following the normaliser's rules entry by
 * entry: letters run on across joiners, and an apostrophe stays in its word after a letter or digit.
 * False (nothing listed) when the verse holds an entry the probes could not place: it is read by its text.
 */
function readSpecialVerse(
  numbers: Uint32Array,
  from: number,
  to: number,
  entries: EntryTables,
  keys: KeyTable,
  pairs: PairList,
  row: number,
): boolean {
  const { kind, letters, isWord } = entries;
  const found: string[] = [];
  // The word being read: its letters so far ('' between words).
  let word = '';
  let previousWord = 0;
  const endWord = () => {
    if (word) found.push(...keysOfText(word));
    word = '';
  };
  for (let j = from; j < to; j++) {
    const e = numbers[j];
    const k = kind[e];
    if (isWord[e] & previousWord) endWord();
    previousWord = isWord[e];
    if (k === LETTERS) word += letters[e];
    else if (k === APOSTROPHE || k === APOSTROPHE_THEN_BREAK) {
      // Part of the word only right after a letter or digit (not after another apostrophe).
      if (word && !word.endsWith(NORMALIZED_APOSTROPHE)) {
        word += NORMALIZED_APOSTROPHE;
        if (k === APOSTROPHE_THEN_BREAK) endWord();
      } else endWord();
    } else if (k === BREAKS) endWord();
    else if (k !== JOINS) return false;
  }
  endWord();
  addKeys(pairs, keys, found, row);
  return true;
}

/** The pairs as a posting index: keys in code unit order (those with no rows left out), and each key's
 *  rows, ascending since the pairs come in row order, in one run of a typed array. */
function postingIndex(keys: KeyTable, pairs: PairList, size: number): PostingIndex {
  const { keys: pairKeys, rows: pairRows, count } = pairs;
  const counts = new Uint32Array(keys.list.length);
  for (let p = 0; p < count; p++) counts[pairKeys[p]]++;
  // A key met only in a verse that was then read again may hold no row.
  const sorted = keys.list.filter((_, k) => counts[k] > 0).sort();
  const rank = new Int32Array(keys.list.length);
  const starts = new Uint32Array(sorted.length + 1);
  for (let r = 0; r < sorted.length; r++) {
    const k = keys.numbers.get(sorted[r])!;
    rank[k] = r;
    starts[r + 1] = starts[r] + counts[k];
  }
  const rows = new Uint32Array(count);
  const fill = starts.slice(0, sorted.length);
  for (let p = 0; p < count; p++) rows[fill[rank[pairKeys[p]]]++] = pairRows[p];
  return new PostingIndex(sorted, starts, rows, size);
}
