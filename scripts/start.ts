// `npm start`: build the packs if needed, then serve the API locally with the compiled `bible serve`, run
// as a child process. Whoever stops `npm start` (npm passes SIGTERM and SIGINT on to this process, a process
// manager or `kill` sends them) stops the server: each signal goes on to it, and this process exits with
// the server's own status.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { resolve } from 'node:path';
import './ensure-build.ts';

const BIN = resolve(import.meta.dirname, '..', 'bin', 'bible.js');

/** npm passes a Ctrl-C on although the terminal sent it to this process too: one stop arrives twice. */
const SAME_STOP_MS = 1_000;

// Its own process group: a Ctrl-C in the terminal reaches the server only through this process, once,
// since `bible serve` reads a second SIGINT as "stop now, without finishing answers". The IPC channel
// closes when this process dies, even by SIGKILL, which no handler here sees: the server then stops.
const server = spawn(process.execPath, [BIN, 'serve', ...process.argv.slice(2)], {
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  detached: true,
});

let lastStop = Number.NEGATIVE_INFINITY;
const stop = (signal: 'SIGINT' | 'SIGTERM') => {
  const now = performance.now();
  if (now - lastStop < SAME_STOP_MS) return;
  lastStop = now;
  server.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
// SIGHUP re-reads the key file (bible serve --keys).
process.on('SIGHUP', () => server.kill('SIGHUP'));
// npm killed outright (SIGKILL) passes nothing on; a new parent means nobody waits for this process.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM');
}, 1_000).unref();
// This process ending any other way must not leave the server behind in its own process group.
process.on('exit', () => server.kill('SIGTERM'));

server.on('error', (error) => {
  console.error(`npm start: cannot start bible serve: ${error.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0));
});
