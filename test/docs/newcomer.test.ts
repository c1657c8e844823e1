// What a newcomer meets first holds together: the README's links lead somewhere (in the checkout and in
// the installed package), no doc or test writes the number of operations, a fresh install leaves the
// lockfile as committed, the checkout's CLI sees a stale lib/, and an uncaught BibleError shows its code.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize, relative } from 'node:path';
import { inspect } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain JavaScript beside the `bible` command, without declarations
import { libLooksStale } from '../../bin/lib-freshness.js';
import { BibleError } from '../../engine/core/errors.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const manifest = JSON.parse(read('package.json'));

/** Every relative link target of a markdown file, as a path from the repository's root. */
function relativeLinks(file: string): string[] {
  const targets = [...read(file).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
  return targets
    .filter((t) => !/^[a-z]+:/i.test(t) && !t.startsWith('#'))
    .map((t) => normalize(join(dirname(file), t.split('#')[0])));
}

// Pages that arrive with the import of a translation and with text laid out as a Bible; the README
// links them already so their lines stay one each.
const ARRIVING = new Set(['docs/import.md', 'docs/structure.md']);

const exists = (path: string) => {
  try {
    readFileSync(join(ROOT, path));
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EISDIR';
  }
};

describe('the README', () => {
  const readme = read('README.md');

  it('is short, and starts with the two commands of the quick start', () => {
    const lines = readme.split('\n').length;
    expect(lines).toBeGreaterThan(100);
    expect(lines).toBeLessThanOrEqual(250);
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
    expect(readme).toMatch(/npx vitest run test\//);
    expect(readme).toMatch(/npx vitest --watch/);
    expect(readme).toMatch(/## Upgrade notes/);
  });

  it('links only to files that exist, each shipped in the package', () => {
    const shipped: string[] = manifest.files;
    for (const target of relativeLinks('README.md')) {
      if (ARRIVING.has(target)) continue;
      expect(exists(target), target).toBe(true);
      expect(
        shipped.some((entry) => target === entry.replace(/\/$/, '') || target.startsWith(entry)),
        `${target} is not in package.json "files"`,
      ).toBe(true);
    }
  });

  it("every doc's relative links lead to files that exist", () => {
    for (const doc of readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')))
      for (const target of relativeLinks(`docs/${doc}`))
        if (!ARRIVING.has(target)) expect(exists(target), `docs/${doc} links ${target}`).toBe(true);
  });

  it('names a repository and homepage only if the checkout has a remote (it has none)', () => {
    expect(manifest.repository).toBeUndefined();
    expect(manifest.homepage).toBeUndefined();
  });
});

describe('no number of operations is written down', () => {
  const files = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(join(dir, entry.name)) : /\.(ts|md)$/.test(entry.name) ? [join(dir, entry.name)] : [],
    );

  it('in the README, the docs or the tests: counts come from OPERATION_NAMES or the table', () => {
    const found: string[] = [];
    for (const file of ['README.md', ...files('docs'), ...files('test')]) {
      if (file === relative(ROOT, import.meta.filename)) continue;
      for (const match of read(file).matchAll(/\b\d{2,3}\s+(?:operations|endpoints)\b/gi))
        found.push(`${file}: ${match[0]}`);
    }
    expect(found).toEqual([]);
  });
});

describe('a fresh install leaves the tree clean', () => {
  it("package-lock.json's root agrees with package.json (npm rewrites it otherwise)", () => {
    const root = JSON.parse(read('package-lock.json')).packages[''];
    for (const field of ['name', 'version', 'license', 'engines', 'bin', 'dependencies', 'devDependencies'])
      expect(root[field], field).toEqual(manifest[field]);
    expect(root.peerDependencies).toEqual(manifest.peerDependencies);
  });
});

describe("the checkout's CLI sees a lib/ older than its sources", () => {
  const scratch = mkdtempSync(join(tmpdir(), 'lib-freshness-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));
  const write = (path: string, seconds: number, text = 'x') => {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), text);
    utimesSync(join(scratch, path), at(seconds), at(seconds));
  };

  it('by times alone: a newer source or a removed one, not a newer unit test', () => {
    expect(libLooksStale(scratch)).toBe('no lib/build.json');
    write('engine/core/a.ts', 10);
    utimesSync(join(scratch, 'engine/core'), at(10), at(10));
    utimesSync(join(scratch, 'engine'), at(10), at(10));
    write('lib/build.json', 20, JSON.stringify({ inputs: 'hash', paths: ['engine', 'sources/catalog.ts'] }));
    expect(libLooksStale(scratch)).toBeUndefined();
    write('engine/core/a.test.ts', 30);
    utimesSync(join(scratch, 'engine/core'), at(10), at(10));
    expect(libLooksStale(scratch)).toBeUndefined();
    write('engine/core/a.ts', 40);
    expect(libLooksStale(scratch)).toBe('sources newer than lib/');
    write('engine/core/a.ts', 10);
    rmSync(join(scratch, 'engine/core/a.test.ts'));
    expect(libLooksStale(scratch)).toBe('sources newer than lib/');
  });

  it("the checkout's own stamp lists the paths lib/ is built from", () => {
    const stamp = JSON.parse(read('lib/build.json'));
    expect(stamp.paths).toContain('engine/core');
    expect(typeof stamp.inputs).toBe('string');
  });
});

describe('a BibleError as Node shows it', () => {
  it('leads with its class and code, and stays a BibleError by name', () => {
    const error = new BibleError('INVALID_PARAMETER', 'GetVerse has no parameter "versoinId"', 'versoinId');
    expect(inspect(error).split('\n')[0]).toBe('BibleError [INVALID_PARAMETER]: GetVerse has no parameter "versoinId"');
    expect(error.name).toBe('BibleError');
    expect(String(error)).toBe('BibleError: GetVerse has no parameter "versoinId"');
  });
});
