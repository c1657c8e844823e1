// The browser bundle and the reader page: dist/engine.js (the platform-free engine as one ES module,
// fflate inside, nothing to install) and dist/web (page, app, service worker, a copy of
// the bundle). Run by `bible build`, by scripts/ensure-build.ts when stale, or directly:
//   npx tsx scripts/bundle.ts
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type BuildOptions, build, type Plugin } from 'esbuild';
import { hashInputs } from '../compiler/build.ts';
import { openApiDocument } from '../engine/core/openapi.ts';
import { OPERATIONS } from '../engine/core/operations.ts';
import { ENGINE_VERSION } from '../engine/core/ops/info.ts';
import { API_V2_PATHS } from '../engine/core/ops/licensing.ts';
import { TRANSLATIONS } from '../sources/catalog.ts';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DIST_DIR = join(REPO_ROOT, 'dist');
export const ENGINE_BUNDLE = join(DIST_DIR, 'engine.js');
export const WEB_DIR = join(DIST_DIR, 'web');
/** The engine as React Native takes it (package.json's `react-native` condition; Metro bundles it). */
export const REACT_NATIVE_BUNDLE = join(DIST_DIR, 'react-native.js');
const STAMP = join(DIST_DIR, 'bundle.json');
const WEB_SOURCES = join(REPO_ROOT, 'engine', 'browser', 'web');

/** Everything the bundle is made from; a change to any of them makes it stale. */
const BUNDLE_INPUTS = [
  'engine/core',
  'engine/browser',
  'engine/react-native',
  'scripts/bundle.ts',
  'sources/catalog.ts',
  'package-lock.json',
];

/** Runtimes the bundle targets: browsers of the last years, Hermes (through Metro), Electron, Node. */
const TARGET = 'es2020';

export const bundleInputsHash = (): string => hashInputs(BUNDLE_INPUTS);

/** Why the bundle must be rebuilt, or '' when it is current. */
export function bundleStaleReason(): string {
  if (!existsSync(STAMP)) return 'no bundle yet';
  let stamp: { inputs?: string; files?: string[] };
  try {
    stamp = JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return 'bundle.json is unreadable';
  }
  if (stamp.inputs !== bundleInputsHash()) return 'the engine or the page changed';
  if ((stamp.files ?? []).some((f) => !existsSync(join(DIST_DIR, f)))) return 'a bundle file is missing';
  return '';
}

