// The flags of `bible serve` (and `npm start`): read, checked one by one with a message that names the
// flag, and turned into the units the server takes.
import { parseArgs } from 'node:util';
import { audioOptionFromArgs } from './audio-option.ts';
import { checkRedisUrl, type RedisFailurePolicy } from './rate-limits.ts';

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

const SERVE_OPTIONS = {
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
} as const;

type ServeFlags = Record<string, string | boolean | undefined>;

/** One line that names the mistake parseArgs found; the whole usage is one --help away. */
function flagMistake(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  const option = /'([^' ]+)/.exec(message)?.[1] ?? '';
  const why = /argument missing|ambiguous/.test(message)
    ? `${option} needs a value`
    : /does not take an argument/.test(message)
      ? `${option} takes no value`
      : /Unexpected argument/.test(message)
        ? `unexpected argument ${JSON.stringify(option)}; bible serve takes only options`
        : `unknown option ${JSON.stringify(option || message)}`;
  return new Error(`${why} (bible serve --help lists the options)`);
}

/** The flags as given, each known and each with a value where it takes one. */
function readServeFlags(args: string[]): ServeFlags {
  let values: ServeFlags;
  try {
    ({ values } = parseArgs({ args: joinNegativeValues(args), strict: true, options: SERVE_OPTIONS }));
  } catch (error) {
    throw flagMistake(error);
  }
  for (const [name, value] of Object.entries(values)) {
    if (value === '') throw new Error(`--${name} needs a value (bible serve --help lists the options)`);
  }
  return values;
}

/** --port, else the PORT environment variable, else 8080. */
function portOf(values: ServeFlags, env: Record<string, string | undefined>): number {
  const rawPort = (values.port as string | undefined) ?? env.PORT ?? '8080';
  const port = /^\d{1,5}$/.test(rawPort) ? Number(rawPort) : NaN;
  if (!(port >= 0 && port <= 65535))
    throw new Error(
      `${values.port !== undefined ? '--port' : 'PORT'} must be a whole number from 0 to 65535 (0 picks a free port), got ${JSON.stringify(rawPort)}`,
    );
  return port;
}

function workersOf(values: ServeFlags): number {
  const rawWorkers = (values.workers as string | undefined) ?? '1';
  const workers = /^\d{1,3}$/.test(rawWorkers) ? Number(rawWorkers) : NaN;
  if (!(workers >= 1 && workers <= 256))
    throw new Error(`--workers must be a whole number from 1 to 256, got ${JSON.stringify(rawWorkers)}`);
  return workers;
}

function redisFailureOf(values: ServeFlags): RedisFailurePolicy {
  const redisFailure = (values['redis-failure'] as string | undefined) ?? 'closed';
  if (redisFailure !== 'closed' && redisFailure !== 'open')
    throw new Error(`--redis-failure must be closed or open, got ${JSON.stringify(redisFailure)}`);
  return redisFailure;
}

function concurrentAnswersOf(values: ServeFlags): number | undefined {
  const rawAnswers = values['concurrent-answers'] as string | undefined;
  const concurrentAnswers =
    rawAnswers === undefined
      ? undefined
      : /^\d{1,4}$/.test(rawAnswers) && Number(rawAnswers) >= 1
        ? Number(rawAnswers)
        : NaN;
  if (Number.isNaN(concurrentAnswers))
    throw new Error(`--concurrent-answers must be a whole number from 1 to 9999, got ${JSON.stringify(rawAnswers)}`);
  return concurrentAnswers;
}

/** The limits of answers and connections, in the units ServeOptions takes; absent flags leave no field. */
function answerLimitsOf(
  values: ServeFlags,
): Pick<ServeArgs, 'answerBudgetBytes' | 'writeTimeoutMs' | 'maxConnections' | 'graceMs'> {
  const answerMemory = wholeNumber('answer-memory', values['answer-memory'] as string | undefined, 1, 65_536);
  const writeTimeout = wholeNumber('write-timeout', values['write-timeout'] as string | undefined, 1, 3_600);
  const maxConnections = wholeNumber('max-connections', values['max-connections'] as string | undefined, 1, 1_000_000);
  const grace = wholeNumber('grace', values.grace as string | undefined, 0, 3_600);
  return {
    ...(answerMemory !== undefined ? { answerBudgetBytes: answerMemory * 1024 * 1024 } : {}),
    ...(writeTimeout !== undefined ? { writeTimeoutMs: writeTimeout * 1000 } : {}),
    ...(maxConnections !== undefined ? { maxConnections } : {}),
    ...(grace !== undefined ? { graceMs: grace * 1000 } : {}),
  };
}

/** Where /healthz and /metrics are served, and whether they need a key. */
function opsOf(values: ServeFlags): Pick<ServeArgs, 'opsPort' | 'opsHost' | 'opsKeyed'> {
  const opsPort = wholeNumber('ops-port', values['ops-port'] as string | undefined, 0, 65_535);
  if (values['ops-host'] !== undefined && opsPort === undefined) throw new Error('--ops-host needs --ops-port');
  if (values['ops-keyed'] === true && values.keys === undefined)
    throw new Error('--ops-keyed needs --keys: the keys that may read /healthz and /metrics');
  return {
    ...(opsPort !== undefined ? { opsPort, opsHost: (values['ops-host'] as string | undefined) ?? '127.0.0.1' } : {}),
    ...(values['ops-keyed'] === true ? { opsKeyed: true } : {}),
  };
}

export function parseServeArgs(args: string[], env: Record<string, string | undefined> = process.env): ServeArgs {
  const values = readServeFlags(args);
  const port = portOf(values, env);
  const workers = workersOf(values);
  const redisFailure = redisFailureOf(values);
  const redis = (values.redis as string | undefined) ?? (env.BIBLE_REDIS_URL || undefined);
  const concurrentAnswers = concurrentAnswersOf(values);
  if (redis !== undefined) checkRedisUrl(redis, values.redis !== undefined ? '--redis' : 'BIBLE_REDIS_URL');
  const answerLimits = answerLimitsOf(values);
  const ops = opsOf(values);
  return {
    ...answerLimits,
    ...ops,
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
