// A loaded original-language text (original-ot or original-nt): per KJV verse a run of word rows held
// as columns. See compiler/builders/original.ts for how the columns are written.
import type { PackOf } from '../pack/schema.ts';
import type { ORIGINAL_PACK } from '../pack/schemas.ts';
import { loadStrings, type StringTable } from './strings.ts';
import { perPack } from '../pack/per-pack.ts';
import type { OriginalTextInfo } from '../pack/contents.ts';

export type { OriginalTextInfo } from '../pack/contents.ts';

export interface OriginalText {
  readonly info: OriginalTextInfo;
  /** [first, end) word positions of a KJV ordinal's verse; [0, 0] outside this testament */
  wordRange(ordinal: number): [number, number];
  form(word: number): string;
  /** the word's Strong's numbers (usually one; none for a bare Hebrew prefix) */
  strongs(word: number): readonly number[];
  morph(word: number): string;
  morphExpanded(word: number): string;
  connected(word: number): string;
  notes(word: number): string;
  /** name of the weekly portion a KJV ordinal falls in ('' outside the Torah) */
  parashah(ordinal: number): string;
}

const NONE: readonly number[] = Object.freeze([]);
export const originalText: (pack: PackOf<typeof ORIGINAL_PACK>) => OriginalText = perPack(loadOriginalText);

function loadOriginalText(pack: PackOf<typeof ORIGINAL_PACK>): OriginalText {
  const info = pack.json('info');
  const strings: StringTable = loadStrings(pack);
  const verseWords = pack.bytes('verseWords');
  if (verseWords.length !== info.verseCount)
    throw new Error(`pack '${pack.name}': verse table does not match its info`);
  const starts = new Uint32Array(info.verseCount + 1);
  for (let i = 0; i < info.verseCount; i++) starts[i + 1] = starts[i] + verseWords[i];
  const form = pack.u32('form');
  const strongs = pack.u16('strongs');
  const morph = pack.u16('morph');
  const connected = pack.u16('connected');
  if (starts[info.verseCount] !== form.length || form.length !== info.wordCount)
    throw new Error(`pack '${pack.name}': word columns do not match the verse table`);
  const morphs = pack.json('morphs');
  const connectedValues = pack.json('connectedValues');
  const sparse = (words: 'noteWord' | 'multiWord', texts: 'noteText' | 'multiText') => {
    const w = pack.u32(words);
    const t = pack.u32(texts);
    return new Map<number, number>(Array.from(w, (word, i) => [word, t[i]]));
  };
  const notes = sparse('noteWord', 'noteText');
  const multi = new Map<number, readonly number[]>(
    [...sparse('multiWord', 'multiText')].map(([w, s]) => [w, Object.freeze(strings(s).split('+').map(Number))]),
  );
  const single: (readonly number[])[] = [];
  const parashot = info.parashot ?? [];

  return {
    info,
    wordRange(ordinal) {
      const i = ordinal - info.firstOrdinal;
      return i >= 0 && i < info.verseCount ? [starts[i], starts[i + 1]] : [0, 0];
    },
    form: (w) => strings(form[w]),
    strongs(w) {
      const many = multi.get(w);
      if (many) return many;
      const n = strongs[w];
      return n === 0 ? NONE : (single[n] ??= Object.freeze([n]));
    },
    morph: (w) => morphs[morph[w]][0],
    morphExpanded: (w) => morphs[morph[w]][1],
    connected: (w) => connectedValues[connected[w]],
    notes: (w) => {
      const s = notes.get(w);
      return s === undefined ? '' : strings(s);
    },
    parashah(ordinal) {
      if (!parashot.length || ordinal < parashot[0].start) return '';
      let lo = 0;
      let hi = parashot.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1;
        if (parashot[mid].start <= ordinal) lo = mid;
        else hi = mid - 1;
      }
      // The last portion ends with Deuteronomy; the caller only asks within the Torah.
      return parashot[lo].name;
    },
  };
}
