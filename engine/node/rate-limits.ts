// Where the per-key request budgets live. One process keeps them in memory (keys.ts rateLimiter). Several
// workers of one machine ask the primary process, which keeps the one count (node:cluster messages). Several
// machines share Redis: each request is one atomic server-side script (INCR, and PEXPIRE on the window's
// first request), never a read followed by a write, so every replica enforces one budget per key.
import cluster from 'node:cluster';
import { rateLimiter, WINDOW_MS, type RateDecision, type UncountedDecision } from './keys.ts';

/** Decides one request of a key against its plan's budget per minute. */
export type Limiter = (key: string, perMinute: number) => Promise<RateDecision | UncountedDecision>;

/** What to do when Redis cannot be reached: refuse requests that need a budget (closed), or let them through (open). */
export type RedisFailurePolicy = 'closed' | 'open';

/** Thrown by a closed limiter when Redis is unreachable; the server answers 503. */
export class LimiterUnavailable extends Error {}

/** Where the shared count stands, for /healthz. */
export interface LimiterHealth {
  store: 'redis';
  /** ok; unreachable (transient: it may come back by itself); misconfigured (it answers, but refuses the URL's
   * password, user or database: an operator must fix --redis or Redis) */
  state: 'ok' | 'unreachable' | 'misconfigured';
  policy: RedisFailurePolicy;
  /** what is wrong, with no secret in it */
  problem?: string;
}

export interface LimiterEvents {
  /** Redis failed a request (counted in the metrics) */
  redisError?(error: unknown): void;
}

export function memoryLimiter(now?: () => number): Limiter {
  const limit = rateLimiter(now);
  return async (key, perMinute) => limit(key, perMinute);
}

// Messages between workers and the primary.
interface RateRequest {
  bible: 'rate';
  id: number;
  key: string;
  perMinute: number;
}
interface RateAnswer {
  bible: 'rate-answer';
  id: number;
  decision: RateDecision;
}

/** In the primary: answers every worker's rate questions from one in-memory count. */
export function serveRatesToWorkers(): void {
  const limit = rateLimiter();
  cluster.on('message', (worker, message: RateRequest) => {
    if (message?.bible !== 'rate') return;
    const answer: RateAnswer = {
      bible: 'rate-answer',
      id: message.id,
      decision: limit(message.key, message.perMinute),
    };
    if (worker.isConnected()) worker.send(answer);
  });
}

/** In a worker: asks the primary, which holds the counts of every worker. */
export function primaryLimiter(): Limiter {
  let next = 0;
  const waiting = new Map<number, (decision: RateDecision) => void>();
  process.on('message', (message: RateAnswer) => {
    if (message?.bible !== 'rate-answer') return;
    waiting.get(message.id)?.(message.decision);
    waiting.delete(message.id);
  });
  return (key, perMinute) =>
    new Promise((resolve) => {
      const id = next++;
      waiting.set(id, resolve);
      process.send!({ bible: 'rate', id, key, perMinute } satisfies RateRequest);
    });
}

// One window per key: the first request of a window starts it (and its expiry); the count and the time
// left come back together. Atomic on the Redis server. ARGV[2] is the request's deadline on Redis's clock:
// a command that reaches Redis later (it was paused, or the network held it) counts nothing and answers
// {-1, 0}, since by then the server has given up on it and answered without it. Redis runs whatever a
// socket carried once it resumes, so only Redis itself can drop such a command.
const WINDOW_SCRIPT = `
if redis.replicate_commands then redis.replicate_commands() end
local now = redis.call('TIME')
if tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000) > tonumber(ARGV[2]) then return {-1, 0} end
local used = redis.call('INCR', KEYS[1])
if used == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {used, ttl}`;

// Takes back one count of a window that still runs: for a count whose answer came after the server had
// given up on it (and answered by the failure policy). Never below zero, never creating the key.
const UNCOUNT_SCRIPT = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * Where a URL's credentials end: the last '@' before the path. A password may hold '@', ':' or even an
 * unencoded '/', so this errs towards masking too much: everything up to the last '@' of the URL.
 */
function credentialsOf(url: string): { start: number; end: number } | undefined {
  const scheme = /^[a-z][\w+.-]*:\/\//i.exec(url);
  const end = url.lastIndexOf('@');
  return scheme && end > scheme[0].length - 1 ? { start: scheme[0].length, end } : undefined;
}

/** The URL to print: its password replaced by *** (a username alone is kept; a lone user part is masked,
 * as some services write the password there). A query string or fragment is masked too: other clients
 * take `?password=`, so a secret may be written there. */
