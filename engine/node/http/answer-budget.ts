// The memory heavy answers may hold at once. A heavy answer reserves its expected size before it is
// built or written and frees it once its last byte has gone to the socket (or the client has gone).
// When the budget is spent, new heavy answers wait in line for a while, then get 503 with Retry-After:
// clients that stop reading cannot make the server hold more than the budget. Small answers and request
// bodies count too: request bodies as large answers do, and small answers in a headroom of their own
// beside the budget (so cheap answers are never queued behind large ones), taken at once and refused
// when it is spent. What answers hold is at most the budget (or one answer larger than it) plus the
// headroom.

export interface Reservation {
  readonly bytes: number;
  /** frees what is left of the reservation; safe to call twice */
  release(): void;
}

export interface AnswerBudget {
  /**
   * Reserves `bytes`, waiting up to `waitMs` for room; null when there was no room in time (or the line
   * is full). An answer larger than the whole budget goes out alone.
   */
  reserve(bytes: number, waitMs: number): Promise<Reservation | null>;
  /** Takes `bytes` for a small answer at once, without waiting, from the headroom; null when it is spent. */
  take(bytes: number): Reservation | null;
  /** bytes reserved by large answers and request bodies */
  readonly reserved: number;
  /** bytes taken by small answers being written */
  readonly taken: number;
  readonly limit: number;
  /** what small answers may hold, beside the limit */
  readonly headroom: number;
  /** answers waiting for room */
  readonly waiting: number;
  /** bytes the first answer in line lacks before it fits; 0 when none waits */
  readonly shortfall: number;
  /** calls `listener` each time an answer starts waiting in line (holders that can give room back listen) */
  onWait(listener: () => void): void;
}

/** Waiting answers beyond this are refused at once: each waiter holds a request and a timer. */
const MAX_WAITING = 1024;

/** How much later than it came an entry the size of the whole budget is due in the line. */
const SIZE_DELAY_MS = 1_000;

/** The headroom small answers get above the budget, as a share of it. */
const HEADROOM_SHARE = 0.25;

/** A reservation of `bytes` whose release runs `free` the first time only. */
function releasedOnce(bytes: number, free: () => void): Reservation {
  let held = true;
  return {
    bytes,
    release() {
      if (!held) return;
      held = false;
      free();
    },
  };
}

export function createAnswerBudget(limit: number, headroom = Math.floor(limit * HEADROOM_SHARE)): AnswerBudget {
  let reserved = 0;
  let taken = 0;
  const line: { bytes: number; due: number; admit: () => void }[] = [];
  const waitListeners: (() => void)[] = [];
  const fits = (bytes: number) => reserved === 0 || reserved + bytes <= limit;
  // The line is kept in order of a due time: when the entry came, plus a delay for its size (the time the
  // whole budget takes to turn over once a second, for its share of it). A short answer or body is not
  // held behind large answers that came just before it (the ones clients that stop reading ask for), and
  // a large one still moves up as it waits. The head goes first even if a later one would fit.
  const admitWaiting = () => {
    while (line.length && fits(line[0].bytes)) line.shift()!.admit();
  };
  const grant = (bytes: number): Reservation => {
    reserved += bytes;
    return releasedOnce(bytes, () => {
      reserved -= bytes;
      admitWaiting();
    });
  };
  return {
    reserve(bytes, waitMs) {
      if (!line.length && fits(bytes)) return Promise.resolve(grant(bytes));
      if (line.length >= MAX_WAITING || waitMs <= 0) return Promise.resolve(null);
      return new Promise((resolve) => {
        const entry = {
          bytes,
          due: performance.now() + (bytes / limit) * SIZE_DELAY_MS,
          admit: () => {
            clearTimeout(timer);
            resolve(grant(bytes));
          },
        };
        const timer = setTimeout(() => {
          const at = line.indexOf(entry);
          if (at >= 0) line.splice(at, 1);
          resolve(null);
          admitWaiting();
        }, waitMs);
        const after = line.findIndex((waiting) => waiting.due > entry.due);
        line.splice(after < 0 ? line.length : after, 0, entry);
        // It may go first, and fit.
        admitWaiting();
        if (line.includes(entry)) for (const listener of waitListeners) listener();
      });
    },
    take(bytes) {
      if (taken + bytes > headroom) return null;
      taken += bytes;
      return releasedOnce(bytes, () => {
        taken -= bytes;
      });
    },
    get taken() {
      return taken;
    },
    get reserved() {
      return reserved;
    },
    limit,
    headroom,
    get waiting() {
      return line.length;
    },
    get shortfall() {
      if (!line.length || fits(line[0].bytes)) return 0;
      return reserved + line[0].bytes - limit;
    },
    onWait(listener) {
      waitListeners.push(listener);
    },
  };
}
