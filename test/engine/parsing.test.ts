import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bible, callError } from '../helpers.ts';

describe('citations and ids', async () => {
  const b = await bible();

  it('follows the API rules', async () => {
    expect(await b.GetParseCitation({ citation: 'Matthew 5:3' })).toEqual({
      bookName: 'Matthew',
      bookId: '40',
      chapterId: '005',
      verseIds: ['40005003'],
    });
    expect((await b.GetParseCitation({ citation: 'Matt 5:3-5,7' })).verseIds).toEqual([
      '40005003',
      '40005004',
      '40005005',
      '40005007',
    ]);
    expect((await b.GetParseCitation({ citation: 'Matt 5:3-5, 7' })).verseIds).toEqual([
      '40005003',
      '40005004',
      '40005005',
      '40005007',
    ]);
    expect((await b.GetParseCitation({ citation: '1 John 4:8' })).bookId).toBe('62');
    expect((await b.GetParseCitation({ citation: 'Juan 3:16' })).verseIds).toEqual(['43003016']);
    expect((await b.GetParseCitation({ citation: 'Ps 117' })).verseIds).toEqual(['19117001', '19117002']);
    // Not validated against the Bible, as the API specifies.
    expect((await b.GetParseCitation({ citation: 'John 3:99' })).verseIds).toEqual(['43003099']);
  });

  it('rejects what is not a citation, naming the parameter', async () => {
    for (const citation of [
      '',
      'John',
      '3:16',
      'Hezekiah 1:1',
      'John 3:5-2',
      'John 3:a',
      'John 3:16; 4:1',
      'John 3:1-2-3',
    ]) {
      const error = await callError('GetParseCitation', { citation });
      expect(error.param).toBe('citation');
    }
  });

  it('parse(format(citation)) gives the citation back', async () => {
    const books = await b.GetBooks();
    const items = fc.array(fc.tuple(fc.integer({ min: 1, max: 176 }), fc.integer({ min: 0, max: 20 })), {
      minLength: 1,
      maxLength: 6,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 65 }),
        fc.integer({ min: 1, max: 150 }),
        items,
        fc.boolean(),
        async (i, chapter, parts, spaces) => {
          const text = parts
            .map(([from, len]) => (len ? `${from}-${from + len}` : `${from}`))
            .join(spaces ? ', ' : ',');
          const citation = `${books[i].n} ${chapter}:${text}`;
          const parsed = await b.GetParseCitation({ citation });
          expect(parsed.bookName).toBe(books[i].n);
          expect(parsed.bookId).toBe(String(i + 1).padStart(2, '0'));
          expect(parsed.chapterId).toBe(String(chapter).padStart(3, '0'));
          const expected = new Set<string>();
          for (const [from, len] of parts)
            for (let v = from; v <= from + len; v++)
              expected.add(`${parsed.bookId}${parsed.chapterId}${String(v).padStart(3, '0')}`);
          expect(parsed.verseIds).toEqual([...expected]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('GetCitationsInText: a hit names one book; a range across books names both ends', async () => {
    const hits = await b.GetCitationsInText({ text: 'Ps 23; also Gen 1:1-2:3 and v. 5. Then Ruth 4:1-1 Samuel 1:10.' });
    expect(
      hits.map((h: { match: string; bookId: string; endBookId?: string }) => [h.match, h.bookId, h.endBookId]),
    ).toEqual([
      ['Ps 23', '19', undefined],
      ['Gen 1:1-2:3 and v. 5', '01', undefined],
      ['Ruth 4:1-1 Samuel 1:10', '08', '09'],
    ]);
    expect(hits[0]).not.toHaveProperty('endBookId');
    expect(hits[2].passages).toEqual([
      { from: '08004001', to: '08004022' },
      { from: '09001001', to: '09001010' },
    ]);
    // The lone citation reads the same forms by the same grammar; a second book is refused.
    expect((await b.GetParseCitation({ citation: 'Genesis verse 2' })).verseIds).toEqual(['01001002']);
    expect((await b.GetCitationsInText({ text: 'as Genesis verse 2 says' }))[0].passages).toEqual([
      { from: '01001002', to: '01001002' },
    ]);
    expect((await callError('GetParseCitation', { citation: 'Ruth 4:1-1 Samuel 1:10' })).message).toContain(
      'one book and one chapter',
    );
  });

  it('GetParseVerseId pads and answers [] for malformed or nonexistent ids', async () => {
    expect(await b.GetParseVerseId({ verseId: '43003016' })).toEqual({
      verseId: '43003016',
      bookId: '43',
      bookAndChapterId: '43003',
      chapterNumber: '003',
      verseNumber: '016',
      bookName: 'John',
    });
    expect(await b.GetParseVerseId({ verseId: '1001001' })).toMatchObject({
      verseId: '01001001',
      bookId: '01',
      bookAndChapterId: '01001',
    });
    for (const verseId of ['abc', '43003099', '67001001', '4300301x', '00000000'])
      expect(await b.GetParseVerseId({ verseId })).toEqual([]);
  });

  it('verseId -> GetParseVerseId -> citation -> verseId round-trips over the whole Bible', async () => {
    const v = b.meta.versification;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: v.verseCount - 1 }), async (ordinal) => {
        const id = String(v.idOf(ordinal)).padStart(8, '0');
        const parts = await b.GetParseVerseId({ verseId: id });
        const parsed = await b.GetParseCitation({
          citation: `${parts.bookName} ${Number(parts.chapterNumber)}:${Number(parts.verseNumber)}`,
        });
        expect(parsed.verseIds).toEqual([id]);
      }),
      { numRuns: 300 },
    );
  });

  it('names chapters by bookAndChapterId', async () => {
    expect(await b.GetBookAndChapterNameByBookAndChapterId({ bookAndChapterId: '43003' })).toBe('John 3');
    expect(await b.GetBookAndChapterNameByBookAndChapterId({ bookAndChapterId: '19150', language: 'spanish' })).toBe(
      'Salmos 150',
    );
    for (const id of ['43022', '67001', '00001', 'abc', '1'])
      expect(await b.GetBookAndChapterNameByBookAndChapterId({ bookAndChapterId: id })).toEqual([]);
  });

  it('GetWords keeps punctuation on its word', async () => {
    const words = await b.GetWords({ verseId: '01001001' });
    expect(words).toMatchObject({ verseId: '01001001', versionId: 'kjv', wordCount: 10, 0: 'In', 9: 'earth.' });
    expect(await b.GetWords({ verseId: '40017021', versionId: 'asv' })).toEqual([]);
  });
});
