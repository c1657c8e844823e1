// The package's compiled JavaScript. Each package entry (bible-engine, /node, /browser) is bundled by
// esbuild into one ES module, with the code they share in chunks beside them, so an app that imports
// both `bible-engine` and `bible-engine/node` gets one copy of the engine (one BibleError class): in
// lib/engine for every platform, and in lib/node as Node takes them, where the Node entry is one file.
// Node compiles one file instead of some ninety modules on import, and fflate is inside, so no
// package is resolved at run time. tsc still writes the declarations, one .d.ts per module,
// which the package exports' `types` point into. lib/cli/ is the `bible` command, bundled into as few
// files as esbuild can make, so one call as a process loads little: the HTTP server sits in a chunk of
// its own that only `bible serve` loads. Run by scripts/ensure-build.ts when stale (so `npm test` and
// `npm start` use current code), by `npm pack` before packing, or directly: npx tsx scripts/build-lib.ts
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, build, type OutputFile, type Plugin } from 'esbuild';
import { hashInputs } from '../compiler/build.ts';
import { noRuntimeImports, REPO_ROOT } from './bundle.ts';

export const LIB_DIR = join(REPO_ROOT, 'lib');
export const CLI_ENTRY = join(LIB_DIR, 'cli', 'cli.js');
const STAMP = join(LIB_DIR, 'build.json');
const INPUTS = [
  'engine/core',
  'sources/catalog.ts',
  'engine/node',
  'engine/import',
  'sources/books.ts',
  'engine/browser/index.ts',
  'engine/browser/loader.ts',
  'engine/react-native',
  'tsconfig.json',
  'tsconfig.build.json',
  'scripts/build-lib.ts',
  // holds the plugin that cuts Node-only paths out of the packages bundled in
  'scripts/bundle.ts',
  'package-lock.json',
];

/** The package's engine entries for every platform, bundled into lib/engine/<same path>.js. */
const ENGINE_ENTRIES = ['engine/core/index.ts', 'engine/browser/index.ts'];

/**
 * The engine entries as Node loads them (the package exports' `node` condition), bundled into
 * lib/node/<name>.js. Node takes all three from here, so an app that imports several still gets one engine.
 */
const NODE_ENTRIES = {
  index: 'engine/node/loader.ts',
  core: 'engine/core/index.ts',
  browser: 'engine/browser/index.ts',
};
export const NODE_DIR = join(LIB_DIR, 'node');

/**
 * The packages the engine imports, bundled in but evaluated on first use rather than at import: fflate
 * builds its decoding tables as it loads (Node never calls it: zlib inflates there), several
 * milliseconds before the first verse. Each
 * becomes a module whose exports load the package when first called; a name the engine imports but
 * this list lacks fails the build. fflate's browser build is the one inside: its build for Node loads
 * worker_threads as it is imported, for an asynchronous API the engine never calls.
 */
const LAZY_PACKAGES: Record<string, { file: string; exports: string[] }> = {
  fflate: { file: 'fflate/esm/browser.js', exports: ['inflateSync', 'unzlibSync', 'Unzip', 'UnzipInflate'] },
};

