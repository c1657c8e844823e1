// Reading plans and reading times: GetBibleReadingPlan, GetBibleReadingPlanByTopic (over the topics of
// ops/topics.ts) and GetReadingTimeByAge. Chapter word counts come from the KJV text; reading speeds from
// the `plans` pack (see engine/core/plans/reading-time.ts for the model and its sources). Dates are UTC
// calendar dates and "today" comes from open({ clock }) when the host gives one (engine/core/plans/dates.ts).
import { defineOperation, textPack, type Context } from '../operation.ts';
import { PLANS_PACK } from '../pack/schemas.ts';
import type { AgeValue } from '../params.ts';
import { SPEEDS, TIMES_TO_READ } from '../records.ts';
import { arrayOf, headed, number, object, string } from '../shape.ts';
import type { ParamSpec } from '../params.ts';
import { chapterTable, sectionRange, type Sections } from '../plans/chapters.ts';
import { dateSequence, parseDate, today } from '../plans/dates.ts';
import { READER_AGE_MIN, speedModel, timesToRead, type SpeedBand } from '../plans/reading-time.ts';
import { evenSizes, weightedSizes } from '../plans/split.ts';
import { verseReadingPlan } from '../plans/topic-plan.ts';
import { TOPIC_PACKS, TOPIC_PARAM, topicVerseIds } from './topics.ts';

/** Other spellings of the whole Bible (OT+NT) that forms send as sections. */
const WHOLE_BIBLE_SPELLINGS: readonly string[] = ['ALL', 'BOTH'];

/** Ten years of daily reading; more is a typo, and would only build a huge answer. */
export const MAX_PLAN_DAYS = 3650;
const PLAN_PACKS = [textPack('kjv'), PLANS_PACK.name];

const round2 = (n: number) => Math.round(n * 100) / 100;

const EXTREME = object({}, { chapters: number, days: number, firstDay: number });

export const PLAN_PARAMS = {
  days: {
    name: 'days',
    type: 'integer',
    required: true,
    min: 1,
    max: MAX_PLAN_DAYS,
    description: `number of days, 1 to ${MAX_PLAN_DAYS}`,
  },
  requestedStartDate: {
    name: 'requestedStartDate',
    type: 'date',
    description: 'first day of the plan, YYYY-MM-DD (default today, UTC)',
  },
  requestedAge: {
    name: 'requestedAge',
    type: 'age',
    required: true,
    description: `the reader's age in years; an age below ${READER_AGE_MIN} or not a valid age reads as ${READER_AGE_MIN}`,
  },
  optionalRequestedAge: {
    name: 'requestedAge',
    type: 'age',
    default: READER_AGE_MIN,
    description: `the reader's age in years (default ${READER_AGE_MIN}); an age below ${READER_AGE_MIN} or not a valid age reads as ${READER_AGE_MIN}`,
  },
} as const satisfies Record<string, ParamSpec>;

const SECTIONS = ['OT+NT', 'OT', 'NT'] as const;

/** Today and the plan's first day, as epoch days. */
function startOf(options: Readonly<Record<string, unknown>>, requested: string | undefined) {
  const todayDay = today(options);
  return { todayDay, startDay: requested === undefined ? todayDay : parseDate(requested)! };
}

const speedsFor = (ctx: Context, age: number): SpeedBand => speedModel(ctx.pack(PLANS_PACK))[age];

