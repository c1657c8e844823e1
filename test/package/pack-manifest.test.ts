// The package as npm packs it from this checkout: the checkout keeps its own package.json (also when
// npm fails after prepack), and the packed one has no development scripts. Packing swaps the checkout's
// package.json for a moment, so these tests run in the package phase of npm test, after every other file.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreManifest, SAVED_MANIFEST } from '../../scripts/publish-manifest.ts';

const REPO = resolve(import.meta.dirname, '../..');

let work = '';
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'bible-pack-manifest-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the packed package', () => {
  const app = () => join(work, 'app');
  let checkoutManifest = '';

  beforeAll(() => {
    checkoutManifest = readFileSync(join(REPO, 'package.json'), 'utf8');
    const packed = join(work, 'tarballs');
    mkdirSync(packed, { recursive: true });
    const npm = (args: string[], cwd: string) => {
      const r = spawnSync('npm', args, { cwd, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`npm ${args.join(' ')}: ${r.stderr}`);
      return r.stdout;
    };
    npm(['pack', '--silent', '--pack-destination', packed], REPO);
    for (const dependency of Object.keys(JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).dependencies))
      npm(
        ['pack', '--ignore-scripts', '--silent', '--pack-destination', packed],
        join(REPO, 'node_modules', dependency),
      );
    mkdirSync(app(), { recursive: true });
    writeFileSync(
      join(app(), 'package.json'),
      JSON.stringify({ name: 'adversary-app', private: true, type: 'module' }),
    );
    const tarballs = readdirSync(packed);
    npm(
      ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', ...tarballs.map((f) => join(packed, f))],
      app(),
    );
  }, 180_000);

  // Whatever happens below, the checkout keeps its own package.json.
  afterAll(() => restoreManifest());

  it('leaves the checkout’s package.json as it was', () => {
    expect(readFileSync(join(REPO, 'package.json'), 'utf8')).toBe(checkoutManifest);
    expect(existsSync(SAVED_MANIFEST)).toBe(false);
  });

  it('puts the checkout’s package.json back when the pack fails after prepack', async () => {
    // npm fails to write the tarball after prepack has swapped package.json, and so skips postpack.
    const r = spawnSync('npm', ['pack', '--silent', '--pack-destination', join(work, 'no', 'such', 'folder')], {
      cwd: REPO,
      encoding: 'utf8',
    });
    expect(r.status).not.toBe(0);
    // The restorer acts once npm has exited; wait for it (or for the test's own timeout).
    while (existsSync(SAVED_MANIFEST)) await new Promise((done) => setTimeout(done, 100));
    expect(readFileSync(join(REPO, 'package.json'), 'utf8')).toBe(checkoutManifest);
  }, 120_000);

  it('ships a package.json without development scripts', () => {
    const shipped = JSON.parse(readFileSync(join(app(), 'node_modules', 'bible-engine', 'package.json'), 'utf8'));
    expect(shipped.scripts).toBeUndefined();
    expect(shipped.devDependencies).toBeUndefined();
    expect(shipped.bin).toEqual({ bible: 'bin/bible.js' });
  });

  it('answers bible build, with or without options, with one line saying it needs a checkout', () => {
    const bin = join(app(), 'node_modules', '.bin', 'bible');
    for (const args of [['build'], ['build', '--only', 'text'], ['build', '--bogus']]) {
      const r = spawnSync(bin, args, { cwd: app(), encoding: 'utf8' });
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^bible build: compiling the corpus needs a checkout[^\n]*\n$/);
    }
    const help = spawnSync(bin, ['build', '--help'], { cwd: app(), encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: bible build/);
    const verse = spawnSync(bin, ['GetVerse', 'verseId=43003016'], { cwd: app(), encoding: 'utf8' });
    expect(JSON.parse(verse.stdout)[0].id).toBe('43003016');
  });
});
