// A child process of the build: runs the builders it is sent, with its own context (it reads the
// datasets it needs itself), and sends back their packs, the datasets each read, the CPU time each
// took, and its log.
import { makeBuildContext, resolveExclusions } from './build-context.ts';
import { cpuSecondsOf, type WorkerMessage, type WorkerRequest } from './build-process.ts';
import { BUILDERS } from './builder-list.ts';
import { VERSIFICATION_DATASET } from '../sources/catalog.ts';

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
