// The HTTP server over loopback: every operation answers what call() answers, the /api/v2 paths, the
// HTTP contract (status codes, JSON, CORS, gzip), static files, and requests that must not harm it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BibleError } from '../../engine/core/errors.ts';
import { API_V2_PATHS, MAX_URL_LENGTH, parseQuery, type BibleServer } from '../../engine/node/server.ts';
import { ensureBundle } from '../../scripts/bundle.ts';
import type { TypedBible } from '../../engine/core/engine.ts';
import { openNode } from '../../engine/node/loader.ts';
import { get, raw, startServer, viaJson } from './http.ts';
import { queryString, sampleCalls } from './samples.ts';

// An engine with audio configured, so the audio operations answer too (they refuse without it).
const AUDIO = 'https://cdn.example/{versionId}/{bookId:2}/{chapterId:3}.mp3';
let engine: TypedBible;
let srv: BibleServer;
beforeAll(async () => {
  await ensureBundle(() => {});
  engine = await openNode({ random: { seed: 7 }, audio: AUDIO });
  srv = await startServer({ bible: engine });
});
afterAll(() => srv?.close(100));

/** call() as the server would answer it: status and JSON body. */
async function expected(name: string, params: Record<string, string>): Promise<{ status: number; body: unknown }> {
  try {
    return { status: 200, body: viaJson(await engine.call(name, params)) };
  } catch (error) {
    if (!(error instanceof BibleError)) throw error;
    return { status: error.code === 'UNKNOWN_OPERATION' ? 404 : 400, body: viaJson(error.toJSON()) };
  }
}

describe('every operation through HTTP', () => {
  it('answers exactly what call() answers, for every operation in the table', async () => {
    const b = engine;
    const answered: string[] = [];
    const refused: string[] = [];
    for (const op of b.operations) {
      for (const params of sampleCalls(op)) {
        const want = await expected(op.name, params);
        const got = await get(srv.url, `/${op.name}?${queryString(params)}`, { 'accept-encoding': 'gzip' });
        expect({ op: op.name, params, status: got.status, body: got.json() }).toEqual({ op: op.name, params, ...want });
        expect(got.headers['content-type']).toBe('application/json; charset=utf-8');
        (want.status === 200 ? answered : refused).push(op.name);
      }
    }
    // The samples are meant to be valid: most operations must really answer, not just fail alike.
    expect(new Set(answered).size, `refused: ${[...new Set(refused)].join(', ')}`).toBeGreaterThan(
      b.operations.length * 0.8,
    );
  });

  it('maps /api/v2/licensing, /bibles and /credits to GetLicensing, GetBibles and GetCredits', async () => {
    const b = engine;
    for (const [path, name] of Object.entries(API_V2_PATHS)) {
      const got = await get(srv.url, path);
      if (b.operations.some((op) => op.name === name)) {
        expect(got.status, path).toBe(200);
        expect(got.json()).toEqual(viaJson(await b.call(name, {})));
        expect((await get(srv.url, `${path}/`)).status).toBe(200);
      } else {
        expect(got.status, path).toBe(404);
        expect(got.json().error.message).toContain(name);
      }
    }
  });

  it('turns query strings into parameters strictly', () => {
    expect(parseQuery('verseId=43003016&versionId=kjv')).toEqual({ verseId: '43003016', versionId: 'kjv' });
    expect(parseQuery('citation=John+3%3A16&&x=')).toEqual({ citation: 'John 3:16', x: '' });
    expect(parseQuery('q=%D8%A7%D9%84%D9%84%D9%87')).toEqual({ q: 'الله' });
    expect(() => parseQuery('q=%E0%A4%A')).toThrow(/percent-encoding/);
    expect(() => parseQuery('q=%ZZ')).toThrow(BibleError);
    expect(() => parseQuery('q=1&q=2')).toThrow(/more than once/);
    expect(() => parseQuery(Array.from({ length: 100 }, (_, i) => `p${i}=1`).join('&'))).toThrow(/too many/);
  });
});

