// The server beside slow and hostile clients, measured on `bible serve` as users run it: GetVerse and
// /healthz latency while 64 clients keep asking for the heaviest answer, and memory (peak RSS against
// RSS at rest) while 300 clients ask for it and never read, with GetVerse latency meanwhile.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { startServeProcess } from '../../hosts/serve-process.ts';
import type { Harness } from '../harness.ts';

const HEAVY = '/GetSearchAdvanced?query=th&matchType=broad&versionId=kjv';
const HEAVY_CLIENTS = 64;
const NON_READERS = 300;
const LOAD = resolve(import.meta.dirname, '..', 'heavy-clients.ts');

export const statusField = (pid: number, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024;

/** One request, read whole; resolves with its latency in milliseconds. */
export function timed(base: string, path: string, agent: Agent, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = request(new URL(path, base), { agent, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () =>
        res.statusCode === 200 ? resolve(performance.now() - t0) : reject(new Error(`${path}: ${res.statusCode}`)),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Sends the same cheap request over and over on one kept connection until `done()`; the latencies. */
export async function probe(base: string, path: string, done: () => boolean): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  while (!done()) {
    latencies.push(await timed(base, path, agent));
    await new Promise((r) => setTimeout(r, 5));
  }
  agent.destroy();
  return latencies;
}

/**
 * The server's own event-loop delay since the last scrape (prom-client resets its histogram on each):
 * what a cheap request waits at most on the server, apart from what the client side adds.
 */
async function loopDelay(base: string): Promise<{ p99: number; max: number }> {
  const text = await new Promise<string>((resolve, reject) => {
    request(new URL('/metrics', base), (res) => {
      let body = '';
      res.on('data', (c: Buffer) => {
        body += c.toString();
      });
      res.on('end', () => resolve(body));
    })
      .on('error', reject)
      .end();
  });
  const value = (name: string) => Number(new RegExp(`^${name} ([\\d.e+-]+)`, 'm').exec(text)?.[1] ?? NaN) * 1000;
  return { p99: value('nodejs_eventloop_lag_p99_seconds'), max: value('nodejs_eventloop_lag_max_seconds') };
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
};

/** The clients in a process of their own; stop() resolves with how many answers they read. */
export async function load(port: number, mode: 'read' | 'stall' | 'upload', count: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', LOAD, String(port), mode, String(count)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString();
  });
  await new Promise<void>((ready) => {
    const check = () => (out.includes('ready') ? ready() : setTimeout(check, 20));
    check();
  });
  return {
    stop: () =>
      new Promise<number>((done) => {
        child.on('exit', () => done(Number(/answers (\d+)/.exec(out)?.[1] ?? 0)));
        child.kill('SIGTERM');
      }),
  };
}

export default async function slowClients(h: Harness): Promise<void> {
  if (process.platform !== 'linux') {
    h.note('slow clients: skipped (reads /proc for memory)');
    return;
  }
  const server = await startServeProcess();
  try {
    const warm = new Agent({ keepAlive: true });
    await timed(server.url, HEAVY, warm, { 'accept-encoding': 'gzip' });
    for (let i = 0; i < 200; i++) await timed(server.url, '/GetVerse?verseId=43003016', warm);
    warm.destroy();

    const port = Number(new URL(server.url).port);
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

    // 300 clients that ask for it and never read, in another process; GetVerse probed from this one.
    await new Promise((r) => setTimeout(r, 1_000));
    const rest = statusField(server.pid, 'VmRSS');
    let peak = rest;
    const sampler = setInterval(() => {
      peak = Math.max(peak, statusField(server.pid, 'VmRSS'));
    }, 20);
    await loopDelay(server.url);
    const stalling = await load(port, 'stall', NON_READERS);
    const holdUntil = performance.now() + 6_000;
    const during = await probe(server.url, '/GetVerse?verseId=43003016', () => performance.now() > holdUntil);
    clearInterval(sampler);
    const stallDelay = await loopDelay(server.url);
    await stalling.stop();
    await new Promise((r) => setTimeout(r, 1_000));
    const after = statusField(server.pid, 'VmRSS');
    h.note(
      `slow clients: ${NON_READERS} clients asking for broad "th" (5.6 MB of JSON) and never reading: RSS ${mb(rest)} at rest, ${mb(peak)} at peak (${(peak / rest).toFixed(2)}x; target under 2x), ${mb(after)} after they left`,
    );
    h.add({
      group: 'slow clients',
      name: `GetVerse p99 while ${NON_READERS} clients hold broad "th" unread`,
      medianNs: percentile(during, 0.99) * 1e6,
      target: '< 100 ms',
      targetNs: 100e6,
      note: `p50 ${percentile(during, 0.5).toFixed(2)} ms, max ${Math.max(...during).toFixed(1)} ms; the server's event-loop delay p99 ${stallDelay.p99.toFixed(1)} ms, max ${stallDelay.max.toFixed(1)} ms`,
    });

    // 64 clients reading the heaviest answer over and over, in another process, and two probes here.
    await loopDelay(server.url);
    const reading = await load(port, 'read', HEAVY_CLIENTS);
    const until = performance.now() + 8_000;
    const [verse, health] = await Promise.all([
      probe(server.url, '/GetVerse?verseId=43003016', () => performance.now() > until),
      probe(server.url, '/healthz', () => performance.now() > until),
    ]);
    const heavyDelay = await loopDelay(server.url);
    const heavyAnswers = await reading.stop();
    for (const [name, latencies] of [
      ['GetVerse', verse],
      ['/healthz', health],
    ] as const) {
      h.add({
        group: 'slow clients',
        name: `${name} p99 beside ${HEAVY_CLIENTS} clients reading broad "th" (5.6 MB) over and over`,
        medianNs: percentile(latencies, 0.99) * 1e6,
        target: '< 50 ms',
        targetNs: 50e6,
        note: `p50 ${percentile(latencies, 0.5).toFixed(2)} ms, max ${Math.max(...latencies).toFixed(1)} ms, ${latencies.length} requests`,
      });
    }
    h.note(
      `slow clients: ${heavyAnswers} heavy answers read by ${HEAVY_CLIENTS} clients in 8 s beside the probes; the server's event-loop delay meanwhile p99 ${heavyDelay.p99.toFixed(1)} ms, max ${heavyDelay.max.toFixed(1)} ms (load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)`,
    );
  } finally {
    await server.stop();
  }
}
