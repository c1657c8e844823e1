// The runtimes of the host matrix (scripts/test-hosts.ts) side by side: on each, the packed package's
// open + John 3:16 and the first search ("only begotten" in the KJV, which makes the word index), in
// fresh processes, beside Node 22 in the same run. Each host runs three times in turns, so a busy spell
// on a shared machine falls on all of them alike; the row is the median of the three.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Harness } from '../harness.ts';
import {
  BROWSER_CHECKS,
  HERMES_HOSTS,
  type Host,
  type MatrixContext,
  prepareApp,
  RUNTIME_HOSTS,
} from '../../../scripts/test-hosts.ts';

const RUNS = 3;
const BASELINE = 'node-22';

export default async function hostMatrix(h: Harness): Promise<void> {
  const hosts: Host[] = [
    ...RUNTIME_HOSTS,
    ...HERMES_HOSTS.filter((host) => host.name === 'hermes-0.12'),
    ...BROWSER_CHECKS,
  ];
  let app: string | undefined;
  const context: MatrixContext = { app: () => (app ??= prepareApp()) };
  const samples = new Map<string, { open: number[]; search: number[] }>(
    hosts.map((host) => [host.name, { open: [], search: [] }]),
  );
  for (let run = 0; run < RUNS; run++) {
    for (const host of hosts) {
      const result = await host.run(context);
      if (!result.ok || !result.timings) throw new Error(`${host.name}: ${result.detail}`);
      samples.get(host.name)!.open.push(result.timings.openAndFirstVerseMs * 1e6);
      samples.get(host.name)!.search.push(result.timings.searchMs * 1e6);
    }
  }
  if (app) rmSync(join(app, '..'), { recursive: true, force: true });
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
  const baseline = samples.get(BASELINE)!;
  for (const host of hosts) {
    const { open, search } = samples.get(host.name)!;
    const peer = (values: number[]) =>
      host.name === BASELINE ? undefined : { name: BASELINE, medianNs: median(values) };
    h.add({
      group: 'host matrix',
      name: `${host.name}: open + John 3:16`,
      medianNs: median(open),
      peer: peer(baseline.open),
    });
    h.add({
      group: 'host matrix',
      name: `${host.name}: first search`,
      medianNs: median(search),
      peer: peer(baseline.search),
    });
  }
  h.note(
    'host matrix: hermes-0.12 reads its packs from inline base64 (that VM reads no files) and runs ES5-lowered code',
  );
}
