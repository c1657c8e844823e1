// One pass over GetOriginalText for every KJV verse, so the tests can compare the lexicon's counts and
// the Strong's search with a plain count over the compiled text.
import type { TypedBible } from '../../engine/core/engine.ts';

export interface Scan {
  /** KJV verseIds (numbers) in canonical order */
  verseIds: number[];
  /** words per verseId */
  words: Map<number, number>;
  /** "H430" -> number of words carrying it */
  count: Map<string, number>;
  /** "H430" -> verseIds, ascending */
  verses: Map<string, number[]>;
}

/** Letters and points only: cantillation (U+0591-05AF) removed, NFC, for comparing with plain text. */
export const plain = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0591-\u05AF\u05BD]/g, '')
    .normalize('NFC');

export async function scan(b: TypedBible): Promise<Scan> {
  await b.load(['original-ot', 'original-nt', 'lexicon']);
  const { versification } = b.meta;
  const result: Scan = { verseIds: [], words: new Map(), count: new Map(), verses: new Map() };
  for (let ordinal = 0; ordinal < versification.verseCount; ordinal++) {
    const id = versification.idOf(ordinal);
    result.verseIds.push(id);
    const rows = b.callSync('GetOriginalText', { verseId: String(id).padStart(8, '0') }) as unknown as {
      strongs: string;
    }[];
    result.words.set(id, rows.length);
    const letter = Math.floor(id / 1_000_000) <= 39 ? 'H' : 'G';
    for (const row of rows) {
      if (!row.strongs) continue;
      for (const n of new Set(row.strongs.split('+'))) {
        const key = letter + n;
        result.count.set(key, (result.count.get(key) ?? 0) + 1);
        const list = result.verses.get(key) ?? [];
        if (list[list.length - 1] !== id) list.push(id);
        result.verses.set(key, list);
      }
    }
  }
  return result;
}
