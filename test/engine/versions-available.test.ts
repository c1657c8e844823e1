// GetVersions marks the translations this engine can answer: an app that shipped only some packs
// (`bible copy-packs`) lists every translation, with `available` false for those it left out.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fetchLoader } from '../../engine/browser/loader.ts';
import { open } from '../../engine/core/engine.ts';
import { DEFAULT_DATA_DIR, nativeInflate, openNode } from '../../engine/node/loader.ts';

const scratch = mkdtempSync(join(tmpdir(), 'bible-versions-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const availability = (rows: readonly { versionCode: string; available: boolean }[]) =>
  Object.fromEntries(rows.map((r) => [r.versionCode, r.available]));

const readPack = (name: string) => readFile(join(DEFAULT_DATA_DIR, `${name}.pack`)).then((b) => new Uint8Array(b));

describe('GetVersions: available', () => {
  it('is true for every translation when the packs are all there', async () => {
    const rows = await (await openNode()).GetVersions();
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.available === true)).toBe(true);
  });

  it('is false for the translations a folder of copied packs leaves out, without loading any text', async () => {
    for (const pack of ['meta', 'text-web', 'text-rv1909'])
      copyFileSync(join(DEFAULT_DATA_DIR, `${pack}.pack`), join(scratch, `${pack}.pack`));
    const bible = await openNode({ dataDir: scratch });
    const rows = await bible.GetVersions();
    expect(rows).toHaveLength(10);
    expect(availability(rows)).toEqual({
      kjv: false,
      kjv1611: false,
      asv: false,
      bbe: false,
      dby: false,
      wbt: false,
      web: true,
      ylt: false,
      rv1909: true,
      svd: false,
    });
    expect(bible.loadedPacks()).toEqual(['meta']);
    // What it marks available answers; what it marks unavailable is NOT_AVAILABLE.
    expect((await bible.GetVerse({ verseId: '43003016', versionId: 'web' }))[0].t).toMatch(/^For God so loved/);
    await expect(bible.GetVerse({ verseId: '43003016', versionId: 'kjv' })).rejects.toMatchObject({
      code: 'NOT_AVAILABLE',
    });
    // GetParallelVerses answers in the translations the folder holds, in the table's order.
    const parallel = await bible.GetParallelVerses({ verseId: '43003016' });
    expect(parallel.map(([row]) => row.versionId)).toEqual(['t_srv', 't_web']);
    expect(parallel[0][0].t).toMatch(/^Porque de tal manera amó Dios al mundo/);
    expect(bible.callSync('GetParallelVerses', { verseId: '01001001' })).toHaveLength(2);
  });

  it('GetParallelVerses with no translation at all is NOT_AVAILABLE, saying so', async () => {
    const metaOnly = mkdtempSync(join(scratch, 'meta-only-'));
    copyFileSync(join(DEFAULT_DATA_DIR, 'meta.pack'), join(metaOnly, 'meta.pack'));
    const bible = await openNode({ dataDir: metaOnly });
    await expect(bible.GetParallelVerses({ verseId: '43003016' })).rejects.toMatchObject({
      code: 'NOT_AVAILABLE',
      message: expect.stringMatching(/no translation's text pack/),
    });
  });

  it('asks a host loader that lists its packs, and counts every pack present when it cannot tell', async () => {
    const listing = Object.assign((name: string) => readPack(name), { listPacks: async () => ['meta', 'text-svd'] });
    const listed = await open({ loader: listing, inflate: nativeInflate });
    expect(availability(await listed.GetVersions()).svd).toBe(true);
    expect(Object.values(availability(await listed.GetVersions())).filter(Boolean)).toHaveLength(1);

    const silent = await open({ loader: readPack, inflate: nativeInflate });
    expect((await silent.GetVersions()).every((r) => r.available)).toBe(true);
    const failing = Object.assign((name: string) => readPack(name), {
      listPacks: () => Promise.reject(new Error('no listing here')),
    });
    expect(
      (await (await open({ loader: failing, inflate: nativeInflate })).GetVersions()).every((r) => r.available),
    ).toBe(true);
  });

  it('reads a browser folder from its manifest.json, and counts every pack present without one', async () => {
    const served = (manifest: object | null) =>
      (async (input: string | URL | Request) => {
        const file = new URL(String(input)).pathname.split('/').pop()!;
        if (file === 'manifest.json')
          return manifest ? new Response(JSON.stringify(manifest)) : new Response('', { status: 404 });
        return new Response(await readFile(join(DEFAULT_DATA_DIR, file)));
      }) as typeof fetch;
    const packs = ['meta', 'text-bbe'].map((name) => ({ name, file: `${name}.pack` }));
    const withManifest = fetchLoader({ baseUrl: 'http://packs.example/data/', fetch: served({ packs }) });
    const rows = await (await open({ loader: withManifest, inflate: nativeInflate })).GetVersions();
    expect(rows.filter((r) => r.available).map((r) => r.versionCode)).toEqual(['bbe']);
    const without = fetchLoader({ baseUrl: 'http://packs.example/data/', fetch: served(null) });
    expect(
      (await (await open({ loader: without, inflate: nativeInflate })).GetVersions()).every((r) => r.available),
    ).toBe(true);
  });
});
