// Book-name lists in three formats: scrollmapper's CSV keys, openbible.info's parser data files and the
// WEB's BookNames.xml. Each reader returns the names as the source gives them; choosing among them is
// the meta builder's job.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readCsvRows } from './csv.ts';

export interface ScrollmapperBook {
  number: number;
  name: string;
  genreId: number;
}

export interface ScrollmapperAbbreviation {
  book: number;
  abbreviation: string;
  /** 1 marks the book's usual abbreviation; the rest are 0 */
  weight: number;
}

export interface ScrollmapperNames {
  /** key_english.csv, in canonical order */
  books: ScrollmapperBook[];
  /** key_genre_english.csv: genre id to name */
  genres: Map<number, string>;
  /** key_abbreviations_english.csv */
  abbreviations: ScrollmapperAbbreviation[];
}

const wholeNumber = (value: string, where: string): number => {
  if (!/^\d+$/.test(value)) throw new Error(`${where}: ${JSON.stringify(value)} is not a whole number`);
  return Number(value);
};

/** scrollmapper's names folder: key_english.csv, key_genre_english.csv and key_abbreviations_english.csv. */
export function readScrollmapperNames(dir: string): ScrollmapperNames {
  const books = readCsvRows(join(dir, 'key_english.csv')).map(([number, name, , genreId], i) => ({
    number: wholeNumber(number, `key_english.csv row ${i + 1}`),
    name,
    genreId: wholeNumber(genreId, `key_english.csv row ${i + 1} genre`),
  }));
  const genres = new Map(
    readCsvRows(join(dir, 'key_genre_english.csv')).map(([id, name], i) => [
      wholeNumber(id, `key_genre_english.csv row ${i + 1}`),
      name,
    ]),
  );
  const abbreviations = readCsvRows(join(dir, 'key_abbreviations_english.csv')).map(
    ([, abbreviation, book, weight], i) => ({
      abbreviation,
      book: wholeNumber(book, `key_abbreviations_english.csv row ${i + 1} book`),
      weight: wholeNumber(weight, `key_abbreviations_english.csv row ${i + 1} weight`),
    }),
  );
  return { books, genres, abbreviations };
}

export interface OpenBibleNames {
  /** data.txt "*OSIS<TAB>Long<TAB>Short…" lines: the preferred names, longest first */
  preferred: Map<string, string[]>;
  /** book_names.txt "OSIS<TAB>name" lines: every other spelling the parser accepts */
  variants: [osis: string, name: string][];
}

/** One language folder of openbible.info's Bible Passage Reference Parser (data.txt and book_names.txt). */
export function readOpenBibleNames(dir: string): OpenBibleNames {
  const preferred = new Map<string, string[]>();
  for (const line of readFileSync(join(dir, 'data.txt'), 'utf8').split('\n')) {
    if (!line.startsWith('*')) continue;
    const [osis, ...names] = line.slice(1).split('\t');
    preferred.set(osis, names.filter(Boolean));
  }
  const variants = readFileSync(join(dir, 'book_names.txt'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t') as [string, string]);
  return { preferred, variants };
}

export interface WebBookName {
  usfm: string;
  abbreviation: string;
  short: string;
  long: string;
}

/** The WEB's BookNames.xml: `<book code="GEN" abbr="Gen" short="Genesis" long="The First Book of Moses…"/>`. */
export function readWebBookNames(path: string): WebBookName[] {
  const xml = readFileSync(path, 'utf8');
  return [...xml.matchAll(/<book code="(\w+)" abbr="([^"]*)" short="([^"]*)" long="([^"]*)"/g)].map((m) => ({
    usfm: m[1],
    abbreviation: m[2],
    short: m[3],
    long: m[4],
  }));
}