const packagesOnFirstUse: Plugin = {
  name: 'packages-on-first-use',
  setup(b) {
    const names = Object.keys(LAZY_PACKAGES).join('|');
    b.onResolve({ filter: new RegExp(`^(${names})$`) }, (args) => ({ path: args.path, namespace: 'on-first-use' }));
    b.onLoad({ filter: /.*/, namespace: 'on-first-use' }, async (args) => {
      const { file, exports } = LAZY_PACKAGES[args.path];
      const inner = await build({
        // Only the names the engine uses, so the rest of the package is shaken out.
        stdin: {
          contents: `export { ${exports.join(', ')} } from ${JSON.stringify(join(REPO_ROOT, 'node_modules', file))};`,
          resolveDir: REPO_ROOT,
        },
        bundle: true,
        write: false,
        format: 'iife',
        globalName: 'loadedPackage',
        platform: 'neutral',
        target: 'es2022',
        minify: true,
        legalComments: 'inline',
        logLevel: 'silent',
        // Paths the engine never takes that import Node built-ins (worker_threads) are cut out, as in the
        // browser bundle, so an app's bundler has nothing to resolve.
        plugins: [noRuntimeImports],
      });
      const wrappers = exports.map(
        // A function rather than a binding, so `new Index(...)` and `inflateSync(...)` both reach the package.
        (name) =>
          `export function ${name}(...args) { const real = load().${name}; return new.target ? new real(...args) : real(...args); }`,
      );
      return {
        contents: [
          'let loaded;',
          `const load = () => (loaded ??= (() => {\n${inner.outputFiles[0].text}\nreturn loadedPackage;\n})());`,
          ...wrappers,
        ].join('\n'),
        loader: 'js',
        resolveDir: REPO_ROOT,
      };
    });
  },
};

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
  execFileSync(process.execPath, [tsc, '-p', join(REPO_ROOT, 'tsconfig.build.json'), '--emitDeclarationOnly'], {
    stdio: 'inherit',
  });
  const shared: BuildOptions = {
    bundle: true,
    format: 'esm',
    minifyWhitespace: true,
    minifySyntax: true,
    // Node prints the source line of an uncaught error's throw site: without a limit that line is a
    // whole chunk (200 kB), which floods the terminal of an app that lets a BibleError go uncaught.
    lineLimit: 200,
    // Stacks that name the TypeScript file and line where Node has source maps on (the CLI turns them on;
    // an app runs node --enable-source-maps). Mappings only: the sources are not in the package.
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'eof',
    logLevel: 'silent',
    plugins: [packagesOnFirstUse],
  };
  const engineOptions: BuildOptions = {
    ...shared,
    splitting: true,
    // Short local names: V8 scans a quarter less source when the engine is imported (about 15% of its
    // compile time). Exported names, class names set in code (BibleError) and answers are unchanged.
    minifyIdentifiers: true,
    // The core and browser entries run in browsers, React Native and Electron as well as Node: no
    // platform's package conditions; the Node entry's built-ins stay imports.
    platform: 'neutral',
    target: 'es2022',
    external: ['node:*'],
  };
  const engine = await build({
    ...engineOptions,
    write: false,
    entryPoints: ENGINE_ENTRIES.map((entry) => join(REPO_ROOT, entry)),
    outdir: join(LIB_DIR, 'engine'),
    outbase: join(REPO_ROOT, 'engine'),
  });
  writeFiles(withoutEmptyChunks(engine.outputFiles));
  await buildNodeEngine(engineOptions);
  await build({
    ...shared,
    entryPoints: [join(REPO_ROOT, 'engine', 'node', 'cli.ts')],
    outdir: join(LIB_DIR, 'cli'),
    splitting: true,
    platform: 'node',
    target: 'node20',
    minify: true,
    plugins: [packagesOnFirstUse, operationPathTogether],
    // Compiling the corpus runs from the TypeScript sources in a checkout (bin/bible.js sends `bible build`
    // there); the package itself carries no compiler.
    // Server-only libraries are optional peers: loaded from the app's node_modules when the server needs them.
    external: ['../../compiler/*', '../../scripts/*', 'redis', 'prom-client'],
  });
  // The paths let the checkout's `bible` command (bin/lib-freshness.js) see a newer source cheaply.
  writeFileSync(STAMP, `${JSON.stringify({ inputs: libInputsHash(), paths: INPUTS }, null, 2)}\n`);
  log(
    `compiled lib/ (bundled engine entries with declarations, bundled CLI) in ${((performance.now() - started) / 1000).toFixed(1)}s`,
  );
}

/**
 * The modules the command loads on first use to answer an operation (the operation names, parameter
 * checks and the Node loader, with the engine), loaded as one module rather than one each: esbuild makes
 * a chunk per set of dynamic imports that share code, and `bible GetVerse` then read, compiled and linked
 * about a dozen small files in two rounds of imports, each a cost in a one-call process. The operation
 * table stays in a chunk of its own, which the engine loads for an operation other than the lookups.
 */
