// A word coding for running text, applied before DEFLATE: each word and each run of other characters
// becomes the number of its entry in a dictionary shared by every block of a pack, written in one to
// three bytes (the most frequent entries in one byte). DEFLATE then finds repeated phrases as short
// runs of codes, in a 32 KiB window that now spans several times more text. On the KJV, in blocks of
// about 32 KB of text, the codes deflate to 0.92 MB against 1.35 MB for the plain text deflated the
// same way (1.26 MB in one block per book, 1.21 MB as one block). A single space between two words is
// implied, not coded.
//
// Words are maximal runs of letters and combining marks; everything between them is a separator
// entry, so any string round-trips exactly. A run longer than an entry holds is cut into pieces with an
// empty separator entry between them (no space is implied there). The encoder is compiler/pack/word-coding.ts. Decoding is a
// table walk: no regular expression, no Unicode tables, so every host runs it.
import type { Blocks } from './reader.ts';

/** How code bytes map to dictionary entries: entries below `oneByte` take one byte; the next lead
 *  bytes, up to `threeByteLead`, start two-byte codes; lead bytes from `threeByteLead` on start
 *  three-byte codes. */
export interface WordCodeLayout {
  oneByte: number;
  threeByteLead: number;
}

/** A dictionary as the decoder holds it: every entry's UTF-8 bytes, back to back. */
export interface WordDictionary {
  /** the entries' UTF-8 bytes */
  readonly bytes: Uint8Array;
  /** where entry i starts in `bytes`, and one more entry for the end */
  readonly starts: Uint32Array;
  /** 1 where an entry is a word (a space goes between two words) */
  readonly isWord: Uint8Array;
  /** how many newlines each entry holds (only separators hold any) */
  readonly newlines: Uint8Array;
  readonly layout: WordCodeLayout;
}

const twoByteCapacity = (layout: WordCodeLayout) => (layout.threeByteLead - layout.oneByte) * 256;

/** The longest entry, in UTF-8 bytes: a pack stores each entry's length in one byte. */
export const MAX_ENTRY_BYTES = 255;

/** A dictionary as a pack stores it, front-coded: entry i is the first sharedPrefixes[i] bytes of
 *  entry i - 1 followed by its own next suffixLengths[i] bytes of `dictionary`. Sorted entries share
 *  long prefixes: Gill's dictionary deflates to 164 KB this way, 265 KB written out in full. A
 *  translation's dictionary shares nothing (every sharedPrefixes[i] is 0): it costs about 10 KB more,
 *  and the reader takes the section as it is instead of spending milliseconds of a first verse
 *  expanding it. */
export interface WordDictionarySections {
  readonly dictionary: Uint8Array;
  readonly sharedPrefixes: Uint8Array;
  readonly suffixLengths: Uint8Array;
  /** the numbers of the entries that are not words (punctuation runs: fewer than the words) */
  readonly separators: ArrayLike<number>;
  readonly wordCoding: WordCodeLayout;
}

