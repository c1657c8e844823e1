// The refusals that name what a caller most likely meant: an unknown parameter or operation, with the
// closest name there is.
import { invalid, type BibleError } from '../errors.ts';
import type { ParamSpec } from './spec.ts';

/** The refusal of a parameter an operation does not take, naming the closest one it does take. */
export function unknownParamError(operation: string, specs: readonly ParamSpec[], name: string): BibleError {
  const shown = JSON.stringify(name.slice(0, 40));
  const names = specs.map((s) => s.name);
  const closest = closestName(name, names);
  return invalid(
    name,
    `${operation} has no parameter ${shown}${closest ? ` (did you mean ${closest}?)` : ''}; it takes ${names.join(', ') || 'no parameters'}`,
  );
}

/** The refusal of a name that is no operation, with the operation it most likely meant ("getstrongs",
 *  "GetStrong": GetStrongs) and where the list is. Every face of the engine words it this way. */
export function unknownOperationMessage(name: string, operations: readonly string[], listedBy: string): string {
  const closest = closestName(name, operations);
  return `unknown operation ${JSON.stringify(name.slice(0, 60))}${closest ? ` (did you mean ${closest}?)` : ''}; ${listedBy}`;
}

/**
 * The candidate a misspelt name most likely meant: the fewest letters inserted, deleted, changed or
 * swapped with a neighbour, ignoring case, and at most a third of the name's letters (at least one).
 */
export function closestName(name: string, candidates: readonly string[]): string | undefined {
  const typed = name.slice(0, 64).toLowerCase();
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(typed.length / 3)) + 1;
  for (const candidate of candidates) {
    const distance = editDistance(typed, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
    }
  return rows[a.length][b.length];
}
