// Extra-biblical books, audio and licensing: dump parsing, pack size, open, chapter, search, licensing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { corpusRoot } from '../../../compiler/build.ts';
import { readExtraBiblical } from '../../../compiler/adapters/extrabiblical-dump.ts';
import { EXTRABIBLICAL } from '../../../sources/catalog.ts';
import { DEFAULT_DATA_DIR, openNode } from '../../../engine/node/loader.ts';
import type { Harness } from '../harness.ts';

export default async function extrabiblical(h: Harness): Promise<void> {
  const group = 'extrabiblical';
  const dump = join(corpusRoot(), EXTRABIBLICAL.path);
  const parses: number[] = [];
  let rows: { t: string }[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    rows = readExtraBiblical(dump).rows;
    parses.push((performance.now() - t0) * 1e6);
  }
  parses.sort((a, b) => a - b);
  h.add({ group, name: 'read + fix the MySQL dump (3.4 MB, 17,493 rows)', medianNs: parses[2] });

  const pack = readFileSync(join(DEFAULT_DATA_DIR, 'extrabiblical.pack')).length;
  const gz = gzipSync(Buffer.from(`${rows.map((r) => r.t).join('\n')}\n`), { level: 9 }).length;
  h.note(
    `extrabiblical.pack ${(pack / 1024).toFixed(0)} KiB vs gzip -9 of its plain text ${(gz / 1024).toFixed(0)} KiB: ratio ${(pack / gz).toFixed(3)}; the dump is ${(readFileSync(dump).length / 1024).toFixed(0)} KiB`,
  );
  h.note(`licensing.pack ${(readFileSync(join(DEFAULT_DATA_DIR, 'licensing.pack')).length / 1024).toFixed(1)} KiB`);

  const firsts: number[] = [];
  for (let i = 0; i < 10; i++) {
    const b = await openNode();
    const t0 = performance.now();
    await b.call('GetChapterExtraBiblical', { bookId: '1', chapterId: '1' });
    firsts.push((performance.now() - t0) * 1e6);
  }
  firsts.sort((a, b) => a - b);
  h.add({ group, name: 'first GetChapterExtraBiblical (loads the pack)', medianNs: firsts[5] });

  const b = await openNode({
    preload: ['extrabiblical', 'licensing'],
    audio: 'https://cdn.example/{versionId}/{bookId:2}/{chapterId:3}.mp3',
  });
  let n = 0;
  h.add({
    group,
    name: 'GetChapterExtraBiblical 1 Enoch 1-107 (callSync)',
    medianNs: h.measure(() =>
      b.callSync('GetChapterExtraBiblical', { bookId: '1', chapterId: String(1 + (n++ % 43)) }),
    ),
  });
  h.add({
    group,
    name: 'GetBooksExtraBiblical (callSync)',
    medianNs: h.measure(() => b.callSync('GetBooksExtraBiblical', {})),
  });
  h.add({
    group,
    name: 'GetChapterCountExtraBiblical (callSync)',
    medianNs: h.measure(() => b.callSync('GetChapterCountExtraBiblical', { bookId: '28' })),
  });
  const t0 = performance.now();
  b.callSync('GetSearchExtraBiblical', { query: 'watchers' });
  h.add({
    group,
    name: 'first GetSearchExtraBiblical (reads the word index of 17,390 rows)',
    medianNs: (performance.now() - t0) * 1e6,
    note: 'one run',
  });
  const queries = ['watchers', 'son of man', 'Enoch', 'Kâsdejâ', 'the holy one', 'Jubilee'];
  h.add({
    group,
    name: 'GetSearchExtraBiblical, all books (callSync)',
    medianNs: h.measure(() => b.callSync('GetSearchExtraBiblical', { query: queries[n++ % queries.length] })),
  });
  h.add({
    group,
    name: 'GetSearchExtraBiblical "watchers" in 1 Enoch (callSync)',
    medianNs: h.measure(() => b.callSync('GetSearchExtraBiblical', { query: 'watchers', bookId: '1' })),
  });
  h.add({
    group: 'audio',
    name: 'GetAudioNarration from a template (callSync)',
    medianNs: h.measure(() => b.callSync('GetAudioNarration', { bookId: '43', chapterId: '3', versionId: 'kjv' })),
  });
  h.add({
    group: 'licensing',
    name: 'GetLicensing (callSync)',
    medianNs: h.measure(() => b.callSync('GetLicensing', {})),
  });
  h.add({ group: 'licensing', name: 'GetCredits (callSync)', medianNs: h.measure(() => b.callSync('GetCredits', {})) });
  h.add({ group: 'licensing', name: 'GetBibles (callSync)', medianNs: h.measure(() => b.callSync('GetBibles', {})) });
  h.add({ group: 'licensing', name: 'GetInfo (callSync)', medianNs: h.measure(() => b.callSync('GetInfo', {})) });
}
