// Shared by the readers' unit tests: files from inline text, and the markup invariants every reader keeps.
import { expect } from 'vitest';
import type { ImportedText, ImportedVerse, SourceFile } from '../types.ts';

export function file(path: string, text: string): SourceFile {
  return { path, bytes: new TextEncoder().encode(text) };
}

export function verseAt(result: ImportedText, book: number, chapter: number, verse: number): ImportedVerse | undefined {
  return result.verses.find((v) => v.book === book && v.chapter === chapter && v.verse === verse);
}

/** Offsets within the text, sorted; spans of one style never overlap; text clean and never empty. */
export function expectConsistentMarkup(verse: ImportedVerse): void {
  const { text, markup } = verse;
  expect(text).not.toBe('');
  expect(text).toBe(text.trim());
  expect(text).not.toMatch(/\s{2}|[\t\n\r\u00b6]/);
  if (!markup) return;
  const within = (at: number) => at >= 0 && at <= text.length;
  for (const list of [markup.breaks ?? [], markup.blocks ?? [], markup.notes ?? []]) {
    const ats = list.map((entry) => entry.at);
    expect(ats.every(within)).toBe(true);
    expect([...ats].sort((a, b) => a - b)).toEqual(ats);
  }
  const spans = markup.spans ?? [];
  expect(spans.every((s) => within(s.from) && within(s.to) && s.from < s.to)).toBe(true);
  expect(spans.map((s) => s.from)).toEqual([...spans.map((s) => s.from)].sort((a, b) => a - b));
  for (const style of new Set(spans.map((s) => s.style))) {
    const own = spans.filter((s) => s.style === style);
    for (let i = 1; i < own.length; i++) expect(own[i].from).toBeGreaterThanOrEqual(own[i - 1].to);
  }
}
