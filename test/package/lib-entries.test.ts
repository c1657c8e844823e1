// The compiled entries as the package ships them: lib/engine for every platform, one bundled module per
// entry over the chunks they share, and lib/node as Node takes them (the exports' `node` condition), where
// the Node entry is one file. Either way the entries hand out one engine; and importing the Node entry
// starts nothing the first answer does not need (fflate's build for Node would load worker_threads as it
// is imported).
import { OPERATION_NAMES } from '../../engine/core/operation-names.ts';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureLib, LIB_DIR, NODE_DIR } from '../../scripts/build-lib.ts';
import { REPO_ROOT } from '../../scripts/bundle.ts';

const ENGINE = join(LIB_DIR, 'engine');
const entryUrl = (entry: string) => pathToFileURL(join(ENGINE, entry)).href;
const NODE_ENTRY = join(NODE_DIR, 'index.js');
const nodeEntryUrl = pathToFileURL(NODE_ENTRY).href;

/**
 * Runs an ES module snippet in a fresh Node process and returns what it printed, parsed as JSON. It runs
 * in the checkout, so `bible-engine` names this package through its own exports.
 */
function inFreshNode(code: string): unknown {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', cwd: REPO_ROOT });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout);
}

beforeAll(() => ensureLib(() => {}), 180_000);

/** The files an import of a module reads: its static imports, followed from file to file. */
function staticClosure(file: string, seen = new Set<string>()): Set<string> {
  seen.add(file);
  for (const [, spec] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*"(\.[^"]+)"/g)) {
    const next = join(dirname(file), spec);
    if (!seen.has(next)) staticClosure(next, seen);
  }
  return seen;
}

