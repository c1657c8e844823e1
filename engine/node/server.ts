// The HTTP server, a drop-in for the hosted API: GET /<Operation>?name=value answers exactly what
// bible.call() answers, for every operation in the table; /api/v2/licensing|bibles|credits map to
// GetLicensing, GetBibles and GetCredits. It also serves the reader page (dist/web) and the packs
// (dist/data). node:http only. Nothing a client sends can take it down: every failure is an answer.
//
// A request goes through small steps (engine/node/http): preflight and method, the request target,
// health and metrics, the route, admission by key, then the operation's answer. Slow and hostile clients
// can neither take its memory nor stall others: large answers are written a piece at a time as the
// client reads (answer-writer.ts) within a memory budget (answer-budget.ts), and slow builds and long
// texts run in turns of the event loop (turns.ts) so cheap requests go between them.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { resolve } from 'node:path';
import { BibleError } from '../core/errors.ts';
import type { OpenOptions, TypedBible } from '../core/engine.ts';
import type { ApiKeys } from './keys.ts';
import type { ServerMetrics } from './metrics.ts';
import { memoryLimiter, type Limiter, type LimiterHealth } from './rate-limits.ts';
import { watchPacks, type PackHealth } from './pack-check.ts';
import { DEFAULT_DATA_DIR, openNode } from './loader.ts';
import { admit, RATE_HEADERS } from './http/admission.ts';
import { createAnswerBudget, type AnswerBudget, type Reservation } from './http/answer-budget.ts';
import { finished, PIECE_CHARS, STREAM_ABOVE_CHARS, streamJson } from './http/answer-writer.ts';
import { estimateJsonChars, estimateRowsChars, jsonPieces, rowPieces } from './http/json-pieces.ts';
import { allRows, type Rows } from '../core/rows.ts';
import { requestKey } from './keys.ts';
import {
  encodeJson,
  IGNORED_PARAMS_HEADER,
  JSON_TYPE,
  jsonHeaders,
  REPEATED_PARAMS_HEADER,
  withIgnoredParams,
  withRepeatedParams,
  type EncodedJson,
} from './http/json-answer.ts';
import { parseQuery, readQuery, refuseArrayParams, withoutNames } from './http/query.ts';
import { type ErrorBody, errorBody, isRefusal, refusal, type Refusal } from './http/refusal.ts';
import { bodyText, unsupportedBody } from './http/request-body.ts';
import { readPostedBody } from './http/posted-body.ts';
import { callInParts, readsInParts } from './http/text-parts.ts';
import { createTurns, type Turns } from './http/turns.ts';
import { capConnections, type ConnectionCap } from './http/connection-cap.ts';
import { connectionOf, owe, readBeingParsed, readInSlices } from './http/connections.ts';
import { semaphore, type Semaphore } from './http/semaphore.ts';
import { AnswerTooLarge, measureTextAnswer, TEXT_ANSWER_SHARE } from './http/text-answer.ts';
import { createYielders, DEFAULT_YIELD_GRACE_MS, stalledFor, type Yielders } from './http/yielding.ts';
import { sharedExposition } from './http/metrics-answer.ts';
import { checkMethod, MAX_URL_LENGTH, operationNameIn, preflightHeaders, splitTarget } from './http/request-target.ts';
import { routeOf, unknownPathMessage, type Route } from './http/routes.ts';
import { acceptsGzip } from './http/static-files.ts';
import { API_V2_PATHS } from '../core/ops/licensing.ts';
import { ENGINE_VERSION } from '../core/ops/info.ts';
import { openApiDocument } from '../core/openapi.ts';
import { type StaticRoot, staticFiles } from './http/static-files.ts';

export {
  API_V2_PATHS,
  IGNORED_PARAMS_HEADER,
  MAX_URL_LENGTH,
  parseQuery,
  RATE_HEADERS,
  readQuery,
  REPEATED_PARAMS_HEADER,
};

/** The largest POST body (GetCitationsInText's text): 1 MiB; past it the answer is 413. */
export const MAX_BODY_BYTES = 1_048_576;

export const DEFAULT_WEB_DIR = resolve(DEFAULT_DATA_DIR, '..', 'web');
const EXPOSED = [
  'ETag',
  'Retry-After',
  RATE_HEADERS.limit,
  RATE_HEADERS.remaining,
  RATE_HEADERS.reset,
  IGNORED_PARAMS_HEADER,
  REPEATED_PARAMS_HEADER,
].join(', ');
const CORS = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': EXPOSED };

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

/**
 * An error as a client sees it: a pack the server cannot read is named by the loader with its path on the
 * server's disk (and the copy-packs command that adds it), which is the operator's business, not the
 * client's. The pack folder is written `<packs>` instead.
 */
export function withoutPackFolders(body: ErrorBody, folders: readonly string[]): ErrorBody {
  let message = body.error.message;
  for (const folder of folders) message = message.split(folder).join('<packs>');
  return message === body.error.message ? body : errorBody(body.error.code, message, body.error.param);
}

/** Status for a BibleError: an unknown operation is 404, everything else the caller sent is 400. */
export const statusOf = (error: BibleError): number => (error.code === 'UNKNOWN_OPERATION' ? 404 : 400);

