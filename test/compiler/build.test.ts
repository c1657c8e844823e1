import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { BUILDERS, build, corpusRoot, REPO_ROOT, sourcePath } from '../../compiler/build.ts';
import { builderCodeHashes, builderModule, moduleClosure, SHARED_BUILD_MODULES } from '../../compiler/code-inputs.ts';
import { TRANSLATION_ADAPTERS, translationAdapterModule } from '../../compiler/translation-adapters.ts';
import { TRANSLATIONS } from '../../sources/catalog.ts';
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
    // A translation's word index is made by the engine from its text pack: no pack of its own.
    expect(names.filter((name: string) => name.startsWith('search'))).toEqual([]);
  });

  it('keeps the packs of builders whose code, options and datasets are unchanged, and makes the same files', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'bible-rebuild-')), 'data');
    cpSync(DEFAULT_DATA_DIR, out, { recursive: true });
    const before = readFileSync(join(out, 'manifest.json'), 'utf8');
    plantRetiredPacks(out);
    const log: string[] = [];
    try {
      await build({ outDir: out, log: (m) => log.push(m) });
      expectRetiredPacksGone(out, log);
      // A full build removes every pack file its manifest does not list.
      expect(existsSync(join(out, 'search-web.pack'))).toBe(false);
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

  it('a partial build also removes the packs and records of a builder the compiler no longer has', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'bible-partial-')), 'data');
    cpSync(DEFAULT_DATA_DIR, out, { recursive: true });
    plantRetiredPacks(out);
    const log: string[] = [];
    try {
      await build({ outDir: out, only: ['plans'], log: (m) => log.push(m) });
      expectRetiredPacksGone(out, log);
      // The other packs stay listed, and each is still there.
      const after = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
      for (const pack of after.packs) expect(existsSync(join(out, pack.file)), pack.file).toBe(true);
      expect(after.packs.map((p: { name: string }) => p.name)).toContain('text-kjv');
    } finally {
      rmSync(dirname(out), { recursive: true, force: true });
    }
  }, 300_000);

  it('rebuilds only the builders that read a changed dataset, and they make the same packs again', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'bible-rebuild-')), 'data');
    cpSync(DEFAULT_DATA_DIR, out, { recursive: true });
    const corpus = mirrorCorpus(sourcePath(corpusRoot(), 'openbible-crossrefs'), (text) => `${text}\n`);
    const before = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    const previous = process.env.BIBLE_SOURCES;
    process.env.BIBLE_SOURCES = corpus;
    const log: string[] = [];
    try {
      await build({ outDir: out, log: (m) => log.push(m) });
      const rebuilt = Object.keys(before.builders).filter((name) => log.some((l) => l.startsWith(`[${name}] built`)));
      // book-facts counts the votes of cross references into each book for its key verses.
      expect(rebuilt.sort()).toEqual(['book-facts', 'xrefs']);
      expect(log).toContain('[licensing]'); // it describes the others, so it runs in every build
      const after = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
      // A trailing blank line adds no cross reference: every pack is the same, only the dataset's hash
      // moved, and the licensing pack's build date (the newest corpus file's time: the edited copy's).
      const dataPacks = (packs: { name: string }[]) => packs.filter((p) => p.name !== 'licensing');
      expect(dataPacks(after.packs)).toEqual(dataPacks(before.packs));
      expect(after.builders.xrefs.inputs).not.toBe(before.builders.xrefs.inputs);
    } finally {
      if (previous === undefined) delete process.env.BIBLE_SOURCES;
      else process.env.BIBLE_SOURCES = previous;
      rmSync(dirname(out), { recursive: true, force: true });
      rmSync(corpus, { recursive: true, force: true });
    }
  }, 300_000);
});

