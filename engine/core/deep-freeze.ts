// Answers built once per loaded pack are shared by every call, so they are frozen: no caller can change
// what the next caller gets.

/** Freezes a JSON-like value and everything in it. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as object)) deepFreeze(v);
  }
  return value;
}
