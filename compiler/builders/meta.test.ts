// The meta builder on tiny name lists: book records in three languages, the name index and its conflicts, versions.
import { afterAll, describe, expect, it } from 'vitest';
import type { TranslationText } from '../adapters/types.ts';
import { BOOKS } from '../../sources/books.ts';
import { TRANSLATIONS } from '../../sources/catalog.ts';
import { SERVICE_INFO } from '../../sources/service-info.ts';
import { fixtureContext, removeFixtures } from '../../test/compiler/fixture-context.ts';
import { metaBuilder } from './meta.ts';
import { bookNameKey } from '../../engine/core/meta.ts';
import { bookByOsis } from '../../sources/books.ts';
import { SUPPLEMENTARY_NAMES } from './supplementary-names.ts';

afterAll(removeFixtures);

// Every list must name all 66 books; most get a placeholder name ("Book 5", "Libro 5", "سفر 5").
const ENGLISH: Record<number, string> = { 1: 'Genesis', 2: 'Exodus' };
const SPANISH: Record<string, string> = { Gen: 'Génesis\tGén\tGn', Song: 'Cantare de los Cantares\tCnt' };
const ARABIC: Record<string, string> = { Gen: 'التكوين\tتك' };

/** data.txt's starred lines: OSIS id, then the preferred name and abbreviations, tab-separated. */
const preferred = (names: (b: (typeof BOOKS)[number]) => string) =>
  `${BOOKS.map((b) => `*${b.osis}\t${names(b)}`).join('\n')}\n`;

const FILES = {
  'names-scrollmapper/key_english.csv': `"field","field","field","field"\n${BOOKS.map(
    (b) => `"${b.number}","${ENGLISH[b.number] ?? `Book ${b.number}`}","${b.testament}","${b.number === 40 ? 2 : 1}"`,
  ).join('\n')}\n`,
  'names-scrollmapper/key_genre_english.csv': '"field","field"\n"1","Law"\n"2","Gospels"\n',
  // Weight orders a book's abbreviations; "Jo" is claimed by John and 1 John alike.
  'names-scrollmapper/key_abbreviations_english.csv':
    '"field","field","field","field"\n"1","Ge","1","0"\n"2","Gen","1","1"\n"3","Jo","43","1"\n"4","Jo","62","1"\n',
  'names-openbibleinfo/es/data.txt': `$FIRST\t1.[ºo]\n${preferred((b) => SPANISH[b.osis] ?? `Libro ${b.number}`)}`,
  'names-openbibleinfo/es/book_names.txt': '',
  'names-openbibleinfo/ar/data.txt': preferred((b) => ARABIC[b.osis] ?? `سفر ${b.number}`),
  'names-openbibleinfo/ar/book_names.txt': '',
  // English variants: "Ph" names two books, and Bel is no book of the canon; "Stgo" here is Exodus's as
  // well as James's in the supplementary names, so neither has it.
  'names-openbibleinfo/en/data.txt': '*Gen\tGenesis\tGe\n',
  'names-openbibleinfo/en/book_names.txt': 'Exod\tExodus\nExod\tStgo\nPhil\tPh\nPhlm\tPh\nBel\tBel and the Dragon\n',
  'names-web':
    '<?xml version="1.0"?>\n<BookNames>\n<book code="GEN" abbr="Gen" short="Genesis" ' +
    'long="The First Book of Moses, Commonly Called Genesis" />\n' +
    '<book code="XXA" abbr="X" short="Extra" long="Extra" />\n</BookNames>\n',
};

const verse = (book: number, chapter: number, n: number) => ({ book, chapter, verse: n, text: 'Amen.' });
const AMEN: TranslationText = { verses: [verse(1, 1, 1)] };
const TEXTS: Record<string, TranslationText> = {
  kjv: { verses: [verse(1, 1, 1), verse(1, 1, 2), verse(1, 2, 1), verse(40, 1, 1)] },
  // A translation's own book names count too; ASV naming Matthew "Genesis" loses to Genesis's own full name.
  asv: { verses: [verse(1, 1, 1)], bookNames: { 40: 'Genesis' } },
  rv1909: { verses: [verse(1, 1, 2)], bookNames: { 1: 'Génesis', 2: 'Éxodo' } },
};

