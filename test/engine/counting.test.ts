import { describe, expect, it } from 'vitest';
import { bible, callError } from '../helpers.ts';

describe('counts', async () => {
  const b = await bible();

  it('knows the KJV figures', async () => {
    let chapters = 0;
    let verses = 0;
    let ntChapters = 0;
    for (let book = 1; book <= 66; book++) {
      const { chapterCount } = await b.GetChapterCount({ bookId: book });
      chapters += chapterCount;
      if (book >= 40) ntChapters += chapterCount;
      for (let c = 1; c <= chapterCount; c++)
        verses += (await b.GetVerseCount({ bookId: book, chapterId: c })).verseCount;
    }
    expect([chapters, verses, ntChapters]).toEqual([1189, 31102, 260]);
    expect(await b.GetVerseCount({ bookId: 19, chapterId: 117 })).toEqual({ verseCount: 2, lastVerse: 2 });
  });

  it('counts differ between translations where their verses differ', async () => {
    const count = async (versionId: string, bookId: number, chapterId: number) =>
      (await b.GetVerseCount({ bookId, chapterId, versionId })).verseCount;
    expect(await count('web', 45, 14)).toBe(26); // doxology at Rom 14:24-26
    expect(await count('kjv', 45, 14)).toBe(23);
    expect(await count('asv', 40, 17)).toBe(26); // 17:21 only a margin note
    expect(await count('svd', 12, 4)).toBe(43); // 2 Kgs 4:43 holds KJV 4:43-44
    expect(await count('rv1909', 4, 13)).toBe(33); // RV1909's own numbering
    expect(await count('rv1909', 4, 12)).toBe(15);
  });

  it('gives the last verse number where a translation omits verses, so a loop to it reaches every verse', async () => {
    expect(await b.GetVerseCount({ bookId: 40, chapterId: 17, versionId: 'asv' })).toEqual({
      verseCount: 26,
      lastVerse: 27,
    });
    expect(await b.GetVerse({ verseId: '40017021', versionId: 'asv' })).toEqual([]); // omitted: the spec's empty answer
    expect((await b.GetVerse({ verseId: '40017027', versionId: 'asv' }))[0].v).toBe('27');
    for (const version of b.meta.versions) {
      for (let book = 1; book <= 66; book++) {
        const chapters = version.chapterVerses[book - 1];
        for (let c = 1; c <= chapters.length; c++) {
          const rows = await b.GetChapter({ bookId: book, chapterId: c, versionId: version.versionId });
          const { verseCount, lastVerse } = await b.GetVerseCount({
            bookId: book,
            chapterId: c,
            versionId: version.versionId,
          });
          expect(verseCount).toBe(rows.length);
          expect(lastVerse).toBe(Math.max(0, ...rows.map((r: { v: string }) => Number(r.v))));
        }
      }
    }
  });

  it('verse counts equal chapter lengths in every translation', async () => {
    for (const version of b.meta.versions) {
      for (const book of [1, 12, 19, 45, 64]) {
        const { chapterCount } = await b.GetChapterCount({ bookId: book, versionId: version.versionId });
        for (let c = 1; c <= chapterCount; c++) {
          const rows = await b.GetChapter({ bookId: book, chapterId: c, versionId: version.versionId });
          expect((await b.GetVerseCount({ bookId: book, chapterId: c, versionId: version.versionId })).verseCount).toBe(
            rows.length,
          );
        }
      }
    }
  });

  it('word counts follow GetWords, add up, and echo their parameters as strings', async () => {
    expect(await b.GetWordCountOfVerse({ verseId: '01001001' })).toEqual({
      verseId: '01001001',
      versionId: 'kjv',
      wordCount: 10,
    });
    const chapter = await b.GetChapter({ bookId: 19, chapterId: 117 });
    let sum = 0;
    for (const row of chapter) sum += (await b.GetWords({ verseId: row.id })).wordCount;
    expect(await b.GetWordCountOfChapter({ bookAndChapterId: '19117', versionId: 'kjv' })).toEqual({
      bookAndChapterId: '19117',
      versionId: 'kjv',
      wordCount: sum,
    });
    expect(await b.GetWordCountOfChapter({ bookId: 19, chapterId: 117 })).toEqual({
      bookAndChapterId: '19117',
      versionId: 'kjv',
      wordCount: sum,
    });
    let book = 0;
    for (let c = 1; c <= 4; c++) book += (await b.GetWordCountOfChapter({ bookId: 8, chapterId: c })).wordCount;
    expect(await b.GetWordCountOfBook({ bookId: 8 })).toEqual({ bookId: '8', versionId: 'kjv', wordCount: book });
    expect((await b.GetWordCountOfBook({ bookId: '08', versionId: 'bbe' })).wordCount).not.toBe(book);
  });

  it('GetWordCountOfChapter needs a bookAndChapterId, or a bookId and chapterId', async () => {
    expect(await callError('GetWordCountOfChapter', {})).toMatchObject({
      code: 'MISSING_PARAMETER',
      param: 'bookAndChapterId',
    });
    expect(await callError('GetWordCountOfChapter', { bookId: '8' })).toMatchObject({
      code: 'MISSING_PARAMETER',
      param: 'chapterId',
    });
    expect(await callError('GetWordCountOfChapter', { bookAndChapterId: '08005' })).toMatchObject({
      code: 'INVALID_PARAMETER',
      param: 'bookAndChapterId',
    });
    expect(await callError('GetWordCountOfChapter', { bookAndChapterId: '67001' })).toMatchObject({
      code: 'INVALID_PARAMETER',
      param: 'bookAndChapterId',
    });
  });

  it('a verse the translation lacks is an error for its word count', async () => {
    expect((await callError('GetWordCountOfVerse', { verseId: '40017021', versionId: 'asv' })).param).toBe('verseId');
  });
});
