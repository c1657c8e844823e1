// The package as an app meets it: the tarball's size, the time from `npm install` of the tarball to the
// first verse, the import of the Node entry to the first verse in a fresh process (by phase), the pack
// sizes, and one `bible <Operation>` call as a process beside SWORD's diatheke for the same verse
// in the same run (with the floor every Node program pays: `node -e 0`), and `bible batch` for scripts
// that loop.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { deflateRawSync } from 'node:zlib';
import { buildSync, transformSync } from 'esbuild';
import { join, resolve } from 'node:path';
import type { Harness } from '../harness.ts';
import { installTarballs, packPackage } from '../../package/packed-package.ts';
import { withDiathekeKjv } from '../peers.ts';

const REPO = resolve(import.meta.dirname, '..', '..', '..');
const RUNS = 15;

interface ProcessRun {
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  input?: string;
}

/** Median wall time of each process, in ns. The processes run in turns, so a busy spell on a shared
 *  machine falls on all of them alike and their ratios hold. */
function processTimes(runs: ProcessRun[]): number[] {
  const times = runs.map((): number[] => []);
  for (let i = 0; i < RUNS; i++) {
    runs.forEach(({ command, args, env = process.env, input }, k) => {
      const t0 = performance.now();
      const run = spawnSync(command, args, {
        env,
        input,
        stdio: [input === undefined ? 'ignore' : 'pipe', 'ignore', 'ignore'],
      });
      times[k].push((performance.now() - t0) * 1e6);
      if (run.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${run.status}`);
    });
  }
  return times.map((t) => t.sort((a, b) => a - b)[RUNS >> 1]);
}

const processTime = (command: string, args: string[], env?: NodeJS.ProcessEnv, input?: string): number =>
  processTimes([{ command, args, env, input }])[0];

/** The import of bible-engine/node to John 3:16 in hand, in fresh processes: its median, with the
 *  median of each phase (import, open, first verse), in wall time and in CPU time (the process's, all
 *  threads): on a shared machine the wall time of a phase moves with the load, its CPU time much less.
 *  `node -e 0` runs in turns with them, as the floor every process pays before the import starts. */
function firstVerseRows(h: Harness, app: string): void {
  writeFileSync(
    join(app, 'phases.mjs'),
    [
      'const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };',
      'const c0 = cpu();',
      'const t0 = performance.now();',
      "const { openNode } = await import('bible-engine/node');",
      'const t1 = performance.now();',
      'const c1 = cpu();',
      'const b = await openNode();',
      'const t2 = performance.now();',
      'const c2 = cpu();',
      "const [v] = await b.GetVerse({ verseId: '43003016', versionId: 'kjv' });",
      'const t3 = performance.now();',
      'const c3 = cpu();',
      "if (!v.t.startsWith('For God')) throw new Error(v.t);",
      'console.log(JSON.stringify([t1 - t0, t2 - t1, t3 - t2, t3 - t0, c1 - c0, c2 - c1, c3 - c2, c3 - c0]));',
    ].join('\n'),
  );
  // The peer: Node alone doing what no engine can skip on this path. It imports a one-line package
  // through an exports map, reads the same two packs, and inflates 94 KB (a KJV dictionary's size) with
  // zlib, whose loading and first inflate every Node reader of deflated data pays.
  const data = join(app, 'node_modules', 'bible-engine', 'dist', 'data');
  const peerPackage = join(app, 'node_modules', 'node-alone');
  mkdirSync(peerPackage, { recursive: true });
  writeFileSync(
    join(peerPackage, 'package.json'),
    JSON.stringify({ name: 'node-alone', type: 'module', exports: { './node': './index.js' } }),
  );
  const dictionarySized = readFileSync(join(data, 'text-kjv.pack')).subarray(0, 94_000);
  writeFileSync(join(peerPackage, 'section.bin'), deflateRawSync(dictionarySized));
  writeFileSync(
    join(peerPackage, 'index.js'),
    [
      "const fs = process.getBuiltinModule('node:fs');",
      'export function read(data) {',
      "  const packs = ['meta', 'text-kjv'].map((name) => fs.readFileSync(data + '/' + name + '.pack'));",
      "  const zlib = process.getBuiltinModule('node:zlib');",
      "  const section = zlib.inflateRawSync(fs.readFileSync(new URL('section.bin', import.meta.url)));",
      '  return packs[1].length + section.length + zlib.crc32(packs[0]);',
      '}',
    ].join('\n'),
  );
  writeFileSync(
    join(app, 'node-alone.mjs'),
    [
      'const t0 = performance.now();',
      "const { read } = await import('node-alone/node');",
      `read(${JSON.stringify(data)});`,
      'console.log(performance.now() - t0);',
    ].join('\n'),
  );
  const bareReader = writeBareReader(app, data);
  const codeCache = writeCodeCacheRunner(app);
  const runs: number[][] = [];
  const floors: number[] = [];
  const nodeAlone: number[] = [];
  const bare: number[] = [];
  const cached: number[] = [];
  const timed = (script: string, ...args: string[]) =>
    Number(execFileSync(process.execPath, [script, ...args], { cwd: app, encoding: 'utf8' }));
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    execFileSync(process.execPath, ['-e', '0']);
    floors.push(performance.now() - t0);
    runs.push(JSON.parse(execFileSync(process.execPath, ['phases.mjs'], { cwd: app, encoding: 'utf8' })) as number[]);
    nodeAlone.push(timed('node-alone.mjs'));
    bare.push(timed(bareReader));
    cached.push(timed(...codeCache));
  }
  const middle = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1];
  const median = (k: number) => middle(runs.map((r) => r[k]));
  const ms = (k: number) => median(k).toFixed(1);
  h.add({
    group: 'package',
    name: "import 'bible-engine/node' to John 3:16 in hand, fresh process",
    medianNs: median(3) * 1e6,
    target: '<= 15 ms',
    targetNs: 15e6,
    peer: {
      name: 'Node alone: the same import, pack reads and a first zlib inflate, no engine',
      medianNs: middle(nodeAlone) * 1e6,
    },
    note: `median of ${RUNS}: import ${ms(0)} ms, open ${ms(1)} ms, first verse ${ms(2)} ms; CPU ${ms(7)} ms (import ${ms(4)}, open ${ms(5)}, first verse ${ms(6)}); node -e 0 in the same turns ${middle(floors).toFixed(1)} ms, the row ${(median(3) / middle(floors)).toFixed(3)}x node -e 0`,
  });
  h.add({
    group: 'package',
    name: "the engine's pack reader and decoder alone (no open(), parameter checks or records): import to John 3:16, fresh process",
    medianNs: middle(bare) * 1e6,
    peer: { name: "import 'bible-engine/node' to John 3:16 (the row above, same turns)", medianNs: median(3) * 1e6 },
    note: `median of ${RUNS}, in turns with the rows above: what the API layer adds to a first verse is the difference`,
  });
  h.add({
    group: 'package',
    name: 'bible-engine/node with a V8 code cache (the same code as a script through vm.Script, cache made by one earlier run): to John 3:16, fresh process',
    medianNs: middle(cached) * 1e6,
    peer: { name: "import 'bible-engine/node' to John 3:16 (the row above, same turns)", medianNs: median(3) * 1e6 },
    note: `median of ${RUNS}, in turns with the rows above: the difference is V8 compiling the engine's code, which Node 20 caches for no ES module`,
  });
}

/** The bench's copy of the engine's bare pack reader (test/bench/bare-reader.ts), bundled and minified
 *  as lib/ is into a package of its own, and a script timing its import to John 3:16. */
function writeBareReader(app: string, data: string): string {
  const folder = join(app, 'node_modules', 'bare-reader');
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, 'package.json'),
    JSON.stringify({ name: 'bare-reader', type: 'module', exports: './index.js' }),
  );
  buildSync({
    entryPoints: [join(REPO, 'test', 'bench', 'bare-reader.ts')],
    outfile: join(folder, 'index.js'),
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    external: ['node:*'],
    minify: true,
    logLevel: 'silent',
  });
  writeFileSync(
    join(app, 'bare.mjs'),
    [
      'const t0 = performance.now();',
      "const { openBare } = await import('bare-reader');",
      `const text = openBare(${JSON.stringify(data)}).verse('kjv', 43003016);`,
      "if (!text.startsWith('For God')) throw new Error(text);",
      'console.log(performance.now() - t0);',
    ].join('\n'),
  );
  return 'bare.mjs';
}

