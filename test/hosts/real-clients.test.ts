// Calls as clients of the hosted service make them, read as their own code reads the answers: Python's
// requests with parameters in the URL and in params= (every one sent twice), a Discord bot's
// answer.toString(), Swift Codable's strict typing, the operator's plugin's sections=all, and the calls
// the official FAQ and apps make that the specification's tables do not list.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BibleServer } from '../../engine/node/server.ts';
import { openNode } from '../../engine/node/loader.ts';
import { bible } from '../helpers.ts';
import { get, startServer } from './http.ts';

const BIN = resolve(import.meta.dirname, '..', '..', 'bin', 'bible.js');
const cli = (args: string[], input?: string) =>
  spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', input });

let server: BibleServer;
let base: string;
beforeAll(async () => {
  server = await startServer({
    bible: await openNode({ audio: 'https://audio.example/{versionId}/{bookId}/{chapterId}.mp3' }),
  });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server?.close());

/** Python requests.get(url_with_query, params=same): the query string twice over. */
const pythonTwice = (query: Record<string, string>) => {
  const q = new URLSearchParams(query).toString();
  return `${q}&${q}`;
};

describe('GetVersions as the hosted service numbers it', () => {
  const LIVE = [
    ['ASV', '1', 't_asv', 'American Standard - 1901'],
    ['BBE', '2', 't_bbe', 'Bible in Basic English'],
    ['DBY', '3', 't_dby', 'Darby English Bible'],
    ['KJV', '4', 't_kjv', 'King James Version'],
    ['KJV1611', '10', 't_kjv1611', 'King James Version - 1611'],
    ['RV1909', '8', 't_srv', 'Reina-Valera - 1909'],
    ['SVD', '9', 't_svd', 'Smith-Van Dyke'],
    ['WBT', '5', 't_wbt', 'Webster Bible'],
    ['WEB', '6', 't_web', 'World English Bible'],
    ['YLT', '7', 't_ylt', 'Young Literal Translation'],
  ];

  it('has the live ids, tables, order and names, with our fuller names beside them', async () => {
    const answer = (await get(base, '/GetVersions')).json();
    expect(answer.map((v: any) => [v.abbreviation, v.version_id, v.table, v.version])).toEqual(LIVE);
    for (const v of answer) {
      expect(typeof v.version_id).toBe('string');
      expect(typeof v.versionFullName).toBe('string');
      expect(v.versionFullName.length).toBeGreaterThan(0);
    }
    expect(answer.find((v: any) => v.abbreviation === 'KJV').versionFullName).toBe('King James Version (1769)');
  });

  it('/api/v2/bibles and GetParallelVerses follow: record order, t_srv, the live names', async () => {
    const bibles = (await get(base, '/api/v2/bibles')).json();
    const list = Array.isArray(bibles) ? bibles : (bibles.bibles ?? bibles.data);
    expect(list.map((v: any) => [v.abbreviation, v.version_id, v.table, v.version])).toEqual(LIVE);
    const parallel = (await get(base, '/GetParallelVerses?verseId=43003016')).json();
    expect(parallel.map((r: any) => r[0].versionAbbreviation)).toEqual(LIVE.map((l) => l[0]));
    const rv = parallel.find((r: any) => r[0].versionAbbreviation === 'RV1909')[0];
    expect([rv.versionId, rv.versionName]).toEqual(['t_srv', 'Reina-Valera - 1909']);
  });

  it('srv, t_srv and t_rv1909 all read as RV1909, in any case, over HTTP, in the engine and in the CLI', async () => {
    const b = await bible();
    const expected = await b.call('GetVerse', { verseId: '43003016', versionId: 'rv1909' });
    for (const versionId of ['srv', 't_srv', 'T_SRV', 'Srv', 't_rv1909', 'RV1909']) {
      expect(await b.call('GetVerse', { verseId: '43003016', versionId })).toEqual(expected);
      expect((await get(base, `/GetVerse?verseId=43003016&versionId=${versionId}`)).json()).toEqual(expected);
    }
    const run = cli(['GetVerse', 'verseId=43003016', 'versionId=t_srv']);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(expected);
    // The table of another translation is not an alias for RV1909.
    expect((await get(base, '/GetVerse?verseId=43003016&versionId=t_spa')).status).toBe(400);
  });
});

describe('a repeated parameter takes its last value over HTTP, as on the hosted service (PHP)', () => {
  it('Python requests with the query in the URL and in params=: every parameter twice, answered', async () => {
    const once = await get(base, '/GetVerse?verseId=43003016&versionId=web');
    const twice = await get(base, `/GetVerse?${pythonTwice({ verseId: '43003016', versionId: 'web' })}`);
    expect(twice.status).toBe(200);
    expect(twice.json()).toEqual(once.json());
    expect(twice.headers['x-repeated-parameters']).toBe('verseId, versionId');
    expect(once.headers['x-repeated-parameters']).toBeUndefined();
    expect(String(twice.headers['access-control-expose-headers'])).toContain('X-Repeated-Parameters');
  });

  it('the last value wins, for any pair of values', async () => {
    const b = await bible();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('kjv', 'web', 'asv', 'srv'),
        fc.constantFrom('kjv', 'web', 'asv', 'srv'),
        async (first, last) => {
          const answer = await get(base, `/GetVerse?verseId=43003016&versionId=${first}&versionId=${last}`);
          expect(answer.json()).toEqual(await b.call('GetVerse', { verseId: '43003016', versionId: last }));
        },
      ),
      { numRuns: 12 },
    );
  });

  it('a POST form body takes the last value too, and names it', async () => {
    const answer = await new Promise<{ status: number; headers: any; text: string }>((done, fail) => {
      const body = 'text=Romans+8%3A28&text=John+3%3A16';
      import('node:http').then(({ request }) => {
        const req = request(
          `${base}/GetCitationsInText`,
          { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (c) => (text += c));
            res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, text }));
          },
        );
        req.on('error', fail);
        req.end(body);
      });
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).map((hit: any) => hit.match)).toEqual(['John 3:16']);
    expect(answer.headers['x-repeated-parameters']).toBe('text');
  });

  it('the CLI and bible batch still refuse a repeat', () => {
    const run = cli(['GetVerse', 'verseId=43003016', 'verseId=43003017']);
    expect(run.status).toBe(2);
    expect(JSON.parse(run.stderr).error.message).toMatch(/given more than once/);
    const batch = cli(['batch'], 'GetVerse?verseId=43003016&verseId=43003017\n');
    expect(batch.stdout).toMatch(/given more than once/);
  });
});

