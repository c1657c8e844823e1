// `bible import`'s build beside the compiler's, on the same source (the WEB's USFM folder): (1) the
// import's read + buildImport + pack writing in MB/s of source, against the compiler's text build of the
// same translation (its USFM adapter + the text pack's sections + writing); (2) the imported text pack's
// bytes against `xz -9` of the same verse text, one verse per line; (3) the first verse (open + GetVerse
// John 3:16) of the imported translation against the built-in KJV, each in a fresh process over the same
// pack folder, the two run in turns.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readUsfmFolder } from '../../../compiler/adapters/usfm.ts';
import { writePack } from '../../../compiler/pack/writer.ts';
import { verseIdOf } from '../../../engine/core/ids.ts';
import { schemaOfPack, TEXT_PACK } from '../../../engine/core/pack/schemas.ts';
import { type DeflateJob, writePackWith } from '../../../engine/core/pack/writer.ts';
import { buildImport } from '../../../engine/import/build.ts';
import { readImportFiles } from '../../../engine/import/read-any.ts';
import { textPackSections } from '../../../engine/import/text-pack.ts';
import { copyPacksFromArgs } from '../../../engine/node/copy-packs.ts';
import { importTranslation, packageVersificationMaps } from '../../../engine/node/import-command.ts';
import { openNode } from '../../../engine/node/loader.ts';
import { deflateRawSync } from 'node:zlib';
import { folderFiles, SOURCES } from '../../import/sources.ts';
import { formatNs, type Harness } from '../harness.ts';

const GROUP = 'import';
const REPO = resolve(import.meta.dirname, '..', '..', '..');
/** Runs of each multi-second build, in turns with its peer. */
const BUILD_RUNS = 5;
/** Fresh processes of each first verse, in turns. */
const PROCESS_RUNS = 15;

const deflate = (job: DeflateJob): Uint8Array => deflateRawSync(job.bytes, { level: job.level, memLevel: 9 });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const kb = (n: number) => `${(n / 1000).toFixed(0)} KB`;

