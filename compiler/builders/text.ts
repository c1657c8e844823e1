// One text pack per translation: the verse list as differences from the KJV grid, and every verse's
// text joined by newlines (smaller than storing offsets; the engine finds the starts on load).
import { TRANSLATIONS } from '../../sources/catalog.ts';
import type { Builder, BuiltPack } from './context.ts';
import { composeVerseId, verseIdOf } from '../../engine/core/ids.ts';
import { sectionsOf } from '../pack/writer.ts';
import { TEXT_PACK } from '../../engine/core/pack/schemas.ts';

const encoder = new TextEncoder();
const utf8Length = (s: string) => encoder.encode(s).length;

export const textBuilder: Builder = {
  name: 'text',
  build(ctx) {
    const packs: BuiltPack[] = [];
    for (const entry of TRANSLATIONS) {
      const { verses, incomplete = [] } = ctx.translation(entry);
      const have = new Set(verses.map(verseIdOf));
      const grid = new Set<number>();
      const missing: number[] = [];
      ctx.kjvChapterVerses.forEach((chapters, b) => {
        chapters.forEach((count, c) => {
          for (let v = 1; v <= count; v++) {
            const id = composeVerseId(b + 1, c + 1, v);
            grid.add(id);
            if (!have.has(id)) missing.push(id);
          }
        });
      });
      const ordered = [...verses].sort((a, b) => verseIdOf(a) - verseIdOf(b));
      const extra = ordered.map(verseIdOf).filter((id) => !grid.has(id));
      for (const v of ordered) {
        if (!v.text || /[\n\r]/.test(v.text))
          throw new Error(`${entry.id} ${v.book}.${v.chapter}.${v.verse}: verse text is empty or has a line break`);
      }
      // NFC: the SVD source puts shadda before the vowel; canonical order lets callers compare strings.
      const lines = ordered.map((v) => v.text.normalize('NFC'));
      // Where each book starts in the UTF-8 text, so the engine can decode one book at a time.
      const bookBytes: number[] = [];
      let byte = 0;
      ordered.forEach((v, i) => {
        while (bookBytes.length < v.book) bookBytes.push(byte);
        byte += utf8Length(lines[i]) + 1;
      });
      while (bookBytes.length < 67) bookBytes.push(byte);
      packs.push({
        name: TEXT_PACK.name(entry.versionId),
        datasets: [entry.id],
        compression: 'zopfli',
        sections: sectionsOf(TEXT_PACK, {
          info: {
            versionId: entry.versionId,
            missing,
            extra,
            incomplete: incomplete.map((x) => ({ verseId: verseIdOf(x), reason: x.reason })),
            bookBytes,
          },
          text: lines.join('\n'),
        }),
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
