// The reading-speed model behind GetReadingTimeByAge and the reading times of reading plans: words per
// minute for slow (low), typical (average) and fast (high) readers, read silently and aloud (oral), by
// age. The project authors this table; the `plans` builder compiles it into the `plans` pack.
//
// Children (6-17) come from published reading-rate research, collected with full citations in the
// corpus at curated/reading_speed (reading_speed_figures.md, reading_rate_norms.tsv; provenance in
// provenance/curated.md, "item 7: reading speed"). Adults follow the hosted API's own model: a peak band
// 18-25, then fixed declines (see ADULT_BANDS).
//
// Age -> school grade: the research gives norms by US grade; grade N is age N+5 at the start of the school
// year and N+6 at its end (reading_speed_figures.md), so a reader aged A is mostly in grade A-5 and we take
// the middle of that year (the winter norms where a study has seasons).
// low / average / high are the 25th / 50th / 75th percentiles, the split the figures file suggests.

export interface SpeedTriple {
  low: number;
  average: number;
  high: number;
}

export interface ReadingSpeedBand {
  /** what GetReadingTimeByAge reports as readersAge: "9", "18-25", "61+" */
  label: string;
  from: number;
  /** last age of the band; null for the open-ended last band */
  to: number | null;
  silent: SpeedTriple;
  oral: SpeedTriple;
  /** where the figures come from, in one line */
  basis: string;
}

export const READING_SPEED_SOURCES = {
  brysbaert2019:
    'Brysbaert, M. (2019). How many words do we read per minute? A review and meta-analysis of reading rate. Journal of Memory and Language, 109, 104047. doi:10.1016/j.jml.2019.104047',
  hasbrouckTindal2017:
    'Hasbrouck, J. & Tindal, G. (2017). An update to compiled ORF norms (Technical Report No. 1702). Behavioral Research and Teaching, University of Oregon.',
  hasbrouckTindal2006:
    'Hasbrouck, J. & Tindal, G. A. (2006). Oral reading fluency norms: A valuable assessment tool for reading teachers. The Reading Teacher, 59(7), 636-644.',
  spichtig2016:
    'Spichtig, A. N., Hiebert, E. H., Vorstius, C., Pascoe, J. P., Pearson, P. D., & Radach, R. (2016). The decline of comprehension-based silent reading efficiency in the United States. Reading Research Quarterly, 51(2), 239-259. doi:10.1002/rrq.137',
  sticht1974:
    'Sticht, T. G. et al. (1974). Auding and Reading: A Developmental Model, pp. 100-101 (professional readers aloud at about 175 +/- 25 wpm).',
  api: 'The hosted Bible Text and Study Tools API: GetReadingTimeByAge(29, 650) gives {low:176, average:228, high:280} wpm, 80% of the 18-25 peak.',
} as const;
export type ReadingSpeedSource = keyof typeof READING_SPEED_SOURCES;

/** A cited p25 / p50 / p75 row, exactly as printed (the tests check each against reading_rate_norms.tsv). */
export interface CitedNorm {
  source: ReadingSpeedSource;
  grade: number;
  season: 'winter' | 'n/a';
  p25: number;
  p50: number;
  p75: number;
}

/** Oral reading fluency (words correct per minute), winter norms. The 2017 update covers grades 1-6 only,
 *  so grades 7-8 come from the 2006 norms. */
export const ORAL_NORMS: readonly CitedNorm[] = [
  { source: 'hasbrouckTindal2017', grade: 1, season: 'winter', p25: 16, p50: 29, p75: 59 },
  { source: 'hasbrouckTindal2017', grade: 2, season: 'winter', p25: 59, p50: 84, p75: 109 },
  { source: 'hasbrouckTindal2017', grade: 3, season: 'winter', p25: 79, p50: 97, p75: 137 },
  { source: 'hasbrouckTindal2017', grade: 4, season: 'winter', p25: 95, p50: 120, p75: 143 },
  { source: 'hasbrouckTindal2017', grade: 5, season: 'winter', p25: 109, p50: 133, p75: 160 },
  { source: 'hasbrouckTindal2017', grade: 6, season: 'winter', p25: 116, p50: 145, p75: 166 },
  { source: 'hasbrouckTindal2006', grade: 7, season: 'winter', p25: 109, p50: 136, p75: 165 },
  { source: 'hasbrouckTindal2006', grade: 8, season: 'winter', p25: 115, p50: 146, p75: 173 },
];

/** Silent reading with comprehension, grades 2-12 (quartile boundaries as stored in the TSV). */
export const SILENT_NORMS: readonly CitedNorm[] = [
  { source: 'spichtig2016', grade: 2, season: 'n/a', p25: 87, p50: 107, p75: 136 },
  { source: 'spichtig2016', grade: 3, season: 'n/a', p25: 99, p50: 124, p75: 155 },
  { source: 'spichtig2016', grade: 4, season: 'n/a', p25: 114, p50: 142, p75: 171 },
  { source: 'spichtig2016', grade: 5, season: 'n/a', p25: 123, p50: 150, p75: 179 },
  { source: 'spichtig2016', grade: 6, season: 'n/a', p25: 128, p50: 158, p75: 191 },
  { source: 'spichtig2016', grade: 7, season: 'n/a', p25: 133, p50: 159, p75: 191 },
  { source: 'spichtig2016', grade: 8, season: 'n/a', p25: 134, p50: 159, p75: 193 },
  { source: 'spichtig2016', grade: 9, season: 'n/a', p25: 141, p50: 169, p75: 202 },
  { source: 'spichtig2016', grade: 10, season: 'n/a', p25: 149, p50: 173, p75: 208 },
  { source: 'spichtig2016', grade: 11, season: 'n/a', p25: 150, p50: 174, p75: 217 },
  { source: 'spichtig2016', grade: 12, season: 'n/a', p25: 151, p50: 176, p75: 225 },
];

