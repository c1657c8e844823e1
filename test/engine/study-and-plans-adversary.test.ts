// Hostile and real-world inputs to the study, original-language, reading-plan, extra-biblical and
// licensing operations: every parameter form a client may send (typed callers, query strings, the CLI),
// edges of each range, and answers checked against the data they come from.
import { OPERATION_NAMES } from '../../engine/core/operation-names.ts';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BibleError } from '../../engine/core/errors.ts';
import { openNode } from '../../engine/node/loader.ts';
import type { BibleServer } from '../../engine/node/server.ts';
import { bible, refusalOf } from '../helpers.ts';
import { get, startServer, viaJson } from '../hosts/http.ts';

const run = promisify(execFile);
const CLI = join(import.meta.dirname, '..', '..', 'bin', 'bible.js');

async function expectInvalid(name: string, params: Record<string, unknown>, param: string, says?: RegExp) {
  const error = await refusalOf(name, params);
  expect(error.code, error.message).toBe('INVALID_PARAMETER');
  expect(error.param, error.message).toBe(param);
  expect(error.message).toContain(param);
  if (says) expect(error.message).toMatch(says);
  return error;
}

/** Every KJV chapter as a bookAndChapterId, in canonical order. */
async function allChapters(): Promise<string[]> {
  const b = await bible();
  const ids: string[] = [];
  for (let book = 1; book <= 66; book++) {
    const { chapterCount } = await b.call('GetChapterCount', { bookId: book });
    for (let c = 1; c <= chapterCount; c++) ids.push(`${String(book).padStart(2, '0')}${String(c).padStart(3, '0')}`);
  }
  return ids;
}

beforeAll(async () => {
  const b = await bible();
  await b.load(['lexicon', 'original-ot', 'original-nt', 'strongs-index', 'text-kjv', 'plans', 'topics', 'study']);
});

describe("Strong's numbers", () => {
  it.each([
    ['letter and number', { id: 'G26' }],
    ['lower case with leading zeros', { id: 'g0026' }],
    ['spaces around both', { id: ' G26 ', lexiconId: ' g ' }],
    ['the number with lexiconId', { id: '26', lexiconId: 'G' }],
    ['a number from a typed caller', { id: 26, lexiconId: 'g' }],
    ['a prefix that agrees with lexiconId', { id: 'G26', lexiconId: 'G' }],
    ['an empty lexiconId beside a prefix', { id: 'G26', lexiconId: '' }],
  ])('%s gives agapē, love', async (_label, params) => {
    const [entry] = await (await bible()).call('GetStrongs', params);
    expect(entry).toMatchObject({ id: '26', strongs_id: 'G26', language: 'G' });
    // The lexicon writes the accent as oxia (U+1F71), which NFC reads as tonos.
    expect(entry.word.normalize('NFC')).toBe('ἀγάπη'.normalize('NFC'));
    expect(entry.glossary).toMatch(/^agápē .*love/);
    for (const field of ['id', 'strongs_id', 'language', 'word', 'glossary', 'occurences', 'first_occurence', 'root'])
      expect(typeof entry[field], field).toBe('string');
    expect(entry.first_occurence).toMatch(/^\d{8}$/);
  });

  it('reads the first and last number of each dictionary, and refuses the one past it naming its range', async () => {
    const b = await bible();
    const [father] = await b.call('GetStrongs', { id: 'H1' });
    expect([father.strongs_id, father.word.normalize('NFC')]).toEqual(['H1', 'אָב'.normalize('NFC')]);
    expect((await b.call('GetStrongs', { id: 'H8674' }))[0]).toMatchObject({ strongs_id: 'H8674' });
    expect((await b.call('GetStrongs', { id: 'G5624' }))[0]).toMatchObject({ strongs_id: 'G5624' });
    await expectInvalid('GetStrongs', { id: 'H8675' }, 'id', /8674/);
    await expectInvalid('GetStrongs', { id: 'G5625' }, 'id', /1 to 5624 for lexiconId G/);
    await expectInvalid('GetStrongs', { id: '5625', lexiconId: 'G' }, 'id', /5624/);
  });

  it.each([
    ['zero', { id: 'G0' }, 'id'],
    ['a negative number', { id: '-1', lexiconId: 'G' }, 'id'],
    ['a fraction', { id: 1.5, lexiconId: 'G' }, 'id'],
    ['a space inside', { id: 'G 26' }, 'id'],
    ['a trailing word', { id: 'G26a' }, 'id'],
    ['a huge number', { id: '99999999999999999999', lexiconId: 'G' }, 'id'],
    ['a prefix that disagrees with lexiconId', { id: 'G26', lexiconId: 'H' }, 'id'],
    ['a lexicon name', { id: '26', lexiconId: 'greek' }, 'lexiconId'],
    ['a boolean', { id: true, lexiconId: 'G' }, 'id'],
  ])('refuses %s, naming the parameter', async (_label, params, param) => {
    await expectInvalid('GetStrongs', params, param);
  });

  // A typed caller's wrong type is refused as itself: an id array was answered as lexiconId missing, and
  // a lexiconId array beside a prefixed id was taken as if it were the letter.
  it.each([
    ['an id array', { id: ['G26'] }, 'id'],
    ['an id object', { id: { n: 26 } }, 'id'],
    ['an id of NaN', { id: Number.NaN }, 'id'],
    ['a lexiconId array beside a prefixed id', { id: 'G26', lexiconId: ['G'] }, 'lexiconId'],
    ['a lexiconId object beside a prefixed id', { id: 'G26', lexiconId: {} }, 'lexiconId'],
    ['a lexiconId array beside a bare number', { id: '26', lexiconId: ['G'] }, 'lexiconId'],
  ])('refuses %s as a wrong type', async (_label, params, param) => {
    await expectInvalid('GetStrongs', params, param, /must be a string or number/);
  });

  it('answers a missing number or lexicon as missing', async () => {
    expect((await refusalOf('GetStrongs', { id: '26' })).code).toBe('MISSING_PARAMETER');
    expect((await refusalOf('GetStrongs', { lexiconId: 'G' })).param).toBe('id');
    expect((await refusalOf('GetStrongs', {})).code).toBe('MISSING_PARAMETER');
  });

  it('GetSearchStrongs reads the same forms and answers verses in the chosen translation', async () => {
    const b = await bible();
    const kjv = await b.call('GetSearchStrongs', { strongsId: 'G26' });
    expect(kjv.length).toBeGreaterThan(100);
    expect(kjv[0]).toEqual(expect.objectContaining({ id: '40024012', b: '40', c: '24', v: '12' }));
    expect(kjv[0].t).toContain('love');
    for (const strongsId of ['g0026', ' G26 ', 'G26 '])
      expect(await b.call('GetSearchStrongs', { strongsId })).toEqual(kjv);
    expect(await b.call('GetSearchStrongs', { strongsId: 'G26', versionId: 'KJV' })).toEqual(kjv);
    const spanish = await b.call('GetSearchStrongs', { strongsId: 'G26', versionId: 'rv1909' });
    expect(spanish[0].t).toContain('caridad');
    expect((await b.call('GetSearchStrongs', { strongsId: 'H1' })).length).toBeGreaterThan(1000);
    expect(await b.call('GetSearchStrongs', { strongsId: 'H8674' })).toHaveLength(4);
    // Numbers Strong's dictionary skipped are used by no text.
    expect(await b.call('GetSearchStrongs', { strongsId: 'G2717' })).toEqual([]);
    for (const strongsId of ['26', 'G0', 'G 26', '', 26])
      await expectInvalid('GetSearchStrongs', { strongsId }, 'strongsId');
    await expectInvalid('GetSearchStrongs', { strongsId: 'H8675' }, 'strongsId', /H1-H8674/);
    await expectInvalid('GetSearchStrongs', { strongsId: 'G26', versionId: 'xyz' }, 'versionId');
  });
});

