// Numbers in other digits (Arabic-Indic, Persian, full-width) as every numeric parameter reads them, and
// lone citations in the quotes and brackets of Chinese and Japanese text: what must read, what must stay
// refused, and refusals that quote the value as it was sent. Through the engine, the HTTP server and the CLI.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BibleServer } from '../../engine/node/server.ts';
import { openNode } from '../../engine/node/loader.ts';
import { bible, type LooseBible, refusalOf } from '../helpers.ts';
import { get, startServer } from '../hosts/http.ts';

const run = promisify(execFile);
const CLI = join(import.meta.dirname, '..', '..', 'bin', 'bible.js');

async function refusal(name: string, params: Record<string, unknown>, param: string) {
  const error = await refusalOf(name, params);
  expect(error.code, error.message).toBe('INVALID_PARAMETER');
  expect(error.param).toBe(param);
  return error.message;
}

const verseIds = (answer: readonly { id: string }[]) => answer.map((v) => v.id);

describe('numbers in other digits', () => {
  it.each([
    ['٤٣٠٠٣٠١٦'], // Arabic-Indic
    ['۴۳۰۰۳۰۱۶'], // Persian
    ['４３００３０１６'], // full-width
  ])('verseId=%s is John 3:16', async (verseId) => {
    expect(verseIds(await (await bible()).GetVerse({ verseId }))).toEqual(['43003016']);
  });

  it('a 7-digit verseId in other digits is read as the 7-digit ASCII one is', async () => {
    expect(verseIds(await (await bible()).GetVerse({ verseId: '１００１００１' }))).toEqual(['01001001']);
  });

  it.each([
    ['४३००३०१६'], // Devanagari
    ['৪৩০০৩০১৬'], // Bengali
    ['𝟒𝟑𝟎𝟎𝟑𝟎𝟏𝟔'], // mathematical bold
    ['⁴³⁰⁰³⁰¹⁶'], // superscripts
    ['－４３００３０１６'],
    ['＋４３００３０１６'],
    ['４３００３０１６．０'],
    ['٤٣٬٠٠٣٬٠١٦'], // Arabic thousands separator
    ['４３００３０１６\u3000'],
    ['１e7'],
  ])('verseId=%s stays refused, quoted as sent', async (verseId) => {
    expect(await refusal('GetVerse', { verseId }, 'verseId')).toContain(JSON.stringify(verseId));
  });

  it('a number past its bounds is quoted as sent, in any of the digits read', async () => {
    expect(await refusal('GetChapter', { bookId: '６７', chapterId: '1' }, 'bookId')).toMatch(/got ６７$/);
    expect(await refusal('GetChapter', { bookId: '٠', chapterId: '1' }, 'bookId')).toMatch(/got ٠$/);
    expect(await refusal('GetChapter', { bookId: '43', chapterId: '١٥١' }, 'chapterId')).toMatch(/got ١٥١$/);
    expect(
      await refusal('GetReadingTimeByAge', { requestedAge: '35', wordCount: '٩'.repeat(12) }, 'wordCount'),
    ).toMatch(/got ٩{12}$/);
    expect(await refusal('GetRandomVerse', { seed: '٤٢٩٤٩٦٧٢٩٦' }, 'seed')).toMatch(/got ٤٢٩٤٩٦٧٢٩٦$/);
    expect(await refusal('GetRandomChapter', { limitToBookId: '６７' }, 'limitToBookId')).toMatch(/got ６７$/);
    expect(await refusal('GetVerse', { verseId: '６７００１００１' }, 'verseId')).toContain('６７００１００１');
    // ASCII values are still shown as the numbers they are.
    expect(await refusal('GetChapter', { bookId: '067', chapterId: '1' }, 'bookId')).toMatch(/got 67$/);
  });

  it('a bookAndChapterId out of range is quoted as sent, by both operations that take one', async () => {
    expect(
      await refusal('GetChapterByBookAndChapterId', { bookAndChapterId: '６７００１' }, 'bookAndChapterId'),
    ).toMatch(/got ６７００１$/);
    expect(await refusal('GetWordCountOfChapter', { bookAndChapterId: '٤٣٠٠٠' }, 'bookAndChapterId')).toMatch(
      /got ٤٣٠٠٠$/,
    );
    expect(await refusal('GetWordCountOfChapter', { bookAndChapterId: '67001' }, 'bookAndChapterId')).toMatch(
      /book 01-66 and chapter 001 or more, got 67001$/,
    );
    expect(verseIds(await (await bible()).GetChapterByBookAndChapterId({ bookAndChapterId: '٤٣٠٠٣' }))[15]).toBe(
      '43003016',
    );
  });

  it('book names with other digits and full-width letters', async () => {
    const b = await bible();
    expect(verseIds(await b.GetChapter({ bookId: 'Ｊｏｈｎ', chapterId: '３' }))[15]).toBe('43003016');
    expect(verseIds(await b.GetChapter({ bookId: '١ يوحنا', chapterId: '١' }))[0]).toBe('62001001');
    expect(verseIds(await b.GetChapter({ bookId: '１\u3000Ｊｏｈｎ', chapterId: '1' }))[0]).toBe('62001001');
    expect(await refusal('GetChapter', { bookId: '४३', chapterId: '1' }, 'bookId')).toContain('"४३"');
    expect(await refusal('GetChapter', { bookId: '１e1', chapterId: '1' }, 'bookId')).toContain('"１e1"');
  });

  it("a Strong's number after its letter reads other digits, as the number alone does", async () => {
    const b = await bible();
    const love = (await b.GetStrongs({ id: '٢٦', lexiconId: 'G' }))[0].strongs_id;
    expect(love).toBe('G26');
    for (const id of ['G٢٦', 'G２６', 'Ｇ２６', 'g۲۶', 'G００２６'])
      expect((await b.GetStrongs({ id }))[0].strongs_id, id).toBe('G26');
    expect((await b.GetStrongs({ id: 'H٤٣٠' }))[0].strongs_id).toBe('H430');
    expect(await refusal('GetStrongs', { id: 'G९' }, 'id')).toContain('"G९"');
    expect(await refusal('GetStrongs', { id: 'G٢٦', lexiconId: 'H' }, 'id')).toContain('"G٢٦" names lexiconId G');
    expect(await refusal('GetStrongs', { id: 'G٩٩٩٩٩' }, 'id')).toMatch(/got ٩٩٩٩٩$/);
  });

  it('ages, counts and dates', async () => {
    const b = await bible();
    const time = await b.GetReadingTimeByAge({ requestedAge: '٣٥', wordCount: '６５０' });
    expect([time.readersAge, time.readersAgeRequested, time.wordCount]).toEqual(['35', '٣٥', '650']);
    // An age in digits that are not read is no age, and reads as the youngest.
    expect((await b.GetReadingTimeByAge({ requestedAge: '३५', wordCount: '1' })).readersAge).toBe('6');
    const [plan] = await b.GetBibleReadingPlan({ days: '٣٠', requestedStartDate: '٢٠٢٤-٠١-٠١' });
    expect([plan.daysRequested, plan.datesInfo.startDate]).toEqual(['30', '2024-01-01']);
    expect(
      await refusal('GetBibleReadingPlan', { days: '30', requestedStartDate: '٢٠٢٣-٠٢-٣٠' }, 'requestedStartDate'),
    ).toContain('"٢٠٢٣-٠٢-٣٠"');
    expect(
      await refusal('GetBibleReadingPlan', { days: '30', requestedStartDate: '٩٩٩٩-٠١-٠١' }, 'requestedStartDate'),
    ).toMatch(/got ٩٩٩٩-٠١-٠١$/);
    expect(
      await refusal(
        'GetBibleReadingPlan',
        { days: '30', requestedStartDate: '２０２４／０１／０１' },
        'requestedStartDate',
      ),
    ).toContain('"２０２４／０１／０１"');
  });

  it('strict mode reads them as call() does', async () => {
    const strict = (await openNode({ strict: true })) as unknown as LooseBible;
    expect(verseIds(await strict.call('GetVerse', { verseId: '٤٣٠٠٣٠١٦' }))).toEqual(['43003016']);
    await expect(strict.call('GetChapter', { bookId: '６７', chapterId: '1' })).rejects.toThrow(/got ６７$/);
    // An unknown parameter beside a number in other digits is still refused.
    await expect(strict.call('GetVerse', { verseId: '٤٣٠٠٣٠١٦', verse: '1' })).rejects.toThrow(/no parameter "verse"/);
  });
});

