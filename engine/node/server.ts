// The HTTP server, a drop-in for the hosted API: GET /<Operation>?name=value answers exactly what
// bible.call() answers, for every operation in the table; /api/v2/licensing|bibles|credits map to
// GetLicensing, GetBibles and GetCredits. It also serves the reader page (dist/web) and the packs
// (dist/data). node:http only. Nothing a client sends can take it down: every failure is an answer.
//
// This module is the server's lifecycle: open the engine, listen (and on the ops port), cap connections,
// and close gracefully. A request goes through small steps in engine/node/http: the request-to-answer
// layer any host can use (api-answer.ts), the Node handler and its routing (handler.ts), an operation's
// answer within the memory budget (operation-answer.ts), answer writing (exchange-writer.ts,
// answer-writer.ts), and requests Node's parser refuses (client-errors.ts). Slow and hostile clients
// can neither take its memory nor stall others: large answers are written a piece at a time as the
// client reads (answer-writer.ts) within a memory budget (answer-budget.ts), and slow builds and long
// texts run in turns of the event loop (turns.ts) so cheap requests go between them.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { OpenOptions, TypedBible } from '../core/engine.ts';
import { API_V2_PATHS } from '../core/ops/licensing.ts';
import { DEFAULT_DATA_DIR, openNode } from './loader.ts';
import { watchPacks } from './pack-check.ts';
import { RATE_HEADERS } from './http/admission.ts';
import { IGNORED_PARAMS_HEADER, REPEATED_PARAMS_HEADER } from './http/answer-headers.ts';
import type { AnswerBudget } from './http/answer-budget.ts';
import { answerClientError, answerExpectations, refuseConnect } from './http/client-errors.ts';
import { capConnections } from './http/connection-cap.ts';
import { readInSlices } from './http/connections.ts';
import { createHandler } from './http/handler.ts';
import { CONNECTION_LIMITS, type HandlerOptions } from './http/handler-state.ts';
import { JSON_TYPE } from './http/json-answer.ts';
import { parseQuery, readQuery } from './http/query.ts';
import { errorBody } from './http/refusal.ts';
import { MAX_URL_LENGTH } from './http/request-target.ts';

export {
  API_V2_PATHS,
  IGNORED_PARAMS_HEADER,
  MAX_URL_LENGTH,
  parseQuery,
  RATE_HEADERS,
  readQuery,
  REPEATED_PARAMS_HEADER,
};
export { OPENAPI_PATH, statusOf, withoutPackFolders } from './http/api-answer.ts';
export { createHandler, DEFAULT_WEB_DIR } from './http/handler.ts';
export {
  ANSWER_LIMITS,
  CONNECTION_LIMITS,
  type HandlerOptions,
  MAX_BODY_BYTES,
  type OpsAccess,
} from './http/handler-state.ts';

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
