// The structured form of each built-in translation: a `structure-<id>` pack of what its source's markup
// adds to the flat verses (the adapters record it beside the text, compiler/adapters/markup-recorder.ts),
// and one `headings` pack of the BSB section headings that stand over all of them. The packs store
// offsets into the text pack's verses and only the words that are not in them (notes, titles kept apart).
import { TRANSLATIONS } from '../../sources/catalog.ts';
import type { Builder, BuiltPack } from './context.ts';
import type { VerseRecord } from '../adapters/types.ts';
import { readSections } from '../adapters/curated-study.ts';
import { gridOf } from './study-common.ts';
import { sectionsOf } from '../pack/writer.ts';
import { HEADINGS_PACK, STRUCTURE_PACK } from '../../engine/core/pack/schemas.ts';
import type { HeadingRow } from '../../engine/core/structure/codec.ts';
import { structurePackSections } from '../../engine/core/structure/writer.ts';

export const HEADINGS_DATASET = 'bsb-headings';
/** How the headings' source is named in answers (HeadingBlock.source). */
export const HEADING_SOURCE = 'bsb-pericopes';

/** The structure pack of one translation. */
export function structurePack(versionId: string, datasetId: string, verses: readonly VerseRecord[]): BuiltPack {
  return {
    name: STRUCTURE_PACK.name(versionId),
    datasets: [datasetId],
    sections: structurePackSections(versionId, verses, { headingSource: HEADING_SOURCE, headings: true }).sections,
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