describe('the HTTP contract', () => {
  it('answers JSON with CORS headers, gzip only when the client accepts it', async () => {
    const plain = await get(srv.url, '/GetChapter?bookId=19&chapterId=119');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['access-control-allow-origin']).toBe('*');
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const zipped = await get(srv.url, '/GetChapter?bookId=19&chapterId=119', { 'accept-encoding': 'br, gzip;q=0.8' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('Accept-Encoding');
    expect(zipped.text).toBe(plain.text);
    const refused = await get(srv.url, '/GetChapter?bookId=19&chapterId=119', { 'accept-encoding': 'gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('maps errors to 400, unknown operations and paths to 404, other methods to 405', async () => {
    const bad = await get(srv.url, '/GetVerse?verseId=99999999');
    expect(bad.status).toBe(400);
    expect(bad.json()).toEqual({ error: { code: 'INVALID_PARAMETER', message: expect.any(String), param: 'verseId' } });
    const missing = await get(srv.url, '/GetVerse');
    expect(missing.status).toBe(400);
    expect(missing.json().error).toMatchObject({ code: 'MISSING_PARAMETER', param: 'verseId' });
    const unknownParam = await get(srv.url, '/GetVerse?verseId=43003016&color=red&_=1700000000');
    expect(unknownParam.status).toBe(200);
    expect(unknownParam.json()[0].id).toBe('43003016');
    expect(unknownParam.headers['x-ignored-parameters']).toBe('color, _');
    expect(unknownParam.headers['access-control-expose-headers']).toContain('X-Ignored-Parameters');
    const known = await get(srv.url, '/GetVerse?verseId=43003016&versionId=kjv');
    expect(known.headers['x-ignored-parameters']).toBeUndefined();
    const badAndUnknown = await get(srv.url, '/GetVerse?verseId=0&color=red');
    expect(badAndUnknown.status).toBe(400);
    expect(badAndUnknown.headers['x-ignored-parameters']).toBe('color');
    expect((await get(srv.url, '/__proto__')).status).toBe(404);
    for (const path of ['/GetNothing', '/getverse', '/api/v2/nothing', '/constructor', '/toString']) {
      const answer = await get(srv.url, path);
      expect(answer.status, path).toBe(404);
      expect(answer.json().error.code, path).toBe('UNKNOWN_OPERATION');
    }
    const nowhere = await get(srv.url, '/some/where.txt');
    expect(nowhere.status).toBe(404);
    expect(nowhere.json().error.code).toBe('NOT_FOUND');
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const answer = await get(srv.url, '/GetVerse?verseId=43003016', {}, { method });
      expect(answer.status, method).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD, OPTIONS');
      expect(answer.json().error.code).toBe('METHOD_NOT_ALLOWED');
    }
  });

  it('answers HEAD with headers only and OPTIONS as a CORS preflight', async () => {
    const head = await get(srv.url, '/GetVerse?verseId=43003016', {}, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(50);
    const preflight = await get(
      srv.url,
      '/GetVerse',
      { 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-rapidapi-key' },
      { method: 'OPTIONS' },
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toContain('GET');
    expect(preflight.headers['access-control-allow-headers']).toBe('x-rapidapi-key');
  });

  it('answers malformed and oversized requests with 400/414/431 and keeps serving', async () => {
    const cases: [string, RegExp][] = [
      ['GARBAGE\r\n\r\n', /^HTTP\/1\.1 400/],
      ['GET /GetVerse?verseId=43003016 HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n', /^HTTP\/1\.1 400/],
      ['GET /Get%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', /^HTTP\/1\.1 400[\s\S]*BAD_REQUEST/],
      [
        'GET /GetVerse?verseId=%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
        /^HTTP\/1\.1 400[\s\S]*"param":"verseId"/,
      ],
      ['GET /GetVerse?verseId=%00 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', /^HTTP\/1\.1 400/],
      ['GET http://evil/GetVerse HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', /^HTTP\/1\.1 400/],
      ['GET ../../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', /^HTTP\/1\.1 400/],
      ['GET /data/../../package.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', /^HTTP\/1\.1 404/],
      ['GET /data/%2e%2e/%2e%2e/package.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', /^HTTP\/1\.1 404/],
      [
        `GET /GetVerse?verseId=${'1'.repeat(MAX_URL_LENGTH)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
        /^HTTP\/1\.1 414[\s\S]*URI_TOO_LONG/,
      ],
      [`GET /GetVerse?verseId=${'1'.repeat(200_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, /^HTTP\/1\.1 414/],
      [`GET /GetVerse?verseId=43003016 HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`, /^HTTP\/1\.1 431/],
      [
        'GET /GetVerse?verseId=43003016 HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n',
        /^HTTP\/1\.1 400/,
      ],
      [
        'POST /GetVerse HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\nConnection: close\r\n\r\n0123456789',
        /^HTTP\/1\.1 405/,
      ],
    ];
    for (const [request, answer] of cases) {
      expect(await raw(srv.port, request), JSON.stringify(request.slice(0, 60))).toMatch(answer);
    }
    // A client that hangs up mid-request, and one that sends half a request line.
    await raw(srv.port, 'GET /GetVer', 200);
    const ok = await get(srv.url, '/GetVerse?verseId=43003016');
    expect(ok.status).toBe(200);
    expect(ok.json()[0].t).toMatch(/^For God so loved the world/);
  });
});

describe('static files', () => {
  it('serves the reader page, the bundle and the packs with ETags, cache headers and 304', async () => {
    const page = await get(srv.url, '/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.text).toContain('<script type="module" src="app.js">');
    for (const file of ['/app.js', '/sw.js', '/engine.js', '/style.css', '/index.html']) {
      const answer = await get(srv.url, file, { 'accept-encoding': 'gzip' });
      expect(answer.status, file).toBe(200);
      expect(answer.headers['cache-control'], file).toBe('no-cache');
      const again = await get(srv.url, file, { 'if-none-match': String(answer.headers.etag) });
      expect(again.status, file).toBe(304);
      expect(again.text).toBe('');
    }
    const manifest = (await get(srv.url, '/data/manifest.json')).json() as {
      packs: { file: string; bytes: number; sha256: string }[];
    };
    const pack = manifest.packs.find((p) => p.file === 'meta.pack')!;
    const unversioned = await get(srv.url, `/data/${pack.file}`);
    expect(unversioned.status).toBe(200);
    expect(unversioned.headers['content-type']).toBe('application/octet-stream');
    expect(Number(unversioned.headers['content-length'])).toBe(pack.bytes);
    expect(unversioned.headers['cache-control']).toBe('public, max-age=86400');
    const versioned = await get(srv.url, `/data/${pack.file}?v=${pack.sha256.slice(0, 16)}`);
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = String(versioned.headers.etag);
    expect((await get(srv.url, `/data/${pack.file}`, { 'if-none-match': etag })).status).toBe(304);
    expect((await get(srv.url, `/data/${pack.file}`, { 'if-none-match': `W/${etag}, "other"` })).status).toBe(304);
    expect((await get(srv.url, `/data/${pack.file}`, { 'if-none-match': '"stale"' })).status).toBe(200);
    for (const path of ['/data/.hidden', '/data/nothing.pack', '/.bundle', '/data/', '/data/%00.pack']) {
      expect([400, 404], path).toContain((await get(srv.url, path)).status);
    }
  });
});

describe('graceful shutdown', () => {
  it('finishes answers in flight, then refuses new connections', async () => {
    // A stand-in engine whose one operation takes a while, so the stop lands mid-answer.
    const slow = {
      operations: [{ name: 'GetSlow', params: [] }],
      unknownParams: () => [],
      loadedPacks: () => ['meta'],
      load: async () => {},
      call: async () => {
        await new Promise((r) => setTimeout(r, 300));
        return { done: true };
      },
    } as unknown as TypedBible;
    const server = await startServer({ bible: slow, webDir: null, dataDir: null });
    const inFlight = get(server.url, '/GetSlow');
    await new Promise((r) => setTimeout(r, 50));
    const closed = server.close(5_000);
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({ done: true });
    expect(answer.headers.connection).toBe('close');
    await closed;
    await expect(get(server.url, '/GetSlow')).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe('serve() without a host', () => {
  it('listens on this machine only, as `bible serve` does', async () => {
    const { serve } = await import('../../engine/node/server.ts');
    const server = await serve({ port: 0, bible: await openNode(), webDir: null, dataDir: null });
    try {
      expect(server.server.address()).toMatchObject({ address: '127.0.0.1' });
      expect(server.url).toBe(`http://127.0.0.1:${server.port}/`);
    } finally {
      await server.close(1_000);
    }
  });
});
