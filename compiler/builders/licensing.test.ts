// The licensing builder and its helpers: content types, build date sources, the manifest hash, the pack it writes.
import { utimesSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ALL_DATASETS, LICENCE_CATEGORIES, type LicenceCategory } from '../../sources/catalog.ts';
import { fixtureContext, removeFixtures } from '../../test/compiler/fixture-context.ts';
import type { BuiltPackRecord } from './context.ts';
import {
  CATEGORY_POLICY,
  CONTENT_TYPES,
  buildDate,
  contentTypeOf,
  licensingBuilder,
  manifestHash,
} from './licensing.ts';

afterAll(removeFixtures);
afterEach(() => vi.unstubAllEnvs());

// The content type of every dataset, as the credits group them.
const CONTENT_TYPE_OF: Record<string, string> = {
  asv: 'texts',
  bbe: 'texts',
  dby: 'texts',
  kjv: 'texts',
  kjv1611: 'texts',
  wbt: 'texts',
  web: 'texts',
  ylt: 'texts',
  rv1909: 'texts',
  svd: 'texts',
  'names-scrollmapper': 'book names',
  'names-openbibleinfo': 'book names',
  'names-web': 'book names',
  extrabiblical: 'extra-biblical books',
  'oshb-wlc': 'original texts',
  'tagnt-tr-kjv': 'original texts',
  'unicode-greek-hebrew': 'original texts',
  'strongs-hebrew': 'lexicons',
  'strongs-greek': 'lexicons',
  'step-tehmc': 'lexicons',
  'step-tegmc': 'lexicons',
  wordnet: 'lexicons',
  'hebcal-parashot': 'curated lists',
  'bsb-headings': 'curated lists',
  'web-words-of-jesus': 'curated lists',
  parables: 'curated lists',
  'prophecies-351': 'curated lists',
  'theographic-books': 'curated lists',
  'theographic-genres': 'curated lists',
  'reading-speed': 'curated lists',
  'versification-copenhagen': 'versification mappings',
  'openbible-crossrefs': 'cross references',
  gill: 'commentary',
  'smiths-dictionary': 'dictionaries',
  'eastons-dictionary': 'dictionaries',
  'naves-csv': 'topics',
  'naves-text': 'topics',
};

const record = (builder: string, name: string, sha256: string, datasets: string[]): BuiltPackRecord => ({
  builder,
  name,
  file: `${name}.pack`,
  bytes: 100,
  sha256,
  datasets,
  licences: [],
});

describe('contentTypeOf', () => {
  it('gives every catalog dataset its content type', () => {
    expect(Object.fromEntries(ALL_DATASETS().map((e) => [e.id, contentTypeOf(e)]))).toEqual(CONTENT_TYPE_OF);
  });

  it('matches whole leading folders, ignores a leading ./ and falls back to other', () => {
    expect(contentTypeOf({ id: 'x', path: './study/topical/x.csv' })).toBe('topics');
    expect(contentTypeOf({ id: 'x', path: 'curated' })).toBe('curated lists');
    expect(contentTypeOf({ id: 'x', path: 'curatedx/list.tsv' })).toBe('other');
    // The id rule comes first: a name list inside a Bible's folder is still book names.
    expect(contentTypeOf({ id: 'names-x', path: 'bibles/x/names.xml' })).toBe('book names');
  });
});

