// A counting semaphore: at most `slots` holders at once, the rest wait in order.

/** acquire resolves with the function that frees the slot. */
export interface Semaphore {
  acquire(): Promise<() => void>;
}

export function semaphore(slots: number): Semaphore {
  let free = slots;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else free++;
  };
  return {
    acquire(): Promise<() => void> {
      if (free > 0) {
        free--;
        return Promise.resolve(release);
      }
      return new Promise((resolve) => queue.push(() => resolve(release)));
    },
  };
}
