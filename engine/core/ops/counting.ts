// Chapter, verse and word counts. Counts differ between translations (own verse splits, empty slots).
import { invalid } from '../errors.ts';
import { P, textPack, type OperationDef, type VerseIdValue } from '../operation.ts';
import { checkChapter } from './verses.ts';

function sum(counts: Uint16Array, [first, end]: [number, number]): number {
  let total = 0;
  for (let i = first; i < end; i++) total += counts[i];
  return total;
}

export const countingOperations: OperationDef[] = [
  {
    name: 'GetChapterCount', family: 'counting', summary: 'Chapters in a book: {chapterCount}.',
    params: [P.bookId, P.versionId],
    run: (ctx, p) => ({ chapterCount: ctx.meta.versionById.get(p.versionId)!.chapterVerses[p.bookId - 1].length }),
  },
  {
    name: 'GetVerseCount', family: 'counting', summary: 'Verses in a chapter of a translation: {verseCount}.',
    params: [P.bookId, P.chapterId, P.versionId],
    run(ctx, p) {
      checkChapter(ctx, p.versionId, p.bookId, p.chapterId);
      return { verseCount: ctx.meta.versionById.get(p.versionId)!.chapterVerses[p.bookId - 1][p.chapterId - 1] };
    },
  },
  {
    name: 'GetWordCountOfBook', family: 'counting', summary: 'Words in a book (the GetWords rule): {wordCount}.',
    params: [P.bookId, P.versionId],
    packs: (p) => [textPack(p.versionId)],
    run(ctx, p) {
      const text = ctx.translation(p.versionId);
      return { wordCount: sum(text.wordCounts(), text.bookRange(p.bookId)) };
    },
  },
  {
    name: 'GetWordCountOfChapter', family: 'counting', summary: 'Words in a chapter: {wordCount}.',
    params: [P.bookId, P.chapterId, P.versionId],
    packs: (p) => [textPack(p.versionId)],
    run(ctx, p) {
      checkChapter(ctx, p.versionId, p.bookId, p.chapterId);
      const text = ctx.translation(p.versionId);
      return { wordCount: sum(text.wordCounts(), text.chapterRange(p.bookId, p.chapterId)) };
    },
  },
  {
    name: 'GetWordCountOfVerse', family: 'counting', summary: 'Words in a verse: {wordCount}.',
    params: [P.verseId, P.versionId],
    packs: (p) => [textPack(p.versionId)],
    run(ctx, p) {
      const text = ctx.translation(p.versionId);
      const i = text.indexOf((p.verseId as VerseIdValue).id);
      if (i < 0) throw invalid('verseId', `verseId ${p.verseId.id} is not a verse of ${p.versionId}`);
      return { wordCount: text.wordCounts()[i] };
    },
  },
];
