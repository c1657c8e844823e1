// List answers as rows built on demand (bible.rows, engine/core/rows.ts): encoded a piece at a time they
// are byte for byte what call() answers, for any search and page, in the engine and over HTTP.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRows } from '../../engine/core/rows.ts';
import { estimateRowsChars, rowPieces } from '../../engine/node/http/json-pieces.ts';
import type { BibleServer } from '../../engine/node/server.ts';
import { bible } from '../helpers.ts';
import { get, startServer } from './http.ts';

const VERSIONS = ['kjv', 'web', 'rv1909'];
// Words and fragments from rare to very common, so pages fall inside, across and past the matches.
const QUERIES = ['th', 'love', 'lord', 'jesus wept', 'amor', 'grace', 'xq', 'and the', 'dios', 'in the beginning'];

const searchCall = fc.oneof(
  fc.record({
    name: fc.constant('GetSearch'),
    params: fc.record(
      {
        query: fc.constantFrom(...QUERIES),
        versionId: fc.constantFrom(...VERSIONS),
        offset: fc.integer({ min: 0, max: 40_000 }).map(String),
        limit: fc.integer({ min: 1, max: 2_000 }).map(String),
        highlight: fc.constantFrom('true', 'false'),
      },
      { requiredKeys: ['query'] },
    ),
  }),
  fc.record({
    name: fc.constant('GetSearchAdvanced'),
    params: fc.record(
      {
        query: fc.constantFrom(...QUERIES),
        versionId: fc.constantFrom(...VERSIONS),
        matchType: fc.constantFrom('exact', 'broad'),
        excludeString: fc.constantFrom('the', 'and', 'x'),
        limitToBookId: fc.constantFrom('ot', 'nt', '1', '19', '43'),
        offset: fc.integer({ min: 0, max: 40_000 }).map(String),
        limit: fc.integer({ min: 1, max: 2_000 }).map(String),
        highlight: fc.constantFrom('true', 'false'),
      },
      { requiredKeys: ['query'] },
    ),
  }),
);

describe('rows built on demand', () => {
  it('encode to exactly the JSON of the answer call() gives, for any search, page and piece size', async () => {
    const b = await bible();
    await b.load(VERSIONS.map((v) => `text-${v}`));
    await fc.assert(
      fc.asyncProperty(searchCall, fc.integer({ min: 1, max: 70_000 }), async ({ name, params }, pieceChars) => {
        const whole = JSON.stringify(await b.call(name, params));
        const rows = await b.rows(name, params);
        expect(rows).toBeDefined();
        expect([...rowPieces(rows!, pieceChars)].join('')).toBe(whole);
        expect(JSON.stringify(allRows(rows!))).toBe(whole);
      }),
      { numRuns: 60 },
    );
  });

  it('estimate the size of a long answer closely without encoding it', async () => {
    const b = await bible();
    const params = { query: 'th', matchType: 'broad', versionId: 'kjv' };
    const whole = JSON.stringify(await b.call('GetSearchAdvanced', params)).length;
    const estimate = estimateRowsChars((await b.rows('GetSearchAdvanced', params))!);
    expect(estimate / whole).toBeGreaterThan(0.8);
    expect(estimate / whole).toBeLessThan(1.25);
  });

  it('are the built array for list answers without a row form, and undefined for answers that are not lists', async () => {
    const b = await bible();
    const chapter = await b.rows('GetChapter', { bookId: '43', chapterId: '3' });
    expect(allRows(chapter!)).toEqual(await b.call('GetChapter', { bookId: '43', chapterId: '3' }));
    expect(await b.rows('GetSearchCount' as string, { query: 'love' })).toBeUndefined();
  });

  it('refuse bad parameters as call() does', async () => {
    const b = await bible();
    await expect(b.rows('GetSearch', { query: 'love', limit: '0' })).rejects.toMatchObject({
      code: 'INVALID_PARAMETER',
      param: 'limit',
    });
    await expect(b.rows('GetSerch' as string, {})).rejects.toMatchObject({ code: 'UNKNOWN_OPERATION' });
  });
});

describe('over HTTP', () => {
  let srv: BibleServer;
  beforeAll(async () => {
    srv = await startServer({ webDir: null });
  });
  afterAll(() => srv?.close(100));

  it('a search answers the bytes call() encodes, streamed or not, gzipped or not', async () => {
    const b = await bible();
    await fc.assert(
      fc.asyncProperty(searchCall, fc.boolean(), async ({ name, params }, gzip) => {
        const query = new URLSearchParams(params as Record<string, string>).toString();
        const answer = await get(srv.url, `/${name}?${query}`, gzip ? { 'accept-encoding': 'gzip' } : {});
        expect(answer.status).toBe(200);
        expect(answer.text).toBe(JSON.stringify(await b.call(name, params)));
      }),
      { numRuns: 25 },
    );
  });
});
