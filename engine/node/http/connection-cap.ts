// The cap on connections served at once. A connection beyond it is marked, so its first request is
// answered 503 and the connection closed (and closed after a moment when no request comes). Before a
// newcomer is refused, a served connection that asks nothing is closed to make room: an idle keep-alive
// one (its answers all written, no request since) the longest idle first, then one that has sent no
// complete request for SILENT_GRACE_MS, the oldest first. A client that keeps sockets open without asking
// anything must not lock out those that would. Closing a connection on which no request is pending loses
// no answer: a client that sends one just then retries it on a new connection, as it does when a
// keep-alive connection times out.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionCap {
  /**
   * whether a connection came in beyond the cap: its request gets 503. Asked when its request has come:
   * if a served connection has since gone idle or is still silent, it is closed and this one served.
   */
  beyond(socket: Socket): boolean;
  /** a request arrived on the connection: it is busy until its answers are written */
  busy(socket: Socket): void;
  /** every answer of the connection has been written: it may be closed to make room */
  idle(socket: Socket): void;
}

/** A served connection that has sent no complete request for this long may be closed for a newcomer. */
export const SILENT_GRACE_MS = 1_000;

type CappedSocket = Socket & { evicted?: boolean };

export function capConnections(server: Server, max: number, refusedLingerMs: number): ConnectionCap {
  let served = 0;
  /** connections beyond the cap: when each came, and the timer that closes it if it sends nothing */
  const beyond = new Map<Socket, { came: number; linger: ReturnType<typeof setTimeout> }>();
  /** served connections that are idle, the longest idle first (a Set keeps the order of insertion) */
  const idle = new Set<Socket>();
  /** served connections with no request yet, and when they came, the oldest first */
  const silent = new Map<Socket, number>();
  const evict = (socket: CappedSocket) => {
    idle.delete(socket);
    silent.delete(socket);
    // Counted out now, so the newcomer takes its place at once (its 'close' comes later).
    socket.evicted = true;
    served--;
    socket.destroy();
  };
  /** Closes a served connection that asks nothing, if there is one; silent ones only past `silentSince`. */
  const makeRoom = (silentSince: number): boolean => {
    const oldestIdle = idle.values().next().value as Socket | undefined;
    if (oldestIdle) {
      evict(oldestIdle);
      return true;
    }
    const [oldestSilent, came] = (silent.entries().next().value ?? []) as [Socket?, number?];
    if (oldestSilent && came! <= silentSince) {
      evict(oldestSilent);
      return true;
    }
    return false;
  };
  const serve = (socket: Socket) => {
    served++;
    silent.set(socket, performance.now());
    socket.once('close', () => {
      idle.delete(socket);
      silent.delete(socket);
      if (!(socket as CappedSocket).evicted) served--;
    });
  };
  // Before Node's own listener, which starts reading the socket.
  server.prependListener('connection', (socket: Socket) => {
    if (served < max || makeRoom(performance.now() - SILENT_GRACE_MS)) {
      serve(socket);
      return;
    }
    const linger = setTimeout(() => socket.destroy(), refusedLingerMs);
    linger.unref();
    beyond.set(socket, { came: performance.now(), linger });
    socket.once('close', () => {
      clearTimeout(linger);
      beyond.delete(socket);
    });
  });
  return {
    beyond(socket) {
      const waiting = beyond.get(socket);
      if (!waiting) return false;
      // Its request has come: a connection that came before it and has still sent none, or one that has
      // gone idle since, gives way to it.
      if (served >= max && !makeRoom(waiting.came)) return true;
      clearTimeout(waiting.linger);
      beyond.delete(socket);
      serve(socket);
      silent.delete(socket);
      return false;
    },
    busy: (socket) => {
      idle.delete(socket);
      silent.delete(socket);
    },
    idle: (socket) => {
      if (!beyond.has(socket) && !socket.destroyed) idle.add(socket);
    },
  };
}