export default async function importBench(h: Harness): Promise<void> {
  const webDir = join(SOURCES, 'bibles/web');
  if (!existsSync(webDir)) {
    h.note(`import: skipped, ${webDir} is not there`);
    return;
  }
  const grid = (await openNode()).meta.versification.chapterVerses as number[][];
  const maps = packageVersificationMaps();
  const sourceBytes = folderFiles('bibles/web').reduce((n, f) => n + f.bytes.length, 0);
  const mbs = (ms: number) => (sourceBytes / 1e6 / (ms / 1e3)).toFixed(2);

  // (1) The two builds, in turns, each phase timed (wall and this process's CPU).
  type Phases = { read: number; build: number; write: number; total: number; cpu: number };
  let importedPacks: { name: string; bytes: Uint8Array }[] = [];
  let importedLines: string[] = [];
  let compilerPack: Uint8Array = new Uint8Array();
  const ours = (): Phases => {
    const c0 = cpuMs();
    const t0 = performance.now();
    const files = folderFiles('bibles/web');
    const text = readImportFiles(files, grid);
    const t1 = performance.now();
    const built = buildImport(text, { id: 'webu', number: 1001, source: webDir }, grid, maps);
    const t2 = performance.now();
    importedPacks = built.packs.map((p) => ({
      name: p.name,
      bytes: writePackWith(deflate, p.sections, {
        name: p.name,
        schema: schemaOfPack(p.name)!.kind,
        datasets: ['webu'],
      }),
    }));
    const t3 = performance.now();
    // The verse text as stored (buildImport's cleaning), in verse order: the xz row's input.
    const seen = new Set<number>();
    importedLines = text.verses
      .filter((v) => v.book >= 1 && v.book <= 66)
      .sort((a, b) => verseIdOf(a) - verseIdOf(b))
      .filter((v) => {
        const id = verseIdOf(v);
        if (seen.has(id)) return false;
        seen.add(id);
        return true;
      })
      .map((v) => v.text.replace(/\s+/g, ' ').trim().normalize('NFC'))
      .filter((t) => t !== '');
    return { read: t1 - t0, build: t2 - t1, write: t3 - t2, total: t3 - t0, cpu: cpuMs() - c0 };
  };
  const compiler = (): Phases => {
    const c0 = cpuMs();
    const t0 = performance.now();
    const { verses, incomplete = [] } = readUsfmFolder({ path: webDir, kjvChapterVerses: grid });
    const t1 = performance.now();
    const sections = textPackSections(
      'web',
      verses,
      grid,
      incomplete.map((x) => ({ verseId: verseIdOf(x), reason: x.reason })),
    );
    const t2 = performance.now();
    compilerPack = writePack(sections, { name: TEXT_PACK.name('web'), schema: TEXT_PACK.kind, datasets: ['web'] });
    const t3 = performance.now();
    return { read: t1 - t0, build: t2 - t1, write: t3 - t2, total: t3 - t0, cpu: cpuMs() - c0 };
  };
  const runs: { ours: Phases[]; compiler: Phases[] } = { ours: [], compiler: [] };
  ours(); // warm both once: the first run also compiles the modules
  compiler();
  for (let i = 0; i < BUILD_RUNS; i++) {
    runs.ours.push(ours());
    runs.compiler.push(compiler());
  }
  const med = (list: Phases[], k: keyof Phases) => median(list.map((p) => p[k]));
  const phases = (list: Phases[]) =>
    `read ${med(list, 'read').toFixed(0)}, sections ${med(list, 'build').toFixed(0)}, write ${med(list, 'write').toFixed(0)} ms; CPU ${med(list, 'cpu').toFixed(0)} ms`;
  h.add({
    group: GROUP,
    name: `build of the WEB's USFM folder (${(sourceBytes / 1e6).toFixed(1)} MB): readImport + buildImport + 3 packs written, ${mbs(med(runs.ours, 'total'))} MB/s (${mbs(med(runs.ours, 'cpu'))} of CPU); compiler ${mbs(med(runs.compiler, 'total'))} (${mbs(med(runs.compiler, 'cpu'))})`,
    medianNs: med(runs.ours, 'total') * 1e6,
    peer: { name: 'compiler: USFM adapter + text pack', medianNs: med(runs.compiler, 'total') * 1e6 },
  });
  h.note(
    `import build, medians of ${BUILD_RUNS} in turns: ours ${phases(runs.ours)}; compiler ${phases(runs.compiler)}`,
  );

  // (2) The imported text pack against xz -9 of its verse text.
  const textPackBytes = importedPacks.find((p) => p.name === TEXT_PACK.name('webu'))!.bytes.length;
  const sizes = importedPacks.map((p) => `${p.name} ${kb(p.bytes.length)}`).join(', ');
  const plain = Buffer.from(`${importedLines.join('\n')}\n`, 'utf8');
  const xz = spawnSync('xz', ['-9', '-c', '-T1'], { input: plain, maxBuffer: 64 * 1024 * 1024 });
  if (xz.error || xz.status !== 0) {
    h.note(
      `import: xz -9 row skipped: ${xz.error ? `xz could not be run (${xz.error.message})` : `xz exited ${xz.status}`}`,
    );
  } else {
    const xzBytes = xz.stdout.length;
    h.note(
      `import: the imported WEB text pack ${kb(textPackBytes)} (word-coded blocks and its search keys) against xz -9 of the same ${importedLines.length} verses, one a line (${kb(plain.length)} plain): ${kb(xzBytes)}, the pack ${(textPackBytes / xzBytes).toFixed(2)}x xz's bytes`,
    );
  }
  h.note(`import: packs written ${sizes}; the compiler's text-web ${kb(compilerPack.length)}`);

  // (3) First verse in a fresh process: the imported WEB against the built-in KJV, same pack folder.
  const lib = join(REPO, 'lib', 'node', 'index.js');
  if (!existsSync(lib)) {
    h.note(`import: first-verse rows skipped, ${lib} is not built (npx tsx scripts/build-lib.ts)`);
    return;
  }
  const root = mkdtempSync(join(tmpdir(), 'bench-import-'));
  try {
    const data = join(root, 'data');
    mkdirSync(data);
    // The pack folder an app holds after `bible copy-packs`: meta, the KJV's text, licensing and headings.
    copyPacksFromArgs(['--to', data, '--packs', 'licensing,headings'], () => {});
    const t0 = performance.now();
    importTranslation({ source: webDir, id: 'webu', data });
    const wholeMs = performance.now() - t0;
    h.note(
      `import: importTranslation (what \`bible import\` runs: read, build, packs and manifest written) of the WEB ${(wholeMs / 1000).toFixed(2)} s, one run`,
    );
    const script = join(root, 'first.mjs');
    writeFileSync(
      script,
      [
        `const { openNode } = await import(${JSON.stringify(lib)});`,
        'const [dataDir, versionId] = process.argv.slice(2);',
        'const t0 = performance.now();',
        'const b = await openNode({ dataDir });',
        'const t1 = performance.now();',
        "const [v] = await b.GetVerse({ verseId: '43003016', versionId });",
        'const t2 = performance.now();',
        "if (!v || !v.t.startsWith('For God')) throw new Error(JSON.stringify(v));",
        'console.log(JSON.stringify([t1 - t0, t2 - t1, t2 - t0]));',
      ].join('\n'),
    );
    const first = (id: string) =>
      JSON.parse(execFileSync(process.execPath, [script, data, id], { encoding: 'utf8' })) as number[];
    const times: Record<string, number[][]> = { webu: [], kjv: [] };
    for (let i = 0; i < PROCESS_RUNS; i++) for (const id of ['webu', 'kjv']) times[id].push(first(id));
    const at = (id: string, k: number) => median(times[id].map((t) => t[k]));
    h.add({
      group: GROUP,
      name: `open + GetVerse John 3:16 of the imported WEB, fresh process (open ${at('webu', 0).toFixed(1)} ms, first verse ${at('webu', 1).toFixed(1)} ms)`,
      medianNs: at('webu', 2) * 1e6,
      peer: {
        name: `built-in KJV, same folder (open ${at('kjv', 0).toFixed(1)}, first verse ${at('kjv', 1).toFixed(1)} ms)`,
        medianNs: at('kjv', 2) * 1e6,
      },
    });
    h.note(
      `import: first verse, medians of ${PROCESS_RUNS} fresh processes in turns, after the import of lib/node: imported WEB ${formatNs(at('webu', 2) * 1e6)}, KJV ${formatNs(at('kjv', 2) * 1e6)}`,
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