describe('manifestHash', () => {
  it('hashes name and SHA-256 of each pack in name order, whatever order they come in', () => {
    // sha256 of "meta\0bb\ntext-kjv\0aa\n"
    const hash = '12cb6ca6bc1ea9a21eba5136b77fc4fbba5f2e5a8ede5ab65a6db731173c7876';
    expect(
      manifestHash([
        { name: 'text-kjv', sha256: 'aa' },
        { name: 'meta', sha256: 'bb' },
      ]),
    ).toBe(hash);
    expect(
      manifestHash([
        { name: 'meta', sha256: 'bb' },
        { name: 'text-kjv', sha256: 'aa' },
      ]),
    ).toBe(hash);
    expect(manifestHash([])).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});

describe('buildDate', () => {
  it('takes BIBLE_BUILD_DATE first, then SOURCE_DATE_EPOCH', () => {
    const { ctx } = fixtureContext();
    expect(buildDate(ctx, { BIBLE_BUILD_DATE: '2025-01-31', SOURCE_DATE_EPOCH: '1700000000' })).toEqual({
      date: '2025-01-31T00:00:00.000Z',
      source: 'BIBLE_BUILD_DATE',
    });
    expect(buildDate(ctx, { SOURCE_DATE_EPOCH: '1700000000' })).toEqual({
      date: '2023-11-14T22:13:20.000Z',
      source: 'SOURCE_DATE_EPOCH',
    });
  });

  it('refuses a date or epoch it cannot read', () => {
    const { ctx } = fixtureContext();
    expect(() => buildDate(ctx, { BIBLE_BUILD_DATE: 'soon' })).toThrow(
      'BIBLE_BUILD_DATE must be an ISO date such as 2025-01-31, got "soon"',
    );
    expect(() => buildDate(ctx, { SOURCE_DATE_EPOCH: '1.5' })).toThrow(
      'SOURCE_DATE_EPOCH must be whole seconds since 1970, got "1.5"',
    );
    expect(() => buildDate(ctx, { SOURCE_DATE_EPOCH: '-1' })).toThrow('got "-1"');
  });

  it('else takes the newest whole second of the files read, skipping excluded datasets, not the versification', () => {
    const { ctx } = fixtureContext({
      files: { 'gill/genesis.json': '{}', 'kjv1611/01-GEN.usfm': '\\id GEN', extrabiblical: '' },
      excluded: ['extrabiblical', 'kjv1611'],
    });
    const touch = (path: string, iso: string) => utimesSync(path, new Date(iso), new Date(iso));
    touch(ctx.source('gill', 'genesis.json'), '2020-01-01T00:00:00.000Z');
    touch(ctx.source('kjv1611', '01-GEN.usfm'), '2021-06-01T12:00:00.750Z');
    touch(ctx.source('extrabiblical'), '2024-01-01T00:00:00.000Z');
    expect(buildDate(ctx, {})).toEqual({ date: '2021-06-01T12:00:00.000Z', source: 'newest corpus file' });
  });

  it('is the epoch when no corpus file exists', () => {
    expect(buildDate(fixtureContext().ctx, {})).toEqual({
      date: '1970-01-01T00:00:00.000Z',
      source: 'newest corpus file',
    });
  });
});

describe('licensingBuilder', () => {
  it('runs last and describes the packs built before it, not itself', () => {
    vi.stubEnv('BIBLE_BUILD_DATE', '2025-01-31');
    const { ctx, logs } = fixtureContext({
      builtPacks: [
        record('text', 'text-kjv', 'aa', ['kjv']),
        record('meta', 'meta', 'bb', ['names-scrollmapper', 'kjv']),
        record('licensing', 'licensing', 'cc', []),
      ],
      excluded: ['extrabiblical', 'prophecies-351'],
      excludedCategories: ['unknown'],
    });
    expect(licensingBuilder.runsLast).toBe(true);
    const packs = licensingBuilder.build(ctx);
    expect(packs.map((p) => [p.name, p.datasets])).toEqual([['licensing', []]]);
    const packsOf: Record<string, string[]> = { kjv: ['meta', 'text-kjv'], 'names-scrollmapper': ['meta'] };
    expect(packs[0].sections).toEqual({
      build: {
        kind: 'json',
        data: {
          date: '2025-01-31T00:00:00.000Z',
          dateSource: 'BIBLE_BUILD_DATE',
          manifestHash: '12cb6ca6bc1ea9a21eba5136b77fc4fbba5f2e5a8ede5ab65a6db731173c7876',
          excludedCategories: ['unknown'],
          packCount: 2,
        },
      },
      categories: {
        kind: 'json',
        data: (
          [
            'public_domain',
            'cc0',
            'cc_permissive',
            'owned',
            'cc_restrictive',
            'copyrighted',
            'unknown',
          ] as LicenceCategory[]
        ).map((id) => ({ id, meaning: LICENCE_CATEGORIES[id], ...CATEGORY_POLICY[id] })),
      },
      contentTypes: { kind: 'json', data: CONTENT_TYPES },
      catalog: {
        kind: 'json',
        data: ALL_DATASETS().map((entry) => ({
          ...entry,
          contentType: CONTENT_TYPE_OF[entry.id],
          excluded: entry.id === 'extrabiblical' || entry.id === 'prophecies-351',
          packs: packsOf[entry.id] ?? [],
        })),
      },
      packs: {
        kind: 'json',
        data: [
          { name: 'meta', builder: 'meta', datasets: ['names-scrollmapper', 'kjv'] },
          { name: 'text-kjv', builder: 'text', datasets: ['kjv'] },
        ],
      },
    });
    expect(logs).toEqual([]);
  });
});
