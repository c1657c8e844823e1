// Load: 20,000 requests at 64 concurrent keep-alive connections over loopback, a mix of verse, chapter,
// citation, count and bad requests across translations, with zero transport errors and every answer
// checked against call(). Throughput and p99 are reported by the hosts benchmark, not asserted here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BibleError } from '../../engine/core/errors.ts';
import { formatVerseId } from '../../engine/core/ids.ts';
import type { BibleServer } from '../../engine/node/server.ts';
import { bible } from '../helpers.ts';
import { startServer } from './http.ts';
import { runLoad } from './load.ts';

const TOTAL = 20_000;
const CONCURRENCY = 64;

let srv: BibleServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv?.close(100));

describe('load', () => {
  it(`answers ${TOTAL} requests at ${CONCURRENCY} connections, every one correctly`, { timeout: 120_000 }, async () => {
    const b = await bible();
    const versions = b.meta.versions.map((v) => v.versionId);
    await b.load(versions.map((v) => `text-${v}`));
    const verseCount = b.meta.versification.verseCount;
    const citations = ['John 3:16', 'Gen 1:1-3', 'Ps 23', 'Rom 8:28, 38-39', 'Rev 22:21', '1 Cor 13:4-7'];
    const pathFor = (i: number): string => {
      const version = versions[i % versions.length];
      const id = b.meta.versification.idOf((i * 7919) % verseCount);
      switch (i % 6) {
        case 0:
        case 1:
          return `/GetVerse?verseId=${formatVerseId(Math.floor(id / 1e6), Math.floor(id / 1e3) % 1e3, id % 1e3)}&versionId=${version}`;
        case 2:
          return `/GetChapter?bookId=${Math.floor(id / 1e6)}&chapterId=${Math.floor(id / 1e3) % 1e3}&versionId=${version}`;
        case 3:
          return `/GetParseCitation?citation=${encodeURIComponent(citations[i % citations.length])}`;
        case 4:
          return `/GetVerseCount?bookId=${Math.floor(id / 1e6)}&chapterId=${Math.floor(id / 1e3) % 1e3}&versionId=${version}`;
        default:
          return `/GetVerse?verseId=${i % 2 ? '99999999' : 'x'}&versionId=${version}`;
      }
    };
    // Expected bodies come from call() (cached per path: many requests repeat one).
    const expected = new Map<string, { status: number; body: string }>();
    const paths = Array.from({ length: TOTAL }, (_, i) => pathFor(i));
    for (const path of paths) {
      if (expected.has(path)) continue;
      const url = new URL(path, 'http://x');
      const name = url.pathname.slice(1);
      try {
        expected.set(path, {
          status: 200,
          body: JSON.stringify(await b.call(name, Object.fromEntries(url.searchParams))),
        });
      } catch (error) {
        expected.set(path, { status: 400, body: JSON.stringify((error as BibleError).toJSON()) });
      }
    }
    const result = await runLoad(
      srv.url,
      TOTAL,
      CONCURRENCY,
      (i) => ({ path: paths[i], headers: i % 3 === 0 ? { 'accept-encoding': 'gzip' } : undefined }),
      (i, status, body) => {
        const want = expected.get(paths[i])!;
        if (status !== want.status) return `status ${status}, expected ${want.status}`;
        return body === want.body ? '' : `body ${body.slice(0, 80)} differs`;
      },
    );
    expect(result.errors).toEqual([]);
    expect(result.wrong).toEqual([]);
    expect(result.requests).toBe(TOTAL);
    console.log(
      `load: ${TOTAL} requests at ${CONCURRENCY} connections in ${result.seconds.toFixed(1)} s (${result.perSecond.toFixed(0)}/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms)`,
    );
  });
});