describe('original text', () => {
  it.each([
    ['Genesis 1:1', '01001001', 'בְּרֵאשִׁ֖ית', '7225'],
    ['Malachi 4:6, the last OT verse', '39004006', undefined, undefined],
    ['Matthew 1:1, the first NT verse', '40001001', undefined, undefined],
    ['John 3:16', '43003016', 'οὕτως', '3779'],
    ['Obadiah 1:21, the last verse of a one-chapter book', '31001021', undefined, undefined],
    ['3 John 1:14, a verse some translations number 1:15', '64001014', undefined, undefined],
    ['Revelation 22:21, the last verse', '66022021', 'Ἡ', '3588'],
  ])('%s answers word rows of strings', async (_label, verseId, first, strongs) => {
    const words = await (await bible()).call('GetOriginalText', { verseId });
    expect(words.length).toBeGreaterThan(0);
    for (const [i, w] of words.entries()) {
      for (const field of [
        'id',
        'verseID',
        'book',
        'chapter',
        'verse',
        'word',
        'pronun',
        'strongs',
        'morph',
        'orig_order',
        'connected',
        'parashah',
        'notes',
        'glossary',
      ])
        expect(typeof w[field], field).toBe('string');
      expect(w.verseID).toBe(String(Number(verseId)));
      expect(w.orig_order).toBe(String(i + 1));
      expect(w.word).not.toBe('');
    }
    if (first) expect([words[0].word.normalize('NFC'), words[0].strongs]).toEqual([first.normalize('NFC'), strongs]);
  });

  it('answers [] for the verse the Hebrew source lacks, and refuses verses outside the KJV naming the range', async () => {
    const b = await bible();
    expect(await b.call('GetOriginalText', { verseId: '16007068' })).toEqual([]);
    await expectInvalid('GetOriginalText', { verseId: '39004007' }, 'verseId', /Malachi 4 has 6 verses/);
    await expectInvalid('GetOriginalText', { verseId: '66023001' }, 'verseId', /Revelation has 22 chapters/);
    await expectInvalid('GetOriginalText', { verseId: '67001001' }, 'verseId');
    await expectInvalid('GetOriginalText', { verseId: ' 43003016 ' }, 'verseId');
    await expectInvalid('GetOriginalText', { verseId: [43003016] }, 'verseId');
    expect((await refusalOf('GetOriginalText', {})).code).toBe('MISSING_PARAMETER');
  });

  it('the letter tables take only english, in any case, or nothing', async () => {
    const b = await bible();
    const greek = await b.call('GetGreekCharactersAndUnicode', {});
    expect(greek.alpha).toEqual({ lowercase: '\\03b1', uppercase: '\\0391' });
    expect(await b.call('GetGreekCharactersAndUnicode', { language: ' English ' })).toEqual(greek);
    const hebrew = await b.call('GetHebrewCharactersAndUnicodePoints', { language: '' });
    expect(hebrew.letters.alef).toBe('\\u05d0');
    for (const language of ['spanish', 'hebrew', 5])
      await expectInvalid('GetHebrewCharactersAndUnicodePoints', { language }, 'language', /english/);
  });
});

