// GetReadingTimeByAge on the compiled plans pack: the API's example, the age model, rounding, bad input,
// and the cited research figures checked against the corpus table they came from.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { corpusRoot } from '../../compiler/build.ts';
import { ORAL_NORMS, SILENT_NORMS, readingSpeedBands } from '../../sources/reading-speed.ts';
import { bible, callError } from '../helpers.ts';

type Speeds = { low: number; average: number; high: number };
const KEYS = ['low', 'average', 'high'] as const;

describe('GetReadingTimeByAge', async () => {
  const b = await bible();
  await b.load(['plans']);
  const time = (requestedAge: number | string, wordCount: number | string) =>
    b.callSync('GetReadingTimeByAge', { requestedAge, wordCount }) as any;

  it('gives the API example: age 29, 650 words', () => {
    const answer = time('29', '650');
    expect(answer.readersAge).toBe('29');
    expect(answer.readersAgeBand).toBe('26-30');
    expect(answer.readersAgeRequested).toBe('29');
    expect(answer.wordCount).toBe('650');
    expect(answer.wordsPerMinuteReadingSpeed).toEqual({ low: 176, average: 228, high: 280 });
    expect(answer.timeToRead.silent.low).toEqual({ minutes: 3.69, seconds: 221.4, hours: 0.06, days: 0 });
    expect(Object.keys(answer).slice(0, 5)).toEqual([
      'readersAge',
      'readersAgeRequested',
      'wordCount',
      'wordsPerMinuteReadingSpeed',
      'timeToRead',
    ]);
    expect(Object.keys(answer.timeToRead)).toEqual(['silent', 'oral']);
    for (const mode of ['silent', 'oral'])
      expect(Object.keys(answer.timeToRead[mode])).toEqual(['low', 'average', 'high']);
  });

  it('names the band the speeds come from', () => {
    const labels: [number, string][] = [
      [6, '6'],
      [12, '12'],
      [17, '17'],
      [18, '18-25'],
      [25, '18-25'],
      [26, '26-30'],
      [30, '26-30'],
      [31, '31-45'],
      [45, '31-45'],
      [46, '46-60'],
      [60, '46-60'],
      [61, '61+'],
      [120, '61+'],
    ];
    for (const [age, label] of labels) expect(time(age, 100).readersAgeBand, String(age)).toBe(label);
  });

  it('speeds rise from age 6 to the 18-25 peak, then fall by 20%, 50%, 57.89% and 66.66% of it', () => {
    const silent = (age: number): Speeds => time(age, 1).wordsPerMinuteReadingSpeed;
    const oral = (age: number): Speeds => time(age, 1).wordsPerMinuteOralReadingSpeed;
    for (const speeds of [silent, oral]) {
      for (let age = 6; age <= 120; age++) {
        const s = speeds(age);
        expect(s.low <= s.average && s.average <= s.high, `age ${age}`).toBe(true);
        if (age > 6 && age <= 18)
          for (const k of KEYS) expect(s[k], `age ${age} ${k}`).toBeGreaterThanOrEqual(speeds(age - 1)[k]);
      }
      const peak = speeds(18);
      for (const [age, share] of [
        [26, 0.8],
        [31, 0.5],
        [46, 1 - 0.5789],
        [61, 1 - 0.6666],
      ] as const) {
        for (const k of KEYS)
          expect(Math.abs(speeds(age)[k] - peak[k] * share), `age ${age} ${k}`).toBeLessThanOrEqual(0.5);
      }
    }
    expect(silent(22)).toEqual({ low: 220, average: 285, high: 350 });
    for (let age = 6; age <= 120; age++) for (const k of KEYS) expect(oral(age)[k]).toBeLessThanOrEqual(silent(age)[k]);
  });

  it('rounds minutes, hours and days to 2 decimals, seconds derived from the minutes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 6, max: 120 }), fc.integer({ min: 0, max: 2_000_000 }), (age, words) => {
        const answer = time(String(age), String(words));
        expect(answer.readersAgeRequested).toBe(String(age));
        expect(answer.wordCount).toBe(String(words));
        const speeds = { silent: answer.wordsPerMinuteReadingSpeed, oral: answer.wordsPerMinuteOralReadingSpeed };
        for (const mode of ['silent', 'oral'] as const) {
          for (const k of KEYS) {
            const t = answer.timeToRead[mode][k];
            expect(t.minutes).toBe(Math.round((words * 100) / speeds[mode][k]) / 100);
            expect(Math.abs(t.seconds - t.minutes * 60)).toBeLessThanOrEqual(1e-12 * Math.max(1, t.seconds));
            expect(Math.abs(t.hours - t.minutes / 60)).toBeLessThanOrEqual(0.005 + 1e-9);
            expect(Math.abs(t.days - t.minutes / 1440)).toBeLessThanOrEqual(0.005 + 1e-9);
            for (const unit of [t.minutes, t.hours, t.days]) expect(String(unit)).toMatch(/^\d+(\.\d{1,2})?$/);
            expect(String(t.seconds)).toMatch(/^\d+(\.\d{1,2})?$/);
          }
        }
      }),
      { numRuns: 300 },
    );
    expect(time(40, 0).timeToRead.oral.high).toEqual({ seconds: 0, minutes: 0, hours: 0, days: 0 });
  });

  it('reads an age below 6 or not a valid age as 6; refuses word counts that are not whole numbers', async () => {
    for (const requestedAge of ['5', '0', '-1', '121', '1000', 'abc', '29.5', '2e1']) {
      const answer = time(requestedAge, '650');
      expect([answer.readersAge, answer.readersAgeRequested, answer.readersAgeBand], requestedAge).toEqual([
        '6',
        requestedAge,
        '6',
      ]);
    }
    expect(time(' 29', '650').readersAge).toBe('29');
    for (const requestedAge of [[29], {}])
      expect((await callError('GetReadingTimeByAge', { requestedAge, wordCount: '650' })).param).toBe('requestedAge');
    for (const wordCount of ['-1', '1.5', 'many', '1e3', '9999999999']) {
      const error = await callError('GetReadingTimeByAge', { requestedAge: '29', wordCount });
      expect([error.code, error.param], wordCount).toEqual(['INVALID_PARAMETER', 'wordCount']);
    }
    expect((await callError('GetReadingTimeByAge', { wordCount: '650' })).code).toBe('MISSING_PARAMETER');
    expect((await callError('GetReadingTimeByAge', { requestedAge: '29' })).param).toBe('wordCount');
  });
});

