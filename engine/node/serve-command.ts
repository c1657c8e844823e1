// `bible serve` and `npm start`: flags, then one process, or a primary with N workers (node:cluster)
// sharing one port. Key budgets: in the process, in the primary for its workers, or in Redis for every
// worker of every replica. Runs until SIGINT or SIGTERM, then shuts down gracefully.
import cluster from 'node:cluster';
import { type AddressInfo, createServer } from 'node:net';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { audioOptionFromArgs } from './audio-option.ts';
import { loadKeyFile } from './keys.ts';
import { createMetrics, serveMetricsToWorkers } from './metrics.ts';
import {
  checkRedisUrl,
  maskUrlPassword,
  memoryLimiter,
  primaryLimiter,
  redisLimiter,
  serveRatesToWorkers,
  type Limiter,
  type RedisFailurePolicy,
} from './rate-limits.ts';
import { serve, type BibleServer, type ServeOptions } from './server.ts';

export const SERVE_USAGE = `usage: bible serve [--port N] [--host ADDRESS] [--keys FILE] [--workers N] [--redis URL]
                   [--redis-failure closed|open] [--access-log] [--audio TEMPLATE] [--audio-music TEMPLATE] [--data DIR]
                   [--concurrent-answers N] [--answer-memory MIB] [--write-timeout S] [--max-connections N]
                   [--grace S] [--ops-port N] [--ops-keyed]
  --port N          port to listen on (default: the PORT environment variable, else 8080; 0 = any free port)
  --host ADDRESS    address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 every interface,
                    as a container or a server for other machines needs; :: every IPv6 and IPv4 one)
  --keys FILE       require API keys: a JSON key file, see docs/hosts.md (SIGHUP reloads it, in every worker)
  --workers N       worker processes sharing the port (default 1; use the machine's cores); with several
                    and no Redis, the primary process holds the key budgets
  --redis URL       keep key budgets in Redis (or BIBLE_REDIS_URL), shared by every worker and replica
  --redis-failure P when Redis is unreachable: closed (default) refuses keyed requests with 503; open lets
                    them through uncounted
  --access-log      print one line per request
  --concurrent-answers N
                    slow answers built at once in each process (default 4)
  --answer-memory MIB
                    memory that answers over 64 KiB may hold at once in each process, counted until their last
                    byte is written (default 32); past it they wait up to 60 s, then answer 503 with Retry-After
  --write-timeout S a client that reads nothing of its answer for S seconds is disconnected (default 30)
  --max-connections N
                    open connections each process serves (default 1024); a connection beyond them gets 503
                    with Retry-After to its first request and is closed
  --grace S         on SIGTERM or SIGINT, answers in flight get S seconds to finish (default 10)
  --ops-port N      serve /healthz and /metrics only on port N (on 127.0.0.1, or --ops-host ADDRESS)
  --ops-keyed       /healthz and /metrics need a known API key (with --keys)
  --audio TEMPLATE  audio narration URL template, e.g. https://cdn.example/{versionId}/{bookId}/{chapterId}.mp3
                    (or BIBLE_AUDIO); --audio-music TEMPLATE for GetAudioMusic (or BIBLE_AUDIO_MUSIC)
  --data DIR        folder of packs (default dist/data)
Without a key (unless --ops-keyed), GET /healthz answers 200 once the packs are readable and GET /metrics in
Prometheus' format.`;

export interface ServeArgs {
  port: number;
  host: string;
  keys?: string;
  audio?: ReturnType<typeof audioOptionFromArgs>;
  data?: string;
  workers: number;
  redis?: string;
  redisFailure: RedisFailurePolicy;
  accessLog: boolean;
  concurrentAnswers?: number;
  answerBudgetBytes?: number;
  writeTimeoutMs?: number;
  maxConnections?: number;
  graceMs?: number;
  opsPort?: number;
  opsHost?: string;
  opsKeyed?: boolean;
}

