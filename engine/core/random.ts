// A small seeded generator (SplitMix32) so hosts can reproduce picks; unseeded calls draw a seed from
// Math.random. Not for cryptography.
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return ((z ^ (z >>> 16)) >>> 0) / 4294967296;
  };
}

/** A uniform integer in [0, n). */
export function pick(random: () => number, n: number): number {
  return Math.floor(random() * n);
}