describe('lone citations in Chinese and Japanese quotes and brackets', () => {
  it.each([
    ['「John 3:16」'],
    ['『John 3:16』'],
    ['《John 3:16》'],
    ['〈John 3:16〉'],
    ['〔John 3:16〕'],
    ['〖John 3:16〗'],
    ['「『John 3:16』」'],
    ['【「John 3:16」】。'],
    ['「John 3:16」'], // unbalanced: as "John 3:16 (a lone ASCII quote) is read
    ['John 3:16」'],
    ['「John\u30003:16」'], // the ideographic space an input method types
    ['\u3000「Ｊｏｈｎ ３：１６」\u3000'],
    ['「John 3:16 NIV」'],
  ])('GetParseCitation(%s) is John 3:16', async (citation) => {
    expect((await (await bible()).GetParseCitation({ citation })).verseIds).toEqual(['43003016']);
  });

  it('ranges and lists with the ideographic comma and full stop', async () => {
    const b = await bible();
    expect((await b.GetParseCitation({ citation: '【John 3:16-17】' })).verseIds).toEqual(['43003016', '43003017']);
    expect((await b.GetParseCitation({ citation: '「John 3:16、18」。' })).verseIds).toEqual(['43003016', '43003018']);
  });

  it.each([
    ['」John 3:16「', 'unknown book'],
    ['John 「3:16」', 'unknown book'],
    ['John 3:「16」', 'could not read'],
    ['「John 3:16」「Rom 8:28」', 'could not read'],
    ['「」', 'unknown book'],
    ['「John」', 'no chapter after "John"'],
  ])('GetParseCitation(%s) is refused: %s', async (citation, says) => {
    expect(await refusal('GetParseCitation', { citation }, 'citation')).toContain(says);
  });

  it('free text: offsets are those of the text as given, and a name may follow Chinese without a space', async () => {
    const b = await bible();
    const text = '见「John 3:16」和〔Rom 8:28〕，又见Ｊｏｈｎ\u3000３：１６、１７。';
    const hits = await b.GetCitationsInText({ text });
    expect(hits.map((h: { match: string; start: number; end: number }) => [h.match, h.start, h.end])).toEqual([
      ['John 3:16', 2, 11],
      ['Rom 8:28', 14, 22],
      ['Ｊｏｈｎ\u3000３：１６、１７', 26, 38],
    ]);
    for (const h of hits) expect(text.slice(h.start, h.end)).toBe(h.match);
    expect(hits[2].passages).toEqual([
      { from: '43003016', to: '43003016' },
      { from: '43003017', to: '43003017' },
    ]);
  });
});