/** Silent peak (18-25). The API's example fixes the 26-30 speeds at 176 / 228 / 280 and says they are 80% of
 *  the peak, so the peak is 220 / 285 / 350. Brysbaert's adult silent means (238 non-fiction, 260 fiction;
 *  most adults 175-300) sit inside this band, whose readers are the young adults that study mostly measured. */
export const PEAK_SILENT: SpeedTriple = { low: 220, average: 285, high: 350 };

/** Oral peak (18-25): Brysbaert's adult oral mean (183 wpm, 77 studies) as the average, and professional
 *  readers' 175 +/- 25 wpm (Sticht) as the slow and fast ends. */
export const PEAK_ORAL: SpeedTriple = { low: 150, average: 183, high: 200 };

/** The API's adult model: speed falls from the peak by a share of the peak. Its text gives the 50% figure a
 *  second "26-30" label; we read it as the 31-45 band, the only band it would otherwise leave out. */
export const ADULT_BANDS: readonly { from: number; to: number | null; declinePercent: number }[] = [
  { from: 18, to: 25, declinePercent: 0 },
  { from: 26, to: 30, declinePercent: 20 },
  { from: 31, to: 45, declinePercent: 50 },
  { from: 46, to: 60, declinePercent: 57.89 },
  { from: 61, to: null, declinePercent: 66.66 },
];

export const FIRST_READER_AGE = 6;

const triple = (n: CitedNorm): SpeedTriple => ({ low: n.p25, average: n.p50, high: n.p75 });
const scale = (t: SpeedTriple, factor: number): SpeedTriple => ({
  low: Math.round(t.low * factor),
  average: Math.round(t.average * factor),
  high: Math.round(t.high * factor),
});
const atLeast = (t: SpeedTriple, floor: SpeedTriple): SpeedTriple => ({
  low: Math.max(t.low, floor.low),
  average: Math.max(t.average, floor.average),
  high: Math.max(t.high, floor.high),
});
const between = (a: SpeedTriple, b: SpeedTriple, share: number): SpeedTriple => ({
  low: Math.round(a.low + (b.low - a.low) * share),
  average: Math.round(a.average + (b.average - a.average) * share),
  high: Math.round(a.high + (b.high - a.high) * share),
});

/** The whole model, one band per year of childhood and the API's adult bands. */
export function readingSpeedBands(): ReadingSpeedBand[] {
  const bands: ReadingSpeedBand[] = [];
  const lastOral = ORAL_NORMS[ORAL_NORMS.length - 1];
  const lastOralAge = lastOral.grade + 5;
  let previousOral: SpeedTriple = { low: 0, average: 0, high: 0 };
  for (let age = FIRST_READER_AGE; age < ADULT_BANDS[0].from; age++) {
    const grade = age - 5;
    const oralNorm = ORAL_NORMS.find((n) => n.grade === grade);
    const silentNorm = SILENT_NORMS.find((n) => n.grade === grade);
    // Oral norms stop at grade 8 (age 13); ages 14-17 move in equal steps to the adult peak at 18.
    let oral = oralNorm
      ? triple(oralNorm)
      : between(triple(lastOral), PEAK_ORAL, (age - lastOralAge) / (ADULT_BANDS[0].from - lastOralAge));
    // The 2006 grade 7 norms sit a little under the 2017 grade 6 ones (two samples, not slower readers):
    // keep the curve from falling before the peak.
    oral = atLeast(oral, previousOral);
    previousOral = oral;
    // Grade 1 has no silent norms: beginning readers read silently no faster than aloud.
    const silent = silentNorm ? triple(silentNorm) : oral;
    const oralBasis = oralNorm
      ? `${oralNorm.source} grade ${grade} winter`
      : `interpolated from grade ${lastOral.grade} to the adult peak`;
    const silentBasis = silentNorm
      ? `${silentNorm.source} grade ${grade}`
      : 'oral figures (no silent norms for grade 1)';
    bands.push({
      label: String(age),
      from: age,
      to: age,
      silent,
      oral,
      basis: `silent: ${silentBasis}; oral: ${oralBasis}; p25/p50/p75`,
    });
  }
  for (const band of ADULT_BANDS) {
    const factor = 1 - band.declinePercent / 100;
    bands.push({
      label: band.to === null ? `${band.from}+` : `${band.from}-${band.to}`,
      from: band.from,
      to: band.to,
      silent: scale(PEAK_SILENT, factor),
      oral: scale(PEAK_ORAL, factor),
      basis: band.declinePercent
        ? `api: ${band.declinePercent}% below the 18-25 peak`
        : 'peak: api (silent), brysbaert2019 + sticht1974 (oral)',
    });
  }
  return bands;
}
