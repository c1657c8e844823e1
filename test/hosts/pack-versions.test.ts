// A pack's version is its SHA-256, as manifest.json gives it. The server keeps a pack for a year only
// under the ?v= that is its own hash; the browser loader checks the bytes it fetched against that hash
// and refuses others as NOT_AVAILABLE naming the pack; a file that holds another pack is refused by the
// engine whatever the loader.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { fetchLoader, verifyingSha256 } from '../../engine/browser/loader.ts';
import { open } from '../../engine/core/engine.ts';
import { BibleError } from '../../engine/core/errors.ts';
import { namesContent, VERSION_HEX_DIGITS } from '../../engine/node/http/static-files.ts';
import { DEFAULT_DATA_DIR, nativeInflate, openNode } from '../../engine/node/loader.ts';
import { type BibleServer, serve } from '../../engine/node/server.ts';
import { get } from './http.ts';

const BASE = 'http://packs.example/data/';
const manifest = JSON.parse(readFileSync(join(DEFAULT_DATA_DIR, 'manifest.json'), 'utf8')) as {
  packs: { name: string; file: string; sha256: string }[];
};
const hashOf = (name: string) => manifest.packs.find((p) => p.name === name)!.sha256;
const fileOf = (name: string) => readFileSync(join(DEFAULT_DATA_DIR, `${name}.pack`));

/** A fetch serving dist/data, with some packs' files holding other bytes; it records the URLs asked for. */
function servedFetch(replaced: Record<string, () => Uint8Array> = {}) {
  const asked: string[] = [];
  const fetchFn = (async (input: string | URL | Request) => {
    const url = new URL(String(input));
    asked.push(url.href);
    const file = url.pathname.slice(new URL(BASE).pathname.length);
    if (file === 'manifest.json') return new Response(JSON.stringify(manifest));
    const name = file.replace(/\.pack$/, '');
    if (replaced[name]) return new Response(replaced[name]() as BodyInit);
    try {
      return new Response(fileOf(name));
    } catch {
      return new Response('not found', { status: 404 });
    }
  }) as typeof fetch;
  return Object.assign(fetchFn, { asked });
}

async function failure(promise: Promise<unknown>): Promise<BibleError> {
  const error = await promise.then(
    (answer) => new Error(`answered ${JSON.stringify(answer).slice(0, 100)}`),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BibleError);
  return error as BibleError;
}

afterEach(() => vi.unstubAllGlobals());

describe('fetchLoader checks the SHA-256 manifest.json gives', () => {
  const flipped = () => {
    const bytes = new Uint8Array(fileOf('text-kjv'));
    bytes[bytes.length >> 1] ^= 1;
    return bytes;
  };

  it('verifies on Node 20, which has WebCrypto', () => {
    expect(verifyingSha256()).toBe(true);
  });

  it('gives the manifest’s bytes, fetched from their versioned URL', async () => {
    const fetchFn = servedFetch();
    const loader = fetchLoader({ baseUrl: BASE, fetch: fetchFn });
    expect(Buffer.from(await loader('text-kjv')).equals(fileOf('text-kjv'))).toBe(true);
    expect(fetchFn.asked.at(-1)).toBe(`${BASE}text-kjv.pack?v=${hashOf('text-kjv').slice(0, VERSION_HEX_DIGITS)}`);
  });

  for (const [what, bytes] of [
    ['another pack’s bytes', () => new Uint8Array(fileOf('text-web'))],
    ['one bit changed', flipped],
    ['nothing', () => new Uint8Array(0)],
  ] as const)
    it(`refuses ${what} as NOT_AVAILABLE naming the pack, from the loader and from the engine`, async () => {
      const loader = fetchLoader({ baseUrl: BASE, fetch: servedFetch({ 'text-kjv': bytes }) });
      const direct = await failure(loader('text-kjv'));
      expect(direct.code).toBe('NOT_AVAILABLE');
      expect(direct.message).toMatch(/^pack 'text-kjv' cannot be used: .*SHA-256/);
      const bible = await open({ loader, inflate: nativeInflate });
      const error = await failure(bible.call('GetVerse', { verseId: '43003016', versionId: 'kjv' }));
      expect(error.code).toBe('NOT_AVAILABLE');
      // Passed on as the loader said it, not wrapped in a second sentence naming the pack again.
      expect(error.message).toBe(direct.message);
      expect(await bible.call('GetVerse', { verseId: '43003016', versionId: 'web' })).toHaveLength(1);
    });

  it('drops wrong bytes from its cache and keeps right ones', async () => {
    const put = vi.fn(async (_url: string, _response: unknown) => {});
    const remove = vi.fn(async () => true);
    vi.stubGlobal('caches', { open: async () => ({ put, delete: remove, keys: async () => [] }) });
    const loader = fetchLoader({ baseUrl: BASE, fetch: servedFetch({ 'text-kjv': flipped }), cacheName: 'packs' });
    await failure(loader('text-kjv'));
    await loader('text-web');
    await new Promise((r) => setTimeout(r, 10));
    const kjvUrl = `${BASE}text-kjv.pack?v=${hashOf('text-kjv').slice(0, VERSION_HEX_DIGITS)}`;
    expect(remove).toHaveBeenCalledWith(kjvUrl);
    expect(put.mock.calls.map(([url]) => url)).toEqual([
      `${BASE}text-web.pack?v=${hashOf('text-web').slice(0, VERSION_HEX_DIGITS)}`,
    ]);
  });

  it('without WebCrypto it cannot verify, and the engine still refuses a file that holds another pack', async () => {
    vi.stubGlobal('crypto', undefined);
    expect(verifyingSha256()).toBe(false);
    const loader = fetchLoader({ baseUrl: BASE, fetch: servedFetch({ 'text-kjv': () => fileOf('text-web') }) });
    expect(Buffer.from(await loader('text-kjv')).equals(fileOf('text-web'))).toBe(true);
    const bible = await open({ loader, inflate: nativeInflate });
    const error = await failure(bible.call('GetVerse', { verseId: '43003016', versionId: 'kjv' }));
    expect(error.code).toBe('NOT_AVAILABLE');
    expect(error.message).toContain("pack 'text-kjv' cannot be used: its file holds pack 'text-web'");
  });

  it('without a hash in the manifest, takes the bytes as fetched', async () => {
    const unhashed = { packs: manifest.packs.map(({ name, file }) => ({ name, file })) };
    const fetchFn = (async (input: string | URL | Request) =>
      String(input).endsWith('manifest.json')
        ? new Response(JSON.stringify(unhashed))
        : new Response(fileOf('text-kjv'))) as typeof fetch;
    const bytes = await fetchLoader({ baseUrl: BASE, fetch: fetchFn })('text-kjv');
    expect(bytes.length).toBe(fileOf('text-kjv').length);
  });
});

