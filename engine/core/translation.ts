// A translation's text, as loaded from its pack: the verse list in canonical order, one string holding
// every verse, and string offsets. A translation mostly fills the KJV grid; `missing` names grid slots it
// leaves empty and `extra` the verses it has beyond the grid (own verse splits).
import type { Pack } from './pack/reader.ts';
import { splitVerseId, type Versification } from './versification.ts';
import { countWords } from './words.ts';

export interface TextPackInfo {
  versionId: string;
  /** KJV-grid verseIds (b*1e6+c*1e3+v) this translation leaves empty */
  missing: number[];
  /** verseIds this translation has beyond the KJV grid */
  extra: number[];
  /** verses the source marks as damaged or incomplete */
  incomplete: { verseId: number; reason: string }[];
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
export function lowerBound(sorted: Uint32Array, target: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < target) lo = mid + 1; else hi = mid;
  }
  return lo;
}

export function loadTranslation(pack: Pack, versification: Versification): TranslationData {
  const info = pack.json<TextPackInfo>('info');
  const text = pack.text('text');

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
    while (e < extra.length && extra[e] < id) { extraPosition.set(extra[e], n); ids[n++] = extra[e++]; }
    if (missing.has(id)) continue;
    positionByOrdinal[ordinal] = n;
    ids[n++] = id;
  }
  while (e < extra.length) { extraPosition.set(extra[e], n); ids[n++] = extra[e++]; }
  if (n !== ids.length) throw new Error(`pack '${pack.name}': verse list does not match its info`);

  // Verses are newline-separated in the blob (smaller than storing offsets); find the starts once.
  const starts = new Uint32Array(ids.length + 1);
  let at = 0;
  for (let i = 0; i < ids.length; i++) {
    starts[i] = at;
    const end = text.indexOf('\n', at);
    at = end === -1 ? text.length + 1 : end + 1;
  }
  starts[ids.length] = text.length + 1;
  if (at !== text.length + 1) throw new Error(`pack '${pack.name}': text does not match its verse list`);

  let counts: Uint16Array | null = null;
  const textAt = (index: number) => text.slice(starts[index], starts[index + 1] - 1);
  const range = (from: number, to: number): [number, number] => [lowerBound(ids, from), lowerBound(ids, to)];

  return {
    versionId: info.versionId,
    info,
    ids,
    size: ids.length,
    indexOf(verseId) {
      const { book, chapter, verse } = splitVerseId(verseId);
      const ordinal = versification.ordinalOf(book, chapter, verse);
      return ordinal >= 0 ? positionByOrdinal[ordinal] : extraPosition.get(verseId) ?? -1;
    },
    textAt,
    chapterRange: (book, chapter) => range(book * 1_000_000 + chapter * 1_000, book * 1_000_000 + (chapter + 1) * 1_000),
    bookRange: (book) => range(book * 1_000_000, (book + 1) * 1_000_000),
    wordCounts() {
      if (!counts) {
        counts = new Uint16Array(ids.length);
        for (let i = 0; i < ids.length; i++) counts[i] = countWords(textAt(i));
      }
      return counts;
    },
  };
}
