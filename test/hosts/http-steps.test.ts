// Each step a request goes through in the HTTP server, on its own, without a socket: the preflight and
// method check, the request target, the strict query, the route, admission by key, and the JSON answer.
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BibleError } from '../../engine/core/errors.ts';
import { admit, RATE_HEADERS } from '../../engine/node/http/admission.ts';
import {
  encodeJson,
  IGNORED_PARAMS_HEADER,
  jsonHeaders,
  withIgnoredParams,
} from '../../engine/node/http/json-answer.ts';
import { MAX_PARAMS, parseQuery } from '../../engine/node/http/query.ts';
import { isRefusal } from '../../engine/node/http/refusal.ts';
import {
  checkMethod,
  MAX_URL_LENGTH,
  operationNameIn,
  preflightHeaders,
  splitTarget,
} from '../../engine/node/http/request-target.ts';
import { routeOf, unknownPathMessage } from '../../engine/node/http/routes.ts';
import { parseKeyFile } from '../../engine/node/keys.ts';
import { LimiterUnavailable, memoryLimiter } from '../../engine/node/rate-limits.ts';

describe('preflight and method', () => {
  it('echoes the asked headers (only safe characters) and allows the methods the server takes', () => {
    expect(preflightHeaders({ 'access-control-request-headers': 'x-api-key, content-type\r\nX: y' })).toEqual({
      'Access-Control-Allow-Methods': 'GET, HEAD, POST, OPTIONS',
      'Access-Control-Allow-Headers': 'x-api-key, content-typeX y',
      'Access-Control-Max-Age': '86400',
    });
    expect(preflightHeaders({})['Access-Control-Allow-Headers']).toBe('*');
  });

  it('takes GET and HEAD always, POST only where an operation reads a body', () => {
    expect(checkMethod('GET', false)).toBeNull();
    expect(checkMethod('HEAD', false)).toBeNull();
    expect(checkMethod('POST', true)).toBeNull();
    expect(checkMethod('POST', false)).toMatchObject({
      status: 405,
      body: { error: { code: 'METHOD_NOT_ALLOWED' } },
      headers: { Allow: 'GET, HEAD, OPTIONS' },
    });
    expect(checkMethod('DELETE', true)?.status).toBe(405);
  });
});

describe('request target', () => {
  it('splits the decoded path from the raw query, drops a fragment and trailing slashes', () => {
    expect(splitTarget('/GetVerse/?verseId=1#top')).toEqual({ path: '/GetVerse', query: 'verseId=1' });
    expect(splitTarget('/Get%56erse')).toEqual({ path: '/GetVerse', query: '' });
    expect(splitTarget('/')).toEqual({ path: '/', query: '' });
  });

  it('refuses an overlong target, bad percent-encoding, a NUL and a path without a leading slash', () => {
    expect(splitTarget(`/${'a'.repeat(MAX_URL_LENGTH)}`)).toMatchObject({
      status: 414,
      body: { error: { code: 'URI_TOO_LONG' } },
    });
    expect(splitTarget('/%E0%A4')).toMatchObject({ status: 400, body: { error: { code: 'BAD_REQUEST' } } });
    expect(splitTarget('/a%00b')).toMatchObject({ status: 400 });
    expect(splitTarget('example.org/GetVerse')).toMatchObject({ status: 400 });
  });

  it('reads an absolute-form target (RFC 9112 3.2.2) as its origin form', () => {
    expect(splitTarget('http://example.org/GetVerse?verseId=43003016')).toEqual({
      path: '/GetVerse',
      query: 'verseId=43003016',
    });
    expect(splitTarget('HTTPS://example.org:8080')).toEqual({ path: '/', query: '' });
    expect(splitTarget('http://example.org?verseId=1')).toEqual({ path: '/', query: 'verseId=1' });
    const originForm = fc
      .tuple(fc.webPath(), fc.option(fc.webQueryParameters(), { nil: undefined }))
      .map(([path, query]) => `/${path.replace(/^\/+/, '')}${query === undefined ? '' : `?${query}`}`);
    fc.assert(
      fc.property(fc.constantFrom('http', 'https'), fc.webAuthority(), originForm, (scheme, authority, target) => {
        expect(splitTarget(`${scheme}://${authority}${target}`)).toEqual(splitTarget(target));
      }),
    );
  });

  it('finds the operation a POST names', () => {
    expect(operationNameIn('/GetCitationsInText?x=1')).toBe('GetCitationsInText');
    expect(operationNameIn('/GetCitationsInText')).toBe('GetCitationsInText');
    expect(operationNameIn('/api/v2/licensing')).toBeUndefined();
    expect(operationNameIn('/Get/Verse')).toBeUndefined();
  });
});