export const planOperations = [
  defineOperation({
    name: 'GetReadingTimeByAge',
    family: 'plans',
    summary:
      'Reading speed (words per minute) for a reader of an age, and the time to read a word count silently and aloud (oral) at low, average and high speed.',
    params: [
      PLAN_PARAMS.requestedAge,
      { name: 'wordCount', type: 'integer', required: true, min: 0, description: 'number of words to read, e.g. 650' },
    ],
    result: object(
      {
        readersAge: string,
        readersAgeRequested: string,
        wordCount: string,
        wordsPerMinuteReadingSpeed: SPEEDS,
        timeToRead: TIMES_TO_READ,
      },
      { readersAgeBand: string, wordsPerMinuteOralReadingSpeed: SPEEDS },
    ),
    packs: () => [PLANS_PACK.name],
    run(ctx, p) {
      const { requested, age } = p.requestedAge as AgeValue;
      const band = speedsFor(ctx, age);
      return {
        readersAge: String(age),
        readersAgeRequested: requested,
        wordCount: String(p.wordCount),
        wordsPerMinuteReadingSpeed: { low: band.silent.low, average: band.silent.average, high: band.silent.high },
        timeToRead: { silent: timesToRead(p.wordCount, band.silent), oral: timesToRead(p.wordCount, band.oral) },
        readersAgeBand: band.label,
        wordsPerMinuteOralReadingSpeed: { low: band.oral.low, average: band.oral.average, high: band.oral.high },
      };
    },
  }),
  defineOperation({
    name: 'GetBibleReadingPlan',
    family: 'plans',
    summary:
      'A plan reading whole KJV chapters in canonical order over a number of days: [summary, {day, date, bookAndChapterIds}, ...]. Days hold equal numbers of chapters (within one), or even out words with balance=words.',
    params: [
      PLAN_PARAMS.days,
      PLAN_PARAMS.requestedStartDate,
      // A query string turns an unencoded "+" into a space, so "OT NT" is read as OT+NT. The hosted
      // service's own plugin sends "all" from its form; "both" is the other spelling forms use.
      {
        name: 'sections',
        type: 'choice',
        values: [...SECTIONS, 'OT NT', ...WHOLE_BIBLE_SPELLINGS],
        default: 'OT+NT',
        asSent: true,
        description:
          'OT, NT or the whole Bible: OT+NT (the default), all, both or "OT NT" (any case); the answer echoes it as sent',
      },
      PLAN_PARAMS.optionalRequestedAge,
      {
        name: 'balance',
        type: 'choice',
        values: ['chapters', 'words'],
        default: 'chapters',
        description: 'chapters: days differ by at most one chapter (default); words: days even out reading time',
      },
    ],
    result: headed(
      object(
        {
          daysRequested: string,
          daysFilled: string,
          sections: string,
          datesInfo: object({ todaysDate: string, startDate: string, daysUntilStartDate: number, endDate: string }),
          chaptersInfo: object({
            totalChapters: number,
            averageChaptersPerDay: number,
            mostChapters: EXTREME,
            leastChapters: EXTREME,
          }),
          readingTime: object(
            { requestedAge: string, readersAge: string, averageTimePerDay: TIMES_TO_READ },
            { readersAgeBand: string, totalWords: number, averageWordsPerDay: number },
          ),
        },
        { balance: string },
      ),
      object({ day: number, date: string, bookAndChapterIds: arrayOf(string) }),
    ),
    packs: () => PLAN_PACKS,
    run(ctx, p) {
      // Echoed as the service (PHP) would: the value as decoded, so an unencoded "OT+NT" comes back "OT NT".
      const sentSections = p.sections as string;
      const upper = sentSections.toUpperCase().replace(/ /g, '+');
      const sections: Sections = WHOLE_BIBLE_SPELLINGS.includes(upper) ? 'OT+NT' : SECTIONS.find((v) => v === upper)!;
      const { age } = p.requestedAge as AgeValue;
      const table = chapterTable(ctx.meta, ctx.translation('kjv'));
      const [first, end] = sectionRange(table, sections);
      const total = end - first;
      const filled = Math.min(p.days as number, total);
      const sizes = p.balance === 'words' ? weightedSizes(table.words, first, end, filled) : evenSizes(total, filled);
      const { todayDay, startDay } = startOf(ctx.options, p.requestedStartDate);
      // One date past the last day: the API's endDate (start 2023-01-01 + 180 days ends 2023-06-30).
      const dates = dateSequence(startDay, filled + 1);

      const days = new Array(filled);
      let at = first;
      let most = 0;
      let least = Infinity;
      for (let d = 0; d < filled; d++) {
        const size = sizes[d];
        days[d] = { day: d + 1, date: dates[d], bookAndChapterIds: table.ids.slice(at, (at += size)) };
        if (size > most) most = size;
        if (size < least) least = size;
      }
      const extreme = (chapters: number) => {
        let count = 0;
        let firstDay = 0;
        for (let d = 0; d < filled; d++)
          if (sizes[d] === chapters) {
            count++;
            firstDay ||= d + 1;
          }
        return { chapters, days: count, firstDay };
      };

      let words = 0;
      for (let i = first; i < end; i++) words += table.words[i];
      const band = speedsFor(ctx, age);
      const perDay = words / filled;
      const summary = {
        daysRequested: String(p.days),
        daysFilled: String(filled),
        sections: sentSections,
        balance: p.balance as string,
        datesInfo: {
          todaysDate: dateSequence(todayDay, 1)[0],
          startDate: dates[0],
          daysUntilStartDate: startDay - todayDay,
          endDate: dates[filled],
        },
        chaptersInfo: {
          totalChapters: total,
          averageChaptersPerDay: round2(total / filled),
          mostChapters: extreme(most),
          leastChapters: extreme(least),
        },
        readingTime: {
          requestedAge: (p.requestedAge as AgeValue).requested,
          readersAge: String(age),
          averageTimePerDay: { silent: timesToRead(perDay, band.silent), oral: timesToRead(perDay, band.oral) },
          readersAgeBand: band.label,
          totalWords: words,
          averageWordsPerDay: Math.round(perDay),
        },
      };
      return [summary, ...days] as const;
    },
  }),
  defineOperation({
    name: 'GetBibleReadingPlanByTopic',
    family: 'plans',
    summary:
      "A topic's verses spread over days in canonical order, each once, days within one verse of each other: {topicInfo {topic, daysRequested, daysFilled}, readingPlan [{day, date, verseIds}]}.",
    params: [
      TOPIC_PARAM,
      {
        ...PLAN_PARAMS.days,
        required: false,
        default: 30,
        description: `number of days, 1 to ${MAX_PLAN_DAYS} (default 30)`,
      },
      PLAN_PARAMS.requestedStartDate,
    ],
    result: object({
      topicInfo: object({ topic: string, daysRequested: string, daysFilled: number }),
      readingPlan: arrayOf(object({ day: number, date: string, verseIds: arrayOf(string) })),
    }),
    packs: () => [...TOPIC_PACKS],
    run(ctx, p) {
      const verseIds = topicVerseIds(ctx, p.topic);
      const readingPlan = verseReadingPlan(verseIds, p.days, startOf(ctx.options, p.requestedStartDate).startDay);
      return {
        topicInfo: { topic: p.topic.trim(), daysRequested: String(p.days), daysFilled: readingPlan.length },
        readingPlan,
      };
    },
  }),
] as const;
