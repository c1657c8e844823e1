// What every request's steps share: the options a server is given, the limits they default to, and the
// state the handler prepares once (HandlerState) and each request carries with it (Exchange).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiKeys } from '../keys.ts';
import type { ServerMetrics } from '../metrics.ts';
import type { PackHealth } from '../pack-check.ts';
import type { Limiter, LimiterHealth } from '../rate-limits.ts';
import type { AnswerBudget } from './answer-budget.ts';
import type { ApiSite } from './api-answer.ts';
import type { ConnectionCap } from './connection-cap.ts';
import type { sharedExposition } from './metrics-answer.ts';
import type { Semaphore } from './semaphore.ts';
import type { staticFiles } from './static-files.ts';
import type { Turns } from './turns.ts';
import { DEFAULT_YIELD_GRACE_MS, type Yielders } from './yielding.ts';

/** The largest POST body (GetCitationsInText's text): 1 MiB; past it the answer is 413. */
export const MAX_BODY_BYTES = 1_048_576;

export interface HandlerOptions {
  /** API keys; when set, every API request needs a known key. Read per request, so it can be swapped (SIGHUP). */
  keys?: ApiKeys;
  /** clock for the rate limiter (tests pass a fake one) */
  now?: () => number;
  /** the reader page; null serves none */
  webDir?: string | null;
  /** the packs served under /data/; null serves none */
  dataDir?: string | null;
  /** set while shutting down: answers then close their connection */
  draining?: boolean;
  /** where key budgets are counted: in this process (default), in the primary of several workers, or in Redis */
  limiter?: Limiter;
  /** how the shared count stands (Redis), shown by /healthz; a misconfigured one makes it 503 */
  limiterHealth?: () => LimiterHealth;
  /** the packs checked against their manifest (serve() starts it), shown by /healthz; corrupt makes it 503 */
  packHealth?: () => PackHealth;
  /** GET /metrics; absent when prom-client is not installed */
  metrics?: ServerMetrics;
  /** one line per request (method, path, status, milliseconds, bytes) */
  accessLog?: (line: string) => void;
  /** slow answers (those built in turns) built at once; more wait in line */
  maxConcurrentAnswers?: number;
  /**
   * Bytes that large answers (over 64 KiB of JSON) may hold at once, counted by their expected size from
   * when they are built until their last byte has gone to the socket. Past it, new large answers wait
   * (budgetWaitMs), then get 503 with Retry-After. Default 32 MiB.
   */
  answerBudgetBytes?: number;
  /** how long a large answer waits for room in the budget before 503 (default 60 s) */
  budgetWaitMs?: number;
  /** a client that takes none of its answer for this long is disconnected (default 30 s) */
  writeTimeoutMs?: number;
  /**
   * Who may GET /healthz and /metrics from this handler: anyone (default), clients with a known API key
   * (when keys are set), or nobody because they are served on their own port (ServeOptions.opsPort).
   */
  opsAccess?: OpsAccess;
  /** a client's fault that ended its request (a body cut off, a request Node's parser refused): counted */
  onClientFault?: (kind: string) => void;
  /** the connection cap (serve() sets it): a connection beyond it gets 503, an idle one may be closed */
  connectionCap?: ConnectionCap;
  /**
   * A client that takes nothing of its large answer for this long, or sends its body slower than 16 KiB/s
   * for this long, gives its memory back (its connection is closed) when other answers wait for room
   * (default 1 s; see http/yielding.ts).
   */
  yieldGraceMs?: number;
}

export type OpsAccess = 'open' | 'keyed' | 'elsewhere';

/** Defaults of the limits above; docs/deploy.md describes them and the flags that change them. */
export const ANSWER_LIMITS = {
  answerBudgetBytes: 32 * 1024 * 1024,
  budgetWaitMs: 60_000,
  writeTimeoutMs: 30_000,
} as const;

/** The server's own timeouts; docs/deploy.md explains the choice. */
export const CONNECTION_LIMITS = {
  headersTimeoutMs: 15_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 65_000,
  /** what close() allows answers in flight by default */
  graceMs: 10_000,
  maxConnections: 1024,
  /** a connection beyond the cap that sends no request within this is closed */
  refusedLingerMs: 1_000,
} as const;

/** How many slow answers are built at once by default: each holds its result until the budget takes it. */
export const DEFAULT_CONCURRENT_ANSWERS = 4;

/** What every request's steps share: the engine, the options, and what createHandler prepared once. */
export interface HandlerState extends ApiSite {
  /** read on every request: keys may be swapped and draining set while the server runs */
  options: HandlerOptions;
  /** operations whose list answer the engine builds a row at a time (bible.rows): encoded as they are built */
  rowwise: ReadonlySet<string>;
  limiter: Limiter;
  answers: Semaphore;
  /** built answers waiting for room in the budget (each holds its result) */
  heldWaiting: number;
  budget: AnswerBudget;
  /** holders of budget that give it back when others wait (stalled answers, slow bodies) */
  yielders: Yielders;
  /** one /metrics exposition shared by the scrapes that ask for it at once */
  metricsText: ReturnType<typeof sharedExposition>;
  turns: Turns;
  /** the expected JSON size of recent large answers, by operation and parameters: they wait before building */
  expectedChars: Map<string, number>;
  /** each operation's recent longest build, decaying: a slow one is built in a turn, not at once */
  costMs: Map<string, number>;
  serveStatic: ReturnType<typeof staticFiles>;
}

/** One request, its response, and the shared state. */
export interface Exchange {
  state: HandlerState;
  req: IncomingMessage;
  res: ServerResponse;
}

export const budgetWaitMs = (state: HandlerState) => state.options.budgetWaitMs ?? ANSWER_LIMITS.budgetWaitMs;

/** A body waits for room at most half the request timeout: Node's 408 at the timeout would blame the
 *  client for the server's queue, where a 503 with Retry-After says to come back. */
export const bodyBudgetWaitMs = (state: HandlerState) =>
  Math.min(
    budgetWaitMs(state),
    ((state.options as { requestTimeoutMs?: number }).requestTimeoutMs ?? CONNECTION_LIMITS.requestTimeoutMs) / 2,
  );

export const yieldGraceMs = (options: HandlerOptions) => options.yieldGraceMs ?? DEFAULT_YIELD_GRACE_MS;

export const writeTimeoutMs = (state: HandlerState) => state.options.writeTimeoutMs ?? ANSWER_LIMITS.writeTimeoutMs;

/** What a 503 BUSY asks the client to wait: the large answers being written usually finish within it. */
export const BUSY_RETRY_SECONDS = 5;