export function maskUrlPassword(url: string): string {
  const credentials = credentialsOf(url);
  let shown = url;
  if (credentials) {
    const userinfo = url.slice(credentials.start, credentials.end);
    const colon = userinfo.indexOf(':');
    const user = colon >= 0 ? `${userinfo.slice(0, colon)}:***` : '***';
    shown = `${url.slice(0, credentials.start)}${user}${url.slice(credentials.end)}`;
  }
  return shown.replace(/[?#].*$/s, (tail) => `${tail[0]}***`);
}

/** Shorter passwords would mask ordinary words of a message, and are not much of a secret anyway. */
const MIN_SCRUBBED_SECRET = 4;

/**
 * Removes a URL's password from any text, whoever wrote it (a client library's error may quote the URL or
 * the password, raw or percent-decoded).
 */
export function passwordScrubber(url: string): (text: string) => string {
  const credentials = credentialsOf(url);
  const userinfo = credentials ? url.slice(credentials.start, credentials.end) : '';
  const password = userinfo.includes(':') ? userinfo.slice(userinfo.indexOf(':') + 1) : userinfo;
  let decoded = password;
  try {
    decoded = decodeURIComponent(password);
  } catch {
    // a malformed escape: the raw form is the one that can appear
  }
  const secrets = [...new Set([password, decoded])].filter((s) => s.length >= MIN_SCRUBBED_SECRET);
  const masked = maskUrlPassword(url);
  return (text) => secrets.reduce((t, secret) => t.split(secret).join('***'), text.split(url).join(masked));
}

/** A Redis URL the client can use: redis:// or rediss://, a host, and at most a database number. */
export function checkRedisUrl(url: string, name = '--redis'): void {
  const expected = `${name} must be a URL like redis://[user:password@]host[:port][/database] (or rediss:// for TLS), got ${JSON.stringify(maskUrlPassword(url))}`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(expected);
  }
  if (!/^rediss?:$/.test(parsed.protocol) || !parsed.hostname || !/^(\/\d{0,5})?$/.test(parsed.pathname))
    throw new Error(expected);
  // The Redis client reads nothing after the path: a ?password= or ?db= there would be ignored in silence.
  if (parsed.search || parsed.hash)
    throw new Error(
      `${name} takes no query string or fragment, which the Redis client ignores: write the password as redis://:password@host and the database as /N; got ${JSON.stringify(maskUrlPassword(url))}`,
    );
  // The client decodes the user and password itself and would fail with a bare "URI malformed".
  try {
    decodeURIComponent(parsed.username + parsed.password);
  } catch {
    throw new Error(
      `${name} has a bad percent-escape in its user or password (write a % as %25); got ${JSON.stringify(maskUrlPassword(url))}`,
    );
  }
}

/** How long one attempt to reach Redis may take. */
const CONNECT_TIMEOUT_MS = 2_000;
/**
 * How long a connected Redis may take to count one request. One that has stopped answering (paused, or cut
 * off without the connection closing) would otherwise hold every keyed request for ever; past this, the
 * failure policy answers. Redis answers in well under a millisecond, a distant one in a few.
 */
const COMMAND_TIMEOUT_MS = 1_000;
/**
 * How long after it is sent a count may still be run by Redis: as long as the server waits for it. A
 * shorter deadline would refuse counts a loaded machine is merely slow to send; a count Redis runs in time
 * whose answer comes back after the server gave up is taken back instead (UNCOUNT_SCRIPT).
 */
const COUNT_DEADLINE_MS = COMMAND_TIMEOUT_MS;
/** A clock reading whose round trip took longer is used once, then taken again for the next count. */
const MAX_CLOCK_ROUND_TRIP_MS = 50;

/**
 * Why Redis refuses this URL for good, if it does: a wrong password or user, a database number it does not
 * have, a user without the needed commands. These do not pass by themselves, unlike a Redis that is down.
 */
export function redisConfigurationProblem(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : String(error);
  if (/WRONGPASS|NOAUTH|invalid password|invalid username-password|AUTH <password> called without/i.test(message))
    return 'Redis refuses the password (or user) of the --redis URL';
  if (/DB index is out of range|invalid DB index/i.test(message))
    return 'Redis has no database with the number of the --redis URL';
  if (/NOPERM/.test(message)) return 'the Redis user of the --redis URL may not run EVAL, TIME, INCR, PEXPIRE and PTTL';
  return undefined;
}

const answerWithin = <T>(ms: number, answer: Promise<T>): Promise<T> =>
  new Promise<T>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`Redis did not answer within ${ms} ms`)), ms);
    answer.then(
      (value) => {
        clearTimeout(timer);
        done(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        fail(error);
      },
    );
  });

export interface RedisLimiter {
  limit: Limiter;
  health(): LimiterHealth;
  close(): Promise<void>;
}

/**
 * Budgets in Redis at `url`. When Redis is unreachable the policy decides (closed: 503; open: the request
 * passes uncounted); the first failure and the recovery are logged once each.
 */
