// The HTTP server under arbitrary requests: malformed URLs, long and repeated parameters, bad
// percent-encoding. Every answer is JSON with an expected status, and the server keeps serving.
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { get, raw, startServer } from '../hosts/http.ts';
import { OPERATIONS } from '../../engine/core/operations.ts';

const STATUSES = [200, 400, 404, 405, 414, 431];

describe('HTTP fuzz', async () => {
  const server = await startServer();
  const base = server.url;
  const port = Number(new URL(base).port);
  afterAll(() => server.close());

  const names = OPERATIONS.map((op) => op.name);
  const paramNames = [...new Set(OPERATIONS.flatMap((op) => op.params.map((p) => p.name)))];
  const piece = fc.oneof(
    fc.constantFrom(
      '43003016',
      'kjv',
      'love',
      'ot',
      '1',
      '0',
      '-1',
      '1e9',
      '',
      '%',
      '%2',
      '%zz',
      '%00',
      '%FF%FE',
      '%E2%82',
      '+',
      '&&',
      '==',
      '#x',
      '%2F..%2F',
      '\u00e9',
    ),
    fc.string({ maxLength: 20 }).map(encodeURIComponent),
    fc.string({ maxLength: 3000, unit: 'binary-ascii' }).map(encodeURIComponent),
  );
  const query = fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...paramNames), piece), piece), { maxLength: 8 })
    .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
  const path = fc.oneof(
    fc.constantFrom(...names),
    fc.constantFrom('', 'api/v2/licensing', 'api/v2/nothing', '..', '%2e%2e', 'GetVerse/extra', '//GetVerse'),
    piece,
  );

  it('answers every request with JSON and an expected status', async () => {
    await fc.assert(
      fc.asyncProperty(path, query, async (p, q) => {
        const answer = await get(base, `${base.replace(/\/$/, '')}/${p}?${q}`, { 'accept-encoding': 'gzip' });
        expect(STATUSES).toContain(answer.status);
        if (answer.headers['content-type']?.toString().startsWith('application/json')) {
          const body = answer.json();
          if (answer.status !== 200) expect(body.error.code).toEqual(expect.any(String));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('survives raw garbage and still answers', async () => {
    for (const bytes of [
      'GET /GetVerse?verseId=%%% HTTP/1.1\r\nHost: x\r\n\r\n',
      'BREW /coffee HTCPCP/1.0\r\n\r\n',
      '\x00\x01\x02\r\n\r\n',
      `GET /${'a'.repeat(20000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    ]) {
      await raw(port, bytes, 500);
    }
    const answer = await get(base, '/GetVerse?verseId=43003016');
    expect(answer.status).toBe(200);
    expect(answer.json()[0].id).toBe('43003016');
  });
});
