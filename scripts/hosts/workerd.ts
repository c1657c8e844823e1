// The edge in the host matrix: examples/cloudflare-worker bundled as wrangler would bundle it, run by
// Cloudflare's own runtime (npm workerd) with a config that gives it the packs folder as its ASSETS
// binding (a disk service: files served by path, as Cloudflare serves a Worker's static assets).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { noRuntimeImports } from '../bundle.ts';
import { freePort } from './webdriver.ts';

const WORKER_ENTRY = resolve(import.meta.dirname, '..', '..', 'examples', 'cloudflare-worker', 'src', 'worker.ts');

/** The Worker as one ES module in `folder` (worker.js), and its size in bytes. */
export async function bundleWorker(folder: string): Promise<number> {
  mkdirSync(folder, { recursive: true });
  const result = await build({
    entryPoints: [WORKER_ENTRY],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    mainFields: ['module', 'main'],
    conditions: ['workerd', 'worker', 'browser', 'import', 'default'],
    minify: true,
    charset: 'utf8',
    logLevel: 'silent',
    plugins: [noRuntimeImports],
  });
  const code = result.outputFiles[0].contents;
  writeFileSync(join(folder, 'worker.js'), code);
  return code.length;
}

/** workerd's configuration: the Worker on 127.0.0.1:port, the packs folder as its ASSETS binding. */
export function workerdConfig(port: number, packsDir: string): string {
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "api", worker = .apiWorker),
    (name = "assets", disk = (path = ${JSON.stringify(packsDir)}, writable = false)),
  ],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "api")],
);

const apiWorker :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "worker.js")],
  compatibilityDate = "2025-09-01",
  bindings = [(name = "ASSETS", service = "assets")],
);
`;
}

export interface RunningWorker {
  url: string;
  /** milliseconds from starting workerd to its socket answering */
  startedMs: number;
  stop: () => void;
}

/** Starts `workerd serve` on the folder's worker.js and config, and waits until it answers. */
export async function startWorkerd(workerd: string, folder: string, packsDir: string): Promise<RunningWorker> {
  const port = await freePort();
  writeFileSync(join(folder, 'config.capnp'), workerdConfig(port, packsDir));
  const started = performance.now();
  const child: ChildProcess = spawn(workerd, ['serve', join(folder, 'config.capnp')], {
    cwd: folder,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`workerd exited ${child.exitCode}: ${stderr.trim().slice(-300)}`);
    if (performance.now() - started > 30_000) {
      stop();
      throw new Error(`workerd did not listen in 30 s: ${stderr.trim().slice(-300)}`);
    }
    try {
      // The first answer: the socket is up, the isolate has run the module and opened the engine.
      await fetch(`${url}/GetInfo`);
      break;
    } catch {
      await new Promise((done) => setTimeout(done, 20));
    }
  }
  return { url, startedMs: performance.now() - started, stop };
}
