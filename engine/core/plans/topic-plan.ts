// A topic's verses spread over days: the pure half of GetBibleReadingPlanByTopic, kept apart from the
// topic data so its rules are tested on their own.
import { dateSequence } from './dates.ts';
import { evenSizes, runs } from './split.ts';

export interface VerseDay {
  day: number;
  date: string;
  verseIds: string[];
}

/** The verses in the order given, each once (a repeat keeps its first place), over min(days, verses)
 *  days from `startDay` (an epoch day), day sizes within one of each other. */
export function verseReadingPlan(verseIds: readonly string[], days: number, startDay: number): VerseDay[] {
  const unique = verseIds.length < 2 ? verseIds : [...new Set(verseIds)];
  const filled = Math.min(days, unique.length);
  const dates = dateSequence(startDay, filled);
  return runs(unique, evenSizes(unique.length, filled)).map((ids, i) => ({
    day: i + 1,
    date: dates[i],
    verseIds: ids,
  }));
}
