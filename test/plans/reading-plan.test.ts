// GetBibleReadingPlan on the compiled packs: property tests over days, sections, start dates, ages and
// balance, the API's endDate example, the injectable clock, and bad input.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openNode } from '../../engine/node/loader.ts';
import { callError } from '../helpers.ts';

const TODAY = '2024-02-20';
const DAY_MS = 86_400_000;
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

interface Day {
  day: number;
  date: string;
  bookAndChapterIds: string[];
}

describe('GetBibleReadingPlan', async () => {
  const b = await openNode({ clock: () => TODAY });
  await b.load(['text-kjv', 'plans']);
  const plan = (params: Record<string, string | number>) =>
    b.callSync('GetBibleReadingPlan' as string, params) as [any, ...Day[]];

  // The chapters of each section, from the book list and versification rather than from the plan code.
  const chapters = (testament?: 'OT' | 'NT') =>
    b.meta.books
      .filter((book) => !testament || book.testament === testament)
      .flatMap((book) =>
        b.meta.versification.chapterVerses[book.number - 1].map(
          (_, c) => String(book.number).padStart(2, '0') + String(c + 1).padStart(3, '0'),
        ),
      );
  const SECTIONS = { OT: chapters('OT'), NT: chapters('NT'), 'OT+NT': chapters() } as Record<string, string[]>;
  const words = new Map<string, number>();
  for (const id of SECTIONS['OT+NT']) {
    words.set(
      id,
      (
        b.callSync('GetWordCountOfChapter', { bookId: Number(id.slice(0, 2)), chapterId: Number(id.slice(2)) }) as {
          wordCount: number;
        }
      ).wordCount,
    );
  }

  const input = fc.record({
    days: fc.oneof(
      fc.integer({ min: 1, max: 3650 }),
      fc.integer({ min: 1, max: 400 }),
      fc.constantFrom(1, 259, 260, 261, 365, 929, 1188, 1189, 1190, 3650),
    ),
    sections: fc.constantFrom('OT', 'NT', 'OT+NT', 'ot', 'nt', 'Ot+Nt', 'OT NT'),
    start: fc.option(fc.integer({ min: dayOf('1900-01-01'), max: dayOf('2199-12-31') }), { nil: undefined }),
    age: fc.integer({ min: 6, max: 120 }),
    balance: fc.constantFrom('chapters', 'words'),
  });

  it('reads every chapter once, in order, over min(days, chapters) consecutive days, and its summary matches its days', () => {
    fc.assert(
      fc.property(input, ({ days, sections, start, age, balance }) => {
        const params: Record<string, string> = { days: String(days), sections, requestedAge: String(age), balance };
        if (start !== undefined) params.requestedStartDate = isoOf(start);
        const [summary, ...entries] = plan(params);
        const section = sections.toUpperCase().replace(' ', '+');
        const all = SECTIONS[section];
        const filled = Math.min(days, all.length);

        expect(entries.length).toBe(filled);
        expect(entries.flatMap((e) => e.bookAndChapterIds)).toEqual(all);
        const sizes = entries.map((e) => e.bookAndChapterIds.length);
        expect(Math.min(...sizes)).toBeGreaterThanOrEqual(1);
        if (balance === 'chapters') expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        else {
          const loads = entries.map((e) => e.bookAndChapterIds.reduce((n, id) => n + words.get(id)!, 0));
          const total = all.reduce((n, id) => n + words.get(id)!, 0);
          const largest = Math.max(...all.map((id) => words.get(id)!));
          for (const load of loads) expect(load).toBeLessThanOrEqual(Math.max(total / filled + largest, largest));
        }
        const startDay = start ?? dayOf(TODAY);
        entries.forEach((e, i) => {
          expect(e.day).toBe(i + 1);
          expect(e.date).toBe(isoOf(startDay + i));
          expect(Object.keys(e)).toEqual(['day', 'date', 'bookAndChapterIds']);
        });

        expect(summary.daysRequested).toBe(String(days));
        expect(summary.daysFilled).toBe(String(filled));
        // sections echoes the request as sent (a space is the "+" a query string decoded, echoed as decoded).
        expect(summary.sections).toBe(sections);
        expect(summary.datesInfo).toEqual({
          todaysDate: TODAY,
          startDate: entries[0].date,
          daysUntilStartDate: startDay - dayOf(TODAY),
          endDate: isoOf(startDay + filled),
        });
        const most = Math.max(...sizes);
        const least = Math.min(...sizes);
        expect(summary.chaptersInfo).toEqual({
          totalChapters: all.length,
          averageChaptersPerDay: Math.round((all.length / filled) * 100) / 100,
          mostChapters: {
            chapters: most,
            days: sizes.filter((s) => s === most).length,
            firstDay: sizes.indexOf(most) + 1,
          },
          leastChapters: {
            chapters: least,
            days: sizes.filter((s) => s === least).length,
            firstDay: sizes.indexOf(least) + 1,
          },
        });
        const totalWords = all.reduce((n, id) => n + words.get(id)!, 0);
        const speed = b.callSync('GetReadingTimeByAge', { requestedAge: age, wordCount: 1 }) as any;
        expect(summary.readingTime.requestedAge).toBe(String(age));
        expect(summary.readingTime.readersAge).toBe(speed.readersAge);
        expect(summary.readingTime.totalWords).toBe(totalWords);
        expect(summary.readingTime.averageWordsPerDay).toBe(Math.round(totalWords / filled));
        for (const [mode, speeds] of [
          ['silent', speed.wordsPerMinuteReadingSpeed],
          ['oral', speed.wordsPerMinuteOralReadingSpeed],
        ] as const) {
          for (const k of ['low', 'average', 'high'] as const) {
            expect(summary.readingTime.averageTimePerDay[mode][k].minutes).toBe(
              Math.round((totalWords * 100) / filled / speeds[k]) / 100,
            );
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it('every bookAndChapterId opens with GetChapterByBookAndChapterId and GetBookAndChapterNameByBookAndChapterId', () => {
    const ids = plan({ days: 1 })[1].bookAndChapterIds;
    expect(ids.length).toBe(1189);
    for (const bookAndChapterId of ids) {
      const rows = b.callSync('GetChapterByBookAndChapterId', { bookAndChapterId }) as unknown as { id: string }[];
      expect(rows.length, bookAndChapterId).toBeGreaterThan(0);
      expect(rows[0].id.slice(0, 5)).toBe(bookAndChapterId);
      expect(b.callSync('GetBookAndChapterNameByBookAndChapterId', { bookAndChapterId })).toMatch(/^\S.* \d+$/);
    }
  });

  it('follows the API example: start 2023-01-01 with 180 days ends 2023-06-30', () => {
    const [summary, first, ...rest] = plan({ days: 180, requestedStartDate: '2023-01-01' });
    expect(summary.datesInfo.endDate).toBe('2023-06-30');
    expect(first).toEqual({
      day: 1,
      date: '2023-01-01',
      bookAndChapterIds: ['01001', '01002', '01003', '01004', '01005', '01006'],
    });
    expect(rest.at(-1)!.date).toBe('2023-06-29');
  });

  it('fits the New Testament into 260 days when given more', () => {
    const [summary, ...entries] = plan({ days: 365, sections: 'NT', requestedStartDate: '2024-01-01' });
    expect(summary.daysFilled).toBe('260');
    expect(entries.every((e) => e.bookAndChapterIds.length === 1)).toBe(true);
    expect(summary.datesInfo.endDate).toBe('2024-09-17');
  });

  it('defaults to today from the clock, OT+NT and age 6', async () => {
    const [summary] = plan({ days: 365 });
    expect(summary.datesInfo).toMatchObject({ todaysDate: TODAY, startDate: TODAY, daysUntilStartDate: 0 });
    expect(summary.sections).toBe('OT+NT');
    expect(summary.readingTime).toMatchObject({ requestedAge: '6', readersAge: '6' });
    expect(plan({ days: 10, requestedStartDate: '2024-02-10' })[0].datesInfo.daysUntilStartDate).toBe(-10);

    const live = await openNode();
    const [now] = (await live.call('GetBibleReadingPlan', { days: 3 })) as unknown as any[];
    expect(now.datesInfo.todaysDate).toBe(new Date().toISOString().slice(0, 10));
  });

  it('refuses bad days, dates, sections, ages and balance, naming the parameter', async () => {
    const bad: [string, unknown][] = [
      ['days', '0'],
      ['days', '-1'],
      ['days', '3651'],
      ['days', '1000000'],
      ['days', '999999999999'],
      ['days', '1.5'],
      ['days', 'year'],
      ['requestedStartDate', '2023-02-30'],
      ['requestedStartDate', '2023-02-29'],
      ['requestedStartDate', '2023-13-01'],
      ['requestedStartDate', '2023-1-1'],
      ['requestedStartDate', '01/01/2023'],
      ['requestedStartDate', 'tomorrow'],
      ['requestedStartDate', '1899-12-31'],
      ['requestedStartDate', '2200-01-01'],
      ['requestedStartDate', '2023-01-01T00:00'],
      ['requestedStartDate', 20230101],
      ['sections', 'OTNT'],
      ['sections', 'gospels'],
      ['sections', 'NT+OT'],
      ['sections', 'every'],
      ['requestedAge', [29]],
      ['balance', 'verses'],
    ];
    for (const [name, value] of bad) {
      const error = await callError('GetBibleReadingPlan', { days: '30', [name]: value });
      expect([error.code, error.param], `${name}=${value}`).toEqual(['INVALID_PARAMETER', name]);
      expect(error.message.length).toBeLessThan(400);
    }
    expect((await callError('GetBibleReadingPlan', {})).code).toBe('MISSING_PARAMETER');
    // An age below 6 or not a valid age reads as 6, as the API's rule for readersAge says.
    for (const requestedAge of ['5', '121', 'old', '-6']) {
      expect(plan({ days: 30, requestedAge })[0].readingTime).toMatchObject({
        requestedAge,
        readersAge: '6',
        readersAgeBand: '6',
      });
    }
    expect(plan({ days: 30, sections: 'nt' })[0].sections).toBe('nt');
    expect(plan({ days: 30, requestedStartDate: ' 2024-02-29 ' })[1].date).toBe('2024-02-29');
  });
});
