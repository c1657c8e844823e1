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
import { API_V2_PATHS, routeOf, unknownPathMessage, type Route } from './http/routes.ts';
import { staticFiles } from './http/static-files.ts';

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
  const operations = new Set(bible.operations.map((op) => op.name));
  const limiter = options.limiter ?? memoryLimiter(options.now);
  const answers = semaphore(options.maxConcurrentAnswers ?? DEFAULT_CONCURRENT_ANSWERS);
  const webDir = options.webDir === undefined ? DEFAULT_WEB_DIR : options.webDir;
  const dataDir = options.dataDir === undefined ? DEFAULT_DATA_DIR : options.dataDir;
  const serveStatic = staticFiles([
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
  ]);

  const common = (): Record<string, string> => (options.draining ? { ...CORS, Connection: 'close' } : CORS);

  const writeJson = (
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    encoded: EncodedJson,
    headers: Record<string, string> = {},
  ) => {
    if (res.destroyed) return;
    res.writeHead(status, { ...common(), ...headers, ...jsonHeaders(encoded) });
    res.end(req.method === 'HEAD' ? undefined : encoded.payload);
    sentBytes.set(res, encoded.payload.length);
  };
  const sendJson = async (
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => writeJson(req, res, status, await encodeJson(req.headers, body), headers);
  const sendRefusal = (req: IncomingMessage, res: ServerResponse, r: Refusal, headers: Record<string, string> = {}) =>
    sendJson(req, res, r.status, r.body, { ...headers, ...r.headers });

  /** GET /healthz and /metrics: no key needed. */
  const serveOperational = async (req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> => {
    if (path === '/healthz') {
      const packs = bible.loadedPacks();
      const ready = packs.includes('meta');
      await sendJson(req, res, ready ? 200 : 503, {
        status: ready ? 'ok' : 'starting',
        packsLoaded: packs.length,
        pid: process.pid,
      });
      return true;
    }
    if (path === '/metrics') {
      if (!options.metrics) {
        await sendJson(
          req,
          res,
          501,
          errorBody('NOT_AVAILABLE', 'metrics need the prom-client package: npm install prom-client'),
        );
        return true;
      }
      const { contentType, body } = await options.metrics.exposition();
      if (!res.destroyed)
        res
          .writeHead(200, { ...common(), 'Content-Type': contentType, 'Cache-Control': 'no-cache' })
          .end(req.method === 'HEAD' ? undefined : body);
      return true;
    }
    return false;
  };

  /** A static file if one answers the route, else the route it falls back to. */
  const serveRoute = async (
    req: IncomingMessage,
    res: ServerResponse,
    route: Route,
    query: string,
  ): Promise<Exclude<Route, { kind: 'static' }> | null> => {
    if (route.kind !== 'static') return route;
    if (await serveStatic(req, res, route.file, query, common())) return null;
    return serveRoute(req, res, route.fallback, query);
  };

  /** The operation's answer (or its BibleError), built within the bound on answers built at once. */
  const answerOperation = async (
    req: IncomingMessage,
    res: ServerResponse,
    name: string,
    query: string,
    admitted: Record<string, string>,
  ) => {
    let params: Record<string, string> | undefined;
    try {
      params = parseQuery(query);
      const bodyParam = req.method === 'POST' ? bible.operations.find((o) => o.name === name)?.bodyParam : undefined;
      if (bodyParam) {
        try {
          params[bodyParam] = await readBody(req, MAX_BODY_BYTES);
        } catch (error) {
          if (!(error instanceof BodyTooLarge)) throw error;
          await sendRefusal(
            req,
            res,
            refusal(413, 'PAYLOAD_TOO_LARGE', `${error.message}; ${name} reads at most that much text`),
            { ...admitted, Connection: 'close' },
          );
          return;
        }
      }
      // Building an answer takes memory in proportion to it (objects, JSON, gzip): a bounded number are
      // built at once, and each slot is freed before its bytes go out to a client of any speed.
      const release = await answers.acquire();
      let encoded: EncodedJson;
      try {
        encoded = await encodeJson(req.headers, await bible.call(name, params));
      } finally {
        release();
      }
      writeJson(req, res, 200, encoded, withIgnoredParams(admitted, bible.unknownParams(name, params)));
    } catch (error) {
      if (!(error instanceof BibleError)) throw error;
      await sendJson(
        req,
        res,
        statusOf(error),
        error.toJSON(),
        params ? withIgnoredParams(admitted, bible.unknownParams(name, params)) : admitted,
      );
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = req.method ?? '';
    const url = req.url ?? '/';
    if (method === 'OPTIONS') {
      res.writeHead(204, { ...common(), ...preflightHeaders(req.headers), 'Content-Length': 0 }).end();
      return;
    }
    const named = operationNameIn(url);
    const postable = named !== undefined && bible.operations.some((o) => o.name === named && o.bodyParam);
    const wrongMethod = checkMethod(method, postable);
    if (wrongMethod) return sendRefusal(req, res, wrongMethod);
    const target = splitTarget(url);
    if (isRefusal(target)) return sendRefusal(req, res, target);
    if (await serveOperational(req, res, target.path)) return;
    const route = await serveRoute(req, res, routeOf(target.path, operations, webDir !== null), target.query);
    if (!route) return;
    const admission = await admit(req.headers, options.keys, limiter, () => options.metrics?.rejection());
    if (isRefusal(admission)) return sendRefusal(req, res, admission);
    if (route.kind === 'unknown') {
      const code = route.looksLikeApi ? 'UNKNOWN_OPERATION' : 'NOT_FOUND';
      return sendRefusal(req, res, refusal(404, code, unknownPathMessage(target.path, route)), admission.headers);
    }
    await answerOperation(req, res, route.name, target.query, admission.headers);
  };

  const observe = (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    res.on('finish', () => {
      const seconds = (performance.now() - started) / 1000;
      const path = String(req.url ?? '/').split('?')[0];
      const name = API_V2_PATHS[path] ?? path.slice(1);
      if (options.metrics && operations.has(name)) options.metrics.request(name, res.statusCode, seconds);
      options.accessLog?.(
        `${new Date().toISOString()} ${req.method} ${String(req.url).slice(0, 300)} ${res.statusCode} ${(seconds * 1000).toFixed(1)}ms ${sentBytes.get(res) ?? '-'}`,
      );
    });
  };

  return (req: IncomingMessage, res: ServerResponse): void => {
    req.on('error', () => {});
    res.on('error', () => {});
    if (options.metrics || options.accessLog) observe(req, res);
    handle(req, res).catch((error: unknown) => {
      console.error(`bible serve: ${req.method} ${String(req.url).slice(0, 200)} failed:`, error);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      void sendJson(req, res, 500, errorBody('INTERNAL', 'internal error')).catch(() => res.destroy());
    });
  };
}

/** Bytes of each JSON answer, for the access log (headers given to writeHead are not readable back). */
const sentBytes = new WeakMap<ServerResponse, number>();

/** How many answers are built at once by default: enough to keep both cores busy with gzip. */
const DEFAULT_CONCURRENT_ANSWERS = 4;

/** A counting semaphore; acquire resolves with the function that frees the slot. */
function semaphore(slots: number) {
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
