// The server beside slow and hostile clients, measured on `bible serve` as users run it: GetVerse and
// /healthz latency while 64 clients keep asking for the heaviest answer, and memory (peak RSS against
// RSS at rest) while 300 clients ask for it and never read, with GetVerse latency meanwhile.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { startServeProcess } from '../../hosts/serve-process.ts';
import type { Harness } from '../harness.ts';

const HEAVY = '/GetSearchAdvanced?query=th&matchType=broad&versionId=kjv';
const HEAVY_CLIENTS = 64;
const NON_READERS = 300;

const statusField = (pid: number, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024;

/** One request, read whole; resolves with its latency in milliseconds. */
function timed(base: string, path: string, agent: Agent, headers: Record<string, string> = {}): Promise<number> {
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
async function probe(base: string, path: string, done: () => boolean): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  while (!done()) {
    latencies.push(await timed(base, path, agent));
    await new Promise((r) => setTimeout(r, 5));
  }
  agent.destroy();
  return latencies;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
};

function nonReader(port: number): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.pause();
      socket.write(`GET ${HEAVY} HTTP/1.1\r\nHost: x\r\n\r\n`);
      resolve(socket);
    });
    socket.on('error', () => {});
  });
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

    // 300 clients that ask for it and never read.
    await new Promise((r) => setTimeout(r, 1_000));
    const rest = statusField(server.pid, 'VmRSS');
    let peak = rest;
    const sampler = setInterval(() => {
      peak = Math.max(peak, statusField(server.pid, 'VmRSS'));
    }, 20);
    const sockets = await Promise.all(
      Array.from({ length: NON_READERS }, () => nonReader(Number(new URL(server.url).port))),
    );
    const holdUntil = performance.now() + 6_000;
    const during = await probe(server.url, '/GetVerse?verseId=43003016', () => performance.now() > holdUntil);
    clearInterval(sampler);
    for (const socket of sockets) socket.destroy();
    await new Promise((r) => setTimeout(r, 1_000));
    const after = statusField(server.pid, 'VmRSS');
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
    h.note(
      `slow clients: ${NON_READERS} clients asking for broad "th" (5.6 MB of JSON) and never reading: RSS ${mb(rest)} at rest, ${mb(peak)} at peak (${(peak / rest).toFixed(2)}x; target under 2x), ${mb(after)} after they left`,
    );
    h.add({
      group: 'slow clients',
      name: `GetVerse p99 while ${NON_READERS} clients hold broad "th" unread`,
      medianNs: percentile(during, 0.99) * 1e6,
      target: '< 100 ms',
      targetNs: 100e6,
      note: `p50 ${percentile(during, 0.5).toFixed(2)} ms, max ${Math.max(...during).toFixed(1)} ms`,
    });

    // 64 clients reading the heaviest answer over and over, and two probes beside them.
    let stop = false;
    const heavyAgent = new Agent({ keepAlive: true, maxSockets: HEAVY_CLIENTS });
    let heavyAnswers = 0;
    const heavy = Array.from({ length: HEAVY_CLIENTS }, async () => {
      while (!stop) {
        await timed(server.url, HEAVY, heavyAgent, { 'accept-encoding': 'gzip' }).catch(() => {});
        heavyAnswers++;
      }
    });
    const until = performance.now() + 8_000;
    const [verse, health] = await Promise.all([
      probe(server.url, '/GetVerse?verseId=43003016', () => performance.now() > until),
      probe(server.url, '/healthz', () => performance.now() > until),
    ]);
    stop = true;
    await Promise.all(heavy);
    heavyAgent.destroy();
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
    h.note(`slow clients: ${heavyAnswers} heavy answers written to ${HEAVY_CLIENTS} clients in 8 s beside the probes`);
  } finally {
    await server.stop();
  }
}
