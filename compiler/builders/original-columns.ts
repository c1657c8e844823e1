// The word columns of an original-language pack (original-ot, original-nt): per word a u32 string index
// (surface form), a u16 Strong's number, a u16 morph index and a u16 "connected" index; strings are
// interned once in a table (one UTF-8 blob plus UTF-16 start offsets, so the engine decodes the blob once
// and slices). Notes are sparse (word index -> string). Each word's Strong's numbers are counted as they
// are written, for the lexicon and the Strong's index.
import { bookOf, composeVerseId } from '../../engine/core/ids.ts';
import type { BuildContext, BuiltPack } from './context.ts';
import { sectionsOf } from '../pack/writer.ts';
import { ORIGINAL_PACK } from '../../engine/core/pack/schemas.ts';
import type { OriginalTextInfo } from '../../engine/core/pack/contents.ts';

/** Interns strings: index 0 is always the empty string. */
class StringTable {
  private readonly index = new Map<string, number>([['', 0]]);
  private readonly list: string[] = [''];
  add(s: string): number {
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.list.length;
      this.list.push(s);
      this.index.set(s, i);
    }
    return i;
  }
  get size() {
    return this.list.length;
  }
  /** the blob and each string's UTF-16 length (the engine sums them into offsets once) */
  sections(): { stringsText: string; stringsLength: Uint16Array } {
    const lengths = new Uint16Array(this.list.length);
    this.list.forEach((s, i) => {
      if (s.length > 0xffff) throw new Error(`string table: a string of ${s.length} characters is too long`);
      lengths[i] = s.length;
    });
    return { stringsText: this.list.join(''), stringsLength: lengths };
  }
}

/** One word row as both testaments share it. */
export interface WordRow {
  form: string;
  strongs: number[];
  morph: string;
  connected: string;
  notes: string[];
}

export interface Testament {
  name: string;
  firstBook: number;
  lastBook: number;
  /** rows per KJV verseId */
  verses: Map<number, WordRow[]>;
  morphExpansion: (code: string) => string;
  incomplete: { verseId: number; reason: string }[];
  datasets: string[];
  extra?: Record<string, unknown>;
}

/** KJV ordinal helpers over the build's chapter/verse table. */
export function grid(ctx: BuildContext) {
  const ids: number[] = [];
  ctx.kjvChapterVerses.forEach((chapters, b) => {
    chapters.forEach((n, c) => {
      for (let v = 1; v <= n; v++) ids.push(composeVerseId(b + 1, c + 1, v));
    });
  });
  const ordinal = new Map(ids.map((id, i) => [id, i]));
  return { ids, ordinal };
}

export type KjvGrid = ReturnType<typeof grid>;

/** Where each Strong's number occurs: how often, its first verse id, and its verses as KJV ordinals. */
export interface Occurrences {
  count: Map<number, number>;
  first: Map<number, number>;
  verses: Map<number, number[]>;
}

/** The columns of one testament's words as they are written, verse by verse. */
interface WordColumns {
  strings: StringTable;
  morphs: Map<string, number>;
  morphList: [string, string][];
  connectedIndex: Map<string, number>;
  form: number[];
  strongs: number[];
  morph: number[];
  connected: number[];
  noteWord: number[];
  noteText: number[];
  multiWord: number[];
  multiText: number[];
}

const emptyColumns = (): WordColumns => ({
  strings: new StringTable(),
  morphs: new Map(),
  morphList: [],
  connectedIndex: new Map([['', 0]]),
  form: [],
  strongs: [],
  morph: [],
  connected: [],
  noteWord: [],
  noteText: [],
  multiWord: [],
  multiText: [],
});

/** The morphology code's index, adding it with its expansion when it is new. */
function morphIndex(columns: WordColumns, t: Testament, code: string): number {
  let m = columns.morphs.get(code);
  if (m === undefined) {
    m = columns.morphList.length;
    columns.morphs.set(code, m);
    columns.morphList.push([code, t.morphExpansion(code)]);
  }
  return m;
}

/** The "connected" value's index, adding it when it is new. */
function connectedIndexOf(columns: WordColumns, value: string): number {
  let c = columns.connectedIndex.get(value);
  if (c === undefined) {
    c = columns.connectedIndex.size;
    columns.connectedIndex.set(value, c);
  }
  return c;
}

