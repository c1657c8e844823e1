// Topics: the API's 97 topics with verses from Nave's Topical Bible (the topic-to-heading map is
// sources/topics.ts). topicVerseIds is also what GetBibleReadingPlanByTopic reads.
import { invalid } from '../errors.ts';
import { defineOperation, type Context } from '../operation.ts';
import { arrayOf, number, string } from '../shape.ts';
import { TOPIC_ENTRY } from '../records.ts';
import type { ParamSpec } from '../params.ts';
import { deepFreeze } from '../deep-freeze.ts';
import { perPack } from '../pack/per-pack.ts';
import { padVerseId } from '../ids.ts';
import type { PackOf } from '../pack/schema.ts';
import { TOPICS_PACK } from '../pack/schemas.ts';

/** The packs topicVerseIds needs loaded. */
export const TOPIC_PACKS: readonly string[] = [TOPICS_PACK.name];

interface Topic {
  name: string;
  citations: (string | number)[][];
  answer?: readonly { citation: string; verseIds: readonly string[] }[];
  verseIds?: readonly string[];
}

const topicTable = perPack((pack: PackOf<typeof TOPICS_PACK>) => {
  const records = pack.json('topics');
  return {
    names: deepFreeze(records.map((r) => r.topic)),
    byName: new Map<string, Topic>(records.map((r) => [r.topic, { name: r.topic, citations: r.citations }])),
  };
});

const topicKey = (raw: string) =>
  raw
    .trim()
    .toLowerCase()
    .replace(/[\s_+-]+/g, ' ');

function findTopic(ctx: Context, raw: string, param = 'topic'): Topic {
  const table = topicTable(ctx.pack(TOPICS_PACK));
  const topic = table.byName.get(topicKey(raw));
  if (!topic)
    throw invalid(
      param,
      `${param} ${JSON.stringify(raw.slice(0, 40))} is not one of the ${table.names.length} topics; GetTopics lists them (e.g. addiction, love, prayer)`,
    );
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

/** The API's 97 topics, in its order (sources/topics.ts maps each to Nave's headings; a test keeps the two equal). */
export const TOPICS = [
  'addiction',
  'adultery',
  'afterlife',
  'alcohol',
  'animals',
  'anger',
  'angels',
  'anxiety',
  'baptism',
  'birth',
  'business',
  'charity',
  'children',
  'church',
  'compassion',
  'courage',
  'dating',
  'death',
  'deliverance',
  'devil',
  'depression',
  'discipleship',
  'divorce',
  'drugs',
  'endurance',
  'eternal life',
  'evil',
  'faith',
  'faithfulness',
  'family',
  'fasting',
  'fear',
  'forgiveness',
  'friendship',
  'food',
  'generosity',
  'good',
  'gospel',
  'gossip',
  'government',
  'grace',
  'gratitude',
  'guidance',
  'healing',
  'health',
  'holiness',
  'homosexuality',
  'hope',
  'humility',
  'idolatry',
  'ignorance',
  'integrity',
  'jealousy',
  'joy',
  'justice',
  'kindness',
  'kingdom of god',
  'life',
  'love',
  'marriage',
  'medicine',
  'money',
  'miracles',
  'obedience',
  'patience',
  'peace',
  'perseverance',
  'politics',
  'praise',
  'prayer',
  'predestination',
  'prophecy',
  'purpose',
  'racism',
  'redemption',
  'renewal',
  'repentance',
  'resurrection',
  'righteousness',
  'sacrifice',
  'satan',
  'salvation',
  'science',
  'second coming',
  'servanthood',
  'sex',
  'stress',
  'suffering',
  'suicide',
  'temptation',
  'trust',
  'truth',
  'unity',
  'wealth',
  'wisdom',
  'worrying',
  'worship',
] as const;
export type TopicName = (typeof TOPICS)[number];

export const TOPIC_PARAM = {
  name: 'topic',
  type: 'text',
  default: 'addiction',
  maxLength: 100,
  values: TOPICS,
  description: 'a topic from GetTopics, e.g. "love" (case-insensitive; default addiction)',
} as const satisfies ParamSpec;

export const topicOperations = [
  defineOperation({
    name: 'GetTopics',
    family: 'topics',
    summary: "The 97 topic names, in the API's order.",
    params: [],
    result: arrayOf(string),
    packs: () => [...TOPIC_PACKS],
    run: (ctx) => topicTable(ctx.pack(TOPICS_PACK)).names,
  }),
  defineOperation({
    name: 'GetTopic',
    family: 'topics',
    summary: "A topic's citations from Nave's Topical Bible as [{citation, verseIds}], in canonical order.",
    params: [TOPIC_PARAM],
    result: arrayOf(TOPIC_ENTRY),
    packs: () => [...TOPIC_PACKS],
    run(ctx, p) {
      const topic = findTopic(ctx, p.topic);
      topic.answer ??= deepFreeze(
        topic.citations.map(([citation, ...ids]) => ({
          citation: citation as string,
          verseIds: (ids as number[]).map(padVerseId),
        })),
      );
      return topic.answer;
    },
  }),
  defineOperation({
    name: 'GetTopicVerseCount',
    family: 'topics',
    summary:
      'The number of distinct verses of a topic, as a bare JSON number (the hosted service answers the count itself; clients show answer.toString()).',
    params: [TOPIC_PARAM],
    result: number,
    packs: () => [...TOPIC_PACKS],
    run: (ctx, p) => verseIdsOf(findTopic(ctx, p.topic)).length,
  }),
] as const;