/** A whole number from `min` to `max` given for `--name`, or undefined when the flag is absent. */
function wholeNumber(name: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const value = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= min && value <= max))
    throw new Error(`--${name} must be a whole number from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  return value;
}

/**
 * parseArgs reads "--port -1" as an option without its value followed by an unknown "-1"; a negative
 * number after an option is that option's value, joined so its own rule judges it and names it.
 */
const joinNegativeValues = (args: string[]): string[] =>
  args.flatMap((arg, i) =>
    /^-\d/.test(arg) && /^--[\w-]+$/.test(args[i - 1] ?? '')
      ? []
      : /^--[\w-]+$/.test(arg) && /^-\d/.test(args[i + 1] ?? '')
        ? [`${arg}=${args[i + 1]}`]
        : [arg],
  );

export function parseServeArgs(args: string[], env: Record<string, string | undefined> = process.env): ServeArgs {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: joinNegativeValues(args),
      strict: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        keys: { type: 'string' },
        audio: { type: 'string' },
        'audio-music': { type: 'string' },
        data: { type: 'string' },
        workers: { type: 'string' },
        redis: { type: 'string' },
        'redis-failure': { type: 'string' },
        'access-log': { type: 'boolean' },
        'concurrent-answers': { type: 'string' },
        'answer-memory': { type: 'string' },
        'write-timeout': { type: 'string' },
        'max-connections': { type: 'string' },
        grace: { type: 'string' },
        'ops-port': { type: 'string' },
        'ops-host': { type: 'string' },
        'ops-keyed': { type: 'boolean' },
      },
    }));
  } catch (error) {
    // One line that names the mistake; the whole usage is one --help away.
    const message = error instanceof Error ? error.message : String(error);
    const option = /'([^' ]+)/.exec(message)?.[1] ?? '';
    const why = /argument missing|ambiguous/.test(message)
      ? `${option} needs a value`
      : /does not take an argument/.test(message)
        ? `${option} takes no value`
        : /Unexpected argument/.test(message)
          ? `unexpected argument ${JSON.stringify(option)}; bible serve takes only options`
          : `unknown option ${JSON.stringify(option || message)}`;
    throw new Error(`${why} (bible serve --help lists the options)`);
  }
  for (const [name, value] of Object.entries(values)) {
    if (value === '') throw new Error(`--${name} needs a value (bible serve --help lists the options)`);
  }
  const rawPort = (values.port as string | undefined) ?? env.PORT ?? '8080';
  const port = /^\d{1,5}$/.test(rawPort) ? Number(rawPort) : NaN;
  if (!(port >= 0 && port <= 65535))
    throw new Error(
      `${values.port !== undefined ? '--port' : 'PORT'} must be a whole number from 0 to 65535 (0 picks a free port), got ${JSON.stringify(rawPort)}`,
    );
  const rawWorkers = (values.workers as string | undefined) ?? '1';
  const workers = /^\d{1,3}$/.test(rawWorkers) ? Number(rawWorkers) : NaN;
  if (!(workers >= 1 && workers <= 256))
    throw new Error(`--workers must be a whole number from 1 to 256, got ${JSON.stringify(rawWorkers)}`);
  const redisFailure = (values['redis-failure'] as string | undefined) ?? 'closed';
  if (redisFailure !== 'closed' && redisFailure !== 'open')
    throw new Error(`--redis-failure must be closed or open, got ${JSON.stringify(redisFailure)}`);
  const redis = (values.redis as string | undefined) ?? (env.BIBLE_REDIS_URL || undefined);
  const rawAnswers = values['concurrent-answers'] as string | undefined;
  const concurrentAnswers =
    rawAnswers === undefined
      ? undefined
      : /^\d{1,4}$/.test(rawAnswers) && Number(rawAnswers) >= 1
        ? Number(rawAnswers)
        : NaN;
  if (Number.isNaN(concurrentAnswers))
    throw new Error(`--concurrent-answers must be a whole number from 1 to 9999, got ${JSON.stringify(rawAnswers)}`);
  if (redis !== undefined) checkRedisUrl(redis, values.redis !== undefined ? '--redis' : 'BIBLE_REDIS_URL');
  const answerMemory = wholeNumber('answer-memory', values['answer-memory'] as string | undefined, 1, 65_536);
  const writeTimeout = wholeNumber('write-timeout', values['write-timeout'] as string | undefined, 1, 3_600);
  const maxConnections = wholeNumber('max-connections', values['max-connections'] as string | undefined, 1, 1_000_000);
  const grace = wholeNumber('grace', values.grace as string | undefined, 0, 3_600);
  const opsPort = wholeNumber('ops-port', values['ops-port'] as string | undefined, 0, 65_535);
  if (values['ops-host'] !== undefined && opsPort === undefined) throw new Error('--ops-host needs --ops-port');
  if (values['ops-keyed'] === true && values.keys === undefined)
    throw new Error('--ops-keyed needs --keys: the keys that may read /healthz and /metrics');
  return {
    ...(answerMemory !== undefined ? { answerBudgetBytes: answerMemory * 1024 * 1024 } : {}),
    ...(writeTimeout !== undefined ? { writeTimeoutMs: writeTimeout * 1000 } : {}),
    ...(maxConnections !== undefined ? { maxConnections } : {}),
    ...(grace !== undefined ? { graceMs: grace * 1000 } : {}),
    ...(opsPort !== undefined ? { opsPort, opsHost: (values['ops-host'] as string | undefined) ?? '127.0.0.1' } : {}),
    ...(values['ops-keyed'] === true ? { opsKeyed: true } : {}),
    port,
    // An IPv6 address is often written as in a URL, [::1]; listen() takes it bare.
    host: ((values.host as string | undefined) ?? '127.0.0.1').replace(/^\[([\da-f:.]+)\]$/i, '$1'),
    keys: values.keys as string | undefined,
    audio: audioOptionFromArgs(args, env),
    data: values.data as string | undefined,
    workers,
    redis,
    redisFailure,
    accessLog: values['access-log'] === true,
    ...(concurrentAnswers !== undefined ? { concurrentAnswers } : {}),
  };
}

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
  const redis = parsed.redis
    ? await redisLimiter(parsed.redis, parsed.redisFailure, { redisError: () => metrics?.redisError() })
    : undefined;
  const limiter: Limiter = redis?.limit ?? (worker ? primaryLimiter() : memoryLimiter());
  // One options object, read by the handler on every request: SIGHUP swaps its keys in place.
  const options: ServeOptions = {
    port: parsed.port,
    host: parsed.host,
    keys,
    dataDir,
    limiter,
    ...(redis ? { limiterHealth: redis.health } : {}),
    metrics,
    maxConcurrentAnswers: parsed.concurrentAnswers,
    answerBudgetBytes: parsed.answerBudgetBytes,
    writeTimeoutMs: parsed.writeTimeoutMs,
    maxConnections: parsed.maxConnections,
    ...(parsed.opsPort !== undefined ? { opsPort: parsed.opsPort, opsHost: parsed.opsHost } : {}),
    ...(parsed.opsKeyed ? { opsAccess: 'keyed' as const } : {}),
    open: { ...(parsed.audio !== undefined ? { audio: parsed.audio } : {}), preload: ['text-kjv'] },
    ...(parsed.accessLog ? { accessLog: (line: string) => console.log(line) } : {}),
  };
  try {
    running = await serve(options);
  } catch (error) {
    throw listenError(error as NodeJS.ErrnoException, parsed);
  }
  if (!worker) {
    // The configuration first and the address last, in one write: whoever waits for the address has it all.
    console.log(
      [
        ...(keys ? [`API keys required: ${keys.size} key${keys.size === 1 ? '' : 's'} from ${parsed.keys}`] : []),
        ...(parsed.redis
          ? [`key budgets in Redis at ${maskUrlPassword(parsed.redis)} (failing ${parsed.redisFailure})`]
          : []),
        ...(parsed.audio
          ? [`audio URLs from ${typeof parsed.audio === 'string' ? parsed.audio : JSON.stringify(parsed.audio)}`]
          : []),
        ...(dataDir ? [`packs from ${dataDir}`] : []),
        ...(metrics ? [] : ['GET /metrics needs prom-client (npm install prom-client)']),
        ...(running!.opsPort !== undefined
          ? [`/healthz and /metrics on http://${parsed.opsHost}:${running!.opsPort}/ only`]
          : []),
        listeningLine(running!.server.address() as AddressInfo),
      ].join('\n'),
    );
  }
  if (parsed.keys) {
    process.on('SIGHUP', () => {
      try {
        options.keys = loadKeyFile(parsed.keys!);
        console.log(`reloaded ${options.keys.size} API keys from ${parsed.keys}`);
      } catch (error) {
        console.error(`kept the old keys: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
  }
  await new Promise<void>((done) => {
    let signals = 0;
    const stop = (signal: string) => {
      signals += 1;
      if (signals > 1) {
        console.log(`${signal} again: stopping now`);
        process.exit(1);
      }
      if (!worker) console.log(`${signal}: finishing answers in flight, then stopping`);
      void running!.close(parsed.graceMs).then(done);
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
    stopWithParent(() => stop('SIGTERM'));
  });
  await redis?.close();
  if (!worker) console.log('bible server stopped');
  if (worker) process.exit(0);
}
