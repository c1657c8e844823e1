// The body of a POST, read within the memory budget. It reserves its announced size (the largest body
// when it is chunked) while it arrives: a small one in the headroom of small answers while there is room
// there, so a short text never waits behind large answers; any other in the budget, waiting for room at
// most `waitMs`. While others wait for room, a body arriving slower than a minimum rate gives its
// reservation back (yielding.ts): `onDropped` answers it, and the connection is closed.
import type { IncomingMessage } from 'node:http';
import type { AnswerBudget, Reservation } from './answer-budget.ts';
import { STREAM_ABOVE_CHARS } from './answer-writer.ts';
import { BodyAborted, BodyTooLarge, readBody } from './request-body.ts';
import { uploadBehind, type Yielders } from './yielding.ts';

export type PostedBody =
  | { body: string; bytes: number; reservation: Reservation | null }
  /** no room in time; or dropped for arriving too slowly (already answered by onDropped) */
  | { refused: 'busy' | 'dropped' }
  | { refused: 'too-large' | 'aborted'; message: string };

export interface BodyLimits {
  budget: AnswerBudget;
  yielders: Yielders;
  maxBytes: number;
  waitMs: number;
  graceMs: number;
  /** whether the client has gone while the body waited for room */
  gone(): boolean;
  onDropped(): void;
}

export async function readPostedBody(req: IncomingMessage, limits: BodyLimits): Promise<PostedBody | null> {
  const { budget } = limits;
  // A body announced over the limit is refused unread by readBody; one of unknown length may be up to it.
  const announced = Number(req.headers['content-length']);
  const bytes = announced > limits.maxBytes ? 0 : announced >= 0 ? announced : limits.maxBytes;
  let reservation: Reservation | null = bytes > 0 && bytes <= STREAM_ABOVE_CHARS ? budget.take(bytes) : null;
  if (bytes > 0 && !reservation) {
    reservation = await budget.reserve(bytes, limits.waitMs);
    if (limits.gone()) {
      reservation?.release();
      return null;
    }
    if (!reservation) return { refused: 'busy' };
  }
  let arrived = 0;
  let dropped = false;
  const held = reservation;
  const unhold = held
    ? limits.yielders.hold({
        behind: uploadBehind(limits.graceMs, performance.now(), () => arrived),
        drop: () => {
          dropped = true;
          held.release();
          limits.onDropped();
        },
      })
    : undefined;
  try {
    const body = await readBody(req, limits.maxBytes, (n) => {
      arrived += n;
    });
    return dropped ? { refused: 'dropped' } : { body, bytes, reservation };
  } catch (error) {
    reservation?.release();
    if (dropped) return { refused: 'dropped' };
    if (error instanceof BodyAborted || error instanceof BodyTooLarge) {
      return { refused: error instanceof BodyAborted ? 'aborted' : 'too-large', message: error.message };
    }
    throw error;
  } finally {
    unhold?.();
  }
}
