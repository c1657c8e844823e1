// A translation's chapters and verse ranges, as the verse, counting, search and random families use them.
import { invalid, notAvailable } from './errors.ts';
import type { BookOrTestament, Context, VerseRow } from './operation.ts';
import { composeVerseId, formatBookAndChapterId } from './ids.ts';
import { lowerBound } from './translation.ts';
import { hasOwn } from './es2020.ts';

/** Throws when a chapter does not exist in the translation; the message gives the valid range. */
export function checkChapter(
  ctx: Context,
  versionId: string,
  book: number,
  chapter: number,
  param = 'chapterId',
): void {
  const chapters = ctx.meta.versionById.get(versionId)!.chapterVerses[book - 1] ?? [];
  // An imported text may hold some books only: a book it lacks is absent, never answered from another text.
  const imported = ctx.meta.imported?.get(versionId);
  if (imported && chapters.every((verses) => verses === 0))
    throw notAvailable(
      `${versionId} (${imported.info.name}) has no ${ctx.meta.books[book - 1].names.english}: it holds ${imported.info.books.length} book${imported.info.books.length === 1 ? '' : 's'} (GetVersions lists them)`,
      { chapterId: 'bookId', limitToChapterId: 'limitToBookId' }[param] ?? param,
    );
  if (chapter > chapters.length) {
    const name = ctx.meta.books[book - 1].names.english;
    // A bookAndChapterId is shown whole and as read: "4303" (a 4-digit id) is Numbers 303, not John 3.
    const sent =
      param === 'bookAndChapterId' ? `${formatBookAndChapterId(book, chapter)} (${name} ${chapter})` : chapter;
    const count = `${chapters.length} chapter${chapters.length === 1 ? '' : 's'}`;
    throw invalid(param, `${param} ${sent} does not exist: ${name} has ${count} in ${versionId}`);
  }
}

/** Whether a limit names a book rather than a testament. Its own `book` only: `'book' in limit` also finds
 *  a `book` set on Object.prototype, which turned an nt limit into a book limit of undefined. */
export const isBookLimit = (limit: BookOrTestament): limit is { book: number } => hasOwn(limit, 'book');

/** [first, end) positions of the verses a book, testament or chapter limit allows. */
export function limitRange(
  ctx: Context,
  versionId: string,
  limit: BookOrTestament | undefined,
  chapter: number | undefined,
): [number, number] {
  const text = ctx.translation(versionId);
  if (chapter !== undefined) {
    if (!limit) throw invalid('limitToChapterId', 'limitToChapterId needs limitToBookId set to a book number');
    if (!isBookLimit(limit))
      throw invalid(
        'limitToChapterId',
        `limitToChapterId needs limitToBookId set to a book number; it cannot be combined with ${limit.testament.toLowerCase()}`,
      );
    checkChapter(ctx, versionId, limit.book, chapter, 'limitToChapterId');
    return text.chapterRange(limit.book, chapter);
  }
  if (!limit) return [0, text.size];
  if (isBookLimit(limit)) return text.bookRange(limit.book);
  const nt = lowerBound(text.ids, 40_000_000);
  return limit.testament === 'OT' ? [0, nt] : [nt, text.size];
}

/** A chapter's verse records (shared and frozen; the array is the caller's own). */
export function chapterRows(ctx: Context, versionId: string, book: number, chapter: number): VerseRow[] {
  const text = ctx.translation(versionId);
  const first = text.firstAtOrAfter(composeVerseId(book, chapter, 0));
  const end = text.firstAtOrAfter(composeVerseId(book, chapter + 1, 0));
  const rows = new Array<VerseRow>(end - first);
  for (let i = first; i < end; i++) rows[i - first] = text.rowAt(i);
  return rows;
}
