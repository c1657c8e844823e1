// Extra-biblical books (1 Enoch, Jubilees, Jasher, …): book list, chapters, names, chapter counts and a
// whole-word search, from the extrabiblical pack. Book and chapter numbers are the source's own.
import { invalid } from '../errors.ts';
import { findVerses, NormalizedVerses, readSearchIndex, type SearchIndex } from '../search/searcher.ts';
import { type Context, defineOperation } from '../operation.ts';
import { arrayOf, number, object } from '../shape.ts';
import { BOOK_NAME, EXTRA_BIBLICAL_BOOK, EXTRA_BIBLICAL_VERSE } from '../records.ts';
import { perPack } from '../pack/per-pack.ts';
import type { PackOf } from '../pack/schema.ts';
import { EXTRABIBLICAL_PACK, type ExtraBook } from '../pack/schemas.ts';
import type { ParamSpec } from '../params.ts';

export interface ExtraRow {
  b: string;
  c: string;
  cs: string;
  v: string;
  vs: string;
  t: string;
}

interface ExtraData {
  books: ExtraBook[];
  bookById: Map<number, ExtraBook>;
  /** book id -> chapter number -> [first row, row count] */
  chapters: Map<number, Map<number, [number, number]>>;
  row(i: number): ExtraRow;
  text(i: number): string;
  rowCount: number;
  /** the rows' exact word index and their normalised texts, read on the first search */
  search(): { index: SearchIndex; rows: NormalizedVerses };
}

const extraData = perPack((pack: PackOf<typeof EXTRABIBLICAL_PACK>): ExtraData => {
  const books = pack.json('books');
  const chapterLists = pack.json('chapters');
  const labels = pack.json('labels');
  const book = pack.u16('book');
  const chapter = pack.u16('chapter');
  const verse = pack.u16('verse');
  const text = pack.text('text');
  const ends = pack.u32('textEnds');
  let search: ReturnType<ExtraData['search']> | null = null;
  const textAt = (i: number) => text.slice(i === 0 ? 0 : ends[i - 1], ends[i]);
  return {
    books,
    bookById: new Map(books.map((b) => [Number(b.id), b])),
    chapters: new Map(
      Object.entries(chapterLists).map(([id, list]) => [
        Number(id),
        new Map(list.map(([c, first, count]) => [c, [first, count]])),
      ]),
    ),
    rowCount: ends.length,
    row(i) {
      const label = labels[i];
      const c = String(chapter[i]);
      const v = String(verse[i]);
      return { b: String(book[i]), c, cs: label ? label[0] : c, v, vs: label ? label[1] : v, t: textAt(i) };
    },
    text: textAt,
    search() {
      if (!search) {
        const index = readSearchIndex(
          pack.name,
          pack.json('searchInfo'),
          () => pack.text('searchTerms'),
          () => pack.bytes('searchIds'),
          { size: ends.length, unit: 'rows', of: 'its text' },
        );
        search = { index, rows: new NormalizedVerses({ size: ends.length, textAt, versionId: 'extrabiblical' }) };
      }
      return search;
    },
  };
});

const load = (ctx: Context): ExtraData => extraData(ctx.pack(EXTRABIBLICAL_PACK));

const BOOK_ID = {
  name: 'bookId',
  type: 'integer',
  required: true,
  min: 1,
  max: 999,
  description: 'extra-biblical book id, e.g. 1 (1 Enoch); GetBooksExtraBiblical lists them (leading zeros accepted)',
} as const satisfies ParamSpec;
const CHAPTER_ID = {
  name: 'chapterId',
  type: 'integer',
  required: true,
  min: 0,
  max: 999,
  description: 'chapter number as the source numbers it (3 Baruch and 2 Hermas start at chapter 0)',
} as const satisfies ParamSpec;
const OPTIONAL_BOOK_ID = {
  ...BOOK_ID,
  required: false,
  description: 'limit the search to one extra-biblical book id (optional)',
} as const satisfies ParamSpec;

function bookOf(data: ExtraData, id: number): ExtraBook {
  const book = data.bookById.get(id);
  if (!book) {
    const ids = [...data.bookById.keys()].sort((a, b) => a - b);
    throw invalid(
      'bookId',
      `bookId ${id} is not an extra-biblical book; ids are ${ids[0]}-${ids[ids.length - 1]} (GetBooksExtraBiblical lists them)`,
    );
  }
  return book;
}

