// Books: lists in three languages, abbreviations, names by id, ids by name.
import { padBookId } from '../ids.ts';
import { bookNameKey, LANGUAGES, type BookRecord, type Language } from '../meta.ts';
import { COMMON_PARAMS, defineOperation, type Context, type VerseIdValue } from '../operation.ts';
import { perPack } from '../pack/per-pack.ts';
import { BOOK, BOOK_NAME, TESTAMENT_BOOK } from '../records.ts';
import { arrayOf, empty, oneOf, string } from '../shape.ts';

export function bookRow(book: BookRecord, language: Language) {
  return {
    b: String(book.number),
    n: book.names[language],
    t: book.testament,
    g: String(book.genreId),
    genre: book.genre,
  };
}

/** Finds a book by any of its names or abbreviations in any language; undefined when unknown. */
export function findBook(ctx: Context, name: string): BookRecord | undefined {
  const key = bookNameKey(name);
  const number = ctx.meta.nameIndex().get(key) ?? (/^\d{1,2}$/.test(key) ? Number(key) : undefined);
  return number && number >= 1 && number <= 66 ? ctx.meta.books[number - 1] : undefined;
}

const ARABIC_SCRIPT = /[\u0600-\u06ff]/;

/**
 * Finds a book by a name in one language: that language's names and abbreviations, and the further
 * spellings the name index knows in the language's script that are not another language's own name.
 */
function findBookIn(ctx: Context, name: string, language: Language): BookRecord | undefined {
  const key = bookNameKey(name);
  const own = ownNames(ctx.meta.books);
  const number = own[language].get(key);
  if (number !== undefined) return ctx.meta.books[number - 1];
  const claimedElsewhere = LANGUAGES.some((other) => other !== language && own[other].has(key));
  if (claimedElsewhere || ARABIC_SCRIPT.test(key) !== (language === 'arabic')) return undefined;
  return findBook(ctx, name);
}

const ownNames = perPack((books: readonly BookRecord[]): Record<Language, Map<string, number>> => {
  const byLanguage = (language: Language) => {
    const map = new Map<string, number>();
    for (const b of books)
      for (const n of [b.names[language], ...b.abbreviations[language]])
        if (!map.has(bookNameKey(n))) map.set(bookNameKey(n), b.number);
    return map;
  };
  return { english: byLanguage('english'), spanish: byLanguage('spanish'), arabic: byLanguage('arabic') };
});

/** The API writes abbreviations with a trailing dot ("Gen."); Arabic abbreviations take none. */
const dotted = (abbreviation: string) =>
  ARABIC_SCRIPT.test(abbreviation) || abbreviation.endsWith('.') ? abbreviation : `${abbreviation}.`;

function abbreviationTable(books: readonly BookRecord[], language: Language): string[][] {
  return books.map((b) => [b.names[language], ...b.abbreviations[language].map(dotted)]);
}

const listBooks = (testament?: 'OT' | 'NT') => (ctx: Context, p: Record<string, any>) =>
  ctx.meta.books.filter((b) => !testament || b.testament === testament).map((b) => bookRow(b, p.language));

export const bookOperations = [
  defineOperation({
    name: 'GetBooks',
    family: 'books',
    summary: 'The 66 books as [{b, n, t, g, genre}] with names in the language.',
    params: [COMMON_PARAMS.language],
    result: arrayOf(BOOK),
    run: listBooks(),
  }),
  defineOperation({
    name: 'GetBooksOT',
    family: 'books',
    summary: 'The 39 Old Testament books.',
    params: [COMMON_PARAMS.language],
    result: arrayOf(TESTAMENT_BOOK),
    run: listBooks('OT'),
  }),
  defineOperation({
    name: 'GetBooksNT',
    family: 'books',
    summary: 'The 27 New Testament books.',
    params: [COMMON_PARAMS.language],
    result: arrayOf(TESTAMENT_BOOK),
    run: listBooks('NT'),
  }),
  defineOperation({
    name: 'GetBibleBookAbbreviations',
    family: 'books',
    summary:
      'Every book as an array: its full name first, then its abbreviations with a trailing dot ("Genesis", "Gen.", "Ge.", "Gn."); names in the language (default english).',
    params: [COMMON_PARAMS.language],
    result: arrayOf(arrayOf(string)),
    run: (ctx, p) => abbreviationTable(ctx.meta.books, p.language),
  }),
  defineOperation({
    name: 'GetBookNameByBookId',
    family: 'books',
    summary: 'The book name as [{n}].',
    params: [COMMON_PARAMS.bookId, COMMON_PARAMS.language],
    result: arrayOf(BOOK_NAME),
    run: (ctx, p) => [{ n: ctx.meta.books[p.bookId - 1].names[p.language as Language] }],
  }),
  defineOperation({
    name: 'GetBookNameByVerseId',
    family: 'books',
    summary: 'The name of the book a verse id belongs to, as [{n}].',
    params: [COMMON_PARAMS.verseId, COMMON_PARAMS.language],
    result: arrayOf(BOOK_NAME),
    run: (ctx, p) => [{ n: ctx.meta.books[(p.verseId as VerseIdValue).book - 1].names[p.language as Language] }],
  }),
  defineOperation({
    name: 'GetBookIdByBookName',
    family: 'books',
    summary:
      'The 2-digit book id for a full name or abbreviation (case-, accent- and space-insensitive), as a bare string; [] when unknown. language limits the match to the names of that language; without it, English, Spanish and Arabic names all match.',
    params: [
      {
        name: 'bookName',
        type: 'text',
        required: true,
        maxLength: 100,
        description: 'a book name or abbreviation, e.g. "Genesis", "1 Juan", "متى", "Gen"',
      },
      {
        name: 'language',
        type: 'language',
        description:
          'optional: english, spanish or arabic: match only names in this language (default: every language)',
      },
    ],
    result: oneOf(string, empty),
    run(ctx, p) {
      const book = p.language === undefined ? findBook(ctx, p.bookName) : findBookIn(ctx, p.bookName, p.language);
      return book ? padBookId(book.number) : [];
    },
  }),
] as const;
