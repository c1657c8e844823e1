// A child process of the build: runs the builders it is sent, with its own context (it reads the
// datasets it needs itself), and sends back their packs, the datasets each read, the CPU time each
// took, and its log.
import { BUILDERS, cpuSecondsOf, makeBuildContext, resolveExclusions } from './build.ts';
import type { BuiltPack } from './builders/context.ts';
import { VERSIFICATION_DATASET } from '../sources/catalog.ts';

export interface WorkerRequest {
  root: string;
  excludeCategories: string[];
  builders: string[];
}
export type WorkerMessage =
  | { log: string }
  | { builder: string; packs: BuiltPack[]; datasets: string[]; seconds: number; cpuSeconds: number }
  /** the last message: the CPU time this process used, start-up included */
  | { finished: { cpuSeconds: number } }
  | { error: string };

const send = (message: WorkerMessage) =>
  new Promise<void>((resolve, reject) =>
    process.send!(message, (error: Error | null) => (error ? reject(error) : resolve())),
  );

process.once('message', async (request: WorkerRequest) => {
  try {
    const read = new Set<string>();
    const logs: Promise<void>[] = [];
    const log = (line: string) => logs.push(send({ log: line }));
    const ctx = makeBuildContext(request.root, resolveExclusions(request.excludeCategories), log, () => [], read);
    for (const name of request.builders) {
      const builder = BUILDERS.find((b) => b.name === name)!;
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      read.clear();
      read.add(VERSIFICATION_DATASET);
      const packs = builder.build(ctx);
      const seconds = (performance.now() - started) / 1000;
      const cpuSeconds = cpuSecondsOf(process.cpuUsage(cpuBefore));
      await Promise.all(logs);
      await send({ builder: name, packs, datasets: [...read].sort(), seconds, cpuSeconds });
    }
    await send({ finished: { cpuSeconds: cpuSecondsOf(process.cpuUsage()) } });
  } catch (error) {
    await send({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
  process.disconnect();
});
