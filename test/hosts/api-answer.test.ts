// The request-to-answer layer (engine/node/http/api-answer.ts) driven without a socket, as an edge host's
// fetch handler would drive it: it imports no Node built-in, and it answers as the Node server does.
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerApiRequest, apiSite, type ApiSite, OPENAPI_PATH } from '../../engine/node/http/api-answer.ts';
import { IGNORED_PARAMS_HEADER, REPEATED_PARAMS_HEADER } from '../../engine/node/http/answer-headers.ts';
import type { BibleServer } from '../../engine/node/server.ts';
import { importSpecifiers } from '../../scripts/code-shape.ts';
import { bible } from '../helpers.ts';
import { get, startServer } from './http.ts';

const root = join(import.meta.dirname, '..', '..');

/** Every module a module reaches through its imports (type imports included), repository-relative. */
function reachedModules(entry: string): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (reached.has(file)) continue;
    const specifiers = importSpecifiers(file, readFileSync(join(root, file), 'utf8'));
    reached.set(file, specifiers);
    for (const specifier of specifiers)
      if (specifier.startsWith('.')) pending.push(join(dirname(file), specifier).split('\\').join('/'));
  }
  return reached;
}

const isBuiltIn = (specifier: string): boolean =>
  specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]);

let site: ApiSite;
beforeAll(async () => {
  site = apiSite((await bible()) as never);
});

const answer = (target: string, more: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
  answerApiRequest(site, { method: more.method ?? 'GET', target, headers: more.headers, body: more.body });

describe('the request-to-answer layer', () => {
  it('imports no Node built-in, directly or through any module it reaches', () => {
    const reached = reachedModules('engine/node/http/api-answer.ts');
    const builtIns = [...reached].flatMap(([file, specifiers]) =>
      specifiers.filter(isBuiltIn).map((s) => `${file}: ${s}`),
    );
    expect(builtIns).toEqual([]);
    expect(reached.size).toBeGreaterThan(5);
  });

  it('answers an operation with what bible.call() answers, and CORS', async () => {
    const got = await answer('/GetVerse?verseId=43003016&versionId=kjv');
    expect(got.status).toBe(200);
    expect(got.body).toEqual(await site.bible.call('GetVerse', { verseId: '43003016', versionId: 'kjv' }));
    expect(got.headers['Access-Control-Allow-Origin']).toBe('*');
  });

  it('names ignored and repeated parameters in headers, as the server does', async () => {
    const got = await answer('/GetVerse?verseId=1001001&versoinId=web&verseId=1001002');
    expect(got.status).toBe(200);
    expect(got.headers[IGNORED_PARAMS_HEADER]).toBe('versoinId');
    expect(got.headers[REPEATED_PARAMS_HEADER]).toBe('verseId');
  });

  it('refuses an unknown operation (404, naming the closest), a bad parameter (400) and a method (405)', async () => {
    const unknown = await answer('/GetVerses?verseId=1001001');
    expect(unknown.status).toBe(404);
    expect((unknown.body as any).error.code).toBe('UNKNOWN_OPERATION');
    expect((unknown.body as any).error.message).toContain('GetVerse');
    const bad = await answer('/GetVerse?verseId=banana');
    expect(bad.status).toBe(400);
    expect((bad.body as any).error.param).toBe('verseId');
    const put = await answer('/GetVerse', { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.Allow).toBe('GET, HEAD, OPTIONS');
  });

  it('answers a preflight, the OpenAPI document, and / as GetEndpoints when it serves no page', async () => {
    const preflight = await answer('/GetVerse', { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['Access-Control-Allow-Methods']).toContain('GET');
    const openApi = await answer(OPENAPI_PATH);
    expect((openApi.body as any).openapi).toMatch(/^3\./);
    const home = await answer('/');
    expect(home.body).toEqual(await site.bible.call('GetEndpoints', {}));
  });

  it('reads a POST body as the operation that takes one, and refuses a multipart one', async () => {
    const text = 'For God so loved the world (John 3:16).';
    const got = await answer('/GetCitationsInText', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
    });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(await site.bible.call('GetCitationsInText', { text }));
    const multipart = await answer('/GetCitationsInText', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x--',
    });
    expect(multipart.status).toBe(415);
  });
});

describe('the same answers as the Node server', () => {
  let server: BibleServer;
  beforeAll(async () => {
    server = await startServer({ webDir: null, dataDir: null });
  });
  afterAll(() => server.close());

  const targets = fc.oneof(
    fc.constantFrom(
      '/GetVerse?verseId=1001001',
      '/GetVerse?verseId=66022021&versionId=web',
      '/GetChapter?bookAndChapterId=19023',
      '/GetVerse?verseId=0',
      '/GetVerse',
      '/GetBooks',
      '/NoSuchThing',
      '/api/v2/licensing',
      '/GetVerse?verseId=%zz',
      '/GetStrongs?strongsId=H0430',
    ),
    fc
      .tuple(fc.constantFrom('GetVerse', 'GetChapter', 'GetVerseCount'), fc.string({ maxLength: 12 }))
      .map(
        ([name, value]) =>
          `/${name}?verseId=${encodeURIComponent(value)}&bookAndChapterId=${encodeURIComponent(value)}`,
      ),
  );

  it('gives the status and body the server gives, for any of these targets', async () => {
    await fc.assert(
      fc.asyncProperty(targets, async (target) => {
        const [mine, theirs] = await Promise.all([answer(target), get(server.url, target)]);
        expect(mine.status).toBe(theirs.status);
        expect(mine.body).toEqual(theirs.json());
      }),
      { numRuns: 40 },
    );
  });
});
