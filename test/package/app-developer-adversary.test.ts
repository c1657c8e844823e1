// The package as an app developer meets it for the first time: packed, installed offline into an app whose
// path has a space in it, and used the way README.md and docs/hosts.md show, then the way developers get
// it wrong: numbers for strings, a translation in capitals, a request's URLSearchParams handed to call(),
// a misspelt option, an Electron main process bundled to CommonJS, a web bundle run outside a page, a
// TypeScript app compiled to CommonJS, and errors caught and inspected.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installTarballs, packPackage } from './packed-package.ts';

const REPO = resolve(import.meta.dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'bible-app-dev-'));
const app = join(work, 'my app');
const packed = join(work, 'tarballs');
const bin = join(app, 'node_modules', '.bin', 'bible');
const TSC = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');

const node = (args: string[], cwd = app) => spawnSync(process.execPath, args, { cwd, encoding: 'utf8' });
/** Runs an ES module script written into the app, and answers its stdout parsed as JSON. */
const runScript = (name: string, source: string) => {
  writeFileSync(join(app, name), source);
  const run = node([name]);
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout);
};
/** Catches what a call throws as a plain record an app would log. */
const CATCH = `const caught = async (f) => { try { await f(); return 'no error'; } catch (e) {
  return { name: e?.constructor?.name, isBibleError: e instanceof BibleError, code: e.code, param: e.param, message: e.message,
    json: JSON.parse(JSON.stringify(e)) }; } };`;

