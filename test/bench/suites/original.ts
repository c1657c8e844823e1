// Original-language figures: GetOriginalText, GetStrongs, GetSearchStrongs, the character tables, the
// first-call cost of loading the packs, and the pack sizes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_DATA_DIR, openNode } from '../../../engine/node/loader.ts';
import type { Harness } from '../harness.ts';

const PACKS = ['original-ot', 'original-nt', 'lexicon', 'strongs-index', 'unicode-tables'];

export default async function original(h: Harness): Promise<void> {
  // First call: opens the packs (inflate + column setup) on a fresh engine each time.
  for (const [label, verseId] of [
    ['OT (original-ot + lexicon)', '01001001'],
    ['NT (original-nt + lexicon)', '43001001'],
  ]) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const b = await openNode();
      const t0 = performance.now();
      await b.call('GetOriginalText', { verseId });
      times.push((performance.now() - t0) * 1e6);
    }
    times.sort((a, b) => a - b);
    h.add({ group: 'original', name: `GetOriginalText first call, ${label}`, medianNs: times[times.length >> 1] });
  }

  const bible = await openNode({ preload: [...PACKS, 'text-kjv'] });
  const { versification } = bible.meta;
  // Verses spread over the whole Bible (every 31st), so both testaments and long and short verses count.
  const verseIds = Array.from({ length: 1000 }, (_, i) =>
    String(versification.idOf((i * 31) % versification.verseCount)).padStart(8, '0'),
  );
  // One pass first, so the figure is the steady state (the first call per verse slices its strings).
  for (const verseId of verseIds) bible.callSync('GetOriginalText', { verseId });
  let n = 0;
  h.add({
    group: 'original',
    name: 'GetOriginalText (callSync, 1000 verses over both testaments)',
    target: '<= 20 µs',
    targetNs: 20_000,
    medianNs: h.measure(() => bible.callSync('GetOriginalText', { verseId: verseIds[n++ % 1000] })),
  });
  const words =
    verseIds.reduce((sum, verseId) => sum + (bible.callSync('GetOriginalText', { verseId }) as unknown[]).length, 0) /
    verseIds.length;
  h.note(`GetOriginalText: ${words.toFixed(1)} words per verse on average over the benchmark verses`);
  h.add({
    group: 'original',
    name: 'GetStrongs (callSync, H and G numbers)',
    target: '<= 5 µs',
    targetNs: 5_000,
    medianNs: h.measure(() => {
      const i = n++;
      return bible.callSync(
        'GetStrongs',
        i % 2
          ? { lexiconId: 'H', id: String(1 + ((i * 37) % 8674)) }
          : { lexiconId: 'G', id: String(1 + ((i * 37) % 5624)) },
      );
    }),
  });
  h.add({
    group: 'original',
    name: 'GetSearchStrongs G26 kjv (callSync, 106 verses)',
    medianNs: h.measure(() => bible.callSync('GetSearchStrongs', { strongsId: 'G26', versionId: 'kjv' })),
  });
  h.add({
    group: 'original',
    name: 'GetSearchStrongs H430 kjv (callSync, 2,251 verses)',
    medianNs: h.measure(() => bible.callSync('GetSearchStrongs', { strongsId: 'H430', versionId: 'kjv' })),
  });
  h.add({
    group: 'original',
    name: 'GetHebrewCharactersAndUnicodePoints (callSync)',
    medianNs: h.measure(() => bible.callSync('GetHebrewCharactersAndUnicodePoints', { language: 'english' })),
  });

  const manifest = JSON.parse(readFileSync(join(DEFAULT_DATA_DIR, 'manifest.json'), 'utf8')) as {
    packs: { name: string; bytes: number }[];
  };
  for (const name of PACKS) {
    const bytes = manifest.packs.find((p) => p.name === name)?.bytes;
    if (bytes !== undefined) h.note(`${name}.pack ${(bytes / 1024).toFixed(0)} KiB`);
  }
}
