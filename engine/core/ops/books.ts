// Books: lists in three languages, abbreviations, names by id, ids by name.
import type { BookRecord, Language } from '../meta.ts';
import { bookNameKey } from '../meta.ts';
import { P, type Context, type OperationDef, type VerseIdValue } from '../operation.ts';

export function bookRow(book: BookRecord, language: Language) {
  return { b: String(book.number), n: book.names[language], t: book.testament, g: String(book.genreId), genre: book.genre };
}

/** Finds a book by any of its names or abbreviations in any language; undefined when unknown. */
export function findBook(ctx: Context, name: string): BookRecord | undefined {
  const key = bookNameKey(name);
  const number = ctx.meta.nameIndex().get(key) ?? (/^\d{1,2}$/.test(key) ? Number(key) : undefined);
  return number && number >= 1 && number <= 66 ? ctx.meta.books[number - 1] : undefined;
}

const listBooks = (testament?: 'OT' | 'NT'): OperationDef['run'] => (ctx, p) =>
  ctx.meta.books.filter((b) => !testament || b.testament === testament).map((b) => bookRow(b, p.language));

export const bookOperations: OperationDef[] = [
  { name: 'GetBooks', family: 'books', summary: 'The 66 books as [{b, n, t, g, genre}] with names in the language.', params: [P.language], run: listBooks() },
  { name: 'GetBooksOT', family: 'books', summary: 'The 39 Old Testament books.', params: [P.language], run: listBooks('OT') },
  { name: 'GetBooksNT', family: 'books', summary: 'The 27 New Testament books.', params: [P.language], run: listBooks('NT') },
  {
    name: 'GetBibleBookAbbreviations', family: 'books',
    summary: 'Every book with its name and abbreviations in the language; the preferred abbreviation first.',
    params: [P.language],
    run: (ctx, p) => ctx.meta.books.map((b) => ({
      b: String(b.number), n: b.names[p.language as Language], a: b.abbreviations[p.language as Language][0] ?? '',
      abbreviations: b.abbreviations[p.language as Language],
    })),
  },
  {
    name: 'GetBookNameByBookId', family: 'books', summary: 'The book name as [{n}].',
    params: [P.bookId, P.language],
    run: (ctx, p) => [{ n: ctx.meta.books[p.bookId - 1].names[p.language as Language] }],
  },
  {
    name: 'GetBookNameByVerseId', family: 'books', summary: 'The name of the book a verse id belongs to, as [{n}].',
    params: [P.verseId, P.language],
    run: (ctx, p) => [{ n: ctx.meta.books[(p.verseId as VerseIdValue).book - 1].names[p.language as Language] }],
  },
  {
    name: 'GetBookIdByBookName', family: 'books',
    summary: 'The 2-digit book id for a full name or abbreviation in English, Spanish or Arabic (case-, accent- and space-insensitive), as a bare string; [] when unknown.',
    params: [{ name: 'bookName', type: 'text', required: true, maxLength: 100, description: 'a book name or abbreviation, e.g. "Genesis", "1 Juan", "متى", "Gen"' }],
    run(ctx, p) {
      const book = findBook(ctx, p.bookName);
      return book ? String(book.number).padStart(2, '0') : [];
    },
  },
];
