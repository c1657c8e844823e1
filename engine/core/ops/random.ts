// Random verse and chapter picks: uniform over what the limits allow, reproducible with a seed.
import { BibleError, invalid } from '../errors.ts';
import { COMMON_PARAMS, defineOperation, textPack, type BookOrTestament } from '../operation.ts';
import { VERSE } from '../records.ts';
import { arrayOf } from '../shape.ts';
import { pick } from '../random.ts';
import { matchingPositions } from '../search/matching.ts';
import { chapterRows, isBookLimit, limitRange } from '../chapters.ts';

export const randomOperations = [
  defineOperation({
    name: 'GetRandomVerse',
    family: 'random',
    summary: 'A random verse [{id, b, c, v, t}], uniform over the verses the limits allow.',
    params: [
      COMMON_PARAMS.versionId,
      COMMON_PARAMS.limitToBookId,
      COMMON_PARAMS.limitToChapterId,
      {
        name: 'limitToQuery',
        type: 'text',
        maxLength: 200,
        description: 'optional: the verse must contain this word or phrase (case- and accent-insensitive, whole words)',
      },
      COMMON_PARAMS.seed,
    ],
    result: arrayOf(VERSE),
    packs: (p) => [textPack(p.versionId)],
    run(ctx, p) {
      const text = ctx.translation(p.versionId);
      const [first, end] = limitRange(ctx, p.versionId, p.limitToBookId, p.limitToChapterId);
      const random = ctx.random(p.seed);
      let position: number;
      if (p.limitToQuery !== undefined) {
        // GetSearch's matching (whole words, a phrase in order), with the translation's word index.
        const candidates = matchingPositions(ctx, p.versionId, p.limitToQuery, { range: [first, end] });
        if (candidates.length === 0)
          throw new BibleError(
            'INVALID_PARAMETER',
            `no verse of ${p.versionId} within the limits contains ${JSON.stringify(p.limitToQuery)}`,
            'limitToQuery',
          );
        position = candidates[pick(random, candidates.length)];
      } else {
        if (end <= first) throw invalid('limitToBookId', `${p.versionId} has no verses within these limits`);
        position = first + pick(random, end - first);
      }
      return [text.rowAt(position)];
    },
  }),
  defineOperation({
    name: 'GetRandomChapter',
    family: 'random',
    summary: 'The verses of a random chapter as [{id, b, c, v, t}], uniform over the chapters the limit allows.',
    params: [COMMON_PARAMS.versionId, COMMON_PARAMS.limitToBookId, COMMON_PARAMS.seed],
    result: arrayOf(VERSE),
    packs: (p) => [textPack(p.versionId)],
    run(ctx, p) {
      const chapterVerses = ctx.meta.versionById.get(p.versionId)!.chapterVerses;
      const limit = p.limitToBookId as BookOrTestament | undefined;
      const books = ctx.meta.books.filter(
        (b) => !limit || (isBookLimit(limit) ? b.number === limit.book : b.testament === limit.testament),
      );
      const chapters: [number, number][] = [];
      for (const b of books)
        chapterVerses[b.number - 1].forEach((verses, c) => {
          if (verses > 0) chapters.push([b.number, c + 1]);
        });
      if (chapters.length === 0) throw invalid('limitToBookId', `${p.versionId} has no chapters within this limit`);
      const [book, chapter] = chapters[pick(ctx.random(p.seed), chapters.length)];
      return chapterRows(ctx, p.versionId, book, chapter);
    },
  }),
] as const;
