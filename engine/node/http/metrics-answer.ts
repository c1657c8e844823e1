// /metrics shared by the scrapes that ask at once. Gathering the exposition walks every metric (across
// every worker, when there are several): done once per scrape, a flood of scrapes would take the loop from
// the requests it measures. Scrapes that arrive while one is gathered, or within FRESH_MS of it, get the
// same text, so a flood costs at most one gathering a second.

export interface Exposition {
  contentType: string;
  body: string;
}

/** How long a gathered exposition answers later scrapes. */
export const FRESH_MS = 1_000;

export function sharedExposition(freshMs = FRESH_MS) {
  let current: Promise<Exposition> | undefined;
  let gatheredAt = Number.NEGATIVE_INFINITY;
  let pending = false;
  return (gather: () => Promise<Exposition>): Promise<Exposition> => {
    if (current && (pending || performance.now() - gatheredAt < freshMs)) return current;
    const gathering = gather();
    current = gathering;
    pending = true;
    gathering.then(
      () => {
        if (current !== gathering) return;
        pending = false;
        gatheredAt = performance.now();
      },
      () => {
        if (current === gathering) current = undefined;
        pending = false;
      },
    );
    return gathering;
  };
}
