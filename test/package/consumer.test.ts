// The package as an app installs it: `npm pack`, then `npm install` of the tarball into an empty
// project without the network (the tarball and our own dependencies' tarballs), then the examples the
// README shows, run as that app would run them: a plain Node script, a TypeScript typecheck, a browser
// bundle in chromium (or, without chromium, in a context with no Node globals), and a React Native-style
// loader over packs copied into an assets folder by `bible copy-packs`.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installTarballs, packPackage } from './packed-package.ts';

const REPO = resolve(import.meta.dirname, '..', '..');
const EXAMPLES = join(REPO, 'examples');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const work = mkdtempSync(join(tmpdir(), 'bible-consumer-'));
const app = join(work, 'app');
const packed = join(work, 'tarballs');
const installed = join(app, 'node_modules', 'bible-engine');
let tarball = '';
let checkoutManifest = '';

const node = (args: string[]) => spawnSync(process.execPath, args, { cwd: app, encoding: 'utf8' });

beforeAll(() => {
  mkdirSync(packed, { recursive: true });
  mkdirSync(app, { recursive: true });
  // As a publisher packs: prepack (a quick check here, since `npm test` built lib/ and dist/ first)
  // swaps in the package.json that ships, and postpack puts the checkout's own back.
  checkoutManifest = readFileSync(join(REPO, 'package.json'), 'utf8');
  tarball = packPackage(packed, { packScripts: true });
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer-app', private: true, type: 'module' }));
  installTarballs(app, packed);
  cpSync(EXAMPLES, app, { recursive: true });
}, 180_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the installed package', () => {
  it('carries compiled JavaScript, declarations and packs, and no sources, tests or corpus', () => {
    for (const file of [
      'lib/engine/core/index.js',
      'lib/engine/core/index.d.ts',
      'lib/node/index.js',
      'lib/node/core.js',
      'lib/engine/node/loader.d.ts',
      'lib/engine/browser/index.js',
      'lib/cli/cli.js',
      'dist/data/manifest.json',
      'dist/data/meta.pack',
      'dist/data/text-kjv.pack',
      'dist/engine.js',
      'bin/bible.js',
    ]) {
      expect(existsSync(join(installed, file)), file).toBe(true);
    }
    for (const absent of ['engine', 'compiler', 'test', 'sources', 'lib/compiler'])
      expect(existsSync(join(installed, absent)), absent).toBe(false);
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(Object.keys(manifest.dependencies)).toEqual(Object.keys(JSON.parse(checkoutManifest).dependencies));
    expect(Object.keys(manifest.exports)).toEqual(expect.arrayContaining(['.', './node', './browser']));
    expect(statSync(tarball).size).toBeGreaterThan(1_000_000);
  });

  it('ships a package.json without development scripts, and the licence; the checkout keeps its own', () => {
    const shipped = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(shipped.scripts).toBeUndefined();
    expect(shipped.devDependencies).toBeUndefined();
    expect(shipped.bin).toEqual({ bible: 'bin/bible.js' });
    expect(readFileSync(join(installed, 'LICENSE'), 'utf8')).toMatch(/^MIT License[\s\S]*bible-engine contributors/);
    expect(readFileSync(join(REPO, 'package.json'), 'utf8')).toBe(checkoutManifest);
    expect(existsSync(join(REPO, 'package.json.unpacked'))).toBe(false);
  });

  it('`bible build` in an installed package says it needs a checkout, in one line', () => {
    const run = spawnSync(join(app, 'node_modules', '.bin', 'bible'), ['build'], { cwd: app, encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/checkout/);
  });

  it('a plain Node script (no tsx) reads a verse, a search and an original-language verse', () => {
    const run = node(['node-script.mjs']);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('John 3:16  For God so loved the world');
    expect(run.stdout).toMatch(/"love" is in \d+ KJV verses/);
    expect(run.stdout).toContain('Greek: οὕτως');
  });

  it('the `bible` command runs from the package', () => {
    const run = spawnSync(join(app, 'node_modules', '.bin', 'bible'), ['GetVerse', 'verseId=01001001'], {
      cwd: app,
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)[0].t).toBe('In the beginning God created the heaven and the earth.');
  });

  it('a TypeScript app typechecks, and misspelt names and wrong result use fail to compile', () => {
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          lib: ['ES2024', 'DOM'],
          types: [],
        },
        files: ['typescript-consumer.ts'],
      }),
    );
    // Each @ts-expect-error line in the example must be an error, or tsc reports the directive as unused.
    const tsc = node([join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json']);
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });

  it('a browser bundle holds only the engine (fflate is inside it) and reads John 3:16 from packs over HTTP', async () => {
    const result = await build({
      entryPoints: [join(app, 'web-page', 'app.js')],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      minify: true,
      outfile: join(app, 'site', 'app.js'),
      metafile: true,
      logLevel: 'silent',
      absWorkingDir: app,
    });
    const packages = new Set(
      Object.keys(result.metafile.inputs).map((input) => /node_modules\/([^/]+)/.exec(input)?.[1] ?? '(app)'),
    );
    expect([...packages].sort()).toEqual(['(app)', 'bible-engine']);
    expect(
      Object.keys(result.metafile.inputs).filter((input) => /engine\/node|server|redis|prom-client/.test(input)),
    ).toEqual([]);

    cpSync(join(app, 'web-page', 'index.html'), join(app, 'site', 'index.html'));
    const site = await serveFolder(join(app, 'site'), join(installed, 'dist', 'data'));
    try {
      if (existsSync(CHROMIUM)) {
        expect(await inChromium(`${site.url}index.html`)).toMatch(
          /^For God so loved the world.*\(\d+ verses speak of everlasting life\)$/,
        );
      } else {
        if (process.env.CI) throw new Error(`${CHROMIUM} is missing; CI installs it (scripts/install-browser.sh)`);
        console.log(
          `browser consumer: ${CHROMIUM} is missing, so the bundle runs in a context without Node globals instead`,
        );
        expect(await withoutNodeGlobals(join(app, 'web-page', 'app.js'), `${site.url}data/`)).toMatch(
          /^For God so loved the world/,
        );
      }
    } finally {
      site.server.close();
    }
  });

  it('a React Native-style loader reads the packs `bible copy-packs` put in an assets folder', () => {
    const copy = spawnSync(
      join(app, 'node_modules', '.bin', 'bible'),
      ['copy-packs', '--to', 'assets/bible', '--versions', 'kjv'],
      { cwd: app, encoding: 'utf8' },
    );
    expect(copy.status, copy.stderr).toBe(0);
    // Meta and the text pack are all that reading and searching the KJV need.
    expect(readdirSync(join(app, 'assets', 'bible')).sort()).toEqual(['manifest.json', 'meta.pack', 'text-kjv.pack']);
    writeFileSync(
      join(app, 'rn.mjs'),
      `
      import { readFile } from 'node:fs/promises';
      import { openFromAssets } from './asset-loader.mjs';
      // What react-native-fs or expo-file-system does in an app: the bytes of a bundled file.
      const readAsset = async (file) => new Uint8Array(await readFile(new URL('./assets/bible/' + file, import.meta.url)));
      const bible = await openFromAssets(readAsset);
      const [verse] = await bible.GetVerse({ verseId: '43003016' });
      const { searchCount } = await bible.GetSearchCount({ query: 'grace' });
      const missing = await bible.GetStrongs({ lexiconId: 'G', id: 26 }).then(() => 'answered', (e) => e.code);
      console.log(JSON.stringify({ t: verse.t, searchCount, missing }));
    `,
    );
    const run = node(['rn.mjs']);
    expect(run.stderr).toBe('');
    const out = JSON.parse(run.stdout);
    expect(out.t).toMatch(/^For God so loved the world/);
    expect(out.searchCount).toBeGreaterThan(100);
    expect(out.missing).toBe('NOT_AVAILABLE');
  });
});

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.pack': 'application/octet-stream',
};

