import { describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build } from '../../compiler/build.ts';
import { DEFAULT_DATA_DIR } from '../../engine/node/loader.ts';

describe('build', () => {
  it('stops with a message naming what the corpus lacks', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'bible-empty-corpus-'));
    const out = mkdtempSync(join(tmpdir(), 'bible-out-'));
    const previous = process.env.BIBLE_SOURCES;
    process.env.BIBLE_SOURCES = empty;
    try {
      await expect(build({ outDir: out, log: () => {} })).rejects.toThrow(
        /is missing .*bibles\/kjv\/KJV\.zip.*BIBLE_SOURCES/s,
      );
    } finally {
      if (previous === undefined) delete process.env.BIBLE_SOURCES;
      else process.env.BIBLE_SOURCES = previous;
      rmSync(empty, { recursive: true, force: true });
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('refuses an unknown builder or licence category before touching the output folder', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'bible-out-')), 'data');
    try {
      await expect(build({ outDir: out, only: ['nope'], log: () => {} })).rejects.toThrow(
        /unknown builder nope; builders: text, meta, /,
      );
      await expect(build({ outDir: out, excludeCategories: ['cheap'], log: () => {} })).rejects.toThrow(
        /unknown licence category cheap; categories: /,
      );
      expect(existsSync(out)).toBe(false);
    } finally {
      rmSync(dirname(out), { recursive: true, force: true });
    }
  });

  it('records every pack in the manifest with its size, hash, datasets and licences', () => {
    const manifest = JSON.parse(readFileSync(join(DEFAULT_DATA_DIR, 'manifest.json'), 'utf8'));
    const names = manifest.packs.map((p: { name: string }) => p.name);
    for (const name of [
      'meta',
      'text-kjv',
      'text-svd',
      'search-kjv',
      'original-ot',
      'lexicon',
      'xrefs',
      'topics',
      'plans',
      'extrabiblical',
      'licensing',
    ])
      expect(names).toContain(name);
    for (const pack of manifest.packs) {
      expect(pack.bytes).toBe(readFileSync(join(DEFAULT_DATA_DIR, pack.file)).length);
      expect(pack.sha256).toMatch(/^[0-9a-f]{64}$/);
      if (pack.name !== 'licensing') expect(pack.licences.length).toBeGreaterThan(0); // licensing holds only the catalog's own records
    }
    expect(manifest.packs.find((p: { name: string }) => p.name === 'text-svd').licences).toEqual(['cc_permissive']);
  });

  it('keeps the packs of builders whose code, options and datasets are unchanged, and makes the same files', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'bible-rebuild-')), 'data');
    cpSync(DEFAULT_DATA_DIR, out, { recursive: true });
    const before = readFileSync(join(out, 'manifest.json'), 'utf8');
    const log: string[] = [];
    try {
      await build({ outDir: out, log: (m) => log.push(m) });
      const builders = Object.keys(JSON.parse(before).builders);
      expect(builders.length).toBeGreaterThan(10);
      for (const name of builders.filter((b) => b !== 'licensing'))
        expect(log).toContainEqual(expect.stringMatching(new RegExp(`^\\[${name}\\] inputs unchanged: kept`)));
      // Everything kept, and the licensing pack written again is the same: the manifest is unchanged.
      expect(readFileSync(join(out, 'manifest.json'), 'utf8')).toBe(before);
    } finally {
      rmSync(dirname(out), { recursive: true, force: true });
    }
  }, 300_000);
});