describe('GetBibleReadingPlan reads the whole Bible from every spelling a form sends', () => {
  it('all, both, ot+nt, "ot nt" in any case: the whole Bible, echoed as sent', async () => {
    const b = await bible();
    const whole = (await b.call('GetBibleReadingPlan', { days: '30', requestedStartDate: '2026-01-01' })) as any[];
    for (const [sent, echoed] of [
      ['all', 'all'],
      ['ALL', 'ALL'],
      ['All', 'All'],
      ['both', 'both'],
      ['Both', 'Both'],
      ['ot+nt', 'ot+nt'],
      ['ot nt', 'ot nt'],
    ]) {
      const plan = (await b.call('GetBibleReadingPlan', {
        days: '30',
        requestedStartDate: '2026-01-01',
        sections: sent,
      })) as any[];
      expect(plan[0].sections).toBe(echoed);
      expect(plan.slice(1)).toEqual(whole.slice(1));
      expect(plan[0].chaptersInfo.totalChapters).toBe(1189);
    }
    // The operator's plugin, over HTTP.
    const http = (await get(base, '/GetBibleReadingPlan?days=30&requestedStartDate=2026-01-01&sections=all')).json();
    expect(http[0].sections).toBe('all');
    expect(http.slice(1)).toEqual(whole.slice(1));
    expect((await get(base, '/GetBibleReadingPlan?days=30&sections=everything')).status).toBe(400);
  });
});

describe('GetTopicVerseCount answers the bare count', () => {
  it('is a JSON number: a bot shows answer.toString()', async () => {
    const b = await bible();
    const topic = (await b.call('GetTopic', { topic: 'anger' })) as { verseIds: string[] }[];
    const distinct = new Set(topic.flatMap((t) => t.verseIds)).size;
    const answer = await get(base, '/GetTopicVerseCount?topic=anger');
    expect(answer.text.trim()).toBe(String(distinct));
    expect(answer.json().toString()).toBe(String(distinct));
    const run = cli(['GetTopicVerseCount', 'topic=anger']);
    expect(JSON.parse(run.stdout)).toBe(distinct);
  });
});

