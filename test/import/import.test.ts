// `bible import` end to end on a verse table: packs written into a pack folder of its own, then the
// engine opened on that folder answers the imported translation beside the built-in ones.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DATA_DIR, openNode } from '../../engine/node/loader.ts';
import { importFromArgs, importTranslation, removeImported } from '../../engine/node/import-command.ts';
import { isContainedPath, readZip } from '../../engine/node/import-source.ts';
import { checkPacks } from '../../engine/node/pack-check.ts';
import { parseManifest } from '../../engine/node/copy-packs.ts';

const TABLE = [
  '#name: Test Union Version',
  '#language: zh-Hant',
  '#rights: Public domain',
  '#book JHN: 約翰福音',
  'JHN\t3\t16\t神愛世人，甚至將他的獨生子賜給他們。',
  'JHN\t3\t17\t因為神差他的兒子降世。',
  '3JN\t1\t14\tone',
  '3JN\t1\t15\ttwo',
  'JHN\t3\t17\ta second 3:17',
  'JHN\t160\t1\tchapter 160',
].join('\n');

let root: string;
let data: string;
const write = (name: string, text: string | Uint8Array) => {
  const path = join(root, name);
  writeFileSync(path, text);
  return path;
};

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'bible-import-'));
  data = join(root, 'data');
  mkdirSync(data);
  const manifest = parseManifest(readFileSync(join(DEFAULT_DATA_DIR, 'manifest.json'), 'utf8'), 'manifest.json');
  const kept = manifest.packs.filter((p) => ['meta', 'text-kjv', 'licensing'].includes(p.name));
  for (const p of kept) copyFileSync(join(DEFAULT_DATA_DIR, p.file), join(data, p.file));
  writeFileSync(join(data, 'manifest.json'), JSON.stringify({ ...manifest, packs: kept }));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('bible import of a verse table', () => {
  let report: ReturnType<typeof importTranslation>['report'];
  beforeAll(() => {
    ({ report } = importTranslation({ source: write('cuv.tsv', TABLE), id: 'cuvt', data }));
  });

  it('reports what it imported, what it left out and why', () => {
    expect(report).toMatchObject({
      id: 'cuvt',
      number: 1001,
      books: 2,
      chapters: 2,
      verses: 4,
      license: 'Public domain',
    });
    expect(report.bookCodes).toEqual(['JHN', '3JN']);
    // 3 John with 15 verses is the eng numbering: its 1:14 and 1:15 are both the KJV's 1:14.
    expect(report.versification.name).toBe('eng');
    expect(report.unmapped).toEqual([]);
    expect(report.warnings.map((w) => `${w.place}: ${w.message}`)).toEqual([
      'line 9: JHN 3:17 comes twice: the first is kept',
      'JHN 160:1: chapter 160 is out of range (1-151); left out',
    ]);
  });

  it('lists it after the built-ins with version_id 1001, its books and versification', async () => {
    const bible = await openNode({ dataDir: data });
    const versions = await bible.GetVersions();
    const last = versions.at(-1) as Record<string, unknown>;
    expect(last).toMatchObject({ versionCode: 'cuvt', version_id: '1001', table: 't_cuvt', license: 'imported' });
    expect(last).toMatchObject({ available: true, books: [43, 64], versification: 'eng' });
    expect(versions.slice(0, -1).every((v) => Number(v.version_id) <= 10)).toBe(true);
  });

  it('answers in its own numbers, with the KJV id each verse stands for', async () => {
    const bible = await openNode({ dataDir: data });
    const chapter = await bible.GetChapter({ bookId: 43, chapterId: 3, versionId: 'cuvt' as never });
    expect(chapter.map((r) => [r.id, (r as unknown as { kjvId: string }).kjvId])).toEqual([
      ['43003016', '43003016'],
      ['43003017', '43003017'],
    ]);
    expect(await bible.call('GetVerse', { verseId: '64001015', versionId: 'cuvt' })).toEqual([
      { id: '64001015', b: '64', c: '1', v: '15', t: 'two', kjvId: '64001014' },
    ]);
    const parallels = (await bible.call('GetParallelVerses', { verseId: '64001014' })) as unknown as {
      versionId: string;
      t: string;
    }[][];
    expect(parallels.map((rows) => rows.map((r) => `${r.versionId}:${r.t.slice(0, 3)}`))).toEqual([
      ['t_kjv:But'],
      ['t_cuvt:one', 't_cuvt:two'],
    ]);
  });

  it('refuses a book the text lacks as NOT_AVAILABLE naming translation and book', async () => {
    const bible = await openNode({ dataDir: data });
    await expect(bible.call('GetChapter', { bookId: 1, chapterId: 1, versionId: 'cuvt' })).rejects.toMatchObject({
      code: 'NOT_AVAILABLE',
      message: expect.stringMatching(/cuvt .*has no Genesis/),
    });
    // A built-in translation's answers are those of the package.
    expect((await bible.call('GetVerse', { verseId: '43003016', versionId: 'kjv' })) as unknown[]).toHaveLength(1);
  });

  it('understands the book names the file carries', async () => {
    const bible = await openNode({ dataDir: data });
    expect(await bible.call('GetParseCitation', { citation: '約翰福音 3:16' })).toMatchObject({
      bookId: '43',
      verseIds: ['43003016'],
    });
    const passage = (await bible.call('GetPassage', { reference: '約翰福音 3:16-17', versionId: 'cuvt' })) as unknown;
    expect(JSON.stringify(passage)).toContain('神愛世人');
  });

  it('shows it in GetBibles, GetLicensing and GetCredits with its licence', async () => {
    const bible = await openNode({ dataDir: data });
    const bibles = (await bible.call('GetBibles')) as unknown as {
      versionCode: string;
      license_details: { name: string };
    }[];
    expect(bibles.find((b) => b.versionCode === 'cuvt')?.license_details.name).toBe('Public domain');
    expect(JSON.stringify(await bible.call('GetLicensing'))).toContain('"cuvt"');
    expect(JSON.stringify(await bible.call('GetCredits'))).toContain('Test Union Version');
  });

  it('keeps a valid manifest whose sizes and hashes match the packs', async () => {
    const health = await checkPacks(data);
    expect(health).toMatchObject({ state: 'ok', problems: [] });
  });

  it('replaces the translation on re-import, keeping its number', async () => {
    const again = importTranslation({
      source: write('cuv2.tsv', 'JHN\t3\t16\treplaced'),
      id: 'cuvt',
      data,
      name: 'Replaced',
    });
    expect(again.report.number).toBe(1001);
    const bible = await openNode({ dataDir: data });
    expect(await bible.call('GetVerse', { verseId: '43003016', versionId: 'cuvt' })).toMatchObject([{ t: 'replaced' }]);
    const second = importTranslation({ source: write('x.tsv', 'GEN\t1\t1\tx'), id: 'other', data });
    expect(second.report.number).toBe(1002);
  });

  it('takes a translation out with --remove', async () => {
    importTranslation({ source: write('gone.tsv', 'GEN\t1\t1\tx'), id: 'gone', data });
    expect(removeImported('gone', data)).toEqual(['text-gone', 'structure-gone', 'imported-gone']);
    expect(existsSync(join(data, 'text-gone.pack'))).toBe(false);
    expect(existsSync(join(data, 'structure-gone.pack'))).toBe(false);
    const bible = await openNode({ dataDir: data });
    expect((await bible.GetVersions()).some((v) => v.versionCode === 'gone')).toBe(false);
    expect((await checkPacks(data)).state).toBe('ok');
  });
});

