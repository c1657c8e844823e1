// What an import holds, counted the way the import report counts it.
import type { ImportedText } from '../../engine/import/types.ts';

export interface ImportCounts {
  books: number;
  chapters: number;
  verses: number;
  headings: number;
  titles: number;
  notes: number;
  poetryLines: number;
  paragraphs: number;
  wordsOfJesus: number;
  added: number;
  divineName: number;
  unknownMarkers: number;
}

export function countImport(result: ImportedText): ImportCounts {
  const counts: ImportCounts = {
    books: result.books.length,
    chapters: new Set(result.verses.map((v) => v.book * 1000 + v.chapter)).size,
    verses: result.verses.length,
    headings: 0,
    titles: 0,
    notes: 0,
    poetryLines: 0,
    paragraphs: 0,
    wordsOfJesus: 0,
    added: 0,
    divineName: 0,
    unknownMarkers: Object.values(result.unknownMarkers).reduce((a, b) => a + b, 0),
  };
  for (const { markup } of result.verses) {
    if (!markup) continue;
    for (const { block } of markup.blocks ?? []) {
      if (block.type === 'heading') counts.headings++;
      else if (block.type === 'title') counts.titles++;
      else counts.notes++;
    }
    counts.notes += markup.notes?.length ?? 0;
    for (const b of markup.breaks ?? []) b.block === 'poetry' ? counts.poetryLines++ : counts.paragraphs++;
    for (const s of markup.spans ?? []) {
      if (s.style === 'wj') counts.wordsOfJesus++;
      else if (s.style === 'add') counts.added++;
      else if (s.style === 'nd') counts.divineName++;
    }
  }
  return counts;
}
