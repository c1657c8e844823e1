// The HTTP server, a drop-in for the hosted API: GET /<Operation>?name=value answers exactly what
// bible.call() answers, for every operation in the table; /api/v2/licensing|bibles|credits map to
// GetLicensing, GetBibles and GetCredits. It also serves the reader page (dist/web) and the packs
// (dist/data). node:http only. Nothing a client sends can take it down: every failure is an answer.
//
// A request goes through small steps (engine/node/http): preflight and method, the request target,
// health and metrics, the route, admission by key, then the operation's answer.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { resolve } from 'node:path';
import { BibleError } from '../core/errors.ts';
import type { OpenOptions, TypedBible } from '../core/engine.ts';
import type { ApiKeys } from './keys.ts';
import type { ServerMetrics } from './metrics.ts';
import { memoryLimiter, type Limiter } from './rate-limits.ts';
import { DEFAULT_DATA_DIR, openNode } from './loader.ts';
import { admit, RATE_HEADERS } from './http/admission.ts';
import {
  encodeJson,
  IGNORED_PARAMS_HEADER,
  JSON_TYPE,
  jsonHeaders,
  withIgnoredParams,
  type EncodedJson,
} from './http/json-answer.ts';
import { parseQuery } from './http/query.ts';
import { errorBody, isRefusal, refusal, type Refusal } from './http/refusal.ts';
import { BodyTooLarge, readBody } from './http/request-body.ts';
import { checkMethod, MAX_URL_LENGTH, operationNameIn, preflightHeaders, splitTarget } from './http/request-target.ts';
import { routeOf, unknownPathMessage, type Route } from './http/routes.ts';
import { API_V2_PATHS } from '../core/ops/licensing.ts';
import { type StaticRoot, staticFiles } from './http/static-files.ts';

export { API_V2_PATHS, IGNORED_PARAMS_HEADER, MAX_URL_LENGTH, parseQuery, RATE_HEADERS };

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
  /** GET /metrics; absent when prom-client is not installed */
  metrics?: ServerMetrics;
  /** one line per request (method, path, status, milliseconds, bytes) */
  accessLog?: (line: string) => void;
  /** answers built at once; a queue bounds the memory that large answers take under load */
  maxConcurrentAnswers?: number;
}

/** Status for a BibleError: an unknown operation is 404, everything else the caller sent is 400. */
export const statusOf = (error: BibleError): number => (error.code === 'UNKNOWN_OPERATION' ? 404 : 400);

export function createHandler(bible: TypedBible, options: HandlerOptions = {}) {
  const webDir = options.webDir === undefined ? DEFAULT_WEB_DIR : options.webDir;
  const dataDir = options.dataDir === undefined ? DEFAULT_DATA_DIR : options.dataDir;
  const state: HandlerState = {
    bible,
    options,
    operations: new Set(bible.operations.map((op) => op.name)),
    bodyParams: new Map(bible.operations.flatMap((op) => (op.bodyParam ? [[op.name, op.bodyParam] as const] : []))),
    limiter: options.limiter ?? memoryLimiter(options.now),
    answers: semaphore(options.maxConcurrentAnswers ?? DEFAULT_CONCURRENT_ANSWERS),
    serveStatic: staticFiles(staticRoots(webDir, dataDir)),
    hasWebPage: webDir !== null,
  };
  return (req: IncomingMessage, res: ServerResponse): void => {
    const exchange: Exchange = { state, req, res };
    req.on('error', () => {});
    res.on('error', () => {});
    if (options.metrics || options.accessLog) observe(exchange);
    handle(exchange).catch((error: unknown) => failInternally(exchange, error));
  };
}