export function createHandler(bible: TypedBible, options: HandlerOptions = {}) {
  const webDir = options.webDir === undefined ? DEFAULT_WEB_DIR : options.webDir;
  const dataDir = options.dataDir === undefined ? DEFAULT_DATA_DIR : options.dataDir;
  const budget = createAnswerBudget(options.answerBudgetBytes ?? ANSWER_LIMITS.answerBudgetBytes);
  const state: HandlerState = {
    bible,
    options,
    operations: new Set(bible.operations.map((op) => op.name)),
    rowwise: new Set(bible.operations.flatMap((op) => (op.rows ? [op.name] : []))),
    bodyParams: new Map(bible.operations.flatMap((op) => (op.bodyParam ? [[op.name, op.bodyParam] as const] : []))),
    limiter: options.limiter ?? memoryLimiter(options.now),
    answers: semaphore(options.maxConcurrentAnswers ?? DEFAULT_CONCURRENT_ANSWERS),
    heldWaiting: 0,
    budget,
    yielders: createYielders(budget, yieldGraceMs(options)),
    metricsText: sharedExposition(),
    turns: createTurns(),
    expectedChars: new Map(),
    costMs: new Map(),
    serveStatic: staticFiles(staticRoots(webDir, dataDir)),
    hasWebPage: webDir !== null,
    packFolders: [...new Set([dataDir, DEFAULT_DATA_DIR].filter((d): d is string => !!d))].sort(
      (a, b) => b.length - a.length,
    ),
  };
  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const exchange: Exchange = { state, req, res };
    const ahead = owe(req.socket, res, options.connectionCap);
    req.on('error', () => {});
    res.on('error', () => {});
    if (options.metrics || options.accessLog) observe(exchange);
    const run = () => {
      if (res.destroyed) return;
      handle(exchange).catch((error: unknown) => failInternally(exchange, error));
    };
    if (ahead) ahead.once('close', run);
    else run();
  };
  return Object.assign(handler, { budget: state.budget, turns: state.turns });
}

/** What every request's steps share: the engine, the options, and what createHandler prepared once. */
interface HandlerState {
  bible: TypedBible;
  /** read on every request: keys may be swapped and draining set while the server runs */
  options: HandlerOptions;
  operations: ReadonlySet<string>;
  /** operations whose list answer the engine builds a row at a time (bible.rows): encoded as they are built */
  rowwise: ReadonlySet<string>;
  /** the parameter a POST to each operation that takes one carries as its body */
  bodyParams: ReadonlyMap<string, string>;
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
  hasWebPage: boolean;
  /** the folders packs are read from, as the loader's messages name them, longest first */
  packFolders: readonly string[];
}

/** One request, its response, and the shared state. */
interface Exchange {
  state: HandlerState;
  req: IncomingMessage;
  res: ServerResponse;
}

/** The steps of a request, in order; each answers and stops, or hands on to the next. */
async function handle(x: Exchange): Promise<void> {
  const { req, state } = x;
  const method = req.method ?? '';
  const url = req.url ?? '/';
  if (state.options.connectionCap?.beyond(req.socket)) {
    state.options.metrics?.busy?.();
    const full = refusal(503, 'BUSY', 'the server has as many connections open as it serves; retry shortly', {
      'Retry-After': String(BUSY_RETRY_SECONDS),
    });
    return sendRefusal(x, full, { Connection: 'close' });
  }
  if (method === 'OPTIONS') {
    x.res.writeHead(204, { ...commonHeaders(state), ...preflightHeaders(req.headers), 'Content-Length': 0 }).end();
    return;
  }
  if (req.httpVersion === '1.1' && req.headers.host === undefined) {
    clientFault(state, req.socket, 'malformed', `${method.slice(0, 20)} ${url.slice(0, 200)}: no Host header`);
    const noHost = refusal(400, 'BAD_REQUEST', 'the request has no Host header (required since HTTP/1.1)');
    return sendRefusal(x, noHost, { Connection: 'close' });
  }
  const target = splitTarget(url);
  // The operation a POST names is read from the decoded path, as for GET: a trailing slash or a
  // percent-encoded letter names the same operation.
  const named = method === 'POST' && !isRefusal(target) ? operationNameIn(target.path) : undefined;
  const wrongMethod = checkMethod(method, named !== undefined && state.bodyParams.has(named));
  if (wrongMethod) return sendRefusal(x, wrongMethod);
  if (isRefusal(target)) return sendRefusal(x, target);
  if (await serveOperational(x, target.path)) return;
  if (target.path === OPENAPI_PATH) return sendJson(x, 200, describeApi(state));
  const route = await serveRoute(x, routeOf(target.path, state.operations, state.hasWebPage), target.query);
  if (!route) return;
  const { options } = state;
  const admission = await admit(req.headers, options.keys, state.limiter, () => options.metrics?.rejection());
  if (isRefusal(admission)) return sendRefusal(x, admission);
  if (route.kind === 'unknown') {
    const code = route.looksLikeApi ? 'UNKNOWN_OPERATION' : 'NOT_FOUND';
    return sendRefusal(
      x,
      refusal(404, code, unknownPathMessage(target.path, route, state.operations)),
      admission.headers,
    );
  }
  await answerOperation(x, route.name, target.query, admission.headers);
}

/** The OpenAPI document of this server's operations: no key needed, as it holds no data. */
export const OPENAPI_PATH = '/openapi.json';

const apiDescriptions = new WeakMap<HandlerState, unknown>();
function describeApi(state: HandlerState): unknown {
  let document = apiDescriptions.get(state);
  if (document === undefined) {
    document = openApiDocument(state.bible.operations, {
      versionIds: state.bible.meta.versions.map((v) => v.versionId),
      version: ENGINE_VERSION,
      aliases: API_V2_PATHS,
    });
    apiDescriptions.set(state, document);
  }
  return document;
}

