// A bounded soak: the same long run of mixed operations twice gives the same answer checksum.
import { describe, expect, it } from 'vitest';
import { openNode } from '../../engine/node/loader.ts';

async function run(count: number): Promise<number> {
  const bible = await openNode({ random: { seed: 11 } });
  const versions = bible.meta.versions.map((v) => v.versionId);
  let checksum = 0;
  for (let i = 0; i < count; i++) {
    const version = versions[i % versions.length];
    const id = String(bible.meta.versification.idOf((i * 7919) % 31102)).padStart(8, '0');
    const calls: [string, Record<string, string>][] = [
      ['GetVerse', { verseId: id, versionId: version }],
      ['GetParseCitation', { citation: `Rom ${(i % 16) + 1}:${(i % 20) + 1}` }],
      ['GetRandomVerse', { versionId: version, limitToBookId: String((i % 66) + 1) }],
      ['GetWordCountOfChapter', { bookId: String((i % 66) + 1), chapterId: '1', versionId: version }],
      ['GetBookIdByBookName', { bookName: ['Génesis', 'rev', 'Jude', 'يوحنا'][i % 4] }],
    ];
    const [name, params] = calls[i % calls.length];
    const answer = await bible.call(name, params).catch((e) => ({ error: e.code }));
    const text = JSON.stringify(answer);
    for (let k = 0; k < text.length; k += 7) checksum = (checksum * 31 + text.charCodeAt(k)) >>> 0;
  }
  return checksum;
}

describe('soak', () => {
  it('20,000 mixed calls give a stable checksum', async () => {
    expect(await run(20_000)).toBe(await run(20_000));
  });
});
