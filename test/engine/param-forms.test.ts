// Forms people write that the specification does not: a Strong's number with its letter (id=G26) and
// a canonical book by name (bookId=John); and strict mode naming the parameter a misspelt one meant.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BibleError } from '../../engine/core/errors.ts';
import { closestName } from '../../engine/core/params.ts';
import { openNode } from '../../engine/node/loader.ts';
import { bible, callError } from '../helpers.ts';

describe('GetStrongs with a prefixed id', async () => {
  const b = await bible();
  const entry = async (params: Record<string, string>) => (await b.call('GetStrongs', params))[0];

  it('reads G26 as lexiconId G and id 26, in any case and with leading zeros', async () => {
    const love = await entry({ lexiconId: 'G', id: '26' });
    for (const id of ['G26', 'g26', 'G0026', ' G26 ']) expect(await entry({ id }), id).toEqual(love);
    expect((await entry({ id: 'H430' })).strongs_id).toBe('H430');
    expect(await entry({ id: 'h0430', lexiconId: 'H' })).toEqual(await entry({ lexiconId: 'H', id: '430' }));
  });

  it('agrees with lexiconId plus number for every letter, case and padding', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('H', 'G'),
        fc.integer({ min: 1, max: 5624 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 3 }),
        async (letter, n, lower, zeros) => {
          const written = `${lower ? letter.toLowerCase() : letter}${'0'.repeat(zeros)}${n}`;
          expect(await entry({ id: written })).toEqual(await entry({ lexiconId: letter, id: String(n) }));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('refuses a prefix that disagrees with lexiconId, and still needs lexiconId for a bare number', async () => {
    const conflict = await callError('GetStrongs', { id: 'H430', lexiconId: 'G' });
    expect(conflict).toMatchObject({ code: 'INVALID_PARAMETER', param: 'id' });
    expect(conflict.message).toMatch(/lexiconId H.*lexiconId is "G"/);
    expect(await callError('GetStrongs', { id: '26' })).toMatchObject({
      code: 'MISSING_PARAMETER',
      param: 'lexiconId',
    });
    for (const id of ['X26', 'G', 'G26a', 'GG26', 'G-26', 'G0'])
      expect((await callError('GetStrongs', { id })).param, id).toMatch(/^(id|lexiconId)$/);
  });
});

describe('a canonical bookId given as a book name', async () => {
  const b = await bible();

  it('reads names and abbreviations in three languages through the name index', async () => {
    const john3 = await b.call('GetChapter', { bookId: '43', chapterId: '3' });
    for (const name of ['John', 'john', 'Jn', 'Juan', 'يوحنا'])
      expect(await b.call('GetChapter', { bookId: name, chapterId: '3' }), name).toEqual(john3);
    expect(await b.call('GetChapterCount', { bookId: '1 Kings' })).toEqual(
      await b.call('GetChapterCount', { bookId: '11' }),
    );
    expect(await b.call('GetBookNameByBookId', { bookId: 'Apocalipsis', language: 'english' })).toEqual([
      { n: 'Revelation' },
    ]);
  });

  it('reads every name and abbreviation as GetBookIdByBookName does, refusing those two books share', async () => {
    for (const language of ['english', 'spanish', 'arabic']) {
      const table = (await b.call('GetBibleBookAbbreviations', { language })) as string[][];
      for (const name of table.flat().map((n) => n.replace(/\.$/, ''))) {
        const id = await b.call('GetBookIdByBookName', { bookName: name });
        if (Array.isArray(id)) {
          expect((await callError('GetBookNameByBookId', { bookId: name })).param, name).toBe('bookId');
        } else {
          const [byName] = await b.call('GetBookNameByBookId', { bookId: name, language });
          expect(byName, name).toEqual((await b.call('GetBookNameByBookId', { bookId: id, language }))[0]);
        }
      }
    }
  });

  it('refuses a name that is not a canonical book, naming bookId', async () => {
    for (const bookId of ['Enoch', 'Jasher', 'nowhere', ' '])
      expect(await callError('GetChapter', { bookId, chapterId: '1' }), bookId).toMatchObject({
        code: 'INVALID_PARAMETER',
        param: 'bookId',
      });
  });

  it('leaves the extra-biblical books to their own numbering', async () => {
    expect(await callError('GetChapterExtraBiblical', { bookId: 'John', chapterId: '1' })).toMatchObject({
      param: 'bookId',
    });
  });
});

describe('numbers in full-width and Arabic-Indic digits', async () => {
  const b = await bible();
  // as a CJK input method types them, and as Arabic text writes them
  const fullWidth = (digits: string) => digits.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
  const arabicIndic = (digits: string) => digits.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

  it('reads every numeric parameter as its ASCII digits', async () => {
    for (const form of [fullWidth, arabicIndic]) {
      expect(await b.call('GetVerse', { verseId: form('43003016') }), form.name).toEqual(
        await b.call('GetVerse', { verseId: '43003016' }),
      );
      expect(await b.call('GetChapter', { bookId: form('43'), chapterId: form('3') })).toEqual(
        await b.call('GetChapter', { bookId: '43', chapterId: '3' }),
      );
      expect(await b.call('GetChapterByBookAndChapterId', { bookAndChapterId: form('43003') })).toEqual(
        await b.call('GetChapterByBookAndChapterId', { bookAndChapterId: '43003' }),
      );
      expect(await b.call('GetSearch', { query: 'love', limit: form('3') })).toHaveLength(3);
      expect(await b.call('GetSearchAdvanced', { query: 'love', limitToBookId: form('43') })).toEqual(
        await b.call('GetSearchAdvanced', { query: 'love', limitToBookId: '43' }),
      );
      const plan = await b.call('GetBibleReadingPlan', { days: form('30'), requestedStartDate: form('2024-01-01') });
      expect(plan[0].datesInfo.startDate).toBe('2024-01-01');
    }
  });

  it('still refuses what is no number, quoting it as sent', async () => {
    const error = await callError('GetChapter', { bookId: '４x', chapterId: '1' });
    expect(error).toMatchObject({ code: 'INVALID_PARAMETER', param: 'bookId' });
    expect(error.message).toContain('"４x"');
    expect((await callError('GetVerse', { verseId: '４３００３' })).param).toBe('verseId');
  });
});

describe('an engine refuses a parameter it does not take, naming the closest', () => {
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('answered');
      },
      (e: BibleError) => e,
    );

  it('by default, where a lenient engine (or strict: false) ignores it as the hosted API does', async () => {
    const params = { verseId: '43003016', versoinId: 'web' };
    const byDefault = await refusal((await openNode()).call('GetVerse' as string, params));
    expect(byDefault).toMatchObject({ code: 'INVALID_PARAMETER', param: 'versoinId' });
    const parallel = await refusal(
      (await openNode()).call('GetParallelVerses' as string, { verseId: '43003016', versionId: 'kjv,web' }),
    );
    expect(parallel).toMatchObject({ code: 'INVALID_PARAMETER', param: 'versionId' });
    for (const options of [{ lenient: true }, { strict: false }, { lenient: true, strict: false }]) {
      const b = await openNode(options);
      const [verse] = (await b.call('GetVerse' as string, params)) as { t: string }[];
      expect(verse.t, JSON.stringify(options)).toMatch(/^For God so loved the world/);
      expect(b.unknownParams('GetVerse', params)).toEqual(['versoinId']);
    }
    for (const options of [{ strict: true }, { lenient: false }, { lenient: false, strict: true }])
      expect(
        await refusal((await openNode(options)).call('GetVerse' as string, params)),
        JSON.stringify(options),
      ).toMatchObject({
        param: 'versoinId',
      });
  });

  it('refuses lenient and strict that contradict each other, or that are not true or false', async () => {
    for (const [options, param] of [
      [{ lenient: true, strict: true }, 'lenient'],
      [{ lenient: false, strict: false }, 'lenient'],
      [{ lenient: 'yes' }, 'lenient'],
      [{ strict: 1 }, 'strict'],
    ] as const)
      expect(await refusal(openNode(options as never)), JSON.stringify(options)).toMatchObject({
        code: 'INVALID_PARAMETER',
        param,
      });
  });

  it('suggests versionId for versoinId, and nothing for a name far from every parameter', async () => {
    const strict = await openNode();
    const error: BibleError = await strict.call('GetVerse' as string, { verseId: '43003016', versoinId: 'web' }).then(
      () => {
        throw new Error('answered');
      },
      (e: BibleError) => e,
    );
    expect(error).toMatchObject({ code: 'INVALID_PARAMETER', param: 'versoinId' });
    expect(error.message).toContain('did you mean versionId?');
    const far: BibleError = await strict.call('GetVerse' as string, { verseId: '43003016', color: 'red' }).then(
      () => {
        throw new Error('answered');
      },
      (e: BibleError) => e,
    );
    expect(far.message).not.toContain('did you mean');
  });

  it('finds a name one edit away, in any case', () => {
    const names = ['verseId', 'versionId', 'bookId', 'chapterId', 'query', 'limitToBookId'];
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.nat(), fc.constantFrom('drop', 'swap', 'upper'), (name, at, edit) => {
        const i = at % (name.length - 1);
        const typo =
          edit === 'drop'
            ? name.slice(0, i) + name.slice(i + 1)
            : edit === 'swap'
              ? name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2)
              : name.toUpperCase();
        expect(closestName(typo, names)).toBe(name);
      }),
    );
  });
});