/** GET /healthz and /metrics: open to all, to holders of a key, or not here (on their own port). */
async function serveOperational(x: Exchange, path: string): Promise<boolean> {
  const { bible, options } = x.state;
  if (path !== '/healthz' && path !== '/metrics') return false;
  const access = options.opsAccess ?? 'open';
  if (access === 'elsewhere') return false;
  let admitted: Record<string, string> = {};
  if (access === 'keyed' && options.keys) {
    const key = requestKey(x.req.headers);
    if (!key || !options.keys.plan(key)) {
      await sendRefusal(x, refusal(401, 'UNAUTHORIZED', `${path} needs a known API key in the x-api-key header`));
      return true;
    }
    // A scrape with a key counts against its plan like any request, so a key cannot flood /metrics.
    if (path === '/metrics') {
      const admission = await admit(x.req.headers, options.keys, x.state.limiter, () => options.metrics?.rejection());
      if (isRefusal(admission)) {
        await sendRefusal(x, admission);
        return true;
      }
      admitted = admission.headers;
    }
  }
  if (path === '/healthz') {
    const packs = bible.loadedPacks();
    const ready = packs.includes('meta');
    const rateLimits = options.limiterHealth?.();
    const misconfigured = rateLimits?.state === 'misconfigured';
    const packFiles = options.packHealth?.();
    const corrupt = packFiles?.state === 'corrupt';
    await sendJson(x, ready && !misconfigured && !corrupt ? 200 : 503, {
      status: corrupt ? 'corrupt' : misconfigured ? 'misconfigured' : ready ? 'ok' : 'starting',
      packsLoaded: packs.length,
      pid: process.pid,
      ...(packFiles ? { packFiles } : {}),
      ...(rateLimits ? { rateLimits } : {}),
    });
    return true;
  }
  if (!options.metrics) {
    await sendJson(x, 501, errorBody('NOT_AVAILABLE', 'metrics need the prom-client package: npm install prom-client'));
    return true;
  }
  const metrics = options.metrics;
  const { contentType, body } = await x.state.metricsText(() => metrics.exposition());
  if (!x.res.destroyed) {
    x.res
      .writeHead(200, {
        ...commonHeaders(x.state),
        ...admitted,
        'Content-Type': contentType,
        'Cache-Control': 'no-cache',
      })
      .end(x.req.method === 'HEAD' ? undefined : body);
  }
  return true;
}

/** Serves a static file if one answers the route; else the route it falls back to (null: answered). */
async function serveRoute(
  x: Exchange,
  route: Route,
  query: string,
): Promise<Exclude<Route, { kind: 'static' }> | null> {
  if (route.kind !== 'static') return route;
  if (await x.state.serveStatic(x.req, x.res, route.file, query, commonHeaders(x.state))) return null;
  return serveRoute(x, route.fallback, query);
}

/** The operation's answer (or its BibleError): built, then written at the pace the client reads. */
async function answerOperation(x: Exchange, name: string, query: string, admitted: Record<string, string>) {
  const state = x.state;
  const { bible, bodyParams } = state;
  let params: Record<string, string> | undefined;
  let ignored: string[] = [];
  let repeated: string[] = [];
  let reservation: Reservation | null = null;
  let bodyReservation: Reservation | null = null;
  try {
    ({ params, repeated } = readQuery(query));
    // The hosted API's rule whatever engine the host passed: a name the operation does not take is left
    // out of the call (an engine refuses it unless opened lenient) and named in X-Ignored-Parameters.
    ignored = bible.unknownParams(name, params);
    params = withoutNames(params, ignored);
    const bodyParam = x.req.method === 'POST' ? bodyParams.get(name) : undefined;
    if (bodyParam) {
      const unsupported = unsupportedBody(x.req.headers);
      if (unsupported) return await sendRefusal(x, unsupported, { ...admitted, Connection: 'close' });
      const posted = await postedBody(x, name, admitted);
      if (!posted) return;
      bodyReservation = posted.reservation;
      params[bodyParam] = bodyText(posted.body, x.req.headers, bodyParam, repeated);
      // The answer of a long text is measured before it is built, and reserved (the body's reservation
      // handed over to it: on an idle server, an answer over the budget goes alone). A text short enough
      // to be read at once has an answer bounded by its length (under 2 MB): it is reserved once built.
      const chars = readsInParts(name, params)
        ? await measureTextAnswer(
            bible,
            state.turns,
            name,
            params,
            TEXT_ANSWER_SHARE * state.budget.limit,
            () => x.res.destroyed,
          )
        : undefined;
      if (chars === null) return;
      if (chars !== undefined && chars > STREAM_ABOVE_CHARS) {
        bodyReservation?.release();
        reservation = await state.budget.reserve(Math.max(chars, posted.bytes), budgetWaitMs(state));
        if (x.res.destroyed) return;
        if (!reservation) return await sendBusy(x, withIgnoredParams(admitted, ignored));
      }
    }
    refuseArrayParams(ignored, (base) => bible.unknownParams(name, { [base]: '' }).length === 0);
    const headers = withRepeatedParams(withIgnoredParams(admitted, ignored), repeated);
    // A request whose answer was large a moment ago waits for room before it is built again.
    const key = bodyParam ? undefined : `${name}?${query}`;
    const expected = key === undefined ? undefined : state.expectedChars.get(key);
    if (expected !== undefined) {
      reservation = await state.budget.reserve(expected, budgetWaitMs(state));
      if (x.res.destroyed) return;
      if (!reservation) return await sendBusy(x, headers);
    }
    let value = await build(x, name, params, key, reservation !== null);
    if (value === REMEMBERED_AS_LARGE) {
      // Another request found this answer large while this one waited for its turn: wait like it.
      reservation = await state.budget.reserve(state.expectedChars.get(key!) ?? 0, budgetWaitMs(state));
      if (!reservation) return await sendBusy(x, headers);
      value = await build(x, name, params, key, true);
    }
    if (value === CLIENT_GONE || x.res.destroyed) return;
    // The body is now in the answer, which counts for itself.
    bodyReservation?.release();
    const unwritten = await writeAnswer(x, value, headers, reservation, key);
    if (unwritten) {
      // As many built answers as may hold their result already wait for room: this one lets its result
      // go, waits in line without it, and is built again once it has room.
      value = undefined;
      reservation = await state.budget.reserve(unwritten.chars, budgetWaitMs(state));
      if (x.res.destroyed) return;
      if (!reservation) return await sendBusy(x, headers);
      value = await build(x, name, params, key, true);
      if (value === CLIENT_GONE || x.res.destroyed) return;
      await writeAnswer(x, value, headers, reservation, key);
    }
  } catch (error) {
    if (error instanceof AnswerTooLarge) {
      return await sendRefusal(x, refusal(413, 'ANSWER_TOO_LARGE', error.message), admitted);
    }
    if (!(error instanceof BibleError)) throw error;
    const headers = params ? withRepeatedParams(withIgnoredParams(admitted, ignored), repeated) : admitted;
    await sendJson(x, statusOf(error), withoutPackFolders(error.toJSON(), x.state.packFolders), headers);
  } finally {
    reservation?.release();
    bodyReservation?.release();
  }
}

