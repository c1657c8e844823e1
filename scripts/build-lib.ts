// The package's compiled JavaScript: lib/ holds the engine's entries as ES modules with .d.ts
// declarations (tsc), and lib/cli/ the `bible` command bundled into as few files as esbuild can make, so
// one call as a process loads little: the HTTP server sits in a chunk of its own that only `bible serve`
// loads. Run by scripts/ensure-build.ts when stale (so `npm test` and `npm start` use current code), by
// `npm pack` before packing, or directly: npx tsx scripts/build-lib.ts
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { hashInputs } from '../compiler/build.ts';
import { REPO_ROOT } from './bundle.ts';

export const LIB_DIR = join(REPO_ROOT, 'lib');
export const CLI_ENTRY = join(LIB_DIR, 'cli', 'cli.js');
const STAMP = join(LIB_DIR, 'build.json');
const INPUTS = [
  'engine/core',
  'sources/catalog.ts',
  'engine/node',
  'engine/browser/index.ts',
  'engine/browser/loader.ts',
  'tsconfig.json',
  'tsconfig.build.json',
  'scripts/build-lib.ts',
  'package-lock.json',
];

export const libInputsHash = (): string => hashInputs(INPUTS);

/** Why lib/ must be rebuilt, or '' when it is current. */
export function libStaleReason(): string {
  if (!existsSync(STAMP) || !existsSync(CLI_ENTRY)) return 'no compiled JavaScript yet';
  try {
    if (JSON.parse(readFileSync(STAMP, 'utf8')).inputs !== libInputsHash()) return 'the engine changed';
  } catch {
    return 'lib/build.json is unreadable';
  }
  return '';
}

export async function buildLib(log: (message: string) => void = (m) => process.stdout.write(`${m}\n`)): Promise<void> {
  const started = performance.now();
  rmSync(LIB_DIR, { recursive: true, force: true });
  const tsc = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  execFileSync(process.execPath, [tsc, '-p', join(REPO_ROOT, 'tsconfig.build.json')], { stdio: 'inherit' });
  // The engine reads only a type from the catalog (VersionId): its declarations ship, its code need not.
  rmSync(join(LIB_DIR, 'sources', 'catalog.js'), { force: true });
  await build({
    entryPoints: [join(REPO_ROOT, 'engine', 'node', 'cli.ts')],
    outdir: join(LIB_DIR, 'cli'),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    minify: true,
    legalComments: 'eof',
    logLevel: 'silent',
    // Compiling the corpus runs from the TypeScript sources in a checkout (bin/bible.js sends `bible build`
    // there); the package itself carries no compiler.
    // Server-only libraries are optional peers: loaded from the app's node_modules when the server needs them.
    external: ['../../compiler/*', '../../scripts/*', 'redis', 'prom-client'],
  });
  writeFileSync(STAMP, `${JSON.stringify({ inputs: libInputsHash() }, null, 2)}\n`);
  log(
    `compiled lib/ (engine entries with declarations, bundled CLI) in ${((performance.now() - started) / 1000).toFixed(1)}s`,
  );
}

export async function ensureLib(log?: (message: string) => void): Promise<void> {
  if (libStaleReason()) await buildLib(log);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildLib();
