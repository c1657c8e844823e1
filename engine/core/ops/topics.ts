// Topics: the API's 97 topics with verses from Nave's Topical Bible (the topic-to-heading map is
// sources/topics.ts). topicVerseIds is also what GetBibleReadingPlanByTopic reads.
import { invalid } from '../errors.ts';
import type { Context, OperationDef } from '../operation.ts';
import type { ParamSpec } from '../params.ts';
import { deepFreeze, padVerseId, perPack } from '../study/cache.ts';

/** The packs topicVerseIds needs loaded. */
export const TOPIC_PACKS: readonly string[] = ['topics'];

interface TopicRecord { topic: string; citations: (string | number)[][] }
interface Topic { name: string; citations: (string | number)[][]; answer?: readonly { citation: string; verseIds: readonly string[] }[]; verseIds?: readonly string[] }

const topicTable = perPack((pack) => {
  const records = pack.json<TopicRecord[]>('topics');
  return {
    names: deepFreeze(records.map((r) => r.topic)),
    byName: new Map<string, Topic>(records.map((r) => [r.topic, { name: r.topic, citations: r.citations }])),
  };
});

const topicKey = (raw: string) => raw.trim().toLowerCase().replace(/[\s_+-]+/g, ' ');

function findTopic(ctx: Context, raw: string, param = 'topic'): Topic {
  const table = topicTable(ctx.pack('topics'));
  const topic = table.byName.get(topicKey(raw));
  if (!topic) throw invalid(param, `${param} ${JSON.stringify(raw.slice(0, 40))} is not one of the ${table.names.length} topics; GetTopics lists them (e.g. addiction, love, prayer)`);
  return topic;
}

function verseIdsOf(topic: Topic): readonly string[] {
  if (!topic.verseIds) {
    const ids = new Set<number>();
    for (const c of topic.citations) for (let i = 1; i < c.length; i++) ids.add(c[i] as number);
    topic.verseIds = deepFreeze([...ids].sort((a, b) => a - b).map(padVerseId));
  }
  return topic.verseIds;
}

/**
 * The distinct verseIds ("46013004") of a topic, in canonical order; the topic is matched
 * case-insensitively. Throws INVALID_PARAMETER (naming `param`) for an unknown topic. Needs TOPIC_PACKS loaded.
 */
export function topicVerseIds(ctx: Context, topic: string, param = 'topic'): string[] {
  return verseIdsOf(findTopic(ctx, topic, param)).slice();
}

const TOPIC: ParamSpec = {
  name: 'topic', type: 'text', default: 'addiction', maxLength: 100,
  description: 'a topic from GetTopics, e.g. "love" (case-insensitive; default addiction)',
};

export const topicOperations: OperationDef[] = [
  {
    name: 'GetTopics', family: 'topics',
    summary: 'The 97 topic names, in the API\'s order.',
    params: [],
    packs: () => [...TOPIC_PACKS],
    run: (ctx) => topicTable(ctx.pack('topics')).names,
  },
  {
    name: 'GetTopic', family: 'topics',
    summary: "A topic's citations from Nave's Topical Bible as [{citation, verseIds}], in canonical order.",
    params: [TOPIC],
    packs: () => [...TOPIC_PACKS],
    run(ctx, p) {
      const topic = findTopic(ctx, p.topic);
      topic.answer ??= deepFreeze(topic.citations.map(([citation, ...ids]) => ({
        citation: citation as string, verseIds: (ids as number[]).map(padVerseId),
      })));
      return topic.answer;
    },
  },
  {
    name: 'GetTopicVerseCount', family: 'topics',
    summary: 'The number of distinct verses of a topic, as {topicVerseCount}.',
    params: [TOPIC],
    packs: () => [...TOPIC_PACKS],
    run: (ctx, p) => ({ topicVerseCount: verseIdsOf(findTopic(ctx, p.topic)).length }),
  },
];