/** A POST's body (posted-body.ts), or null when the request has been answered instead. */
async function postedBody(
  x: Exchange,
  name: string,
  admitted: Record<string, string>,
): Promise<{ body: string; bytes: number; reservation: Reservation | null } | null> {
  const { state, req } = x;
  const line = `${req.method} ${String(req.url).slice(0, 200)}`;
  const posted = await readPostedBody(req, {
    budget: state.budget,
    yielders: state.yielders,
    maxBytes: MAX_BODY_BYTES,
    waitMs: bodyBudgetWaitMs(state),
    graceMs: yieldGraceMs(state.options),
    gone: () => x.res.destroyed,
    onDropped: () => {
      clientFault(state, req.socket, 'slow-body', `${line}: arriving too slowly while others wait`);
      void sendBusy(x, { ...admitted, Connection: 'close' });
    },
  });
  if (!posted || !('refused' in posted)) return posted;
  if (posted.refused === 'busy') await sendBusy(x, { ...admitted, Connection: 'close' });
  if (posted.refused === 'aborted') {
    clientFault(state, req.socket, 'body-aborted', `${line}: ${posted.message}`);
    x.res.destroy();
  }
  if (posted.refused === 'too-large') {
    const tooLarge = refusal(413, 'PAYLOAD_TOO_LARGE', `${posted.message}; ${name} reads at most that much text`);
    await sendRefusal(x, tooLarge, { ...admitted, Connection: 'close' });
  }
  return null;
}

/** A list answer whose rows are built as its JSON is encoded (bible.rows): only its length is held. */
class RowList {
  constructor(readonly rows: Rows) {}
}

const REMEMBERED_AS_LARGE = Symbol('remembered as large');
/** The client hung up while its request waited: nothing is built for it. */
const CLIENT_GONE = Symbol('client gone');

/**
 * The operation's result. A cheap operation is built at once; one that has recently been slow to build,
 * or a long text read in parts, waits for a turn so cheap requests go first.
 */
async function build(
  x: Exchange,
  name: string,
  params: Record<string, string>,
  key: string | undefined,
  reserved: boolean,
): Promise<unknown> {
  const state = x.state;
  const { bible } = state;
  if (readsInParts(name, params)) return callInParts(bible, state.turns, name, params);
  const timed = () => {
    const packs = bible.loadedPacks().length;
    const started = performance.now();
    // With its packs loaded, call() builds the answer before it returns: this times the build alone,
    // not whatever else runs before the promise's continuation. A call that had to load a pack returned
    // before building, so it is not timed.
    const answer = state.rowwise.has(name)
      ? bible.rows(name, params).then((rows) => new RowList(rows!))
      : bible.call(name, params);
    const ms = performance.now() - started;
    return answer.then((value) => {
      if (bible.loadedPacks().length === packs) noteCost(state, name, ms);
      return value;
    });
  };
  // An operation not yet measured takes a turn: many first requests for a slow one may arrive at once.
  if ((state.costMs.get(name) ?? Number.POSITIVE_INFINITY) < COSTLY_MS) return timed();
  const release = await state.answers.acquire();
  try {
    return await state.turns.run(() =>
      x.res.destroyed
        ? CLIENT_GONE
        : !reserved && key !== undefined && state.expectedChars.has(key)
          ? REMEMBERED_AS_LARGE
          : timed(),
    );
  } finally {
    release();
  }
}

/** Builds taking longer than this make their operation wait for a turn from then on (until it decays). */
const COSTLY_MS = 5;
/** Each build lowers the remembered longest build by this factor before comparing. */
const COST_DECAY = 0.95;

function noteCost(state: HandlerState, name: string, ms: number): void {
  state.costMs.set(name, Math.max(ms, (state.costMs.get(name) ?? 0) * COST_DECAY));
}

/** How many large answers' expected sizes are remembered (the oldest is forgotten first). */
const REMEMBERED_ANSWERS = 4096;