describe('bible import refuses', () => {
  const source = () => write('ok.tsv', 'GEN\t1\t1\tx');
  it.each([
    ['kjv', /built-in/],
    ['srv', /built-in/],
    ['t_kjv', /lowercase letters/],
    ['../x', /lowercase letters/],
  ])('the id %s', (id, message) => {
    expect(() => importTranslation({ source: source(), id, data })).toThrow(message);
  });

  it("the package's own folder and a folder with no meta pack", () => {
    expect(() => importTranslation({ source: source(), id: 'abc', data: DEFAULT_DATA_DIR })).toThrow(/package's own/);
    mkdirSync(join(root, 'empty'), { recursive: true });
    expect(() => importTranslation({ source: source(), id: 'abc', data: join(root, 'empty') })).toThrow(/no meta.pack/);
  });

  it('a zip entry that climbs out of the folder', () => {
    const zip = zipSync({ '../evil.tsv': new TextEncoder().encode('GEN\t1\t1\tx') });
    expect(() => importTranslation({ source: write('evil.zip', zip), id: 'evil', data })).toThrow(
      /evil\.zip: entry "\.\.\/evil\.tsv" climbs out/,
    );
    expect(['a/../../b', '/etc/passwd', 'C:\\x', ''].map(isContainedPath)).toEqual([false, false, false, false]);
    expect(isContainedPath('mods.d/kjv.conf')).toBe(true);
  });

  it('a zip bomb, before inflating it all', () => {
    const zip = zipSync({ 'bomb.tsv': new Uint8Array(50 * 1024 * 1024) }, { level: 9 });
    expect(zip.length).toBeLessThan(200_000);
    expect(() => readZip('bomb.zip', zip, { maxFiles: 10, maxTotalBytes: 1 << 30, maxRatio: 100 })).toThrow(
      /bomb\.zip: entry bomb\.tsv inflates past/,
    );
  });

  it('too many entries', () => {
    const entries = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i}.tsv`, new Uint8Array(1)]));
    expect(() =>
      readZip('many.zip', zipSync(entries), { maxFiles: 10, maxTotalBytes: 1 << 20, maxRatio: 100 }),
    ).toThrow(/more than 10 entries/);
  });

  it('warns when no licence is stated, and prints the report as JSON', () => {
    const out: string[] = [];
    const warnings: string[] = [];
    importFromArgs(
      [write('nolicence.tsv', 'GEN\t1\t1\tx'), '--id', 'nolic', '--data', data, '--json'],
      (l) => out.push(l),
      (l) => warnings.push(l),
    );
    expect(JSON.parse(out.join('\n'))).toMatchObject({ id: 'nolic', verses: 1, license: null });
    expect(warnings.join('\n')).toMatch(/states no licence/);
  });
});
