// `bible serve` and `npm start`: flags, then one process, or a primary with N workers (node:cluster)
// sharing one port. Key budgets: in the process, in the primary for its workers, or in Redis for every
// worker of every replica. Runs until SIGINT or SIGTERM, then shuts down gracefully.
import cluster from 'node:cluster';
import { type AddressInfo, createServer } from 'node:net';
import { resolve } from 'node:path';
import { loadKeyFile } from './keys.ts';
import { createMetrics, serveMetricsToWorkers, type ServerMetrics } from './metrics.ts';
import {
  maskUrlPassword,
  memoryLimiter,
  primaryLimiter,
  redisLimiter,
  serveRatesToWorkers,
  type Limiter,
  type RedisLimiter,
} from './rate-limits.ts';
import { parseServeArgs, SERVE_USAGE, type ServeArgs } from './serve-args.ts';
import { serve, type BibleServer, type ServeOptions } from './server.ts';

export async function serveFromArgs(args: string[]): Promise<void> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(SERVE_USAGE);
    return;
  }
  const parsed = parseServeArgs(args);
  if (parsed.workers > 1 && cluster.isPrimary) return runPrimary(parsed);
  return runServer(parsed);
}

/**
 * The address the socket really has, not the one asked for: "localhost" may have become ::1, and a
 * wildcard is every interface, which the line says (with the loopback URL this machine can open).
 */
export function listeningLine(address: Pick<AddressInfo, 'address' | 'port'>): string {
  const inUrl = (host: string) => (host.includes(':') ? `[${host}]` : host);
  const url = `http://${inUrl(address.address)}:${address.port}/`;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const local = wildcard ? `http://${address.address === '::' ? '[::1]' : '127.0.0.1'}:${address.port}/` : url;
  return `bible server listening on ${url}  (${wildcard ? `every interface; this machine: ${local}, ` : ''}reader page at /, API like ${local}GetVerse?verseId=43003016)`;
}

/** Why the server cannot listen, said in terms of the flag to change. */
function listenError(error: NodeJS.ErrnoException, parsed: ServeArgs): Error {
  switch (error.code) {
    case 'EADDRINUSE':
      return new Error(`port ${parsed.port} is already in use; pass --port N (or PORT=N)`);
    case 'EACCES':
      return new Error(`port ${parsed.port} needs privileges this process lacks (ports below 1024 do); pass --port N`);
    case 'EADDRNOTAVAIL':
      return new Error(
        `--host ${parsed.host} is not an address of this machine (127.0.0.1: this machine only; 0.0.0.0: every interface)`,
      );
    case 'EINVAL':
      return new Error(
        `--host ${parsed.host} cannot be listened on (a link-local IPv6 address needs its interface, e.g. fe80::1%eth0)`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new Error(`--host ${parsed.host} is neither an address nor a host name this machine can resolve`);
    default:
      return error;
  }
}

/**
 * A parent that starts the server with an IPC channel (npm start does) may die without passing a signal
 * on (SIGKILL): its end of the channel then closes, and the server stops as if sent SIGTERM. The channel
 * does not keep the process alive by itself. Workers' channels are the cluster's, not a parent's.
 */
function stopWithParent(stop: () => void): void {
  if (cluster.isWorker || !process.channel) return;
  process.channel.unref();
  process.once('disconnect', stop);
}

/** The primary of several workers: forks them, holds their key budgets (without Redis) and their metrics. */
async function runPrimary(parsed: ServeArgs): Promise<void> {
  // Workers that cannot listen would fail one by one and the port would never open: the primary tries the
  // address once, so a bad --host or --port stops the start with the same message as one process gives.
  await new Promise<void>((done, fail) => {
    const probe = createServer();
    probe.once('error', (error) => fail(listenError(error, parsed)));
    probe.listen(parsed.port, parsed.host, () => probe.close(() => done()));
  });
  if (!parsed.redis) serveRatesToWorkers();
  await serveMetricsToWorkers();
  let stopping = false;
  let announced = false;
  const fork = () => cluster.fork({ BIBLE_WORKER: '1' });
  cluster.on('listening', (_worker, address) => {
    if (announced) return;
    announced = true;
    console.log(
      [
        `${parsed.workers} workers${parsed.redis ? `, key budgets in Redis at ${maskUrlPassword(parsed.redis)} (failing ${parsed.redisFailure})` : ', key budgets held by this primary process'}`,
        listeningLine(address),
      ].join('\n'),
    );
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`bible serve: worker ${worker.process.pid} stopped (${signal ?? code}); starting another`);
    fork();
  });
  for (let i = 0; i < parsed.workers; i++) fork();
  process.on('SIGHUP', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGHUP');
  });
  await new Promise<void>((done) => {
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) {
        console.log(`${signal} again: stopping now`);
        process.exit(1);
      }
      stopping = true;
      console.log(`${signal}: every worker finishes its answers in flight, then stops`);
      const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
      let left = workers.length;
      if (left === 0) done();
      for (const worker of workers) {
        worker.once('exit', () => {
          if (--left === 0) done();
        });
        worker.process.kill('SIGTERM');
      }
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
    stopWithParent(() => stop('SIGTERM'));
  });
  console.log('bible server stopped');
}