describe('GetVerseById: the official FAQ curl example', () => {
  it('reads John.3.16, the forms GetParseCitation reads, and the 8-digit id; answers as GetVerse', async () => {
    const b = await bible();
    const verse = await b.call('GetVerse', { verseId: '43003016' });
    for (const verseId of [
      'John.3.16',
      'John.03.016',
      'John 3:16',
      'JHN 3:16',
      'Jn3:16',
      'Jn 3.16',
      '43003016',
      '４３００３０１６',
    ]) {
      expect(await b.call('GetVerseById', { verseId }), verseId).toEqual(verse);
    }
    expect((await get(base, '/GetVerseById?verseId=John.3.16')).json()).toEqual(verse);
    const web = await b.call('GetVerse', { verseId: '43003016', versionId: 'web' });
    expect((await get(base, '/GetVerseById?verseId=John.3.16&versionId=web')).json()).toEqual(web);
    const run = cli(['GetVerseById', 'verseId=John.3.16']);
    expect(JSON.parse(run.stdout)).toEqual(verse);
  });

  it('a verse past the end of its chapter answers [] as GetVerse does, in the OSIS form as in the API form', async () => {
    const b = await bible();
    for (const verseId of ['John.3.99', 'John 3:99', '43003099'])
      expect(await b.call('GetVerseById', { verseId }), verseId).toEqual([]);
  });

  it('a reference to several verses, or to none, is INVALID_PARAMETER naming verseId', async () => {
    for (const verseId of ['John 3:16-17', 'John 3', 'John 3:16, 18', 'Nobook 3:16', '']) {
      const answer = await get(base, `/GetVerseById?verseId=${encodeURIComponent(verseId)}`);
      expect(answer.status, verseId).toBe(400);
      expect(answer.json().error.param ?? answer.json().error.code).toMatch(/verseId|MISSING/);
    }
    const several = (await get(base, '/GetVerseById?verseId=John+3:16-17')).json();
    expect(several.error.message).toMatch(/names 2/);
  });

  it('agrees with GetVerse for every verse id, as id or as a citation', async () => {
    const b = await bible();
    const books = (await b.call('GetBooks', { language: 'english' })) as { b: string; n: string }[];
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 66 }), fc.integer({ min: 1, max: 10 }), async (book, verse) => {
        const id = `${String(book).padStart(2, '0')}001${String(verse).padStart(3, '0')}`;
        const expected = await b.call('GetVerse', { verseId: id });
        expect(await b.call('GetVerseById', { verseId: id })).toEqual(expected);
        const name = books[book - 1].n;
        expect(await b.call('GetVerseById', { verseId: `${name} 1:${verse}` }), `${name} 1:${verse}`).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });
});

describe('GetSemanticRelationsAllWords', () => {
  it('is string[]: every word GetSemanticRelations answers, and only those', async () => {
    const b = await bible();
    const words = (await get(base, '/GetSemanticRelationsAllWords')).json();
    expect(Array.isArray(words)).toBe(true);
    expect(words.length).toBeGreaterThan(1000);
    for (const w of words) expect(typeof w).toBe('string');
    expect(new Set(words).size).toBe(words.length);
    expect(words).toContain('Faith');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...words), async (word: string) => {
        const related = (await b.call('GetSemanticRelations', { word })) as { word: string };
        expect(related.word).toBe(word);
      }),
      { numRuns: 50 },
    );
  });
});

describe('GetChapterAudio?chapterId=43003: a bookAndChapterId given as chapterId', () => {
  it('reads the book from it; a bookId given too must agree; GetAudioNarration does the same', async () => {
    const alone = (await get(base, '/GetChapterAudio?chapterId=43003&versionId=kjv')).json();
    expect(alone).toMatchObject({ bookId: '43', chapterId: '3', bookAndChapterId: '43003' });
    expect(alone.fileName).toBe('https://audio.example/kjv/43/3.mp3');
    expect((await get(base, '/GetChapterAudio?bookId=43&chapterId=43003')).json()).toEqual(alone);
    expect((await get(base, '/GetChapterAudio?bookId=43&chapterId=3')).json()).toEqual(alone);
    const disagree = await get(base, '/GetChapterAudio?bookId=42&chapterId=43003');
    expect(disagree.status).toBe(400);
    expect(disagree.json().error.param).toBe('bookId');
    const missing = await get(base, '/GetChapterAudio?chapterId=3');
    expect(missing.status).toBe(400);
    expect(missing.json().error).toMatchObject({ code: 'MISSING_PARAMETER', param: 'bookId' });
    for (const bad of ['99003', '43000', '151', '0', 'abc', '4300']) {
      const answer = await get(base, `/GetChapterAudio?bookId=43&chapterId=${bad}`);
      expect(answer.status, bad).toBe(400);
    }
    expect((await get(base, '/GetAudioNarration?chapterId=43003')).json()).toEqual({ fileName: alone.fileName });
    expect((await get(base, '/GetAudioNarration?bookId=43&chapterId=3')).json()).toEqual({ fileName: alone.fileName });
  });
});
