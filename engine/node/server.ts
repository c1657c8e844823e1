// The HTTP server, a drop-in for the hosted API: GET /<Operation>?name=value answers exactly what
// bible.call() answers, for every operation in the table; /api/v2/licensing|bibles|credits map to
// GetLicensing, GetBibles and GetCredits. It also serves the reader page (dist/web) and the packs
// (dist/data). node:http only. Nothing a client sends can take it down: every failure is an answer.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';
import { BibleError } from '../core/errors.ts';
import { LICENSING_PATHS } from '../core/ops/licensing.ts';
import type { OpenOptions, TypedBible } from '../core/engine.ts';
import { requestKey, loadKeyFile, type ApiKeys } from './keys.ts';
import type { ServerMetrics } from './metrics.ts';
import { LimiterUnavailable, memoryLimiter, type Limiter } from './rate-limits.ts';
import { DEFAULT_DATA_DIR, openNode } from './loader.ts';
import { acceptsGzip, staticFiles } from './static.ts';
import { BodyTooLarge, readBody } from './request-body.ts';
import { resolve } from 'node:path';

/** Second-generation paths of the hosted API and the operations that answer them (the licensing family's). */
export const API_V2_PATHS = LICENSING_PATHS;

/** Rate-limit headers on every keyed answer (and Retry-After on 429). Reset is in seconds from now. */
export const RATE_HEADERS = { limit: 'X-RateLimit-Limit', remaining: 'X-RateLimit-Remaining', reset: 'X-RateLimit-Reset' } as const;

/** Longer request targets answer 414; the whole request head is also capped by Node (16 KiB -> 431). */
export const MAX_URL_LENGTH = 8192;
/** The largest POST body (GetCitationsInText's text): 1 MiB; past it the answer is 413. */
export const MAX_BODY_BYTES = 1_048_576;
const MAX_PARAMS = 64;
const GZIP_MIN_BYTES = 1024;
/** Above this, gzip runs on the thread pool instead of blocking the event loop. */
const GZIP_SYNC_MAX_BYTES = 128 * 1024;
const GZIP_LEVEL = 5;
const gzipAsync = promisify(gzip);

export const DEFAULT_WEB_DIR = resolve(DEFAULT_DATA_DIR, '..', 'web');
const JSON_TYPE = 'application/json; charset=utf-8';
const EXPOSED = ['ETag', 'Retry-After', RATE_HEADERS.limit, RATE_HEADERS.remaining, RATE_HEADERS.reset, 'X-Ignored-Parameters'].join(', ');
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

type ErrorBody = { error: { code: string; message: string; param: string | null } };
const errorBody = (code: string, message: string, param: string | null = null): ErrorBody => ({ error: { code, message, param } });

/** Status for a BibleError: an unknown operation is 404, everything else the caller sent is 400. */
export const statusOf = (error: BibleError): number => (error.code === 'UNKNOWN_OPERATION' ? 404 : 400);

/** Splits a query string strictly: bad percent-encoding, repeated or too many parameters are errors. */
export function parseQuery(query: string): Record<string, string> {
  const params: Record<string, string> = {};
  if (!query) return params;
  const parts = query.split('&');
  if (parts.length > MAX_PARAMS) throw new BibleError('INVALID_PARAMETER', `too many query parameters (${parts.length}); at most ${MAX_PARAMS}`);
  for (const part of parts) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const rawName = eq < 0 ? part : part.slice(0, eq);
    const rawValue = eq < 0 ? '' : part.slice(eq + 1);
    let name: string;
    let value: string;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      throw new BibleError('INVALID_PARAMETER', `a parameter name has bad percent-encoding: ${JSON.stringify(rawName.slice(0, 40))}`);
    }
    try {
      value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    } catch {
      throw new BibleError('INVALID_PARAMETER', `${name.slice(0, 40)} has bad percent-encoding (use %XX with UTF-8 bytes)`, name.slice(0, 40));
    }
    if (Object.prototype.hasOwnProperty.call(params, name)) throw new BibleError('INVALID_PARAMETER', `parameter ${name.slice(0, 40)} is given more than once`, name.slice(0, 40));
    params[name] = value;
  }
  return params;
}

