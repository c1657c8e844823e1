// The pure plan rules: day sizes, word balancing, topic-verse plans and calendar dates, without packs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateSequence, formatDate, parseDate, today } from '../../engine/core/plans/dates.ts';
import { evenSizes, runs, weightedSizes } from '../../engine/core/plans/split.ts';
import { verseReadingPlan } from '../../engine/core/plans/topic-plan.ts';

const DAY_MS = 86_400_000;
/** An independent date rule for the checks: the platform's own calendar. */
const isoOf = (epochDay: number) => new Date(epochDay * DAY_MS).toISOString().slice(0, 10);
const epochDays = fc.integer({ min: parseDate('1900-01-01')!, max: parseDate('2199-12-31')! });
const verseIdList = fc
  .uniqueArray(fc.integer({ min: 1_001_001, max: 66_022_021 }), { maxLength: 400 })
  .map((ids) => ids.map((id) => String(id).padStart(8, '0')));

describe('evenSizes', () => {
  it('covers every item, fills every day, and keeps days within one of each other', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 1, max: 5000 }), (count, days) => {
        const parts = Math.min(count, days);
        const sizes = evenSizes(count, parts);
        expect(sizes.length).toBe(parts);
        expect(sizes.reduce((a, b) => a + b, 0)).toBe(count);
        expect(Math.min(...sizes)).toBeGreaterThanOrEqual(1);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('spreads the longer days through the plan', () => {
    expect(evenSizes(10, 4)).toEqual([2, 3, 2, 3]);
    expect(evenSizes(1189, 365).slice(0, 8)).toEqual([3, 3, 3, 4, 3, 3, 3, 4]);
  });
});

describe('weightedSizes', () => {
  const weighted = fc
    .array(fc.integer({ min: 0, max: 3000 }), { minLength: 1, maxLength: 600 })
    .chain((weights) =>
      fc.record({ weights: fc.constant(weights), days: fc.integer({ min: 1, max: weights.length }) }),
    );

  it('covers every item in order, at least one per day', () => {
    fc.assert(
      fc.property(weighted, ({ weights, days }) => {
        const sizes = weightedSizes(weights, 0, weights.length, days);
        expect(sizes.length).toBe(days);
        expect(sizes.every((s) => s >= 1)).toBe(true);
        expect(sizes.reduce((a, b) => a + b, 0)).toBe(weights.length);
      }),
    );
  });

  it('no day carries more than the average plus one item (or one item alone)', () => {
    fc.assert(
      fc.property(weighted, ({ weights, days }) => {
        const sizes = weightedSizes(weights, 0, weights.length, days);
        const total = weights.reduce((a, b) => a + b, 0);
        const largest = Math.max(...weights);
        const loads = runs(weights, sizes).map((day) => day.reduce((a, b) => a + b, 0));
        for (const load of loads) expect(load).toBeLessThanOrEqual(Math.max(total / days + largest, largest) + 1e-9);
      }),
    );
  });

  it('works on a slice of a longer list', () => {
    const weights = [5, 1, 1, 1, 1, 1, 1, 9];
    expect(weightedSizes(weights, 1, 7, 2)).toEqual([3, 3]);
  });
});

describe('verseReadingPlan (topic plans without topic data)', () => {
  it('every verse once, in order, over min(days, verses) consecutive days of balanced size', () => {
    fc.assert(
      fc.property(verseIdList, fc.integer({ min: 1, max: 3650 }), epochDays, (ids, days, start) => {
        const plan = verseReadingPlan(ids, days, start);
        expect(plan.length).toBe(Math.min(days, ids.length));
        expect(plan.flatMap((d) => d.verseIds)).toEqual(ids);
        plan.forEach((d, i) => {
          expect(d.day).toBe(i + 1);
          expect(d.date).toBe(isoOf(start + i));
        });
        if (plan.length) {
          const sizes = plan.map((d) => d.verseIds.length);
          expect(Math.min(...sizes)).toBeGreaterThanOrEqual(1);
          expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        }
      }),
    );
  });

  it('keeps the first place of a repeated verse', () => {
    const plan = verseReadingPlan(['43003016', '01001001', '43003016', '19023001'], 2, parseDate('2024-02-28')!);
    expect(plan).toEqual([
      { day: 1, date: '2024-02-28', verseIds: ['43003016'] },
      { day: 2, date: '2024-02-29', verseIds: ['01001001', '19023001'] },
    ]);
    expect(verseReadingPlan([], 30, 0)).toEqual([]);
  });
});

describe('dates', () => {
  it('parses exactly the real calendar dates', () => {
    fc.assert(
      fc.property(epochDays, (day) => {
        expect(parseDate(isoOf(day))).toBe(day);
        expect(formatDate(day)).toBe(isoOf(day));
      }),
    );
    for (const bad of [
      '2023-02-29',
      '2023-02-30',
      '2023-04-31',
      '2023-13-01',
      '2023-00-10',
      '2023-01-00',
      '1900-02-29',
      '2023-1-1',
      '23-01-01',
      '2023/01/01',
      '01/01/2023',
      '2023-01-01T00:00:00Z',
      ' 2023-01-01',
      '',
      'today',
    ]) {
      expect(parseDate(bad), bad).toBeNull();
    }
    expect(parseDate('2024-02-29')).not.toBeNull();
    expect(parseDate('2000-02-29')).not.toBeNull();
  });

  it('steps day by day across months, leap days and years', () => {
    fc.assert(
      fc.property(epochDays, fc.integer({ min: 0, max: 3700 }), (start, count) => {
        const dates = dateSequence(start, count);
        expect(dates.length).toBe(count);
        for (let i = 0; i < count; i += 97) expect(dates[i]).toBe(isoOf(start + i));
        if (count) expect(dates[count - 1]).toBe(isoOf(start + count - 1));
      }),
      { numRuns: 200 },
    );
  });

  it('reads today from the injected clock, in UTC', () => {
    expect(formatDate(today({ clock: () => '2023-01-01' }))).toBe('2023-01-01');
    expect(formatDate(today({ clock: () => new Date('2023-03-04T23:59:59Z') }))).toBe('2023-03-04');
    expect(formatDate(today({ clock: () => '2023-03-04T23:30:00-05:00' }))).toBe('2023-03-05');
    expect(formatDate(today({}))).toBe(new Date().toISOString().slice(0, 10));
    for (const clock of [
      () => 'soon',
      () => new Date(NaN),
      () => 42,
      'not a function',
      () => {
        throw new Error('x');
      },
    ]) {
      expect(() => today({ clock }), String(clock)).toThrow(
        expect.objectContaining({ code: 'NOT_AVAILABLE', param: 'clock' }),
      );
    }
  });
});