const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/** A dictionary from its sections: the entries written out in full, once, when a pack is opened. */
export function readDictionary(sections: WordDictionarySections): WordDictionary {
  const { dictionary: suffixes, sharedPrefixes, suffixLengths, separators, wordCoding: layout } = sections;
  // The layout comes from a JSON section: anything but lead bytes in order would decode to wrong text
  // or fail far from the cause.
  const { oneByte, threeByteLead } = layout ?? {};
  if (
    !(
      Number.isInteger(oneByte) &&
      Number.isInteger(threeByteLead) &&
      1 <= oneByte &&
      oneByte <= threeByteLead &&
      threeByteLead <= 256
    )
  )
    throw new RangeError('its word coding layout is not lead bytes in order');
  const count = suffixLengths.length;
  if (sharedPrefixes.length !== count) throw new RangeError('the dictionary has a prefix length per entry missing');
  const starts = new Uint32Array(count + 1);
  let suffixBytes = 0;
  let end = 0;
  let i = 0;
  // It runs cold on a translation's first verse, where a loop's steps cost more than their work: four
  // lengths a step, read as one 32-bit word, take a KJV dictionary's 13,600 entries in about a third
  // of the time of one a step (whose loop the engine also stops to optimize). Where nothing is shared
  // (a translation's dictionary) that is the whole pass; otherwise the plain pass below redoes it.
  const quads =
    LITTLE_ENDIAN && suffixLengths.byteOffset % 4 === 0 && sharedPrefixes.byteOffset % 4 === 0 ? count >> 2 : 0;
  if (quads) {
    const lengths = new Uint32Array(suffixLengths.buffer, suffixLengths.byteOffset, quads);
    const shared = new Uint32Array(sharedPrefixes.buffer, sharedPrefixes.byteOffset, quads);
    let anyShared = 0;
    for (let q = 0, at = 0; q < quads; q++) {
      const four = lengths[q];
      anyShared |= shared[q];
      starts[++at] = end += four & 0xff;
      starts[++at] = end += (four >>> 8) & 0xff;
      starts[++at] = end += (four >>> 16) & 0xff;
      starts[++at] = end += four >>> 24;
    }
    if (anyShared) end = 0;
    else {
      suffixBytes = end;
      i = quads << 2;
    }
  }
  for (; i < count; ) {
    const length = suffixLengths[i];
    suffixBytes += length;
    end += sharedPrefixes[i] + length;
    starts[++i] = end;
  }
  if (suffixBytes !== suffixes.length) throw new RangeError('the dictionary entry lengths do not add up to its size');
  // Nothing shared (a translation's dictionary, written out in full): the section is the entries as
  // they are, with no copy and nothing to check.
  if (end === suffixBytes) return { bytes: suffixes, starts, ...entryFlags(suffixes, starts, separators), layout };
  const bytes = new Uint8Array(end);
  for (let i = 0, from = 0; i < count; i++) {
    const at = starts[i];
    const shared = sharedPrefixes[i];
    if (shared > at - (i > 0 ? starts[i - 1] : 0))
      throw new RangeError(`dictionary entry ${i} shares more than the entry before it has`);
    // The decoder leaves room for an entry of this length at most (an entry written out in full has
    // only a byte for its length, so only a shared prefix can make one longer).
    if (starts[i + 1] - at > MAX_ENTRY_BYTES)
      throw new RangeError(`dictionary entry ${i} is longer than ${MAX_ENTRY_BYTES} bytes`);
    if (shared) bytes.copyWithin(at, starts[i - 1], starts[i - 1] + shared);
    bytes.set(suffixes.subarray(from, from + suffixLengths[i]), at + shared);
    from += suffixLengths[i];
  }
  return { bytes, starts, ...entryFlags(bytes, starts, separators), layout };
}

/** Which entries are words (all but the separators listed), and the newlines each separator holds. */
function entryFlags(
  bytes: Uint8Array,
  starts: Uint32Array,
  separators: ArrayLike<number>,
): { isWord: Uint8Array; newlines: Uint8Array } {
  const count = starts.length - 1;
  const isWord = new Uint8Array(count).fill(1);
  const newlines = new Uint8Array(count);
  let separatorNewlines = 0;
  for (let i = 0; i < separators.length; i++) {
    const id = separators[i];
    if (id >= count) throw new RangeError(`separator entry ${id} is beyond the dictionary`);
    if (!isWord[id]) continue;
    isWord[id] = 0;
    let k = 0;
    for (let b = starts[id]; b < starts[id + 1]; b++) if (bytes[b] === 0x0a) k++;
    newlines[id] = k;
    separatorNewlines += k;
  }
  // Lines are counted by the separators' newlines alone (decodeLines): a newline inside a word entry
  // would make a chapter read apart from its block answer other lines than the block read whole.
  // A native search finds the dictionary's few newlines at once.
  let allNewlines = 0;
  for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, at + 1)) allNewlines++;
  if (allNewlines !== separatorNewlines) throw new RangeError('a word entry of the dictionary holds a newline');
  return { isWord, newlines };
}

/** How many blocks a process decodes with one native copy an entry (see decodeWords). */
const BLOCKS_DECODED_BY_COPY = 2;
let blocksDecoded = 0;

/** Decodes one block of codes to the UTF-8 bytes of its text, in one pass. Throws a RangeError on a cut
 *  code or one beyond the dictionary. `byCopy` chooses how entries are copied, for the same bytes: the
 *  first blocks a process decodes run before V8 has optimized this loop, where a native copy an entry
 *  (copyWithin, from the dictionary placed ahead of the text in one buffer) takes John's KJV block in
 *  about half the time of a byte loop; once optimized, the byte loop is two to three times faster (and
 *  copies no dictionary), which a first search, decoding every block of a translation, needs. */
