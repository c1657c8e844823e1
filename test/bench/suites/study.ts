// Study tools: every operation once its pack is loaded (target <= 20 µs median), pack sizes and load times.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_DATA_DIR, openNode } from '../../../engine/node/loader.ts';
import type { Harness } from '../harness.ts';

const PACKS = ['xrefs', 'commentary-gill', 'dictionary-smiths', 'dictionary-eastons', 'relations', 'topics', 'study'];
const TARGET = { target: '<= 20 µs', targetNs: 20_000 };

export default async function study(h: Harness): Promise<void> {
  // Load time: a fresh engine per sample, the pack file in the OS cache.
  for (const pack of PACKS) {
    const times: number[] = [];
    for (let i = 0; i < (pack === 'commentary-gill' ? 5 : 9); i++) {
      const b = await openNode();
      const t0 = performance.now();
      await b.load([pack]);
      times.push((performance.now() - t0) * 1e6);
    }
    times.sort((a, b) => a - b);
    const bytes = statSync(join(DEFAULT_DATA_DIR, `${pack}.pack`)).size;
    h.add({
      group: 'study',
      name: `load ${pack}.pack (${(bytes / 1024).toFixed(0)} KiB)`,
      medianNs: times[times.length >> 1],
    });
  }

  const b = await openNode({ preload: PACKS });
  const ids = Array.from({ length: 1000 }, (_, i) =>
    String(b.meta.versification.idOf((i * 7919) % 31102)).padStart(8, '0'),
  );
  const gillIds = ids.filter((id) => !id.startsWith('19') && !id.startsWith('22'));
  let n = 0;
  const sync = (name: string, params: () => Record<string, string>) => {
    // The first call builds a list answer's frozen form; the median is what every later call costs.
    b.callSync(name, params());
    return h.measure(() => {
      try {
        b.callSync(name, params());
      } catch {
        /* NOT_AVAILABLE verses are part of the mix */
      }
    });
  };
  const words = ['faith', 'love', 'Grace', 'shepherd', 'wrath', 'believeth', 'mercy', 'light'];
  const terms = ['Aaron', 'moses', 'Jerusalem', 'abiah', 'Zion', 'Temple', 'Sabbath', 'computer'];
  const topics = ['love', 'addiction', 'church', 'second coming', 'prayer', 'faith', 'Kingdom of God', 'worship'];
  const rows: [string, () => Record<string, string>][] = [
    ['GetCrossReferences (random verses)', () => ({ verseId: ids[n++ % 1000] })],
    ['GetCommentary (random verses)', () => ({ verseId: gillIds[n++ % gillIds.length] })],
    ['GetDefinitionBiblical smiths', () => ({ query: terms[n++ % terms.length] })],
    ['GetDefinitionBiblical eastons', () => ({ query: terms[n++ % terms.length], dictionaryId: 'eastons' })],
    ['GetSemanticRelations', () => ({ word: words[n++ % words.length] })],
    ['GetGenres', () => ({ section: ['ot', 'nt', 'all'][n++ % 3] })],
    ['GetParables', () => ({})],
    ['GetStories', () => ({})],
    ['GetPropheciesFulfilledInJesus', () => ({})],
    ['GetPropheciesFulfilledInJesusList', () => ({})],
    ['GetWordsOfJesus', () => ({})],
    ['GetBookInfo', () => ({ bookId: String((n++ % 66) + 1) })],
    ['GetTopics', () => ({})],
    ['GetTopic', () => ({ topic: topics[n++ % topics.length] })],
    ['GetTopicVerseCount', () => ({ topic: topics[n++ % topics.length] })],
  ];
  for (const [label, params] of rows) {
    h.add({ group: 'study', name: `${label} (callSync)`, medianNs: sync(label.split(' ')[0], params), ...TARGET });
  }
  const heap = process.memoryUsage().heapUsed;
  h.note(`study: heap after loading every study pack and answering each operation: ${(heap / 1048576).toFixed(0)} MiB`);
}
