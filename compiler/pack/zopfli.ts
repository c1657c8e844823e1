// A small pool of Zopfli workers, one per core, for the packs worth the extra build time (verse text).
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

export interface ZopfliPool {
  deflate(body: Uint8Array): Promise<Uint8Array>;
  close(): Promise<void>;
}

export function createZopfliPool(size = Math.max(1, Math.min(availableParallelism(), 4))): ZopfliPool {
  const workers = Array.from({ length: size }, () => new Worker(new URL('./zopfli-worker.mjs', import.meta.url)));
  const waiting = new Map<number, { resolve: (b: Uint8Array) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  for (const worker of workers) {
    worker.on('message', ({ id, out, error }: { id: number; out?: Uint8Array; error?: string }) => {
      const job = waiting.get(id)!;
      waiting.delete(id);
      if (error || !out) job.reject(new Error(`zopfli failed: ${error}`));
      else job.resolve(new Uint8Array(out));
    });
  }
  return {
    deflate(body) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        workers[id % workers.length].postMessage({ id, body });
      });
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