function rememberLarge(state: HandlerState, key: string, chars: number): void {
  state.expectedChars.delete(key);
  state.expectedChars.set(key, chars);
  if (state.expectedChars.size > REMEMBERED_ANSWERS) {
    state.expectedChars.delete(state.expectedChars.keys().next().value as string);
  }
}

const budgetWaitMs = (state: HandlerState) => state.options.budgetWaitMs ?? ANSWER_LIMITS.budgetWaitMs;
/** A body waits for room at most half the request timeout: Node's 408 at the timeout would blame the
 *  client for the server's queue, where a 503 with Retry-After says to come back. */
const bodyBudgetWaitMs = (state: HandlerState) =>
  Math.min(
    budgetWaitMs(state),
    ((state.options as ServeOptions).requestTimeoutMs ?? CONNECTION_LIMITS.requestTimeoutMs) / 2,
  );
const yieldGraceMs = (options: HandlerOptions) => options.yieldGraceMs ?? DEFAULT_YIELD_GRACE_MS;
const writeTimeoutMs = (state: HandlerState) => state.options.writeTimeoutMs ?? ANSWER_LIMITS.writeTimeoutMs;

/**
 * Built answers that may wait for room in the budget while holding their result; more let it go, wait
 * without it, and are built again (the result held outside the budget stays bounded).
 */
const MAX_HELD_WAITING = 4;

/**
 * Writes a built answer: at once when small, streamed within the budget when large. Returns the size to
 * wait for, without the result, when it must be built again once there is room (MAX_HELD_WAITING).
 */
async function writeAnswer(
  x: Exchange,
  value: unknown,
  headers: Record<string, string>,
  reserved: Reservation | null,
  key: string | undefined,
): Promise<{ chars: number } | undefined> {
  const state = x.state;
  const rows = value instanceof RowList ? value.rows : undefined;
  const chars = rows ? estimateRowsChars(rows) : estimateJsonChars(value);
  if (chars <= STREAM_ABOVE_CHARS) {
    await sendJson(x, 200, rows ? allRows(rows) : value, headers);
    return undefined;
  }
  if (key !== undefined) rememberLarge(state, key, chars);
  let reservation = reserved ?? (await state.budget.reserve(chars, 0));
  if (!reservation) {
    if (state.heldWaiting >= MAX_HELD_WAITING) return { chars };
    state.heldWaiting++;
    try {
      reservation = await state.budget.reserve(chars, budgetWaitMs(state));
    } finally {
      state.heldWaiting--;
    }
    if (!reservation) {
      await sendBusy(x, headers);
      return undefined;
    }
  }
  // While others wait for room, a client that has taken nothing for a while gives its room back.
  const progress = { waitingSince: null as number | null };
  const held = reservation;
  const unhold = state.yielders.hold({
    // An answer that has no socket yet is queued behind another on its connection, not unread by its
    // client: it is never judged behind.
    behind: (now) => x.res.socket !== null && stalledFor(yieldGraceMs(state.options), () => progress.waitingSince)(now),
    drop: () => {
      held.release();
      clientFault(state, x.req.socket, 'yielded', `${x.req.method} ${String(x.req.url).slice(0, 200)}: not reading`);
      x.res.destroy();
    },
  });
  try {
    const pieces = rows ? rowPieces(rows, PIECE_CHARS) : jsonPieces(value, PIECE_CHARS);
    const outcome = await streamJson(x.res, 200, { ...commonHeaders(x.state), ...headers }, pieces, {
      progress,
      turns: state.turns,
      gzip: acceptsGzip(x.req.headers),
      writeTimeoutMs: writeTimeoutMs(state),
      headOnly: x.req.method === 'HEAD',
      sent: (bytes) => sentBytes.set(x.res, (sentBytes.get(x.res) ?? 0) + bytes),
    });
    if (!outcome.whole && outcome.reason === 'stalled') {
      clientFault(
        x.state,
        x.req.socket,
        'write-timeout',
        `${x.req.method} ${String(x.req.url).slice(0, 200)}: the client stopped reading`,
      );
    }
  } finally {
    unhold();
    if (reservation !== reserved) reservation.release();
  }
}

/** What a 503 BUSY asks the client to wait: the large answers being written usually finish within it. */
const BUSY_RETRY_SECONDS = 5;

/** 503 while the budget for large answers is spent: the client may come back shortly. */
function sendBusy(x: Exchange, headers: Record<string, string>): Promise<void> {
  x.state.options.metrics?.busy?.();
  const retry = String(BUSY_RETRY_SECONDS);
  return sendRefusal(
    x,
    refusal(503, 'BUSY', 'the server is writing as many large answers as it holds at once; retry shortly', {
      'Retry-After': retry,
    }),
    headers,
  );
}

/**
 * A client's fault, not the server's: counted, and one line in the access log when there is one. A fault
 * ends its connection, so what follows on it (the request's body cut off by the 408, the client's reset)
 * is the same fault and not counted again.
 */
function clientFault(state: HandlerState, socket: Socket, kind: string, line: string): void {
  const connection = connectionOf(socket);
  if (connection.faulted) return;
  connection.faulted = true;
  state.options.onClientFault?.(kind);
  state.options.metrics?.clientFault?.(kind);
  state.options.accessLog?.(`${new Date().toISOString()} client fault (${kind}) ${line}`);
}

/** A failure no step expected: logged, and answered 500 unless the answer has begun. */
function failInternally(x: Exchange, error: unknown): void {
  console.error(`bible serve: ${x.req.method} ${String(x.req.url).slice(0, 200)} failed:`, error);
  if (x.res.headersSent) {
    x.res.destroy();
    return;
  }
  void sendJson(x, 500, errorBody('INTERNAL', 'internal error')).catch(() => x.res.destroy());
}

