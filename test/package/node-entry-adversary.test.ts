// The package's entries as Node apps take them (lib/node, where bible-engine/node is one file and the
// chunks folded into it are stand-ins that take their names back from it), tried the ways an app might:
// every import order, racing dynamic imports, a worker thread, the stand-ins first, `--conditions`,
// require(), and an app bundled with esbuild for Node and for browsers. Each case runs in a fresh Node
// process, so module identity is what an app would see.
import { spawnSync } from 'node:child_process';
import { OPERATION_NAMES } from '../../engine/core/operation-names.ts';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureLib, NODE_DIR } from '../../scripts/build-lib.ts';
import { REPO_ROOT } from '../../scripts/bundle.ts';

const DATA_DIR = join(REPO_ROOT, 'dist', 'data');

/** Runs an ES module script in a fresh Node process in the checkout (where `bible-engine` names the package
 *  itself); its last stdout line is JSON. */
function runNode(code: string, args: string[] = []): { out: unknown; stderr: string; status: number | null } {
  const run = spawnSync(process.execPath, [...args, '--input-type=module', '-e', code], {
    encoding: 'utf8',
    cwd: REPO_ROOT,
  });
  const last = run.stdout.trim().split('\n').at(-1) ?? '';
  let out: unknown;
  try {
    out = JSON.parse(last);
  } catch {
    out = run.stdout;
  }
  return { out, stderr: run.stderr, status: run.status };
}

/** Script text: opens the engine and reports, for errors of a verse lookup, of a study operation, of a pack
 *  load and of an unknown operation, whether each is a BibleError of every entry. `entries` is in scope. */
const CHECK_ONE_ENGINE = `
const [core, node, browser] = [entries['bible-engine'], entries['bible-engine/node'], entries['bible-engine/browser']];
const bible = await node.openNode();
const caught = async (f) => { try { await f(); return null; } catch (e) { return e; } };
const errors = [
  await caught(() => bible.GetVerse({ verseId: '99999999', versionId: 'kjv' })),
  await caught(() => bible.GetParseCitation({ citation: 'Genesis 0:1' })),
  await caught(() => bible.GetParseCitation({ citation: 'John 3:16; John 4:1' })),
  await caught(() => bible.load(['no-such-pack'])),
  await caught(() => bible.call('NoSuchOperation', {})),
];
await bible.load([]);
const verse = (await bible.GetVerse({ verseId: '43003016', versionId: 'kjv' }))[0].t;
console.log(JSON.stringify({
  codes: errors.map((e) => e?.code),
  instanceOfEvery: errors.map((e) => [core, browser].every((m) => e instanceof m.BibleError)),
  oneClass: core.BibleError === browser.BibleError,
  oneTable: core.OPERATIONS === browser.OPERATIONS && bible.operations.every((op, i) => op === core.OPERATIONS[i]),
  operations: bible.operations.length,
  verse,
}));`;

const ONE_ENGINE = {
  codes: ['INVALID_PARAMETER', 'INVALID_PARAMETER', 'INVALID_PARAMETER', 'NOT_AVAILABLE', 'UNKNOWN_OPERATION'],
  instanceOfEvery: [true, true, true, true, true],
  oneClass: true,
  oneTable: true,
  operations: OPERATION_NAMES.length,
  verse: expect.stringMatching(/^For God so loved the world/),
};

const ENTRIES = ['bible-engine', 'bible-engine/node', 'bible-engine/browser'];

