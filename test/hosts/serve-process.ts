// `bible serve` as its own process, as users run it: started on a free loopback port, with the address it
// prints, and a stop that waits for the graceful exit. Shared by the host benchmarks.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const BIN = resolve(import.meta.dirname, '..', '..', 'bin', 'bible.js');

export interface ServeProcess {
  child: ChildProcess;
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export async function startServeProcess(args: string[] = []): Promise<ServeProcess> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--host', '127.0.0.1', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((done, fail) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on (http:\/\/\S+\/)/.exec(out);
      if (m) done(m[1]);
    });
    child.on('exit', (code) => fail(new Error(`bible serve exited ${code}: ${out}`)));
  });
  return {
    child,
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((done) => {
        child.on('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}