describe('query', () => {
  it('decodes like URLSearchParams for any names and values given once', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.string({ minLength: 1 }), fc.string()), {
          maxLength: MAX_PARAMS,
          selector: ([name]) => name,
        }),
        (pairs) => {
          const wellFormed = pairs.filter(([name, value]) => name.isWellFormed() && value.isWellFormed());
          expect(parseQuery(new URLSearchParams(wellFormed).toString())).toEqual(Object.fromEntries(wellFormed));
        },
      ),
    );
  });

  it('keeps every name as an own parameter, __proto__ included', () => {
    const params = parseQuery('__proto__=x&verseId=1');
    expect(Object.keys(params)).toEqual(['__proto__', 'verseId']);
    expect(Object.getPrototypeOf(params)).toBe(Object.prototype);
  });

  it('refuses what URLSearchParams would repair, naming the parameter', () => {
    expect(() => parseQuery('q=%E0%A4%A')).toThrow('q has bad percent-encoding');
    expect(() => parseQuery('q=%ZZ')).toThrow(BibleError);
    expect(() => parseQuery('%FF=1')).toThrow('a parameter name has bad percent-encoding');
    expect(() => parseQuery('q=1&q=2')).toThrow('parameter q is given more than once');
    expect(() => parseQuery(Array.from({ length: MAX_PARAMS + 1 }, (_, i) => `p${i}=1`).join('&'))).toThrow(
      'too many query parameters',
    );
    try {
      parseQuery('verseId=%C3');
    } catch (error) {
      expect((error as BibleError).param).toBe('verseId');
    }
  });
});

describe('route', () => {
  const operations = new Set(['GetVerse', 'GetEndpoints', 'GetLicensing']);

  it('sends operations to the engine, v2 paths to their operation, and / to the page or GetEndpoints', () => {
    expect(routeOf('/GetVerse', operations, true)).toEqual({ kind: 'operation', name: 'GetVerse' });
    expect(routeOf('/api/v2/licensing', operations, true)).toEqual({ kind: 'operation', name: 'GetLicensing' });
    expect(routeOf('/', operations, false)).toEqual({ kind: 'operation', name: 'GetEndpoints' });
    expect(routeOf('/', operations, true)).toEqual({
      kind: 'static',
      file: '/index.html',
      fallback: { kind: 'operation', name: 'GetEndpoints' },
    });
  });

  it('tries a static file first for anything else, then says what is unknown', () => {
    const missing = routeOf('/GetNothing', operations, true);
    expect(missing).toEqual({
      kind: 'static',
      file: '/GetNothing',
      fallback: { kind: 'unknown', name: 'GetNothing', looksLikeApi: true },
    });
    expect(routeOf('/app.js', operations, true)).toEqual({
      kind: 'static',
      file: '/app.js',
      fallback: { kind: 'unknown', name: undefined, looksLikeApi: false },
    });
    const credits = routeOf('/api/v2/credits', operations, true);
    expect(credits.kind === 'static' && credits.fallback).toEqual({
      kind: 'unknown',
      name: 'GetCredits',
      looksLikeApi: true,
    });
    if (credits.kind !== 'static' || credits.fallback.kind !== 'unknown')
      throw new Error('expected an unknown fallback');
    expect(unknownPathMessage('/api/v2/credits', credits.fallback)).toBe(
      'unknown operation "GetCredits" (/api/v2/credits needs GetCredits, which this build does not have); GET /GetEndpoints lists them all',
    );
    expect(unknownPathMessage('/app.js', { kind: 'unknown', looksLikeApi: false })).toBe('nothing at "/app.js"');
  });

  it('names the operation a misspelt or miscased path most likely meant', () => {
    const operations = new Set(['GetStrongs', 'GetVerse', 'GetChapter']);
    const message = (path: string) => {
      const route = routeOf(path, operations, false);
      if (route.kind !== 'static' || route.fallback.kind !== 'unknown') throw new Error(`${path} was answered`);
      return unknownPathMessage(path, route.fallback, operations);
    };
    expect(message('/getstrongs')).toBe(
      'unknown operation "getstrongs" (did you mean GetStrongs?); GET /GetEndpoints lists them all',
    );
    expect(message('/GetVerses')).toMatch(/\(did you mean GetVerse\?\)/);
    expect(message('/api/GetChapter')).toMatch(/^unknown operation "\/api\/GetChapter" \(did you mean GetChapter\?\)/);
    expect(message('/GetEverything')).toBe('unknown operation "GetEverything"; GET /GetEndpoints lists them all');
  });
});