describe('reading-speed model sources', () => {
  const tsv = join(corpusRoot(), 'curated/reading_speed/reading_rate_norms.tsv');

  it.skipIf(!existsSync(tsv))('every cited figure is the one in curated/reading_speed/reading_rate_norms.tsv', () => {
    const rows = readFileSync(tsv, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split('\t'));
    const key = {
      hasbrouckTindal2017: 'hasbrouck_tindal_2017',
      hasbrouckTindal2006: 'hasbrouck_tindal_2006',
      spichtig2016: 'spichtig_2016',
    } as Record<string, string>;
    for (const norm of [...ORAL_NORMS, ...SILENT_NORMS]) {
      for (const stat of ['p25', 'p50', 'p75'] as const) {
        const row = rows.find(
          (r) => r[0] === key[norm.source] && r[3] === `grade ${norm.grade}` && r[4] === norm.season && r[5] === stat,
        );
        expect(row, `${norm.source} grade ${norm.grade} ${stat}`).toBeDefined();
        expect(Number(row![6]), `${norm.source} grade ${norm.grade} ${stat}`).toBe(norm[stat]);
      }
    }
    const brysbaert = (stat: string) => Number(rows.find((r) => r[0] === 'brysbaert_2019' && r[5] === stat)![6]);
    expect(readingSpeedBands().find((band) => band.label === '18-25')!.oral.average).toBe(brysbaert('oral_mean'));
  });
});
