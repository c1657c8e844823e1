// Counting one request of a key in Redis: one atomic server-side script per request, its deadline written
// on Redis's clock, and a count that Redis runs after the server gave up on it taken back.
import type { createClient } from 'redis';
import { WINDOW_MS } from './keys.ts';

export type RedisClient = ReturnType<typeof createClient>;

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

const windowKey = (key: string) => `bible:rate:${key}`;

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

/**
 * Redis's clock minus this process's, measured once per connection: the deadline of a count is written on
 * Redis's clock. A failed or slow reading is taken again for the next count.
 */
export class RedisClockOffset {
  private reading: Promise<number> | undefined;

  constructor(private readonly client: RedisClient) {}

  /** Forgets the reading, for a new connection (which may reach a Redis whose clock differs). */
  forget(): void {
    this.reading = undefined;
  }

  get(): Promise<number> {
    if (this.reading) return this.reading;
    const reading = this.read().catch((error: unknown) => {
      this.reading = undefined;
      throw error;
    });
    this.reading = reading;
    return reading;
  }

  // Redis read its clock somewhere between `before` and `after`; taking `after` errs towards deadlines that
  // come early (a count dropped, answered by the failure policy) rather than late (a count charged for a
  // request already answered without it). A slow reading errs a lot, so it is taken again next time.
  private async read(): Promise<number> {
    const before = Date.now();
    const [seconds, micros] = (await this.client.sendCommand(['TIME'])) as [string, string];
    const after = Date.now();
    if (after - before > MAX_CLOCK_ROUND_TRIP_MS) this.reading = undefined;
    return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000) - after;
  }
}

/** Runs the window script for `key` with its deadline: [used, ms left], or [-1, 0] past the deadline. */
async function runWindowScript(client: RedisClient, clock: RedisClockOffset, key: string): Promise<[number, number]> {
  const deadline = Math.floor(Date.now() + (await clock.get()) + COUNT_DEADLINE_MS);
  return (await client.eval(WINDOW_SCRIPT, {
    keys: [windowKey(key)],
    arguments: [String(WINDOW_MS), String(deadline)],
  })) as [number, number];
}

/** The window script within COMMAND_TIMEOUT_MS; a count that Redis still runs after that is taken back. */
function countInTime(client: RedisClient, clock: RedisClockOffset, key: string): Promise<[number, number]> {
  const counting = runWindowScript(client, clock, key);
  return answerWithin(COMMAND_TIMEOUT_MS, counting).catch((error: unknown) => {
    // Answered without this count: should Redis still run it in time, it is taken back.
    counting
      .then(([used]) => (used >= 0 ? client.eval(UNCOUNT_SCRIPT, { keys: [windowKey(key)] }) : undefined))
      .catch(() => {});
    throw error;
  });
}

/** Counts one request of `key` in its window: the requests used and the milliseconds the window has left. */
export async function countRequest(
  client: RedisClient,
  clock: RedisClockOffset,
  key: string,
): Promise<{ used: number; ttl: number }> {
  const [used, ttl] = await countInTime(client, clock, key);
  if (used < 0) throw new Error(`Redis ran the count after its deadline (${COUNT_DEADLINE_MS} ms)`);
  return { used, ttl };
}
