// The plans builder: the reading-speed model as one JSON section, and its refusal of bands that do not follow on.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { READING_SPEED_SOURCES, readingSpeedBands, type ReadingSpeedBand } from '../../sources/reading-speed.ts';
import { fixtureContext } from '../../test/compiler/fixture-context.ts';
import { plansBuilder } from './plans.ts';

afterEach(() => {
  vi.doUnmock('../../sources/reading-speed.ts');
  vi.resetModules();
});

describe('plansBuilder', () => {
  it('stores the age bands and their sources, naming the authored reading-speed table', () => {
    const packs = plansBuilder.build(fixtureContext().ctx);
    expect(packs.map((p) => [p.name, p.datasets])).toEqual([['plans', ['reading-speed']]]);
    expect(packs[0].sections).toEqual({
      readingSpeed: { kind: 'json', data: { bands: readingSpeedBands(), sources: READING_SPEED_SOURCES } },
    });
    // The bands run from age 6 without gap or overlap; the last is open-ended.
    const bands = (packs[0].sections.readingSpeed.data as { bands: ReadingSpeedBand[] }).bands;
    expect(bands.map((b) => [b.label, b.from, b.to, b.silent.average, b.oral.average])).toEqual([
      ['6', 6, 6, 29, 29],
      ['7', 7, 7, 107, 84],
      ['8', 8, 8, 124, 97],
      ['9', 9, 9, 142, 120],
      ['10', 10, 10, 150, 133],
      ['11', 11, 11, 158, 145],
      ['12', 12, 12, 159, 145],
      ['13', 13, 13, 159, 146],
      ['14', 14, 14, 169, 153],
      ['15', 15, 15, 173, 161],
      ['16', 16, 16, 174, 168],
      ['17', 17, 17, 176, 176],
      ['18-25', 18, 25, 285, 183],
      ['26-30', 26, 30, 228, 146],
      ['31-45', 31, 45, 143, 92],
      ['46-60', 46, 60, 120, 77],
      ['61+', 61, null, 95, 61],
    ]);
  });

  // The engine looks ages up band by band, so the builder refuses a model it would answer wrongly.
  async function buildWith(change: (bands: ReadingSpeedBand[]) => void): Promise<unknown> {
    vi.resetModules();
    vi.doMock('../../sources/reading-speed.ts', async (original) => {
      const real = await original<typeof import('../../sources/reading-speed.ts')>();
      return {
        ...real,
        readingSpeedBands: () => {
          const bands = real.readingSpeedBands();
          change(bands);
          return bands;
        },
      };
    });
    const { plansBuilder: builder } = await import('./plans.ts');
    return builder.build(fixtureContext().ctx);
  }

  it('refuses a gap between bands, a band after the open-ended one, and speeds out of order', async () => {
    await expect(buildWith((b) => b.splice(1, 1))).rejects.toThrow(
      'reading-speed band 8 does not follow on from the one before',
    );
    await expect(buildWith((b) => (b[0].from = 5))).rejects.toThrow('reading-speed band 6 does not follow on');
    await expect(buildWith((b) => b.push({ ...b[b.length - 1] }))).rejects.toThrow(
      'reading-speed band 61+ does not follow on',
    );
    await expect(buildWith((b) => (b[2].oral.low = 200))).rejects.toThrow(
      'reading-speed band 8: speeds must be positive whole numbers with low <= average <= high',
    );
    await expect(buildWith((b) => (b[3].silent.average = 142.5))).rejects.toThrow('reading-speed band 9: speeds');
  });
});