// Library code can reach for Node or worker features on paths the engine never takes (fflate's
// worker-based API). Those would make the bundle import files at run time, which Hermes and plain V8
// contexts cannot do, so the paths are cut out and fail loudly if ever taken.
const NODE_ONLY = /^(node:.*|worker_threads|fs|path|url|os|crypto|zlib|module)$/;
export const noRuntimeImports: Plugin = {
  name: 'no-runtime-imports',
  setup(b) {
    b.onResolve({ filter: NODE_ONLY }, (args) => {
      if (!/node_modules/.test(args.importer)) {
        return {
          errors: [
            {
              text: `${relative(REPO_ROOT, args.importer)} imports ${args.path}: the engine core must stay platform-free`,
            },
          ],
        };
      }
      return { path: args.path, namespace: 'node-only' };
    });
    b.onLoad({ filter: /.*/, namespace: 'node-only' }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`${args.path} is not available in the bundled engine`)});`,
      loader: 'js',
    }));
    b.onLoad({ filter: /node_modules[\\/].*\.(m?js|cjs)$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const fail = (what: string) =>
        `(()=>{throw new Error(${JSON.stringify(`${what} is not available in the bundled engine`)})})()`;
      const contents = source
        .replace(
          /(?<![.\w$])import\s*\(\s*(["'])([^"']*)\1\s*\)/g,
          (_, _q, spec: string) =>
            `Promise.reject(new Error(${JSON.stringify(`${spec} is not available in the bundled engine`)}))`,
        )
        .replace(/(?<![.\w$])require\s*\(\s*(["'])(worker_threads|node:[^"']*)\1\s*\)/g, (_, _q, spec: string) =>
          fail(spec),
        )
        .replace(/import\.meta\.(dirname|filename|url)/g, '""');
      return { contents, loader: 'js' };
    });
  },
};

// The page's app imports the engine from the bundle beside it instead of bundling a second copy.
const engineBeside: Plugin = {
  name: 'engine-beside',
  setup(b) {
    b.onResolve({ filter: /^\.\/engine\.js$/ }, () => ({ path: './engine.js', external: true }));
  },
};

export interface BundleResult {
  engineBytes: number;
  engineGzipBytes: number;
  files: string[];
  seconds: number;
}

/** dist/react-native.js: no fetch loader (an app's loader reads the packs it ships), and not minified:
 *  Metro minifies the app. */
function buildReactNative(common: BuildOptions) {
  return build({
    ...common,
    write: false,
    entryPoints: [join(REPO_ROOT, 'engine', 'react-native', 'index.ts')],
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['react-native', 'browser', 'import', 'default'],
    plugins: [noRuntimeImports],
  });
}

/** Builds dist/engine.js and dist/web; files are written to a scratch folder and moved into place, so
 * a test or server reading dist/ never sees half a file. */
export async function bundle(
  log: (message: string) => void = (m) => process.stdout.write(`${m}\n`),
): Promise<BundleResult> {
  const started = performance.now();
  const inputs = bundleInputsHash();
  mkdirSync(WEB_DIR, { recursive: true });
  const scratch = mkdtempSync(join(DIST_DIR, '.bundle-'));
  try {
    const common = {
      bundle: true,
      write: false,
      target: TARGET,
      legalComments: 'eof',
      logLevel: 'silent',
      charset: 'utf8',
    } as const;
    const engine = await build({
      ...common,
      entryPoints: [join(REPO_ROOT, 'engine', 'browser', 'index.ts')],
      format: 'esm',
      platform: 'neutral',
      mainFields: ['module', 'main'],
      conditions: ['browser', 'import', 'default'],
      minify: true,
      plugins: [noRuntimeImports],
      metafile: true,
    });
    const reactNative = await buildReactNative(common);
    const app = await build({
      ...common,
      entryPoints: [join(WEB_SOURCES, 'app.ts')],
      format: 'esm',
      platform: 'browser',
      minify: true,
      plugins: [engineBeside],
    });
    const worker = await build({
      ...common,
      entryPoints: [join(WEB_SOURCES, 'sw.ts')],
      format: 'iife',
      platform: 'browser',
      minify: true,
      // A new worker (and a fresh shell cache) for every new bundle.
      define: { __BUNDLE_VERSION__: JSON.stringify(inputs.slice(0, 16)) },
    });
    const engineCode = engine.outputFiles[0].contents;
    const outputs: [string, Uint8Array | string][] = [
      ['engine.js', engineCode],
      ['react-native.js', reactNative.outputFiles[0].contents],
      ['web/engine.js', engineCode],
      ['web/app.js', app.outputFiles[0].contents],
      ['web/sw.js', worker.outputFiles[0].contents],
      ['web/index.html', readFileSync(join(WEB_SOURCES, 'index.html'))],
      ['web/style.css', readFileSync(join(WEB_SOURCES, 'style.css'))],
      ['openapi.json', `${JSON.stringify(packagedOpenApi(), null, 2)}\n`],
    ];
    for (const [file, contents] of outputs) {
      const path = join(scratch, file.replace(/\//g, '_'));
      writeFileSync(path, contents);
      renameSync(path, join(DIST_DIR, file));
    }
    const files = outputs.map(([file]) => file);
    writeFileSync(STAMP, `${JSON.stringify({ inputs, files, engineBytes: engineCode.length }, null, 2)}\n`);
    const result = {
      engineBytes: engineCode.length,
      engineGzipBytes: gzipSync(engineCode, { level: 9 }).length,
      files,
      seconds: (performance.now() - started) / 1000,
    };
    log(
      `bundled dist/engine.js ${(result.engineBytes / 1024).toFixed(0)} KiB (${(result.engineGzipBytes / 1024).toFixed(0)} KiB gzipped) and dist/web in ${result.seconds.toFixed(1)}s`,
    );
    return result;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The OpenAPI document the package ships, for the translations the catalog compiles. */
function packagedOpenApi() {
  return openApiDocument(OPERATIONS, {
    versionIds: TRANSLATIONS.map((t) => t.versionId),
    version: ENGINE_VERSION,
    aliases: API_V2_PATHS,
  });
}

/** Rebuilds the bundle only when stale. */
export async function ensureBundle(log?: (message: string) => void): Promise<void> {
  const reason = bundleStaleReason();
  if (reason) await bundle(log);
}

/** Copies dist/web and dist/data into one folder for a static web host (no server of ours). */
export function exportStaticSite(target: string): void {
  mkdirSync(join(target, 'data'), { recursive: true });
  for (const name of readdirSync(WEB_DIR)) copyFileSync(join(WEB_DIR, name), join(target, name));
  const data = join(DIST_DIR, 'data');
  for (const name of readdirSync(data))
    if (/\.(pack|json)$/.test(name)) copyFileSync(join(data, name), join(target, 'data', name));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, target] = process.argv.slice(2);
  if (command === 'export') {
    if (!target) throw new Error('usage: npx tsx scripts/bundle.ts export <folder>');
    await ensureBundle();
    exportStaticSite(resolve(target));
    console.log(`static site written to ${target}`);
  } else {
    await bundle();
  }
}