beforeAll(() => {
  mkdirSync(packed, { recursive: true });
  mkdirSync(app, { recursive: true });
  // lib/ and dist/ as built: the tarball carries them as they are.
  packPackage(packed);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'my-app', private: true, type: 'module' }));
  installTarballs(app, packed);
  const copy = spawnSync(bin, ['copy-packs', '--to', 'packs dir/bible', '--versions', 'KJV'], {
    cwd: app,
    encoding: 'utf8',
  });
  expect(copy.status, copy.stderr).toBe(0);
}, 180_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a Node script', () => {
  it('takes the README snippet with numbers, capitals and a version left out, as the docs imply', () => {
    const out = runScript(
      'loose.mjs',
      `import { openNode } from 'bible-engine/node';
const bible = await openNode();
const a = await bible.GetVerse({ verseId: 43003016, versionId: 'KJV' });
const b = await bible.GetVerse({ verseId: '43003016' });
const c = await bible.GetChapter({ bookId: 43, chapterId: 3 });
const d = await bible.call('GetSearchCount', { query: 'love' });
console.log(JSON.stringify({ same: JSON.stringify(a) === JSON.stringify(b), verses: c.length, d }));`,
    );
    expect(out).toEqual({ same: true, verses: 36, d: { searchCount: expect.any(Number) } });
  });

  it('answers errors as BibleError of bible-engine, with code, param and toJSON, whatever entry threw', () => {
    const out = runScript(
      'errors.mjs',
      `import { BibleError } from 'bible-engine';
import { openNode } from 'bible-engine/node';
${CATCH}
const bible = await openNode();
console.log(JSON.stringify([
  await caught(() => bible.GetVerse({ verseId: 'John 3:16' })),
  await caught(() => bible.GetVerse()),
  await caught(() => bible.call('getVerse', {})),
]));`,
    );
    expect(out[0]).toMatchObject({
      name: 'BibleError',
      isBibleError: true,
      code: 'INVALID_PARAMETER',
      param: 'verseId',
    });
    expect(out[0].json).toEqual({ error: { code: 'INVALID_PARAMETER', message: out[0].message, param: 'verseId' } });
    expect(out[1]).toMatchObject({ isBibleError: true, code: 'MISSING_PARAMETER', param: 'verseId' });
    expect(out[2]).toMatchObject({ isBibleError: true, code: 'UNKNOWN_OPERATION', param: null });
  });

  it("refuses a request's URLSearchParams or a Map by name, where it answered that verseId was missing", () => {
    const out = runScript(
      'search-params.mjs',
      `import { BibleError } from 'bible-engine';
import { openNode } from 'bible-engine/node';
${CATCH}
const bible = await openNode();
const url = new URL('http://localhost/GetVerse?verseId=43003016');
console.log(JSON.stringify([
  await caught(() => bible.call('GetVerse', url.searchParams)),
  await caught(() => bible.GetSearch(new Map([['query', 'love']]))),
  (await bible.call('GetVerse', Object.fromEntries(url.searchParams)))[0].id,
]));`,
    );
    expect(out[0]).toMatchObject({ code: 'INVALID_PARAMETER', param: null });
    expect(out[0].message).toMatch(/got a URLSearchParams: pass Object\.fromEntries/);
    expect(out[1]).toMatchObject({ code: 'INVALID_PARAMETER' });
    expect(out[1].message).toMatch(/got a Map/);
    expect(out[2]).toBe('43003016');
  });

  it('reads a relative dataDir with spaces or a file: URL, names a pack not copied, and refuses a misspelt dataDir', () => {
    const out = runScript(
      'data-dir.mjs',
      `import { BibleError } from 'bible-engine';
import { openNode } from 'bible-engine/node';
${CATCH}
const bible = await openNode({ dataDir: 'packs dir/bible' });
console.log(JSON.stringify([
  (await bible.GetVerse({ verseId: '43003016' }))[0].t,
  (await bible.GetVersions()).filter((v) => v.available).map((v) => v.versionCode),
  await caught(() => bible.GetVerse({ verseId: '43003016', versionId: 'asv' })),
  await caught(() => openNode({ datadir: 'packs dir/bible' })),
  await caught(() => openNode({ data_dir: 'packs dir/bible' })),
  (await (await openNode({ dataDir: new URL('./packs%20dir/bible/', import.meta.url) })).GetVersions())
    .filter((v) => v.available).map((v) => v.versionCode),
  await caught(() => openNode({ dataDir: new URL('https://example.com/packs/') })),
]));`,
    );
    expect(out[0]).toMatch(/^For God so loved the world/);
    expect(out[1]).toEqual(['kjv']);
    expect(out[2]).toMatchObject({ code: 'NOT_AVAILABLE' });
    expect(out[2].message).toContain("bible copy-packs --to 'packs dir/bible' --packs text-asv");
    // A misspelt dataDir used to be ignored: every pack came from the package's own folder instead.
    expect(out[3]).toMatchObject({ code: 'INVALID_PARAMETER', param: 'datadir' });
    expect(out[3].message).toMatch(/did you mean dataDir/);
    expect(out[4]).toMatchObject({ code: 'INVALID_PARAMETER', param: 'data_dir' });
    // A file: URL names the folder as Node's fs takes it; it was refused as "a value of type object".
    expect(out[5]).toEqual(['kjv']);
    expect(out[6]).toMatchObject({ code: 'INVALID_PARAMETER', param: 'dataDir' });
  });

  it('says a pack name in preload or load() is no pack, where it said to rebuild the package', () => {
    const out = runScript(
      'no-such-pack.mjs',
      `import { BibleError } from 'bible-engine';
import { openNode } from 'bible-engine/node';
${CATCH}
const bible = await openNode();
console.log(JSON.stringify([
  await caught(() => bible.load(['text-niv'])),
  await caught(() => openNode({ preload: ['lexicons'] })),
]));`,
    );
    for (const [answer, name] of [
      [out[0], 'text-niv'],
      [out[1], 'lexicons'],
    ]) {
      expect(answer).toMatchObject({ code: 'NOT_AVAILABLE' });
      expect(answer.message).toContain(`there is no pack named '${name}'`);
      expect(answer.message).toContain('text-kjv');
      expect(answer.message).not.toContain('npm run build');
    }
  });

  it("keeps its answers when an app changes bible.meta's records, which it changed for every later call", () => {
    const out = runScript(
      'meta.mjs',
      `import { openNode } from 'bible-engine/node';
const bible = await openNode();
let refused = false;
try { bible.meta.books[0].names.english = 'Beginnings'; } catch (e) { refused = e instanceof TypeError; }
try { bible.meta.versions[0].version = 'mine'; } catch {}
console.log(JSON.stringify([
  refused,
  (await bible.GetBooks())[0].n,
  (await bible.GetParseCitation({ citation: 'Gen 1:1' })).bookName,
  (await bible.GetVersions())[0].version,
]));`,
    );
    expect(out).toEqual([true, 'Genesis', 'Genesis', 'American Standard - 1901']);
  });

  it('loads the operation table once per process: a call on one engine counts for another, as README says', () => {
    const out = runScript(
      'table.mjs',
      `import { OPERATIONS } from 'bible-engine';
import { openNode } from 'bible-engine/node';
const a = await openNode();
let before;
try { a.operations; before = 'loaded'; } catch (e) { before = e.code; }
const b = await openNode();
await b.GetSearchCount({ query: 'love' });
console.log(JSON.stringify([before, a.operations.length === OPERATIONS.length]));`,
    );
    expect(out).toEqual(['NOT_AVAILABLE', true]);
  });
});

