// Writing an answer on a Node response: the JSON of a small answer at once (within the budget's
// headroom), refusals and 503s, a client's faults counted and logged, and the access log's line.
import type { Socket } from 'node:net';
import type { ServerResponse } from 'node:http';
import { API_V2_PATHS } from '../../core/ops/licensing.ts';
import { CORS } from './answer-headers.ts';
import { finished } from './answer-writer.ts';
import { connectionOf } from './connections.ts';
import type { Exchange, HandlerState } from './handler-state.ts';
import { BUSY_RETRY_SECONDS, writeTimeoutMs } from './handler-state.ts';
import { type EncodedJson, encodeJson, jsonHeaders } from './json-answer.ts';
import { errorBody, type Refusal, refusal } from './refusal.ts';

/** CORS on every answer; while draining, answers also close their connection. */
export const commonHeaders = (state: HandlerState): Record<string, string> =>
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

export async function sendJson(x: Exchange, status: number, body: unknown, headers: Record<string, string> = {}) {
  writeJson(x, status, await encodeJson(x.req.headers, body), headers);
}

export const sendRefusal = (x: Exchange, r: Refusal, headers: Record<string, string> = {}) =>
  sendJson(x, r.status, r.body, { ...headers, ...r.headers });

/** 503 while the budget for large answers is spent: the client may come back shortly. */
export function sendBusy(x: Exchange, headers: Record<string, string>): Promise<void> {
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
export function clientFault(state: HandlerState, socket: Socket, kind: string, line: string): void {
  const connection = connectionOf(socket);
  if (connection.faulted) return;
  connection.faulted = true;
  state.options.onClientFault?.(kind);
  state.options.metrics?.clientFault?.(kind);
  state.options.accessLog?.(`${new Date().toISOString()} client fault (${kind}) ${line}`);
}

/** A failure no step expected: logged, and answered 500 unless the answer has begun. */
export function failInternally(x: Exchange, error: unknown): void {
  console.error(`bible serve: ${x.req.method} ${String(x.req.url).slice(0, 200)} failed:`, error);
  if (x.res.headersSent) {
    x.res.destroy();
    return;
  }
  void sendJson(x, 500, errorBody('INTERNAL', 'internal error')).catch(() => x.res.destroy());
}

/** Metrics and the access log, once the answer has gone out. */
export function observe(x: Exchange): void {
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

/** Bytes of each JSON answer, for the access log (headers given to writeHead are not readable back). */
export const sentBytes = new WeakMap<ServerResponse, number>();
