// An operation's answer on the Node server: its parameters read (a POST's body within the memory
// budget), its result built at once or in a turn, and written at once or streamed within the budget of
// large answers, waiting for room or answering 503 when there is none.
import { BibleError } from '../../core/errors.ts';
import { allRows, type Rows } from '../../core/rows.ts';
import type { Reservation } from './answer-budget.ts';
import { PIECE_CHARS, STREAM_ABOVE_CHARS, streamJson } from './answer-writer.ts';
import { answerHeaders, errorAnswer } from './api-answer.ts';
import { clientFault, commonHeaders, sendBusy, sendJson, sendRefusal, sentBytes } from './exchange-writer.ts';
import {
  bodyBudgetWaitMs,
  budgetWaitMs,
  type Exchange,
  type HandlerState,
  MAX_BODY_BYTES,
  writeTimeoutMs,
  yieldGraceMs,
} from './handler-state.ts';
import { estimateJsonChars, estimateRowsChars, jsonPieces, rowPieces } from './json-pieces.ts';
import { withIgnoredParams } from './answer-headers.ts';
import { readPostedBody } from './posted-body.ts';
import { readQuery, withoutNames } from './query.ts';
import { refusal } from './refusal.ts';
import { bodyText, unsupportedBody } from './body-text.ts';
import { acceptsGzip } from './static-files.ts';
import { AnswerTooLarge, measureTextAnswer, TEXT_ANSWER_SHARE } from './text-answer.ts';
import { callInParts, readsInParts } from './text-parts.ts';
import { stalledFor } from './yielding.ts';

/** The operation's answer (or its BibleError): built, then written at the pace the client reads. */
export async function answerOperation(x: Exchange, name: string, query: string, admitted: Record<string, string>) {
  const state = x.state;
  const { bodyParams } = state;
  let params: Record<string, string> | undefined;
  let repeated: string[] = [];
  let reservation: Reservation | null = null;
  let bodyReservation: Reservation | null = null;
  try {
    ({ params, repeated } = readQuery(query));
    const bodyParam = x.req.method === 'POST' ? bodyParams.get(name) : undefined;
    if (bodyParam) {
      const unsupported = unsupportedBody(x.req.headers);
      if (unsupported) return await sendRefusal(x, unsupported, { ...admitted, Connection: 'close' });
      const posted = await postedBody(x, name, admitted);
      if (!posted) return;
      bodyReservation = posted.reservation;
      params[bodyParam] = bodyText(posted.body, x.req.headers, bodyParam, repeated);
      const reserved = await reserveTextAnswer(x, name, params, posted, admitted);
      if (reserved === ANSWERED) return;
      reservation = reserved;
    }
    const headers = answerHeaders(state, name, params, repeated, admitted);
    // A request whose answer was large a moment ago waits for room before it is built again.
    const key = bodyParam ? undefined : `${name}?${query}`;
    const expected = key === undefined ? undefined : state.expectedChars.get(key);
    if (expected !== undefined) {
      reservation = await state.budget.reserve(expected, budgetWaitMs(state));
      if (x.res.destroyed) return;
      if (!reservation) return await sendBusy(x, headers);
    }
    let value = await build(x, name, params, key, reservation !== null);
    if (value === REMEMBERED_AS_LARGE) {
      // Another request found this answer large while this one waited for its turn: wait like it.
      reservation = await state.budget.reserve(state.expectedChars.get(key!) ?? 0, budgetWaitMs(state));
      if (!reservation) return await sendBusy(x, headers);
      value = await build(x, name, params, key, true);
    }
    if (value === CLIENT_GONE || x.res.destroyed) return;
    // The body is now in the answer, which counts for itself.
    bodyReservation?.release();
    const unwritten = await writeAnswer(x, value, headers, reservation, key);
    if (unwritten) {
      // As many built answers as may hold their result already wait for room: this one lets its result
      // go, waits in line without it, and is built again once it has room.
      value = undefined;
      reservation = await state.budget.reserve(unwritten.chars, budgetWaitMs(state));
      if (x.res.destroyed) return;
      if (!reservation) return await sendBusy(x, headers);
      value = await build(x, name, params, key, true);
      if (value === CLIENT_GONE || x.res.destroyed) return;
      await writeAnswer(x, value, headers, reservation, key);
    }
  } catch (error) {
    if (error instanceof AnswerTooLarge) {
      return await sendRefusal(x, refusal(413, 'ANSWER_TOO_LARGE', error.message), admitted);
    }
    if (!(error instanceof BibleError)) throw error;
    const answer = errorAnswer(state, error, { name, params, repeated }, admitted);
    await sendJson(x, answer.status, answer.body, answer.headers);
  } finally {
    reservation?.release();
    bodyReservation?.release();
  }
}