export function createHandler(bible: TypedBible, options: HandlerOptions = {}) {
  const operations = new Set(bible.operations.map((op) => op.name));
  const limiter = options.limiter ?? memoryLimiter(options.now);
  const answers = semaphore(options.maxConcurrentAnswers ?? DEFAULT_CONCURRENT_ANSWERS);
  const webDir = options.webDir === undefined ? DEFAULT_WEB_DIR : options.webDir;
  const dataDir = options.dataDir === undefined ? DEFAULT_DATA_DIR : options.dataDir;
  const serveStatic = staticFiles([
    // Packs and the manifest; a ?v=<hash> URL names one exact content, so it may be kept for a year.
    ...(dataDir ? [{ prefix: '/data/', dir: dataDir, cacheControl: (file: string, versioned: boolean) =>
      file.endsWith('.pack') ? (versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=86400') : 'no-cache' }] : []),
    // The page revalidates every time (a 304 is cheap); its service worker does the offline part.
    ...(webDir ? [{ prefix: '/', dir: webDir, cacheControl: () => 'no-cache' }] : []),
  ]);

  const common = (): Record<string, string> => (options.draining ? { ...CORS, Connection: 'close' } : CORS);

  /** The answer as bytes to send, gzipped when the client takes it and it is worth it. */
  const encodeJson = async (req: IncomingMessage, body: unknown): Promise<{ payload: Buffer; gzipped: boolean }> => {
    const payload = Buffer.from(JSON.stringify(body) ?? 'null');
    if (payload.length < GZIP_MIN_BYTES || !acceptsGzip(req)) return { payload, gzipped: false };
    return { payload: payload.length <= GZIP_SYNC_MAX_BYTES ? gzipSync(payload, { level: GZIP_LEVEL }) : await gzipAsync(payload, { level: GZIP_LEVEL }), gzipped: true };
  };

  const writeJson = (req: IncomingMessage, res: ServerResponse, status: number, encoded: { payload: Buffer; gzipped: boolean }, headers: Record<string, string> = {}) => {
    const out: Record<string, string | number> = { ...common(), ...headers, 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' };
    if (encoded.gzipped) out['Content-Encoding'] = 'gzip';
    out['Content-Length'] = encoded.payload.length;
    if (res.destroyed) return;
    res.writeHead(status, out);
    res.end(req.method === 'HEAD' ? undefined : encoded.payload);
    sentBytes.set(res, encoded.payload.length);
  };

  const sendJson = async (req: IncomingMessage, res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
    writeJson(req, res, status, await encodeJson(req, body), headers);

  /** GET /healthz and /metrics: no key needed. */
  const serveOperational = async (req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> => {
    if (path === '/healthz') {
      const packs = bible.loadedPacks();
      const ready = packs.includes('meta');
      await sendJson(req, res, ready ? 200 : 503, { status: ready ? 'ok' : 'starting', packsLoaded: packs.length, pid: process.pid });
      return true;
    }
    if (path === '/metrics') {
      if (!options.metrics) {
        await sendJson(req, res, 501, errorBody('NOT_AVAILABLE', 'metrics need the prom-client package: npm install prom-client'));
        return true;
      }
      const { contentType, body } = await options.metrics.exposition();
      if (!res.destroyed) res.writeHead(200, { ...common(), 'Content-Type': contentType, 'Cache-Control': 'no-cache' }).end(req.method === 'HEAD' ? undefined : body);
      return true;
    }
    return false;
  };

  /** 401 / 429 when keys are configured and this request may not proceed; else the headers to add. */
  const admit = async (req: IncomingMessage, res: ServerResponse): Promise<Record<string, string> | null> => {
    const keys = options.keys;
    if (!keys) return {};
    const key = requestKey(req.headers);
    if (!key) {
      await sendJson(req, res, 401, errorBody('UNAUTHORIZED', 'this server needs an API key: send it in the x-api-key header (or x-rapidapi-key)'));
      return null;
    }
    const plan = keys.plan(key);
    if (!plan) {
      await sendJson(req, res, 401, errorBody('UNAUTHORIZED', 'unknown API key'));
      return null;
    }
    if (plan.perMinute === null) return {};
    let decision;
    try {
      decision = await limiter(key, plan.perMinute);
    } catch (error) {
      if (!(error instanceof LimiterUnavailable)) throw error;
      await sendJson(req, res, 503, errorBody('RATE_LIMIT_UNAVAILABLE', error.message), { 'Retry-After': '5' });
      return null;
    }
    const headers = {
      [RATE_HEADERS.limit]: String(decision.limit),
      [RATE_HEADERS.remaining]: String(decision.remaining),
      [RATE_HEADERS.reset]: String(decision.resetSeconds),
    };
    if (!decision.allowed) {
      options.metrics?.rejection();
      await sendJson(req, res, 429, errorBody('RATE_LIMITED', `plan "${plan.name}" allows ${plan.perMinute} requests per minute; retry in ${decision.resetSeconds} s`),
        { ...headers, 'Retry-After': String(decision.resetSeconds) });
      return null;
    }
    return headers;
  };

  /** The parameter a POST to this path may carry as its body, when its operation takes one. */
  const bodyParamOf = (target: string): string | undefined => {
    const name = /^\/([A-Za-z][A-Za-z0-9_]{0,99})(?:[?#]|$)/.exec(target)?.[1];
    const op = name !== undefined ? bible.operations.find((o) => o.name === name) : undefined;
    return op?.bodyParam;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = req.method ?? '';
    const target = req.url ?? '/';
    if (method === 'OPTIONS') {
      // CORS preflight: never needs a key (browsers do not send custom headers on it).
      const asked = String(req.headers['access-control-request-headers'] ?? '').replace(/[^\w ,-]/g, '').slice(0, 500);
      res.writeHead(204, { ...common(), 'Access-Control-Allow-Methods': 'GET, HEAD, POST, OPTIONS', 'Access-Control-Allow-Headers': asked || '*', 'Access-Control-Max-Age': '86400', 'Content-Length': 0 });
      res.end();
      return;
    }
    const postable = method === 'POST' ? bodyParamOf(target) : undefined;
    if (method !== 'GET' && method !== 'HEAD' && !postable) {
      await sendJson(req, res, 405, errorBody('METHOD_NOT_ALLOWED', `method ${method.slice(0, 20)} is not allowed; use GET`), { Allow: 'GET, HEAD, OPTIONS' });
      return;
    }
    if (target.length > MAX_URL_LENGTH) {
      await sendJson(req, res, 414, errorBody('URI_TOO_LONG', `the request URL has ${target.length} characters; at most ${MAX_URL_LENGTH}`));
      return;
    }
    const q = target.indexOf('?');
    const rawPath = q < 0 ? target : target.slice(0, q);
    const query = q < 0 ? '' : target.slice(q + 1).replace(/#.*$/, '');
    let path: string;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      await sendJson(req, res, 400, errorBody('BAD_REQUEST', 'the request path has bad percent-encoding'));
      return;
    }
    if (!path.startsWith('/') || path.includes('\0')) {
      await sendJson(req, res, 400, errorBody('BAD_REQUEST', 'malformed request path'));
      return;
    }
    if (path.length > 1) path = path.replace(/\/+$/, '');
    if (await serveOperational(req, res, path)) return;

    let name: string | undefined = API_V2_PATHS[path] ?? (/^\/[A-Za-z][A-Za-z0-9_]{0,99}$/.test(path) ? path.slice(1) : undefined);
    if (path === '/') name = webDir ? undefined : 'GetEndpoints';
    if (!(name && operations.has(name)) && (await serveStatic(req, res, path === '/' ? '/index.html' : path, query, common()))) return;
    if (path === '/') name = 'GetEndpoints';

    const admitted = await admit(req, res);
    if (!admitted) return;
    if (!name || !operations.has(name)) {
      const looksLikeApi = name !== undefined || path.startsWith('/api/');
      const message = looksLikeApi
        ? `unknown operation ${JSON.stringify((name ?? path).slice(0, 60))}${name && API_V2_PATHS[path] ? ` (${path} needs ${name}, which this build does not have)` : ''}; GET /GetEndpoints lists them all`
        : `nothing at ${JSON.stringify(path.slice(0, 80))}`;
      await sendJson(req, res, 404, errorBody(looksLikeApi ? 'UNKNOWN_OPERATION' : 'NOT_FOUND', message), admitted);
      return;
    }
    let params: Record<string, string> | undefined;
    try {
      params = parseQuery(query);
      if (postable) {
        try {
          params[postable] = await readBody(req, MAX_BODY_BYTES);
        } catch (error) {
          if (!(error instanceof BodyTooLarge)) throw error;
          await sendJson(req, res, 413, errorBody('PAYLOAD_TOO_LARGE', `${error.message}; ${name} reads at most that much text`), { ...admitted, Connection: 'close' });
          return;
        }
      }
      // Building an answer takes memory in proportion to it (objects, JSON, gzip): a bounded number are
      // built at once, and each slot is freed before its bytes go out to a client of any speed.
      const release = await answers.acquire();
      let encoded;
      try {
        encoded = await encodeJson(req, await bible.call(name, params));
      } finally {
        release();
      }
      writeJson(req, res, 200, encoded, withIgnoredParams(admitted, bible.unknownParams(name, params)));
    } catch (error) {
      if (error instanceof BibleError) await sendJson(req, res, statusOf(error), error.toJSON(), params ? withIgnoredParams(admitted, bible.unknownParams(name, params)) : admitted);
      else throw error;
    }
  };

  const observe = (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    res.on('finish', () => {
      const seconds = (performance.now() - started) / 1000;
      const path = String(req.url ?? '/').split('?')[0];
      const name = API_V2_PATHS[path] ?? path.slice(1);
      if (options.metrics && operations.has(name)) options.metrics.request(name, res.statusCode, seconds);
      options.accessLog?.(`${new Date().toISOString()} ${req.method} ${String(req.url).slice(0, 300)} ${res.statusCode} ${(seconds * 1000).toFixed(1)}ms ${sentBytes.get(res) ?? '-'}`);
    });
  };

  return (req: IncomingMessage, res: ServerResponse): void => {
    req.on('error', () => {});
    res.on('error', () => {});
    if (options.metrics || options.accessLog) observe(req, res);
    handle(req, res).catch((error: unknown) => {
      console.error(`bible serve: ${req.method} ${String(req.url).slice(0, 200)} failed:`, error);
      if (res.headersSent) { res.destroy(); return; }
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
    if (next) next(); else free++;
  };
  return {
    acquire(): Promise<() => void> {
      if (free > 0) { free--; return Promise.resolve(release); }
      return new Promise((resolve) => queue.push(() => resolve(release)));
    },
  };
}

/** Names the query parameters the operation ignored, so a client can see a misspelt one. */
export const IGNORED_PARAMS_HEADER = 'X-Ignored-Parameters';
function withIgnoredParams(headers: Record<string, string>, ignored: string[]): Record<string, string> {
  // Percent-encoded: a header value may not carry every character a parameter name can.
  return ignored.length ? { ...headers, [IGNORED_PARAMS_HEADER]: ignored.map(encodeURIComponent).join(', ').slice(0, 1000) } : headers;
}

/** Answers requests Node's HTTP parser rejects (malformed, oversized, timed out) and closes them. */
function answerClientError(error: Error & { code?: string; rawPacket?: Buffer }, socket: Socket): void {
  if (!socket.writable || error.code === 'ECONNRESET') { socket.destroy(); return; }
  let status = 400;
  let reason = 'Bad Request';
  let body = errorBody('BAD_REQUEST', 'malformed HTTP request');
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    // A request line that has not ended within the limit is an overlong URL; else the headers are.
    const head = error.rawPacket ? error.rawPacket.subarray(0, MAX_URL_LENGTH + 64).toString('latin1') : '';
    const lineEnd = head.indexOf('\r\n');
    if (lineEnd < 0 || lineEnd > MAX_URL_LENGTH) {
      status = 414; reason = 'URI Too Long'; body = errorBody('URI_TOO_LONG', `the request URL is too long; at most ${MAX_URL_LENGTH} characters`);
    } else {
      status = 431; reason = 'Request Header Fields Too Large'; body = errorBody('HEADERS_TOO_LARGE', 'the request headers are too large');
    }
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408; reason = 'Request Timeout'; body = errorBody('REQUEST_TIMEOUT', 'the request took too long to arrive');
  }
  const json = JSON.stringify(body);
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: ${Buffer.byteLength(json)}\r\nAccess-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n${json}`);
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
  const bible = options.bible ?? (await openNode({ ...options.open, ...(options.dataDir ? { dataDir: options.dataDir } : {}) }));
  const state: HandlerOptions = options;
  const server = createServer({ requestTimeout: 30_000, headersTimeout: 15_000, keepAliveTimeout: 5_000 }, createHandler(bible, state));
  server.on('clientError', answerClientError);
  const host = options.host ?? '0.0.0.0';
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, host, () => { server.off('error', reject); resolvePromise(); });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port ?? 8080;
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
        server.close(() => { clearTimeout(force); done(); });
        server.closeIdleConnections();
      }));
    },
  };
}
