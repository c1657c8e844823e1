// Binary search over a sorted array: the translation's verse list, the search indexes and the imported
// translations' maps all find positions with it.

/** First position in a sorted array (or in its [from, to) part) whose value is >= target. */
export function lowerBound<T extends number | string>(
  sorted: ArrayLike<T>,
  target: T,
  from = 0,
  to: number = sorted.length,
): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