describe('an Electron main process bundled by esbuild for Node', () => {
  const main = `const { openNode } = require('bible-engine/node');
const { BibleError } = require('bible-engine');
const path = require('node:path');
const dataDir = process.argv[2] ? path.join(__dirname, process.argv[2]) : undefined;
openNode(dataDir ? { dataDir } : {}).then(async (bible) => {
  const [verse] = await bible.GetVerse({ verseId: '43003016' });
  const count = await bible.GetSearchCount({ query: 'love' });
  console.log(JSON.stringify([verse.t, count.searchCount]));
}, (e) => console.log(JSON.stringify([e instanceof BibleError, e.code, e.message])));
`;

  it('starts as CommonJS, where fileURLToPath(import.meta.url) threw before the app ran a line', async () => {
    writeFileSync(join(app, 'main.cjs'), main);
    const outdir = join(app, 'out');
    await build({
      entryPoints: [join(app, 'main.cjs')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      outfile: join(outdir, 'main.cjs'),
      logLevel: 'silent',
      absWorkingDir: app,
    });
    cpSync(join(app, 'packs dir', 'bible'), join(outdir, 'bible'), { recursive: true });
    const withPacks = node([join(outdir, 'main.cjs'), 'bible']);
    expect(withPacks.stderr).toBe('');
    const [text, count] = JSON.parse(withPacks.stdout);
    expect(text).toMatch(/^For God so loved the world/);
    expect(count).toBeGreaterThan(0);
    // Bundled away from the package, with no dataDir: the first read says what to pass.
    const without = node([join(outdir, 'main.cjs')]);
    expect(without.stderr).toBe('');
    const [isBibleError, code, message] = JSON.parse(without.stdout);
    expect([isBibleError, code]).toEqual([true, 'NOT_AVAILABLE']);
    expect(message).toContain('openNode({ dataDir })');
  });
});

describe('a web page bundle run where there is no page', () => {
  it('refuses a relative baseUrl as a BibleError naming it, and a failed fetch names the URL', () => {
    const out = runScript(
      'browser-in-node.mjs',
      `import { BibleError, openBrowser } from 'bible-engine/browser';
${CATCH}
const offline = async () => { throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:8080') }); };
console.log(JSON.stringify([
  await caught(() => openBrowser()),
  await caught(() => openBrowser({ baseUrl: 'data/' })),
  await caught(async () => (await openBrowser({ baseUrl: 'http://127.0.0.1:8080/data', fetch: offline })).GetVerse({ verseId: '43003016' })),
]));`,
    );
    for (const answer of out.slice(0, 2)) {
      expect(answer).toMatchObject({ isBibleError: true, code: 'INVALID_PARAMETER', param: 'baseUrl' });
      expect(answer.message).toMatch(/absolute baseUrl/);
    }
    expect(out[2]).toMatchObject({ isBibleError: true, code: 'NOT_AVAILABLE' });
    expect(out[2].message).toContain('http://127.0.0.1:8080/data/meta.pack: fetch failed (connect ECONNREFUSED');
  });

  it("bundled for the browser from 'bible-engine/node' by mistake, names the entry to use instead", async () => {
    writeFileSync(
      join(app, 'wrong-entry.mjs'),
      "import { openNode } from 'bible-engine/node';\nexport { openNode };\n",
    );
    await build({
      entryPoints: [join(app, 'wrong-entry.mjs')],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      outfile: join(app, 'out', 'wrong-entry.js'),
      logLevel: 'silent',
      absWorkingDir: app,
    });
    // A page has no process: it threw "process is not defined" as the bundle loaded.
    const run = node([
      '--input-type=module',
      '-e',
      `const log = console.log; delete globalThis.process;
try { await import('./out/wrong-entry.js'); log('loaded'); } catch (e) { log(e.message); }`,
    ]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^bible-engine\/node runs in Node; .*import 'bible-engine\/browser'/);
  });

  it("says a dev server's index.html answered for a pack is a web page, not a build to redo", () => {
    const out = runScript(
      'spa-fallback.mjs',
      `import { BibleError, openBrowser } from 'bible-engine/browser';
${CATCH}
// A dev server that does not serve data/ answers every unknown path with the app's page, status 200.
const page = async () => new Response('<!doctype html><html><body><div id="root"></div></body></html>', { headers: { 'content-type': 'text/html' } });
console.log(JSON.stringify([await caught(() => openBrowser({ baseUrl: 'http://localhost:5173/data/', fetch: page }))]));`,
    );
    expect(out[0]).toMatchObject({ isBibleError: true, code: 'NOT_AVAILABLE' });
    expect(out[0].message).toContain("pack 'meta' cannot be used: the loader returned text");
    expect(out[0].message).toContain('<!doctype html>');
    expect(out[0].message).not.toContain('bible build');
  });
});

describe('a TypeScript app', () => {
  const source = `import { openNode } from 'bible-engine/node';
import { BibleError } from 'bible-engine';
export async function main(): Promise<string> {
  const bible = await openNode();
  // The engine reads a translation in any case, as the API's own answers spell it ('KJV').
  const [verse] = await bible.GetVerse({ verseId: 43003016, versionId: 'KJV' });
  await bible.GetBooks({ language: 'Spanish' });
  // @ts-expect-error a translation that does not exist does not compile
  const never = () => bible.GetVerse({ verseId: '43003016', versionId: 'niv' });
  void never;
  try {
    await bible.GetVerse({ verseId: 'x' });
  } catch (e) {
    if (e instanceof BibleError) return \`\${e.code} \${e.param} \${JSON.stringify(e.toJSON())}\`;
  }
  return verse.t;
}
`;
  const typecheck = (dir: string, compilerOptions: object) => {
    mkdirSync(join(app, dir), { recursive: true });
    writeFileSync(join(app, dir, 'app.ts'), source);
    writeFileSync(
      join(app, dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          strict: true,
          noEmit: true,
          lib: ['ES2022', 'DOM'],
          types: [],
          ...compilerOptions,
        },
        files: ['app.ts'],
      }),
    );
    const tsc = node([TSC, '-p', dir]);
    return tsc.stdout + tsc.stderr;
  };

  it('typechecks a translation in capitals under nodenext and bundler, and refuses one that does not exist', () => {
    expect(typecheck('ts-nodenext', { module: 'NodeNext', moduleResolution: 'NodeNext' })).toBe('');
    expect(typecheck('ts-bundler', { module: 'ESNext', moduleResolution: 'Bundler' })).toBe('');
  });

  it('compiled to CommonJS with module nodenext, as README says, it runs', () => {
    const dir = join(app, 'ts-cjs');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'cjs-app', private: true, type: 'commonjs' }));
    writeFileSync(join(dir, 'app.ts'), `${source}main().then((answer) => console.log(answer));\n`);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { target: 'ES2022', module: 'NodeNext', strict: true, outDir: 'out', types: [] },
        files: ['app.ts'],
      }),
    );
    const tsc = node([TSC, '-p', '.'], dir);
    expect(tsc.stdout + tsc.stderr).toBe('');
    const run = node([join(dir, 'out', 'app.js')], dir);
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe(
      `INVALID_PARAMETER verseId ${JSON.stringify({
        error: {
          code: 'INVALID_PARAMETER',
          message: 'verseId must be an 8-digit BBCCCVVV verse id such as 01001001 (Genesis 1:1), got "x"',
          param: 'verseId',
        },
      })}`,
    );
  });
});

