// The search packs: one per translation, an exact word index keyed by verse position.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writePack } from '../../compiler/pack/writer.ts';
import { readPack } from '../../engine/core/pack/reader.ts';
import type { SearchPackInfo } from '../../engine/core/pack/schemas.ts';
import {
  decodePostings,
  encodePostings,
  frontCodeKeys,
  frontDecodeKeys,
  SEARCH_FORMAT,
} from '../../engine/core/search/postings.ts';
import { loadSearchIndex } from '../../engine/core/search/searcher.ts';
import { loadTranslation } from '../../engine/core/translation.ts';
import { DEFAULT_DATA_DIR, nativeInflate, openNode } from '../../engine/node/loader.ts';
import { bible } from '../helpers.ts';

const readLocal = (name: string) =>
  readPack(name, new Uint8Array(readFileSync(join(DEFAULT_DATA_DIR, `${name}.pack`))), nativeInflate);

describe('search packs', async () => {
  const b = await bible();

  it('exist for every translation, built by the search builder from that translation alone', () => {
    const manifest = JSON.parse(readFileSync(join(DEFAULT_DATA_DIR, 'manifest.json'), 'utf8')) as {
      packs: { name: string; builder: string; datasets: string[] }[];
    };
    for (const version of b.meta.versions) {
      const entry = manifest.packs.find((p) => p.name === `search-${version.versionId}`);
      expect(entry, version.versionId).toBeDefined();
      expect(entry!.builder).toBe('search');
      expect(entry!.datasets).toEqual([version.licence.datasets[0]]);
      const info = readLocal(`search-${version.versionId}`).json<SearchPackInfo>('info');
      expect(info.format).toBe(SEARCH_FORMAT);
      expect(info.versionId).toBe(version.versionId);
      expect(info.size).toBe(version.verseCount);
    }
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

  it('are refused, clearly, when they do not fit the engine or the text pack', () => {
    const text = loadTranslation(readLocal('text-kjv'), b.meta.versification);
    const good = readLocal('search-kjv');
    const info = good.json<SearchPackInfo>('info');
    const forge = (changes: Partial<SearchPackInfo>) =>
      readPack(
        'search-kjv',
        writePack({
          info: { kind: 'json', data: { ...info, ...changes } },
          terms: { kind: 'utf8', data: good.text('terms') },
          ids: { kind: 'bytes', data: good.bytes('ids') },
        }),
      );
    expect(() => loadSearchIndex(forge({ format: 'flexsearch-0.7' }), text)).toThrow(/rebuild/);
    expect(() => loadSearchIndex(forge({ size: info.size - 1 }), text)).toThrow(/31101 verses/);
    expect(loadSearchIndex(forge({}), text).postings.terms.length).toBe(info.terms);
  });

  it('load on the first search in a translation, not before', async () => {
    const loaded: string[] = [];
    const engine = await openNode({
      loader: async (name) => {
        loaded.push(name);
        return new Uint8Array(readFileSync(join(DEFAULT_DATA_DIR, `${name}.pack`)));
      },
    });
    await engine.GetVerse({ verseId: '43003016' });
    await engine.GetRandomVerse({ limitToQuery: 'love', seed: 1 });
    expect(loaded.filter((n) => n.startsWith('search-'))).toEqual([]);
    await engine.GetSearchCount({ query: 'love', versionId: 'rv1909' });
    expect(loaded.filter((n) => n.startsWith('search-'))).toEqual(['search-rv1909']);
    expect(() => engine.callSync('GetSearch', { query: 'love' })).toThrow(/search-kjv/);
  });
});
