// Heavy work (building a large answer, encoding it a piece at a time, reading a long text in parts) is
// queued here and run a few milliseconds at a time, with the event loop's I/O polled between turns.
// Without it, work queued by many requests runs back to back (a setImmediate per request still runs
// them all in one pass of the loop) and a cheap request waits behind all of it.

export interface Turns {
  /** runs `job` in a later turn; the promise settles with its result */
  run<T>(job: () => T): Promise<T>;
  /** jobs waiting for a turn */
  readonly waiting: number;
}

/**
 * A turn ends once it has run this long; the job that crosses the line still finishes. Short, so a cheap
 * request waits little even when the machine's cores are shared and a turn's wall time stretches.
 */
export const DEFAULT_TURN_MS = 2;

export function createTurns(turnMs = DEFAULT_TURN_MS): Turns {
  const queue: (() => void)[] = [];
  let scheduled = false;
  const turn = () => {
    scheduled = false;
    const until = performance.now() + turnMs;
    // Jobs queued during this turn wait for the next one, after the loop has polled for I/O.
    let left = queue.length;
    while (left-- > 0) {
      queue.shift()!();
      if (performance.now() >= until) break;
    }
    if (queue.length) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(turn);
  };
  return {
    run<T>(job: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push(() => {
          try {
            resolve(job());
          } catch (error) {
            reject(error);
          }
        });
        schedule();
      });
    },
    get waiting() {
      return queue.length;
    },
  };
}
