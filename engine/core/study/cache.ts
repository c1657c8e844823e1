// Study packs are parsed once per loaded pack and their answers built once: a WeakMap keyed by the Pack
// object holds the parsed form, and shared answers are frozen so no caller can change what the next
// caller gets.
import type { Pack } from '../pack/reader.ts';

/** fn(pack) computed once per Pack object. */
export function perPack<T>(fn: (pack: Pack) => T): (pack: Pack) => T {
  const cache = new WeakMap<Pack, T>();
  return (pack) => {
    let value = cache.get(pack);
    if (value === undefined) { value = fn(pack); cache.set(pack, value); }
    return value;
  };
}

/** Freezes a JSON-like value and everything in it. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as object)) deepFreeze(v);
  }
  return value;
}

/** The API's 8-digit verse id of a verse id number. */
export const padVerseId = (id: number): string => String(100_000_000 + id).slice(1);