/** The request has been answered (or its client is gone): nothing more to do. */
const ANSWERED = Symbol('answered');

/**
 * The answer of a long text is measured before it is built, and reserved (the body's reservation
 * handed over to it: on an idle server, an answer over the budget goes alone). A text short enough
 * to be read at once has an answer bounded by its length (under 2 MB): it is reserved once built (null).
 */
async function reserveTextAnswer(
  x: Exchange,
  name: string,
  params: Record<string, string>,
  posted: { bytes: number; reservation: Reservation | null },
  admitted: Record<string, string>,
): Promise<Reservation | null | typeof ANSWERED> {
  const { state } = x;
  const { bible } = state;
  const chars = readsInParts(name, params)
    ? await measureTextAnswer(
        bible,
        state.turns,
        name,
        params,
        TEXT_ANSWER_SHARE * state.budget.limit,
        () => x.res.destroyed,
      )
    : undefined;
  if (chars === null) return ANSWERED;
  if (chars === undefined || chars <= STREAM_ABOVE_CHARS) return null;
  posted.reservation?.release();
  const reservation = await state.budget.reserve(Math.max(chars, posted.bytes), budgetWaitMs(state));
  if (x.res.destroyed) {
    reservation?.release();
    return ANSWERED;
  }
  if (reservation) return reservation;
  await sendBusy(x, withIgnoredParams(admitted, bible.unknownParams(name, params)));
  return ANSWERED;
}

/** A POST's body (posted-body.ts), or null when the request has been answered instead. */
async function postedBody(
  x: Exchange,
  name: string,
  admitted: Record<string, string>,
): Promise<{ body: string; bytes: number; reservation: Reservation | null } | null> {
  const { state, req } = x;
  const line = `${req.method} ${String(req.url).slice(0, 200)}`;
  const posted = await readPostedBody(req, {
    budget: state.budget,
    yielders: state.yielders,
    maxBytes: MAX_BODY_BYTES,
    waitMs: bodyBudgetWaitMs(state),
    graceMs: yieldGraceMs(state.options),
    gone: () => x.res.destroyed,
    onDropped: () => {
      clientFault(state, req.socket, 'slow-body', `${line}: arriving too slowly while others wait`);
      void sendBusy(x, { ...admitted, Connection: 'close' });
    },
  });
  if (!posted || !('refused' in posted)) return posted;
  if (posted.refused === 'busy') await sendBusy(x, { ...admitted, Connection: 'close' });
  if (posted.refused === 'aborted') {
    clientFault(state, req.socket, 'body-aborted', `${line}: ${posted.message}`);
    x.res.destroy();
  }
  if (posted.refused === 'too-large') {
    const tooLarge = refusal(413, 'PAYLOAD_TOO_LARGE', `${posted.message}; ${name} reads at most that much text`);
    await sendRefusal(x, tooLarge, { ...admitted, Connection: 'close' });
  }
  return null;
}

/** A list answer whose rows are built as its JSON is encoded (bible.rows): only its length is held. */
class RowList {
  constructor(readonly rows: Rows) {}
}

const REMEMBERED_AS_LARGE = Symbol('remembered as large');

/** The client hung up while its request waited: nothing is built for it. */
const CLIENT_GONE = Symbol('client gone');

/**
 * The operation's result. A cheap operation is built at once; one that has recently been slow to build,
 * or a long text read in parts, waits for a turn so cheap requests go first.
 */
async function build(
  x: Exchange,
  name: string,
  params: Record<string, string>,
  key: string | undefined,
  reserved: boolean,
): Promise<unknown> {
  const state = x.state;
  const { bible } = state;
  // The hosted API's rule whatever engine the host passed: a name the operation does not take is left
  // out of the call (an engine refuses it unless opened lenient); answerHeaders names it.
  params = withoutNames(params, bible.unknownParams(name, params));
  if (readsInParts(name, params)) return callInParts(bible, state.turns, name, params);
  const timed = () => {
    const packs = bible.loadedPacks().length;
    const started = performance.now();
    // With its packs loaded, call() builds the answer before it returns: this times the build alone,
    // not whatever else runs before the promise's continuation. A call that had to load a pack returned
    // before building, so it is not timed.
    const answer = state.rowwise.has(name)
      ? bible.rows(name, params).then((rows) => new RowList(rows!))
      : bible.call(name, params);
    const ms = performance.now() - started;
    return answer.then((value) => {
      if (bible.loadedPacks().length === packs) noteCost(state, name, ms);
      return value;
    });
  };
  // An operation not yet measured takes a turn: many first requests for a slow one may arrive at once.
  if ((state.costMs.get(name) ?? Number.POSITIVE_INFINITY) < COSTLY_MS) return timed();
  const release = await state.answers.acquire();
  try {
    return await state.turns.run(() =>
      x.res.destroyed
        ? CLIENT_GONE
        : !reserved && key !== undefined && state.expectedChars.has(key)
          ? REMEMBERED_AS_LARGE
          : timed(),
    );
  } finally {
    release();
  }
}

