// The words of Jesus in the KJV module: CrossWire marks them `<q marker="" who="Jesus">…</q>` inside each
// verse (red-letter editions print them red). The OSIS text filter drops that markup, so the verses are
// found here in the raw module entries instead; the text the engine serves is unchanged.
import { readSwordRaw } from './sword-ztext.ts';
import type { ChapterVerseTable } from './types.ts';
import { composeVerseId } from '../../engine/core/ids.ts';

const JESUS_SPEAKS = /<q\b[^>]*\bwho="Jesus"/;

/** Verse ids (b*1e6+c*1e3+v) of the KJV verses holding words of Jesus, in canonical order. */
export function readKjvRedLetterVerses(zipPath: string, kjvChapterVerses: ChapterVerseTable): number[] {
  const { verses } = readSwordRaw(zipPath, kjvChapterVerses);
  const ids: number[] = [];
  for (const { book, chapter, verse, raw } of verses) {
    if (JESUS_SPEAKS.test(raw)) ids.push(composeVerseId(book, chapter, verse));
  }
  return ids;
}