describe('the bible command from node_modules/.bin', () => {
  it('copies packs into a folder with a space, adding to it, and answers a batch, exit 2 when a line failed', () => {
    const copy = spawnSync(bin, ['copy-packs', '--to', 'packs dir/bible', '--versions', 'web'], {
      cwd: app,
      encoding: 'utf8',
    });
    expect(copy.status, copy.stderr).toBe(0);
    expect(readdirSync(join(app, 'packs dir', 'bible')).sort()).toEqual([
      'manifest.json',
      'meta.pack',
      'text-kjv.pack',
      'text-web.pack',
    ]);
    // An option given twice, as scripts build argument lists: the lists add up, where the last one won.
    const twice = spawnSync(bin, ['copy-packs', '--to', 'twice', '--versions', 'kjv', '--versions', 'asv'], {
      cwd: app,
      encoding: 'utf8',
    });
    expect(twice.status, twice.stderr).toBe(0);
    expect(readdirSync(join(app, 'twice')).sort()).toEqual([
      'manifest.json',
      'meta.pack',
      'text-asv.pack',
      'text-kjv.pack',
    ]);
    const twoFolders = spawnSync(bin, ['copy-packs', '--to', 'a', '--to', 'b'], { cwd: app, encoding: 'utf8' });
    expect(twoFolders.status).toBe(2);
    expect(twoFolders.stderr).toMatch(/--to is given more than once/);
    const batch = spawnSync(bin, ['batch'], {
      cwd: app,
      encoding: 'utf8',
      input: 'GetVerse verseId=43003016 versionId=KJV\nGetParseCitation citation="Jn 3:16"\nGetVerse verseId="open\n',
    });
    // One line failed (an unclosed quote): it answers its error in its place, and the status says so.
    expect(batch.status).toBe(2);
    const lines = batch.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines[0][0].id).toBe('43003016');
    expect(lines[1].verseIds).toEqual(['43003016']);
    expect(lines[2].error.code).toBe('INVALID_PARAMETER');
  });
});