describe('reading plans', () => {
  it('every plan reads each chapter of its sections once, in order, on consecutive dates', async () => {
    const b = await bible();
    const chapters = await allChapters();
    expect(chapters).toHaveLength(1189);
    const of = { 'OT+NT': chapters, OT: chapters.slice(0, 929), NT: chapters.slice(929) };
    for (const sections of ['OT+NT', 'OT', 'NT'] as const)
      for (const balance of ['chapters', 'words'])
        for (const days of [1, 2, 7, 30, 259, 260, 261, 365, 929, 1189, 1190, 3650]) {
          const [summary, ...plan] = await b.call('GetBibleReadingPlan', {
            days,
            sections,
            balance,
            requestedStartDate: '2024-02-28',
          });
          const want = of[sections];
          const label = `${sections} ${balance} ${days}`;
          expect(
            plan.flatMap((d: { bookAndChapterIds: string[] }) => d.bookAndChapterIds),
            label,
          ).toEqual(want);
          expect(summary.daysFilled, label).toBe(String(Math.min(days, want.length)));
          expect(
            plan.every((d: { bookAndChapterIds: string[] }) => d.bookAndChapterIds.length > 0),
            label,
          ).toBe(true);
          expect(plan.map((d: { day: number }) => d.day)).toEqual(plan.map((_: unknown, i: number) => i + 1));
          expect(plan[0].date).toBe('2024-02-28');
          if (plan.length > 2) expect([plan[1].date, plan[2].date]).toEqual(['2024-02-29', '2024-03-01']);
          const sizes = plan.map((d: { bookAndChapterIds: string[] }) => d.bookAndChapterIds.length);
          expect(summary.chaptersInfo.mostChapters.chapters).toBe(Math.max(...sizes));
          expect(summary.chaptersInfo.leastChapters.chapters).toBe(Math.min(...sizes));
          expect(summary.chaptersInfo.totalChapters).toBe(want.length);
          if (balance === 'chapters') expect(Math.max(...sizes) - Math.min(...sizes), label).toBeLessThanOrEqual(1);
        }
  });

  it('its word total is the KJV word counts added up, and its times those of GetReadingTimeByAge', async () => {
    const b = await bible();
    let total = 0;
    for (let bookId = 1; bookId <= 66; bookId++)
      total += (await b.call('GetWordCountOfBook', { bookId, versionId: 'kjv' })).wordCount;
    const [summary] = await b.call('GetBibleReadingPlan', {
      days: 365,
      requestedAge: 29,
      requestedStartDate: '2024-01-01',
    });
    expect(summary.readingTime.totalWords).toBe(total);
    expect(summary.readingTime.averageWordsPerDay).toBe(Math.round(total / 365));
    const perDay = await b.call('GetReadingTimeByAge', { requestedAge: 29, wordCount: Math.round(total / 365) });
    expect(summary.readingTime.averageTimePerDay.silent.average.minutes).toBeCloseTo(
      perDay.timeToRead.silent.average.minutes,
      1,
    );
    expect(summary.readingTime).toMatchObject({ requestedAge: '29', readersAge: '29', readersAgeBand: '26-30' });
  });

  it('steps dates over leap days and century years, and ends the day after the last reading day', async () => {
    const b = await bible();
    const dates = async (requestedStartDate: string) => {
      const [summary, ...plan] = await b.call('GetBibleReadingPlan', { days: 3, requestedStartDate });
      return [...plan.map((d: { date: string }) => d.date), summary.datesInfo.endDate];
    };
    expect(await dates('1900-02-28')).toEqual(['1900-02-28', '1900-03-01', '1900-03-02', '1900-03-03']);
    expect(await dates('2000-02-28')).toEqual(['2000-02-28', '2000-02-29', '2000-03-01', '2000-03-02']);
    expect(await dates('2100-02-28')).toEqual(['2100-02-28', '2100-03-01', '2100-03-02', '2100-03-03']);
    expect(await dates('2024-12-31')).toEqual(['2024-12-31', '2025-01-01', '2025-01-02', '2025-01-03']);
    expect((await dates('1900-01-01'))[0]).toBe('1900-01-01');
    expect((await dates('2199-12-31'))[0]).toBe('2199-12-31');
    expect((await dates(' 2024-02-29 '))[0]).toBe('2024-02-29');
  });

  it.each([
    ['days 0', { days: 0 }, 'days'],
    ['days 3651', { days: 3651 }, 'days'],
    ['negative days', { days: '-1' }, 'days'],
    ['fractional days', { days: 365.5 }, 'days'],
    ['days as an exponent', { days: '1e3' }, 'days'],
    ['days as hex', { days: '0x10' }, 'days'],
    ['empty days', { days: '' }, 'days'],
    ['whitespace days', { days: ' ' }, 'days'],
    ['days NaN', { days: Number.NaN }, 'days'],
    ['days as an array', { days: [30] }, 'days'],
    ['a date the month lacks', { days: 30, requestedStartDate: '2023-02-29' }, 'requestedStartDate'],
    ['a date before 1900', { days: 30, requestedStartDate: '1899-12-31' }, 'requestedStartDate'],
    ['a date after 2199', { days: 30, requestedStartDate: '2200-01-01' }, 'requestedStartDate'],
    ['an unpadded date', { days: 30, requestedStartDate: '2024-6-1' }, 'requestedStartDate'],
    ['a timestamp', { days: 30, requestedStartDate: '2024-06-01T00:00:00Z' }, 'requestedStartDate'],
    ['a date as a number', { days: 30, requestedStartDate: 20240601 }, 'requestedStartDate'],
    ['sections with a comma', { days: 30, sections: 'OT,NT' }, 'sections'],
    ['an unknown balance', { days: 30, balance: 'verses' }, 'balance'],
  ])('GetBibleReadingPlan refuses %s', async (_label, params, param) => {
    await expectInvalid('GetBibleReadingPlan', params, param);
  });

  it('reads sections in any case and spacing, echoing them as sent', async () => {
    const b = await bible();
    const sent = async (sections: string) => (await b.call('GetBibleReadingPlan', { days: 1, sections }))[0];
    expect(await sent('nt')).toMatchObject({ sections: 'nt', chaptersInfo: { totalChapters: 260 } });
    expect(await sent('OT NT')).toMatchObject({ sections: 'OT NT', chaptersInfo: { totalChapters: 1189 } });
    expect(await sent('Ot+Nt')).toMatchObject({ sections: 'Ot+Nt', chaptersInfo: { totalChapters: 1189 } });
    expect(await sent('  nt  ')).toMatchObject({ sections: 'nt' });
    expect(await sent('')).toMatchObject({ sections: 'OT+NT' });
    expect((await b.call('GetBibleReadingPlan', { days: 365, sections: 'NT' }))[0].daysFilled).toBe('260');
  });

  it.each([
    [0, '6', '0'],
    [6, '6', '6'],
    ['120', '120', '120'],
    ['121', '6', '121'],
    ['29.5', '6', '29.5'],
    [-1, '6', '-1'],
    ['', '6', ''],
    [' 29 ', '29', '29'],
    ['029', '29', '029'],
    ['٢٩', '29', '٢٩'], // Arabic-Indic digits read as 29, the request echoed as sent
    [1e21, '6', '1e+21'],
  ])('GetReadingTimeByAge reads age %j as %s', async (requestedAge, readersAge, readersAgeRequested) => {
    const answer = await (await bible()).call('GetReadingTimeByAge', { requestedAge, wordCount: 650 });
    expect(answer).toMatchObject({ readersAge, readersAgeRequested, wordCount: '650' });
  });

  it('GetReadingTimeByAge adds up: minutes are words over speed, seconds and hours follow from them', async () => {
    const b = await bible();
    for (const [age, wordCount] of [
      [29, 650],
      [6, 1],
      [61, 0],
      [17, 999_999_999],
    ]) {
      const { wordsPerMinuteReadingSpeed: speed, timeToRead } = await b.call('GetReadingTimeByAge', {
        requestedAge: age,
        wordCount,
      });
      for (const level of ['low', 'average', 'high'] as const) {
        const t = timeToRead.silent[level];
        expect(t.minutes).toBe(Math.round((wordCount / speed[level]) * 100) / 100);
        expect(t.seconds).toBeCloseTo(t.minutes * 60, 6);
        expect(t.hours).toBe(Math.round((t.minutes / 60) * 100) / 100);
      }
      expect(speed.low).toBeLessThanOrEqual(speed.average);
      expect(speed.average).toBeLessThanOrEqual(speed.high);
    }
    for (const wordCount of [-5, 6.5, '6e2', '', 1_000_000_000])
      await expectInvalid('GetReadingTimeByAge', { requestedAge: 29, wordCount }, 'wordCount');
    for (const requestedAge of [[29], {}, true, Number.NaN])
      await expectInvalid('GetReadingTimeByAge', { requestedAge, wordCount: 1 }, 'requestedAge');
    expect((await refusalOf('GetReadingTimeByAge', { wordCount: 650 })).param).toBe('requestedAge');
  });
});

