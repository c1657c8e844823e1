// The structured form of each built-in translation: a `structure-<id>` pack of what its source's markup
// adds to the flat verses (the adapters record it beside the text, compiler/adapters/markup-recorder.ts),
// and one `headings` pack of the BSB section headings that stand over all of them. The packs store
// offsets into the text pack's verses and only the words that are not in them (notes, titles kept apart).
import { TRANSLATIONS } from '../../sources/catalog.ts';
import { BOOKS } from '../../sources/books.ts';
import type { Builder, BuiltPack } from './context.ts';
import type { VerseRecord } from '../adapters/types.ts';
import { readSections } from '../adapters/curated-study.ts';
import { gridOf } from './study-common.ts';
import { verseIdOf } from '../../engine/core/ids.ts';
import { sectionsOf } from '../pack/writer.ts';
import { HEADINGS_PACK, STRUCTURE_PACK, type StructureCounts } from '../../engine/core/pack/schemas.ts';
import { encodeVerseMarkup, type HeadingRow } from '../../engine/core/structure/codec.ts';
import type { StructureSummary, VerseMarkup } from '../../engine/core/structure/model.ts';

export const HEADINGS_DATASET = 'bsb-headings';
/** How the headings' source is named in answers (HeadingBlock.source). */
export const HEADING_SOURCE = 'bsb-pericopes';

/** A verse's markup ready to store: breaks at its very end (a paragraph mark before the next verse's
 *  number) moved to the start of the next verse of the chapter, or dropped at a chapter's end. */
export function settledMarkup(verses: readonly VerseRecord[]): (VerseMarkup | undefined)[] {
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

/** GetVersions' `structure`: what a translation's source marks, with the headings every one is given. */
export function summaryOf(counts: StructureCounts): StructureSummary {
  return {
    headings: true,
    paragraphs: counts.paragraphs > 0,
    poetry: counts.poetryLines > 0,
    notes: counts.notes > 0,
    titles: counts.titles > 0,
    wordsOfJesus: counts.wordsOfJesus > 0,
    added: counts.added > 0,
    divineName: counts.divineName > 0,
    headingSource: HEADING_SOURCE,
  };
}

/** A translation's verses in the text pack's order with their settled markup. */
export function markedVerses(verses: readonly VerseRecord[]) {
  const ordered = [...verses].sort((a, b) => verseIdOf(a) - verseIdOf(b));
  for (const v of ordered) {
    // The text pack stores NFC; offsets are only good where that changes nothing.
    if (v.markup && v.text.normalize('NFC') !== v.text)
      throw new Error(`${v.book}.${v.chapter}.${v.verse}: markup on a verse that NFC changes`);
  }
  return { ordered, markups: settledMarkup(ordered) };
}

/** The structure pack of one translation: per book, one line per verse up to its last marked one. */
export function structurePack(versionId: string, datasetId: string, verses: readonly VerseRecord[]): BuiltPack {
  const { ordered, markups } = markedVerses(verses);
  const bookStarts: number[] = [];
  const lines: string[][] = [];
  for (const book of BOOKS) {
    bookStarts.push(ordered.findIndex((v) => v.book >= book.number));
    lines.push([]);
  }
  bookStarts.push(ordered.length);
  for (let b = BOOKS.length - 1; b >= 0; b--) if (bookStarts[b] < 0) bookStarts[b] = bookStarts[b + 1];
  for (let i = 0; i < ordered.length; i++) lines[ordered[i].book - 1].push(encodeVerseMarkup(markups[i]));
  const counts = countMarkup(markups);
  return {
    name: STRUCTURE_PACK.name(versionId),
    datasets: [datasetId],
    sections: sectionsOf(STRUCTURE_PACK, {
      info: { versionId, summary: summaryOf(counts), counts },
      bookStarts,
      // A book's verses with no markup after its last marked one are left off (a reader finds no line and
      // reads no markup): a book of unmarked verses is an empty block, not one stored newline per verse.
      markup: lines.map((l) => l.join('\n').replace(/\n+$/, '')),
    }),
  };
}

/** The BSB headings as rows, by start verse and then level (a Psalter book's "BOOK I" before Psalm 1's). */
export function headingRows(path: string, grid: ReturnType<typeof gridOf>): HeadingRow[] {
  const rows: { row: HeadingRow; level: number }[] = [];
  for (const level of [0, 1, 2]) {
    for (const s of readSections(path, grid, level).sections) {
      // BSB's level 0 is a major division (the Psalter's five books): a main heading like level 1.
      const row: HeadingRow = [s.start, Math.max(1, level), s.title];
      if (s.related.length) row.push(s.related);
      rows.push({ row, level });
    }
  }
  rows.sort((a, b) => a.row[0] - b.row[0] || a.level - b.level);
  return rows.map((r) => r.row);
}

export const structureBuilder: Builder = {
  name: 'structure',
  build(ctx) {
    const packs: BuiltPack[] = [];
    for (const entry of TRANSLATIONS)
      packs.push(structurePack(entry.versionId, entry.id, ctx.translation(entry).verses));
    packs.push({
      name: HEADINGS_PACK.name,
      datasets: [HEADINGS_DATASET],
      sections: sectionsOf(HEADINGS_PACK, {
        source: HEADING_SOURCE,
        headings: headingRows(ctx.source(HEADINGS_DATASET), gridOf(ctx)),
      }),
    });
    return packs;
  },
};
