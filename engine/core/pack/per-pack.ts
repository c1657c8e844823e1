// Packs are parsed once per loaded pack: a WeakMap keyed by the pack object holds the parsed form, so
// it goes when the pack goes and a reloaded pack is parsed afresh.

/** fn(pack), computed once per pack object. */
export function perPack<P extends object, T>(fn: (pack: P) => T): (pack: P) => T {
  const cache = new WeakMap<P, T>();
  return (pack) => {
    let value = cache.get(pack);
    if (value === undefined) { value = fn(pack); cache.set(pack, value); }
    return value;
  };
}
