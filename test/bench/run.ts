// `npm run bench`: every suite in one run, printed as a Markdown table (paste it into the README).
import { cpus } from 'node:os';
import { createHarness, renderTable, type Harness } from './harness.ts';
import foundation from './suites/foundation.ts';
import search from './suites/search.ts';
import extrabiblical from './suites/extrabiblical.ts';
import memory from './suites/memory.ts';
import plans from './suites/plans.ts';
import hosts from './suites/hosts.ts';

/** Suites run in this order, one per feature area. */
const SUITES: { name: string; run: (h: Harness) => Promise<void> }[] = [
  { name: 'foundation', run: foundation },
  { name: 'search', run: search },
  { name: 'extrabiblical', run: extrabiblical },
  { name: 'memory', run: memory },
  { name: 'plans', run: plans },
  { name: 'hosts', run: hosts },
  { name: 'original', run: async (h) => (await import('./suites/original.ts')).default(h) },
  { name: 'study', run: async (h) => (await import('./suites/study.ts')).default(h) },
  { name: 'citations', run: async (h) => (await import('./suites/citations.ts')).default(h) },
  { name: 'structure', run: async (h) => (await import('./suites/structure.ts')).default(h) },
  { name: 'scale', run: async (h) => (await import('./suites/scale.ts')).default(h) },
  { name: 'slow-clients', run: async (h) => (await import('./suites/slow-clients.ts')).default(h) },
  { name: 'starvation', run: async (h) => (await import('./suites/starvation.ts')).default(h) },
  { name: 'page', run: async (h) => (await import('./suites/page.ts')).default(h) },
  { name: 'package', run: async (h) => (await import('./suites/package.ts')).default(h) },
  { name: 'import-formats', run: async (h) => (await import('./suites/import-formats.ts')).default(h) },
  { name: 'import', run: async (h) => (await import('./suites/import.ts')).default(h) },
  { name: 'unspaced', run: async (h) => (await import('./suites/unspaced.ts')).default(h) },
  { name: 'host-matrix', run: async (h) => (await import('./suites/host-matrix.ts')).default(h) },
];

const only = process.argv.slice(2);
const h = createHarness();
for (const suite of SUITES) {
  if (only.length && !only.includes(suite.name)) continue;
  process.stderr.write(`bench: ${suite.name}\n`);
  await suite.run(h);
}
console.log(
  `Benchmarks, ${new Date().toISOString().slice(0, 10)}, ${cpus()[0]?.model ?? 'unknown CPU'} x${cpus().length}, Node ${process.version}\n`,
);
console.log(renderTable(h.rows));
if (h.notes.length) console.log(`\n${h.notes.map((n) => `- ${n}`).join('\n')}`);