const OPERATION_PATH = ['../core/operation-names.ts', '../core/params.ts', './loader.ts'];
const operationPathTogether: Plugin = {
  name: 'operation-path-together',
  setup(b) {
    const cli = join(REPO_ROOT, 'engine', 'node', 'cli.ts');
    b.onResolve({ filter: /.*/ }, (args) =>
      args.kind === 'dynamic-import' && args.importer === cli && OPERATION_PATH.includes(args.path)
        ? { path: 'operation-path', namespace: 'operation-path' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'operation-path' }, () => ({
      contents: OPERATION_PATH.map((module) => `export * from ${JSON.stringify(join(dirname(cli), module))};`).join(
        '\n',
      ),
      loader: 'ts',
      resolveDir: dirname(cli),
    }));
  },
};

interface BuiltFile {
  path: string;
  text: string;
}

/**
 * esbuild's output files without empty chunks and the imports of them. An entry that another entry
 * re-exports (core/index.ts, re-exported by browser/index.ts) holds no code of its own, yet esbuild
 * gives it a chunk, and each import of an empty file is one more file to read and compile at start-up.
 */
function withoutEmptyChunks(files: readonly OutputFile[]): BuiltFile[] {
  // An empty chunk holds at most the comment that links its source map (and that map, then unneeded).
  const empty = new Set(files.filter((f) => isEmptyChunk(f.text)).map((f) => f.path));
  return files
    .filter((file) => !empty.has(file.path) && !empty.has(file.path.replace(/\.map$/, '')))
    .map((file) => ({
      path: file.path,
      text: file.text.replace(/import\s*("|')([^"']+)\1;?/g, (statement, _quote, spec: string) =>
        empty.has(resolve(dirname(file.path), spec)) ? '' : statement,
      ),
    }));
}

const isEmptyChunk = (code: string): boolean => code.replace(/\/\/# sourceMappingURL=\S*\s*$/, '').trim() === '';

function writeFiles(files: readonly BuiltFile[]): void {
  for (const file of files) {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.text);
  }
}

/**
 * The name under which Node's entry hands the chunks folded into it to the files that stand in for them:
 * an object with a function per chunk that answers that chunk's names.
 * A stand-in takes each name's value once, as it is evaluated, which is the live binding only because no
 * engine module exports a binding it reassigns (test/package/lib-entries.test.ts holds them to that).
 */
const FOLDED_CHUNKS = '__foldedChunks';

/**
 * lib/node: the engine entries split as in lib/engine, then the chunks that `bible-engine/node` imports
 * are folded into it, so importing it reads, resolves and compiles one file rather than three (some 2 to
 * 4 ms of a first verse here). Each folded chunk's file is left as one line that takes its names back
 * from the entry, so the operation table (loaded on first use) and the other two entries share the
 * entry's one engine: one BibleError class, one set of pack readers.
 */
async function buildNodeEngine(options: BuildOptions): Promise<void> {
  const split = await build({
    ...options,
    // Inline while in memory, so the fold below reads each chunk's map and composes the entry's from them.
    sourcemap: 'inline',
    write: false,
    entryPoints: Object.entries(NODE_ENTRIES).map(([out, entry]) => ({ in: join(REPO_ROOT, entry), out })),
    outdir: NODE_DIR,
    metafile: true,
    absWorkingDir: REPO_ROOT,
  });
  const files = withoutEmptyChunks(split.outputFiles);
  const text = new Map(files.map((f) => [f.path, f.text]));
  const maps = new Map<string, string>();
  const outputs = split.metafile.outputs;
  const staticImports = (path: string) =>
    (outputs[relative(REPO_ROOT, path)]?.imports ?? [])
      .filter((i) => i.kind === 'import-statement' && !i.external)
      .map((i) => join(REPO_ROOT, i.path))
      .filter((chunk) => text.has(chunk));
  const exportsOf = (chunk: string) => {
    const names = outputs[relative(REPO_ROOT, chunk)].exports;
    const unfit = names.find((name) => !/^[A-Za-z_$][\w$]*$/.test(name) || name === 'default');
    if (unfit) throw new Error(`${basename(chunk)} exports ${unfit}, which a folded chunk's stand-in cannot declare`);
    return names;
  };
  const entry = join(NODE_DIR, 'index.js');
  const folded: string[] = [];
  for (let queue = staticImports(entry); queue.length > 0; ) {
    const chunk = queue.shift()!;
    if (folded.includes(chunk)) continue;
    folded.push(chunk);
    queue.push(...staticImports(chunk));
  }
  // Each folded chunk with its file's name and the names it exports, checked once.
  const chunks = folded.map((path, k) => ({ path, file: basename(path), names: exportsOf(path), alias: `chunk${k}` }));
  const { outputFiles } = await build({
    ...options,
    write: false,
    splitting: false,
    stdin: {
      // A chunk's names are gathered only when its stand-in asks for them: a namespace object would be
      // built with a getter per name as the entry is imported, which nothing needs for a first verse.
      contents: [
        `export * from ${JSON.stringify(entry)};`,
        ...chunks.map(
          (c) =>
            `import { ${c.names.map((name) => `${name} as ${c.alias}_${name}`).join(', ')} } from ${JSON.stringify(c.path)};`,
        ),
        `export const ${FOLDED_CHUNKS} = { ${chunks
          .map(
            (c) =>
              `${JSON.stringify(c.file)}: () => ({ ${c.names.map((name) => `${name}: ${c.alias}_${name}`).join(', ')} })`,
          )
          .join(', ')} };`,
      ].join('\n'),
      resolveDir: NODE_DIR,
      sourcefile: 'index.js',
    },
    outfile: entry,
    plugins: [fromMemory(text)],
  });
  for (const file of outputFiles) (file.path.endsWith('.map') ? maps : text).set(file.path, file.text);
  for (const [path, code] of text) if (path !== entry) splitInlineMap(path, code, text, maps);
  for (const c of chunks)
    text.set(
      c.path,
      `import{${FOLDED_CHUNKS}}from"./index.js";export const{${c.names.join(',')}}=${FOLDED_CHUNKS}[${JSON.stringify(c.file)}]();\n`,
    );
  for (const c of chunks) maps.delete(`${c.path}.map`);
  writeFiles([...text, ...maps].map(([path, contents]) => ({ path, text: contents })));
}

const INLINE_MAP = /\n\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)\s*$/;

