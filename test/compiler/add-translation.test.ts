// docs/architecture.md promises that a translation in a format we read takes one catalog entry. This test
// does exactly that in a scratch copy of the repository: one entry appended to TRANSLATIONS, a small USFM
// translation beside the corpus, `bible build --only text,meta`, and then the engine serves it and
// the typed API knows its code.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openNode } from '../../engine/node/loader.ts';

const REPO = resolve(import.meta.dirname, '..', '..');
const CORPUS = resolve(process.env.BIBLE_SOURCES ?? join(REPO, '..', 'shared', 'sources'));

const ENTRY = `  {
    id: 'fixture', versionId: 'fixture', abbreviation: 'FIX', versionNumber: 11, serviceName: 'Fixture Version',
    versionName: 'Fixture Version (test)', language: 'english',
    adapter: 'usfm', path: 'bibles/fixture', title: 'A two-verse USFM translation written by the test suite',
    licence: 'Public Domain', category: 'public_domain', licenceText: 'Written for a test; no rights reserved.',
    attribution: 'The bible-engine test suite.', source: 'test/compiler/add-translation.test.ts',
  },
`;

const USFM = String.raw`\id JHN Fixture Version
\h John
\c 3
\p
\v 16 For God so loved the fixture, that he gave his only test.
\v 17 For God sent not his \add Son\add* into the world to condemn the world.
`;

let scratch = '';
let build = { status: 0 as number | null, output: '' };

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'add-translation-'));
  const repo = join(scratch, 'repo');
  for (const path of ['compiler', 'engine', 'sources', 'scripts', 'package.json', 'tsconfig.json']) {
    cpSync(join(REPO, path), join(repo, path), { recursive: true });
  }
  symlinkSync(join(REPO, 'node_modules'), join(repo, 'node_modules'));

  // The corpus as it is, plus the new translation's folder.
  const corpus = join(scratch, 'corpus');
  mkdirSync(join(corpus, 'bibles', 'fixture'), { recursive: true });
  for (const name of readdirSync(CORPUS)) if (name !== 'bibles') symlinkSync(join(CORPUS, name), join(corpus, name));
  for (const name of readdirSync(join(CORPUS, 'bibles')))
    symlinkSync(join(CORPUS, 'bibles', name), join(corpus, 'bibles', name));
  writeFileSync(join(corpus, 'bibles', 'fixture', '44-JHNfix.usfm'), USFM);

  // The one step the architecture page names: a catalog entry.
  const catalogPath = join(repo, 'sources', 'catalog.ts');
  const catalog = readFileSync(catalogPath, 'utf8');
  const end = '] as const satisfies readonly TranslationEntry[];';
  expect(catalog).toContain(end);
  writeFileSync(catalogPath, catalog.replace(end, ENTRY + end));

  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(repo, 'compiler', 'cli.ts'), '--only', 'text,meta'],
    {
      cwd: repo,
      encoding: 'utf8',
      env: { ...process.env, BIBLE_SOURCES: corpus },
    },
  );
  build = { status: run.status, output: run.stdout + run.stderr };
}, 300_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('adding a translation', () => {
  it('builds its text pack, which is all a search in it reads', () => {
    expect(build.output).toContain('wrote text-fixture.pack');
    expect(build.output).not.toContain('search-fixture');
    expect(build.status).toBe(0);
  });

  it('is served by the engine: listed, read and searched', async () => {
    const bible = await openNode({ dataDir: join(scratch, 'repo', 'dist', 'data') });
    const versions = await bible.call('GetVersions');
    expect(versions.map((v: { versionCode: string }) => v.versionCode)).toContain('fixture');
    const [verse] = await bible.call('GetVerse', { verseId: '43003016', versionId: 'fixture' });
    expect(verse.t).toBe('For God so loved the fixture, that he gave his only test.');
    const found = await bible.call('GetSearch', { query: 'Son', versionId: 'fixture' });
    expect(found.map((row: { id: string }) => row.id)).toEqual(['43003017']);
    await expect(bible.call('GetVerse', { verseId: '01001001', versionId: 'fixture' })).resolves.toEqual([]);
  });

  it('is a versionId the typed API accepts', () => {
    const repo = join(scratch, 'repo');
    writeFileSync(
      join(repo, 'uses-fixture.ts'),
      [
        "import type { VersionId } from './engine/core/operation.ts';",
        "export const added: VersionId = 'fixture';",
        '// @ts-expect-error still not a translation',
        "export const unknown: VersionId = 'niv';",
      ].join('\n'),
    );
    writeFileSync(
      join(repo, 'tsconfig.fixture.json'),
      JSON.stringify({ extends: './tsconfig.json', include: [], files: ['uses-fixture.ts'] }),
    );
    const tsc = spawnSync(
      process.execPath,
      [join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.fixture.json'],
      { cwd: repo, encoding: 'utf8' },
    );
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });
});
