// The requests of one connection: the answers it is owed, in order, and how many of them it may have in
// hand before it is no longer read (pipelining), and whether a client fault has ended it. A connection
// builds one answer at a time: a pipelined request is handled only once the answer before it is written,
// so it never holds memory (a budget reservation, a built result) that the answer before it waits for;
// that answer could not go out, being before it, and the later one could not go before it (answers go
// in order), so each would wait on the other.
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionCap } from './connection-cap.ts';

/** What the requests of one connection share. */
export interface Connection {
  /** answers not yet written, in the order their requests came (pipelined requests each have one) */
  owed: Set<ServerResponse>;
  /** the latest answer owed on it */
  last: ServerResponse | undefined;
  /** a client fault has been counted on this connection, which it ends */
  faulted: boolean;
  /** reading stopped because the connection has PIPELINED_AHEAD answers in hand */
  paused: boolean;
}

const connections = new WeakMap<Socket, Connection>();

export function connectionOf(socket: Socket): Connection {
  let connection = connections.get(socket);
  if (!connection) {
    const owed = new Set<ServerResponse>();
    connection = { owed, last: undefined, faulted: false, paused: false };
    connections.set(socket, connection);
    socket.once('close', () => {
      for (const res of [...owed]) abandon(res);
    });
  }
  return connection;
}

/**
 * Ends an answer whose connection has closed before it began. Node tells only the answer being written
 * (it emits 'close' on it); those pipelined behind it would still be built, wait for room in the budget
 * and hold it until the write timeout, for a client that has gone.
 */
function abandon(res: ServerResponse): void {
  if (res.socket) return;
  res.destroy();
  res.emit('close');
}

/**
 * Answers a connection may have owed at once before it is no longer read. Node parses every request a
 * read brings and keeps a request and a response object for each until those before it are written: a
 * client that pipelines thousands of requests and reads nothing would have every one kept.
 */
const PIPELINED_AHEAD = 8;

/**
 * Notes an answer owed on the connection until it has been written or abandoned; returns the answer
 * before it that is not yet written, which this request must wait for.
 */
export function owe(socket: Socket, res: ServerResponse, cap?: ConnectionCap): ServerResponse | undefined {
  const connection = connectionOf(socket);
  const { owed } = connection;
  const before = connection.last && owed.has(connection.last) ? connection.last : undefined;
  connection.last = res;
  owed.add(res);
  cap?.busy(socket);
  res.once('close', () => {
    owed.delete(res);
    if (!owed.size) cap?.idle(socket);
    if (connection.paused && owed.size < PIPELINED_AHEAD) readOn(socket, connection);
  });
  if (owed.size >= PIPELINED_AHEAD && !connection.paused) stopReading(socket, connection);
  return before;
}

/** Node's HTTP server stops parsing a socket it has marked `_paused` (as it does for its own backpressure). */
type ParsedSocket = Socket & { _paused?: boolean; parser?: { pause(): void; resume(): void } | null };

/** Sockets whose resume() waits for their connection to have fewer answers in hand. */
const gatedResume = new WeakSet<Socket>();

/**
 * Stops reading a connection with PIPELINED_AHEAD answers in hand: otherwise Node parses every request a
 * client sends and keeps a request and a response object for each, without bound. What was already read
 * (at most one read, 64 KiB) is still parsed. Node resumes a paused socket whenever an answer's bytes
 * leave it; while this connection has its answers in hand, that resume waits.
 */
function stopReading(socket: ParsedSocket, connection: Connection): void {
  connection.paused = true;
  if (!gatedResume.has(socket)) {
    gatedResume.add(socket);
    const resume = socket.resume;
    socket.resume = function (this: Socket) {
      return connection.paused ? this : resume.call(this);
    };
  }
  socket._paused = true;
  socket.pause();
}

function readOn(socket: ParsedSocket, connection: Connection): void {
  connection.paused = false;
  if (socket.destroyed) return;
  socket._paused = false;
  socket.parser?.resume();
  socket.resume();
}
