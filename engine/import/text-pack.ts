// A translation's text pack, from its verses in any numbering: the verse list as differences from the
// KJV grid (the grid slots it leaves empty, the verses it has beyond it), and every verse's text joined
// by newlines (smaller than storing offsets; the engine finds the starts when it reads a block),
// word-coded in blocks of a run of chapters. The compiler's text builder and `bible import` both write
// text packs with this, so a built-in and an imported translation are read by the same code.
import { composeVerseId, verseIdOf } from '../core/ids.ts';
import { TEXT_PACK } from '../core/pack/schemas.ts';
import { readDictionary } from '../core/pack/word-coding.ts';
import { utf8Length, wordCodedSections } from '../core/pack/word-encoder.ts';
import { type SectionValue, sectionsOf } from '../core/pack/writer.ts';
import { searchEntrySections } from '../core/search/text-index.ts';

/**
 * Text per block, in UTF-8 bytes: a block ends at the first chapter end past this size, and always at a
 * book's end. Reading a verse decodes its block: about 32 KB keeps that under a few milliseconds in a
 * cold process, while DEFLATE still has enough text to find repeats in (KJV, word-coded: 0.92 MB in
 * blocks of 32 KB, 0.95 MB of 16 KB, 0.98 MB of 8 KB, 0.88 MB in one block per book).
 */
export const TEXT_BLOCK_BYTES = 32_000;

/** Verses cut into blocks of whole chapters: each block's text and the position of its first verse. */
export function chapterRunBlocks(
  verses: readonly { book: number; chapter: number }[],
  lines: readonly string[],
): { blocks: string[]; blockStarts: number[] } {
  const blocks: string[] = [];
  const blockStarts: number[] = [];
  let first = 0;
  let bytes = 0;
  for (let i = 0; i < verses.length; i++) {
    bytes += utf8Length(lines[i]) + 1;
    const next = verses[i + 1];
    const bookEnds = !next || next.book !== verses[i].book;
    const chapterEnds = bookEnds || next.chapter !== verses[i].chapter;
    if (bookEnds || (chapterEnds && bytes >= TEXT_BLOCK_BYTES)) {
      blocks.push(lines.slice(first, i + 1).join('\n'));
      blockStarts.push(first);
      first = i + 1;
      bytes = 0;
    }
  }
  blockStarts.push(verses.length);
  return { blocks, blockStarts };
}

export interface TextPackVerse {
  book: number;
  chapter: number;
  verse: number;
  text: string;
}

/**
 * A text pack's sections. `verses` may come in any order and any numbering (one verse per id); the KJV
 * grid is `kjvChapterVerses` (the meta pack's versification). A verse with no text or a line break is
 * refused, naming it.
 */
export function textPackSections(
  versionId: string,
  verses: readonly TextPackVerse[],
  kjvChapterVerses: readonly (readonly number[])[],
  incomplete: readonly { verseId: number; reason: string }[] = [],
  importId?: string,
): Record<string, SectionValue> {
  const have = new Set(verses.map(verseIdOf));
  if (have.size !== verses.length) throw new Error(`${versionId}: a verse is given twice`);
  const grid = new Set<number>();
  const missing: number[] = [];
  kjvChapterVerses.forEach((chapters, b) => {
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
      throw new Error(`${versionId} ${v.book}.${v.chapter}.${v.verse}: verse text is empty or has a line break`);
  }
  // NFC: the SVD source puts shadda before the vowel; canonical order lets callers compare strings.
  const lines = ordered.map((v) => v.text.normalize('NFC'));
  const { blocks, blockStarts } = chapterRunBlocks(ordered, lines);
  const coded = wordCodedSections(blocks, { frontCoded: false });
  return sectionsOf(TEXT_PACK, {
    info: { versionId, missing, extra, incomplete: [...incomplete], ...(importId ? { importId } : {}) },
    blockStarts,
    ...coded,
    ...searchEntrySections(readDictionary(coded), lines),
  });
}

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