/** What every request's steps share: the engine, the options, and what createHandler prepared once. */
interface HandlerState {
  bible: TypedBible;
  /** read on every request: keys may be swapped and draining set while the server runs */
  options: HandlerOptions;
  operations: ReadonlySet<string>;
  /** the parameter a POST to each operation that takes one carries as its body */
  bodyParams: ReadonlyMap<string, string>;
  limiter: Limiter;
  answers: Semaphore;
  serveStatic: ReturnType<typeof staticFiles>;
  hasWebPage: boolean;
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
  if (method === 'OPTIONS') {
    x.res.writeHead(204, { ...commonHeaders(state), ...preflightHeaders(req.headers), 'Content-Length': 0 }).end();
    return;
  }
  const named = method === 'POST' ? operationNameIn(url) : undefined;
  const wrongMethod = checkMethod(method, named !== undefined && state.bodyParams.has(named));
  if (wrongMethod) return sendRefusal(x, wrongMethod);
  const target = splitTarget(url);
  if (isRefusal(target)) return sendRefusal(x, target);
  if (await serveOperational(x, target.path)) return;
  const route = await serveRoute(x, routeOf(target.path, state.operations, state.hasWebPage), target.query);
  if (!route) return;
  const { options } = state;
  const admission = await admit(req.headers, options.keys, state.limiter, () => options.metrics?.rejection());
  if (isRefusal(admission)) return sendRefusal(x, admission);
  if (route.kind === 'unknown') {
    const code = route.looksLikeApi ? 'UNKNOWN_OPERATION' : 'NOT_FOUND';
    return sendRefusal(x, refusal(404, code, unknownPathMessage(target.path, route)), admission.headers);
  }
  await answerOperation(x, route.name, target.query, admission.headers);
}

