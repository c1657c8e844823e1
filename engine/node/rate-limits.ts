// Where the per-key request budgets live. One process keeps them in memory (keys.ts rateLimiter). Several
// workers of one machine ask the primary process, which keeps the one count (node:cluster messages). Several
// machines share Redis: each request is one atomic server-side script (INCR, and PEXPIRE on the window's
// first request), never a read followed by a write, so every replica enforces one budget per key.
import cluster from 'node:cluster';
import { rateLimiter, type RateDecision, type UncountedDecision } from './keys.ts';
import { countRequest, RedisClockOffset, type RedisClient } from './redis-count.ts';

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

export interface RedisLimiter {
  limit: Limiter;
  health(): LimiterHealth;
  close(): Promise<void>;
}

/** The line logged meanwhile: what the failure policy does until Redis is fixed or back. */
const policyInForce = (policy: RedisFailurePolicy): string =>
  `rate limits fail ${policy}: ${policy === 'closed' ? 'requests with a key are refused with 503' : 'requests pass uncounted'}`;

/** Where Redis stands, for /healthz; logs the first failure of each kind and the recovery once each. */
class RedisHealthLog {
  private health: LimiterHealth;
  /** Runs at each failure while the server waits for its first connection, so the wait ends at once. */
  onFailure: () => void = () => {};

  constructor(
    private readonly policy: RedisFailurePolicy,
    /** the URL as printed, its password masked */
    private readonly shown: string,
    private readonly scrub: (text: string) => string,
    private readonly events: LimiterEvents,
    private readonly log: (line: string) => void,
  ) {
    this.health = { store: 'redis', state: 'ok', policy };
  }

  get current(): LimiterHealth {
    return this.health;
  }

  failed(error: unknown): void {
    this.onFailure();
    this.events.redisError?.(error);
    const problem = redisConfigurationProblem(error);
    const reason = this.scrub(error instanceof Error ? error.message : String(error));
    const { policy, shown } = this;
    if (problem && this.health.state !== 'misconfigured') {
      this.health = { store: 'redis', state: 'misconfigured', policy, problem };
      this.log(
        `bible serve: ${problem} (Redis at ${shown} answered: ${reason}); ${policyInForce(policy)} until it is fixed`,
      );
    } else if (!problem && this.health.state === 'ok') {
      this.health = { store: 'redis', state: 'unreachable', policy, problem: `Redis is unreachable: ${reason}` };
      this.log(`bible serve: Redis at ${shown} is unreachable (${reason}); ${policyInForce(policy)} until it is back`);
    }
  }

  recovered(): void {
    if (this.health.state === 'ok') return;
    this.health = { store: 'redis', state: 'ok', policy: this.policy };
    this.log(`bible serve: Redis at ${this.shown} is back; rate limits are counted again`);
  }
}

/** A Redis client for `url` that does not connect yet; fails naming the URL (masked) when it cannot. */
async function redisClientFor(url: string, scrub: (text: string) => string): Promise<RedisClient> {
  let createClient: typeof import('redis').createClient;
  try {
    ({ createClient } = await import('redis'));
  } catch {
    throw new Error('--redis needs the redis package: npm install redis');
  }
  try {
    return createClient({
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
      scrub(
        `cannot use the Redis URL ${maskUrlPassword(url)}: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
  }
}

/**
 * Starts connecting, and waits until the first connection or failure, or the connect timeout. The client
 * retries for ever, so connect() settles only once Redis answers: the server must not wait for it (the
 * failure policy answers meanwhile). A Redis that answers within the connect timeout is ready before the
 * first request; one that refuses, or is refused, is known at its first failure.
 */
async function startConnecting(client: RedisClient, health: RedisHealthLog): Promise<void> {
  const connecting = client.connect().catch((error: unknown) => health.failed(error));
  await new Promise<void>((settle) => {
    const timer = setTimeout(settle, CONNECT_TIMEOUT_MS + 500);
    health.onFailure = () => {
      clearTimeout(timer);
      settle();
    };
    void connecting.then(health.onFailure);
  });
  health.onFailure = () => {};
}

/** A window's count as the answer to one request: allowed while the count is within the budget. */
function windowDecision(used: number, ttl: number, perMinute: number): RateDecision {
  const resetSeconds = Math.max(1, Math.ceil(ttl / 1000));
  return used <= perMinute
    ? { allowed: true, limit: perMinute, remaining: perMinute - used, resetSeconds }
    : { allowed: false, limit: perMinute, remaining: 0, resetSeconds };
}

/** Decides requests by their count in Redis; when Redis fails, by the policy. */
function redisLimit(
  client: RedisClient,
  clock: RedisClockOffset,
  health: RedisHealthLog,
  policy: RedisFailurePolicy,
): Limiter {
  return async (key, perMinute) => {
    try {
      const { used, ttl } = await countRequest(client, clock, key);
      // A Redis that paused and answers again comes back without a new connection (no 'ready').
      health.recovered();
      return windowDecision(used, ttl, perMinute);
    } catch (error) {
      health.failed(error);
      if (policy === 'closed')
        throw new LimiterUnavailable('the rate-limit store (Redis) is unreachable; retry shortly');
      return { allowed: true, limit: perMinute, uncounted: true };
    }
  };
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
  const client = await redisClientFor(url, scrub);
  const health = new RedisHealthLog(policy, maskUrlPassword(url), scrub, events, log);
  const clock = new RedisClockOffset(client);
  client.on('error', (error: unknown) => health.failed(error));
  client.on('ready', () => {
    clock.forget();
    health.recovered();
  });
  await startConnecting(client, health);
  return {
    limit: redisLimit(client, clock, health, policy),
    health: () => health.current,
    close: async () => {
      await client.close().catch(() => {});
    },
  };
}
