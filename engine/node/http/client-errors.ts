// Requests the handler never sees: those Node's HTTP parser rejects, CONNECT, and `Expect` headers.
// Each is answered in the JSON shape of every error and counted as the client's fault.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { CORS } from './answer-headers.ts';
import { connectionOf, readBeingParsed } from './connections.ts';
import { type HandlerOptions, MAX_BODY_BYTES } from './handler-state.ts';
import { JSON_TYPE } from './json-answer.ts';
import { errorBody } from './refusal.ts';
import { MAX_URL_LENGTH } from './request-target.ts';

/**
 * Answers requests Node's HTTP parser rejects (malformed, oversized, timed out) and closes them. They are
 * the client's fault: counted and logged as one line like any answer, never a stack trace. Requests that
 * arrived whole before the bad one on the same connection (pipelined) get their answers first: the
 * refusal written at once would reach the client as the answer to the first of them.
 */
export function answerClientError(
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
export function refuseConnect(_req: IncomingMessage, socket: Socket): void {
  const json = JSON.stringify(errorBody('METHOD_NOT_ALLOWED', 'method CONNECT is not allowed; use GET'));
  socket.on('error', () => socket.destroy());
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, OPTIONS\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: ${Buffer.byteLength(json)}\r\nAccess-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n${json}`,
  );
}

/**
 * `Expect: 100-continue`: the client waits for "100 Continue" before it sends its body. Node sends it to
 * every such request; a body announced larger than any request may carry is refused (413) without it, so
 * the client does not send the body only to have its connection closed under it. Any other expectation
 * answers 417 in the JSON shape of every error (Node's own 417 has no body).
 */
export function answerExpectations(server: Server, handler: (req: IncomingMessage, res: ServerResponse) => void): void {
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
