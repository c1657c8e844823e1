// Memory held by clients that do not keep up is given back when others wait for it. A large answer that
// its client has taken nothing of for a while, or a request body arriving slower than a minimum rate,
// holds budget that well-behaved clients need: while an answer waits in the budget's line, such holders
// are dropped (their connection closed, their reservation freed), the longest-held first, until the
// first in line fits. A client keeps its place only while it reads (or sends) at a useful pace.
import type { AnswerBudget } from './answer-budget.ts';

/** A holder of budget that may be asked to give it back. */
export interface Holder {
  /** whether it is behind (stalled, or too slow) as of `now` (performance.now()) */
  behind(now: number): boolean;
  /** frees its reservation at once and ends its request */
  drop(): void;
}

export interface Yielders {
  /** registers a holder; the function returned unregisters it */
  hold(holder: Holder): () => void;
}

/** A body arriving slower than this on average (bytes per second), once `graceMs` have passed, is behind. */
export const MIN_BODY_BYTES_PER_SECOND = 16 * 1024;

/** Default of graceMs: how long a client may take nothing (or send too slowly) before it is behind. */
export const DEFAULT_YIELD_GRACE_MS = 1_000;

export function createYielders(budget: AnswerBudget, graceMs = DEFAULT_YIELD_GRACE_MS): Yielders {
  const holders = new Set<Holder>();
  let recheck: ReturnType<typeof setTimeout> | undefined;
  const makeRoom = () => {
    const now = performance.now();
    for (const holder of holders) {
      if (budget.shortfall <= 0) break;
      if (!holder.behind(now)) continue;
      holders.delete(holder);
      holder.drop();
    }
    // Holders fall behind over time: look again while answers still wait.
    if (budget.shortfall > 0 && holders.size && !recheck) {
      recheck = setTimeout(
        () => {
          recheck = undefined;
          makeRoom();
        },
        Math.max(10, graceMs / 2),
      );
      recheck.unref();
    }
  };
  budget.onWait(makeRoom);
  return {
    hold(holder) {
      holders.add(holder);
      if (budget.shortfall > 0) makeRoom();
      return () => holders.delete(holder);
    },
  };
}

/** A holder that is behind once it has waited on its client for `graceMs` (a stalled answer). */
export function stalledFor(graceMs: number, waitingSince: () => number | null): (now: number) => boolean {
  return (now) => {
    const since = waitingSince();
    return since !== null && now - since >= graceMs;
  };
}

/** A body upload that is behind: past `graceMs`, it has averaged less than MIN_BODY_BYTES_PER_SECOND. */
export function uploadBehind(graceMs: number, started: number, arrived: () => number): (now: number) => boolean {
  return (now) => {
    const elapsed = now - started;
    return elapsed >= graceMs && (arrived() * 1000) / elapsed < MIN_BODY_BYTES_PER_SECOND;
  };
}
