// Verses, chapters, parallel verses and the version list.
import { notAvailable } from '../errors.ts';
import type { Meta } from '../meta.ts';
import { checkChapter, chapterRows } from '../chapters.ts';
import { COMMON_PARAMS, defineOperation, textPack, verseRow, type VerseIdValue } from '../operation.ts';
import { PARALLEL_VERSE, VERSE, VERSION } from '../records.ts';
import { arrayOf, boolean, number, object, optional, string } from '../shape.ts';

/** A translation as GetVersions and /api/v2/bibles list it: version_id, table and version as the hosted
 *  service gives them (docs/compatibility.md), this project's fuller name in versionFullName. */
export function versionRecord(v: Meta['versions'][number]) {
  return {
    table: v.table,
    version_id: String(v.number),
    abbreviation: v.abbreviation,
    version: v.name,
    language: v.language,
    versionCode: v.versionId,
    versionFullName: v.fullName,
    license: v.licence.category,
  };
}

/**
 * A GetVersions row: the version record and whether this engine can answer from the translation (its
 * text pack is one the host's loader lists; an app that shipped only some packs lists only those).
 */
/** What a translation's source marks (structure/model.ts: StructureSummary). */
const STRUCTURE_SUMMARY = object({
  headings: boolean,
  paragraphs: boolean,
  poetry: boolean,
  notes: boolean,
  titles: boolean,
  wordsOfJesus: boolean,
  added: boolean,
  divineName: boolean,
  headingSource: optional(string),
});

const LISTED_VERSION = object(VERSION.spec, {
  ...VERSION.added,
  available: boolean,
  structure: optional(STRUCTURE_SUMMARY),
  // An imported translation's: that it is one, the books it holds and whose verse numbers it follows.
  imported: optional(boolean),
  books: optional(arrayOf(number)),
  versification: optional(string),
});

const allTextPacks = (meta: Meta) => meta.versions.map((v) => textPack(v.versionId));

// The one pack a lookup needs, named once per translation: the name is not built again on every call.
const textPackLists = new Map<string, readonly string[]>();
const translationPack = (p: Record<string, any>): string[] => {
  let list = textPackLists.get(p.versionId);
  if (!list) textPackLists.set(p.versionId, (list = Object.freeze([textPack(p.versionId)])));
  return list as string[];
};

export const verseOperations = [
  defineOperation({
    name: 'GetVerse',
    family: 'verses',
    summary: 'One verse as [{id, b, c, v, t}]; [] when the translation has no such verse.',
    params: [COMMON_PARAMS.verseId, COMMON_PARAMS.versionId],
    result: arrayOf(VERSE),
    packs: translationPack,
    run(ctx, p) {
      const { id } = p.verseId as VerseIdValue;
      const text = ctx.translation(p.versionId);
      const i = text.indexOf(id);
      return i < 0 ? [] : [text.rowAt(i)];
    },
  }),
  defineOperation({
    name: 'GetChapter',
    family: 'verses',
    summary: 'Every verse of a chapter as [{id, b, c, v, t}].',
    params: [COMMON_PARAMS.bookId, COMMON_PARAMS.chapterId, COMMON_PARAMS.versionId],
    result: arrayOf(VERSE),
    packs: translationPack,
    run(ctx, p) {
      checkChapter(ctx, p.versionId, p.bookId, p.chapterId);
      return chapterRows(ctx, p.versionId, p.bookId, p.chapterId);
    },
  }),
  defineOperation({
    name: 'GetChapterByBookAndChapterId',
    family: 'verses',
    summary: 'Every verse of a chapter named by its 5-digit bookAndChapterId (43003 = John 3).',
    params: [
      {
        name: 'bookAndChapterId',
        type: 'bookAndChapterId',
        required: true,
        description: '5-digit BBCCC id, e.g. 43003',
      },
      COMMON_PARAMS.versionId,
    ],
    result: arrayOf(VERSE),
    packs: translationPack,
    run(ctx, p) {
      // A book and chapter the parameter check has found in range (params.ts).
      const { book, chapter } = p.bookAndChapterId as { book: number; chapter: number };
      checkChapter(ctx, p.versionId, book, chapter, 'bookAndChapterId');
      return chapterRows(ctx, p.versionId, book, chapter);
    },
  }),
  defineOperation({
    name: 'GetParallelVerses',
    family: 'verses',
    summary:
      'The verse in every translation that has it (of those this engine holds), aligned by verseId: one inner array per translation, holding its record with versionId "t_<code>", versionAbbreviation and versionName.',
    params: [COMMON_PARAMS.verseId],
    result: arrayOf(arrayOf(PARALLEL_VERSE)),
    // The translations this engine holds: an app that ships some of the ten gets those, not a refusal.
    packs: (_p, meta, has) => {
      const held = allTextPacks(meta).filter(has);
      if (held.length === 0) throw notAvailable("no translation's text pack is in this engine's packs");
      return held;
    },
    run(ctx, p) {
      const { id } = p.verseId as VerseIdValue;
      const rows = [];
      for (const version of ctx.meta.versions) {
        if (!ctx.hasPack(textPack(version.versionId))) continue;
        const text = ctx.translation(version.versionId);
        const labels = {
          versionId: version.table,
          versionAbbreviation: version.abbreviation,
          versionName: version.name,
        };
        // A translation in its own numbering answers the verses its map puts at this KJV verse, with
        // their own numbers (and the KJV id they stand for).
        const imported = ctx.meta.imported?.get(version.versionId);
        if (imported) {
          const found = imported
            .ownIdsOf(id)
            .map((own) => text.indexOf(own))
            .filter((i) => i >= 0)
            .map((i) => ({ ...text.rowAt(i), ...labels }));
          if (found.length) rows.push(found);
          continue;
        }
        const i = text.indexOf(id);
        if (i >= 0) rows.push([{ ...verseRow(id, text.textAt(i)), ...labels }]);
      }
      return rows;
    },
  }),
  defineOperation({
    name: 'GetVersions',
    family: 'verses',
    summary:
      'Every translation, in the hosted service\'s order (by abbreviation): table ("t_kjv"; RV1909\'s is "t_srv"), version_id (the service\'s number: ASV "1" … KJV "4" … KJV1611 "10"), abbreviation, version (the service\'s name), language, versionCode (the versionId other operations take), versionFullName (the edition\'s fuller name), license, and available: whether this engine has the translation\'s text (false for one left out of an app\'s packs).',
    params: [],
    result: arrayOf(LISTED_VERSION),
    run: (ctx) =>
      ctx.meta.versions.map((v) => {
        const row = {
          ...versionRecord(v),
          available: ctx.hasPack(textPack(v.versionId)),
          ...(v.structure && { structure: v.structure }),
        };
        const imported = ctx.meta.imported?.get(v.versionId)?.info;
        // An imported translation also tells which books it holds and whose verse numbers it follows.
        return imported
          ? {
              ...row,
              imported: true,
              books: imported.books.map((b) => b.book),
              versification: imported.versification.name,
            }
          : row;
      }),
  }),
] as const;
