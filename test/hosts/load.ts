// A closed-loop load generator shared by the load test and the hosts benchmark: `concurrency` workers
// over keep-alive connections, each sending its next request as soon as the last one is answered.
import { Agent, request } from 'node:http';
import { gunzipSync } from 'node:zlib';

export interface LoadRequest {
  path: string;
  headers?: Record<string, string>;
}
export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  /** latency percentiles in milliseconds */
  p50: number;
  p99: number;
  /** transport failures (resets, timeouts) */
  errors: string[];
  /** answers the check refused, with the reason */
  wrong: string[];
}

/** Runs `total` requests from `next(i)`; `check(i, status, body)` returns an error text or ''. */
export async function runLoad(
  base: string,
  total: number,
  concurrency: number,
  next: (i: number) => LoadRequest,
  check: (i: number, status: number, body: string) => string,
): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = new Float64Array(total);
  const errors: string[] = [];
  const wrong: string[] = [];
  let issued = 0;
  const one = (i: number) =>
    new Promise<void>((resolve) => {
      const { path, headers } = next(i);
      const t0 = performance.now();
      const req = request(new URL(path, base), { agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          latencies[i] = performance.now() - t0;
          let body = Buffer.concat(chunks);
          if (res.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
          const problem = check(i, res.statusCode ?? 0, body.toString('utf8'));
          if (problem && wrong.length < 20) wrong.push(`${path}: ${problem}`);
          else if (problem) wrong.push('');
          resolve();
        });
        res.on('error', (error) => {
          errors.push(`${path}: ${error.message}`);
          resolve();
        });
      });
      req.setTimeout(30_000, () => req.destroy(new Error('timed out')));
      req.on('error', (error) => {
        errors.push(`${path}: ${error.message}`);
        resolve();
      });
      req.end();
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (issued < total) await one(issued++);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  const sorted = Array.from(latencies).sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
  return { requests: total, seconds, perSecond: total / seconds, p50: pct(0.5), p99: pct(0.99), errors, wrong };
}