describe('through the HTTP server and the CLI', () => {
  let server: BibleServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it.each([
    ['/GetVerse?verseId=%D9%A4%D9%A3%D9%A0%D9%A0%D9%A3%D9%A0%D9%A1%D9%A6', 200],
    ['/GetChapter?bookId=%EF%BC%AA%EF%BD%8F%EF%BD%88%EF%BD%8E&chapterId=%EF%BC%93', 200],
    ['/GetStrongs?id=G%D9%A2%D9%A6', 200],
    ['/GetParseCitation?citation=%E3%80%8CJohn%E3%80%803%3A16%E3%80%8D', 200],
    ['/GetVerse?verseId=%E0%A5%AA%E0%A5%A9%E0%A5%A6%E0%A5%A6%E0%A5%A9%E0%A5%A6%E0%A5%A7%E0%A5%AC', 400],
    ['/GetVerse?verseId=%D9%A4%D9%A3%D9%A0%D9%A0%D9%A3%D9%A0%D9%A1%D9', 400], // a cut UTF-8 sequence
  ])('%s answers %d', async (path, status) => {
    const answer = await get(server.url, path);
    expect(answer.status, answer.text).toBe(status);
  });

  it('a refusal quotes the value as sent', async () => {
    const answer = await get(server.url, '/GetChapter?bookId=%EF%BC%96%EF%BC%97&chapterId=1');
    expect(answer.status).toBe(400);
    expect(answer.json().error.message).toMatch(/got ６７$/);
  });

  it('the CLI reads them as words', async () => {
    const { stdout } = await run(process.execPath, [CLI, 'GetVerse', 'verseId=٤٣٠٠٣٠١٦']);
    expect(verseIds(JSON.parse(stdout))).toEqual(['43003016']);
    const refused = await run(process.execPath, [CLI, 'GetChapter', 'bookId=６７', 'chapterId=1']).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect('code' in refused && refused.code).toBe(2);
    expect(JSON.parse((refused as { stderr: string }).stderr).error.message).toMatch(/got ６７$/);
  });
});
