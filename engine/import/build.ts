// An imported text turned into packs: its text pack in its own numbering (the layout every translation
// has), and its `imported-<id>` pack (its record, book names, licence and map to the KJV grid), with the
// report of what was imported. Platform-free: the host reads the files and writes the packs.
import { verseIdOf } from '../core/ids.ts';
import type { ImportedTranslationInfo } from '../core/pack/contents.ts';
import { crc32 } from '../core/pack/crc32.ts';
import { IMPORTED_PACK, STRUCTURE_PACK, type StructureCounts, TEXT_PACK } from '../core/pack/schemas.ts';
import { structurePackSections } from '../core/structure/writer.ts';
import { type SectionValue, sectionsOf } from '../core/pack/writer.ts';
import { type KjvMap, mapToKjvGrid, type VersificationChoice } from './kjv-map.ts';
import { ownChapterVerses, ownLastVerses, textPackSections } from './text-pack.ts';
import type { ImportedText, ImportedVerse, ImportWarning } from './types.ts';
import type { VersificationMaps } from './versification.ts';

/** No book of any tradition has more chapters (Psalms: 150, 151 in some) or a chapter more verses (Psalm
 *  119: 176); a number past these is a damaged or hostile file, reported and left out. */
export const MAX_CHAPTER = 151;
export const MAX_VERSE = 200;

export interface ImportOptions {
  id: string;
  /** GetVersions' version_id */
  number: number;
  /** the file or folder as the user named it */
  source: string;
  name?: string;
  abbreviation?: string;
  language?: string;
  versification?: VersificationChoice;
  license?: string;
}

export interface ImportReport {
  id: string;
  number: number;
  name: string;
  abbreviation: string;
  language: string;
  format: string;
  source: string;
  books: number;
  bookCodes: string[];
  chapters: number;
  verses: number;
  headings: number;
  notes: number;
  poetryLines: number;
  versification: { name: string; reason: string };
  /** own verses that map to no KJV verse ("JHN 5:4" style, in own numbers) */
  unmapped: string[];
  unknownMarkers: Record<string, number>;
  warnings: ImportWarning[];
  /** the rights statement recorded, or null when the file and the command line state none */
  license: string | null;
}

export interface BuiltImport {
  packs: { name: string; sections: Record<string, SectionValue> }[];
  report: ImportReport;
}

const place = (codes: Map<number, string>, v: { book: number; chapter: number; verse: number }) =>
  `${codes.get(v.book) ?? v.book} ${v.chapter}:${v.verse}`;

/** The verses that can be stored: in the canon, numbered in range, each once (the first kept). A verse
 *  carries no file of its own, so a warning names the source as the user named it (the file, or the
 *  folder or zip of files) and the verse by book, chapter and verse. */
function storableVerses(
  text: ImportedText,
  codes: Map<number, string>,
  warnings: ImportWarning[],
  file: string,
): ImportedVerse[] {
  const seen = new Set<number>();
  const kept: ImportedVerse[] = [];
  for (const v of text.verses) {
    if (!(Number.isInteger(v.book) && v.book >= 1 && v.book <= 66)) {
      warnings.push({ file, place: `book ${v.book}`, message: 'a book outside the 66 of the KJV canon; left out' });
      continue;
    }
    if (!(Number.isInteger(v.chapter) && v.chapter >= 1 && v.chapter <= MAX_CHAPTER)) {
      warnings.push({
        file,
        place: place(codes, v),
        message: `chapter ${v.chapter} is out of range (1-${MAX_CHAPTER}); left out`,
      });
      continue;
    }
    if (!(Number.isInteger(v.verse) && v.verse >= 1 && v.verse <= MAX_VERSE)) {
      warnings.push({
        file,
        place: place(codes, v),
        message: `verse ${v.verse} is out of range (1-${MAX_VERSE}); left out`,
      });
      continue;
    }
    const clean = v.text.replace(/\s+/g, ' ').trim();
    if (!clean) {
      warnings.push({ file, place: place(codes, v), message: 'the verse has no text; left out' });
      continue;
    }
    const id = verseIdOf(v);
    if (seen.has(id)) {
      warnings.push({ file, place: place(codes, v), message: 'the verse comes twice; the first is kept' });
      continue;
    }
    seen.add(id);
    const stored = clean.normalize('NFC');
    if (stored === v.text) {
      kept.push(v);
      continue;
    }
    // The markup's offsets are into the text as read: where cleaning or NFC moves them, it is let go.
    const { markup, ...plain } = v;
    if (markup)
      warnings.push({
        file,
        place: place(codes, v),
        message: 'the verse text changes under NFC; its markup is left out',
      });
    kept.push({ ...plain, text: stored });
  }
  return kept;
}

/** What names one import: a checksum of its record and every verse, so the record and the text pack it
 *  writes name the same import, and a re-import that changes either names another. */
function importIdOf(info: ImportedTranslationInfo, verses: readonly ImportedVerse[]): string {
  const encoder = new TextEncoder();
  const record = crc32(encoder.encode(JSON.stringify(info)));
  const text = crc32(encoder.encode(verses.map((v) => `${verseIdOf(v)}\t${v.text}`).join('\n')));
  return `${record.toString(16).padStart(8, '0')}${text.toString(16).padStart(8, '0')}`;
}

