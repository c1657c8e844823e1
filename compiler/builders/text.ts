// One text pack per translation (engine/import/text-pack.ts writes its sections, for `bible import` too).
import { TRANSLATIONS } from '../../sources/catalog.ts';
import type { Builder, BuiltPack } from './context.ts';
import { verseIdOf } from '../../engine/core/ids.ts';
import { TEXT_PACK } from '../../engine/core/pack/schemas.ts';
import { textPackSections } from '../../engine/import/text-pack.ts';

export { chapterRunBlocks, TEXT_BLOCK_BYTES } from '../../engine/import/text-pack.ts';

export const textBuilder: Builder = {
  name: 'text',
  build(ctx) {
    const packs: BuiltPack[] = [];
    for (const entry of TRANSLATIONS) {
      const { verses, incomplete = [] } = ctx.translation(entry);
      packs.push({
        name: TEXT_PACK.name(entry.versionId),
        datasets: [entry.id],
        sections: textPackSections(
          entry.versionId,
          verses,
          ctx.kjvChapterVerses,
          incomplete.map((x) => ({ verseId: verseIdOf(x), reason: x.reason })),
        ),
      });
    }
    return packs;
  },
};

/** A translation's own chapter/verse counts: the verses it has text for, so GetVerseCount always equals
 *  the length of GetChapter (ASV Matt 17 has 26: its 17:21 is only a margin note). */
export function ownChapterVerses(verses: { book: number; chapter: number; verse: number }[]): number[][] {
  const table: number[][] = Array.from({ length: 66 }, () => []);
  for (const v of verses) {
    const chapters = table[v.book - 1];
    while (chapters.length < v.chapter) chapters.push(0);
    chapters[v.chapter - 1] += 1;
  }
  return table;
}

/** The number of each chapter's last verse in a translation: GetVerseCount's lastVerse, which is larger
 *  than the count where verses are omitted (ASV Matt 17 ends at 27 with 26 verses). */
export function ownLastVerses(verses: { book: number; chapter: number; verse: number }[]): number[][] {
  const table: number[][] = Array.from({ length: 66 }, () => []);
  for (const v of verses) {
    const chapters = table[v.book - 1];
    while (chapters.length < v.chapter) chapters.push(0);
    chapters[v.chapter - 1] = Math.max(chapters[v.chapter - 1], v.verse);
  }
  return table;
}
