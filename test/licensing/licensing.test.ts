// Licensing, bibles and credits (/api/v2/licensing, /api/v2/bibles, /api/v2/credits) against the
// catalog, GetInfo's build identity, and an --exclude-category build into a temporary folder.
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, corpusRoot, sourcePath } from '../../compiler/build.ts';
import { buildDate, contentTypeOf, CONTENT_TYPES, manifestHash } from '../../compiler/builders/licensing.ts';
import { BibleError } from '../../engine/core/errors.ts';
import { ENGINE_VERSION } from '../../engine/core/ops/info.ts';
import { API_V2_PATHS } from '../../engine/core/ops/licensing.ts';
import { OPERATION_BY_NAME } from '../../engine/core/operations.ts';
import { DEFAULT_DATA_DIR, openNode } from '../../engine/node/loader.ts';
import { ALL_DATASETS, CATALOG, LICENCE_CATEGORIES, TRANSLATIONS } from '../../sources/catalog.ts';
import { bible } from '../helpers.ts';

const b = await bible();
const byId = new Map(ALL_DATASETS().map((e) => [e.id, e]));
const REQUIRED_TYPES = [
  'texts',
  'lexicons',
  'original texts',
  'cross references',
  'commentary',
  'dictionaries',
  'topics',
  'curated lists',
  'extra-biblical books',
];
const LICENCE_ID = /CC[ -]BY(?:-SA)?(?: \d\.\d)?|GPL(?:-\d)?|MIT|BSD/i;

interface Credit {
  id: string;
  title: string;
  license: string;
  license_name: string;
  attribution: string;
  credit_line: string;
  source: string;
  attribution_required: boolean;
  share_alike: boolean;
}
interface Credits {
  content_types: { content_type: string; credits: Credit[] }[];
}

describe('content types', () => {
  it('maps every catalog entry to a known content type', () => {
    for (const entry of ALL_DATASETS()) expect(CONTENT_TYPES, entry.id).toContain(contentTypeOf(entry));
  });

  it('maps every folder of the corpus index', () => {
    const expected: Record<string, string> = {
      'bibles/kjv/KJV.zip': 'texts',
      'names/scrollmapper': 'book names',
      'original/hebrew/oshb-wlc': 'original texts',
      'original/greek/tagnt-tr-kjv': 'original texts',
      'original/lexicon/strongs-hebrew': 'lexicons',
      'original/morphology': 'lexicons',
      'original/parashot': 'curated lists',
      'original/unicode': 'original texts',
      'study/crossrefs/cross_references.txt': 'cross references',
      'study/commentary/gill': 'commentary',
      'study/dictionaries': 'dictionaries',
      'study/topical/naves/NavesTopicalDictionary.csv': 'topics',
      'curated/pericopes': 'curated lists',
      'curated/prophecies/prophecies-351.tsv': 'curated lists',
      'extrabiblical/bible_extrabiblical.sql': 'extra-biblical books',
      'versification/copenhagen-alliance': 'versification mappings',
    };
    for (const [path, type] of Object.entries(expected)) expect(contentTypeOf({ id: 'x', path }), path).toBe(type);
    expect(contentTypeOf({ id: 'x', path: 'elsewhere/file' })).toBe('other');
    for (const type of REQUIRED_TYPES) expect(CONTENT_TYPES).toContain(type);
  });
});

describe('GetLicensing', async () => {
  const licensing = (await b.GetLicensing()) as any;

  it('lists the seven categories with their meanings and resale restrictions', () => {
    expect(licensing.categories.map((c: any) => [c.category, c.meaning])).toEqual(Object.entries(LICENCE_CATEGORIES));
    expect(licensing.resale_restrictions.map((r: any) => r.category)).toEqual(Object.keys(LICENCE_CATEGORIES));
    const resale = Object.fromEntries(licensing.resale_restrictions.map((r: any) => [r.category, r.resale]));
    expect(resale).toMatchObject({
      public_domain: 'allowed',
      cc0: 'allowed',
      owned: 'allowed',
      cc_permissive: 'allowed with conditions',
      cc_restrictive: 'not allowed',
      copyrighted: 'not allowed',
      unknown: 'not allowed',
    });
  });

  it('describes each built dataset as the catalog does', () => {
    expect(licensing.datasets.length).toBeGreaterThanOrEqual(TRANSLATIONS.length);
    for (const d of licensing.datasets) {
      const entry = byId.get(d.id)!;
      expect(entry, d.id).toBeDefined();
      expect([d.title, d.license, d.license_name, d.content_type]).toEqual([
        entry.title,
        entry.category,
        entry.licence,
        contentTypeOf(entry),
      ]);
      expect(d.packs.length).toBeGreaterThan(0);
    }
    const counts = Object.fromEntries(licensing.categories.map((c: any) => [c.category, c.datasets]));
    for (const category of Object.keys(LICENCE_CATEGORIES))
      expect(counts[category]).toBe(licensing.datasets.filter((d: any) => d.license === category).length);
  });

  it('states the cache policy: open licences kept indefinitely, the rest for personal use', () => {
    const policy = licensing.cache_policy;
    expect(policy.offline).toBe(true);
    const closed = licensing.datasets
      .filter((d: any) => ['cc_restrictive', 'copyrighted', 'unknown'].includes(d.license))
      .map((d: any) => d.id);
    expect(policy.personal_use_only).toEqual(closed);
    expect(policy.keep_indefinitely).toBe(closed.length === 0);
    expect(policy.open_licences).toContain('CC BY-SA 4.0');
    expect(policy.summary).toMatch(/keep/);
  });
});

