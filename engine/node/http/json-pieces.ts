// A JSON answer as a sequence of text pieces, so a large answer is encoded a slice at a time as the
// client reads it instead of as one string held whole. Joined, the pieces are exactly JSON.stringify's
// output. Large arrays and plain objects are walked one element at a time; anything small is handed to
// JSON.stringify whole, which is much faster than walking it. A list answer given as rows (engine/core/rows.ts)
// is encoded the same way, each row built only when the piece that holds it is encoded.
import type { Rows } from '../../core/rows.ts';

/** Containers with more entries than this are walked; smaller ones are encoded whole. */
const WALK_ABOVE = 64;
/** How many entries of a large container are encoded to estimate its size. */
const SAMPLE = 32;

const isPlainObject = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/** A container worth walking: a large array, or a large plain object without toJSON. */
function walkable(value: unknown): value is unknown[] | Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.length > WALK_ABOVE;
  if (!isPlainObject(value) || typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  let keys = 0;
  for (const _ in value) if (++keys > WALK_ABOVE) return true;
  return false;
}

/** JSON.stringify of one array element: what cannot be encoded is null there. */
const elementJson = (value: unknown): string => JSON.stringify(value) ?? 'null';

/**
 * The JSON text of `value` in pieces of about `pieceChars` characters (a single element may make a piece
 * larger). Pulling the next piece encodes only what it holds.
 */
export function* jsonPieces(value: unknown, pieceChars = 32 * 1024): Generator<string, void, undefined> {
  let pending = '';
  for (const part of parts(value)) {
    pending += part;
    if (pending.length >= pieceChars) {
      yield pending;
      pending = '';
    }
  }
  if (pending) yield pending;
}

/**
 * The JSON text of the array of `rows` in pieces of about `pieceChars` characters, as `jsonPieces` gives
 * it for the array built whole; a row is built when its piece is pulled and is not kept.
 */
export function* rowPieces(rows: Rows, pieceChars = 32 * 1024): Generator<string, void, undefined> {
  let pending = '[';
  for (let i = 0; i < rows.total; i++) {
    const json = elementJson(rows.row(i));
    pending += i > 0 ? `,${json}` : json;
    if (pending.length >= pieceChars) {
      yield pending;
      pending = '';
    }
  }
  yield `${pending}]`;
}

/** About how many characters the JSON array of `rows` has, from a sample of evenly spaced rows. */
export function estimateRowsChars(rows: Rows): number {
  if (rows.total === 0) return 2;
  const samples = Math.min(SAMPLE, rows.total);
  const step = rows.total / samples;
  let sampled = 0;
  for (let k = 0; k < samples; k++) sampled += estimateJsonChars(rows.row(Math.floor(k * step))) + 1;
  return Math.ceil((sampled / samples) * rows.total) + 1;
}

/** The JSON text in the order it is written: punctuation and encoded values. */
function* parts(value: unknown): Generator<string, void, undefined> {
  if (!walkable(value)) {
    yield JSON.stringify(value) ?? 'null';
    return;
  }
  if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ',';
      const element = value[i];
      if (walkable(element)) yield* parts(element);
      else yield elementJson(element);
    }
    yield ']';
    return;
  }
  yield '{';
  let first = true;
  for (const key of Object.keys(value)) {
    const element = value[key];
    // JSON.stringify leaves out members it cannot encode.
    if (element === undefined || typeof element === 'function' || typeof element === 'symbol') continue;
    yield first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`;
    first = false;
    if (walkable(element)) yield* parts(element);
    else yield JSON.stringify(element);
  }
  yield '}';
}

/**
 * About how many characters the JSON of `value` has, without encoding all of it: a large container is
 * estimated from a sample of evenly spaced entries. Used to tell heavy answers from light ones before
 * they are written.
 */
export function estimateJsonChars(value: unknown): number {
  if (!walkable(value)) return (JSON.stringify(value) ?? 'null').length;
  const entries = Array.isArray(value) ? value : Object.values(value);
  const keys = Array.isArray(value) ? undefined : Object.keys(value);
  const step = entries.length / SAMPLE;
  let sampled = 0;
  for (let k = 0; k < SAMPLE; k++) {
    const i = Math.floor(k * step);
    sampled += estimateJsonChars(entries[i]) + 1 + (keys ? keys[i].length + 3 : 0);
  }
  return Math.ceil((sampled / SAMPLE) * entries.length) + 2;
}
