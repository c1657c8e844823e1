// Signals to processes the tests started, by number. A pid of 0 or below signals a whole process group
// (0 is the test runner's own group, and with it whoever ran the tests), so a pid that is not a plain
// positive number other than our own is refused instead of sent.
import { readFileSync } from 'node:fs';

/** Sends `signal` to the one process `pid`, or to the group it leads when `group` is set. */
export function signalProcess(pid: number | undefined, signal: NodeJS.Signals, group = false): void {
  if (!Number.isSafeInteger(pid) || pid! <= 1 || pid === process.pid || pid === process.ppid) {
    throw new Error(`refusing to send ${signal} to pid ${pid}: not a process these tests started`);
  }
  process.kill(group ? -pid! : pid!, signal);
}

/** The pid a daemon wrote to `path`; throws while the file is missing, empty or half-written. */
export function readPidFile(path: string): number {
  const text = readFileSync(path, 'utf8');
  if (!/^\d+\s*$/.test(text) || Number(text) <= 1) throw new Error(`${path} holds no pid yet: ${JSON.stringify(text)}`);
  return Number(text);
}