/** Metrics and the access log, once the answer has gone out. */
function observe(x: Exchange): void {
  const { options, operations } = x.state;
  const started = performance.now();
  x.res.on('finish', () => {
    const seconds = (performance.now() - started) / 1000;
    const path = String(x.req.url ?? '/').split('?')[0];
    const name = API_V2_PATHS[path] ?? path.slice(1);
    if (options.metrics && operations.has(name)) options.metrics.request(name, x.res.statusCode, seconds);
    const bytes = sentBytes.get(x.res) ?? '-';
    options.accessLog?.(
      `${new Date().toISOString()} ${x.req.method} ${String(x.req.url).slice(0, 300)} ${x.res.statusCode} ${(seconds * 1000).toFixed(1)}ms ${bytes}`,
    );
  });
}

/** CORS on every answer; while draining, answers also close their connection. */
const commonHeaders = (state: HandlerState): Record<string, string> =>
  state.options.draining ? { ...CORS, Connection: 'close' } : CORS;

function writeJson(x: Exchange, status: number, encoded: EncodedJson, headers: Record<string, string> = {}): void {
  if (x.res.destroyed) return;
  // A small answer counts in the budget's headroom until it has gone to the socket. When that is spent,
  // the only answer a connection has in hand still goes (a client that reads each answer before asking
  // again is never refused), and so do refusals and errors (tiny); an answer pipelined behind others
  // that are not yet written gets 503.
  const held = x.state.budget.take(encoded.payload.length);
  if (!held && status === 200 && connectionOf(x.req.socket).owed.size > 1) {
    x.state.options.metrics?.busy?.();
    writeJson(x, 503, BUSY_SMALL, { ...headers, 'Retry-After': String(BUSY_RETRY_SECONDS) });
    return;
  }
  x.res.writeHead(status, { ...commonHeaders(x.state), ...headers, ...jsonHeaders(encoded) });
  x.res.end(x.req.method === 'HEAD' ? undefined : encoded.payload);
  sentBytes.set(x.res, encoded.payload.length);
  // Even a small answer is not held for a client that never reads it.
  void finished(x.res, writeTimeoutMs(x.state)).then((whole) => {
    held?.release();
    if (whole || x.res.destroyed) return;
    clientFault(
      x.state,
      x.req.socket,
      'write-timeout',
      `${x.req.method} ${String(x.req.url).slice(0, 200)}: the client stopped reading`,
    );
    x.res.destroy();
  });
}

/** The 503 of a small answer refused for want of memory (tiny, so never gzipped). */
const BUSY_SMALL: EncodedJson = {
  payload: Buffer.from(
    JSON.stringify(errorBody('BUSY', 'the server holds as many unread answers as it may; retry shortly')),
  ),
  gzipped: false,
};

async function sendJson(x: Exchange, status: number, body: unknown, headers: Record<string, string> = {}) {
  writeJson(x, status, await encodeJson(x.req.headers, body), headers);
}

const sendRefusal = (x: Exchange, r: Refusal, headers: Record<string, string> = {}) =>
  sendJson(x, r.status, r.body, { ...headers, ...r.headers });

/** The packs and manifest under /data/, and the reader page at /. */
function staticRoots(webDir: string | null, dataDir: string | null): StaticRoot[] {
  return [
    // Packs and the manifest; a ?v= that is the pack's own hash names one exact content, so it may be kept
    // for a year (static-files.ts: namesContent); any other v is cached as an unversioned URL.
    ...(dataDir
      ? [
          {
            prefix: '/data/',
            dir: dataDir,
            cacheControl: (file: string, versioned: boolean) =>
              file.endsWith('.pack')
                ? versioned
                  ? 'public, max-age=31536000, immutable'
                  : 'public, max-age=86400'
                : 'no-cache',
          },
        ]
      : []),
    // The page revalidates every time (a 304 is cheap); its service worker does the offline part.
    ...(webDir ? [{ prefix: '/', dir: webDir, cacheControl: () => 'no-cache' }] : []),
  ];
}

/** Bytes of each JSON answer, for the access log (headers given to writeHead are not readable back). */
const sentBytes = new WeakMap<ServerResponse, number>();

/** How many slow answers are built at once by default: each holds its result until the budget takes it. */
const DEFAULT_CONCURRENT_ANSWERS = 4;

/**
 * Answers requests Node's HTTP parser rejects (malformed, oversized, timed out) and closes them. They are
 * the client's fault: counted and logged as one line like any answer, never a stack trace. Requests that
 * arrived whole before the bad one on the same connection (pipelined) get their answers first: the
 * refusal written at once would reach the client as the answer to the first of them.
 */