describe('admission', () => {
  const keys = parseKeyFile(
    JSON.stringify({ plans: { basic: 2, unlimited: null }, keys: { k1: 'basic', k2: 'unlimited' } }),
  );

  it('admits everyone without keys, and a known key within its budget with rate headers', async () => {
    expect(await admit({}, undefined, memoryLimiter())).toEqual({ headers: {} });
    expect(await admit({ 'x-api-key': 'k2' }, keys, memoryLimiter())).toEqual({ headers: {} });
    const now = () => 1_000_000;
    const limiter = memoryLimiter(now);
    const first = await admit({ 'x-api-key': 'k1' }, keys, limiter);
    expect(first).toEqual({
      headers: { [RATE_HEADERS.limit]: '2', [RATE_HEADERS.remaining]: '1', [RATE_HEADERS.reset]: expect.any(String) },
    });
  });

  it('refuses a missing or unknown key (401), a spent budget (429, counted) and an unreachable store (503)', async () => {
    expect(await admit({}, keys, memoryLimiter())).toMatchObject({
      status: 401,
      body: { error: { code: 'UNAUTHORIZED' } },
    });
    expect(await admit({ 'x-api-key': 'nope' }, keys, memoryLimiter())).toMatchObject({
      status: 401,
      body: { error: { message: 'unknown API key' } },
    });
    const limiter = memoryLimiter(() => 5_000_000);
    let rejected = 0;
    for (let i = 0; i < 2; i++)
      expect(isRefusal(await admit({ 'x-api-key': 'k1' }, keys, limiter, () => rejected++))).toBe(false);
    const third = await admit({ 'x-api-key': 'k1' }, keys, limiter, () => rejected++);
    expect(third).toMatchObject({
      status: 429,
      body: { error: { code: 'RATE_LIMITED' } },
      headers: { 'Retry-After': expect.any(String), [RATE_HEADERS.remaining]: '0' },
    });
    expect(rejected).toBe(1);
    const down = async () => {
      throw new LimiterUnavailable('Redis is unreachable');
    };
    expect(await admit({ 'x-api-key': 'k1' }, keys, down)).toMatchObject({
      status: 503,
      body: { error: { code: 'RATE_LIMIT_UNAVAILABLE', message: 'Redis is unreachable' } },
      headers: { 'Retry-After': '5' },
    });
  });
});

describe('JSON answer', () => {
  it('gzips only a large answer for a client that takes gzip, and says so in its headers', async () => {
    const small = await encodeJson({ 'accept-encoding': 'gzip' }, { a: 1 });
    expect(small).toEqual({ payload: Buffer.from('{"a":1}'), gzipped: false });
    const body = { text: 'In the beginning '.repeat(200) };
    const plain = await encodeJson({}, body);
    expect(plain.gzipped).toBe(false);
    const zipped = await encodeJson({ 'accept-encoding': 'br, gzip;q=0.5' }, body);
    expect(zipped.gzipped).toBe(true);
    expect(JSON.parse(gunzipSync(zipped.payload).toString())).toEqual(body);
    expect(jsonHeaders(zipped)).toEqual({
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
      'Content-Encoding': 'gzip',
      'Content-Length': zipped.payload.length,
    });
    expect((await encodeJson({ 'accept-encoding': 'gzip;q=0' }, body)).gzipped).toBe(false);
  });

  it('names ignored parameters percent-encoded, and adds no header when none was ignored', () => {
    expect(withIgnoredParams({ a: '1' }, [])).toEqual({ a: '1' });
    expect(withIgnoredParams({}, ['versionid', 'é,x'])).toEqual({ [IGNORED_PARAMS_HEADER]: 'versionid, %C3%A9%2Cx' });
  });
});
