// Study packs are parsed once per loaded pack (perPack) and their answers built once; shared answers are
// frozen so no caller can change what the next caller gets.
export { perPack } from '../pack/per-pack.ts';

/** Freezes a JSON-like value and everything in it. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as object)) deepFreeze(v);
  }
  return value;
}
