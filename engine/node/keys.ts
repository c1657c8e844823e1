// API keys and per-key rate limits for the HTTP server. The key file is JSON:
//
//   {
//     "plans": { "basic": 60, "pro": 1000, "internal": null },
//     "keys":  { "k_3f9c2a71d0": "basic", "k_77e1b0c4aa": "pro", "k_local_dev": "internal" }
//   }
//
// A plan's value is its budget in requests per minute (a positive whole number), or null for no limit.
// Each key names one plan. The server reads the key from the `x-api-key` header or any `x-<name>-key`
// header (x-rapidapi-key, as gateway clients send it).
import { readRegularFile } from './small-file.ts';

export interface Plan {
  name: string;
  perMinute: number | null;
}
export interface ApiKeys {
  /** the plan of a key, or undefined for a key the file does not name */
  plan(key: string): Plan | undefined;
  readonly size: number;
}

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** Parses and checks a key file; every mistake is reported with where it is, so a typo fails at start. */
export function parseKeyFile(text: string, source = 'key file'): ApiKeys {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(json) || !isObject(json.plans) || !isObject(json.keys)) {
    throw new Error(
      `${source} must be an object with "plans" ({"name": requestsPerMinute}) and "keys" ({"key": "plan name"})`,
    );
  }
  const plans = new Map<string, Plan>();
  for (const [name, value] of Object.entries(json.plans)) {
    if (value !== null && !(Number.isInteger(value) && (value as number) > 0)) {
      throw new Error(
        `${source}: plan "${name}" must be a positive whole number of requests per minute, or null for no limit`,
      );
    }
    plans.set(name, { name, perMinute: value as number | null });
  }
  const keys = new Map<string, Plan>();
  for (const [key, planName] of Object.entries(json.keys)) {
    if (!KEY_PATTERN.test(key))
      throw new Error(
        `${source}: key ${JSON.stringify(key.slice(0, 20))} must be 1-200 visible ASCII characters without spaces`,
      );
    const plan = typeof planName === 'string' ? plans.get(planName) : undefined;
    if (!plan)
      throw new Error(
        `${source}: key ${key.slice(0, 6)}… names plan ${JSON.stringify(planName)}, which "plans" does not define`,
      );
    keys.set(key, plan);
  }
  if (keys.size === 0) throw new Error(`${source} names no keys; every request would be refused`);
  return { plan: (key) => keys.get(key), size: keys.size };
}

/** Far more than a key file of many thousand keys takes; a bigger file was named by mistake. */
export const KEY_FILE_LIMIT = 4 * 1024 * 1024;

/** Reads a key file, refusing what is not a small regular file before reading it. */
export function loadKeyFile(path: string): ApiKeys {
  return parseKeyFile(readRegularFile(path, KEY_FILE_LIMIT, 'the key file').toString('utf8'), path);
}

/** The key a request carries: `x-api-key` first, else the first `x-<name>-key` header. */
export function requestKey(headers: Record<string, string | string[] | undefined>): string | undefined {
  const pick = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
  const direct = pick(headers['x-api-key']);
  if (direct) return direct;
  for (const name of Object.keys(headers)) {
    if (/^x-[a-z0-9][a-z0-9-]*-key$/.test(name)) {
      const value = pick(headers[name]);
      if (value) return value;
    }
  }
  return undefined;
}

export interface RateDecision {
  allowed: boolean;
  /** requests per window */
  limit: number;
  /** requests still allowed in the current window (after this one) */
  remaining: number;
  /** seconds until the window resets (at least 1) */
  resetSeconds: number;
}

/** A request let through without being counted (the shared count was unreachable): how much of the
 * budget is left, and when the window resets, are not known, so the answer does not claim them. */
export interface UncountedDecision {
  allowed: true;
  limit: number;
  uncounted: true;
}

export const WINDOW_MS = 60_000;

/** Fixed one-minute windows per key, started by the key's first request. Memory is one small record
 * per key in the key file (unknown keys are refused before they reach the limiter). */
export function rateLimiter(now: () => number = Date.now) {
  const windows = new Map<string, { start: number; used: number }>();
  return (key: string, perMinute: number): RateDecision => {
    const t = now();
    let w = windows.get(key);
    if (!w || t - w.start >= WINDOW_MS) {
      w = { start: t, used: 0 };
      windows.set(key, w);
    }
    const resetSeconds = Math.max(1, Math.ceil((w.start + WINDOW_MS - t) / 1000));
    if (w.used >= perMinute) return { allowed: false, limit: perMinute, remaining: 0, resetSeconds };
    w.used += 1;
    return { allowed: true, limit: perMinute, remaining: perMinute - w.used, resetSeconds };
  };
}