/** Builds taking longer than this make their operation wait for a turn from then on (until it decays). */
const COSTLY_MS = 5;

/** Each build lowers the remembered longest build by this factor before comparing. */
const COST_DECAY = 0.95;

function noteCost(state: HandlerState, name: string, ms: number): void {
  state.costMs.set(name, Math.max(ms, (state.costMs.get(name) ?? 0) * COST_DECAY));
}

/** How many large answers' expected sizes are remembered (the oldest is forgotten first). */
const REMEMBERED_ANSWERS = 4096;

function rememberLarge(state: HandlerState, key: string, chars: number): void {
  state.expectedChars.delete(key);
  state.expectedChars.set(key, chars);
  if (state.expectedChars.size > REMEMBERED_ANSWERS) {
    state.expectedChars.delete(state.expectedChars.keys().next().value as string);
  }
}

/**
 * Built answers that may wait for room in the budget while holding their result; more let it go, wait
 * without it, and are built again (the result held outside the budget stays bounded).
 */
const MAX_HELD_WAITING = 4;

/**
 * Writes a built answer: at once when small, streamed within the budget when large. Returns the size to
 * wait for, without the result, when it must be built again once there is room (MAX_HELD_WAITING).
 */
async function writeAnswer(
  x: Exchange,
  value: unknown,
  headers: Record<string, string>,
  reserved: Reservation | null,
  key: string | undefined,
): Promise<{ chars: number } | undefined> {
  const state = x.state;
  const rows = value instanceof RowList ? value.rows : undefined;
  const chars = rows ? estimateRowsChars(rows) : estimateJsonChars(value);
  if (chars <= STREAM_ABOVE_CHARS) {
    await sendJson(x, 200, rows ? allRows(rows) : value, headers);
    return undefined;
  }
  if (key !== undefined) rememberLarge(state, key, chars);
  let reservation = reserved ?? (await state.budget.reserve(chars, 0));
  if (!reservation) {
    if (state.heldWaiting >= MAX_HELD_WAITING) return { chars };
    state.heldWaiting++;
    try {
      reservation = await state.budget.reserve(chars, budgetWaitMs(state));
    } finally {
      state.heldWaiting--;
    }
    if (!reservation) {
      await sendBusy(x, headers);
      return undefined;
    }
  }
  // While others wait for room, a client that has taken nothing for a while gives its room back.
  const progress = { waitingSince: null as number | null };
  const held = reservation;
  const unhold = state.yielders.hold({
    // An answer that has no socket yet is queued behind another on its connection, not unread by its
    // client: it is never judged behind.
    behind: (now) => x.res.socket !== null && stalledFor(yieldGraceMs(state.options), () => progress.waitingSince)(now),
    drop: () => {
      held.release();
      clientFault(state, x.req.socket, 'yielded', `${x.req.method} ${String(x.req.url).slice(0, 200)}: not reading`);
      x.res.destroy();
    },
  });
  try {
    const pieces = rows ? rowPieces(rows, PIECE_CHARS) : jsonPieces(value, PIECE_CHARS);
    const outcome = await streamJson(x.res, 200, { ...commonHeaders(x.state), ...headers }, pieces, {
      progress,
      turns: state.turns,
      gzip: acceptsGzip(x.req.headers),
      writeTimeoutMs: writeTimeoutMs(state),
      headOnly: x.req.method === 'HEAD',
      sent: (bytes) => sentBytes.set(x.res, (sentBytes.get(x.res) ?? 0) + bytes),
    });
    if (!outcome.whole && outcome.reason === 'stalled') {
      clientFault(
        x.state,
        x.req.socket,
        'write-timeout',
        `${x.req.method} ${String(x.req.url).slice(0, 200)}: the client stopped reading`,
      );
    }
  } finally {
    unhold();
    if (reservation !== reserved) reservation.release();
  }
}
