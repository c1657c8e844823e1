// The KJV ordinal of a verseId parameter: the study data is keyed by KJV verses, so a verse outside the
// KJV grid is a bad parameter, reported with the chapter's real size.
import { invalid } from '../errors.ts';
import { padVerseId } from '../ids.ts';
import type { Context, VerseIdValue } from '../operation.ts';

export function kjvOrdinal(ctx: Context, verse: VerseIdValue, param = 'verseId'): number {
  const ordinal = ctx.meta.versification.ordinalOf(verse.book, verse.chapter, verse.verse);
  if (ordinal >= 0) return ordinal;
  const book = ctx.meta.books[verse.book - 1];
  const chapters = ctx.meta.versification.chapterVerses[verse.book - 1];
  const size =
    verse.chapter > chapters.length
      ? `${book.names.english} has ${chapters.length} chapters`
      : `${book.names.english} ${verse.chapter} has ${chapters[verse.chapter - 1]} verses`;
  throw invalid(param, `${param} ${padVerseId(verse.id)} is not a KJV verse: ${size}`);
}
