// Reading times from the reading-speed model in the `plans` pack (authored in sources/reading-speed.ts from
// the research in curated/reading_speed: Brysbaert 2019, Hasbrouck & Tindal 2006/2017, Spichtig et al. 2016,
// Sticht et al. 1974; adults follow the hosted API's peak-and-decline model).
//
// Rounding, as the API's example fixes it (650 words at 176 wpm -> 3.69 minutes, 221.4 seconds): minutes
// are rounded to 2 decimals and seconds derive from those rounded minutes; hours and days are rounded to
// 2 decimals like minutes, as the hosted API gives them.
import { notAvailable } from '../errors.ts';
import type { PackOf } from '../pack/schema.ts';
import type { PLANS_PACK } from '../pack/schemas.ts';
import { perPack } from '../pack/per-pack.ts';
import type { SpeedBand, Speeds } from '../pack/contents.ts';

export type { SpeedBand, Speeds } from '../pack/contents.ts';

/** Reader ages with a speed. Below 6 there are no reading norms; above 120 is not a human age. */
export const READER_AGE_MIN = 6;
export const READER_AGE_MAX = 120;

/**
 * The age reading times are computed for, from the requested one: the API's rule is that an age below 6,
 * or one that is not a valid age, reads as the default 6.
 */
export function readersAge(requested: number | undefined): number {
  return requested !== undefined &&
    Number.isInteger(requested) &&
    requested >= READER_AGE_MIN &&
    requested <= READER_AGE_MAX
    ? requested
    : READER_AGE_MIN;
}

export interface TimeSpan {
  seconds: number;
  minutes: number;
  hours: number;
  days: number;
}
export interface TimesToRead {
  low: TimeSpan;
  average: TimeSpan;
  high: TimeSpan;
}

/** The band for each accepted age, looked up by index. */
export type SpeedModel = readonly SpeedBand[];

export const speedModel: (pack: PackOf<typeof PLANS_PACK>) => SpeedModel = perPack(
  (pack: PackOf<typeof PLANS_PACK>) => {
    const { bands } = pack.json('readingSpeed');
    const byAge: SpeedBand[] = [];
    for (let age = 0; age <= READER_AGE_MAX; age++) {
      const band = bands.find((b) => age >= b.from && (b.to === null || age <= b.to));
      if (band) byAge[age] = band;
      else if (age >= READER_AGE_MIN)
        throw notAvailable(
          `pack 'plans' has no reading speed for age ${age}; rebuild it with \`bible build --only plans\``,
        );
    }
    return byAge;
  },
);

/** A time given in hundredths of a minute, in every unit the API gives. */
function span(hundredths: number): TimeSpan {
  return {
    seconds: (hundredths * 60) / 100,
    minutes: hundredths / 100,
    hours: Math.round(hundredths / 60) / 100,
    days: Math.round(hundredths / 1440) / 100,
  };
}

/** Time to read `words` (may be fractional: an average) at each speed; minutes rounded to 2 decimals. */
export function timesToRead(words: number, speeds: Speeds): TimesToRead {
  return {
    low: span(Math.round((words * 100) / speeds.low)),
    average: span(Math.round((words * 100) / speeds.average)),
    high: span(Math.round((words * 100) / speeds.high)),
  };
}