export function buildImport(
  text: ImportedText,
  options: ImportOptions,
  kjvChapterVerses: readonly (readonly number[])[],
  maps: VersificationMaps,
): BuiltImport {
  const codes = new Map(text.books.map((b) => [b.book, b.code]));
  const warnings = [...text.warnings];
  const verses = storableVerses(text, codes, warnings, options.source);
  if (verses.length === 0) throw new Error(`${options.source}: no verse could be read`);
  verses.sort((a, b) => verseIdOf(a) - verseIdOf(b));
  const map = mapToKjvGrid(verses, options.versification ?? 'auto', maps, text.metadata.versification);
  const { mapOwn, mapKjv } = mapColumns(verses.map(verseIdOf), map);
  const books = heldBooks(text, verses);
  const rights = (options.license ?? text.metadata.rights)?.trim() || undefined;
  const info = importInfo(text, options, verses, map, books, rights);
  const structure = structurePackSections(options.id, verses, { headingSource: 'source' });
  info.structure = structure.summary;
  info.importId = importIdOf(info, verses);
  const unmappedPlaces = info.unmapped.map((id) =>
    place(codes, { book: Math.floor(id / 1e6), chapter: Math.floor(id / 1e3) % 1e3, verse: id % 1e3 }),
  );
  return {
    packs: [
      {
        name: TEXT_PACK.name(options.id),
        sections: textPackSections(options.id, verses, kjvChapterVerses, [], info.importId),
      },
      { name: STRUCTURE_PACK.name(options.id), sections: structure.sections },
      { name: IMPORTED_PACK.name(options.id), sections: sectionsOf(IMPORTED_PACK, { info, mapOwn, mapKjv }) },
    ],
    report: {
      ...reportOf(info, verses, structure),
      unmapped: unmappedPlaces,
      unknownMarkers: { ...text.unknownMarkers },
      warnings,
      license: rights ?? null,
    },
  };
}

/** The imported pack's map columns. Only the verses that do not stand for the KJV verse of their own
 *  number are stored: an own verse that holds several KJV verses is listed once for each, one that holds
 *  none with KJV id 0. */
function mapColumns(ownIds: readonly number[], map: KjvMap): { mapOwn: number[]; mapKjv: number[] } {
  const mapOwn: number[] = [];
  const mapKjv: number[] = [];
  for (const id of ownIds) {
    const kjv = map.mapping.toKjv.get(id) ?? [];
    if (kjv.length === 1 && kjv[0] === id) continue;
    for (const k of kjv.length ? kjv : [0]) {
      mapOwn.push(id);
      mapKjv.push(k);
    }
  }
  return { mapOwn, mapKjv };
}

/** The books the stored verses are in, in canon order, as the file names them (or by number). */
function heldBooks(text: ImportedText, verses: readonly ImportedVerse[]): ImportedText['books'] {
  const held = new Set(verses.map((v) => v.book));
  return [...held]
    .sort((a, b) => a - b)
    .map((book) => text.books.find((b) => b.book === book) ?? { book, code: String(book), names: {} });
}

/** The imported translation's record, before its structure summary and import id are known. */
function importInfo(
  text: ImportedText,
  options: ImportOptions,
  verses: ImportedVerse[],
  map: KjvMap,
  books: ImportedText['books'],
  rights: string | undefined,
): ImportedTranslationInfo {
  return {
    versionId: options.id,
    number: options.number,
    name: (options.name ?? text.metadata.name)?.trim() || options.id,
    abbreviation: (options.abbreviation ?? text.metadata.abbreviation)?.trim() || options.id.toUpperCase(),
    language: (options.language ?? text.metadata.language)?.trim() || 'und',
    format: text.format,
    source: options.source,
    versification: { name: map.name, reason: map.reason },
    books: books.map(({ book, code, names }) => ({ book, code, names: { ...names } })),
    chapterVerses: ownChapterVerses(verses),
    chapterLastVerses: ownLastVerses(verses),
    verseCount: verses.length,
    ...(rights ? { rights } : {}),
    unmapped: map.mapping.unmapped,
  };
}

/** The report's counts and names, from the record and the structure the import wrote. */
function reportOf(
  info: ImportedTranslationInfo,
  verses: readonly ImportedVerse[],
  structure: { counts: StructureCounts; headings: number },
): Omit<ImportReport, 'unmapped' | 'unknownMarkers' | 'warnings' | 'license'> {
  return {
    id: info.versionId,
    number: info.number,
    name: info.name,
    abbreviation: info.abbreviation,
    language: info.language,
    format: info.format,
    source: info.source,
    books: info.books.length,
    bookCodes: info.books.map((b) => b.code),
    chapters: info.chapterVerses.reduce((n, chapters) => n + chapters.filter((c) => c > 0).length, 0),
    verses: verses.length,
    headings: structure.headings,
    notes: structure.counts.notes,
    poetryLines: structure.counts.poetryLines,
    versification: info.versification,
  };
}

/** The report as the command prints it by default: a few lines a person reads. */
export function reportText(report: ImportReport): string {
  const lines = [
    `imported ${report.id} (${report.name}, ${report.abbreviation}, ${report.language}) from ${report.source} as ${report.format}; version_id ${report.number}`,
    `  ${report.books} books (${report.bookCodes.join(' ')}), ${report.chapters} chapters, ${report.verses} verses`,
    `  ${report.headings} headings, ${report.notes} notes, ${report.poetryLines} poetry lines`,
    `  versification ${report.versification.name}: ${report.versification.reason}`,
    `  licence: ${report.license ?? 'none stated'}`,
  ];
  if (report.unmapped.length)
    lines.push(`  ${report.unmapped.length} verses map to no KJV verse: ${report.unmapped.join(', ')}`);
  const markers = Object.entries(report.unknownMarkers);
  if (markers.length) lines.push(`  markers not understood: ${markers.map(([m, n]) => `${m} (${n})`).join(', ')}`);
  for (const w of report.warnings) lines.push(`  warning: ${w.file} ${w.place}: ${w.message}`);
  return lines.join('\n');
}
