// Writing a translation's structure pack: what its source's markup adds to the flat verses, one line per
// verse in the text pack's order. The compiler writes the built-in translations' with it and `bible
// import` an imported one's, so both are read by the same code (packs.ts). Platform-free.
import { verseIdOf } from '../ids.ts';
import type { StructureCounts } from '../pack/schemas.ts';
import { STRUCTURE_PACK } from '../pack/schemas.ts';
import { type SectionValue, sectionsOf } from '../pack/writer.ts';
import { encodeVerseMarkup } from './codec.ts';
import type { StructureSummary, VerseMarkup } from './model.ts';

/** A verse as the structure writer takes it: its place, its flat text and what markup adds to it. */
export interface MarkedSourceVerse {
  book: number;
  chapter: number;
  verse: number;
  text: string;
  markup?: VerseMarkup;
}

/** The books a structure pack has a block for: the 66 of the KJV canon. */
const BOOK_COUNT = 66;

/** A verse's markup ready to store: breaks at its very end (a paragraph mark before the next verse's
 *  number) moved to the start of the next verse of the chapter, or dropped at a chapter's end. */
export function settledMarkup(verses: readonly MarkedSourceVerse[]): (VerseMarkup | undefined)[] {
  const markups = verses.map((v) => v.markup && { ...v.markup });
  for (let i = 0; i < verses.length; i++) {
    const markup = markups[i];
    const trailing = markup?.breaks?.filter((b) => b.at >= verses[i].text.length) ?? [];
    if (!markup || trailing.length === 0) continue;
    markup.breaks = markup.breaks!.filter((b) => b.at < verses[i].text.length);
    if (markup.breaks.length === 0) delete markup.breaks;
    if (Object.keys(markup).length === 0) markups[i] = undefined;
    const next = verses[i + 1];
    if (!next || next.book !== verses[i].book || next.chapter !== verses[i].chapter) continue;
    const opening = { ...trailing[trailing.length - 1], at: 0 };
    const following = { ...markups[i + 1] };
    // The next verse's own break at its start, if it has one, is the later word and wins.
    if (!following.breaks?.some((b) => b.at === 0)) following.breaks = [opening, ...(following.breaks ?? [])];
    markups[i + 1] = following;
  }
  return markups;
}

/** What a translation's markup holds, counted. */
export function countMarkup(markups: readonly (VerseMarkup | undefined)[]): StructureCounts {
  const counts: StructureCounts = {
    wordsOfJesus: 0,
    added: 0,
    divineName: 0,
    titles: 0,
    notes: 0,
    paragraphs: 0,
    poetryLines: 0,
  };
  for (const m of markups) {
    if (!m) continue;
    for (const s of m.spans ?? []) {
      if (s.style === 'wj') counts.wordsOfJesus++;
      else if (s.style === 'add') counts.added++;
      else if (s.style === 'nd') counts.divineName++;
      else counts.titles++;
    }
    for (const b of m.blocks ?? []) {
      if (b.block.type === 'title') counts.titles++;
      else if (b.block.type === 'note') counts.notes++;
    }
    counts.notes += m.notes?.length ?? 0;
    for (const b of m.breaks ?? []) {
      if (b.block === 'poetry') counts.poetryLines++;
      else counts.paragraphs++;
    }
  }
  return counts;
}

/** Headings a translation's own markup carries. */
export const countHeadings = (markups: readonly (VerseMarkup | undefined)[]): number =>
  markups.reduce((n, m) => n + (m?.blocks?.filter((b) => b.block.type === 'heading').length ?? 0), 0);

/** GetVersions' `structure`: what a translation's source marks. `headingSource` names where its headings
 *  come from: a dataset put over it, or "source" for the headings of its own file. */
export function summaryOf(counts: StructureCounts, headingSource: string, headings = true): StructureSummary {
  return {
    headings,
    paragraphs: counts.paragraphs > 0,
    poetry: counts.poetryLines > 0,
    notes: counts.notes > 0,
    titles: counts.titles > 0,
    wordsOfJesus: counts.wordsOfJesus > 0,
    added: counts.added > 0,
    divineName: counts.divineName > 0,
    headingSource,
  };
}

/** A translation's verses in the text pack's order (verse id) with their settled markup. */
export function markedVerses<V extends MarkedSourceVerse>(verses: readonly V[]) {
  const ordered = [...verses].sort((a, b) => verseIdOf(a) - verseIdOf(b));
  for (const v of ordered) {
    // The text pack stores NFC; offsets are only good where that changes nothing.
    if (v.markup && v.text.normalize('NFC') !== v.text)
      throw new Error(`${v.book}.${v.chapter}.${v.verse}: markup on a verse that NFC changes`);
  }
  return { ordered, markups: settledMarkup(ordered) };
}

export interface StructurePackOptions {
  headingSource: string;
  /** whether the translation has headings (the shared headings pack gives the built-ins theirs); by
   *  default, whether its own markup has any */
  headings?: boolean;
}

/** The structure pack's sections for one translation, with the counts of what it holds. */
export function structurePackSections(
  versionId: string,
  verses: readonly MarkedSourceVerse[],
  options: StructurePackOptions,
): { sections: Record<string, SectionValue>; counts: StructureCounts; summary: StructureSummary; headings: number } {
  const { ordered, markups } = markedVerses(verses);
  const bookStarts: number[] = [];
  const lines: string[][] = [];
  for (let book = 1; book <= BOOK_COUNT; book++) {
    bookStarts.push(ordered.findIndex((v) => v.book >= book));
    lines.push([]);
  }
  bookStarts.push(ordered.length);
  for (let b = BOOK_COUNT - 1; b >= 0; b--) if (bookStarts[b] < 0) bookStarts[b] = bookStarts[b + 1];
  for (let i = 0; i < ordered.length; i++) lines[ordered[i].book - 1].push(encodeVerseMarkup(markups[i]));
  const counts = countMarkup(markups);
  const headings = countHeadings(markups);
  const summary = summaryOf(counts, options.headingSource, options.headings ?? headings > 0);
  return {
    sections: sectionsOf(STRUCTURE_PACK, {
      info: { versionId, summary, counts },
      bookStarts,
      // A book's verses with no markup after its last marked one are left off (a reader finds no line and
      // reads no markup): a book of unmarked verses is an empty block, not one stored newline per verse.
      markup: lines.map((l) => l.join('\n').replace(/\n+$/, '')),
    }),
    counts,
    summary,
    headings,
  };
}
