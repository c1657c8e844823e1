// Serving past one process: key budgets shared through a real Redis by two server processes, the chosen
// policy while Redis is down and recovery when it returns, one budget across four workers, /healthz and
// /metrics, and many large answers at once staying complete. Tests that need redis-server skip with a
// printed reason when it is missing, except in CI, where .ci/run installs it first.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { get } from './http.ts';

const BIN = resolve(import.meta.dirname, '..', '..', 'bin', 'bible.js');
const scratch = mkdtempSync(join(tmpdir(), 'bible-scale-'));
const keyFile = join(scratch, 'keys.json');
writeFileSync(keyFile, JSON.stringify({ plans: { basic: 60 }, keys: { 'shared-key': 'basic' } }));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
if (!hasRedis && !process.env.CI)
  console.log('skipping the Redis tests: redis-server is not installed (scripts/install-redis.sh installs it)');

function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/** Starts redis-server on a port, without persistence, and waits until it answers. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  children.push(child);
  for (let i = 0; i < 100; i++) {
    if (spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG')
      return child;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server did not start on port ${port}`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null) {
      done();
      return;
    }
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

interface Running {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** Starts `bible serve` and waits for the address it prints. */
function serve(args: string[]): Promise<Running> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--host', '127.0.0.1', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  return new Promise((done, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address printed: ${out}`)), 60_000);
    const seen = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/[^\s]+\/)/.exec(out);
      if (m) {
        clearTimeout(timer);
        done({ child, url: m[1], output: () => out });
      }
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (!/listening on/.test(out)) reject(new Error(`exited ${code}: ${out}`));
    });
  });
}

const KEY = { 'x-api-key': 'shared-key' };
// A fresh connection per request, so a cluster spreads requests over its workers.
const fresh = () => new Agent({ keepAlive: false });

describe.skipIf(!hasRedis && !process.env.CI)('shared key budgets in Redis', () => {
  it('two server processes share one budget: exactly 60 of 100 answers succeed, the rest are 429 with the headers', {
    timeout: 120_000,
  }, async () => {
    const redisPort = await freePort();
    await startRedis(redisPort);
    const redis = `redis://127.0.0.1:${redisPort}`;
    const a = await serve(['--keys', keyFile, '--redis', redis]);
    const b = await serve(['--keys', keyFile, '--redis', redis]);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        get(i % 2 ? a.url : b.url, '/GetVerse?verseId=43003016', KEY, { agent: fresh() }),
      ),
    );
    const ok = answers.filter((r) => r.status === 200);
    const limited = answers.filter((r) => r.status === 429);
    expect([ok.length, limited.length]).toEqual([60, 40]);
    for (const r of ok) expect(r.headers['x-ratelimit-limit']).toBe('60');
    expect(ok.map((r) => Number(r.headers['x-ratelimit-remaining'])).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 60 }, (_, i) => i),
    );
    for (const r of limited) {
      expect(r.headers['x-ratelimit-remaining']).toBe('0');
      expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(r.json().error.code).toBe('RATE_LIMITED');
    }
    const metrics = (await get(a.url, '/metrics')).text;
    expect(metrics).toMatch(/bible_rate_limit_rejections_total \d+/);
    expect(metrics).toContain('bible_redis_failure_policy{policy="closed"} 1');
    await Promise.all([stopProcess(a.child), stopProcess(b.child)]);
  });

  it('while Redis is down the policy holds (closed: 503, open: answers), logged once; counting resumes when it returns', {
    timeout: 120_000,
  }, async () => {
    const redisPort = await freePort();
    let redisServer = await startRedis(redisPort);
    const redis = `redis://127.0.0.1:${redisPort}`;
    const closed = await serve(['--keys', keyFile, '--redis', redis]);
    const open = await serve(['--keys', keyFile, '--redis', redis, '--redis-failure', 'open']);
    expect((await get(closed.url, '/GetVerse?verseId=43003016', KEY)).status).toBe(200);

    await stopProcess(redisServer);
    await new Promise((r) => setTimeout(r, 300));
    for (let i = 0; i < 3; i++) {
      const refused = await get(closed.url, '/GetVerse?verseId=43003016', KEY);
      expect(refused.status).toBe(503);
      expect(refused.json().error.code).toBe('RATE_LIMIT_UNAVAILABLE');
      expect((await get(open.url, '/GetVerse?verseId=43003016', KEY)).status).toBe(200);
    }
    expect((await get(closed.url, '/healthz')).status).toBe(200);
    expect((await get(closed.url, '/metrics')).text).toMatch(/bible_redis_errors_total [1-9]/);
    expect(closed.output().match(/is unreachable/g)?.length).toBe(1);

    redisServer = await startRedis(redisPort);
    let back = 0;
    for (let i = 0; i < 50 && back === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      if ((await get(closed.url, '/GetVerse?verseId=43003016', KEY)).status === 200) back = 1;
    }
    expect(back).toBe(1);
    expect(closed.output()).toContain('is back');
    // Counting again: the budget runs out.
    const statuses = [];
    for (let i = 0; i < 61; i++) statuses.push((await get(closed.url, '/GetVerse?verseId=43003016', KEY)).status);
    expect(statuses).toContain(429);
    await Promise.all([stopProcess(closed.child), stopProcess(open.child), stopProcess(redisServer)]);
  });

  it('a paused Redis charges nothing it refused (closed), and open answers do not claim the full budget', {
    timeout: 120_000,
  }, async () => {
    const redisPort = await freePort();
    const redisServer = await startRedis(redisPort);
    const redis = `redis://127.0.0.1:${redisPort}`;
    const closed = await serve(['--keys', keyFile, '--redis', redis]);
    const open = await serve(['--keys', keyFile, '--redis', redis, '--redis-failure', 'open']);
    expect((await get(closed.url, '/GetVerse?verseId=43003016', KEY)).status).toBe(200);
    redisServer.kill('SIGSTOP');
    try {
      const refused = await Promise.all(
        Array.from({ length: 20 }, () => get(closed.url, '/GetVerse?verseId=43003016', KEY, { agent: fresh() })),
      );
      expect(refused.map((r) => r.status)).toEqual(Array(20).fill(503));
      const passed = await get(open.url, '/GetVerse?verseId=43003016', KEY);
      expect(passed.status).toBe(200);
      // Nothing was counted, so how much is left is not known: the header is left out rather than claim 60.
      expect(passed.headers['x-ratelimit-remaining']).toBeUndefined();
      expect(passed.headers['x-ratelimit-limit']).toBe('60');
    } finally {
      redisServer.kill('SIGCONT');
    }
    const count = () =>
      spawnSync('redis-cli', ['-p', String(redisPort), 'GET', 'bible:rate:shared-key'], {
        encoding: 'utf8',
      }).stdout.trim();
    // Redis now runs every command it was sent while paused; those the server gave up on must not count.
    expect(count()).toBe('1');
    const after = await get(closed.url, '/GetVerse?verseId=43003016', KEY);
    expect(after.status).toBe(200);
    expect(after.headers['x-ratelimit-remaining']).toBe('58');
    await Promise.all([stopProcess(closed.child), stopProcess(open.child), stopProcess(redisServer)]);
  });

  it('a wrong password or database number is a configuration error in /healthz, not a passing outage', {
    timeout: 120_000,
  }, async () => {
    const redisPort = await freePort();
    const redisServer = await startRedis(redisPort);
    spawnSync('redis-cli', ['-p', String(redisPort), 'CONFIG', 'SET', 'requirepass', 'right-secret']);
    const wrongPassword = await serve(['--keys', keyFile, '--redis', `redis://:wrong-secret@127.0.0.1:${redisPort}`]);
    const wrongDatabase = await serve([
      '--keys',
      keyFile,
      '--redis',
      `redis://:right-secret@127.0.0.1:${redisPort}/99`,
    ]);
    for (const server of [wrongPassword, wrongDatabase]) {
      const health = await get(server.url, '/healthz');
      expect(health.status).toBe(503);
      expect(health.json().status).toBe('misconfigured');
      expect(health.json().rateLimits.state).toBe('misconfigured');
      expect(health.json().rateLimits.problem).toMatch(/password|database/i);
      expect(health.text).not.toContain('right-secret');
      expect(health.text).not.toContain('wrong-secret');
    }
    await Promise.all([stopProcess(wrongPassword.child), stopProcess(wrongDatabase.child), stopProcess(redisServer)]);
  });
});