let scratch: string;
beforeAll(async () => {
  await ensureLib(() => {});
  scratch = mkdtempSync(join(tmpdir(), 'node-entry-adversary-'));
}, 180_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('one engine, whatever the order the entries are imported in', () => {
  const orders = [
    ['bible-engine', 'bible-engine/node', 'bible-engine/browser'],
    ['bible-engine/browser', 'bible-engine', 'bible-engine/node'],
    ['bible-engine/node', 'bible-engine/browser', 'bible-engine'],
  ];
  it.each(orders)('imported one after another: %s, %s, %s', (...order) => {
    const { out, stderr } = runNode(
      `const entries = {}; for (const spec of ${JSON.stringify(order)}) entries[spec] = await import(spec);${CHECK_ONE_ENGINE}`,
    );
    expect(out, stderr).toEqual(ONE_ENGINE);
  });

  it('imported statically in one module', () => {
    const { out, stderr } = runNode(
      `import * as b from 'bible-engine/browser'; import * as c from 'bible-engine'; import * as n from 'bible-engine/node';
const entries = { 'bible-engine': c, 'bible-engine/node': n, 'bible-engine/browser': b };${CHECK_ONE_ENGINE}`,
    );
    expect(out, stderr).toEqual(ONE_ENGINE);
  });

  it('imported by racing dynamic imports', () => {
    const { out, stderr } = runNode(
      `const specs = ${JSON.stringify(ENTRIES)};
const entries = Object.fromEntries((await Promise.all(specs.map((s) => import(s)))).map((m, i) => [specs[i], m]));${CHECK_ONE_ENGINE}`,
    );
    expect(out, stderr).toEqual(ONE_ENGINE);
  });

  it("imported with the stand-ins of the folded chunks and the operation table first, by their files' URLs", () => {
    const early = readdirSync(NODE_DIR)
      .filter((f) => /^(chunk|operations)-.*\.js$/.test(f))
      .map((f) => pathToFileURL(join(NODE_DIR, f)).href);
    const { out, stderr } = runNode(
      `for (const url of ${JSON.stringify(early)}) await import(url);
const entries = {}; for (const spec of ${JSON.stringify([...ENTRIES].reverse())}) entries[spec] = await import(spec);${CHECK_ONE_ENGINE}`,
    );
    expect(out, stderr).toEqual(ONE_ENGINE);
  });

  it('under --conditions=browser and --conditions=react-native, where Node still takes lib/node', () => {
    for (const condition of ['browser', 'react-native']) {
      const { out, stderr } = runNode(
        `const entries = {}; for (const spec of ${JSON.stringify(ENTRIES)}) entries[spec] = await import(spec);${CHECK_ONE_ENGINE}`,
        [`--conditions=${condition}`],
      );
      expect(out, `${condition}: ${stderr}`).toEqual(ONE_ENGINE);
    }
  });

  it('in a worker thread, whose errors are BibleErrors of the entries the worker imported', () => {
    const { out, stderr } = runNode(`
import { Worker } from 'node:worker_threads';
// The worker's code is an ES module, as the process's --input-type says.
const worker = new Worker(${JSON.stringify(`
import { parentPort } from 'node:worker_threads';
const console = { log: (line) => parentPort.postMessage(line) };
const entries = {}; for (const spec of ${JSON.stringify(ENTRIES)}) entries[spec] = await import(spec);
${CHECK_ONE_ENGINE}`)}, { eval: true });
worker.once('message', (line) => { console.log(line); worker.terminate(); });`);
    expect(out, stderr).toEqual(ONE_ENGINE);
  });
  it('on a Node without process.getBuiltinModule (before 20.16 and 22.3), says which Node it needs', () => {
    for (const spec of ENTRIES) {
      const { out, stderr } = runNode(
        `delete process.getBuiltinModule;
const outcome = await import(${JSON.stringify(spec)}).then(() => 'imported', (e) => e.message);
console.log(JSON.stringify(outcome));`,
      );
      expect(out, stderr).toMatch(/^bible-engine needs Node 20\.16 or later, or 22\.3 or later .* this is Node \d+\./);
    }
  });

  it('reads only the Node entry for a first verse, and the operation table only for another operation', () => {
    const hooks = join(scratch, 'hooks.mjs');
    writeFileSync(
      hooks,
      `export async function load(url, context, next) {
  if (url.includes('/lib/')) process.stderr.write('loaded ' + url.slice(url.indexOf('/lib/') + 1) + '\\n');
  return next(url, context);
}`,
    );
    const register = `import { register } from 'node:module'; register(${JSON.stringify(pathToFileURL(hooks).href)});`;
    const { out, stderr } = runNode(
      `const bible = await (await import('bible-engine/node')).openNode();
await bible.GetVerse({ verseId: '43003016', versionId: 'kjv' });
await bible.GetChapter({ bookId: '43', chapterId: '3', versionId: 'kjv' });
process.stderr.write('first verse and chapter answered\\n');
await bible.GetSearchCount({ query: 'love', versionId: 'kjv' });
console.log(JSON.stringify('done'));`,
      ['--import', `data:text/javascript,${encodeURIComponent(register)}`],
    );
    expect(out, stderr).toBe('done');
    const [first, after] = stderr.split('first verse and chapter answered\n');
    expect(first.trim().split('\n')).toEqual(['loaded lib/node/index.js']);
    const later = after
      .trim()
      .split('\n')
      .map((line) => line.replace(/-\w+\.js$/, '.js'));
    expect(later[0]).toBe('loaded lib/node/operations.js');
    expect(later.every((line) => /^loaded lib\/node\/(operations|chunk)\.js$/.test(line))).toBe(true);
  });
});

describe('what each entry shows an app', () => {
  it('names only its own exports, and the Node entry one hand-over name besides', () => {
    const { out, stderr } = runNode(`
const names = async (spec) => Object.keys(await import(spec));
console.log(JSON.stringify({
  node: await names('bible-engine/node'),
  core: (await names('bible-engine')).join() === (await names('./lib/engine/core/index.js')).join(),
  browser: (await names('bible-engine/browser')).join() === (await names('./lib/engine/browser/index.js')).join(),
}));`);
    expect(out, stderr).toEqual({
      node: ['DEFAULT_DATA_DIR', '__foldedChunks', 'fsLoader', 'nativeChecksum', 'nativeInflate', 'openNode'],
      core: true,
      browser: true,
    });
  });

  it("names BibleError's class as BibleError from every entry, so Node prints an error as one, with its code", () => {
    const { out, stderr } = runNode(`
import { inspect } from 'node:util';
const bible = await (await import('bible-engine/node')).openNode();
const error = await bible.GetParseCitation({ citation: 'Genesis 0:1' }).catch((e) => e);
const names = [];
for (const spec of ['bible-engine', 'bible-engine/browser', './lib/engine/core/index.js', './lib/engine/browser/index.js'])
  names.push((await import(spec)).BibleError.name);
console.log(JSON.stringify({ names, constructor: error.constructor.name, printed: inspect(error).split('\\n')[0] }));`);
    expect(out, stderr).toEqual({
      names: ['BibleError', 'BibleError', 'BibleError', 'BibleError'],
      constructor: 'BibleError',
      printed: 'BibleError [INVALID_PARAMETER]: citation: chapter must be 1 or more',
    });
  });

  it('is loaded by require() where Node loads ES modules so (20.19 on), as one engine; elsewhere Node says why', () => {
    const run = spawnSync(
      process.execPath,
      [
        '-e',
        `const core = require('bible-engine');
const browser = require('bible-engine/browser');
require('bible-engine/node').openNode()
  .then((bible) => bible.GetParseCitation({ citation: '' }))
  .catch((e) => console.log(JSON.stringify([e instanceof core.BibleError, e instanceof browser.BibleError, e.code])));`,
      ],
      { encoding: 'utf8', cwd: REPO_ROOT },
    );
    if ((process.features as { require_module?: boolean }).require_module) {
      expect(run.stderr).not.toMatch(/ERR_REQUIRE/);
      expect(JSON.parse(run.stdout)).toEqual([true, true, 'INVALID_PARAMETER']);
    } else {
      expect(run.status).not.toBe(0);
      expect(run.stderr).toMatch(/ERR_REQUIRE_ESM/);
      expect(run.stderr).not.toMatch(/BibleError/);
    }
  });
});

describe('an app bundled with esbuild', () => {
  /** Bundles one app module that imports the package by name from a scratch app's node_modules. */
  async function bundle(name: string, source: string, platform: 'node' | 'browser') {
    const app = join(scratch, name);
    mkdirSync(join(app, 'node_modules'), { recursive: true });
    symlinkSync(REPO_ROOT, join(app, 'node_modules', 'bible-engine'), 'dir');
    const result = await build({
      stdin: { contents: source, resolveDir: app, sourcefile: 'app.mjs' },
      bundle: true,
      format: 'esm',
      platform,
      outfile: join(app, 'out', 'app.mjs'),
      metafile: true,
      logLevel: 'silent',
    });
    return { file: join(app, 'out', 'app.mjs'), metafile: result.metafile };
  }

  it('for Node answers a verse and a study operation, one BibleError throughout', async () => {
    const { file } = await bundle(
      'node-app',
      `import { openNode } from 'bible-engine/node';
import { BibleError } from 'bible-engine';
const bible = await openNode({ dataDir: ${JSON.stringify(DATA_DIR)} });
const [verse] = await bible.GetVerse({ verseId: '43003016', versionId: 'kjv' });
const { searchCount } = await bible.GetSearchCount({ query: 'love', versionId: 'kjv' });
const error = await bible.GetParseCitation({ citation: 'Genesis 0:1' }).catch((e) => e);
console.log(JSON.stringify({ verse: verse.t.slice(0, 16), counted: searchCount > 0, bibleError: error instanceof BibleError }));`,
      'node',
    );
    const run = spawnSync(process.execPath, [file], { encoding: 'utf8' });
    expect(JSON.parse(run.stdout), run.stderr).toEqual({ verse: 'For God so loved', counted: true, bibleError: true });
  });

  it('for Node, opened without a dataDir away from the package, says to pass one', async () => {
    const { file } = await bundle(
      'node-app-default-dir',
      `import { openNode } from 'bible-engine/node';
const error = await openNode().catch((e) => e);
console.log(JSON.stringify({ code: error.code, message: error.message }));`,
      'node',
    );
    const run = spawnSync(process.execPath, [file], { encoding: 'utf8' });
    const out = JSON.parse(run.stdout);
    expect(out.code, run.stderr).toBe('NOT_AVAILABLE');
    expect(out.message).toContain('openNode({ dataDir })');
  });

  it('for browsers takes nothing from lib/node and imports no Node built-in', async () => {
    const { metafile } = await bundle(
      'browser-app',
      `import { openBrowser, BibleError } from 'bible-engine/browser';
import { open, OPERATIONS } from 'bible-engine';
globalThis.app = { openBrowser, BibleError, open, OPERATIONS };`,
      'browser',
    );
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.some((path) => path.includes('lib/engine/'))).toBe(true);
    expect(inputs.filter((path) => path.includes('lib/node/'))).toEqual([]);
    const imports = Object.values(metafile.outputs).flatMap((output) => output.imports.map((i) => i.path));
    expect(imports.filter((path) => path.startsWith('node:'))).toEqual([]);
  });
});
