// API keys and rate limits: the key file format, 401 for missing or unknown keys, 429 with the limit
// headers and Retry-After once a plan's budget is spent, and a fresh budget after the window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseKeyFile, rateLimiter, requestKey, WINDOW_MS } from '../../engine/node/keys.ts';
import { RATE_HEADERS, type BibleServer } from '../../engine/node/server.ts';
import { get, startServer } from './http.ts';

const KEY_FILE = JSON.stringify({
  plans: { tiny: 3, roomy: 1000, unlimited: null },
  keys: { 'k-tiny-1': 'tiny', 'k-tiny-2': 'tiny', 'k-roomy': 'roomy', 'k-free': 'unlimited' },
});

describe('the key file', () => {
  it('reads keys and plans', () => {
    const keys = parseKeyFile(KEY_FILE);
    expect(keys.size).toBe(4);
    expect(keys.plan('k-tiny-1')).toEqual({ name: 'tiny', perMinute: 3 });
    expect(keys.plan('k-free')).toEqual({ name: 'unlimited', perMinute: null });
    expect(keys.plan('nope')).toBeUndefined();
    expect(keys.plan('__proto__')).toBeUndefined();
  });

  it('refuses mistakes with a message that says where', () => {
    const bad: [string, RegExp][] = [
      ['{', /not valid JSON/],
      ['[]', /"plans"/],
      ['{"plans":{"a":1}}', /"keys"/],
      ['{"plans":{"a":0},"keys":{"k":"a"}}', /plan "a" must be a positive whole number/],
      ['{"plans":{"a":1.5},"keys":{"k":"a"}}', /plan "a"/],
      ['{"plans":{"a":"60"},"keys":{"k":"a"}}', /plan "a"/],
      ['{"plans":{"a":1},"keys":{"k":"b"}}', /names plan "b"/],
      ['{"plans":{"a":1},"keys":{"has space":"a"}}', /visible ASCII/],
      ['{"plans":{"a":1},"keys":{}}', /no keys/],
    ];
    for (const [text, message] of bad) expect(() => parseKeyFile(text, 'keys.json'), text).toThrow(message);
  });

  it('takes the key from x-api-key or any x-<name>-key header', () => {
    expect(requestKey({ 'x-api-key': 'a' })).toBe('a');
    expect(requestKey({ 'x-rapidapi-key': 'b', 'x-rapidapi-host': 'h' })).toBe('b');
    expect(requestKey({ 'x-api-key': 'a', 'x-rapidapi-key': 'b' })).toBe('a');
    expect(requestKey({ 'x-key': 'c', authorization: 'd' })).toBeUndefined();
    expect(requestKey({ 'x-api-key': '  ' })).toBeUndefined();
  });

  it('counts fixed one-minute windows', () => {
    let t = 1_000_000;
    const take = rateLimiter(() => t);
    expect(take('k', 2)).toEqual({ allowed: true, limit: 2, remaining: 1, resetSeconds: 60 });
    t += 30_500;
    expect(take('k', 2)).toEqual({ allowed: true, limit: 2, remaining: 0, resetSeconds: 30 });
    expect(take('k', 2)).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 30 });
    expect(take('other', 2).allowed).toBe(true);
    t += WINDOW_MS;
    expect(take('k', 2)).toMatchObject({ allowed: true, remaining: 1 });
  });
});

describe('a server with keys', () => {
  let now = 5_000_000;
  let srv: BibleServer;
  beforeAll(async () => {
    srv = await startServer({ keys: parseKeyFile(KEY_FILE), now: () => now });
  });
  afterAll(() => srv?.close(100));
  const verse = '/GetVerse?verseId=43003016';

  it('answers 401 without a key or with an unknown one', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { 'x-api-key': 'wrong' },
      { 'x-rapidapi-key': 'k-tiny-1 ' + 'x' },
      { authorization: 'Bearer k-roomy' },
    ];
    for (const headers of attempts) {
      const answer = await get(srv.url, verse, headers);
      expect(answer.status, JSON.stringify(headers)).toBe(401);
      expect(answer.json().error.code).toBe('UNAUTHORIZED');
      expect(answer.headers['access-control-allow-origin']).toBe('*');
    }
    // Unknown operations need a key too; the page, the bundle, the packs and preflights do not.
    expect((await get(srv.url, '/GetNothing')).status).toBe(401);
    expect(
      (await get(srv.url, '/GetVerse', { 'access-control-request-method': 'GET' }, { method: 'OPTIONS' })).status,
    ).toBe(204);
    expect((await get(srv.url, '/data/manifest.json')).status).toBe(200);
    expect((await get(srv.url, '/engine.js')).status).toBe(200);
  });

  it('answers with the plan headers, then 429 with Retry-After once the minute budget is spent', async () => {
    const key = { 'x-rapidapi-key': 'k-tiny-1' };
    for (let i = 0; i < 3; i++) {
      const answer = await get(srv.url, verse, key);
      expect(answer.status).toBe(200);
      expect(answer.headers[RATE_HEADERS.limit.toLowerCase()]).toBe('3');
      expect(answer.headers[RATE_HEADERS.remaining.toLowerCase()]).toBe(String(2 - i));
      expect(answer.headers[RATE_HEADERS.reset.toLowerCase()]).toBe('60');
    }
    now += 20_000;
    const refused = await get(srv.url, verse, key);
    expect(refused.status).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(refused.headers['retry-after']).toBe('40');
    expect(refused.headers[RATE_HEADERS.remaining.toLowerCase()]).toBe('0');
    expect(refused.headers[RATE_HEADERS.reset.toLowerCase()]).toBe('40');
    expect(String(refused.headers['access-control-expose-headers'])).toContain('Retry-After');
    // Bad requests count too (they cost the server as much), and another key has its own budget.
    expect((await get(srv.url, '/GetVerse?verseId=bad', key)).status).toBe(429);
    expect((await get(srv.url, verse, { 'x-api-key': 'k-tiny-2' })).status).toBe(200);
    // The next window starts fresh.
    now += 40_000;
    const again = await get(srv.url, verse, key);
    expect(again.status).toBe(200);
    expect(again.headers[RATE_HEADERS.remaining.toLowerCase()]).toBe('2');
  });

  it('lets unlimited plans through without limit headers', async () => {
    for (let i = 0; i < 20; i++) {
      const answer = await get(srv.url, verse, { 'x-api-key': 'k-free' });
      expect(answer.status).toBe(200);
      expect(answer.headers[RATE_HEADERS.limit.toLowerCase()]).toBeUndefined();
    }
  });

  it('keeps answering errors as 400 for keyed requests', async () => {
    const answer = await get(srv.url, '/GetVerse?verseId=bad', { 'x-api-key': 'k-roomy' });
    expect(answer.status).toBe(400);
    expect(answer.headers[RATE_HEADERS.remaining.toLowerCase()]).toBe('999');
  });
});