/** "1-43, 45" style list of a book's chapter numbers, for error messages. */
function ranges(numbers: number[]): string {
  const out: string[] = [];
  for (let i = 0; i < numbers.length; ) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j] + 1) j++;
    out.push(i === j ? String(numbers[i]) : `${numbers[i]}-${numbers[j]}`);
    i = j + 1;
  }
  return out.join(', ');
}

const needsPack = () => [EXTRABIBLICAL_PACK.name];

export const extrabiblicalOperations = [
  defineOperation({
    name: 'GetBooksExtraBiblical',
    family: 'extrabiblical',
    summary:
      'The 43 extra-biblical books (1 Enoch, Jubilees, Jasher, …) as [{id, weight, name, info_text, info_url, path}] (strings), in weight order.',
    params: [],
    result: arrayOf(EXTRA_BIBLICAL_BOOK),
    packs: needsPack,
    run: (ctx) => load(ctx).books.map((b) => ({ ...b })),
  }),
  defineOperation({
    name: 'GetChapterExtraBiblical',
    family: 'extrabiblical',
    summary:
      'A chapter of an extra-biblical book as [{b, c, cs, v, vs, t}] (strings) in the source\'s order; cs/vs carry labels such as "22b" or "6a", and alternative texts of one verse are separate rows.',
    params: [BOOK_ID, CHAPTER_ID],
    result: arrayOf(EXTRA_BIBLICAL_VERSE),
    packs: needsPack,
    run(ctx, p) {
      const data = load(ctx);
      const book = bookOf(data, p.bookId);
      const chapters = data.chapters.get(p.bookId)!;
      const range = chapters.get(p.chapterId);
      if (!range)
        throw invalid(
          'chapterId',
          `${book.name} has no chapter ${p.chapterId}; its chapters are ${ranges([...chapters.keys()])}`,
        );
      return Array.from({ length: range[1] }, (_, k) => data.row(range[0] + k));
    },
  }),
  defineOperation({
    name: 'GetBookNameExtraBiblicalByBookId',
    family: 'extrabiblical',
    summary: 'The name of an extra-biblical book as [{n}].',
    params: [BOOK_ID],
    result: arrayOf(BOOK_NAME),
    packs: needsPack,
    run: (ctx, p) => [{ n: bookOf(load(ctx), p.bookId).name }],
  }),
  defineOperation({
    name: 'GetChapterCountExtraBiblical',
    family: 'extrabiblical',
    summary:
      'How many distinct chapters an extra-biblical book has, as {chapterCount} (1 Enoch: 107, numbered 1-108 without 44).',
    params: [BOOK_ID],
    result: object({ chapterCount: number }),
    packs: needsPack,
    run(ctx, p) {
      const data = load(ctx);
      bookOf(data, p.bookId);
      return { chapterCount: data.chapters.get(p.bookId)!.size };
    },
  }),
  defineOperation({
    name: 'GetSearchExtraBiblical',
    family: 'extrabiblical',
    summary:
      'Verses of the extra-biblical books that contain the words as a whole-word phrase (case- and accent-insensitive), as [{b, c, cs, v, vs, t}]; [] when none.',
    params: [
      {
        name: 'query',
        type: 'text',
        required: true,
        maxLength: 200,
        description: 'a word or phrase, e.g. "watchers" or "son of man"',
      },
      OPTIONAL_BOOK_ID,
    ],
    result: arrayOf(EXTRA_BIBLICAL_VERSE),
    packs: needsPack,
    run(ctx, p) {
      const data = load(ctx);
      let first = 0;
      let end = data.rowCount;
      if (p.bookId !== undefined) {
        bookOf(data, p.bookId);
        const list = [...data.chapters.get(p.bookId)!.values()];
        first = Math.min(...list.map(([f]) => f));
        end = Math.max(...list.map(([f, n]) => f + n));
      }
      // The same whole-word phrase matching as GetSearch, answered from the rows' word index.
      const { index, rows: normalized } = data.search();
      const found = findVerses(normalized, index, { query: p.query, matchType: 'exact', range: [first, end] });
      const rows: ExtraRow[] = new Array(found.length);
      for (let j = 0; j < found.length; j++) rows[j] = data.row(found[j]);
      return rows;
    },
  }),
] as const;
