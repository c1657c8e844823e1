// `npm start` stopped as a process manager or a terminal stops it: SIGTERM to the npm process alone, a
// Ctrl-C (SIGINT to the whole process group), or npm killed outright. Every way, the server finishes
// gracefully, the port stops answering and no process of the tree is left; npm exits with the server's
// status when it lives to.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { get } from './http.ts';
import { signalProcess } from './signal-process.ts';

const REPO = resolve(import.meta.dirname, '..', '..');
const hasProc = existsSync('/proc/self/stat');
if (!hasProc) console.log('skipping the npm start tests: they read the process tree from /proc');

const started = new Set<number>();
afterAll(() => {
  for (const pid of started) if (alive(pid)) signalProcess(pid, 'SIGKILL');
});

/** State and parent of a process from /proc (the command name may hold spaces and parentheses). */
function statOf(pid: number): { state: string; ppid: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state, ppid: Number(ppid) };
  } catch {
    return undefined;
  }
}

/** A zombie has exited: only its parent's bookkeeping is left. */
const alive = (pid: number) => {
  const stat = statOf(pid);
  return stat !== undefined && stat.state !== 'Z';
};

function descendantsOf(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = statOf(Number(entry));
    if (stat) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(root);
  return found;
}

const accepts = (url: string) =>
  new Promise<boolean>((done) => {
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname);
    socket.on('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.on('error', () => done(false));
  });

interface NpmStart {
  npm: ChildProcess;
  url: string;
  tree: number[];
  output: () => string;
  exit: Promise<number | null>;
}

/** `npm start` in its own process group (as a terminal runs it), once the server prints its address. */
function npmStart(): Promise<NpmStart> {
  const npm = spawn('npm', ['start', '--', '--port', '0'], {
    cwd: REPO,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(npm.pid!);
  let out = '';
  let announced = false;
  // 'close', not 'exit': the server's last lines come through the same pipes after npm itself has gone.
  const exit = new Promise<number | null>((done) => npm.on('close', (code) => done(code)));
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address within 60 s: ${out}`)), 60_000);
    const seen = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+\/)/.exec(out);
      if (!match || announced) return;
      announced = true;
      clearTimeout(timer);
      const tree = descendantsOf(npm.pid!);
      for (const pid of tree) started.add(pid);
      // An answer, not just the address: the server handles signals once its start has run to the end.
      get(match[1], '/healthz').then((answer) => {
        expect(answer.status).toBe(200);
        resolvePromise({ npm, url: match[1], tree, output: () => out, exit });
      }, reject);
    };
    npm.stdout!.on('data', seen);
    npm.stderr!.on('data', seen);
    void exit.then((code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited ${code}: ${out}`));
    });
  });
}

describe.skipIf(!hasProc)('stopping npm start', () => {
  it('SIGTERM to the npm process stops the server and every process under it', { timeout: 90_000 }, async () => {
    const run = await npmStart();
    expect(run.tree.length).toBeGreaterThanOrEqual(2);
    signalProcess(run.npm.pid, 'SIGTERM');
    expect(await run.exit).toBe(0);
    expect(run.output()).toMatch(/SIGTERM: finishing answers in flight[\s\S]*bible server stopped/);
    expect(await accepts(run.url)).toBe(false);
    expect(run.tree.filter(alive)).toEqual([]);
  });

  it('a Ctrl-C reaches the server once: it finishes gracefully, not "stopping now"', { timeout: 90_000 }, async () => {
    const run = await npmStart();
    signalProcess(run.npm.pid, 'SIGINT', true);
    expect(await run.exit).toBe(0);
    expect(run.output()).toMatch(/SIGINT: finishing answers in flight[\s\S]*bible server stopped/);
    expect(run.output()).not.toContain('again');
    expect(await accepts(run.url)).toBe(false);
    expect(run.tree.filter(alive)).toEqual([]);
  });

  it('even npm killed outright (SIGKILL) leaves no server: the script sees its parent go', {
    timeout: 90_000,
  }, async () => {
    const run = await npmStart();
    signalProcess(run.npm.pid, 'SIGKILL');
    await run.exit;
    // The pipes close once the server, the last writer, is gone.
    expect(run.output()).toMatch(/SIGTERM: finishing answers in flight[\s\S]*bible server stopped/);
    expect(await accepts(run.url)).toBe(false);
    expect(run.tree.filter(alive)).toEqual([]);
  });
});