/** GET /healthz and /metrics: no key needed. */
async function serveOperational(x: Exchange, path: string): Promise<boolean> {
  const { bible, options } = x.state;
  if (path === '/healthz') {
    const packs = bible.loadedPacks();
    const ready = packs.includes('meta');
    await sendJson(x, ready ? 200 : 503, {
      status: ready ? 'ok' : 'starting',
      packsLoaded: packs.length,
      pid: process.pid,
    });
    return true;
  }
  if (path !== '/metrics') return false;
  if (!options.metrics) {
    await sendJson(x, 501, errorBody('NOT_AVAILABLE', 'metrics need the prom-client package: npm install prom-client'));
    return true;
  }
  const { contentType, body } = await options.metrics.exposition();
  if (!x.res.destroyed) {
    x.res
      .writeHead(200, { ...commonHeaders(x.state), 'Content-Type': contentType, 'Cache-Control': 'no-cache' })
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

/** The operation's answer (or its BibleError), built within the bound on answers built at once. */
async function answerOperation(x: Exchange, name: string, query: string, admitted: Record<string, string>) {
  const { bible, answers, bodyParams } = x.state;
  let params: Record<string, string> | undefined;
  try {
    params = parseQuery(query);
    const bodyParam = x.req.method === 'POST' ? bodyParams.get(name) : undefined;
    if (bodyParam) {
      try {
        params[bodyParam] = await readBody(x.req, MAX_BODY_BYTES);
      } catch (error) {
        if (!(error instanceof BodyTooLarge)) throw error;
        const tooLarge = refusal(413, 'PAYLOAD_TOO_LARGE', `${error.message}; ${name} reads at most that much text`);
        await sendRefusal(x, tooLarge, { ...admitted, Connection: 'close' });
        return;
      }
    }
    // Building an answer takes memory in proportion to it (objects, JSON, gzip): a bounded number are
    // built at once, and each slot is freed before its bytes go out to a client of any speed.
    const release = await answers.acquire();
    let encoded: EncodedJson;
    try {
      encoded = await encodeJson(x.req.headers, await bible.call(name, params));
    } finally {
      release();
    }
    writeJson(x, 200, encoded, withIgnoredParams(admitted, bible.unknownParams(name, params)));
  } catch (error) {
    if (!(error instanceof BibleError)) throw error;
    const headers = params ? withIgnoredParams(admitted, bible.unknownParams(name, params)) : admitted;
    await sendJson(x, statusOf(error), error.toJSON(), headers);
  }
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
  x.res.writeHead(status, { ...commonHeaders(x.state), ...headers, ...jsonHeaders(encoded) });
  x.res.end(x.req.method === 'HEAD' ? undefined : encoded.payload);
  sentBytes.set(x.res, encoded.payload.length);
}

async function sendJson(x: Exchange, status: number, body: unknown, headers: Record<string, string> = {}) {
  writeJson(x, status, await encodeJson(x.req.headers, body), headers);
}

const sendRefusal = (x: Exchange, r: Refusal, headers: Record<string, string> = {}) =>
  sendJson(x, r.status, r.body, { ...headers, ...r.headers });

/** The packs and manifest under /data/, and the reader page at /. */
function staticRoots(webDir: string | null, dataDir: string | null): StaticRoot[] {
  return [
    // Packs and the manifest; a ?v=<hash> URL names one exact content, so it may be kept for a year.
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

/** How many answers are built at once by default: enough to keep both cores busy with gzip. */
const DEFAULT_CONCURRENT_ANSWERS = 4;

/** A counting semaphore; acquire resolves with the function that frees the slot. */
interface Semaphore {
  acquire(): Promise<() => void>;
}

function semaphore(slots: number): Semaphore {
  let free = slots;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else free++;
  };
  return {
    acquire(): Promise<() => void> {
      if (free > 0) {
        free--;
        return Promise.resolve(release);
      }
      return new Promise((resolve) => queue.push(() => resolve(release)));
    },
  };
}

/** Answers requests Node's HTTP parser rejects (malformed, oversized, timed out) and closes them. */
function answerClientError(error: Error & { code?: string; rawPacket?: Buffer }, socket: Socket): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  let status = 400;
  let reason = 'Bad Request';
  let body = errorBody('BAD_REQUEST', 'malformed HTTP request');
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    // A request line that has not ended within the limit is an overlong URL; else the headers are.
    const head = error.rawPacket ? error.rawPacket.subarray(0, MAX_URL_LENGTH + 64).toString('latin1') : '';
    const lineEnd = head.indexOf('\r\n');
    if (lineEnd < 0 || lineEnd > MAX_URL_LENGTH) {
      status = 414;
      reason = 'URI Too Long';
      body = errorBody('URI_TOO_LONG', `the request URL is too long; at most ${MAX_URL_LENGTH} characters`);
    } else {
      status = 431;
      reason = 'Request Header Fields Too Large';
      body = errorBody('HEADERS_TOO_LARGE', 'the request headers are too large');
    }
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    reason = 'Request Timeout';
    body = errorBody('REQUEST_TIMEOUT', 'the request took too long to arrive');
  }
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: ${Buffer.byteLength(json)}\r\nAccess-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n${json}`,
  );
}

export interface ServeOptions extends HandlerOptions {
  /** default 8080; 0 picks a free port */
  port?: number;
  /** default 0.0.0.0 (every interface, as a hosted API needs); pass 127.0.0.1 to stay local */
  host?: string;
  /** an open engine; else one is opened with `open` (and dataDir for the packs) */
  bible?: TypedBible;
  open?: Partial<OpenOptions>;
}

export interface BibleServer {
  server: Server;
  /** the engine it answers from */
  bible: TypedBible;
  port: number;
  /** the address to tell users, e.g. http://127.0.0.1:8080/ */
  url: string;
  /** stops accepting, lets answers in flight finish (at most graceMs), then closes every connection */
  close(graceMs?: number): Promise<void>;
}

export async function serve(options: ServeOptions = {}): Promise<BibleServer> {
  const bible =
    options.bible ?? (await openNode({ ...options.open, ...(options.dataDir ? { dataDir: options.dataDir } : {}) }));
  const state: HandlerOptions = options;
  const server = createServer(
    { requestTimeout: 30_000, headersTimeout: 15_000, keepAliveTimeout: 5_000 },
    createHandler(bible, state),
  );
  server.on('clientError', answerClientError);
  const host = options.host ?? '0.0.0.0';
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, host, () => {
      server.off('error', reject);
      resolvePromise();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 8080);
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    server,
    bible,
    port,
    url: `http://${shown}:${port}/`,
    close(graceMs = 10_000) {
      return (closing ??= new Promise<void>((done) => {
        state.draining = true;
        const force = setTimeout(() => server.closeAllConnections(), graceMs);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          done();
        });
        server.closeIdleConnections();
      }));
    },
  };
}
