// The requests of one connection: the answers it is owed, in order, and how many of them it may have in
// hand before it is no longer read (pipelining), and whether a client fault has ended it. A connection
// builds one answer at a time: a pipelined request is handled only once the answer before it is written,
// so it never holds memory (a budget reservation, a built result) that the answer before it waits for;
// that answer could not go out, being before it, and the later one could not go before it (answers go
// in order), so each would wait on the other.
import type { Server, ServerResponse } from 'node:http';
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
 * client sends and keeps a request and a response object for each, without bound. The slice of a read
 * being parsed (SLICE_BYTES) is still parsed; the rest of it waits as bytes. Node resumes a paused socket whenever an answer's bytes
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

/**
 * Bytes of a read handed to Node's parser at a time. Node parses the whole of each read (up to 64 KiB,
 * some 900 short requests) before it can stop, and keeps a request and a response object for each; fed
 * a slice at a time, it stops at the slice in which the connection came to have PIPELINED_AHEAD answers
 * owed, and the rest of the read waits as bytes (and what the client sends after it, in the kernel).
 */
const SLICE_BYTES = 4 * 1024;

type NodeListener = (...args: unknown[]) => void;

/** What each connection was handed to parse in slices, from the start of the read being parsed. */
const readsFed = new WeakMap<Socket, Buffer>();

/**
 * The read being parsed on `socket`, from its start: a parser error's own packet is only the slice it
 * failed in, where a request too large to parse is judged from its first line.
 */
export function readBeingParsed(socket: Socket): Buffer | undefined {
  return readsFed.get(socket);
}

/**
 * Has every connection of `server` parsed a slice of a read at a time, as described at SLICE_BYTES.
 * Node's own listeners stay in charge: they are handed the slices, and the end of the stream once every
 * slice has been handed over (the socket's and the server's 'end' listeners both wait for it). Call after the server is created (its own listener comes first).
 */
export function readInSlices(server: Server): void {
  server.on('connection', (socket: ParsedSocket) => {
    const dataListeners = socket.listeners('data') as NodeListener[];
    const endListeners = socket.listeners('end') as NodeListener[];
    if (dataListeners.length !== 1) return;
    const [nodeOnData] = dataListeners;
    let pending: Buffer | undefined;
    let ended = false;
    const feed = () => {
      if (pending) readsFed.set(socket, pending);
      while (pending && !socket._paused && !socket.destroyed && socket.parser) {
        const slice = pending.subarray(0, SLICE_BYTES);
        pending = pending.length > SLICE_BYTES ? pending.subarray(SLICE_BYTES) : undefined;
        nodeOnData.call(socket, slice);
      }
      // Parser errors come while a slice is parsed: a read handed over whole is not kept past it.
      if (!pending) readsFed.delete(socket);
      if (ended && !pending) {
        ended = false;
        for (const listener of endListeners) listener.call(socket);
      }
    };
    socket.removeListener('data', nodeOnData);
    for (const listener of endListeners) socket.removeListener('end', listener);
    // Node's wrapper of socket.on hands reading back from its parser to the stream for a 'data' listener.
    socket.on('data', (chunk: Buffer) => {
      pending = pending ? Buffer.concat([pending, chunk]) : chunk;
      feed();
    });
    socket.on('end', () => {
      ended = true;
      feed();
    });
    socket.once('close', () => {
      pending = undefined;
    });
    const resume = socket.resume;
    socket.resume = function (this: Socket) {
      resume.call(this);
      process.nextTick(feed);
      return this;
    };
  });
}