/**
 * The installed Node entry turned into a CommonJS script (its first verse imports nothing), compiled
 * through vm.Script with V8's code cache: one run makes the cache after its first verse, so it holds the
 * functions that verse compiled as well as the top level. Returns the script and arguments of a timed run.
 */
function writeCodeCacheRunner(app: string): [string, ...string[]] {
  const libNode = join(app, 'node_modules', 'bible-engine', 'lib', 'node');
  const folder = join(app, 'code-cache');
  mkdirSync(folder, { recursive: true });
  const source = join(folder, 'engine.cjs');
  const cache = join(folder, 'engine.cache');
  writeFileSync(
    source,
    transformSync(readFileSync(join(libNode, 'index.js'), 'utf8'), {
      format: 'cjs',
      platform: 'node',
      logLevel: 'silent',
    }).code,
  );
  writeFileSync(
    join(folder, 'run.cjs'),
    [
      'const t0 = performance.now();',
      "const vm = require('node:vm');",
      "const fs = require('node:fs');",
      'const [source, cacheFile, libDir, mode] = process.argv.slice(2);',
      "const cachedData = mode === 'make' ? undefined : fs.readFileSync(cacheFile);",
      'const script = new vm.Script(',
      "  '(function (exports, require, module, __filename, __dirname) {' + fs.readFileSync(source, 'utf8') + '\\n})',",
      '  { filename: source, cachedData },',
      ');',
      "if (cachedData && script.cachedDataRejected) throw new Error('the code cache was rejected');",
      'const engine = { exports: {} };',
      'script.runInThisContext()(engine.exports, require, engine, source, libDir);',
      'engine.exports.openNode().then(async (bible) => {',
      "  const [v] = await bible.GetVerse({ verseId: '43003016', versionId: 'kjv' });",
      "  if (!v.t.startsWith('For God')) throw new Error(v.t);",
      "  if (mode === 'make') fs.writeFileSync(cacheFile, script.createCachedData());",
      '  console.log(performance.now() - t0);',
      '});',
    ].join('\n'),
  );
  const run: [string, ...string[]] = [join(folder, 'run.cjs'), source, cache, libNode];
  execFileSync(process.execPath, [...run, 'make'], { cwd: app, stdio: 'ignore' });
  return run;
}

