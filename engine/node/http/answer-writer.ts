// Writes a JSON answer to a client of any speed. A small answer goes out as one buffer with its length;
// a large one is encoded a piece at a time (each piece in a turn, see turns.ts), gzipped as a stream when
// the client takes gzip, and written only as fast as the client reads: the next piece is encoded once the
// socket has drained. A client that stops reading for `writeTimeoutMs` is disconnected, so it holds
// neither its answer nor its connection.
import type { ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import { createGzip, type ZlibOptions } from 'node:zlib';
import { JSON_TYPE } from './json-answer.ts';
import type { Turns } from './turns.ts';

/** Answers whose JSON is expected to be larger than this are streamed (and count against the budget). */
export const STREAM_ABOVE_CHARS = 64 * 1024;
/**
 * About how many characters of JSON are encoded at a time (a piece is written once the last has drained):
 * small enough that encoding one (about 1 ms) fits well inside a turn.
 */
export const PIECE_CHARS = 16 * 1024;
/**
 * A large answer is gzipped at level 1: about twice as fast as level 5 for 18% more bytes (5.6 MB of
 * search JSON: 1.75 MB against 1.48 MB). Compression runs on the thread pool, which shares the machine's
 * cores with the event loop: under many heavy clients the cheaper level leaves the loop more of them.
 */
const GZIP_LEVEL = 1;

export interface StreamOptions {
  turns: Turns;
  gzip: boolean;
  writeTimeoutMs: number;
  /** HEAD: the headers only */
  headOnly: boolean;
  /** told the size of each chunk of the body as it is written (after gzip), for the access log */
  sent?: (bytes: number) => void;
  /** set while the answer waits on its client (the socket full): since when, else null (yielding.ts) */
  progress?: StreamProgress;
}

export interface StreamProgress {
  waitingSince: number | null;
}

/** Runs `wait` with `progress` marking the answer as waiting on its client meanwhile. */
async function waitingOnClient<T>(progress: StreamProgress | undefined, wait: Promise<T>): Promise<T> {
  if (progress) progress.waitingSince = performance.now();
  try {
    return await wait;
  } finally {
    if (progress) progress.waitingSince = null;
  }
}

/** How a streamed answer ended: whole, or cut short because the client went away or stopped reading. */
export type StreamOutcome = { whole: true; bytes: number } | { whole: false; reason: 'closed' | 'stalled' };

/** Resolves true when `stream` drains, false when it closes or `ms` pass first. */
function drained(stream: Writable, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (result: boolean) => {
      clearTimeout(timer);
      stream.off('drain', onDrain);
      stream.off('close', onClose);
      resolve(result);
    };
    const onDrain = () => done(true);
    const onClose = () => done(false);
    const timer = setTimeout(() => done(false), ms);
    stream.on('drain', onDrain);
    stream.on('close', onClose);
  });
}

/**
 * Resolves when the response has handed its last byte to the socket; false when it closed first or made
 * no progress for `ms` (each chunk that leaves `progress` restarts the clock), counted from when it has
 * its socket.
 */
export function finished(res: ServerResponse, ms: number, progress?: NodeJS.EventEmitter): Promise<boolean> {
  return new Promise((resolve) => {
    if (res.writableFinished) {
      resolve(true);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onProgress = () => {
      clearTimeout(timer);
      timer = setTimeout(() => done(false), ms);
    };
    const done = (result: boolean) => {
      clearTimeout(timer);
      res.off('socket', onProgress);
      res.off('finish', onFinish);
      res.off('close', onClose);
      progress?.off('data', onProgress);
      resolve(result);
    };
    const onFinish = () => done(true);
    const onClose = () => done(res.writableFinished);
    res.on('finish', onFinish);
    res.on('close', onClose);
    progress?.on('data', onProgress);
    // An answer pipelined behind others has no socket until they are written: its client is not late
    // until it has one.
    if (res.socket) onProgress();
    else res.once('socket', onProgress);
  });
}

/**
 * Streams the JSON body of an answer whose status and headers are given; `pieces` encodes it a piece at a
 * time (json-pieces.ts), and the next piece is pulled only once the last has been taken.
 */
export async function streamJson(
  res: ServerResponse,
  status: number,
  headers: Record<string, string | number>,
  pieces: Iterator<string, void> | AsyncIterator<string, void>,
  options: StreamOptions,
): Promise<StreamOutcome> {
  if (res.destroyed) return { whole: false, reason: 'closed' };
  res.writeHead(status, {
    ...headers,
    'Content-Type': JSON_TYPE,
    'Cache-Control': 'no-cache',
    Vary: 'Accept-Encoding',
    ...(options.gzip ? { 'Content-Encoding': 'gzip' } : {}),
    // Node adds this to a GET's answer by itself, but not to a HEAD's, which must carry the same headers.
    ...(options.headOnly ? { 'Transfer-Encoding': 'chunked' } : {}),
  });
  if (options.headOnly) {
    res.end();
    return (await waitingOnClient(options.progress, finished(res, options.writeTimeoutMs)))
      ? { whole: true, bytes: 0 }
      : stalled(res);
  }
  let bytes = 0;
  let sink: Writable = res;
  // Room for one piece, so writing a piece does not wait for the previous one to be compressed.
  const gzip = options.gzip
    ? createGzip({ level: GZIP_LEVEL, writableHighWaterMark: 2 * PIECE_CHARS } as ZlibOptions)
    : undefined;
  if (gzip) {
    gzip.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      options.sent?.(chunk.length);
    });
    gzip.on('error', () => res.destroy());
    gzip.pipe(res);
    res.once('close', () => gzip.destroy());
    sink = gzip;
  }
  for (;;) {
    if (res.destroyed) return { whole: false, reason: 'closed' };
    const next = await options.turns.run(() => pieces.next());
    if (next.done) break;
    if (res.destroyed) return { whole: false, reason: 'closed' };
    const chunk = Buffer.from(next.value);
    if (!gzip) {
      bytes += chunk.length;
      options.sent?.(chunk.length);
    }
    if (!sink.write(chunk) && !(await waitingOnClient(options.progress, drained(sink, options.writeTimeoutMs)))) {
      return res.destroyed ? { whole: false, reason: 'closed' } : stalled(res);
    }
  }
  sink.end();
  return (await waitingOnClient(options.progress, finished(res, options.writeTimeoutMs, gzip)))
    ? { whole: true, bytes }
    : stalled(res);
}

/** A client that stopped reading: its connection is closed, freeing what it held. */
function stalled(res: ServerResponse): StreamOutcome {
  const wasOpen = !res.destroyed;
  res.destroy();
  return { whole: false, reason: wasOpen ? 'stalled' : 'closed' };
}