describe('the clock behind "today"', () => {
  const todayFrom = async (clock: unknown) => {
    const b = await openNode({ clock: clock as () => string });
    const [summary] = await b.call('GetBibleReadingPlan', { days: 1 });
    return summary.datesInfo.todaysDate;
  };
  const clockRefusal = async (clock: unknown) => {
    const b = await openNode({ clock: clock as () => string });
    const error = await b.call('GetBibleReadingPlan', { days: 1 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error, String(clock)).toBeInstanceOf(BibleError);
    expect((error as BibleError).code).toBe('NOT_AVAILABLE');
    expect((error as BibleError).param).toBe('clock');
    return (error as BibleError).message;
  };

  it('takes a date as written, a time without an offset by its date, and an instant by its UTC date', async () => {
    expect(await todayFrom(() => '2024-06-01')).toBe('2024-06-01');
    expect(await todayFrom(() => ' 2024-06-01 ')).toBe('2024-06-01');
    expect(await todayFrom(() => '2024-06-01T23:30:00')).toBe('2024-06-01');
    expect(await todayFrom(() => '2024-06-01T23:30:00-05:00')).toBe('2024-06-02');
    expect(await todayFrom(() => '2024-06-01T23:30:00.000Z')).toBe('2024-06-01');
    expect(await todayFrom(() => new Date('2024-06-01T23:59:59Z'))).toBe('2024-06-01');
    expect(await todayFrom(() => '1900-01-01')).toBe('1900-01-01');
    expect(await todayFrom(() => '2199-12-31')).toBe('2199-12-31');
  });

  // 2024-02-30 became March 1; "6/1/2024" and "2024-6-1" were read in the host's time zone (May 31 east
  // of UTC); a clock in year 9999 or 999 dated plans 10000-01-01 and 999-01-01.
  it.each([
    ['a date the month lacks', () => '2024-02-30', /"2024-02-30", not a real date/],
    ['a US-style date', () => '6/1/2024', /"6\/1\/2024"/],
    ['an unpadded date', () => '2024-6-1', /"2024-6-1"/],
    ['a time with the date rolled over', () => '2024-02-30T10:00:00Z', /not a real date/],
    ['a year past 2199', () => '9999-12-31', /9999-12-31, outside 1900-01-01 to 2199-12-31/],
    ['a year before 1900', () => '0999-01-01', /outside 1900-01-01/],
    ['the last instant a Date holds', () => new Date(8.64e15), /outside/],
    ['a Promise', () => Promise.resolve('2024-01-01'), /returned a Promise/],
    ['an object', () => ({}), /returned an object/],
    ['an invalid Date', () => new Date(Number.NaN), /invalid date/],
    ['a number', () => 1717200000000, /the number 1717200000000; a time in milliseconds is returned as new Date\(ms\)/],
  ])('refuses %s as NOT_AVAILABLE naming the clock', async (_label, clock, says) => {
    expect(await clockRefusal(clock)).toMatch(says);
  });

  it('refuses a bad clock for topic plans too, and a start date does not hide it', async () => {
    const b = await openNode({ clock: () => '2024-02-30' });
    const refused = { code: 'NOT_AVAILABLE', param: 'clock' };
    await expect(b.call('GetBibleReadingPlanByTopic', { topic: 'love' })).rejects.toMatchObject(refused);
    await expect(b.call('GetBibleReadingPlan', { days: 1, requestedStartDate: '2024-01-01' })).rejects.toMatchObject(
      refused,
    );
  });
});

describe('topics and topic plans', () => {
  it.each([
    'love',
    'LOVE',
    ' Love ',
    'eternal life',
    'Eternal_Life',
    'eternal-life',
    'eternal+life',
    'eternal  life',
    'eternal\u00a0life',
  ])('reads %j', async (topic) => {
    const b = await bible();
    const canonical = topic.toLowerCase().includes('love') ? 'love' : 'eternal life';
    expect(await b.call('GetTopic', { topic })).toEqual(await b.call('GetTopic', { topic: canonical }));
  });

  it.each([
    ['a topic run together', 'kingdomofgod'],
    ['a fragment', 'lov'],
    ['a zero-width space inside', 'love\u200b'],
    ['full-width letters', 'ｌｏｖｅ'],
    ['a number', 5],
    ['an inherited name', '__proto__'],
    ['constructor', 'constructor'],
  ])('refuses %s naming GetTopics', async (_label, topic) => {
    await expectInvalid('GetTopic', { topic }, 'topic', /GetTopics/);
  });

  it('refuses empty, control characters, long and wrong-typed topics', async () => {
    for (const topic of ['   ', 'love\u0000', 'x'.repeat(101), ['love']])
      await expectInvalid('GetTopic', { topic }, 'topic');
  });

  it('a topic plan reads every verse of the topic once, in order, days within one verse of each other', async () => {
    const b = await bible();
    for (const topic of await b.call('GetTopics')) {
      const verses = [
        ...new Set((await b.call('GetTopic', { topic })).flatMap((e: { verseIds: string[] }) => e.verseIds)),
      ].sort();
      expect(await b.call('GetTopicVerseCount', { topic })).toBe(verses.length);
      for (const days of [1, 30, 3650]) {
        const plan = await b.call('GetBibleReadingPlanByTopic', { topic, days, requestedStartDate: '2024-02-28' });
        const read = plan.readingPlan.flatMap((d: { verseIds: string[] }) => d.verseIds);
        expect(read, `${topic} ${days}`).toEqual(verses);
        const sizes = plan.readingPlan.map((d: { verseIds: string[] }) => d.verseIds.length);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        expect(plan.topicInfo).toEqual({
          topic,
          daysRequested: String(days),
          daysFilled: Math.min(days, verses.length),
        });
        expect(plan.readingPlan[0]).toMatchObject({ day: 1, date: '2024-02-28' });
        if (plan.readingPlan.length > 1) expect(plan.readingPlan[1].date).toBe('2024-02-29');
      }
    }
  });

  it('topic plans default to addiction over 30 days and refuse bad days and dates', async () => {
    const b = await bible();
    expect((await b.call('GetBibleReadingPlanByTopic', {})).topicInfo).toMatchObject({
      topic: 'addiction',
      daysRequested: '30',
    });
    expect(
      (await b.call('GetBibleReadingPlanByTopic', { topic: 'suicide', days: 3650 })).topicInfo.daysFilled,
    ).toBeLessThan(30);
    for (const days of [0, 3651, '-1', 1.5])
      await expectInvalid('GetBibleReadingPlanByTopic', { topic: 'love', days }, 'days');
    await expectInvalid(
      'GetBibleReadingPlanByTopic',
      { topic: 'love', requestedStartDate: '2023-02-29' },
      'requestedStartDate',
    );
    await expectInvalid('GetBibleReadingPlanByTopic', { topic: 'zzz' }, 'topic');
  });
});

describe('study tools', () => {
  // Smith's writes "Bethshemesh" where Easton's writes "Beth-shemesh": each answered [] for the other's
  // spelling, though both hold the place.
  it.each([
    ['smiths', 'Beth-shemesh', 'Bethshemesh'],
    ['smiths', 'Bethshemesh', 'Bethshemesh'],
    ['smiths', 'Abel-beth-maachah', 'Abelbethmaachah'],
    ['eastons', 'Bethshemesh', 'Beth-shemesh'],
    ['eastons', 'beth shemesh', 'Beth-shemesh'],
    ['eastons', 'Baalpeor', 'Baal-peor'],
    ['eastons', 'Solomons porch', "Solomon's Porch"],
    ['eastons', 'Solomon’s porch', "Solomon's Porch"],
  ])('%s finds %j', async (dictionaryId, query, word) => {
    const entry = await (await bible()).call('GetDefinitionBiblical', { query, dictionaryId });
    expect(entry.word).toBe(word);
    expect(entry.definition.length).toBeGreaterThan(20);
  });

  it('GetDefinitionBiblical matches headwords in any case and spacing, and answers [] for others', async () => {
    const b = await bible();
    const aaron = await b.call('GetDefinitionBiblical', { query: 'Aaron' });
    expect(aaron.word).toBe('Aaron');
    for (const query of ['aaron', 'AARON', ' Aaron '])
      expect(await b.call('GetDefinitionBiblical', { query })).toEqual(aaron);
    expect(await b.call('GetDefinitionBiblical', { query: 'Aaron', dictionaryId: 'EASTONS' })).not.toEqual(aaron);
    for (const query of ['xyzzy', '__proto__', 'constructor', 'aarón'])
      expect(await b.call('GetDefinitionBiblical', { query })).toEqual([]);
    for (const query of ['', '  ', 'x'.repeat(201), '\u0000'])
      await expectInvalid('GetDefinitionBiblical', { query }, 'query');
    await expectInvalid(
      'GetDefinitionBiblical',
      { query: 'Aaron', dictionaryId: 'smith' },
      'dictionaryId',
      /smiths, eastons/,
    );
  });

  it('GetSemanticRelations reads words in any case, with a possessive, and answers [] for words the KJV lacks', async () => {
    const b = await bible();
    const faith = await b.call('GetSemanticRelations', { word: 'faith' });
    expect(faith).toEqual({ word: 'Faith', related: expect.arrayContaining(['Trust', 'Belief']) });
    for (const word of ['FAITH', ' Faith ']) expect(await b.call('GetSemanticRelations', { word })).toEqual(faith);
    expect((await b.call('GetSemanticRelations', { word: "God's" })).word).toBe('God');
    expect((await b.call('GetSemanticRelations', { word: 'lord’s' })).word).toBe('Lord');
    for (const word of ['xyzzy', '__proto__', 'toString'])
      expect(await b.call('GetSemanticRelations', { word })).toEqual([]);
    for (const word of ['', '  ', ['faith']]) await expectInvalid('GetSemanticRelations', { word }, 'word');
  });

  it('cross references come strongest first, with ranges that run forwards', async () => {
    const b = await bible();
    for (const verseId of ['01001001', '43003016', '66022021', '19001001', '31001021', '16007068']) {
      const refs = await b.call('GetCrossReferences', { verseId });
      expect(refs.length, verseId).toBeGreaterThan(0);
      for (const [i, r] of refs.entries()) {
        expect(Object.keys(r)).toEqual(['verseId', 'r', 'sv', 'ev']);
        expect(r.verseId).toBe(verseId);
        expect(r.sv).toMatch(/^\d{8}$/);
        if (r.ev !== '00000000') expect(r.ev > r.sv).toBe(true);
        if (i > 0) expect(Number(r.r)).toBeLessThanOrEqual(Number(refs[i - 1].r));
      }
    }
    expect(await b.call('GetCrossReferences', { verseId: '22001001' })).toEqual([]);
    await expectInvalid('GetCrossReferences', { verseId: '01001032' }, 'verseId', /Genesis 1 has 31 verses/);
  });

  it('GetCommentary answers a string, and names why a verse has none', async () => {
    const b = await bible();
    expect(await b.call('GetCommentary', { verseId: '43003016' })).toMatch(/^For God so loved the world/);
    expect(await b.call('GetCommentary', { verseId: '43003016', commentaryName: 'GILLS' })).toMatch(/^For God/);
    expect(await b.call('GetCommentary', { verseId: '66022021', commentaryName: '' })).toMatch(/grace/);
    const psalm = await refusalOf('GetCommentary', { verseId: '19023001' });
    expect([psalm.code, psalm.param]).toEqual(['NOT_AVAILABLE', 'verseId']);
    expect(psalm.message).toContain('Psalms');
    expect((await refusalOf('GetCommentary', { verseId: '22001001' })).message).toContain('only chapter introductions');
    await expectInvalid('GetCommentary', { verseId: '43003016', commentaryName: 'gill' }, 'commentaryName', /gills/);
  });

  it('GetBookInfo answers one object for every book, one-chapter books included, by number or name', async () => {
    const b = await bible();
    for (let bookId = 1; bookId <= 66; bookId++) {
      const info = await b.call('GetBookInfo', { bookId });
      expect(info.chapterCount).toBe((await b.call('GetChapterCount', { bookId })).chapterCount);
      expect(Number(info.bookId)).toBe(bookId);
      for (const field of ['introduction', 'introduction_long', 'author', 'date', 'word_origin', 'genre'])
        expect(typeof info[field], `${bookId} ${field}`).toBe('string');
    }
    for (const bookId of [31, 57, 63, 64, 65]) expect((await b.call('GetBookInfo', { bookId })).chapterCount).toBe(1);
    expect(await b.call('GetBookInfo', { bookId: 'Jude' })).toEqual(await b.call('GetBookInfo', { bookId: '065' }));
    for (const bookId of [0, 67, -1, 1.5, 'Enoch']) await expectInvalid('GetBookInfo', { bookId }, 'bookId');
    await expectInvalid('GetBookInfo', { bookId: 1, language: 'spanish' }, 'language');
  });

  it('the lists hold what the API names: genres by section, 351 prophecies, the words of Jesus', async () => {
    const b = await bible();
    const all = await b.call('GetGenres', {});
    const ot = await b.call('GetGenres', { section: 'OT' });
    const nt = await b.call('GetGenres', { section: 'nt' });
    expect([...ot, ...nt]).toEqual(all);
    for (const section of ['ot+nt', 'OT NT', 'Ot+Nt', '', 'ALL'])
      expect(await b.call('GetGenres', { section })).toEqual(all);
    await expectInvalid('GetGenres', { section: 'both' }, 'section');
    for (const g of all)
      for (const verseId of [g.startingVerseId, g.endingVerseId])
        expect(await b.call('GetVerse', { verseId })).toHaveLength(1);

    const prophecies = await b.call('GetPropheciesFulfilledInJesus', {});
    const joined = Object.values(prophecies).reduce((n: number, s) => n + (s as string).split(' | ').length, 0);
    expect(joined).toBe(351);
    expect(await b.call('GetPropheciesFulfilledInJesusList', {})).toHaveLength(351);

    const words = await b.call('GetWordsOfJesus', {});
    const ids = Object.values(words) as string[];
    expect(Object.keys(words)).toEqual(ids.map((_, i) => `[${i}]`));
    expect([...ids].sort()).toEqual(ids);
    expect(ids.every((id) => /^(4\d|5\d|6[0-6])\d{6}$/.test(id))).toBe(true);
    expect((await b.call('GetVerse', { verseId: ids[0] }))[0].t).toContain('Suffer it to be so now');

    const parables = await b.call('GetParables', {});
    for (const citations of Object.values(parables) as string[][])
      for (const citation of citations)
        expect((await b.call('GetParseCitation', { citation })).verseIds.length).toBeGreaterThan(0);
    const stories = await b.call('GetStories', {});
    expect(stories[0]).toEqual(expect.objectContaining({ id: '1', verse_id: '1001001', story: 'The Creation' }));
    expect(stories.every((s: Record<string, unknown>) => Object.values(s).every((v) => typeof v === 'string'))).toBe(
      true,
    );
  });
});

describe('extra-biblical books', () => {
  it('every listed book has a name and chapters; 1 Enoch has 107, numbered 1-108 without 44', async () => {
    const b = await bible();
    const books = await b.call('GetBooksExtraBiblical', {});
    expect(books.length).toBeGreaterThanOrEqual(32);
    for (const book of books) {
      expect(Object.values(book).every((v) => typeof v === 'string')).toBe(true);
      expect(await b.call('GetBookNameExtraBiblicalByBookId', { bookId: book.id })).toEqual([{ n: book.name }]);
      expect((await b.call('GetChapterCountExtraBiblical', { bookId: book.id })).chapterCount).toBeGreaterThan(0);
    }
    expect(await b.call('GetChapterCountExtraBiblical', { bookId: '001' })).toEqual({ chapterCount: 107 });
    expect((await b.call('GetChapterExtraBiblical', { bookId: 1, chapterId: 108 }))[0]).toMatchObject({
      b: '1',
      c: '108',
      v: '1',
    });
    for (const chapterId of [44, 109, 0]) {
      const error = await refusalOf('GetChapterExtraBiblical', { bookId: 1, chapterId });
      expect([error.code, error.param]).toEqual(['INVALID_PARAMETER', 'chapterId']);
      expect(error.message).toContain(`1 Enoch has no chapter ${chapterId}; its chapters are 1-43, 45-108`);
    }
    await expectInvalid('GetChapterExtraBiblical', { bookId: 999, chapterId: 1 }, 'bookId', /GetBooksExtraBiblical/);
    for (const bookId of [0, 1000, -1, 1.5, '1 Enoch', [1]])
      await expectInvalid('GetChapterExtraBiblical', { bookId, chapterId: 1 }, 'bookId');
    expect((await refusalOf('GetChapterExtraBiblical', { bookId: 1 })).param).toBe('chapterId');
  });

  it('GetSearchExtraBiblical searches whole words, in one book when asked', async () => {
    const b = await bible();
    const all = await b.call('GetSearchExtraBiblical', { query: 'Son Of Man' });
    const enoch = await b.call('GetSearchExtraBiblical', { query: 'son of man', bookId: '1' });
    expect(enoch.length).toBeGreaterThan(0);
    expect(enoch.length).toBeLessThan(all.length);
    expect(enoch.every((r: { b: string; t: string }) => r.b === '1' && /son of man/i.test(r.t))).toBe(true);
    expect(await b.call('GetSearchExtraBiblical', { query: 'watchers', bookId: '' })).toEqual(
      await b.call('GetSearchExtraBiblical', { query: 'watchers' }),
    );
    expect(await b.call('GetSearchExtraBiblical', { query: 'x'.repeat(200) })).toEqual([]);
    await expectInvalid('GetSearchExtraBiblical', { query: 'watchers', bookId: 999 }, 'bookId');
    await expectInvalid('GetSearchExtraBiblical', { query: '   ' }, 'query');
  });
});

describe('licensing and service information', () => {
  it('every translation and dataset carries one of the seven categories, and every dataset is credited', async () => {
    const b = await bible();
    const categories = ['public_domain', 'cc0', 'cc_permissive', 'owned', 'cc_restrictive', 'copyrighted', 'unknown'];
    const versions = await b.call('GetVersions', {});
    const bibles = await b.call('GetBibles', {});
    expect(bibles.map((x: { versionCode: string }) => x.versionCode)).toEqual(
      versions.map((v: { abbreviation: string }) => v.abbreviation.toLowerCase()),
    );
    for (const x of bibles) expect(categories).toContain(x.license);
    const licensing = await b.call('GetLicensing', {});
    const credits = await b.call('GetCredits', {});
    const credited = credits.content_types.flatMap((c: { credits: { id: string }[] }) => c.credits.map((x) => x.id));
    expect([...credited].sort()).toEqual(licensing.datasets.map((d: { id: string }) => d.id).sort());
    const open = ['public_domain', 'cc0', 'cc_permissive', 'owned'];
    expect(licensing.cache_policy.personal_use_only).toEqual(
      licensing.datasets.filter((d: { license: string }) => !open.includes(d.license)).map((d: { id: string }) => d.id),
    );
    expect(licensing.cache_policy.keep_indefinitely).toBe(licensing.cache_policy.personal_use_only.length === 0);
  });

  it('GetInfo gives its six fields as strings, and GetEndpoints every operation with its parameter names', async () => {
    const b = await bible();
    const info = await b.call('GetInfo', {});
    for (const field of ['appName', 'appDescription', 'appType', 'version', 'parentApplication', 'authors'])
      expect(typeof info[field]).toBe('string');
    const endpoints = await b.call('GetEndpoints', {});
    expect(Object.keys(endpoints)).toEqual([...OPERATION_NAMES]);
    for (const [name, endpoint] of Object.entries(endpoints) as [string, { params: unknown[] }][]) {
      expect(
        endpoint.params.every((p) => typeof p === 'string'),
        name,
      ).toBe(true);
      expect(endpoint.params).toEqual(b.operations.find((o) => o.name === name)?.params.map((p) => p.name));
    }
    expect(endpoints.GetStrongs.params).toEqual(['lexiconId', 'id']);
    expect(endpoints.GetBibleReadingPlan.params).toEqual(
      expect.arrayContaining(['days', 'requestedStartDate', 'sections', 'requestedAge']),
    );
  });
});

describe('the HTTP server and the CLI answer as the engine does', () => {
  let server: BibleServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it.each([
    'GetStrongs?id=G26',
    'GetStrongs?id=%20g0026%20',
    'GetStrongs?id=26&lexiconId=g',
    'GetSearchStrongs?strongsId=H8674',
    'GetOriginalText?verseId=1001001',
    'GetOriginalText?verseId=16007068',
    'GetBibleReadingPlan?days=30&sections=OT+NT&requestedStartDate=2024-02-29',
    'GetBibleReadingPlan?days=7&sections=nt&balance=words&requestedAge=40&requestedStartDate=2024-02-29',
    'GetReadingTimeByAge?requestedAge=&wordCount=650',
    'GetReadingTimeByAge?requestedAge=121&wordCount=0',
    'GetBibleReadingPlanByTopic?topic=kingdom+of+god&days=2&requestedStartDate=2024-02-29',
    'GetTopic?topic=Eternal%20Life',
    'GetTopicVerseCount?topic=love',
    'GetDefinitionBiblical?query=Beth-shemesh',
    'GetDefinitionBiblical?query=Bethshemesh&dictionaryId=eastons',
    'GetSemanticRelations?word=God%27s',
    'GetCommentary?verseId=43003016&commentaryName=',
    'GetCrossReferences?verseId=66022021',
    'GetGenres?section=ot+nt',
    'GetBookInfo?bookId=Jude',
    'GetChapterExtraBiblical?bookId=01&chapterId=001',
    'GetSearchExtraBiblical?query=watchers&bookId=1',
    'GetWordsOfJesus',
    'GetHebrewCharactersAndUnicodePoints?language=English',
    // A repeated parameter takes its last value, as on the hosted service (and as fromEntries reads it below).
    'GetStrongs?id=G26&id=H1',
    'GetBibleReadingPlan?days=30&days=40',
    'GetReadingTimeByAge?requestedAge=29&wordCount=650&wordCount=1',
  ])('%s', async (path) => {
    const answer = await get(server.url, `/${path}`);
    expect(answer.status, answer.text.slice(0, 200)).toBe(200);
    const [name, query = ''] = path.split('?');
    const params = Object.fromEntries(new URLSearchParams(query));
    expect(answer.json()).toEqual(viaJson(await (await bible()).call(name, params)));
  });

  it.each([
    ['GetStrongs?id=G26&lexiconId=H', 'id'],
    ['GetBibleReadingPlan?days=0', 'days'],
    ['GetBibleReadingPlan?days=30&requestedStartDate=2023-02-29', 'requestedStartDate'],
    ['GetTopic?topic=kingdomofgod', 'topic'],
    ['GetDefinitionBiblical?query=%E2%80', 'query'],
  ])('%s is refused with 400 naming %s', async (path, param) => {
    const answer = await get(server.url, `/${path}`);
    expect(answer.status).toBe(400);
    expect(answer.json().error).toMatchObject({ code: 'INVALID_PARAMETER', param });
  });

  it('answers a commentary the corpus lacks as NOT_AVAILABLE, and a missing days as MISSING_PARAMETER', async () => {
    const psalm = await get(server.url, '/GetCommentary?verseId=19023001');
    expect(psalm.json().error).toMatchObject({ code: 'NOT_AVAILABLE', param: 'verseId' });
    const plan = await get(server.url, '/GetBibleReadingPlan?Days=30');
    expect(plan.json().error).toMatchObject({ code: 'MISSING_PARAMETER', param: 'days' });
    expect(plan.headers['x-ignored-parameters']).toBe('Days');
  });

  it('the CLI prints the same answers, and refuses as the engine does', async () => {
    const b = await bible();
    const cli = async (...args: string[]) => JSON.parse((await run(process.execPath, [CLI, ...args])).stdout);
    expect(await cli('GetStrongs', 'id=G26')).toEqual(viaJson(await b.call('GetStrongs', { id: 'G26' })));
    expect(await cli('GetDefinitionBiblical', 'query=Beth-shemesh')).toEqual(
      viaJson(await b.call('GetDefinitionBiblical', { query: 'Beth-shemesh' })),
    );
    const plan = { days: '3', sections: 'nt', requestedStartDate: '2024-02-28' };
    expect(await cli('GetBibleReadingPlan', 'days=3', 'sections=nt', 'requestedStartDate=2024-02-28')).toEqual(
      viaJson(await b.call('GetBibleReadingPlan', plan)),
    );
    const failed = await run(process.execPath, [CLI, 'GetStrongs', 'id=G26', 'lexiconId=H']).then(
      () => undefined,
      (e: { code: number; stderr: string }) => e,
    );
    expect(failed?.code).toBe(2);
    expect(JSON.parse(failed!.stderr).error).toMatchObject({ code: 'INVALID_PARAMETER', param: 'id' });
  });
});
