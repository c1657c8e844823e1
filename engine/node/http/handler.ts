// The Node server's request handler and its routing: the steps every request passes (the connection
// cap, preflight, Host, method and target, health and metrics, the OpenAPI document, static files,
// admission by key), then the operation's answer (operation-answer.ts). The target, route and refusals
// are the request-to-answer layer's (api-answer.ts), which an edge host shares.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import type { TypedBible } from '../../core/engine.ts';
import { DEFAULT_DATA_DIR } from '../loader.ts';
import { requestKey } from '../keys.ts';
import { memoryLimiter } from '../rate-limits.ts';
import { admit } from './admission.ts';
import { createAnswerBudget } from './answer-budget.ts';
import { apiSite, checkTarget, describeApi, OPENAPI_PATH, routeFor, unknownRouteRefusal } from './api-answer.ts';
import { owe } from './connections.ts';
import { clientFault, commonHeaders, failInternally, observe, sendJson, sendRefusal } from './exchange-writer.ts';
import {
  ANSWER_LIMITS,
  BUSY_RETRY_SECONDS,
  DEFAULT_CONCURRENT_ANSWERS,
  type Exchange,
  type HandlerOptions,
  type HandlerState,
  yieldGraceMs,
} from './handler-state.ts';
import { sharedExposition } from './metrics-answer.ts';
import { answerOperation } from './operation-answer.ts';
import { errorBody, isRefusal, refusal } from './refusal.ts';
import { preflightHeaders } from './request-target.ts';
import type { Route } from './routes.ts';
import { semaphore } from './semaphore.ts';
import { type StaticRoot, staticFiles } from './static-files.ts';
import { createTurns } from './turns.ts';
import { createYielders } from './yielding.ts';

export const DEFAULT_WEB_DIR = resolve(DEFAULT_DATA_DIR, '..', 'web');

export function createHandler(bible: TypedBible, options: HandlerOptions = {}) {
  const webDir = options.webDir === undefined ? DEFAULT_WEB_DIR : options.webDir;
  const dataDir = options.dataDir === undefined ? DEFAULT_DATA_DIR : options.dataDir;
  const budget = createAnswerBudget(options.answerBudgetBytes ?? ANSWER_LIMITS.answerBudgetBytes);
  const state: HandlerState = {
    ...apiSite(bible, {
      hasWebPage: webDir !== null,
      packFolders: [...new Set([dataDir, DEFAULT_DATA_DIR].filter((d): d is string => !!d))],
    }),
    options,
    rowwise: new Set(bible.operations.flatMap((op) => (op.rows ? [op.name] : []))),
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
  const target = checkTarget(state, method, url);
  if (isRefusal(target)) return sendRefusal(x, target);
  if (await serveOperational(x, target.path)) return;
  if (target.path === OPENAPI_PATH) return sendJson(x, 200, describeApi(state.bible));
  const route = await serveRoute(x, routeFor(state, target.path), target.query);
  if (!route) return;
  const { options } = state;
  const admission = await admit(req.headers, options.keys, state.limiter, () => options.metrics?.rejection());
  if (isRefusal(admission)) return sendRefusal(x, admission);
  if (route.kind === 'unknown') {
    return sendRefusal(x, unknownRouteRefusal(state, target.path, route), admission.headers);
  }
  await answerOperation(x, route.name, target.query, admission.headers);
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
