// Topics: the API's 97 names, Nave's verses for each, and the helper the reading plans use.
import { describe, expect, it } from 'vitest';
import { bible, callError, readLocalPack } from '../helpers.ts';
import type { Context } from '../../engine/core/operation.ts';
import { withSchema } from '../../engine/core/pack/schema.ts';
import { TOPICS_PACK } from '../../engine/core/pack/schemas.ts';
import { TOPIC_PACKS, topicVerseIds } from '../../engine/core/ops/topics.ts';
import { TOPIC_SOURCES } from '../../sources/topics.ts';

type Citation = { citation: string; verseIds: string[] };

describe('topics', () => {
  it("GetTopics answers the API's 97 names in order", async () => {
    const b = await bible();
    const topics = (await b.GetTopics()) as string[];
    expect(topics).toHaveLength(97);
    expect(topics.slice(0, 3)).toEqual(['addiction', 'adultery', 'afterlife']);
    expect(topics).toContain('suffering');
    expect(topics[96]).toBe('worship');
    expect(topics).toEqual(TOPIC_SOURCES.map((t) => t.topic));
  });

  it('every topic has verses, every verseId is a KJV verse, and the count matches', async () => {
    const b = await bible();
    const v = b.meta.versification;
    for (const topic of (await b.GetTopics()) as string[]) {
      const citations = (await b.GetTopic({ topic })) as Citation[];
      expect(citations.length, topic).toBeGreaterThan(0);
      const distinct = new Set<string>();
      for (const c of citations) {
        expect(c.citation).toMatch(/^[1-3]?\s?[A-Z][A-Za-z ]+ \d+(:\d+)?/);
        expect(c.verseIds.length).toBeGreaterThan(0);
        for (const id of c.verseIds) {
          const n = Number(id);
          expect(id).toMatch(/^\d{8}$/);
          expect(
            v.ordinalOf(Math.floor(n / 1e6), Math.floor(n / 1e3) % 1e3, n % 1e3),
            `${topic} ${id}`,
          ).toBeGreaterThanOrEqual(0);
          distinct.add(id);
        }
      }
      expect(await b.GetTopicVerseCount({ topic })).toBe(distinct.size);
    }
  });

  it('known citations: love, anger, second coming (from the complete Nave text)', async () => {
    const b = await bible();
    const anger = (await b.GetTopic({ topic: 'anger' })) as Citation[];
    expect(anger.find((c) => c.citation === 'Proverbs 14:17, 29')?.verseIds).toEqual(['20014017', '20014029']);
    expect(await b.GetTopicVerseCount({ topic: 'anger' })).toBe(230);
    const second = (await b.GetTopic({ topic: 'Second Coming' })) as Citation[];
    expect(second.some((c) => c.citation === 'Matthew 24:1-51')).toBe(true);
    expect((await b.GetTopic({})) as Citation[]).toEqual(await b.GetTopic({ topic: 'addiction' }));
  });

  it('unknown topics say how to get the valid ones', async () => {
    const error = await callError('GetTopic', { topic: 'astrophysics' });
    expect(error).toMatchObject({ code: 'INVALID_PARAMETER', param: 'topic' });
    expect(error.message).toMatch(/GetTopics/);
    expect((await callError('GetTopicVerseCount', { topic: 'x'.repeat(101) })).param).toBe('topic');
  });

  it('topicVerseIds gives the distinct verses in canonical order', async () => {
    const b = await bible();
    await b.load([...TOPIC_PACKS]);
    const ids = topicVerseIdsVia();
    const love = (await b.GetTopic({ topic: 'love' })) as Citation[];
    const expected = [...new Set(love.flatMap((c) => c.verseIds))].sort();
    expect(await ids('LOVE')).toEqual(expected);
  });
});

/** Calls topicVerseIds with a context holding the real topics pack: the one thing it reads. */
function topicVerseIdsVia() {
  const topics = withSchema(readLocalPack(TOPICS_PACK.name), TOPICS_PACK);
  const ctx = { pack: () => topics } as unknown as Context;
  return async (topic: string) => topicVerseIds(ctx, topic);
}