export function decodeWords(
  codes: Uint8Array,
  dictionary: WordDictionary,
  byCopy = blocksDecoded++ < BLOCKS_DECODED_BY_COPY,
): Uint8Array {
  const { bytes, starts, isWord } = dictionary;
  const { oneByte, threeByteLead } = dictionary.layout;
  const twoBytes = twoByteCapacity(dictionary.layout);
  const size = isWord.length;
  const n = codes.length;
  const textStart = byCopy ? bytes.length : 0;
  // Text runs about three times its codes; the buffer grows when a block runs longer. Room is kept for
  // the longest entry and its space, so one comparison a code decides whether to grow.
  let out = new Uint8Array(textStart + n * 4 + 64 + MAX_ENTRY_BYTES + 1);
  let full = out.length - MAX_ENTRY_BYTES - 1;
  if (byCopy) out.set(bytes);
  let at = textStart;
  let previousWord = 0;
  let i = 0;
  while (i < n) {
    let id = codes[i++];
    // One-byte codes, the common words, first: one comparison decides them.
    if (id >= oneByte) {
      const lead = id;
      if (lead >= threeByteLead) {
        if (i + 1 >= n) throw new RangeError('a code is cut short');
        id = oneByte + twoBytes + (((lead - threeByteLead) << 16) | (codes[i] << 8) | codes[i + 1]);
        i += 2;
      } else {
        if (i >= n) throw new RangeError('a code is cut short');
        id = oneByte + (((lead - oneByte) << 8) | codes[i++]);
      }
    }
    if (id >= size) throw new RangeError(`code ${id} is beyond the dictionary`);
    if (at > full) {
      const grown = new Uint8Array(out.length * 2);
      grown.set(out.subarray(0, at));
      out = grown;
      full = out.length - MAX_ENTRY_BYTES - 1;
    }
    const word = isWord[id];
    if (word & previousWord) out[at++] = 0x20;
    const from = starts[id];
    const to = starts[id + 1];
    if (byCopy) {
      out.copyWithin(at, from, to);
      at += to - from;
    } else for (let b = from; b < to; b++) out[at++] = bytes[b];
    previousWord = word;
  }
  // The text alone, copied when the dictionary leads it: a reader that keeps decoded blocks should not
  // keep the dictionary with each.
  return byCopy ? out.slice(textStart, at) : out.subarray(0, at);
}

/**
 * Lines [firstLine, firstLine + lineCount) of a block of `blockLines` newline-ended lines, each with its
 * newline, decoded to UTF-8 bytes; null when the block does not hold `blockLines` lines as lineStarts
 * counts them (its last line may lack its newline). Only those lines are decoded; the rest of the block
 * is walked, each code checked as decodeWords checks it, so a damaged block fails here as it fails
 * decoded whole. A verse read while the engine is cold decodes its chapter rather than its block, where
 * each decoded code costs several times a walked one. Throws a RangeError for lines outside the block,
 * on a cut code or one beyond the dictionary. It reads codes inline, as decodeWords does, rather than
 * through decodeEntryNumbers and a second pass over the numbers: cold, on John's KJV block, that took
 * 2.5 ms against this 1.6 (medians of seven fresh processes).
 */
export function decodeLines(
  codes: Uint8Array,
  dictionary: WordDictionary,
  firstLine: number,
  lineCount: number,
  blockLines: number,
): Uint8Array | null {
  const lastLine = firstLine + lineCount;
  if (!(Number.isInteger(firstLine) && Number.isInteger(lineCount) && firstLine >= 0 && lineCount > 0))
    throw new RangeError(`lines ${firstLine} + ${lineCount} are not a range of lines`);
  if (!(Number.isInteger(blockLines) && lastLine <= blockLines))
    throw new RangeError(`lines ${firstLine} + ${lineCount} are not within a block of ${blockLines}`);
  const { newlines } = dictionary;
  const { oneByte, threeByteLead } = dictionary.layout;
  const twoBytes = twoByteCapacity(dictionary.layout);
  const size = newlines.length;
  const n = codes.length;
  // Decoding starts at the code whose entry holds the newline ending the line before firstLine (a
  // separator, so no space is implied before it), skipping `skip` newlines of its output, and ends
  // after the code whose entry holds the last line's newline, which may hold `extra` newlines more.
  let from = 0;
  let skip = 0;
  let to = -1;
  let extra = 0;
  let seen = 0;
  // where the code holding the last newline so far starts
  let lastNewlineAt = 0;
  let i = 0;
  while (i < n) {
    const at = i;
    const lead = codes[i++];
    let id = lead;
    if (lead >= threeByteLead) {
      if (i + 1 >= n) throw new RangeError('a code is cut short');
      id = oneByte + twoBytes + (((lead - threeByteLead) << 16) | (codes[i] << 8) | codes[i + 1]);
      i += 2;
    } else if (lead >= oneByte) {
      if (i >= n) throw new RangeError('a code is cut short');
      id = oneByte + (((lead - oneByte) << 8) | codes[i++]);
    }
    if (id >= size) throw new RangeError(`code ${id} is beyond the dictionary`);
    const k = newlines[id];
    if (k) {
      if (seen < firstLine && seen + k >= firstLine) {
        from = at;
        skip = firstLine - seen;
      }
      if (seen < lastLine && seen + k >= lastLine) {
        to = i;
        extra = seen + k - lastLine;
      }
      seen += k;
      lastNewlineAt = at;
    }
  }
  // lineStarts' count: as many newlines as lines with nothing after the last, or one fewer (the last
  // line runs to the block's end, and is then the one asked for, decoded to the end).
  if (!(seen === blockLines - 1 || (seen === blockLines && !textAfter(codes.subarray(lastNewlineAt), dictionary))))
    return null;
  const toBlockEnd = to < 0;
  const text = decodeWords(codes.subarray(from, toBlockEnd ? n : to), dictionary);
  let start = 0;
  for (let left = skip; left > 0; start++) if (text[start] === 0x0a) left--;
  // The last code's entry may go on past the last line's newline: further newlines, or the start of
  // the next line, as in "\n(".
  let end = text.length;
  if (!toBlockEnd) for (let left = extra + 1; ; end--) if (text[end - 1] === 0x0a && --left === 0) break;
  return text.subarray(start, end);
}

