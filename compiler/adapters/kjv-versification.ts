// The KJV chapter/verse table is not stored in the SWORD modules, so we derive it from the 1611 USFM
// files: the highest \v per chapter of the 66 canonical books reproduces the standard KJV table exactly
// (corpus provenance, bibles.md). Ps 18 and 54 lack \v 1 there, which does not change the maxima.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { bookByUsfm } from '../../sources/books.ts';
import type { ChapterVerseTable } from './types.ts';

export function readKjvChapterVerses(kjv1611Dir: string): ChapterVerseTable {
  const table: ChapterVerseTable = Array.from({ length: 66 }, () => []);
  for (const file of readdirSync(kjv1611Dir)
    .filter((f) => /\.usfm$/i.test(f))
    .sort()) {
    const source = readFileSync(join(kjv1611Dir, file), 'utf8');
    const code = /^\\id\s+(\S+)/m.exec(source)?.[1];
    const book = code ? bookByUsfm.get(code) : undefined;
    if (!book) continue; // preface and apocrypha
    const chapters = table[book.number - 1];
    let chapter = 0;
    for (const match of source.matchAll(/\\([cv])\s+(\d+)/g)) {
      const n = Number(match[2]);
      if (match[1] === 'c') {
        chapter = n;
        chapters[chapter - 1] ??= 0;
      } else if (chapter > 0) chapters[chapter - 1] = Math.max(chapters[chapter - 1] ?? 0, n);
    }
  }
  const verses = table.flat().reduce((a, b) => a + b, 0);
  const chapters = table.reduce((a, c) => a + c.length, 0);
  if (chapters !== 1189 || verses !== 31102) {
    throw new Error(
      `KJV versification from ${kjv1611Dir} gave ${chapters} chapters and ${verses} verses; expected 1189 and 31102`,
    );
  }
  return table;
}
