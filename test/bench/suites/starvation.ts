// The server when a few kinds of clients try to starve the rest at once, on `bible serve` with its
// defaults: 150 clients that ask for the heaviest answer and never read, 16 that read it over and over,
// and 24 that POST a 1 MiB text of notes over and over, all in other processes. Measured here: GetVerse
// p99, the latency of a small POST (whose body and answer go through the same memory budget), and peak
// RSS against RSS at rest.
import { Agent, request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { startServeProcess } from '../../hosts/serve-process.ts';
import type { Harness } from '../harness.ts';
import { load, percentile, probe, statusField, timed } from './slow-clients.ts';

const NON_READERS = 150;
const HEAVY_READERS = 16;
const UPLOADS = 24;
const SECONDS = 10;

/** A small POST of GetCitationsInText, read whole; its latency in milliseconds and its status. */
function timedPost(base: string, agent: Agent): Promise<{ ms: number; status: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const body = 'see John 3:16 and Rom 8:28';
    const req = request(
      new URL('/GetCitationsInText', base),
      { method: 'POST', agent, headers: { 'content-type': 'text/plain', 'content-length': body.length } },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve({ ms: performance.now() - t0, status: res.statusCode ?? 0 }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export default async function starvation(h: Harness): Promise<void> {
  if (process.platform !== 'linux') {
    h.note('starvation: skipped (reads /proc for memory)');
    return;
  }
  const server = await startServeProcess(process.env.BENCH_ACCESS_LOG ? ['--access-log'] : []);
  if (process.env.BENCH_ACCESS_LOG) server.child.stdout?.on('data', (c: Buffer) => process.stderr.write(c));
  try {
    const warm = new Agent({ keepAlive: true });
    for (let i = 0; i < 100; i++) await timed(server.url, '/GetVerse?verseId=43003016', warm);
    warm.destroy();
    const port = Number(new URL(server.url).port);
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
    await new Promise((r) => setTimeout(r, 1_000));
    const rest = statusField(server.pid, 'VmRSS');
    let peak = rest;
    const sampler = setInterval(() => {
      peak = Math.max(peak, statusField(server.pid, 'VmRSS'));
    }, 20);
    const loads = [
      await load(port, 'stall', NON_READERS),
      await load(port, 'read', HEAVY_READERS),
      await load(port, 'upload', UPLOADS),
    ];
    const until = performance.now() + SECONDS * 1000;
    const posts: { ms: number; status: number }[] = [];
    const postAgent = new Agent({ keepAlive: true, maxSockets: 1 });
    const [verse] = await Promise.all([
      probe(server.url, '/GetVerse?verseId=43003016', () => performance.now() > until),
      (async () => {
        while (performance.now() < until) {
          posts.push(await timedPost(server.url, postAgent));
          await new Promise((r) => setTimeout(r, 50));
        }
      })(),
    ]);
    postAgent.destroy();
    clearInterval(sampler);
    const [, heavyAnswers, uploadAnswers] = await Promise.all(loads.map((l) => l.stop()));
    const postMs = posts.filter((p) => p.status === 200).map((p) => p.ms);
    const refused = posts.length - postMs.length;
    const beside = `${NON_READERS} non-readers, ${HEAVY_READERS} heavy readers and ${UPLOADS} 1 MiB POSTs`;
    h.add({
      group: 'starvation',
      name: `GetVerse p99 beside ${beside}`,
      medianNs: percentile(verse, 0.99) * 1e6,
      target: '< 100 ms',
      targetNs: 100e6,
      note: `p50 ${percentile(verse, 0.5).toFixed(2)} ms, max ${Math.max(...verse).toFixed(1)} ms, ${verse.length} requests`,
    });
    h.add({
      group: 'starvation',
      name: `small POST GetCitationsInText p99 beside ${beside}`,
      medianNs: (postMs.length ? percentile(postMs, 0.99) : Number.NaN) * 1e6,
      target: '< 1 s, none refused',
      targetNs: 1e9,
      note: `p50 ${postMs.length ? percentile(postMs, 0.5).toFixed(1) : '-'} ms, ${postMs.length} answered, ${refused} refused`,
    });
    h.note(
      `starvation: RSS ${mb(rest)} at rest, ${mb(peak)} at peak (${(peak / rest).toFixed(2)}x) beside ${beside}; in ${SECONDS} s the readers read ${heavyAnswers} heavy answers and the uploaders got ${uploadAnswers} answers (load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)`,
    );
  } finally {
    await server.stop();
  }
}