/** Whether the text of some codes, the first holding a newline, runs on after that entry's last newline. */
function textAfter(codes: Uint8Array, dictionary: WordDictionary): boolean {
  const text = decodeWords(codes, dictionary, false);
  return text[text.length - 1] !== 0x0a;
}

/** The sections of a word-coded text, as a pack stores them beside the blocks of codes. */
export interface WordCodedSource {
  readonly name: string;
  readonly json: (section: 'wordCoding') => WordCodeLayout;
  readonly bytes: (section: 'dictionary' | 'sharedPrefixes' | 'suffixLengths') => Uint8Array;
  readonly u32: (section: 'separators') => Uint32Array;
  readonly blocks: (section: 'text') => Blocks;
}

/** A word-coded text's dictionary, read from its pack; `fail` makes the error for one that does not fit. */
export function packDictionary(pack: WordCodedSource, fail: (why: string) => Error): WordDictionary {
  try {
    return readDictionary({
      dictionary: pack.bytes('dictionary'),
      sharedPrefixes: pack.bytes('sharedPrefixes'),
      suffixLengths: pack.bytes('suffixLengths'),
      separators: pack.u32('separators'),
      wordCoding: pack.json('wordCoding'),
    });
  } catch (error) {
    if (error instanceof RangeError) throw fail(error.message);
    throw error;
  }
}

/** A word-coded text's blocks: read(i) decodes block i whole, readLines(i, first, count, blockLines)
 *  some of its newline-ended lines, or null when the block does not hold blockLines lines (see
 *  decodeLines). */
export interface WordCodedBlocks extends Blocks {
  readLines(i: number, firstLine: number, lineCount: number, blockLines: number): Uint8Array | null;
}

/** A word-coded text's blocks, each decoded to its UTF-8 bytes when read (nothing is cached here). */
export function wordCodedBlocks(pack: WordCodedSource, fail: (why: string) => Error): WordCodedBlocks {
  const dictionary = packDictionary(pack, fail);
  const codes = pack.blocks('text');
  const decoded = <T>(i: number, decode: (block: Uint8Array) => T): T => {
    const block = codes.read(i);
    try {
      return decode(block);
    } catch (error) {
      if (error instanceof RangeError) throw fail(`block ${i} of its text: ${error.message}`);
      throw error;
    }
  };
  return {
    count: codes.count,
    length: (i) => codes.length(i),
    read: (i) => decoded(i, (block) => decodeWords(block, dictionary)),
    readLines: (i, firstLine, lineCount, blockLines) =>
      decoded(i, (block) => decodeLines(block, dictionary, firstLine, lineCount, blockLines)),
  };
}

/** The dictionary entry numbers a block of codes holds, in order (for readers that work on entries,
 *  not text: the search index), written into `into` when it has room (a block holds at most one entry
 *  per code byte). Throws a RangeError on a cut code or one beyond the dictionary. decodeWords reads
 *  codes the same way inline rather than through this: a separate pass made a cold first block (the
 *  first verse's) about a quarter slower, 2.8 against 2.2 ms. */
export function decodeEntryNumbers(codes: Uint8Array, dictionary: WordDictionary, into?: Uint32Array): Uint32Array {
  const { oneByte, threeByteLead } = dictionary.layout;
  const twoBytes = twoByteCapacity(dictionary.layout);
  const size = dictionary.isWord.length;
  const n = codes.length;
  const out = into && into.length >= n ? into : new Uint32Array(n);
  let count = 0;
  let i = 0;
  while (i < n) {
    const lead = codes[i++];
    let id = lead;
    if (lead >= threeByteLead) {
      if (i + 1 >= n) throw new RangeError('a code is cut short');
      id = oneByte + twoBytes + (((lead - threeByteLead) << 16) | (codes[i] << 8) | codes[i + 1]);
      i += 2;
    } else if (lead >= oneByte) {
      if (i >= n) throw new RangeError('a code is cut short');
      id = oneByte + (((lead - oneByte) << 8) | codes[i++]);
    }
    if (id >= size) throw new RangeError(`code ${id} is beyond the dictionary`);
    out[count++] = id;
  }
  return out.subarray(0, count);
}
