// The cap on connections served at once. A connection beyond it is marked, so its first request is
// answered 503 and the connection closed (and closed after a moment when no request comes). Before a
// newcomer is refused, idle keep-alive connections (their answers all written, no request since) are
// closed, the longest idle first: a client that keeps sockets open without asking anything must not lock
// out those that would.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionCap {
  /** whether a connection came in beyond the cap: its request gets 503 */
  beyond(socket: Socket): boolean;
  /** a request arrived on the connection: it is busy until its answers are written */
  busy(socket: Socket): void;
  /** every answer of the connection has been written: it may be closed to make room */
  idle(socket: Socket): void;
}

export function capConnections(server: Server, max: number, refusedLingerMs: number): ConnectionCap {
  let served = 0;
  const beyond = new WeakSet<Socket>();
  /** served connections that are idle, the longest idle first (a Set keeps the order of insertion) */
  const idle = new Set<Socket>();
  const closeIdle = (): boolean => {
    const oldest = idle.values().next().value as Socket | undefined;
    if (!oldest) return false;
    idle.delete(oldest);
    // Counted out now, so the newcomer takes its place at once (its 'close' comes later).
    (oldest as Socket & { evicted?: boolean }).evicted = true;
    served--;
    oldest.destroy();
    return true;
  };
  // Before Node's own listener, which starts reading the socket.
  server.prependListener('connection', (socket: Socket) => {
    if (served < max || closeIdle()) {
      served++;
      socket.once('close', () => {
        idle.delete(socket);
        if (!(socket as Socket & { evicted?: boolean }).evicted) served--;
      });
      return;
    }
    beyond.add(socket);
    const linger = setTimeout(() => socket.destroy(), refusedLingerMs);
    linger.unref();
    socket.once('close', () => clearTimeout(linger));
  });
  return {
    beyond: (socket) => beyond.has(socket),
    busy: (socket) => idle.delete(socket),
    idle: (socket) => {
      if (!beyond.has(socket) && !socket.destroyed) idle.add(socket);
    },
  };
}
