// The plans pack: the reading-speed model (sources/reading-speed.ts) as one small JSON section, so the
// engine core never reads files. Chapter word counts are not stored: the engine counts them from the KJV
// text pack with the same word rule as GetWordCountOfChapter.
import { FIRST_READER_AGE, READING_SPEED_SOURCES, readingSpeedBands } from '../../sources/reading-speed.ts';
import type { Builder } from './context.ts';
import { sectionsOf } from '../pack/writer.ts';
import { PLANS_PACK } from '../../engine/core/pack/schemas.ts';

export const plansBuilder: Builder = {
  name: 'plans',
  build() {
    const bands = readingSpeedBands();
    // The engine looks ages up band by band; a gap or overlap would answer some ages wrongly.
    bands.forEach((band, i) => {
      const expectedFrom = i === 0 ? FIRST_READER_AGE : bands[i - 1].to! + 1;
      if (
        band.from !== expectedFrom ||
        (band.to !== null && band.to < band.from) ||
        (band.to === null && i !== bands.length - 1)
      ) {
        throw new Error(`reading-speed band ${band.label} does not follow on from the one before`);
      }
      for (const t of [band.silent, band.oral]) {
        if (
          ![t.low, t.average, t.high].every((n) => Number.isInteger(n) && n > 0) ||
          !(t.low <= t.average && t.average <= t.high)
        ) {
          throw new Error(
            `reading-speed band ${band.label}: speeds must be positive whole numbers with low <= average <= high`,
          );
        }
      }
    });
    return [
      {
        name: PLANS_PACK.name,
        // Published figures (facts) and the API's own model: no corpus file is read at build time.
        datasets: ['reading-speed'],
        sections: sectionsOf(PLANS_PACK, {
          readingSpeed: { bands, sources: READING_SPEED_SOURCES },
        }),
      },
    ];
  },
};
