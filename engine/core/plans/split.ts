// Dividing an ordered list over days: contiguous runs, nothing split, nothing reordered, every item once.
// Both rules fill min(days, items) days, each with at least one item.

/** Run lengths for `count` items over `parts` days, no run more than one longer than another. The longer
 *  runs are spread through the plan (run i ends at floor((i+1)·count/parts)) rather than bunched at the
 *  start, so a reader's load stays even week by week. */
export function evenSizes(count: number, parts: number): number[] {
  const sizes = new Array<number>(parts);
  let previous = 0;
  for (let i = 0; i < parts; i++) {
    const end = Math.floor(((i + 1) * count) / parts);
    sizes[i] = end - previous;
    previous = end;
  }
  return sizes;
}

/** Run lengths over items [first, end) of `weights` (words per chapter) that even out the weight per day:
 *  day k ends at the item boundary nearest to k/parts of the total, kept so every day has an item. A day can
 *  still be long when one item is (Psalm 119): chapters are never split. */
export function weightedSizes(weights: ArrayLike<number>, first: number, end: number, parts: number): number[] {
  const count = end - first;
  const prefix = new Float64Array(count + 1);
  for (let i = 0; i < count; i++) prefix[i + 1] = prefix[i] + weights[first + i];
  const total = prefix[count];
  const sizes = new Array<number>(parts);
  let boundary = 0; // items before the current day
  let at = 0; // the last item boundary at or below the target; targets only grow, so it only moves on
  for (let k = 1; k < parts; k++) {
    const target = (total * k) / parts;
    while (at < count && prefix[at + 1] <= target) at++;
    let cut = at < count && prefix[at + 1] - target < target - prefix[at] ? at + 1 : at;
    cut = Math.min(Math.max(cut, boundary + 1), count - (parts - k));
    sizes[k - 1] = cut - boundary;
    boundary = cut;
  }
  sizes[parts - 1] = count - boundary;
  return sizes;
}

/** The items cut into consecutive runs of the given lengths. */
export function runs<T>(items: readonly T[], sizes: readonly number[]): T[][] {
  const out = new Array<T[]>(sizes.length);
  let at = 0;
  for (let i = 0; i < sizes.length; i++) out[i] = items.slice(at, (at += sizes[i]));
  return out;
}
