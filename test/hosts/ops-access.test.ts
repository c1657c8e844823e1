// Who reaches /healthz and /metrics: anyone by default, key holders with opsAccess 'keyed', and only
// the ops port when there is one; and the serve flags for the limits, with clear errors for bad values.
import { afterAll, describe, expect, it } from 'vitest';
import { parseKeyFile } from '../../engine/node/keys.ts';
import { parseServeArgs } from '../../engine/node/serve-args.ts';
import type { BibleServer } from '../../engine/node/server.ts';
import { get, startServer } from './http.ts';

const servers: BibleServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close(100)));
});
const started = async (options: Parameters<typeof startServer>[0]) => {
  const server = await startServer({ webDir: null, dataDir: null, ...options });
  servers.push(server);
  return server;
};

describe('/healthz and /metrics', () => {
  it('answer anyone by default, and announce the keep-alive time', async () => {
    const server = await started({});
    const health = await get(server.url, '/healthz');
    expect(health.status).toBe(200);
    expect(health.json().status).toBe('ok');
    expect(health.headers['keep-alive']).toBe('timeout=65');
  });

  it('need a known key with opsAccess keyed, without counting it against the plan', async () => {
    const keys = parseKeyFile(JSON.stringify({ plans: { tiny: 1 }, keys: { 'ops-key': 'tiny' } }));
    const server = await started({ keys, opsAccess: 'keyed' });
    expect((await get(server.url, '/healthz')).status).toBe(401);
    expect((await get(server.url, '/healthz', { 'x-api-key': 'nope' })).status).toBe(401);
    for (let i = 0; i < 3; i++)
      expect((await get(server.url, '/healthz', { 'x-api-key': 'ops-key' })).status).toBe(200);
    expect((await get(server.url, '/GetVerse?verseId=43003016', { 'x-api-key': 'ops-key' })).status).toBe(200);
  });

  it('answer only on the ops port when there is one', async () => {
    const server = await started({ opsPort: 0 });
    expect(server.opsPort).toBeGreaterThan(0);
    const ops = `http://127.0.0.1:${server.opsPort}/`;
    expect((await get(server.url, '/healthz')).status).toBe(404);
    expect((await get(server.url, '/metrics')).status).toBe(404);
    expect((await get(ops, '/healthz')).json().status).toBe('ok');
    expect([200, 501]).toContain((await get(ops, '/metrics')).status);
    expect((await get(ops, '/GetVerse?verseId=43003016')).status).toBe(404);
    expect((await get(server.url, '/GetVerse?verseId=43003016')).status).toBe(200);
  });
});

describe('serve flags for the limits', () => {
  it('read the limits and refuse bad values naming the flag', () => {
    expect(
      parseServeArgs(
        [
          '--answer-memory',
          '64',
          '--write-timeout',
          '5',
          '--grace',
          '20',
          '--max-connections',
          '200',
          '--ops-port',
          '9090',
          '--ops-host',
          '10.0.0.2',
        ],
        {},
      ),
    ).toMatchObject({
      answerBudgetBytes: 64 * 1024 * 1024,
      writeTimeoutMs: 5_000,
      graceMs: 20_000,
      maxConnections: 200,
      opsPort: 9090,
      opsHost: '10.0.0.2',
    });
    expect(parseServeArgs(['--ops-port', '9090'], {}).opsHost).toBe('127.0.0.1');
    for (const [args, message] of [
      [['--answer-memory', '0'], /--answer-memory must be a whole number from 1/],
      [['--write-timeout', '1.5'], /--write-timeout must be a whole number/],
      [['--grace', '-1'], /--grace/],
      [['--max-connections', '0'], /--max-connections must be a whole number from 1/],
      [['--max-connections', 'many'], /--max-connections must be a whole number/],
      [['--ops-port', '70000'], /--ops-port must be a whole number from 0 to 65535/],
      [['--ops-host', '0.0.0.0'], /--ops-host needs --ops-port/],
      [['--ops-keyed'], /--ops-keyed needs --keys/],
    ] as const) {
      expect(() => parseServeArgs([...args], {}), args.join(' ')).toThrow(message);
    }
  });
});