describe('lib/engine and lib/node', () => {
  it('holds one module per package entry and the chunks they share, with declarations per module', () => {
    const modules = readdirSync(ENGINE, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
    const entries = ['browser/index.js', 'core/index.js'];
    // operations-*.js is the operation table's module, which the engine imports on first use, and
    // fflate-inflate-*.js the engine's own inflate, which open() imports for a host that passes none.
    const ownModule = /^(chunk|operations|fflate-inflate)-\w+\.js$/;
    expect(modules.filter((f) => !ownModule.test(f)).sort()).toEqual(entries);
    expect(modules.length).toBeGreaterThan(entries.length);
    const forNode = readdirSync(NODE_DIR).filter((f) => f.endsWith('.js'));
    expect(forNode.filter((f) => !ownModule.test(f)).sort()).toEqual(['browser.js', 'core.js', 'index.js']);
    const declarations = readdirSync(ENGINE, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.d.ts'));
    expect(declarations).toEqual(expect.arrayContaining(['core/index.d.ts', 'core/engine.d.ts', 'node/loader.d.ts']));
  });

  it("points the package's exports at lib/node for Node and at lib/engine elsewhere", () => {
    const { exports } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
    expect(exports['.']).toMatchObject({ node: './lib/node/core.js', default: './lib/engine/core/index.js' });
    expect(exports['./browser']).toMatchObject({
      node: './lib/node/browser.js',
      default: './lib/engine/browser/index.js',
    });
    expect(exports['./node']).toMatchObject({ default: './lib/node/index.js' });
    for (const entry of [exports['.'], exports['./node'], exports['./browser']])
      for (const [condition, target] of Object.entries(entry))
        expect(readdirSync(dirname(join(REPO_ROOT, target as string))), condition).toContain(
          (target as string).split('/').pop(),
        );
  });

  it("exports no binding an engine module could reassign, which the folded chunks' stand-ins would not see", () => {
    // The reader page (engine/browser/web) is bundled into dist/web on its own, never into lib/.
    const sources = readdirSync(join(REPO_ROOT, 'engine'), { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.startsWith('browser/web/'),
    );
    expect(sources.length).toBeGreaterThan(50);
    const reassignable = sources.flatMap((f) => {
      const source = readFileSync(join(REPO_ROOT, 'engine', f), 'utf8');
      const listed = [...source.matchAll(/^export\s*\{([^}]*)\}\s*;/gm)].flatMap(([, names]) =>
        names.split(',').map((name) => name.trim().split(/\s+as\s+/)[0]),
      );
      const declaredLet = (name: string) => new RegExp(`^(let|var)\\s+${name}\\b`, 'm').test(source);
      return /^export\s+(let|var)\s/m.test(source) || listed.some(declaredLet) ? [f] : [];
    });
    expect(reassignable).toEqual([]);
  });

  it('makes the Node entry one file, which imports nothing else to answer a verse', () => {
    expect([...staticClosure(NODE_ENTRY)]).toEqual([NODE_ENTRY]);
    expect(readFileSync(NODE_ENTRY, 'utf8')).not.toMatch(/(?:^|;)import[{\s*]/m);
  });

  it('gives one engine to an app that imports several entries: an error from one is a BibleError of the other', () => {
    const answer = inFreshNode(`
      const { BibleError } = await import('bible-engine');
      const { openNode } = await import('bible-engine/node');
      const browser = await import('bible-engine/browser');
      const bible = await openNode();
      const [verse] = await bible.GetVerse({ verseId: '43003016' });
      const error = await bible.GetVerse({ verseId: 'x' }).catch((e) => e);
      const studyError = await bible.GetParseCitation({ citation: '' }).catch((e) => e);
      console.log(JSON.stringify({
        text: verse.t,
        same: error instanceof BibleError && browser.BibleError === BibleError && studyError instanceof BibleError,
        where: import.meta.resolve('bible-engine/node').split('/lib/').pop(),
      }));
    `);
    expect(answer).toEqual({
      text: expect.stringMatching(/^For God so loved the world/),
      same: true,
      where: 'node/index.js',
    });
  });

  it('gives one engine through the entries for every platform too', () => {
    const answer = inFreshNode(`
      const { BibleError, open } = await import(${JSON.stringify(entryUrl('core/index.js'))});
      const browser = await import(${JSON.stringify(entryUrl('browser/index.js'))});
      const { readFile } = await import('node:fs/promises');
      const dir = ${JSON.stringify(join(REPO_ROOT, 'dist', 'data'))};
      const bible = await open({ loader: async (name) => new Uint8Array(await readFile(dir + '/' + name + '.pack')) });
      const error = await bible.GetParseCitation({ citation: '' }).catch((e) => e);
      console.log(JSON.stringify({ same: error instanceof BibleError && browser.BibleError === BibleError }));
    `);
    expect(answer).toEqual({ same: true });
  });

  it("imports the Node entry without the operation table's code, which a first call of another operation loads", () => {
    const loaded = [...staticClosure(NODE_ENTRY)].map((f) => readFileSync(f, 'utf8')).join('');
    const everything = readdirSync(NODE_DIR)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(NODE_DIR, f), 'utf8'))
      .join('');
    // Words of GetPropheciesFulfilledInJesus's answers, which only the study operations' code holds.
    expect(everything).toContain(' Fulfilled in: ');
    expect(loaded).not.toContain(' Fulfilled in: ');
    const answer = inFreshNode(`
      const { openNode } = await import(${JSON.stringify(nodeEntryUrl)});
      const bible = await openNode();
      const [verse] = await bible.GetVerse({ verseId: '43003016' });
      const before = (() => { try { return bible.operations.length; } catch (e) { return e.code; } })();
      const { verseIds } = await bible.GetParseCitation({ citation: 'Jn 3:16' });
      console.log(JSON.stringify({ text: verse.t.slice(0, 10), before, verseIds, after: bible.operations.length }));
    `);
    expect(answer).toEqual({
      text: 'For God so',
      before: 'NOT_AVAILABLE',
      verseIds: ['43003016'],
      after: OPERATION_NAMES.length,
    });
  });

  it('imports the Node entry without loading worker_threads, and searches once FlexSearch is first used', () => {
    const answer = inFreshNode(`
      const before = new Set(process.moduleLoadList);
      const { openNode } = await import(${JSON.stringify(nodeEntryUrl)});
      const loaded = process.moduleLoadList.filter((m) => !before.has(m));
      const bible = await openNode();
      const { searchCount } = await bible.GetSearchCount({ query: 'everlasting life' });
      console.log(JSON.stringify({ workers: loaded.filter((m) => /worker_threads/.test(m)), searchCount }));
    `);
    expect(answer).toEqual({ workers: [], searchCount: expect.any(Number) });
    expect((answer as { searchCount: number }).searchCount).toBeGreaterThan(0);
  });

  it('imports the Node entry without loading zlib, which its first inflate loads', () => {
    const answer = inFreshNode(`
      const zlibLoaded = () => process.moduleLoadList.some((m) => /^NativeModule (zlib|stream)$/.test(m));
      const before = zlibLoaded();
      const { openNode, nativeChecksum } = await import(${JSON.stringify(nodeEntryUrl)});
      const afterImport = zlibLoaded();
      const bible = await openNode();
      const [verse] = await bible.GetVerse({ verseId: '43003016' });
      console.log(JSON.stringify({ before, afterImport, afterVerse: zlibLoaded(), text: verse.t, crc: nativeChecksum?.(new TextEncoder().encode('123456789')) }));
    `);
    // 0xcbf43926 is CRC-32 (IEEE) of "123456789".
    expect(answer).toEqual({
      before: false,
      afterImport: false,
      afterVerse: true,
      text: expect.stringMatching(/^For God so loved the world/),
      crc: 0xcbf43926,
    });
  });

  it('answers with the JavaScript inflate and CRC of the core entry, as hosts without zlib do', () => {
    const answer = inFreshNode(`
      const { open } = await import(${JSON.stringify(entryUrl('core/index.js'))});
      const { readFile } = await import('node:fs/promises');
      const dir = ${JSON.stringify(join(LIB_DIR, '..', 'dist', 'data'))};
      const bible = await open({ loader: async (name) => new Uint8Array(await readFile(dir + '/' + name + '.pack')) });
      const [verse] = await bible.GetVerse({ verseId: '01001001' });
      console.log(JSON.stringify(verse.t));
    `);
    expect(answer).toBe('In the beginning God created the heaven and the earth.');
  });
});