function answerClientError(
  options: HandlerOptions,
  error: Error & { code?: string; rawPacket?: Buffer },
  socket: Socket,
): void {
  const connection = connectionOf(socket);
  const fault = (kind: string, status: number | '-') => {
    if (connection.faulted) return;
    connection.faulted = true;
    options.onClientFault?.(kind);
    options.metrics?.clientFault?.(kind);
    options.accessLog?.(
      `${new Date().toISOString()} - ${socket.remoteAddress ?? '-'} ${status} client fault (${kind}: ${String(error.code ?? error.message).slice(0, 60)})`,
    );
  };
  // ECONNRESET, or the connection closed mid-request (HPE_INVALID_EOF_STATE): the client has gone.
  if (!socket.writable || error.code === 'ECONNRESET' || error.code === 'HPE_INVALID_EOF_STATE') {
    fault('reset', '-');
    socket.destroy();
    return;
  }
  // Already refused: the parser reports its error again for each later chunk the client sends.
  if (connection.faulted) return;
  let status = 400;
  let reason = 'Bad Request';
  let kind = 'malformed';
  let body = errorBody('BAD_REQUEST', 'malformed HTTP request');
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    // A request line that has not ended within the limit is an overlong URL; else the headers are.
    const packet = readBeingParsed(socket) ?? error.rawPacket;
    const head = packet ? packet.subarray(0, MAX_URL_LENGTH + 64).toString('latin1') : '';
    const lineEnd = head.indexOf('\r\n');
    if (lineEnd < 0 || lineEnd > MAX_URL_LENGTH) {
      status = 414;
      reason = 'URI Too Long';
      kind = 'uri-too-long';
      body = errorBody('URI_TOO_LONG', `the request URL is too long; at most ${MAX_URL_LENGTH} characters`);
    } else {
      status = 431;
      reason = 'Request Header Fields Too Large';
      kind = 'headers-too-large';
      body = errorBody('HEADERS_TOO_LARGE', 'the request headers are too large');
    }
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    reason = 'Request Timeout';
    kind = 'request-timeout';
    body = errorBody('REQUEST_TIMEOUT', 'the request took too long to arrive');
  }
  fault(kind, status);
  const json = JSON.stringify(body);
  const refuse = () => {
    if (!socket.writable) return;
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: ${Buffer.byteLength(json)}\r\nAccess-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n${json}`,
    );
  };
  // A request whose body is still arriving is the one refused; its answer is not waited for.
  const before = [...connection.owed].filter((res) => res.req.complete);
  let left = before.length;
  if (!left) refuse();
  for (const res of before) res.once('close', () => --left === 0 && refuse());
}

/** CONNECT (a proxy tunnel) is a method like any other this server does not take: 405 in the JSON shape.
 *  Node hands it to a 'connect' listener, and without one drops the connection unanswered. */
function refuseConnect(_req: IncomingMessage, socket: Socket): void {
  const json = JSON.stringify(errorBody('METHOD_NOT_ALLOWED', 'method CONNECT is not allowed; use GET'));
  socket.on('error', () => socket.destroy());
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, OPTIONS\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: ${Buffer.byteLength(json)}\r\nAccess-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n${json}`,
  );
}

export interface ServeOptions extends HandlerOptions {
  /** default 8080; 0 picks a free port */
  port?: number;
  /** default 127.0.0.1 (this machine only, as `bible serve` defaults); pass 0.0.0.0 or :: for every
   *  interface, as a container or a hosted API needs */
  host?: string;
  /** an open engine; else one is opened with `open` (and dataDir for the packs) */
  bible?: TypedBible;
  open?: Partial<OpenOptions>;
  /** serve /healthz and /metrics only on this port (0 picks one), on opsHost, and not on the main port */
  opsPort?: number;
  /** where opsPort listens (default 127.0.0.1: reachable from this machine only) */
  opsHost?: string;
  /** a request's headers must have arrived within this (default 15 s); else 408 */
  headersTimeoutMs?: number;
  /** a whole request, its body included, must have arrived within this (default 30 s); else 408 */
  requestTimeoutMs?: number;
  /** an idle keep-alive connection is closed after this (default 65 s) */
  keepAliveTimeoutMs?: number;
  /**
   * Connections served at once (default 1024). At the cap, an idle or silent one is closed to make room
   * (http/connection-cap.ts); else one beyond them gets 503 with Retry-After to its first request and is
   * closed, and one that sends nothing is closed after a second.
   */
  maxConnections?: number;
}

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

export interface BibleServer {
  server: Server;
  /** the engine it answers from */
  bible: TypedBible;
  port: number;
  /** the address to tell users, e.g. http://127.0.0.1:8080/ */
  url: string;
  /** the memory large answers hold at once, and how many wait for room */
  answerBudget: AnswerBudget;
  /** the port of /healthz and /metrics when they have their own (opsPort) */
  opsPort?: number;
  /** stops accepting, lets answers in flight finish (at most graceMs), then closes every connection */
  close(graceMs?: number): Promise<void>;
}

export async function serve(options: ServeOptions = {}): Promise<BibleServer> {
  const bible =
    options.bible ??
    (await openNode({
      // The hosted API's rule (an unknown parameter ignored and named), unless the host chose otherwise.
      ...(options.open?.strict === undefined ? { lenient: true } : {}),
      ...options.open,
      ...(Object.hasOwn(options, 'dataDir') && options.dataDir ? { dataDir: options.dataDir } : {}),
    }));
  // This server's own state (draining, its connection cap) is written here, not into the caller's options:
  // two servers given one options object closed or capped each other. Reads fall through to the caller's
  // options, so keys swapped in them while serving (SIGHUP) still count.
  const state: HandlerOptions = Object.create(options);
  if (options.opsPort !== undefined) state.opsAccess = 'elsewhere';
  state.packHealth = watchPacks(options.dataDir || DEFAULT_DATA_DIR);
  // The server routes by the operation table, so it loads every operation's code before it listens.
  await bible.load([]);
  const handler = createHandler(bible, state);
  const server = createServer(serverTimeouts(options), handler);
  answerHalfClosed(server);
  readInSlices(server);
  server.on('clientError', (error: Error, socket: Socket) => answerClientError(state, error, socket));
  server.on('connect', refuseConnect);
  answerExpectations(server, handler);
  const sockets = trackSockets(server);
  state.connectionCap = capConnections(
    server,
    options.maxConnections ?? CONNECTION_LIMITS.maxConnections,
    CONNECTION_LIMITS.refusedLingerMs,
  );
  // The caller's own host only: one set on Object.prototype (0.0.0.0) must not open the server to every interface.
  const host = (Object.hasOwn(options, 'host') ? options.host : undefined) ?? '127.0.0.1';
  await listen(server, options.port ?? 8080, host);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 8080);
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const ops = options.opsPort === undefined ? undefined : await serveOps(bible, state, options);
  let closing: Promise<void> | undefined;
  return {
    server,
    bible,
    port,
    url: `http://${shown}:${port}/`,
    answerBudget: handler.budget,
    ...(ops ? { opsPort: ops.port } : {}),
    close(graceMs = CONNECTION_LIMITS.graceMs) {
      return (closing ??= new Promise<void>((done) => {
        state.draining = true;
        // An answer's last bytes may still be in the kernel when it is handed over; closing the socket
        // then (or exiting) can drop them. While draining, a connection is only half-closed once its
        // answer is written and ends when the client, having read everything, closes its side.
        for (const socket of sockets) halfCloseWhenDone(socket);
        const force = setTimeout(() => server.closeAllConnections(), graceMs);
        force.unref();
        ops?.server.close();
        ops?.server.closeAllConnections();
        server.close(() => {
          clearTimeout(force);
          done();
        });
        server.closeIdleConnections();
      }));
    },
  };
}