describe('which ?v= names a file’s content', () => {
  const sha = createHash('sha256').update('a pack').digest('hex');
  it('its hash cut at 16 hex digits or longer, once, and nothing else', () => {
    expect(namesContent(`v=${sha.slice(0, 16)}`, sha)).toBe(true);
    expect(namesContent(`v=${sha}`, sha)).toBe(true);
    expect(namesContent(`lang=en&v=${sha.slice(0, 20)}`, sha)).toBe(true);
    for (const query of ['', 'v=', 'v=abc', `v=${sha.slice(0, 15)}`, `v=${sha.slice(0, 16).toUpperCase()}`])
      expect(namesContent(query, sha), query).toBe(false);
    expect(namesContent(`v=${sha.slice(0, 16)}&v=abc`, sha)).toBe(false);
    expect(namesContent(`v=${sha}0`, sha)).toBe(false);
  });

  it('no other string does (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 70 }), (v) => {
        fc.pre(!(v.length >= 16 && sha.startsWith(v)));
        expect(namesContent(`v=${encodeURIComponent(v)}`, sha)).toBe(false);
      }),
    );
  });
});

describe('the server', () => {
  const folder = mkdtempSync(join(tmpdir(), 'pack-versions-'));
  for (const file of readdirSync(DEFAULT_DATA_DIR)) copyFileSync(join(DEFAULT_DATA_DIR, file), join(folder, file));
  // original-ot's file holds original-nt's bytes, as a bad copy leaves it.
  copyFileSync(join(DEFAULT_DATA_DIR, 'original-nt.pack'), join(folder, 'original-ot.pack'));
  let server: BibleServer | undefined;
  const started = async () =>
    (server ??= await serve({
      port: 0,
      host: '127.0.0.1',
      bible: await openNode({ dataDir: folder }),
      dataDir: folder,
      webDir: null,
    }));
  afterAll(async () => {
    await server?.close(100);
    rmSync(folder, { recursive: true, force: true });
  });

  it('keeps a pack for a year only under its own hash', async () => {
    const { url } = await started();
    const sha = hashOf('meta');
    const cacheOf = async (query: string) => (await get(url, `/data/meta.pack${query}`)).headers['cache-control'];
    const year = 'public, max-age=31536000, immutable';
    const day = 'public, max-age=86400';
    expect(await cacheOf(`?v=${sha.slice(0, 16)}`)).toBe(year);
    expect(await cacheOf(`?v=${sha}`)).toBe(year);
    for (const query of ['', '?v=abc', '?v=', `?v=${hashOf('lexicon').slice(0, 16)}`, `?v=${sha.slice(0, 16)}&v=x`])
      expect(await cacheOf(query), query).toBe(day);
    // The folder's original-ot holds original-nt's bytes: the manifest's hash for it is not theirs.
    const swapped = await get(url, `/data/original-ot.pack?v=${hashOf('original-ot').slice(0, 16)}`);
    expect(swapped.headers['cache-control']).toBe(day);
  });

  it('answers a call needing a pack whose file holds another with the refusal naming it, never a 500', async () => {
    const { url } = await started();
    const answer = await get(url, '/GetOriginalText?verseId=1001001');
    expect([400, 503]).toContain(answer.status);
    const body = answer.json() as { error?: { code?: string; message?: string } };
    expect(JSON.stringify(body)).toContain('NOT_AVAILABLE');
    expect(JSON.stringify(body)).toContain("pack 'original-ot' cannot be used: its file holds pack 'original-nt'");
  });
});
