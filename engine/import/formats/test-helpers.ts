// Shared by the readers' unit tests: files from inline text, and the markup invariants every reader keeps.
import { expect } from 'vitest';
import type { ImportedText, ImportedVerse, SourceFile } from '../types.ts';

export function file(path: string, text: string): SourceFile {
  return { path, bytes: new TextEncoder().encode(text) };
}

export function verseAt(result: ImportedText, book: number, chapter: number, verse: number): ImportedVerse | undefined {
  return result.verses.find((v) => v.book === book && v.chapter === chapter && v.verse === verse);
}

function isSorted(values: number[]): boolean {
  return values.every((v, i) => i === 0 || values[i - 1] <= v);
}

/** What breaks the readers' promise for one verse, or undefined: offsets within the text and sorted,
 *  spans of one style never overlapping, text clean (trimmed, single spaces, no pilcrow) and never empty. */
export function markupProblem(verse: ImportedVerse): string | undefined {
  const { text, markup } = verse;
  const where = `${verse.book} ${verse.chapter}:${verse.verse}`;
  if (text === '') return `${where}: empty text`;
  if (text !== text.trim() || /\s{2}|[\t\n\r\u00b6]/.test(text))
    return `${where}: text not clean: ${JSON.stringify(text)}`;
  if (!markup) return undefined;
  const within = (at: number) => Number.isInteger(at) && at >= 0 && at <= text.length;
  for (const [name, list] of Object.entries({
    breaks: markup.breaks ?? [],
    blocks: markup.blocks ?? [],
    notes: markup.notes ?? [],
  })) {
    const ats = list.map((entry) => entry.at);
    if (!ats.every(within) || !isSorted(ats)) return `${where}: ${name} offsets ${ats} outside or unsorted`;
  }
  const spans = markup.spans ?? [];
  if (!spans.every((s) => within(s.from) && within(s.to) && s.from < s.to)) return `${where}: a span outside the text`;
  if (!isSorted(spans.map((s) => s.from))) return `${where}: spans unsorted`;
  for (const style of new Set(spans.map((s) => s.style))) {
    const own = spans.filter((s) => s.style === style);
    for (let i = 1; i < own.length; i++) if (own[i].from < own[i - 1].to) return `${where}: ${style} spans overlap`;
  }
  return undefined;
}

export function expectConsistentMarkup(verse: ImportedVerse): void {
  expect(markupProblem(verse)).toBeUndefined();
}

/** Every verse's problem, for one assertion over a whole Bible. */
export function markupProblems(verses: ImportedVerse[]): string[] {
  return verses.map(markupProblem).filter((p): p is string => p !== undefined);
}
