// The drop-in contract, checked one operation at a time: each operation of ../shared/API-SPEC.md answers
// the request its specification describes, over HTTP and through call(), in the shape its definition in
// the operation table declares (the same shape that gives the typed methods their result types). A field
// outside the declared shape, a missing field or a changed JSON type fails here.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationDef } from '../../engine/core/operation.ts';
import { OPERATION_BY_NAME } from '../../engine/core/operations.ts';
import { shapeErrors } from '../../engine/core/shape.ts';
import { openNode } from '../../engine/node/loader.ts';
import type { BibleServer } from '../../engine/node/server.ts';
import { get, startServer } from '../hosts/http.ts';
import { SPEC_EXAMPLES } from './spec-examples.ts';

const SPEC = resolve(import.meta.dirname, '..', '..', '..', 'shared', 'API-SPEC.md');

/** Operation names the specification's endpoint tables and its list of undocumented operations give. */
function specOperations(): string[] {
  const text = readFileSync(SPEC, 'utf8');
  const names = new Set<string>();
  for (const m of text.matchAll(/^\| (Get[A-Za-z]+) \|/gm)) names.add(m[1]);
  for (const m of text.matchAll(/\*\*(Get[A-Za-z]+)\*\*/g)) names.add(m[1]);
  const undocumented = /### Named but undocumented operations\s+([^\n]+)/.exec(text)?.[1] ?? '';
  for (const m of undocumented.matchAll(/Get[A-Za-z]+/g)) names.add(m[0]);
  return [...names].sort();
}

const AUDIO = 'https://cdn.example/{versionId}/{bookId:2}/{chapterId:3}.mp3';
const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
const operation = (name: string) => OPERATION_BY_NAME.get(name) as OperationDef;