describe('GetBibles', () => {
  it('lists every built translation with its license category and details', async () => {
    const bibles = (await b.GetBibles()) as any[];
    expect(bibles.map((x) => x.versionCode)).toEqual(b.meta.versions.map((v) => v.versionId));
    expect(bibles.map((x) => x.version_id)).toEqual(
      (await b.GetVersions()).map((v: { version_id: string }) => v.version_id),
    );
    for (const x of bibles) {
      const entry = TRANSLATIONS.find((t) => t.versionId === x.versionCode)!;
      expect(x).toMatchObject({
        table: 'table' in entry ? entry.table : `t_${entry.versionId}`,
        version_id: String(entry.versionNumber),
        abbreviation: entry.abbreviation,
        version: entry.serviceName,
        versionFullName: entry.versionName,
        language: entry.language,
        license: entry.category,
      });
      expect(x.license_details).toMatchObject({
        name: entry.licence,
        text: entry.licenceText,
        attribution: entry.attribution,
        source: entry.source,
      });
    }
    expect(bibles.find((x) => x.versionCode === 'svd').license_details).toMatchObject({
      attribution_required: true,
      share_alike: true,
      resale: 'allowed with conditions',
    });
  });
});

describe('GetCredits', async () => {
  const credits = (await b.GetCredits()) as Credits;

  it('groups every content type, in order, even when a build has none of one', () => {
    expect(credits.content_types.map((t) => t.content_type).slice(0, CONTENT_TYPES.length)).toEqual([...CONTENT_TYPES]);
    expect(credits.content_types.find((t) => t.content_type === 'texts')!.credits.map((c) => c.id)).toEqual(
      expect.arrayContaining(['kjv', 'svd', 'web']),
    );
  });

  it('credits each built dataset once, as the catalog states it', async () => {
    const licensing = (await b.GetLicensing()) as any;
    const all = credits.content_types.flatMap((t) => t.credits.map((c) => ({ ...c, type: t.content_type })));
    expect(all.map((c) => c.id).sort()).toEqual(licensing.datasets.map((d: any) => d.id).sort());
    for (const c of all) {
      const entry = byId.get(c.id)!;
      expect([c.title, c.license, c.license_name, c.attribution, c.source, c.type]).toEqual([
        entry.title,
        entry.category,
        entry.licence,
        entry.attribution,
        entry.source,
        contentTypeOf(entry),
      ]);
      expect(c.credit_line.startsWith(entry.attribution.replace(/\.$/, ''))).toBe(true);
    }
  });

  it('names authors and licence in every CC BY / CC BY-SA / GPL / MIT credit', () => {
    const attributed = credits.content_types.flatMap((t) => t.credits).filter((c) => c.license === 'cc_permissive');
    expect(attributed.length).toBeGreaterThan(0);
    for (const c of attributed) {
      expect(c.attribution_required).toBe(true);
      const id = c.license_name.match(LICENCE_ID)?.[0];
      if (id) expect(c.credit_line.toUpperCase(), c.id).toContain(id.toUpperCase());
      else expect(c.credit_line, c.id).toContain(c.license_name);
    }
  });

  it('are the operations behind /api/v2/licensing, /api/v2/bibles and /api/v2/credits', () => {
    expect(API_V2_PATHS).toEqual({
      '/api/v2/licensing': 'GetLicensing',
      '/api/v2/bibles': 'GetBibles',
      '/api/v2/credits': 'GetCredits',
    });
    for (const name of Object.values(API_V2_PATHS)) expect(OPERATION_BY_NAME.has(name)).toBe(true);
  });
});

describe('GetInfo', () => {
  it('reports the engine version and the data build', async () => {
    const info = (await b.GetInfo()) as any;
    expect(info.engineVersion).toBe(ENGINE_VERSION);
    expect(ENGINE_VERSION).toBe(
      JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')).version,
    );
    expect(info.dataBuild.manifestHash).toMatch(/^[0-9a-f]{64}$/);
    expect(new Date(info.dataBuild.date).toISOString()).toBe(info.dataBuild.date);
    expect(info).toMatchObject({
      appName: expect.any(String),
      version: expect.any(String),
      authors: expect.any(String),
    });
  });
});

