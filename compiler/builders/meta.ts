// The meta pack: books with names in English, Spanish and Arabic, abbreviations, genres, the KJV
// versification, the version records (with each translation's own counts and licence) and service info.
import { bookNameKey, type BookRecord, type Language, type VersionRecord } from '../../engine/core/meta.ts';
import { BOOKS, bookByOsis, bookByUsfm } from '../../sources/books.ts';
import { NAME_SOURCES, TRANSLATIONS, type CatalogEntry } from '../../sources/catalog.ts';
import { SERVICE_INFO } from '../../sources/service-info.ts';
import type { BuildContext, Builder } from './context.ts';
import { ownChapterVerses, ownLastVerses } from './text.ts';
import { countMarkup, markedVerses, summaryOf } from '../../engine/core/structure/writer.ts';
import { HEADING_SOURCE } from './structure.ts';
import { readOpenBibleNames, readScrollmapperNames, readWebBookNames } from '../adapters/book-names.ts';
import { sectionsOf } from '../pack/writer.ts';
import { META_PACK } from '../../engine/core/pack/schemas.ts';
import { SUPPLEMENTARY_NAMES } from './supplementary-names.ts';

// The Spanish list's preferred "Cantare de los Cantares" is a typo (corpus README); RV1909 prints "Cantar".
const SPANISH_FIXES: Record<string, string> = { 'Cantare de los Cantares': 'Cantar de los Cantares' };

function buildBooks(ctx: BuildContext) {
  const scrollmapper = readScrollmapperNames(ctx.source('names-scrollmapper'));
  const es = readOpenBibleNames(ctx.source('names-openbibleinfo', 'es'));
  const ar = readOpenBibleNames(ctx.source('names-openbibleinfo', 'ar'));
  const en = readOpenBibleNames(ctx.source('names-openbibleinfo', 'en'));

  const books: BookRecord[] = BOOKS.map((codes) => {
    const row = scrollmapper.books[codes.number - 1];
    if (row?.number !== codes.number) throw new Error(`key_english.csv row ${codes.number} is book ${row?.number}`);
    const englishAbbreviations = scrollmapper.abbreviations
      .filter((a) => a.book === codes.number)
      .sort((a, b) => b.weight - a.weight)
      .map((a) => a.abbreviation);
    const [esName, ...esShort] = (es.preferred.get(codes.osis) ?? []).map((n) => SPANISH_FIXES[n] ?? n);
    const [arName, ...arShort] = ar.preferred.get(codes.osis) ?? [];
    if (!esName || !arName) throw new Error(`no Spanish or Arabic name for ${codes.osis} in names/openbibleinfo`);
    return {
      number: codes.number,
      osis: codes.osis,
      testament: codes.testament,
      genreId: row.genreId,
      genre: scrollmapper.genres.get(row.genreId) ?? '',
      names: { english: row.name, spanish: esName, arabic: arName },
      abbreviations: { english: englishAbbreviations, spanish: esShort, arabic: arShort },
    };
  });

  // Every name and abbreviation we know, keyed case-, accent- and space-insensitively. A key claimed by
  // two books is dropped unless it is one book's own full name.
  const claims = new Map<string, Set<number>>();
  const claim = (name: string | undefined, book: number) => {
    const key = name ? bookNameKey(name) : '';
    if (!key || /^\d+$/.test(key)) return;
    (claims.get(key) ?? claims.set(key, new Set()).get(key)!).add(book);
  };
  const fullNames = new Map<string, number>();
  for (const b of books) {
    for (const lang of ['english', 'spanish', 'arabic'] as Language[]) {
      fullNames.set(bookNameKey(b.names[lang]), b.number);
      claim(b.names[lang], b.number);
      for (const a of b.abbreviations[lang]) claim(a, b.number);
    }
  }
  for (const source of [en, es, ar]) {
    for (const [osis, name] of source.variants) {
      const book = bookByOsis.get(osis);
      if (book) claim(name, book.number);
    }
    for (const [osis, list] of source.preferred) {
      const book = bookByOsis.get(osis);
      if (book) for (const n of list) claim(n, book.number);
    }
  }
  for (const web of readWebBookNames(ctx.source('names-web'))) {
    const book = bookByUsfm.get(web.usfm);
    if (book) for (const n of [web.abbreviation, web.short, web.long]) claim(n, book.number);
  }
  for (const entry of TRANSLATIONS) {
    for (const [number, name] of Object.entries(ctx.translation(entry).bookNames ?? {})) claim(name, Number(number));
  }
  // Forms readers write that no list spells out (supplementary-names.ts says where each is used).
  for (const { names } of SUPPLEMENTARY_NAMES) {
    for (const [osis, list] of Object.entries(names)) {
      const book = bookByOsis.get(osis);
      if (!book) throw new Error(`supplementary-names.ts: no book ${osis}`);
      for (const n of list) claim(n, book.number);
    }
  }
  const nameIndex: Record<string, number> = {};
  for (const [key, set] of [...claims].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (set.size === 1) nameIndex[key] = [...set][0];
    else if (fullNames.has(key)) nameIndex[key] = fullNames.get(key)!;
  }
  return { books, nameIndex };
}

function licenceOf(entry: CatalogEntry) {
  return {
    category: entry.category,
    licence: entry.licence,
    licenceText: entry.licenceText,
    attribution: entry.attribution,
    source: entry.source,
    datasets: [entry.id],
  };
}

export const metaBuilder: Builder = {
  name: 'meta',
  build(ctx) {
    const { books, nameIndex } = buildBooks(ctx);
    const versions: VersionRecord[] = TRANSLATIONS.map((entry) => {
      const { verses } = ctx.translation(entry);
      return {
        versionId: entry.versionId,
        table: 'table' in entry ? entry.table : `t_${entry.versionId}`,
        number: entry.versionNumber,
        abbreviation: entry.abbreviation,
        name: entry.serviceName,
        fullName: entry.versionName,
        language: entry.language,
        chapterVerses: ownChapterVerses(verses),
        chapterLastVerses: ownLastVerses(verses),
        verseCount: verses.length,
        licence: licenceOf(entry),
        structure: summaryOf(countMarkup(markedVerses(verses).markups), HEADING_SOURCE),
      };
    });
    return [
      {
        name: META_PACK.name,
        // The sources it reads: the name lists, the 1611 versification, and the book names inside the translations.
        datasets: [
          ...NAME_SOURCES.map((e) => e.id),
          ...TRANSLATIONS.filter((e) => ctx.translation(e).bookNames).map((e) => e.id),
          'kjv1611',
        ].filter((id, i, all) => all.indexOf(id) === i),
        sections: sectionsOf(META_PACK, {
          versification: ctx.kjvChapterVerses,
          books,
          versions,
          versionIds: versions.map((v) => v.versionId),
          service: SERVICE_INFO,
          nameIndex,
        }),
      },
    ];
  },
};