describe('workers', () => {
  it('four workers keep one budget in their primary, answer /healthz and gather /metrics', {
    timeout: 120_000,
  }, async () => {
    const server = await serve(['--keys', keyFile, '--workers', '4']);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => get(server.url, '/GetVerse?verseId=43003016', KEY, { agent: fresh() })),
    );
    expect(answers.filter((r) => r.status === 200).length).toBe(60);
    expect(answers.filter((r) => r.status === 429).length).toBe(40);
    const health = await get(server.url, '/healthz');
    expect(health.status).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
    // A worker counts an answer once it has handed it to the socket, which may be just after the client
    // has it: read until every answer is counted.
    let metrics = await get(server.url, '/metrics');
    for (
      let i = 0;
      i < 40 && !(metrics.text.includes('status="429"} 40') && metrics.text.includes('status="200"} 60'));
      i++
    ) {
      await new Promise((r) => setTimeout(r, 50));
      metrics = await get(server.url, '/metrics');
    }
    expect(metrics.headers['content-type']).toMatch(/^text\/plain/);
    expect(
      metrics.text,
      metrics.text
        .split('\n')
        .filter((l) => l.startsWith('bible_req'))
        .slice(0, 3)
        .join(' / '),
    ).toContain('bible_requests_total{operation="GetVerse",status="200"} 60');
    expect(metrics.text).toContain('bible_rate_limit_rejections_total 40');
    expect(metrics.text).toMatch(/bible_packs_loaded \d+/);
    expect(metrics.text).toMatch(/process_resident_memory_bytes \d+/);
    expect(metrics.text).toMatch(/bible_request_duration_seconds_bucket\{le="0.005",operation="GetVerse"\} \d+/);
    await stopProcess(server.child);
    expect(server.output()).toContain('bible server stopped');
  });

  it('64 clients asking for the largest answers at once all get them whole', { timeout: 120_000 }, async () => {
    const server = await serve(['--access-log']);
    const path = '/GetSearchAdvanced?query=th&matchType=broad&versionId=kjv';
    const agent = new Agent({ keepAlive: true, maxSockets: 64 });
    const answers = await Promise.all(
      Array.from({ length: 64 }, () => get(server.url, path, { 'accept-encoding': 'gzip' }, { agent })),
    );
    const first = answers[0].text;
    expect(JSON.parse(first).length).toBeGreaterThan(20_000);
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.text).toBe(first);
    }
    expect(server.output()).toMatch(/GET \/GetSearchAdvanced\?query=th&matchType=broad&versionId=kjv 200 [\d.]+ms \d+/);
    agent.destroy();
    await stopProcess(server.child);
  });
});
