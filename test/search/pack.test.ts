// Search needs no pack of its own: the build makes no search-<versionId> pack, a translation's exact word
// index is made from its text pack on the first search in it, and an app that ships only the text
// pack searches it. Also the posting-list coding the extra-biblical pack still stores its index in.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { open } from '../../engine/core/index.ts';
import { EXTRABIBLICAL_PACK, type PostingsInfo } from '../../engine/core/pack/schemas.ts';
import { decodePostings, encodePostings, frontCodeKeys, frontDecodeKeys } from '../../engine/core/search/postings.ts';
import {
  findVerses,
  NormalizedVerses,
  readSearchIndex,
  type SearchRequest,
} from '../../engine/core/search/searcher.ts';
import { loadTranslation } from '../../engine/core/translation.ts';
import { DEFAULT_DATA_DIR, openNode } from '../../engine/node/loader.ts';
import { bible, readLocalPack } from '../helpers.ts';

const packBytes = (name: string) => new Uint8Array(readFileSync(join(DEFAULT_DATA_DIR, `${name}.pack`)));

describe('search without search packs', async () => {
  const b = await bible();

  it('the build makes none: translations have text packs only, and dist/data holds no search pack', () => {
    const manifest = JSON.parse(readFileSync(join(DEFAULT_DATA_DIR, 'manifest.json'), 'utf8')) as {
      packs: { name: string; builder: string; datasets: string[] }[];
      builders: Record<string, unknown>;
    };
    expect(manifest.packs.filter((p) => p.name.startsWith('search-') || p.builder === 'search')).toEqual([]);
    expect(Object.keys(manifest.builders)).not.toContain('search');
    expect(readdirSync(DEFAULT_DATA_DIR).filter((f) => f.startsWith('search-'))).toEqual([]);
    for (const version of b.meta.versions)
      expect(manifest.packs.map((p) => p.name)).toContain(`text-${version.versionId}`);
  });

  it('encode and decode posting lists losslessly', () => {
    const lists = fc
      .uniqueArray(
        fc.tuple(
          fc.string({ minLength: 1, maxLength: 8 }).filter((s) => !/[\n ]/.test(s)),
          fc.uniqueArray(fc.integer({ min: 0, max: 3_000_000 }), { minLength: 1, maxLength: 40 }),
        ),
        { selector: (e) => e[0], maxLength: 30 },
      )
      .map((list) => new Map(list.map(([key, rows]) => [key, rows.sort((x, y) => x - y)])));
    fc.assert(
      fc.property(lists, (map) => {
        const { terms, ids, postings } = encodePostings(map);
        const index = decodePostings(terms, ids, postings, 3_000_001);
        expect(index.terms).toEqual([...map.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
        for (const [key, rows] of map) expect(Array.from(index.list(index.find(key)))).toEqual(rows);
        expect(postings).toBe([...map.values()].reduce((n, rows) => n + rows.length, 0));
      }),
    );
    const { terms, ids, postings } = encodePostings(
      new Map([
        ['love', [1, 5, 300]],
        ['god', [0]],
      ]),
    );
    expect(() => decodePostings(terms, ids.subarray(0, ids.length - 1), postings, 301)).toThrow(/truncated|match/);
    expect(() => decodePostings(terms, ids, postings, 300)).toThrow(/row 300 of 300/);
    expect(() => encodePostings(new Map([['a b', [1]]]))).toThrow();
    expect(() => encodePostings(new Map([['a', [3, 2]]]))).toThrow();
    expect(() => frontDecodeKeys(['0ab', '3c'])).toThrow(/key 1 shares more/);
  });

  it('front-code any sorted keys to lines that survive UTF-8 and decode to the keys', () => {
    const sortedKeys = fc
      .uniqueArray(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }), { maxLength: 40 })
      .map((keys) => keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    fc.assert(
      fc.property(sortedKeys, (keys) => {
        const lines = frontCodeKeys(keys);
        const throughUtf8 = new TextDecoder().decode(new TextEncoder().encode(lines.join('\n')));
        expect(throughUtf8).toBe(lines.join('\n'));
        expect(frontDecodeKeys(lines)).toEqual(keys);
      }),
    );
  });

  it('an index a pack stores is refused, clearly, when it does not fit the engine or its rows', () => {
    const pack = readLocalPack(EXTRABIBLICAL_PACK.name);
    const info = pack.json<PostingsInfo>('searchInfo');
    const read = (changes: Partial<PostingsInfo>) =>
      readSearchIndex(
        pack.name,
        { ...info, ...changes },
        () => pack.text('searchTerms'),
        () => pack.bytes('searchIds'),
        { size: info.size, unit: 'rows', of: 'its text' },
      );
    expect(() => read({ format: 'flexsearch-0.7' })).toThrow(
      /pack 'extrabiblical' cannot be used.*flexsearch.*rebuild/,
    );
    expect(() => read({ size: info.size - 1 })).toThrow(
      new RegExp(`indexes ${info.size - 1} rows, its text has ${info.size}`),
    );
    expect(read({}).postings.terms.length).toBe(info.terms);
  });

  it('findVerses forced onto the index path without an index says so, naming no pack', () => {
    const text = loadTranslation(readLocalPack('text-kjv'), b.meta.versification);
    const request: SearchRequest = { query: 'love', matchType: 'exact', range: [0, text.size], strategy: 'index' };
    expect(() => findVerses(new NormalizedVerses(text), null, request)).toThrow(
      /^the index strategy needs a word index, and none was given$/,
    );
  });

  it('an app that ships only meta and one text pack searches it, and reads no other pack', async () => {
    const shipped = ['meta', 'text-kjv'];
    const asked: string[] = [];
    const loader = Object.assign(
      async (name: string) => {
        asked.push(name);
        if (!shipped.includes(name)) throw new Error(`${name} was not shipped`);
        return packBytes(name);
      },
      { listPacks: async () => shipped },
    );
    const app = await open({ loader });
    const calls: [string, Record<string, string>][] = [
      ['GetSearch', { query: 'everlasting life', versionId: 'kjv' }],
      ['GetSearchAdvanced', { query: 'ingdom of hea', matchType: 'broad', limitToBookId: 'nt' }],
      ['GetSearchAdvanced', { query: 'love', excludeString: 'God', highlight: 'true' }],
      ['GetSearchCount', { query: 'the' }],
      ['GetRandomVerse', { limitToQuery: 'love', seed: '5' }],
    ];
    for (const [name, params] of calls) {
      const answer = await app.call(name as never, params as never);
      expect(answer, name).toEqual(await b.call(name, params));
    }
    expect((await app.GetSearchCount({ query: 'love' })).searchCount).toBeGreaterThan(200);
    expect([...new Set(asked)].sort()).toEqual(shipped);
  });

  it("makes a translation's index on its first search, and callSync searches once its text is loaded", async () => {
    const loaded: string[] = [];
    const engine = await openNode({
      loader: async (name) => {
        loaded.push(name);
        return packBytes(name);
      },
    });
    await engine.GetVerse({ verseId: '43003016' });
    expect(engine.callSync('GetSearch', { query: 'love' })).toEqual(await b.call('GetSearch', { query: 'love' }));
    const before = loaded.length;
    expect(await engine.GetSearchCount({ query: 'love', versionId: 'rv1909' })).toEqual(
      await b.call('GetSearchCount', { query: 'love', versionId: 'rv1909' }),
    );
    expect(loaded.slice(before)).toEqual(['text-rv1909']);
    expect(loaded.filter((n) => n.startsWith('search-'))).toEqual([]);
  });
});
