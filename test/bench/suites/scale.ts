// Serving past one process, measured on `bible serve` as users run it: requests per second at 64
// connections with 1 worker and with one worker per core, what keeping key budgets in Redis adds per
// request, and the peak memory of 64 clients asking for the largest answers at once, with answers built
// without a bound (as before) and with the default bound.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { get } from '../../hosts/http.ts';
import { startServeProcess } from '../../hosts/serve-process.ts';
import { runLoad } from '../../hosts/load.ts';
import type { Harness } from '../harness.ts';

const CONNECTIONS = 64;

const start = startServeProcess;

async function requestsPerSecond(
  url: string,
  path: string,
  headers: Record<string, string> = {},
  total = 20_000,
): Promise<number> {
  const r = await runLoad(
    url,
    total,
    CONNECTIONS,
    () => ({ path, headers }),
    (_i, status) => (status === 200 ? '' : `status ${status}`),
  );
  if (r.errors.length || r.wrong.length)
    throw new Error(`${path}: ${[...r.errors, ...r.wrong].slice(0, 3).join('; ')}`);
  return r.perSecond;
}

const statusField = (pid: number, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024;

/** RSS at rest with the packs of the heavy answer loaded, then the peak while 64 clients ask for it at once. */
async function heavyMemory(concurrentAnswers: string): Promise<{ rest: number; peak: number; bytes: number }> {
  const server = await start(['--concurrent-answers', concurrentAnswers]);
  try {
    const path = '/GetSearchAdvanced?query=th&matchType=broad&versionId=kjv';
    const first = await get(server.url, path);
    await new Promise((r) => setTimeout(r, 500));
    const rest = statusField(server.pid, 'VmRSS');
    const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const answers = await Promise.all(
      Array.from({ length: CONNECTIONS }, () => get(server.url, path, { 'accept-encoding': 'gzip' }, { agent })),
    );
    agent.destroy();
    if (answers.some((a) => a.status !== 200 || a.text !== first.text))
      throw new Error('a heavy answer came back incomplete');
    return { rest, peak: statusField(server.pid, 'VmHWM'), bytes: first.text.length };
  } finally {
    await server.stop();
  }
}

function freePort(): Promise<number> {
  return new Promise((done) => {
    const p = createServer().listen(0, '127.0.0.1', () => {
      const { port } = p.address() as { port: number };
      p.close(() => done(port));
    });
  });
}

export default async function scale(h: Harness): Promise<void> {
  if (process.platform !== 'linux') {
    h.note('scale: skipped (reads /proc for memory)');
    return;
  }
  const cores = Math.max(2, cpus().length);
  const one = await start([]);
  const single = await requestsPerSecond(one.url, '/GetVerse?verseId=43003016');
  await one.stop();
  const many = await start(['--workers', String(cores)]);
  const multi = await requestsPerSecond(many.url, '/GetVerse?verseId=43003016');
  await many.stop();
  h.add({
    group: 'scale',
    name: `GetVerse at ${CONNECTIONS} connections, 1 worker: time per request`,
    medianNs: 1e9 / single,
    note: `${single.toFixed(0)} req/s`,
  });
  h.add({
    group: 'scale',
    name: `GetVerse at ${CONNECTIONS} connections, ${cores} workers: time per request`,
    medianNs: 1e9 / multi,
    note: `${multi.toFixed(0)} req/s, ${(multi / single).toFixed(2)}x one worker`,
  });

  const scratch = mkdtempSync(join(tmpdir(), 'bible-bench-scale-'));
  try {
    const keyFile = join(scratch, 'keys.json');
    writeFileSync(keyFile, JSON.stringify({ plans: { big: 100_000_000 }, keys: { 'bench-key': 'big' } }));
    const key = { 'x-api-key': 'bench-key' };
    const memory = await start(['--keys', keyFile]);
    const inMemory = await requestsPerSecond(memory.url, '/GetVerse?verseId=43003016', key);
    await memory.stop();
    if (spawnSync('redis-server', ['--version']).status === 0) {
      const port = await freePort();
      const redis = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      await new Promise((r) => setTimeout(r, 500));
      const shared = await start(['--keys', keyFile, '--redis', `redis://127.0.0.1:${port}`]);
      const withRedis = await requestsPerSecond(shared.url, '/GetVerse?verseId=43003016', key);
      await shared.stop();
      redis.kill('SIGTERM');
      h.add({
        group: 'scale',
        name: 'GetVerse with a key, budgets in Redis: time per request',
        medianNs: 1e9 / withRedis,
        note: `${withRedis.toFixed(0)} req/s`,
        peer: { name: 'budgets in process memory', medianNs: 1e9 / inMemory },
      });
      const added = 1e6 / withRedis - 1e6 / inMemory;
      h.note(
        `scale: keeping budgets in Redis (one EVAL round trip on loopback per keyed request) ${added > 0 ? `adds ${added.toFixed(1)} µs per request` : 'adds no cost this run can measure (the difference is within run-to-run noise)'} at ${CONNECTIONS} connections: ${withRedis.toFixed(0)} against ${inMemory.toFixed(0)} req/s`,
      );
    } else {
      h.note('scale: redis-server is not installed, so the Redis row is skipped (scripts/install-redis.sh)');
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }

  const before = await heavyMemory('9999');
  const after = await heavyMemory('4');
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
  h.note(
    `scale: 64 clients at once asking for broad "th" (${(before.bytes / 1e6).toFixed(1)} MB of JSON each): unbounded, RSS ${mb(before.rest)} at rest and ${mb(before.peak)} at peak (${(before.peak / before.rest).toFixed(2)}x); with 4 answers built at once (the default), ${mb(after.rest)} and ${mb(after.peak)} (${(after.peak / after.rest).toFixed(2)}x; target under 2x)`,
  );
}