describe('conformance with API-SPEC.md', async () => {
  // Audio needs a host's files; the conformance run configures one template for every kind.
  const bible = await openNode({
    audio: { narration: AUDIO, chapter: AUDIO, music: 'https://cdn.example/music/{genre}.mp3' },
    random: { seed: 11 },
  });
  let srv: BibleServer;
  beforeAll(async () => {
    srv = await startServer({ bible });
  });
  afterAll(async () => {
    await srv.close(100);
  });

  it.skipIf(!existsSync(SPEC))('covers every operation the specification names, each with an example', () => {
    const covered = new Set(SPEC_EXAMPLES.map((e) => e.operation));
    expect(specOperations().filter((name) => !covered.has(name))).toEqual([]);
    expect(specOperations().length).toBeGreaterThanOrEqual(55);
  });

  for (const example of SPEC_EXAMPLES) {
    const label = `${example.operation}(${query(example.params)})`;
    it(`${label}: every documented parameter is taken; the answer has the declared shape over call() and HTTP`, async () => {
      const op = operation(example.operation);
      expect(op, example.operation).toBeDefined();
      expect(bible.unknownParams(op.name, example.params), 'documented parameters the operation does not take').toEqual(
        [],
      );

      const direct = JSON.parse(JSON.stringify(await bible.call(op.name, example.params)));
      expect(shapeErrors(op.result, direct)).toEqual([]);

      const path = `${example.path ?? `/${op.name}`}${Object.keys(example.params).length ? `?${query(example.params)}` : ''}`;
      const answer = await get(srv.url, path);
      expect(answer.status, answer.text.slice(0, 300)).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers['x-ignored-parameters']).toBeUndefined();
      const overHttp = answer.json();
      expect(shapeErrors(op.result, overHttp)).toEqual([]);
      // Random picks draw anew per call; everything else answers the same both ways.
      if (op.family !== 'random') expect(overHttp).toEqual(direct);
    });
  }

  it('extra parameters do no harm: a cache-buster, a gateway parameter and language on every call', async () => {
    for (const example of SPEC_EXAMPLES) {
      const op = operation(example.operation);
      if (op.family === 'random') continue;
      const extras: Record<string, string> = { _: '1732500000', 'rapidapi-host': 'example', language: 'english' };
      const names = op.params.map((p) => p.name);
      const added = Object.fromEntries(
        Object.entries(extras).filter(([name]) => !names.includes(name) && !(name in example.params)),
      );
      const params = { ...example.params, ...added };
      const answer = await get(srv.url, `${example.path ?? `/${op.name}`}?${query(params)}`);
      expect(answer.status, `${op.name}: ${answer.text.slice(0, 200)}`).toBe(200);
      expect(answer.headers['x-ignored-parameters'], op.name).toBe(
        Object.keys(added).map(encodeURIComponent).join(', ') || undefined,
      );
      expect(answer.json(), op.name).toEqual(
        await bible.call(op.name, example.params).then((a) => JSON.parse(JSON.stringify(a))),
      );
      // The engine the server was given refuses them in-process (the library's default): the server's rule is its own.
      const [firstAdded] = Object.keys(added);
      if (firstAdded !== undefined)
        await expect(bible.call(op.name, params), op.name).rejects.toMatchObject({
          code: 'INVALID_PARAMETER',
          param: firstAdded,
        });
    }
  });

  it("the library's default refuses what a lenient engine ignores, as HTTP does", async () => {
    const lenient = await openNode({ lenient: true });
    await expect(bible.call('GetVerse' as string, { verseId: '43003016', color: 'red' })).rejects.toMatchObject({
      code: 'INVALID_PARAMETER',
      param: 'color',
    });
    expect(await lenient.call('GetVerse' as string, { verseId: '43003016', color: 'red' })).toHaveLength(1);
    expect(bible.unknownParams('GetVerse', { verseId: '1', color: 'red', versionId: 'kjv' })).toEqual(['color']);
  });

  it('the shapes the specification spells out', async () => {
    const call = (name: string, params: Record<string, string> = {}) => bible.call(name, params) as Promise<any>;
    expect(Object.keys(await call('GetInfo')).slice(0, 6)).toEqual([
      'appName',
      'appDescription',
      'appType',
      'version',
      'parentApplication',
      'authors',
    ]);
    expect((await call('GetEndpoints')).GetVerse.params).toEqual(['verseId', 'versionId']);
    expect((await call('GetBibleBookAbbreviations'))[0].slice(0, 3)).toEqual(['Genesis', 'Gen.', 'Ge.']);
    expect(await call('GetParseVerseId', { verseId: '43003016' })).toMatchObject({
      verseId: '43003016',
      bookId: '43',
      bookAndChapterId: '43003',
      chapterNumber: '003',
      verseNumber: '016',
    });
    expect(await call('GetParseVerseId', { verseId: '430030' })).toEqual([]);
    expect(
      await call('GetBookAndChapterNameByBookAndChapterId', { bookAndChapterId: '99999', language: 'english' }),
    ).toEqual([]);
    expect(await call('GetWordCountOfChapter', { bookAndChapterId: '01001', versionId: 'kjv' })).toEqual({
      bookAndChapterId: '01001',
      versionId: 'kjv',
      wordCount: 797,
    });
    // The live service's numbers, listed by abbreviation (API-SPEC.md, what real clients show, item 3).
    expect((await call('GetVersions')).map((v: { version_id: string }) => v.version_id)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '10',
      '8',
      '9',
      '5',
      '6',
      '7',
    ]);
    expect((await call('GetStrongs', { lexiconId: 'H', id: '21' }))[0]).toMatchObject({
      language: 'H',
      root: 'אב',
      occurences: expect.any(String),
    });
    const [summary] = await call('GetBibleReadingPlan', { days: '365', sections: 'nt' });
    expect(summary).toMatchObject({ daysRequested: '365', daysFilled: '260', sections: 'nt' });
    expect((await call('GetBibleReadingPlanByTopic', { topic: 'love' })).topicInfo).toMatchObject({
      daysRequested: '30',
      daysFilled: 30,
    });
    expect(await call('GetReadingTimeByAge', { requestedAge: '29', wordCount: '650' })).toMatchObject({
      readersAge: '29',
      readersAgeRequested: '29',
    });
    expect((await call('GetReadingTimeByAge', { requestedAge: '3', wordCount: '650' })).readersAge).toBe('6');
    expect((await call('GetGreekCharactersAndUnicode', { language: 'english' })).alpha.lowercase).toBe('\\03b1');
    expect((await call('GetHebrewCharactersAndUnicodePoints', { language: 'english' })).letters.alef).toBe('\\u05d0');
    expect(await call('GetParseCitation', { citation: 'Matt 5:3-5, 7' })).toEqual({
      bookName: 'Matthew',
      bookId: '40',
      chapterId: '005',
      verseIds: ['40005003', '40005004', '40005005', '40005007'],
    });
    expect((await call('GetRandomChapter', { versionId: 'kjv' }))[0]).toHaveProperty('t');
    await expect(call('GetSearchAdvanced', { query: 'a', versionId: 'kjv' })).rejects.toMatchObject({ param: 'query' });
    expect(await call('GetSearchAdvanced', { query: 'lov', versionId: 'kjv', matchType: 'exact' })).toEqual([]);
  });
});
