// A translation's text, as loaded from its pack: the verse list in canonical order and the verse text,
// decoded one book at a time on first use (so the first verse costs one book, not the whole Bible).
// A translation mostly fills the KJV grid; `missing` names grid slots it leaves empty and `extra` the
// verses it has beyond the grid (own verse splits).
import { packUnusable } from './pack/reader.ts';
import type { PackOf } from './pack/schema.ts';
import type { TEXT_PACK } from './pack/schemas.ts';
import { strictUtf8Decoder } from './utf8.ts';
import { bookOf, chapterOf, composeVerseId, verseOf } from './ids.ts';
import type { Versification } from './versification.ts';
import { countWords } from './words.ts';

export interface TextPackInfo {
  versionId: string;
  /** KJV-grid verse id numbers (ids.ts) this translation leaves empty */
  missing: number[];
  /** verseIds this translation has beyond the KJV grid */
  extra: number[];
  /** verses the source marks as damaged or incomplete */
  incomplete: { verseId: number; reason: string }[];
  /** byte offset in the text section where each book starts (index book - 1), then the text length + 1 */
  bookBytes: number[];
}

export interface TranslationData {
  readonly versionId: string;
  readonly info: TextPackInfo;
  /** verseIds in canonical order */
  readonly ids: Uint32Array;
  readonly size: number;
  /** position of a verseId in ids, or -1 */
  indexOf(verseId: number): number;
  textAt(index: number): string;
  /** [first, end) positions of the verses of a chapter (empty range when the chapter has none) */
  chapterRange(book: number, chapter: number): [number, number];
  bookRange(book: number): [number, number];
  /** word count per verse position, computed on first use */
  wordCounts(): Uint16Array;
}

/** First position in a sorted array whose value is >= target. */
export function lowerBound<T extends number | string>(sorted: ArrayLike<T>, target: T): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const decodeUtf8 = strictUtf8Decoder();

/**
 * Where each of `count` newline-separated lines starts, plus a final entry one past the last line's
 * newline (so line i is text.slice(starts[i], starts[i + 1] - 1)); null when the text does not hold
 * exactly `count` lines (a trailing newline is allowed).
 */
export function lineStarts(text: string, count: number): Uint32Array | null {
  const starts = new Uint32Array(count + 1);
  let at = 0;
  for (let i = 0; i < count; i++) {
    starts[i] = at;
    const end = text.indexOf('\n', at);
    at = end === -1 ? text.length + 1 : end + 1;
  }
  if (at !== text.length + 1 && at !== text.length) return null;
  starts[count] = at;
  return starts;
}

export function loadTranslation(pack: PackOf<typeof TEXT_PACK>, versification: Versification): TranslationData {
  const info = pack.json('info');
  const bytes = pack.utf8Bytes('text');
  const bookBytes = info.bookBytes;
  const broken = (why: string) => packUnusable(pack.name, why);
  if (!Array.isArray(bookBytes) || bookBytes.length !== 67 || bookBytes[66] !== bytes.length + 1)
    throw broken('its book offsets do not match its text');

  // Rebuild the verse list from the KJV grid and the pack's differences, noting each grid slot's
  // position as we go, so a lookup is two array reads; the few extra verses use a map.
  const missing = new Set(info.missing);
  const extra = [...info.extra].sort((a, b) => a - b);
  const ids = new Uint32Array(versification.verseCount - info.missing.length + extra.length);
  const positionByOrdinal = new Int32Array(versification.verseCount).fill(-1);
  const extraPosition = new Map<number, number>();
  let n = 0;
  let e = 0;
  for (let ordinal = 0; ordinal < versification.verseCount; ordinal++) {
    const id = versification.idOf(ordinal);
    while (e < extra.length && extra[e] < id) {
      extraPosition.set(extra[e], n);
      ids[n++] = extra[e++];
    }
    if (missing.has(id)) continue;
    positionByOrdinal[ordinal] = n;
    ids[n++] = id;
  }
  while (e < extra.length) {
    extraPosition.set(extra[e], n);
    ids[n++] = extra[e++];
  }
  if (n !== ids.length) throw broken('its verse list does not match its info');

  const range = (from: number, to: number): [number, number] => [lowerBound(ids, from), lowerBound(ids, to)];
  const bookFirst = new Uint32Array(68);
  for (let book = 1; book <= 67; book++) bookFirst[book] = lowerBound(ids, composeVerseId(book, 0, 0));

  // Each book's verses are newline-separated in the text (smaller than storing offsets): decode a book
  // and find its verse starts the first time one of its verses is read.
  const bookText: string[] = new Array(67);
  const bookStarts: Uint32Array[] = new Array(67);
  const loadBook = (book: number): void => {
    let text: string;
    try {
      text = decodeUtf8(bytes.subarray(bookBytes[book - 1], Math.min(bookBytes[book], bytes.length)));
    } catch {
      throw broken(`the text of book ${book} is not valid UTF-8`);
    }
    const starts = lineStarts(text, bookFirst[book + 1] - bookFirst[book]);
    if (!starts) throw broken(`the text of book ${book} does not match its verse list`);
    bookText[book] = text;
    bookStarts[book] = starts;
  };
  const textAt = (index: number): string => {
    const book = bookOf(ids[index]);
    if (bookText[book] === undefined) loadBook(book);
    const starts = bookStarts[book];
    const local = index - bookFirst[book];
    return bookText[book].slice(starts[local], starts[local + 1] - 1);
  };

  let counts: Uint16Array | null = null;
  return {
    versionId: info.versionId,
    info,
    ids,
    size: ids.length,
    indexOf(verseId) {
      const ordinal = versification.ordinalOf(bookOf(verseId), chapterOf(verseId), verseOf(verseId));
      return ordinal >= 0 ? positionByOrdinal[ordinal] : (extraPosition.get(verseId) ?? -1);
    },
    textAt,
    chapterRange: (book, chapter) => range(composeVerseId(book, chapter, 0), composeVerseId(book, chapter + 1, 0)),
    bookRange: (book) => [bookFirst[book], bookFirst[book + 1]],
    wordCounts() {
      if (!counts) {
        counts = new Uint16Array(ids.length);
        for (let i = 0; i < ids.length; i++) counts[i] = countWords(textAt(i));
      }
      return counts;
    },
  };
}
