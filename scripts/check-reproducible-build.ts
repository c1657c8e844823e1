// Builds the packs twice from scratch, into two empty folders, and checks that every pack is byte for
// byte the same (the build is deterministic: ../shared/DESIGN.md). Run: npx tsx scripts/check-reproducible-build.ts
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from '../compiler/build.ts';

interface Manifest {
  packs: { name: string; sha256: string; bytes: number }[];
}

const work = mkdtempSync(join(tmpdir(), 'bible-reproducible-'));
try {
  const manifests: Manifest[] = [];
  for (const run of ['first', 'second']) {
    const outDir = join(work, run);
    const { seconds, cpuSeconds } = await build({ outDir, log: () => {} });
    console.log(`${run} build: ${seconds.toFixed(1)} s, ${cpuSeconds.toFixed(1)} s CPU`);
    manifests.push(JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')) as Manifest);
  }
  const [a, b] = manifests;
  const differing = a.packs.filter((p) => b.packs.find((q) => q.name === p.name)?.sha256 !== p.sha256);
  const names = (m: Manifest) => m.packs.map((p) => p.name).join(',');
  if (differing.length || names(a) !== names(b)) {
    console.error(`packs differ between two builds: ${differing.map((p) => p.name).join(', ') || 'the pack lists'}`);
    process.exitCode = 1;
  } else {
    console.log(`${a.packs.length} packs, byte-identical across two builds`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
