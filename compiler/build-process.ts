// The two sides of a build process: what the build sends a child process (build-worker.ts) and what it
// sends back, and the parent's side, which starts one and hands each builder's packs over as they come.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BuiltPack } from './builders/context.ts';

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

export const cpuSecondsOf = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1e6;

/** Runs builders in a child process (build-worker.ts) and hands each one's packs over as they come. */
export function runInChild(
  names: string[],
  request: Omit<WorkerRequest, 'builders'>,
  signal: AbortSignal,
  log: (line: string) => void,
  onBuilt: (builder: string, packs: BuiltPack[], datasets: string[], seconds: number, cpuSeconds: number) => void,
  onFinished: (cpuSeconds: number) => void,
): Promise<void> {
  const worker = new URL('./build-worker.ts', import.meta.url);
  const child = fork(fileURLToPath(worker), [], {
    serialization: 'advanced',
    // The child loads TypeScript as this process does: through tsx, already registered or added here.
    execArgv: process.execArgv.some((a) => a.includes('tsx'))
      ? process.execArgv.filter((a) => !a.startsWith('--inspect'))
      : ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // When the other build process fails, this one is stopped: its packs would not be used.
    signal,
  });
  return new Promise((resolve, reject) => {
    let failed = false;
    child.on('message', (message: WorkerMessage) => {
      if ('log' in message) log(message.log);
      else if ('error' in message) {
        failed = true;
        reject(new Error(`a build process failed: ${message.error}`));
      } else if ('finished' in message) onFinished(message.finished.cpuSeconds);
      else onBuilt(message.builder, message.packs, message.datasets, message.seconds, message.cpuSeconds);
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (failed) return;
      if (code === 0) resolve();
      else reject(new Error(`a build process exited with code ${code}`));
    });
    child.send({ ...request, builders: names } satisfies WorkerRequest);
  });
}
