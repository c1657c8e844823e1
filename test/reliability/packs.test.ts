// Broken packs reach callers as NOT_AVAILABLE errors naming the pack, never as wrong answers, and the
// engine recovers once the pack is fixed.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { open } from '../../engine/core/engine.ts';
import { PACK_FORMAT_VERSION } from '../../engine/core/pack/format.ts';
import { DEFAULT_DATA_DIR, fsLoader } from '../../engine/node/loader.ts';

const real = fsLoader();
const kjv = new Uint8Array(readFileSync(join(DEFAULT_DATA_DIR, 'text-kjv.pack')));

function engineWith(textKjv: () => Uint8Array | Promise<Uint8Array>) {
  return open({ loader: async (name) => (name === 'text-kjv' ? textKjv() : real(name)) });
}

/**
 * The first error reading the KJV gives: John 3:16, then every chapter. A pack's blocks are checked when
 * first read, so a flipped byte surfaces where its block is read, not at open.
 */
async function firstFailure(bible: Awaited<ReturnType<typeof engineWith>>): Promise<Error | undefined> {
  try {
    await bible.call('GetVerse', { verseId: '43003016' });
    for (const [book, chapters] of bible.meta.versification.chapterVerses.entries())
      for (let chapter = 1; chapter <= chapters.length; chapter++)
        await bible.call('GetChapter', { bookId: String(book + 1), chapterId: String(chapter) });
  } catch (error) {
    return error as Error;
  }
  return undefined;
}

describe('corrupt, truncated, missing and mismatched packs', () => {
  const cases: [string, () => Uint8Array | Promise<Uint8Array>, RegExp][] = [
    ['truncated', () => kjv.subarray(0, kjv.length >> 1), /checksum/],
    [
      'one flipped byte',
      () => {
        const b = kjv.slice();
        b[b.length - 10] ^= 1;
        return b;
      },
      /checksum/,
    ],
    [
      'wrong format version',
      () => {
        const b = kjv.slice();
        b[4] = PACK_FORMAT_VERSION + 1;
        return b;
      },
      new RegExp(`format version ${PACK_FORMAT_VERSION + 1}`),
    ],
    ['not a pack', () => new TextEncoder().encode('<html>404</html>'), /not a pack/],
    ['empty', () => new Uint8Array(0), /not a pack/],
    [
      'missing',
      () => {
        throw new Error('ENOENT: no such file');
      },
      /could not be loaded/,
    ],
    ['not bytes', () => 'text' as unknown as Uint8Array, /the loader returned a string, not a Uint8Array/],
  ];
  for (const [label, bytes, message] of cases) {
    it(`${label}: NOT_AVAILABLE naming text-kjv`, async () => {
      const bible = await engineWith(bytes);
      const failure = await firstFailure(bible);
      expect(failure).toMatchObject({ code: 'NOT_AVAILABLE' });
      expect(failure?.message).toMatch(/text-kjv/);
      expect(failure?.message).toMatch(message);
      // Other translations keep working.
      expect(await bible.call('GetVerse', { verseId: '43003016', versionId: 'asv' })).toHaveLength(1);
    });
  }

  it('a missing meta pack fails open() clearly', async () => {
    await expect(
      open({
        loader: async () => {
          throw new Error('gone');
        },
      }),
    ).rejects.toMatchObject({ code: 'NOT_AVAILABLE', message: expect.stringMatching(/meta/) });
  });

  it('recovers when the pack comes back', async () => {
    let broken = true;
    const bible = await engineWith(() => (broken ? kjv.subarray(0, 100) : kjv));
    await expect(bible.call('GetVerse', { verseId: '43003016' })).rejects.toMatchObject({ code: 'NOT_AVAILABLE' });
    broken = false;
    expect(await bible.call('GetVerse', { verseId: '43003016' })).toHaveLength(1);
  });
});
