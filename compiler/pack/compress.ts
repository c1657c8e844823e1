// A pool of compression workers, one per core, so packs compress while the next builders run.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { DeflateJob } from './writer.ts';

export interface CompressionPool {
  /** raw DEFLATE streams of the jobs' bytes, in order */
  deflate(jobs: DeflateJob[]): Promise<Uint8Array[]>;
  close(): Promise<void>;
}

export function createCompressionPool(size = Math.max(1, availableParallelism())): CompressionPool {
  const workers = Array.from({ length: size }, () => new Worker(new URL('./compress-worker.mjs', import.meta.url)));
  const waiting = new Map<number, { resolve: (b: Uint8Array[]) => void; reject: (e: Error) => void }>();
  // Jobs go to the worker with the fewest bytes waiting, so one large pack does not hold up the rest.
  const queued = new Array<number>(size).fill(0);
  let nextId = 0;
  workers.forEach((worker, w) => {
    worker.on('message', ({ id, out, error }: { id: number; out?: Uint8Array[]; error?: string }) => {
      const job = waiting.get(id)!;
      waiting.delete(id);
      if (error || !out) job.reject(new Error(`compression failed: ${error}`));
      else job.resolve(out.map((b) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength)));
    });
    worker.on('error', (error) => {
      for (const job of waiting.values()) job.reject(error);
      waiting.clear();
      queued[w] = Number.POSITIVE_INFINITY;
    });
  });
  return {
    deflate(jobs) {
      const id = nextId++;
      const bytes = jobs.reduce((n, job) => n + job.bytes.length, 0);
      const w = queued.indexOf(Math.min(...queued));
      queued[w] += bytes;
      return new Promise<Uint8Array[]>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        workers[w].postMessage({ id, jobs });
      }).finally(() => {
        queued[w] -= bytes;
      });
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