describe('the code a builder depends on', () => {
  const read = (file: string) => readFileSync(join(REPO_ROOT, file), 'utf8');
  const names = BUILDERS.map((b) => b.name);
  const shared = new Set(SHARED_BUILD_MODULES.flatMap((m) => moduleClosure(REPO_ROOT, [m], read)));
  // What each builder read in the last build, and so which translation adapters its packs went through
  // (the licensing builder, which runs in every build, has no record and reads no translation).
  const recorded: Record<string, string[]> = Object.fromEntries(
    Object.entries(
      JSON.parse(readFileSync(join(DEFAULT_DATA_DIR, 'manifest.json'), 'utf8')).builders as Record<
        string,
        { datasets: string[] }
      >,
    ).map(([name, record]) => [name, record.datasets]),
  );
  const datasets = Object.fromEntries(names.map((name) => [name, recorded[name] ?? []]));
  const adaptersRead = (name: string) => [
    ...new Set(
      TRANSLATIONS.filter((t) => datasets[name].includes(t.id)).map((t) => translationAdapterModule(t.adapter)),
    ),
  ];
  const closures = new Map(
    names.map((name) => [name, new Set(moduleClosure(REPO_ROOT, [builderModule(name), ...adaptersRead(name)], read))]),
  );

  it('starts at the module of each builder and of each translation adapter', async () => {
    for (const builder of BUILDERS) {
      const module = (await import(join(REPO_ROOT, builderModule(builder.name)))) as Record<string, unknown>;
      expect(Object.values(module)).toContain(builder);
    }
    for (const [adapter, read] of Object.entries(TRANSLATION_ADAPTERS)) {
      const module = (await import(join(REPO_ROOT, translationAdapterModule(adapter)))) as Record<string, unknown>;
      expect(Object.values(module)).toContain(read);
    }
  });

  it('follows imports, re-exports and workers, but not build.ts into every builder nor every adapter', () => {
    expect([...shared]).toEqual(
      expect.arrayContaining(['compiler/pack/compress-worker.mjs', 'compiler/build-context.ts', 'sources/catalog.ts']),
    );
    expect(shared.has('compiler/adapters/sword-ztext.ts')).toBe(false);
    expect([...closures.get('xrefs')!]).toEqual(
      expect.arrayContaining(['compiler/adapters/openbible-crossrefs.ts', 'compiler/builders/study-common.ts']),
    );
    expect(closures.get('xrefs')!.has('compiler/adapters/sword-ztext.ts')).toBe(false);
    expect([...closures.get('text')!]).toEqual(
      expect.arrayContaining(['compiler/adapters/sword-ztext.ts', 'compiler/adapters/step-arabic.ts']),
    );
    expect(names.filter((name) => closures.get(name)!.has('compiler/builders/text.ts'))).toEqual(['text', 'meta']);
  });

  it('changes for exactly the builders whose packs run the edited file', () => {
    const files = [...new Set([...shared, ...[...closures.values()].flatMap((c) => [...c])])].sort();
    const unchanged = builderCodeHashes(REPO_ROOT, names, read);
    fc.assert(
      fc.property(fc.constantFrom(...files), fc.string({ minLength: 1, maxLength: 8 }), (edited, addition) => {
        const codeOf = builderCodeHashes(REPO_ROOT, names, (file) =>
          file === edited ? `${read(file)}${addition}` : read(file),
        );
        for (const name of names)
          expect(codeOf(name, datasets[name]) !== unchanged(name, datasets[name])).toBe(
            shared.has(edited) || closures.get(name)!.has(edited),
          );
      }),
      { numRuns: 40 },
    );
  });
});

/** Search packs as an older compiler left them in a build folder: search-kjv listed in the manifest under
 *  a builder this compiler no longer has, search-web a file the manifest does not list. */
function plantRetiredPacks(out: string): void {
  const manifestPath = join(out, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const bytes = readFileSync(join(out, 'text-kjv.pack'));
  writeFileSync(join(out, 'search-kjv.pack'), bytes);
  writeFileSync(join(out, 'search-web.pack'), bytes);
  const record = manifest.packs.find((p: { name: string }) => p.name === 'text-kjv');
  manifest.packs.push({ ...record, builder: 'search', name: 'search-kjv', file: 'search-kjv.pack' });
  manifest.builders.search = { ...manifest.builders.text };
  writeFileSync(manifestPath, JSON.stringify(manifest));
}

function expectRetiredPacksGone(out: string, log: string[]): void {
  const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
  expect(manifest.packs.filter((p: { name: string }) => p.name.startsWith('search'))).toEqual([]);
  expect(Object.keys(manifest.builders)).not.toContain('search');
  expect(existsSync(join(out, 'search-kjv.pack'))).toBe(false);
  expect(log).toContain('  removed search-kjv.pack: no builder makes it any more');
}

/** A corpus folder of symbolic links to the real one, except `changed`, a copy edited by `edit`. */
function mirrorCorpus(changed: string, edit: (text: string) => string): string {
  const real = corpusRoot();
  const mirror = mkdtempSync(join(tmpdir(), 'bible-corpus-'));
  let from = real;
  let to = mirror;
  for (const part of changed.slice(real.length + 1).split(sep)) {
    for (const name of readdirSync(from)) if (name !== part) symlinkSync(join(from, name), join(to, name));
    from = join(from, part);
    to = join(to, part);
    if (from !== changed) mkdirSync(to);
  }
  writeFileSync(to, edit(readFileSync(from, 'utf8')));
  return mirror;
}