const serverTimeouts = (options: ServeOptions) => {
  const headersTimeout = options.headersTimeoutMs ?? CONNECTION_LIMITS.headersTimeoutMs;
  return {
    headersTimeout,
    requestTimeout: Math.max(options.requestTimeoutMs ?? CONNECTION_LIMITS.requestTimeoutMs, headersTimeout),
    keepAliveTimeout: options.keepAliveTimeoutMs ?? CONNECTION_LIMITS.keepAliveTimeoutMs,
    // The handler refuses a request without Host in the JSON shape of every error; Node's 400 has no body.
    requireHostHeader: false,
    // Node checks for late requests this often; its default (30 s) would answer a 15 s limit at up to 45 s.
    connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(headersTimeout / 10))),
  };
};

/**
 * A client that sends its request and then closes its sending side (`printf … | nc -N`, some HTTP/1.0
 * tools) still gets its answer, and the connection ends after it. Node's default drops the requests of
 * such a connection, so only an answer ready within the same read reached the client: a search got
 * nothing at all. (Node's own switch for this, undeclared in its types.)
 */
function answerHalfClosed(server: Server): void {
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolvePromise();
    });
  });
}

/**
 * `Expect: 100-continue`: the client waits for "100 Continue" before it sends its body. Node sends it to
 * every such request; a body announced larger than any request may carry is refused (413) without it, so
 * the client does not send the body only to have its connection closed under it. Any other expectation
 * answers 417 in the JSON shape of every error (Node's own 417 has no body).
 */
function answerExpectations(server: Server, handler: (req: IncomingMessage, res: ServerResponse) => void): void {
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (!(Number(req.headers['content-length']) > MAX_BODY_BYTES)) res.writeContinue();
    handler(req, res);
  });
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    const expected = String(req.headers.expect).slice(0, 60);
    const body = JSON.stringify(
      errorBody('EXPECTATION_FAILED', `Expect: ${expected} is not supported; only 100-continue`),
    );
    res
      .writeHead(417, {
        ...CORS,
        'Content-Type': JSON_TYPE,
        'Content-Length': Buffer.byteLength(body),
        Connection: 'close',
      })
      .end(req.method === 'HEAD' ? undefined : body);
  });
}

/** The open connections, so that shutting down can reach those that are mid-answer. */
function trackSockets(server: Server): Set<Socket> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return sockets;
}

/**
 * Once draining: where Node would close a connection after its answer, it only ends the sending side,
 * and a keep-alive connection is ended as soon as its answer in flight (if any) is written.
 */
function halfCloseWhenDone(socket: Socket): void {
  const inFlight = () => (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage ?? undefined;
  const endIfIdle = () => {
    const res = inFlight();
    if (res) res.once('finish', () => setImmediate(endIfIdle));
    else if (!socket.destroyed) socket.end();
  };
  (socket as Socket & { destroySoon: () => void }).destroySoon = () => {
    if (!socket.destroyed) socket.end();
  };
  endIfIdle();
}

/** /healthz and /metrics on a port of their own, for a load balancer and a scraper that are not clients. */
async function serveOps(
  bible: TypedBible,
  state: HandlerOptions,
  options: ServeOptions,
): Promise<{ server: Server; port: number }> {
  const opsState: HandlerOptions = {
    ...options,
    ...state,
    opsAccess: 'open',
    webDir: null,
    dataDir: null,
    accessLog: undefined,
  };
  const answer = createHandler(bible, opsState);
  const server = createServer(serverTimeouts(options), (req, res) => {
    const path = String(req.url ?? '/').split('?')[0];
    if (path === '/healthz' || path === '/metrics') {
      answer(req, res);
      return;
    }
    res
      .writeHead(404, { 'Content-Type': JSON_TYPE })
      .end(JSON.stringify(errorBody('NOT_FOUND', 'this port answers only /healthz and /metrics')));
  });
  server.on('clientError', (error: Error, socket: Socket) => answerClientError(opsState, error, socket));
  server.on('connect', refuseConnect);
  await listen(
    server,
    options.opsPort ?? 0,
    (Object.hasOwn(options, 'opsHost') ? options.opsHost : undefined) ?? '127.0.0.1',
  );
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : 0 };
}
