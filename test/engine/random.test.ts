import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bible, callError } from '../helpers.ts';

describe('random picks', async () => {
  const b = await bible();

  it('is reproducible with a seed and varies without one', async () => {
    const a = await b.GetRandomVerse({ seed: 42 });
    expect(await b.GetRandomVerse({ seed: 42 })).toEqual(a);
    const seen = new Set<string>();
    for (let i = 0; i < 20; i++) seen.add((await b.GetRandomVerse({ seed: i }))[0].id);
    expect(seen.size).toBeGreaterThan(15);
  });

  it('stays within the limits', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 66 }), fc.nat(), async (book, seed) => {
        const [verse] = await b.GetRandomVerse({ limitToBookId: book, seed });
        expect(Number(verse.b)).toBe(book);
      }),
      { numRuns: 50 },
    );
    for (let seed = 0; seed < 30; seed++) {
      const [nt] = await b.GetRandomVerse({ limitToBookId: 'nt', seed });
      expect(Number(nt.b)).toBeGreaterThanOrEqual(40);
      const [ot] = await b.GetRandomVerse({ limitToBookId: 'OT', seed });
      expect(Number(ot.b)).toBeLessThan(40);
      const [ch] = await b.GetRandomVerse({ limitToBookId: 43, limitToChapterId: 3, seed });
      expect(ch.id.slice(0, 5)).toBe('43003');
      const [q] = await b.GetRandomVerse({ limitToQuery: 'begotten', seed });
      expect(q.t.toLowerCase()).toContain('begotten');
      const chapter = await b.GetRandomChapter({ limitToBookId: 'nt', seed });
      expect(Number(chapter[0].b)).toBeGreaterThanOrEqual(40);
      expect(chapter.map((row: { v: string }) => row.v)).toEqual(chapter.map((_: unknown, i: number) => String(i + 1)));
      expect(new Set(chapter.map((row: { id: string }) => row.id.slice(0, 5))).size).toBe(1);
    }
  });

  it('is uniform over the allowed verses (Psalm 117: two verses, about half each)', async () => {
    let first = 0;
    for (let seed = 0; seed < 400; seed++)
      if ((await b.GetRandomVerse({ limitToBookId: 19, limitToChapterId: 117, seed }))[0].v === '1') first++;
    expect(first).toBeGreaterThan(140);
    expect(first).toBeLessThan(260);
  });

  it('matches limitToQuery accent- and vowel-insensitively in Spanish and Arabic', async () => {
    const [es] = await b.GetRandomVerse({ versionId: 'rv1909', limitToQuery: 'amo', limitToBookId: 43, seed: 1 });
    expect(es.t.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()).toMatch(/\bamo\b/);
    const [ar] = await b.GetRandomVerse({ versionId: 'svd', limitToQuery: 'الله', limitToBookId: 1, seed: 3 });
    expect(ar.b).toBe('1');
  });

  it('says clearly when the limits allow nothing', async () => {
    expect((await callError('GetRandomVerse', { limitToQuery: 'xyzzyplugh' })).param).toBe('limitToQuery');
    expect((await callError('GetRandomVerse', { limitToChapterId: 3 })).param).toBe('limitToChapterId');
    expect((await callError('GetRandomVerse', { limitToBookId: 'ot', limitToChapterId: 3 })).param).toBe(
      'limitToChapterId',
    );
    expect((await callError('GetRandomVerse', { limitToBookId: 19, limitToChapterId: 151 })).param).toBe(
      'limitToChapterId',
    );
  });
});