/** Pack sizes: the KJV text pack and every pack, from the manifest. */
function packSizeNotes(h: Harness): void {
  const manifest = JSON.parse(readFileSync(join(REPO, 'dist', 'data', 'manifest.json'), 'utf8')) as {
    packs: { name: string; bytes: number }[];
  };
  const bytes = (name: string) => manifest.packs.find((p) => p.name === name)?.bytes ?? 0;
  const total = manifest.packs.reduce((n, p) => n + p.bytes, 0);
  const text = manifest.packs.filter((p) => p.name.startsWith('text-')).reduce((n, p) => n + p.bytes, 0);
  h.note(
    `packs: text-kjv ${(bytes('text-kjv') / 1e6).toFixed(2)} MB (target <= 1.0 MB), ten text packs ${(text / 1048576).toFixed(1)} MiB, commentary-gill ${(bytes('commentary-gill') / 1048576).toFixed(1)} MiB, all ${manifest.packs.length} packs ${(total / 1048576).toFixed(1)} MiB (target <= 30 MiB)`,
  );
}

export default async function packageSuite(h: Harness): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'bible-bench-package-'));
  try {
    const tarballs = join(work, 'tarballs');
    const app = join(work, 'app');
    mkdirSync(tarballs);
    mkdirSync(app);
    const tarball = packPackage(tarballs);
    h.note(
      `npm pack: ${(statSync(tarball).size / 1024 / 1024).toFixed(1)} MiB tarball (compiled engine, declarations, CLI, every pack)`,
    );

    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'bench-app', private: true, type: 'module' }));
    writeFileSync(
      join(app, 'first.mjs'),
      "import { openNode } from 'bible-engine/node';\nconst b = await openNode();\nconsole.log((await b.GetVerse({ verseId: '43003016' }))[0].t);\n",
    );
    const t0 = performance.now();
    installTarballs(app, tarballs);
    const installed = performance.now();
    execFileSync(process.execPath, ['first.mjs'], { cwd: app, stdio: 'ignore' });
    const done = performance.now();
    firstVerseRows(h, app);
    h.add({
      group: 'package',
      name: 'npm install of the tarball (offline) to the first verse printed',
      medianNs: (done - t0) * 1e6,
      note: `one run: install ${((installed - t0) / 1000).toFixed(1)} s, script ${(done - installed).toFixed(0)} ms`,
    });

    // The process rows, each beside `node -e 0` run in turns with it: the floor any Node program pays.
    const bin = join(app, 'node_modules', 'bible-engine', 'bin', 'bible.js');
    const verse = ['GetVerse', 'verseId=43003016'];
    const [floor, ours, script] = processTimes([
      { command: process.execPath, args: ['-e', '0'] },
      { command: process.execPath, args: [bin, ...verse] },
      { command: process.execPath, args: [join(app, 'first.mjs')] },
    ]);
    const sword = withDiathekeKjv((diatheke, env) => processTime(diatheke, ['-b', 'KJV', '-k', 'John 3:16'], env));
    const timesFloor = (ns: number) => `${(ns / floor).toFixed(2)}x node -e 0`;
    h.add({
      group: 'package',
      name: 'bible GetVerse John 3:16, one process',
      medianNs: ours,
      target: '<= 1.5x node -e 0',
      targetNs: 1.5 * floor,
      ...('why' in Object(sword) ? {} : { peer: { name: 'diatheke (SWORD)', medianNs: sword as number } }),
      note: `median of ${RUNS}, ${timesFloor(ours)}, which takes ${(floor / 1e6).toFixed(1)} ms in the same turns`,
    });
    if (typeof sword === 'object') h.note(`diatheke: ${sword.why}`);
    h.add({
      group: 'package',
      name: "node app.mjs: import 'bible-engine/node', open, print John 3:16, one process",
      medianNs: script,
      note: `median of ${RUNS}, ${timesFloor(script)}`,
    });
    h.add({ group: 'package', name: 'node -e 0 (the start of any Node process)', medianNs: floor });

    const lines = Array.from(
      { length: 1000 },
      (_, i) => `GetVerse verseId=${String(40_001_001 + (i % 25)).padStart(8, '0')}`,
    ).join('\n');
    const batch = processTime(process.execPath, [bin, 'batch'], process.env, lines);
    h.add({
      group: 'package',
      name: 'bible batch: 1,000 GetVerse calls in one process',
      medianNs: batch,
      note: `${(batch / 1000 / 1000).toFixed(1)} µs a call with start-up spread`,
    });
    packSizeNotes(h);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