/** Where key budgets live for this process: Redis, the primary of its workers, or its own memory. */
async function openLimiter(
  parsed: ServeArgs,
  metrics: ServerMetrics | undefined,
): Promise<{ limiter: Limiter; redis?: RedisLimiter }> {
  const redis = parsed.redis
    ? await redisLimiter(parsed.redis, parsed.redisFailure, { redisError: () => metrics?.redisError() })
    : undefined;
  return { limiter: redis?.limit ?? (cluster.isWorker ? primaryLimiter() : memoryLimiter()), redis };
}

/** What one serving process needs beyond its flags: keys, packs folder, limiter and metrics. */
interface ServerParts {
  keys: ServeOptions['keys'];
  dataDir: string | undefined;
  limiter: Limiter;
  redis?: RedisLimiter;
  metrics: ServerMetrics | undefined;
}

/** The server's options. One object, read by the handler on every request: SIGHUP swaps its keys in place. */
function serveOptions(parsed: ServeArgs, parts: ServerParts): ServeOptions {
  return {
    port: parsed.port,
    host: parsed.host,
    keys: parts.keys,
    dataDir: parts.dataDir,
    limiter: parts.limiter,
    ...(parts.redis ? { limiterHealth: parts.redis.health } : {}),
    metrics: parts.metrics,
    maxConcurrentAnswers: parsed.concurrentAnswers,
    answerBudgetBytes: parsed.answerBudgetBytes,
    writeTimeoutMs: parsed.writeTimeoutMs,
    maxConnections: parsed.maxConnections,
    ...(parsed.opsPort !== undefined ? { opsPort: parsed.opsPort, opsHost: parsed.opsHost } : {}),
    ...(parsed.opsKeyed ? { opsAccess: 'keyed' as const } : {}),
    open: { ...(parsed.audio !== undefined ? { audio: parsed.audio } : {}), preload: ['text-kjv'] },
    ...(parsed.accessLog ? { accessLog: (line: string) => console.log(line) } : {}),
  };
}

/** What a lone server prints once it listens: its configuration first, its address last. */
function startupLines(parsed: ServeArgs, parts: ServerParts, running: BibleServer): string[] {
  const { keys, dataDir, metrics } = parts;
  return [
    ...(keys ? [`API keys required: ${keys.size} key${keys.size === 1 ? '' : 's'} from ${parsed.keys}`] : []),
    ...(parsed.redis
      ? [`key budgets in Redis at ${maskUrlPassword(parsed.redis)} (failing ${parsed.redisFailure})`]
      : []),
    ...(parsed.audio
      ? [`audio URLs from ${typeof parsed.audio === 'string' ? parsed.audio : JSON.stringify(parsed.audio)}`]
      : []),
    ...(dataDir ? [`packs from ${dataDir}`] : []),
    ...(metrics ? [] : ['GET /metrics needs prom-client (npm install prom-client)']),
    ...(running.opsPort !== undefined
      ? [`/healthz and /metrics on http://${parsed.opsHost}:${running.opsPort}/ only`]
      : []),
    listeningLine(running.server.address() as AddressInfo),
  ];
}

/** On SIGHUP, reads the key file again into the options the handler reads; a bad file keeps the old keys. */
function reloadKeysOnHangup(keyFile: string, options: ServeOptions): void {
  process.on('SIGHUP', () => {
    try {
      options.keys = loadKeyFile(keyFile);
      console.log(`reloaded ${options.keys.size} API keys from ${keyFile}`);
    } catch (error) {
      console.error(`kept the old keys: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
}

/** Settles once the server has closed after SIGINT or SIGTERM (or its parent's end); a second signal exits. */
function untilStopped(running: BibleServer, graceMs: number | undefined): Promise<void> {
  return new Promise<void>((done) => {
    let signals = 0;
    const stop = (signal: string) => {
      signals += 1;
      if (signals > 1) {
        console.log(`${signal} again: stopping now`);
        process.exit(1);
      }
      if (!cluster.isWorker) console.log(`${signal}: finishing answers in flight, then stopping`);
      void running.close(graceMs).then(done);
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
    stopWithParent(() => stop('SIGTERM'));
  });
}

/** One serving process: alone, or one of several workers. */
async function runServer(parsed: ServeArgs): Promise<void> {
  const worker = cluster.isWorker;
  const keys = parsed.keys ? loadKeyFile(parsed.keys) : undefined;
  const dataDir = parsed.data ? resolve(parsed.data) : undefined;
  // Metrics exist before Redis is reached and the port opens, so the first errors and requests count too.
  let running: BibleServer | undefined;
  const metrics = await createMetrics(
    () => running?.bible.loadedPacks().length ?? 0,
    parsed.redis ? parsed.redisFailure : undefined,
    () => running?.answerBudget,
  );
  const parts: ServerParts = {
    keys,
    dataDir,
    metrics,
    ...(await openLimiter(parsed, metrics)),
  };
  const options = serveOptions(parsed, parts);
  try {
    running = await serve(options);
  } catch (error) {
    throw listenError(error as NodeJS.ErrnoException, parsed);
  }
  // The configuration first and the address last, in one write: whoever waits for the address has it all.
  if (!worker) console.log(startupLines(parsed, parts, running).join('\n'));
  if (parsed.keys) reloadKeysOnHangup(parsed.keys, options);
  await untilStopped(running, parsed.graceMs);
  await parts.redis?.close();
  if (!worker) console.log('bible server stopped');
  if (worker) process.exit(0);
}
