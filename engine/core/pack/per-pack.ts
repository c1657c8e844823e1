// Packs are parsed once per loaded pack: a WeakMap keyed by the pack object holds the parsed form, so
// it goes when the pack goes and a reloaded pack is parsed afresh. The same holds for what is parsed from
// a pack (a loaded translation, the meta data, a lexicon): derived from it, it is keyed by it.
import type { Pack } from './reader.ts';

/** fn(pack), computed once per pack object. */
export function perPack<P extends object = Pack, T = unknown>(fn: (pack: P) => T): (pack: P) => T {
  const cache = new WeakMap<P, T>();
  return (pack) => {
    let value = cache.get(pack);
    if (value === undefined) {
      value = fn(pack);
      cache.set(pack, value);
    }
    return value;
  };
}

/** fn(pack, key), computed once per pack object and key: for what a pack gives only together with
 *  something else (a translation's chapter table also needs the meta data). */
export function perPackAnd<P extends object = Pack, K = unknown, T = unknown>(
  fn: (pack: P, key: K) => T,
): (pack: P, key: K) => T {
  const byPack = perPack((_: P) => new Map<K, T>());
  return (pack, key) => {
    const cache = byPack(pack);
    let value = cache.get(key);
    if (value === undefined) {
      value = fn(pack, key);
      cache.set(key, value);
    }
    return value;
  };
}
