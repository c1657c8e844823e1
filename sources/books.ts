// The canonical book list: the one source of truth for book numbers and the codes each source format
// uses for them. Names, abbreviations, genres and chapter/verse counts come from the corpus and are
// compiled into the meta pack; the engine never reads this file directly.

export interface BookCodes {
  /** 1..66 in the order of the Protestant canon (KJV) */
  number: number;
  /** OSIS id, used by SWORD modules, openbible.info name lists and cross references */
  osis: string;
  /** USFM / Paratext code, used by the USFM files (kjv1611, web) */
  usfm: string;
  /** STEPBible code, used by the SVD tables and TAGNT */
  step: string;
  testament: 'OT' | 'NT';
}

export const BOOKS: readonly BookCodes[] = [
  { number: 1, osis: 'Gen', usfm: 'GEN', step: 'Gen', testament: 'OT' },
  { number: 2, osis: 'Exod', usfm: 'EXO', step: 'Exo', testament: 'OT' },
  { number: 3, osis: 'Lev', usfm: 'LEV', step: 'Lev', testament: 'OT' },
  { number: 4, osis: 'Num', usfm: 'NUM', step: 'Num', testament: 'OT' },
  { number: 5, osis: 'Deut', usfm: 'DEU', step: 'Deu', testament: 'OT' },
  { number: 6, osis: 'Josh', usfm: 'JOS', step: 'Jos', testament: 'OT' },
  { number: 7, osis: 'Judg', usfm: 'JDG', step: 'Jdg', testament: 'OT' },
  { number: 8, osis: 'Ruth', usfm: 'RUT', step: 'Rut', testament: 'OT' },
  { number: 9, osis: '1Sam', usfm: '1SA', step: '1Sa', testament: 'OT' },
  { number: 10, osis: '2Sam', usfm: '2SA', step: '2Sa', testament: 'OT' },
  { number: 11, osis: '1Kgs', usfm: '1KI', step: '1Ki', testament: 'OT' },
  { number: 12, osis: '2Kgs', usfm: '2KI', step: '2Ki', testament: 'OT' },
  { number: 13, osis: '1Chr', usfm: '1CH', step: '1Ch', testament: 'OT' },
  { number: 14, osis: '2Chr', usfm: '2CH', step: '2Ch', testament: 'OT' },
  { number: 15, osis: 'Ezra', usfm: 'EZR', step: 'Ezr', testament: 'OT' },
  { number: 16, osis: 'Neh', usfm: 'NEH', step: 'Neh', testament: 'OT' },
  { number: 17, osis: 'Esth', usfm: 'EST', step: 'Est', testament: 'OT' },
  { number: 18, osis: 'Job', usfm: 'JOB', step: 'Job', testament: 'OT' },
  { number: 19, osis: 'Ps', usfm: 'PSA', step: 'Psa', testament: 'OT' },
  { number: 20, osis: 'Prov', usfm: 'PRO', step: 'Pro', testament: 'OT' },
  { number: 21, osis: 'Eccl', usfm: 'ECC', step: 'Ecc', testament: 'OT' },
  { number: 22, osis: 'Song', usfm: 'SNG', step: 'Sng', testament: 'OT' },
  { number: 23, osis: 'Isa', usfm: 'ISA', step: 'Isa', testament: 'OT' },
  { number: 24, osis: 'Jer', usfm: 'JER', step: 'Jer', testament: 'OT' },
  { number: 25, osis: 'Lam', usfm: 'LAM', step: 'Lam', testament: 'OT' },
  { number: 26, osis: 'Ezek', usfm: 'EZK', step: 'Ezk', testament: 'OT' },
  { number: 27, osis: 'Dan', usfm: 'DAN', step: 'Dan', testament: 'OT' },
  { number: 28, osis: 'Hos', usfm: 'HOS', step: 'Hos', testament: 'OT' },
  { number: 29, osis: 'Joel', usfm: 'JOL', step: 'Jol', testament: 'OT' },
  { number: 30, osis: 'Amos', usfm: 'AMO', step: 'Amo', testament: 'OT' },
  { number: 31, osis: 'Obad', usfm: 'OBA', step: 'Oba', testament: 'OT' },
  { number: 32, osis: 'Jonah', usfm: 'JON', step: 'Jon', testament: 'OT' },
  { number: 33, osis: 'Mic', usfm: 'MIC', step: 'Mic', testament: 'OT' },
  { number: 34, osis: 'Nah', usfm: 'NAM', step: 'Nam', testament: 'OT' },
  { number: 35, osis: 'Hab', usfm: 'HAB', step: 'Hab', testament: 'OT' },
  { number: 36, osis: 'Zeph', usfm: 'ZEP', step: 'Zep', testament: 'OT' },
  { number: 37, osis: 'Hag', usfm: 'HAG', step: 'Hag', testament: 'OT' },
  { number: 38, osis: 'Zech', usfm: 'ZEC', step: 'Zec', testament: 'OT' },
  { number: 39, osis: 'Mal', usfm: 'MAL', step: 'Mal', testament: 'OT' },
  { number: 40, osis: 'Matt', usfm: 'MAT', step: 'Mat', testament: 'NT' },
  { number: 41, osis: 'Mark', usfm: 'MRK', step: 'Mrk', testament: 'NT' },
  { number: 42, osis: 'Luke', usfm: 'LUK', step: 'Luk', testament: 'NT' },
  { number: 43, osis: 'John', usfm: 'JHN', step: 'Jhn', testament: 'NT' },
  { number: 44, osis: 'Acts', usfm: 'ACT', step: 'Act', testament: 'NT' },
  { number: 45, osis: 'Rom', usfm: 'ROM', step: 'Rom', testament: 'NT' },
  { number: 46, osis: '1Cor', usfm: '1CO', step: '1Co', testament: 'NT' },
  { number: 47, osis: '2Cor', usfm: '2CO', step: '2Co', testament: 'NT' },
  { number: 48, osis: 'Gal', usfm: 'GAL', step: 'Gal', testament: 'NT' },
  { number: 49, osis: 'Eph', usfm: 'EPH', step: 'Eph', testament: 'NT' },
  { number: 50, osis: 'Phil', usfm: 'PHP', step: 'Php', testament: 'NT' },
  { number: 51, osis: 'Col', usfm: 'COL', step: 'Col', testament: 'NT' },
  { number: 52, osis: '1Thess', usfm: '1TH', step: '1Th', testament: 'NT' },
  { number: 53, osis: '2Thess', usfm: '2TH', step: '2Th', testament: 'NT' },
  { number: 54, osis: '1Tim', usfm: '1TI', step: '1Ti', testament: 'NT' },
  { number: 55, osis: '2Tim', usfm: '2TI', step: '2Ti', testament: 'NT' },
  { number: 56, osis: 'Titus', usfm: 'TIT', step: 'Tit', testament: 'NT' },
  { number: 57, osis: 'Phlm', usfm: 'PHM', step: 'Phm', testament: 'NT' },
  { number: 58, osis: 'Heb', usfm: 'HEB', step: 'Heb', testament: 'NT' },
  { number: 59, osis: 'Jas', usfm: 'JAS', step: 'Jas', testament: 'NT' },
  { number: 60, osis: '1Pet', usfm: '1PE', step: '1Pe', testament: 'NT' },
  { number: 61, osis: '2Pet', usfm: '2PE', step: '2Pe', testament: 'NT' },
  { number: 62, osis: '1John', usfm: '1JN', step: '1Jn', testament: 'NT' },
  { number: 63, osis: '2John', usfm: '2JN', step: '2Jn', testament: 'NT' },
  { number: 64, osis: '3John', usfm: '3JN', step: '3Jn', testament: 'NT' },
  { number: 65, osis: 'Jude', usfm: 'JUD', step: 'Jud', testament: 'NT' },
  { number: 66, osis: 'Rev', usfm: 'REV', step: 'Rev', testament: 'NT' },
];

export const bookByOsis = new Map(BOOKS.map((b) => [b.osis, b]));
export const bookByUsfm = new Map(BOOKS.map((b) => [b.usfm, b]));
export const bookByStep = new Map(BOOKS.map((b) => [b.step, b]));
