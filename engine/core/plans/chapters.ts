// The chapters a Bible reading plan walks through: every KJV chapter in canonical order with its
// bookAndChapterId and its word count (the GetWordCountOfChapter rule), counted once per loaded text.
import type { Meta } from '../meta.ts';
import type { TranslationData } from '../translation.ts';
import { formatBookAndChapterId } from '../ids.ts';
import { perPackAnd } from '../pack/per-pack.ts';

export type Sections = 'OT' | 'NT' | 'OT+NT';

export interface ChapterTable {
  /** bookAndChapterIds in canonical order */
  ids: readonly string[];
  words: Uint32Array;
  /** index of the first New Testament chapter */
  ntStart: number;
}

const tables = perPackAnd((text: TranslationData, meta: Meta): ChapterTable => {
  const counts = text.wordCounts();
  const ids: string[] = [];
  const words = new Uint32Array(meta.versification.chapterCount);
  let ntStart = -1;
  meta.versification.chapterVerses.forEach((chapters, b) => {
    if (ntStart < 0 && meta.books[b].testament === 'NT') ntStart = ids.length;
    for (let c = 1; c <= chapters.length; c++) {
      const [first, end] = text.chapterRange(b + 1, c);
      let total = 0;
      for (let i = first; i < end; i++) total += counts[i];
      words[ids.length] = total;
      ids.push(formatBookAndChapterId(b + 1, c));
    }
  });
  return { ids, words, ntStart };
});

export const chapterTable = (meta: Meta, text: TranslationData): ChapterTable => tables(text, meta);

/** [first, end) chapter indexes of a section. */
export function sectionRange(table: ChapterTable, sections: Sections): [number, number] {
  if (sections === 'OT') return [0, table.ntStart];
  if (sections === 'NT') return [table.ntStart, table.ids.length];
  return [0, table.ids.length];
}
