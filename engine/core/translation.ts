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

  const missing = new Set(info.missing);
  const ids = new Uint32Array(versification.verseCount - info.missing.length + info.extra.length);
  {
    const extra = [...info.extra].sort((a, b) => a - b);
    let e = 0;
    let n = 0;
    for (let ordinal = 0; ordinal < versification.verseCount; ordinal++) {
      const id = versification.idOf(ordinal);
      while (e < extra.length && extra[e] < id) ids[n++] = extra[e++];
      if (!missing.has(id)) ids[n++] = id;
    }
    while (e < extra.length) ids[n++] = extra[e++];
    if (n !== ids.length) throw new Error(`pack '${pack.name}': verse list does not match its info`);
  }

  // Verses are newline-separated in the blob (smaller than storing offsets); find the starts once.
  const starts = new Uint32Array(ids.length + 1);
  {
    let at = 0;
    for (let i = 0; i < ids.length; i++) {
      starts[i] = at;
      const end = text.indexOf('\n', at);
      at = end === -1 ? text.length : end + 1;
    }
    starts[ids.length] = text.length + 1;
    if (at !== text.length && at !== text.length + 1) throw new Error(`pack '${pack.name}': text does not match its verse list`);
  }

  // Grid slot -> position, so a lookup is two array reads; the few extra verses use a map.
  const positionByOrdinal = new Int32Array(versification.verseCount).fill(-1);
  const extraPosition = new Map<number, number>();
  for (let i = 0; i < ids.length; i++) {
    const { book, chapter, verse } = splitVerseId(ids[i]);
    const ordinal = versification.ordinalOf(book, chapter, verse);
    if (ordinal >= 0) positionByOrdinal[ordinal] = i; else extraPosition.set(ids[i], i);
  }

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
