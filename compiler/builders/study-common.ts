// What the study builders share: the KJV text by verse id, the KJV grid, the English book names (the
// same scrollmapper list the meta pack serves, so citations read like GetBooks), and citation formatting.
import { TRANSLATIONS } from '../../sources/catalog.ts';
import { kjvGrid, type KjvGrid } from '../adapters/kjv-grid.ts';
import type { BuildContext } from './context.ts';
import { bookOf, chapterOf, composeVerseId, verseOf } from '../../engine/core/ids.ts';
import { readScrollmapperNames } from '../adapters/book-names.ts';

const KJV = TRANSLATIONS.find((t) => t.id === 'kjv')!;

export function kjvTextById(ctx: BuildContext): Map<number, string> {
  return new Map(ctx.translation(KJV).verses.map((v) => [composeVerseId(v.book, v.chapter, v.verse), v.text]));
}

export const gridOf = (ctx: BuildContext): KjvGrid => kjvGrid(ctx.kjvChapterVerses);

/** English book names by number (index 0 = Genesis), from names/scrollmapper/key_english.csv. */
export function englishBookNames(ctx: BuildContext): string[] {
  const names = readScrollmapperNames(ctx.source('names-scrollmapper')).books.map((b) => b.name);
  if (names.length !== 66) throw new Error(`key_english.csv has ${names.length} books, expected 66`);
  return names;
}

/**
 * A citation for verse ids of one book: "Romans 12:9-10, 17", "Genesis 4:5-5:3", or "Ecclesiastes 1"
 * for a whole chapter. Ids must be sorted.
 */
export function formatCitation(names: string[], grid: KjvGrid, ids: number[], wholeChapter = false): string {
  const book = bookOf(ids[0]);
  if (wholeChapter) return `${names[book - 1]} ${chapterOf(ids[0])}`;
  const runs: [number, number][] = [];
  for (const id of ids) {
    const last = runs[runs.length - 1];
    if (last && grid.ordinalOfId(id) === grid.ordinalOfId(last[1]) + 1) last[1] = id;
    else runs.push([id, id]);
  }
  let out = '';
  let chapter = 0;
  for (const [first, last] of runs) {
    const c1 = chapterOf(first);
    const head = c1 === chapter ? `, ${verseOf(first)}` : `${out ? '; ' : ''}${c1}:${verseOf(first)}`;
    const tail =
      last === first ? '' : chapterOf(last) === c1 ? `-${verseOf(last)}` : `-${chapterOf(last)}:${verseOf(last)}`;
    out += head + tail;
    chapter = chapterOf(last);
  }
  return `${names[book - 1]} ${out}`;
}