/** Serves a page folder, with the packs at data/. */
function serveFolder(pageDir: string, dataDir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.startsWith('/data/') ? join(dataDir, path.slice(6)) : join(pageDir, path);
    if (!file.startsWith(pageDir) && !file.startsWith(dataDir)) {
      res.writeHead(403).end();
      return;
    }
    if (!existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as { port: number };
      done({ server, url: `http://127.0.0.1:${address.port}/` });
    }),
  );
}

async function inChromium(url: string): Promise<string> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await browser.newPage();
    await page.goto(url);
    await page.waitForSelector('body[data-result]', { timeout: 30_000 });
    return (await page.getAttribute('body', 'data-result')) ?? '';
  } finally {
    await browser.close();
  }
}

/** Runs the page's code as a script in a fresh V8 context that has web APIs (fetch, URL, TextDecoder) and
 *  no Node globals (process, require, Buffer). */
async function withoutNodeGlobals(entry: string, dataUrl: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    globalName: 'webApp',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
    absWorkingDir: app,
  });
  const target = { textContent: '' };
  const context: Record<string, unknown> = {
    fetch,
    URL,
    Response,
    Headers,
    TextDecoder,
    TextEncoder,
    console,
    setTimeout,
    clearTimeout,
    queueMicrotask,
    WebAssembly,
  };
  runInNewContext(result.outputFiles[0].text, context);
  for (const name of ['process', 'require', 'Buffer', 'module'])
    expect(runInNewContext(`typeof ${name}`, context)).toBe('undefined');
  return (context.webApp as { showJohn316: (base: string, t: object) => Promise<string> }).showJohn316(dataUrl, target);
}