describe('build date', () => {
  const ctx = { source: (id: string) => sourcePath(corpusRoot(), id), excluded: () => false };
  it('comes from BIBLE_BUILD_DATE, SOURCE_DATE_EPOCH or the newest corpus file, never the clock', () => {
    expect(buildDate(ctx, { BIBLE_BUILD_DATE: '2025-01-31' })).toEqual({
      date: '2025-01-31T00:00:00.000Z',
      source: 'BIBLE_BUILD_DATE',
    });
    expect(buildDate(ctx, { SOURCE_DATE_EPOCH: '1700000000' })).toEqual({
      date: '2023-11-14T22:13:20.000Z',
      source: 'SOURCE_DATE_EPOCH',
    });
    expect(() => buildDate(ctx, { BIBLE_BUILD_DATE: 'yesterday' })).toThrow(/BIBLE_BUILD_DATE/);
    const fromCorpus = buildDate(ctx, {});
    expect(fromCorpus.source).toBe('newest corpus file');
    expect(buildDate(ctx, {})).toEqual(fromCorpus);
  });
});

describe('an --exclude-category build', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bible-exclude-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const manifest = () =>
    JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
      packs: { name: string; builder: string; sha256: string; datasets: string[] }[];
    };
  const bytes = (name: string) => readFileSync(join(dir, `${name}.pack`));

  it('sets up a data folder with the meta pack and one translation', () => {
    const source = JSON.parse(readFileSync(join(DEFAULT_DATA_DIR, 'manifest.json'), 'utf8')) as {
      packs: { name: string; file: string }[];
    };
    const keep = source.packs.filter((p) => p.name === 'meta' || p.name === 'text-kjv');
    for (const p of keep) copyFileSync(join(DEFAULT_DATA_DIR, p.file), join(dir, p.file));
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ formatVersion: 1, inputs: 'partial', packs: keep }));
    expect(keep).toHaveLength(2);
  });

  it('builds byte-identical packs twice in a row, the unknown-licence extra-biblical books included', async () => {
    await build({ outDir: dir, only: ['extrabiblical'], log: () => {} });
    const first = [bytes('extrabiblical'), bytes('licensing')];
    await build({ outDir: dir, only: ['extrabiblical'], log: () => {} });
    expect(bytes('extrabiblical').equals(first[0])).toBe(true);
    expect(bytes('licensing').equals(first[1])).toBe(true);
    const local = await openNode({ dataDir: dir });
    expect(await local.GetChapterCountExtraBiblical({ bookId: '1' })).toEqual({ chapterCount: 107 });
    const credits = (await local.GetCredits()) as unknown as Credits;
    expect(
      credits.content_types.find((t) => t.content_type === 'extra-biblical books')!.credits.map((c) => c.id),
    ).toEqual(['extrabiblical']);
  });

  it('leaves the excluded datasets out: their operations answer NOT_AVAILABLE, the licensing answers say so', async () => {
    await build({ outDir: dir, only: ['extrabiblical'], excludeCategories: ['unknown'], log: () => {} });
    expect(existsSync(join(dir, 'extrabiblical.pack'))).toBe(false);
    expect(
      manifest()
        .packs.map((p) => p.name)
        .sort(),
    ).toEqual(['licensing', 'meta', 'text-kjv']);

    const local = await openNode({ dataDir: dir });
    for (const [name, params] of [
      ['GetChapterExtraBiblical', { bookId: '1', chapterId: '1' }],
      ['GetBooksExtraBiblical', {}],
    ] as const) {
      const error = await local.call(name as string, params).then(
        () => null,
        (e: unknown) => e as BibleError,
      );
      expect(error).toBeInstanceOf(BibleError);
      expect(error!.code).toBe('NOT_AVAILABLE');
      expect(error!.message).toMatch(/pack 'extrabiblical'/);
    }
    expect(await local.GetVerse({ verseId: '43003016' })).toMatchObject([{ id: '43003016' }]);

    const licensing = (await local.GetLicensing()) as any;
    expect(licensing.excluded.categories).toEqual(['unknown']);
    expect(licensing.excluded.datasets.map((d: any) => d.id)).toEqual(
      CATALOG.filter((e) => e.category === 'unknown').map((e) => e.id),
    );
    expect(licensing.datasets.some((d: any) => d.license === 'unknown' || d.id === 'extrabiblical')).toBe(false);
    expect(licensing.cache_policy.keep_indefinitely).toBe(true);
    expect(licensing.cache_policy.personal_use_only).toEqual([]);
    const credits = (await local.GetCredits()) as unknown as Credits;
    expect(credits.content_types.find((t) => t.content_type === 'extra-biblical books')!.credits).toEqual([]);
    expect(((await local.GetBibles()) as any[]).map((x) => x.versionCode)).toEqual(['kjv']);

    const info = (await local.GetInfo()) as any;
    expect(info.dataBuild.excludedCategories).toEqual(['unknown']);
    expect(info.dataBuild.manifestHash).toBe(manifestHash(manifest().packs.filter((p) => p.builder !== 'licensing')));
    expect(info.dataBuild.packCount).toBe(2);
  });

  it('refuses an unknown category', async () => {
    await expect(
      build({ outDir: dir, only: ['extrabiblical'], excludeCategories: ['cheap'], log: () => {} }),
    ).rejects.toThrow(/unknown licence category cheap/);
  });
});
