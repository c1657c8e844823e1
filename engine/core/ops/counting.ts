// Chapter, verse and word counts. Counts differ between translations (own verse splits, empty slots).
import { BibleError, invalid } from '../errors.ts';
import { COMMON_PARAMS, defineOperation, textPack, type VerseIdValue } from '../operation.ts';
import { number, object, string } from '../shape.ts';
import { formatBookAndChapterId, formatVerseId } from '../ids.ts';
import { checkChapter } from '../chapters.ts';

function sum(counts: Uint16Array, [first, end]: [number, number]): number {
  let total = 0;
  for (let i = first; i < end; i++) total += counts[i];
  return total;
}

const bookAndChapterParam = {
  name: 'bookAndChapterId',
  type: 'bookAndChapterId',
  description: '5-digit BBCCC id, e.g. 43003 (or give bookId and chapterId)',
} as const;

/** GetWordCountOfChapter's chapter: bookAndChapterId as the API names it, or bookId with chapterId. */
function chapterOf(p: Record<string, any>): { book: number; chapter: number } {
  if (p.bookAndChapterId !== undefined) {
    // A book and chapter the parameter check has found in range (params.ts).
    return p.bookAndChapterId as { book: number; chapter: number };
  }
  if (p.bookId === undefined || p.chapterId === undefined) {
    throw new BibleError(
      'MISSING_PARAMETER',
      'GetWordCountOfChapter needs bookAndChapterId (5-digit BBCCC id, e.g. 43003), or bookId and chapterId',
      p.bookId === undefined ? 'bookAndChapterId' : 'chapterId',
    );
  }
  return { book: p.bookId, chapter: p.chapterId };
}

export const countingOperations = [
  defineOperation({
    name: 'GetChapterCount',
    family: 'counting',
    summary: 'Chapters in a book: {chapterCount}.',
    params: [COMMON_PARAMS.bookId, COMMON_PARAMS.versionId],
    result: object({ chapterCount: number }),
    run: (ctx, p) => ({ chapterCount: ctx.meta.versionById.get(p.versionId)!.chapterVerses[p.bookId - 1].length }),
  }),
  defineOperation({
    name: 'GetVerseCount',
    family: 'counting',
    summary:
      'Verses in a chapter of a translation: {verseCount, lastVerse}. verseCount counts the verses it has; lastVerse is the number of its last verse, larger where it omits verses (ASV Matt 17: 26 and 27).',
    params: [COMMON_PARAMS.bookId, COMMON_PARAMS.chapterId, COMMON_PARAMS.versionId],
    // lastVerse: a client that loops over a chapter's verse numbers needs the last one, not the count.
    result: object({ verseCount: number }, { lastVerse: number }),
    run(ctx, p) {
      checkChapter(ctx, p.versionId, p.bookId, p.chapterId);
      const version = ctx.meta.versionById.get(p.versionId)!;
      return {
        verseCount: version.chapterVerses[p.bookId - 1][p.chapterId - 1],
        lastVerse: version.chapterLastVerses[p.bookId - 1][p.chapterId - 1],
      };
    },
  }),
  defineOperation({
    name: 'GetWordCountOfBook',
    family: 'counting',
    summary: 'Words in a book (the GetWords rule): {bookId, versionId, wordCount}.',
    params: [COMMON_PARAMS.bookId, COMMON_PARAMS.versionId],
    result: object({ bookId: string, versionId: string, wordCount: number }),
    packs: (p) => [textPack(p.versionId)],
    run(ctx, p) {
      const text = ctx.translation(p.versionId);
      return {
        bookId: String(p.bookId),
        versionId: p.versionId,
        wordCount: sum(text.wordCounts(), text.bookRange(p.bookId)),
      };
    },
  }),
  defineOperation({
    name: 'GetWordCountOfChapter',
    family: 'counting',
    summary:
      'Words in a chapter: {bookAndChapterId, versionId, wordCount}. The chapter is a bookAndChapterId, or bookId with chapterId.',
    params: [
      bookAndChapterParam,
      COMMON_PARAMS.versionId,
      { ...COMMON_PARAMS.bookId, required: false },
      { ...COMMON_PARAMS.chapterId, required: false },
    ],
    result: object({ bookAndChapterId: string, versionId: string, wordCount: number }),
    packs: (p) => [textPack(p.versionId)],
    run(ctx, p) {
      const { book, chapter } = chapterOf(p);
      checkChapter(
        ctx,
        p.versionId,
        book,
        chapter,
        p.bookAndChapterId !== undefined ? 'bookAndChapterId' : 'chapterId',
      );
      const text = ctx.translation(p.versionId);
      return {
        bookAndChapterId: formatBookAndChapterId(book, chapter),
        versionId: p.versionId,
        wordCount: sum(text.wordCounts(), text.chapterRange(book, chapter)),
      };
    },
  }),
  defineOperation({
    name: 'GetWordCountOfVerse',
    family: 'counting',
    summary: 'Words in a verse: {verseId, versionId, wordCount}.',
    params: [COMMON_PARAMS.verseId, COMMON_PARAMS.versionId],
    result: object({ verseId: string, versionId: string, wordCount: number }),
    packs: (p) => [textPack(p.versionId)],
    run(ctx, p) {
      const verse = p.verseId as VerseIdValue;
      const text = ctx.translation(p.versionId);
      const i = text.indexOf(verse.id);
      if (i < 0)
        throw invalid(
          'verseId',
          `verseId ${formatVerseId(verse.book, verse.chapter, verse.verse)} is not a verse of ${p.versionId}`,
        );
      return {
        verseId: formatVerseId(verse.book, verse.chapter, verse.verse),
        versionId: p.versionId,
        wordCount: text.wordCounts()[i],
      };
    },
  }),
] as const;
