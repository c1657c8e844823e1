// Benchmark harness: medians of batched timings, printed as one table with targets and peer ratios.
// Timings belong here, never in tests.

export interface BenchRow {
  group: string;
  name: string;
  /** median time per operation, in nanoseconds */
  medianNs: number;
  /** the target this row is held to, e.g. "<= 1 µs" */
  target?: string;
  targetNs?: number;
  /** a peer doing the same work in the same run */
  peer?: { name: string; medianNs: number };
  note?: string;
}

export interface Harness {
  /** runs fn in batches for about `ms` milliseconds and returns the median time per call in ns */
  measure(fn: () => unknown, ms?: number): number;
  measureAsync(fn: () => Promise<unknown>, ms?: number): Promise<number>;
  add(row: BenchRow): void;
  /** free-form lines (sizes, memory) printed after the table */
  note(line: string): void;
}

export function createHarness(): Harness & { rows: BenchRow[]; notes: string[] } {
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  const measure = (fn: () => unknown, ms = 300): number => {
    // Calibrate a batch size that takes about 1 ms, then take the median of batch timings.
    let batch = 1;
    for (;;) {
      const t0 = performance.now();
      for (let i = 0; i < batch; i++) fn();
      if (performance.now() - t0 > 1 || batch > 1e7) break;
      batch *= 2;
    }
    const samples: number[] = [];
    const end = performance.now() + ms;
    while (performance.now() < end || samples.length < 5) {
      const t0 = performance.now();
      for (let i = 0; i < batch; i++) fn();
      samples.push(((performance.now() - t0) * 1e6) / batch);
    }
    samples.sort((a, b) => a - b);
    return samples[samples.length >> 1];
  };
  const measureAsync = async (fn: () => Promise<unknown>, ms = 300): Promise<number> => {
    const samples: number[] = [];
    const end = performance.now() + ms;
    while (performance.now() < end || samples.length < 5) {
      const t0 = performance.now();
      for (let i = 0; i < 20; i++) await fn();
      samples.push(((performance.now() - t0) * 1e6) / 20);
    }
    samples.sort((a, b) => a - b);
    return samples[samples.length >> 1];
  };
  return { rows, notes, measure, measureAsync, add: (row) => rows.push(row), note: (line) => notes.push(line) };
}

export function formatNs(ns: number): string {
  if (ns < 1_000) return `${ns.toFixed(0)} ns`;
  if (ns < 1_000_000) return `${(ns / 1_000).toFixed(2)} µs`;
  if (ns < 1_000_000_000) return `${(ns / 1_000_000).toFixed(2)} ms`;
  return `${(ns / 1_000_000_000).toFixed(2)} s`;
}

export function renderTable(rows: BenchRow[]): string {
  const lines = [
    '| group | operation | median | target | met | peer | peer median | ours vs peer |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    const met =
      r.targetNs === undefined
        ? ''
        : r.medianNs <= r.targetNs
          ? 'yes'
          : `no (${(r.medianNs / r.targetNs).toFixed(1)}x)`;
    const speedup = r.peer ? r.peer.medianNs / r.medianNs : 0;
    const ratio = !r.peer ? '' : speedup >= 1 ? `${speedup.toFixed(1)}x faster` : `${(1 / speedup).toFixed(1)}x slower`;
    lines.push(
      `| ${r.group} | ${r.name}${r.note ? ` (${r.note})` : ''} | ${formatNs(r.medianNs)} | ${r.target ?? ''} | ${met} | ${r.peer?.name ?? ''} | ${r.peer ? formatNs(r.peer.medianNs) : ''} | ${ratio} |`,
    );
  }
  return lines.join('\n');
}
