// Run in a fresh process by the memory suite: loads what the mode asks for and prints its memory. Plain
// JavaScript on the compiled engine (lib/), as an app runs it: under tsx, the loader and its compiled
// modules alone add about 35 MB to every figure.
import { openNode, DEFAULT_DATA_DIR } from '../../lib/node/index.js';

const mode = process.argv[2] ?? 'empty';
const settle = async () => {
  globalThis.gc?.();
  await new Promise((r) => setTimeout(r, 50));
  globalThis.gc?.();
};
const report = async (extra = {}) => {
  await settle();
  const m = process.memoryUsage();
  // `external` already includes array buffers.
  process.stdout.write(
    `${JSON.stringify({ mode, rss: m.rss, heapUsed: m.heapUsed, external: m.external, ...extra })}\n`,
  );
};

/** One answer from each pack family: what a process that has used everything once holds. */
const FAMILY_CALLS = {
  text: (versions) => versions.map((versionId) => ['GetVerse', { verseId: '43003016', versionId }]),
  search: (versions) => versions.map((versionId) => ['GetSearchCount', { query: 'light', versionId }]),
  commentary: () => [['GetCommentary', { verseId: '43003016' }]],
  original: () => [
    ['GetOriginalText', { verseId: '01001001' }],
    ['GetOriginalText', { verseId: '43003016' }],
    ['GetStrongs', { lexiconId: 'G', id: '25' }],
    ['GetSearchStrongs', { strongsId: 'G25' }],
  ],
  study: () => [
    ['GetCrossReferences', { verseId: '43003016' }],
    ['GetTopic', { topic: 'addiction' }],
    ['GetDefinitionBiblical', { query: 'Abraham' }],
    ['GetSemanticRelations', { word: 'love' }],
    ['GetParables', {}],
  ],
  extrabiblical: () => [
    ['GetChapterExtraBiblical', { bookId: '1', chapterId: '1' }],
    ['GetSearchExtraBiblical', { query: 'light' }],
  ],
};

if (mode === 'empty') {
  await report();
} else if (mode === 'opened') {
  await openNode();
  await report();
} else if (mode === 'answers' || mode.startsWith('family:')) {
  const bible = await openNode();
  const versions = bible.meta.versions.map((v) => v.versionId);
  const families = mode === 'answers' ? Object.keys(FAMILY_CALLS) : [mode.slice('family:'.length)];
  for (const family of families)
    for (const [name, params] of FAMILY_CALLS[family](versions)) await bible.call(name, params);
  await report({ packs: bible.loadedPacks().length });
} else {
  const bible = await openNode();
  if (mode === 'kjv') {
    // The whole KJV text decoded (every book read once), not just the book of the first verse.
    for (const b of bible.meta.books)
      await bible.call('GetWordCountOfBook', { bookId: String(b.number), versionId: 'kjv' });
    await report();
  } else {
    // Every pack in the manifest.
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const manifest = JSON.parse(readFileSync(join(DEFAULT_DATA_DIR, 'manifest.json'), 'utf8'));
    await bible.load(manifest.packs.map((p) => p.name));
    // Verse text is decoded a book at a time on first use: read every book once, so the figures below
    // hold the whole text of every translation and the query run measures growth, not first decoding.
    for (const v of bible.meta.versions)
      for (const b of bible.meta.books)
        await bible.call('GetWordCountOfBook', { bookId: String(b.number), versionId: v.versionId });
    if (mode === 'all') {
      await report({ packs: manifest.packs.length });
    } else {
      // 1 million mixed queries, then memory again: it should not grow beyond a small bound.
      await report({ phase: 'before' });
      const versions = bible.meta.versions.map((v) => v.versionId);
      const ids = Array.from({ length: 997 }, (_, i) =>
        String(bible.meta.versification.idOf((i * 7919) % 31102)).padStart(8, '0'),
      );
      const has = (name) => bible.operations.some((op) => op.name === name);
      const queries = [
        ['GetVerse', (i) => ({ verseId: ids[i % 997], versionId: versions[i % versions.length] })],
        [
          'GetChapter',
          (i) => ({ bookId: String((i % 66) + 1), chapterId: '1', versionId: versions[i % versions.length] }),
        ],
        ['GetParseCitation', (i) => ({ citation: `John ${(i % 21) + 1}:${(i % 25) + 1}-${(i % 25) + 3}` })],
        ['GetBookIdByBookName', (i) => ({ bookName: ['Genesis', 'Apocalipsis', 'متى', 'Ps'][i % 4] })],
        ['GetWordCountOfVerse', (i) => ({ verseId: ids[i % 997] })],
        ['GetRandomVerse', (i) => ({ seed: String(i) })],
        ...(has('GetSearchCount')
          ? [['GetSearchCount', (i) => ({ query: ['love', 'faith', 'light', 'grace'][i % 4], versionId: 'kjv' })]]
          : []),
      ];
      let checksum = 0;
      for (let i = 0; i < 1_000_000; i++) {
        const [name, params] = queries[i % queries.length];
        const answer = bible.callSync(name, params(i));
        checksum = (checksum + JSON.stringify(answer).length) % 1_000_000_007;
      }
      await report({ phase: 'after', checksum });
    }
  }
}
