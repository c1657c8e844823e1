// GetBibleReadingPlanByTopic on the compiled packs: the plan invariants over every topic, defaults, and bad input.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openNode } from '../../engine/node/loader.ts';
import { callError } from '../helpers.ts';

const TODAY = '2024-02-20';
const DAY_MS = 86_400_000;
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

interface TopicPlan {
  topicInfo: { topic: string; daysRequested: string; daysFilled: number };
  readingPlan: { day: number; date: string; verseIds: string[] }[];
}

describe('GetBibleReadingPlanByTopic', async () => {
  const b = await openNode({ clock: () => TODAY });
  await b.load(['topics', 'text-kjv']);
  const plan = (params: Record<string, string | number>) =>
    b.callSync('GetBibleReadingPlanByTopic', params) as TopicPlan;
  const topics = b.callSync('GetTopics', {}) as string[];
  // A topic's verses from GetTopic's citations, each once, in canonical order.
  const versesOf = new Map(
    topics.map((topic) => {
      const citations = b.callSync('GetTopic', { topic }) as unknown as { verseIds: string[] }[];
      return [topic, [...new Set(citations.flatMap((c) => c.verseIds))].sort()];
    }),
  );

  it('spreads every verse of the topic once, in order, over min(days, verses) consecutive balanced days', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...topics),
        fc.oneof(fc.integer({ min: 1, max: 3650 }), fc.integer({ min: 1, max: 60 })),
        fc.option(fc.integer({ min: dayOf('1900-01-01'), max: dayOf('2199-12-31') }), { nil: undefined }),
        (topic, days, start) => {
          const params: Record<string, string> = { topic, days: String(days) };
          if (start !== undefined) params.requestedStartDate = isoOf(start);
          const { topicInfo, readingPlan } = plan(params);
          const verses = versesOf.get(topic)!;
          const filled = Math.min(days, verses.length);
          expect(topicInfo).toEqual({ topic, daysRequested: String(days), daysFilled: filled });
          expect(readingPlan.length).toBe(filled);
          expect(readingPlan.flatMap((d) => d.verseIds)).toEqual(verses);
          const sizes = readingPlan.map((d) => d.verseIds.length);
          expect(Math.min(...sizes)).toBeGreaterThanOrEqual(1);
          expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
          readingPlan.forEach((d, i) => {
            expect(Object.keys(d)).toEqual(['day', 'date', 'verseIds']);
            expect(d.day).toBe(i + 1);
            expect(d.date).toBe(isoOf((start ?? dayOf(TODAY)) + i));
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('every verse of every topic plan is a KJV verse', () => {
    for (const topic of topics) {
      for (const day of plan({ topic, days: 3650 }).readingPlan) {
        for (const verseId of day.verseIds)
          expect((b.callSync('GetVerse', { verseId }) as unknown[]).length, verseId).toBe(1);
      }
    }
  });

  it('defaults to addiction over 30 days from today, and fills fewer days when a topic is short', () => {
    const { topicInfo, readingPlan } = plan({});
    expect(topicInfo).toEqual({ topic: 'addiction', daysRequested: '30', daysFilled: 30 });
    expect(readingPlan[0].date).toBe(TODAY);
    const count = b.callSync('GetTopicVerseCount', { topic: 'racism' }) as number;
    expect(count).toBeLessThan(30);
    expect(plan({ topic: 'racism' }).topicInfo.daysFilled).toBe(count);
    expect(plan({ topic: '  Addiction ', days: 7 }).topicInfo).toEqual({
      topic: 'Addiction',
      daysRequested: '7',
      daysFilled: 7,
    });
  });

  it('refuses unknown topics, bad days and impossible dates, naming the parameter', async () => {
    const bad: [string, unknown][] = [
      ['topic', 'astrology'],
      ['topic', 'x'.repeat(101)],
      ['topic', '   '],
      ['days', '0'],
      ['days', '-5'],
      ['days', '3651'],
      ['days', '5000000'],
      ['days', '2.5'],
      ['requestedStartDate', '2023-02-30'],
      ['requestedStartDate', '2023-02-29'],
      ['requestedStartDate', '2023-13-13'],
      ['requestedStartDate', 'now'],
    ];
    for (const [name, value] of bad) {
      const error = await callError('GetBibleReadingPlanByTopic', { [name]: value });
      expect([error.code, error.param], `${name}=${value}`).toEqual(['INVALID_PARAMETER', name]);
    }
  });
});