/** Appends one word row to every column. */
function addWordRow(columns: WordColumns, t: Testament, row: WordRow): void {
  const w = columns.form.length;
  columns.form.push(columns.strings.add(row.form));
  const primary = row.strongs[0] ?? 0;
  if (primary > 0xffff) throw new Error(`${t.name}: Strong's number ${primary} does not fit the u16 column`);
  columns.strongs.push(primary);
  if (row.strongs.length > 1) {
    columns.multiWord.push(w);
    columns.multiText.push(columns.strings.add(row.strongs.join('+')));
  }
  columns.morph.push(morphIndex(columns, t, row.morph));
  columns.connected.push(connectedIndexOf(columns, row.connected));
  if (row.notes.length) {
    columns.noteWord.push(w);
    columns.noteText.push(columns.strings.add(row.notes.join(' | ')));
  }
}

/** Counts each of a word's Strong's numbers once, in the verse `id` at KJV `ordinal`. */
function countOccurrences(occ: Occurrences, numbers: number[], id: number, ordinal: number): void {
  for (const n of new Set(numbers)) {
    occ.count.set(n, (occ.count.get(n) ?? 0) + 1);
    if (!occ.first.has(n)) occ.first.set(n, id);
    const list = occ.verses.get(n) ?? [];
    if (list[list.length - 1] !== ordinal) list.push(ordinal);
    occ.verses.set(n, list);
  }
}

/** The testament's KJV verse ids, in order; fails when it has words for a verse the KJV lacks. */
function testamentVerseIds(t: Testament, g: KjvGrid): number[] {
  for (const id of t.verses.keys())
    if (!g.ordinal.has(id)) throw new Error(`${t.name}: words for ${id}, which is not a KJV verse`);
  return g.ids.filter((id) => {
    const b = bookOf(id);
    return b >= t.firstBook && b <= t.lastBook;
  });
}

/** The pack's sections from its finished columns. */
function originalSections(columns: WordColumns, verseWords: Uint8Array, info: OriginalTextInfo): BuiltPack['sections'] {
  return sectionsOf(ORIGINAL_PACK, {
    info,
    verseWords,
    form: Uint32Array.from(columns.form),
    strongs: Uint16Array.from(columns.strongs),
    morph: Uint16Array.from(columns.morph),
    connected: Uint16Array.from(columns.connected),
    noteWord: Uint32Array.from(columns.noteWord),
    noteText: Uint32Array.from(columns.noteText),
    multiWord: Uint32Array.from(columns.multiWord),
    multiText: Uint32Array.from(columns.multiText),
    morphs: columns.morphList,
    connectedValues: [...columns.connectedIndex.keys()],
    ...columns.strings.sections(),
  });
}

/** One testament's pack; its words' Strong's numbers are counted into `occ` on the way. */
export function testamentPack(
  t: Testament,
  g: KjvGrid,
  idBase: number,
  occ: Occurrences,
  extra: Record<string, unknown>,
): { pack: BuiltPack; words: number } {
  const columns = emptyColumns();
  const ids = testamentVerseIds(t, g);
  const firstOrdinal = g.ordinal.get(ids[0])!;
  const verseWords = new Uint8Array(ids.length);
  const missing: number[] = [];
  ids.forEach((id, i) => {
    const rows = t.verses.get(id) ?? [];
    if (!rows.length) missing.push(id);
    if (rows.length > 255) throw new Error(`${t.name}: verse ${id} has ${rows.length} words, more than a byte holds`);
    verseWords[i] = rows.length;
    for (const row of rows) {
      addWordRow(columns, t, row);
      countOccurrences(occ, row.strongs, id, firstOrdinal + i);
    }
  });
  if (columns.morphList.length > 0xffff || columns.connectedIndex.size > 0xffff)
    throw new Error(`${t.name}: too many distinct morphology codes`);
  const wordCount = columns.form.length;
  const info = {
    firstBook: t.firstBook,
    lastBook: t.lastBook,
    firstOrdinal,
    verseCount: ids.length,
    wordCount,
    idBase,
    missing,
    incomplete: t.incomplete,
    ...extra,
  };
  return {
    words: wordCount,
    pack: { name: t.name, datasets: t.datasets, sections: originalSections(columns, verseWords, info) },
  };
}