describe('metaBuilder', () => {
  const chapters = { 1: [2, 1], 40: [1] };
  const { ctx } = fixtureContext({
    files: FILES,
    chapters,
    translations: { ...Object.fromEntries(TRANSLATIONS.map((t) => [t.id, AMEN])), ...TEXTS },
  });
  const packs = metaBuilder.build(ctx);

  it('names the name lists, the translations with book names of their own and the 1611 versification', () => {
    expect(packs.map((p) => [p.name, p.datasets])).toEqual([
      ['meta', ['names-scrollmapper', 'names-openbibleinfo', 'names-web', 'asv', 'rv1909', 'kjv1611']],
    ]);
  });

  it('builds every book record, with the preferred abbreviation first and the Spanish typo fixed', () => {
    const empty: Record<'english' | 'spanish' | 'arabic', string[]> = { english: [], spanish: [], arabic: [] };
    const books = BOOKS.map((b) => ({
      number: b.number,
      osis: b.osis,
      testament: b.testament,
      genreId: b.number === 40 ? 2 : 1,
      genre: b.number === 40 ? 'Gospels' : 'Law',
      names: {
        english: ENGLISH[b.number] ?? `Book ${b.number}`,
        spanish: `Libro ${b.number}`,
        arabic: `سفر ${b.number}`,
      },
      abbreviations: b.number === 43 || b.number === 62 ? { ...empty, english: ['Jo'] } : empty,
    }));
    books[0].names = { english: 'Genesis', spanish: 'Génesis', arabic: 'التكوين' };
    books[0].abbreviations = { english: ['Gen', 'Ge'], spanish: ['Gén', 'Gn'], arabic: ['تك'] };
    books[21].names = { ...books[21].names, spanish: 'Cantar de los Cantares' };
    books[21].abbreviations = { ...empty, spanish: ['Cnt'] };
    expect(packs[0].sections.books).toEqual({ kind: 'json', data: books });
  });

  it('indexes names and abbreviations by folded key, dropping keys two books claim unless one is a full name', () => {
    const generic = BOOKS.filter((b) => ![1, 2, 22].includes(b.number)).flatMap((b) => [
      [`book${b.number}`, b.number],
      [`libro${b.number}`, b.number],
      [`سفر${b.number}`, b.number],
    ]);
    // The supplementary names, each its book's, but for the one the fixture's list gives Exodus too.
    const supplementary = SUPPLEMENTARY_NAMES.flatMap(({ names }) =>
      Object.entries(names).flatMap(([osis, list]) => list.map((n) => [bookNameKey(n), bookByOsis.get(osis)!.number])),
    ).filter(([key]) => key !== 'stgo');
    expect(packs[0].sections.nameIndex).toEqual({
      kind: 'json',
      data: {
        ...Object.fromEntries(generic),
        ...Object.fromEntries(supplementary),
        genesis: 1,
        gen: 1,
        ge: 1,
        gn: 1,
        التكوين: 1,
        تك: 1,
        'thefirstbookofmoses,commonlycalledgenesis': 1,
        exodus: 2,
        exodo: 2,
        libro2: 2,
        سفر2: 2,
        cantardeloscantares: 22,
        // The preferred-name list is claimed as printed, so the typo is a key as well.
        cantaredeloscantares: 22,
        cnt: 22,
        book22: 22,
        سفر22: 22,
      },
    });
  });

  it("records each translation's own chapter and verse counts and its licence", () => {
    const own: Record<string, number[][]> = { kjv: [[2, 1]], rv1909: [[1]] };
    expect(packs[0].sections.versions).toEqual({
      kind: 'json',
      data: TRANSLATIONS.map((t) => {
        const table = Array.from({ length: 66 }, (): number[] => []);
        table[0] = own[t.id]?.[0] ?? [1];
        if (t.id === 'kjv') table[39] = [1];
        return {
          versionId: t.versionId,
          table: 'table' in t ? t.table : `t_${t.versionId}`,
          number: t.versionNumber,
          abbreviation: t.abbreviation,
          name: t.serviceName,
          fullName: t.versionName,
          language: t.language,
          chapterVerses: table,
          // The fixture's RV1909 has only verse 2 of Gen 1: one verse, the last numbered 2.
          chapterLastVerses: t.id === 'rv1909' ? [[2], ...table.slice(1)] : table,
          verseCount: t.id === 'kjv' ? 4 : 1,
          licence: {
            category: t.category,
            licence: t.licence,
            licenceText: t.licenceText,
            attribution: t.attribution,
            source: t.source,
            datasets: [t.id],
          },
          // What the source marks (GetVersions' structure): the fixture marks nothing, and the BSB headings
          // are put over every built-in translation.
          structure: expect.objectContaining({ headings: true, headingSource: 'bsb-pericopes', wordsOfJesus: false }),
        };
      }),
    });
  });

  it("lists the versions' ids apart, in the order of their records", () => {
    expect(packs[0].sections.versionIds).toEqual({ kind: 'json', data: TRANSLATIONS.map((t) => t.versionId) });
  });

  it('stores the KJV versification and the service info as given', () => {
    expect(packs[0].sections.versification).toEqual({ kind: 'json', data: ctx.kjvChapterVerses });
    expect(ctx.kjvChapterVerses.slice(0, 1)).toEqual([[2, 1]]);
    expect(packs[0].sections.service).toEqual({ kind: 'json', data: SERVICE_INFO });
    expect(Object.keys(packs[0].sections)).toEqual([
      'versification',
      'books',
      'versions',
      'versionIds',
      'service',
      'nameIndex',
    ]);
  });

  it('refuses a book with no Spanish or Arabic name', () => {
    const { ctx: missing } = fixtureContext({
      files: { ...FILES, 'names-openbibleinfo/ar/data.txt': '*Gen\tالتكوين\n' },
      translations: Object.fromEntries(TRANSLATIONS.map((t) => [t.id, AMEN])),
    });
    expect(() => metaBuilder.build(missing)).toThrow('no Spanish or Arabic name for Exod in names/openbibleinfo');
  });
});
