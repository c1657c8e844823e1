// Packs are parsed once per loaded pack: a WeakMap keyed by the Pack object holds the parsed form, so
// it goes when the pack goes and a reloaded pack is parsed afresh.
import type { Pack } from './reader.ts';

/** fn(pack), computed once per Pack object. */
export function perPack<T>(fn: (pack: Pack) => T): (pack: Pack) => T {
  const cache = new WeakMap<Pack, T>();
  return (pack) => {
    let value = cache.get(pack);
    if (value === undefined) { value = fn(pack); cache.set(pack, value); }
    return value;
  };
}