export async function redisLimiter(
  url: string,
  policy: RedisFailurePolicy,
  events: LimiterEvents = {},
  log: (line: string) => void = console.error,
): Promise<RedisLimiter> {
  const scrub = passwordScrubber(url);
  const shown = maskUrlPassword(url);
  let createClient: typeof import('redis').createClient;
  try {
    ({ createClient } = await import('redis'));
  } catch {
    throw new Error('--redis needs the redis package: npm install redis');
  }
  let client: ReturnType<typeof createClient>;
  try {
    client = createClient({
      url,
      socket: {
        connectTimeout: CONNECT_TIMEOUT_MS,
        reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2_000),
      },
      // A request must not wait for a reconnect: the failure policy answers at once instead.
      disableOfflineQueue: true,
    });
  } catch (error) {
    throw new Error(
      scrub(`cannot use the Redis URL ${shown}: ${error instanceof Error ? error.message : String(error)}`),
    );
  }
  let health: LimiterHealth = { store: 'redis', state: 'ok', policy };
  let firstFailure = () => {};
  const meanwhile = `rate limits fail ${policy}: ${policy === 'closed' ? 'requests with a key are refused with 503' : 'requests pass uncounted'}`;
  const failed = (error: unknown) => {
    firstFailure();
    events.redisError?.(error);
    const problem = redisConfigurationProblem(error);
    const reason = scrub(error instanceof Error ? error.message : String(error));
    if (problem && health.state !== 'misconfigured') {
      health = { store: 'redis', state: 'misconfigured', policy, problem };
      log(`bible serve: ${problem} (Redis at ${shown} answered: ${reason}); ${meanwhile} until it is fixed`);
    } else if (!problem && health.state === 'ok') {
      health = { store: 'redis', state: 'unreachable', policy, problem: `Redis is unreachable: ${reason}` };
      log(`bible serve: Redis at ${shown} is unreachable (${reason}); ${meanwhile} until it is back`);
    }
  };
  client.on('error', failed);
  // Redis's clock minus this process's, measured on each connection: the deadline of a count is written on
  // Redis's clock. Undefined until measured.
  let clockOffset: Promise<number> | undefined;
  const recovered = () => {
    if (health.state !== 'ok') {
      health = { store: 'redis', state: 'ok', policy };
      log(`bible serve: Redis at ${shown} is back; rate limits are counted again`);
    }
  };
  client.on('ready', () => {
    clockOffset = undefined;
    recovered();
  });
  // Redis read its clock somewhere between `before` and `after`; taking `after` errs towards deadlines that
  // come early (a count dropped, answered by the failure policy) rather than late (a count charged for a
  // request already answered without it). A slow reading errs a lot, so it is taken again next time.
  const readClockOffset = async (): Promise<number> => {
    const before = Date.now();
    const [seconds, micros] = (await client.sendCommand(['TIME'])) as [string, string];
    const after = Date.now();
    if (after - before > MAX_CLOCK_ROUND_TRIP_MS) clockOffset = undefined;
    return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000) - after;
  };
  const redisClockOffset = (): Promise<number> => {
    if (clockOffset) return clockOffset;
    const reading = readClockOffset().catch((error: unknown) => {
      clockOffset = undefined;
      throw error;
    });
    clockOffset = reading;
    return reading;
  };
  const count = async (key: string): Promise<[number, number]> => {
    const deadline = Math.floor(Date.now() + (await redisClockOffset()) + COUNT_DEADLINE_MS);
    return (await client.eval(WINDOW_SCRIPT, {
      keys: [`bible:rate:${key}`],
      arguments: [String(WINDOW_MS), String(deadline)],
    })) as [number, number];
  };
  const countInTime = (key: string): Promise<[number, number]> => {
    const counting = count(key);
    return answerWithin(COMMAND_TIMEOUT_MS, counting).catch((error: unknown) => {
      // Answered without this count: should Redis still run it in time, it is taken back.
      counting
        .then(([used]) => (used >= 0 ? client.eval(UNCOUNT_SCRIPT, { keys: [`bible:rate:${key}`] }) : undefined))
        .catch(() => {});
      throw error;
    });
  };
  // The client retries for ever, so connect() settles only once Redis answers: the server must not wait
  // for it (the failure policy answers meanwhile). A Redis that answers within the connect timeout is
  // ready before the first request; one that refuses, or is refused, is known at its first failure.
  const connecting = client.connect().catch(failed);
  await new Promise<void>((settle) => {
    const timer = setTimeout(settle, CONNECT_TIMEOUT_MS + 500);
    firstFailure = () => {
      clearTimeout(timer);
      settle();
    };
    void connecting.then(firstFailure);
  });
  firstFailure = () => {};
  const limit: Limiter = async (key, perMinute) => {
    try {
      const [used, ttl] = await countInTime(key);
      if (used < 0) throw new Error(`Redis ran the count after its deadline (${COUNT_DEADLINE_MS} ms)`);
      // A Redis that paused and answers again comes back without a new connection (no 'ready').
      recovered();
      const resetSeconds = Math.max(1, Math.ceil(ttl / 1000));
      return used <= perMinute
        ? { allowed: true, limit: perMinute, remaining: perMinute - used, resetSeconds }
        : { allowed: false, limit: perMinute, remaining: 0, resetSeconds };
    } catch (error) {
      failed(error);
      if (policy === 'closed')
        throw new LimiterUnavailable('the rate-limit store (Redis) is unreachable; retry shortly');
      return { allowed: true, limit: perMinute, uncounted: true };
    }
  };
  return {
    limit,
    health: () => health,
    close: async () => {
      await client.close().catch(() => {});
    },
  };
}