/** A chunk written as the split build made it: its inline map moved into a file beside it. */
function splitInlineMap(path: string, code: string, text: Map<string, string>, maps: Map<string, string>): void {
  const inline = INLINE_MAP.exec(code);
  if (!inline) return;
  text.set(path, `${code.slice(0, inline.index)}\n//# sourceMappingURL=${basename(path)}.map\n`);
  maps.set(`${path}.map`, Buffer.from(inline[1], 'base64').toString('utf8'));
}

/**
 * Resolves the split build's files from memory. Its dynamic imports (the operation table, the JavaScript
 * inflate) stay imports of the files beside the entry, which is where they are written.
 */
function fromMemory(files: Map<string, string>): Plugin {
  return {
    name: 'from-memory',
    setup(b) {
      b.onResolve({ filter: /^node:/ }, (args) => ({ path: args.path, external: true }));
      b.onResolve({ filter: /.*/ }, (args) => {
        const path = resolve(args.resolveDir, args.path);
        if (!files.has(path)) throw new Error(`${args.path} (from ${args.importer}) is not in the split build`);
        if (args.kind === 'dynamic-import') {
          if (dirname(path) !== NODE_DIR) throw new Error(`${args.path} is not written beside the Node entry`);
          return { path: `./${basename(path)}`, external: true };
        }
        return { path, namespace: 'split-build' };
      });
      b.onLoad({ filter: /.*/, namespace: 'split-build' }, (args) => ({
        contents: files.get(args.path),
        loader: 'js',
        resolveDir: dirname(args.path),
      }));
    },
  };
}

export async function ensureLib(log?: (message: string) => void): Promise<void> {
  if (libStaleReason()) await buildLib(log);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildLib();
