// An engine that opens without building anything per verse must answer exactly as one that has walked
// every list: verse positions computed from the grid and the short lists of missing and extra verses,
// record ids from per-book lists, parameter checks compiled on an operation's first call, the meta
// pack's sections parsed when first read. Fresh engines are driven in odd orders (a book's last verse
// first, an omitted verse first, a chapter before any verse, concurrent first calls, bad parameters
// first) and compared with a walked engine; Object.prototype is polluted with parameter names and with
// names the engine uses inside; partial pack folders made by `bible copy-packs` are read.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { exampleValue } from '../../engine/core/param-examples.ts';
import { OPERATIONS } from '../../engine/core/operations.ts';
import { chapterRunBlocks } from '../../compiler/builders/text.ts';
import { wordCodedSections } from '../../compiler/pack/word-coding.ts';
import { sectionsOf, writePack } from '../../compiler/pack/writer.ts';
import { composeVerseId } from '../../engine/core/ids.ts';
import { TEXT_PACK } from '../../engine/core/pack/schemas.ts';
import { open } from '../../engine/core/engine.ts';
import { declared, readPack } from '../read-pack.ts';
import { loadTranslation } from '../../engine/core/translation.ts';
import { readDictionary } from '../../engine/core/pack/word-coding.ts';
import { searchEntrySections } from '../../engine/core/search/text-index.ts';
import { createVersification } from '../../engine/core/versification.ts';
import type { ParamSpec } from '../../engine/core/params.ts';
import { DEFAULT_DATA_DIR, nativeInflate, openNode } from '../../engine/node/loader.ts';
import { serve } from '../../engine/node/server.ts';
import type { LooseBible } from '../helpers.ts';

const VERSIONS = ['kjv', 'kjv1611', 'asv', 'bbe', 'dby', 'wbt', 'web', 'ylt', 'rv1909', 'svd'] as const;
const BIN = join(import.meta.dirname, '..', '..', 'bin', 'bible.js');

const fresh = (options: Record<string, unknown> = {}) => openNode(options) as Promise<LooseBible>;

/** An answer or the error, as comparable data (an error's code, parameter and message). */
async function outcome(b: LooseBible, name: string, params?: unknown): Promise<unknown> {
  try {
    return { answer: await b.call(name, params as Record<string, string>) };
  } catch (error) {
    const e = error as { code?: string; param?: string; message: string; constructor: { name: string } };
    return { error: { kind: e.constructor.name, code: e.code, param: e.param, message: e.message } };
  }
}

const pad = (n: number) => String(n).padStart(8, '0');

/** The translation's missing and extra verse ids, as its text pack lists them. */
function infoOf(versionId: string): { missing: number[]; extra: number[] } {
  const name = `text-${versionId}`;
  const pack = readPack(name, new Uint8Array(readFileSync(join(DEFAULT_DATA_DIR, `${name}.pack`))), nativeInflate);
  return pack.json('info');
}

// One engine per translation that has walked the whole verse list (a search reads every position and
// builds the id list) before anything is compared with it.
const walked = new Map<string, LooseBible>();
beforeAll(async () => {
  for (const versionId of VERSIONS) {
    const b = await fresh({ random: { seed: 3 } });
    await b.call('GetSearch', { query: 'the', versionId });
    await b.call('GetSearchAdvanced', { query: 'and', versionId, limitToBookId: 'nt', matchType: 'broad' });
    walked.set(versionId, b);
  }
});

describe('a fresh engine answers as a walked one', () => {
  it('the translations that leave out or add verses list them (what the odd orders below start from)', () => {
    expect(infoOf('rv1909').missing.length).toBeGreaterThan(0);
    expect(infoOf('web').extra).toContain(45014024);
    expect(infoOf('svd').extra).toContain(64001015);
    expect(infoOf('bbe').missing).toContain(40017021);
  });

  it.each(VERSIONS)(
    '%s: every chapter, read from Revelation back to Genesis, then its missing and extra verses',
    async (versionId) => {
      const b = await fresh();
      const w = walked.get(versionId)!;
      const { missing, extra } = infoOf(versionId);
      // An omitted verse and an added one first, before any chapter.
      for (const id of [...missing, ...extra].reverse())
        expect(await outcome(b, 'GetVerse', { verseId: pad(id), versionId }), pad(id)).toEqual(
          await outcome(w, 'GetVerse', { verseId: pad(id), versionId }),
        );
      const chapterCounts = b.meta.versionById.get(versionId)!.chapterVerses;
      for (let book = 66; book >= 1; book--)
        for (let chapter = chapterCounts[book - 1].length; chapter >= 1; chapter--) {
          const params = { bookId: String(book), chapterId: String(chapter), versionId };
          const rows = (await b.call('GetChapter', params)) as { id: string; b: string; c: string }[];
          expect(rows, `${book}:${chapter}`).toEqual(await w.call('GetChapter', params));
          expect(rows.every((r) => Number(r.b) === book && Number(r.c) === chapter)).toBe(true);
          expect(rows.map((r) => r.id)).toEqual(rows.map((r) => r.id).sort());
        }
      for (const id of [...missing, ...extra]) {
        const verse = await b.call('GetVerse', { verseId: pad(id), versionId });
        expect(verse.length, pad(id)).toBe(missing.includes(id) ? 0 : 1);
      }
    },
  );

  /** Verse ids worth starting from: a book's first and last verse, the omitted and added ones, ones
   *  past a chapter's end, and any verse of the grid. */
  const verseIdOf = (versionId: string) => {
    const { missing, extra } = infoOf(versionId);
    const specials = [...missing, ...extra, 1001001, 66022021, 19150006, 19119176, 64001014, 45016027];
    return fc.oneof(
      fc.constantFrom(...specials),
      fc
        .tuple(fc.integer({ min: 1, max: 66 }), fc.integer({ min: 1, max: 151 }), fc.integer({ min: 1, max: 180 }))
        .map(([book, chapter, verse]) => book * 1_000_000 + chapter * 1_000 + verse),
    );
  };
  const callOf = (versionId: string) =>
    fc.oneof(
      verseIdOf(versionId).map((id) => ['GetVerse', { verseId: pad(id), versionId }] as const),
      verseIdOf(versionId).map((id) => ['GetWords', { verseId: pad(id), versionId }] as const),
      verseIdOf(versionId).map((id) => ['GetWordCountOfVerse', { verseId: pad(id), versionId }] as const),
      verseIdOf(versionId).map(
        (id) =>
          [
            'GetChapter',
            { bookId: String(Math.floor(id / 1e6)), chapterId: String(Math.floor(id / 1e3) % 1e3), versionId },
          ] as const,
      ),
      verseIdOf(versionId).map(
        (id) =>
          [
            'GetVerseCount',
            { bookId: String(Math.floor(id / 1e6)), chapterId: String(Math.floor(id / 1e3) % 1e3), versionId },
          ] as const,
      ),
      verseIdOf(versionId).map(
        (id) =>
          [
            'GetWordCountOfChapter',
            { bookAndChapterId: String(Math.floor(id / 1e3)).padStart(5, '0'), versionId },
          ] as const,
      ),
      fc
        .integer({ min: 1, max: 66 })
        .map((book) => ['GetWordCountOfBook', { bookId: String(book), versionId }] as const),
      fc
        .tuple(fc.integer({ min: 0, max: 1_000 }), fc.constantFrom('', 'ot', 'nt', '45', '19', '64'))
        .map(([seed, limit]) => ['GetRandomVerse', { versionId, seed: String(seed), limitToBookId: limit }] as const),
      fc
        .tuple(fc.integer({ min: 0, max: 1_000 }), fc.constantFrom('', 'ot', 'nt', '45', '4'))
        .map(([seed, limit]) => ['GetRandomChapter', { versionId, seed: String(seed), limitToBookId: limit }] as const),
      fc
        .tuple(fc.constantFrom('love', 'God', 'amor', 'الله', 'grace'), fc.constantFrom('', 'nt', '45', '64'))
        .map(
          ([query, limit]) =>
            ['GetSearchAdvanced', { query, versionId, limitToBookId: limit, matchType: 'broad' }] as const,
        ),
    );

  it.each(VERSIONS)('%s: random calls in random order, each run in a fresh engine', async (versionId) => {
    const w = walked.get(versionId)!;
    await fc.assert(
      fc.asyncProperty(fc.array(callOf(versionId), { minLength: 1, maxLength: 8 }), async (calls) => {
        const b = await fresh();
        for (const [name, params] of calls)
          expect(await outcome(b, name, params), `${name} ${JSON.stringify(params)}`).toEqual(
            await outcome(w, name, params),
          );
      }),
      { numRuns: 12 },
    );
  });
});

describe("an operation's first call", () => {
  // Bad parameters of every kind, each the first call of every operation in a fresh engine.
  const BAD: unknown[] = [
    undefined,
    null,
    [],
    5,
    'verseId=43003016',
    {},
    { verseId: 'x', versionId: 'nope', bookId: '0', chapterId: '0', query: '', limitToBookId: 'zz' },
    { verseId: '43003016', versionId: '__proto__', bookId: '67', chapterId: '151', query: 'a'.repeat(1001) },
    { verseId: 43003016.5, versionId: 7, bookAndChapterId: '4303', id: 'G 26', lexiconId: 'Q', seed: '-1' },
    { verseId: ['43003016'], versionId: { a: 1 }, language: 'latin', days: '0', requestedStartDate: '2023-02-30' },
    JSON.parse('{"__proto__": {"verseId": "43003016", "versionId": "kjv", "query": "love"}}'),
    Object.create({ verseId: '43003016', bookId: '43', chapterId: '3', query: 'love', citation: 'John 3:16' }),
  ];

  it('refuses exactly as an operation already called refuses (and a strict engine likewise)', async () => {
    for (const strict of [false, true]) {
      const warm = await fresh({ strict, random: { seed: 1 } });
      for (const op of OPERATIONS)
        await outcome(
          warm,
          op.name,
          Object.fromEntries(
            (op.params as readonly ParamSpec[]).filter((p) => p.required).map((p) => [p.name, exampleValue(p)]),
          ),
        );
      for (const [k, params] of BAD.entries()) {
        const b = await fresh({ strict, random: { seed: 1 } });
        for (const op of OPERATIONS) {
          const first = await outcome(b, op.name, params);
          expect(first, `${op.name} bad input ${k} strict=${strict}`).not.toHaveProperty('error.kind', 'TypeError');
          if (/Random/.test(op.name) && 'answer' in (first as object)) continue; // draws from the engine's sequence
          expect(first, `${op.name} bad input ${k} strict=${strict}`).toEqual(await outcome(warm, op.name, params));
        }
      }
    }
  });

  it('of every operation at once (Promise.all) answers as one by one', async () => {
    const example = (op: (typeof OPERATIONS)[number]) =>
      Object.fromEntries(op.params.map((p) => [p.name, exampleValue(p)]));
    const calls: [string, Record<string, string>][] = [];
    for (const op of OPERATIONS) calls.push([op.name, example(op)]);
    for (const versionId of VERSIONS) {
      calls.push(['GetVerse', { verseId: '66022021', versionId }]);
      calls.push(['GetChapter', { bookId: '45', chapterId: '16', versionId }]);
      calls.push(['GetParallelVerses', { verseId: '45014024' }]);
      calls.push(['GetWordCountOfChapter', { bookAndChapterId: '04029', versionId }]);
      calls.push(['GetSearchCount', { query: 'love', versionId }]);
    }
    const deterministic = calls.filter(([name]) => !/Random/.test(name));
    const b = await fresh({ clock: () => '2026-01-01' });
    const together = await Promise.all(deterministic.map(([name, params]) => outcome(b, name, params)));
    const one = await fresh({ clock: () => '2026-01-01' });
    for (const [i, [name, params]] of deterministic.entries())
      expect(together[i], `${name} ${JSON.stringify(params)}`).toEqual(await outcome(one, name, params));
    // Random picks with a seed of their own are the same whatever ran beside them.
    const seeded = [
      ['GetRandomVerse', { versionId: 'svd', seed: '9' }],
      ['GetRandomChapter', { versionId: 'web', seed: '9' }],
    ] as const;
    const c = await fresh();
    const both = await Promise.all([...seeded, ...seeded].map(([name, params]) => outcome(c, name, params)));
    expect(both.slice(2)).toEqual(both.slice(0, 2));
    expect(both[0]).toEqual(await outcome(one, ...seeded[0]));
  });
});

describe('Object.prototype pollution', () => {
  const polluted = new Set<string>();
  const pollute = (name: string, value: unknown) => {
    (Object.prototype as Record<string, unknown>)[name] = value;
    polluted.add(name);
  };
  afterEach(() => {
    for (const name of polluted) delete (Object.prototype as Record<string, unknown>)[name];
    polluted.clear();
  });

  it("with names the engine reads inside (a limit's book, the meta pack's sections, a record's fields) changes no answer", async () => {
    const calls: [string, Record<string, string>][] = [
      ['GetRandomChapter', { versionId: 'kjv', limitToBookId: 'nt', seed: '1' }],
      ['GetRandomVerse', { versionId: 'kjv', limitToBookId: 'ot', seed: '1' }],
      ['GetRandomVerse', { versionId: 'kjv', limitToBookId: 'nt', limitToChapterId: '3' }],
      ['GetSearchAdvanced', { query: 'love', versionId: 'kjv', limitToBookId: 'nt', limitToChapterId: '3' }],
      ['GetSearchAdvanced', { query: 'love', versionId: 'kjv', limitToBookId: 'nt' }],
      ['GetVerse', { verseId: '45014024', versionId: 'web' }],
      ['GetChapter', { bookId: '4', chapterId: '29', versionId: 'rv1909' }],
      ['GetParallelVerses', { verseId: '64001015' }],
      ['GetVersions', {}],
      ['GetBooks', {}],
      ['GetVerseCount', { bookId: '40', chapterId: '17', versionId: 'asv' }],
    ];
    const clean = await fresh();
    const expected = [];
    for (const [name, params] of calls) expected.push(await outcome(clean, name, params));
    for (const value of ['01001001', '5', 'x']) {
      for (const name of [
        'book',
        'testament',
        'books',
        'versions',
        't',
        'length',
        'ids',
        'size',
        'missing',
        'extra',
        'names',
      ])
        pollute(name, value);
      const b = await fresh();
      for (const [i, [name, params]] of calls.entries())
        expect(await outcome(b, name, params), `${name} ${JSON.stringify(params)} with ${value}`).toEqual(expected[i]);
      for (const name of polluted) delete (Object.prototype as Record<string, unknown>)[name];
    }
  });

  it('with open() option names (preload, audio, dataDir, clock) leaves the options the host gave', async () => {
    const clean = await fresh();
    const narration = await outcome(clean, 'GetAudioNarration', { bookId: '43', chapterId: '3' });
    const plan = await outcome(clean, 'GetBibleReadingPlan', { days: '30' });
    pollute('preload', 'text-kjv');
    pollute('audio', 'https://elsewhere.example/{fileName}');
    pollute('dataDir', '/nonexistent');
    pollute('clock', () => '2001-01-01');
    const b = await fresh();
    expect(await outcome(b, 'GetVerse', { verseId: '43003016' })).toEqual(
      await outcome(clean, 'GetVerse', { verseId: '43003016' }),
    );
    expect(await outcome(b, 'GetAudioNarration', { bookId: '43', chapterId: '3' })).toEqual(narration);
    expect(await outcome(b, 'GetBibleReadingPlan', { days: '30' })).toEqual(plan);
  });

  it('with versionId adds no translation to GetBibles (its lexicons and dictionaries have none)', async () => {
    const clean = await outcome(await fresh(), 'GetBibles');
    pollute('versionId', 'svd');
    expect(await outcome(await fresh(), 'GetBibles')).toEqual(clean);
  });

  it('with host does not open serve() to every interface', async () => {
    pollute('host', '0.0.0.0');
    pollute('opsHost', '0.0.0.0');
    const server = await serve({ bible: await fresh(), port: 0, opsPort: 0 });
    try {
      expect(server.server.address()).toMatchObject({ address: '127.0.0.1' });
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
    } finally {
      await server.close();
    }
  });
});

describe('serve() and the options it is given', () => {
  it('keeps its own state: two servers given one options object do not close or cap each other', async () => {
    const options = { bible: await fresh(), port: 0 };
    const first = await serve(options);
    const second = await serve(options);
    await first.close();
    const response = await fetch(new URL('GetVerse?verseId=43003016', second.url));
    expect(response.status).toBe(200);
    expect(response.headers.get('connection')).not.toBe('close');
    await response.arrayBuffer();
    await second.close();
    expect(Object.keys(options)).toEqual(['bible', 'port']);
  });
});

describe('prototype and internal names in a query string', () => {
  const NAMES = [
    '__proto__',
    'constructor',
    'prototype',
    'books',
    'versions',
    't',
    'length',
    'toString',
    'hasOwnProperty',
  ];
  const lines = [
    ...NAMES.map((n) => `GetVerse?verseId=43003016&${n}=1`),
    ...NAMES.map((n) => `GetVerse?verseId=43003016&versionId=${n}`),
    ...NAMES.map((n) => `${n}?verseId=43003016`),
    'GetVerse?__proto__[verseId]=43003016',
    'GetVersions?books=1&versions=2&t=3&length=4',
    'GetParallelVerses?verseId=45014024&__proto__[versionId]=svd',
  ];
  // A help line however it is written: each would otherwise be an unknown operation "HELP" or "help", or
  // fail as "expected name=value".
  const HELP_LINES = [
    'help',
    'help GetVerse',
    ' -h',
    '--help',
    'HELP',
    'Help GetVerse',
    'help?x=1',
    '/help',
    '"help"',
    "'help' GetVerse",
  ];
  const ANSWER = [{ id: '43003016', b: '43', c: '3', v: '16', t: expect.stringMatching(/^For God so loved/) }];

  it('through the HTTP server: ignored as parameters, refused as values and operations', async () => {
    const server = await serve({ bible: await fresh(), port: 0 });
    try {
      const get = async (line: string) => {
        const response = await fetch(new URL(line, server.url));
        return { status: response.status, body: await response.json() };
      };
      for (const n of NAMES) {
        expect(await get(`GetVerse?verseId=43003016&${n}=1`), n).toEqual({ status: 200, body: ANSWER });
        const refused = await get(`GetVerse?verseId=43003016&versionId=${n}`);
        expect(refused.status).toBe(400);
        expect(refused.body.error).toMatchObject({ code: 'INVALID_PARAMETER', param: 'versionId' });
        expect((await get(`${n}?verseId=43003016`)).status).toBe(404);
      }
      expect((await get('GetVerse?__proto__[verseId]=43003016')).body.error.code).toBe('MISSING_PARAMETER');
      const versions = await get('GetVersions?books=1&versions=2&t=3&length=4');
      expect(versions.body).toHaveLength(10);
      const parallel = await get('GetParallelVerses?verseId=45014024&__proto__[versionId]=svd');
      expect(parallel.body.map((rows: { versionId: string }[]) => rows[0].versionId)).toEqual(['t_web']);
    } finally {
      await server.close();
    }
  });

  it('through bible batch: one clear answer a line, in order, strict and lenient', () => {
    for (const lenient of [false, true]) {
      const run = spawnSync(process.execPath, [BIN, 'batch', ...(lenient ? ['--lenient'] : [])], {
        input: `${[...lines, ...HELP_LINES].join('\n')}\n`,
        encoding: 'utf8',
      });
      const answers = run.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(answers).toHaveLength(lines.length + HELP_LINES.length);
      for (const [i, line] of lines.entries()) {
        const answer = answers[i];
        if (line.startsWith('GetVerse?verseId=43003016&versionId=')) {
          expect(answer.error, line).toMatchObject({ code: 'INVALID_PARAMETER', param: 'versionId' });
        } else if (/^GetVerse\?verseId=43003016&/.test(line)) {
          if (lenient) expect(answer, line).toEqual(ANSWER);
          else
            expect(answer.error, line).toMatchObject({
              code: 'INVALID_PARAMETER',
              message: expect.stringMatching(/^GetVerse has no parameter/),
            });
        } else if (!line.startsWith('Get')) {
          expect(answer.error, line).toMatchObject({ code: 'UNKNOWN_OPERATION' });
        }
      }
      for (const [i, answer] of answers.slice(lines.length).entries())
        expect(answer.error.message, HELP_LINES[i]).toMatch(/^help is a command/);
    }
  });
});

describe('a pack that refuses a read after opening', () => {
  /** An engine reading the packs' files afresh on each load, and every copy of `watched` it handed out. */
  const engineHandingOut = async (watched: string) => {
    const handedOut: Uint8Array[] = [];
    const loader = async (name: string) => {
      const bytes = new Uint8Array(readFileSync(join(DEFAULT_DATA_DIR, `${name}.pack`)));
      if (name === watched) handedOut.push(bytes);
      return bytes;
    };
    return { b: await open({ loader, inflate: nativeInflate }), handedOut };
  };

  it('is let go, so the next call reads the file again and answers once the file is good', async () => {
    const { b, handedOut } = await engineHandingOut('commentary-gill');
    const genesis = await b.GetCommentary({ verseId: '01001001' });
    expect(handedOut).toHaveLength(1);
    // The file's last bytes (Revelation's block of the text) go bad after the pack is open.
    handedOut[0].fill(0, handedOut[0].length - 64);
    const refused = await b.GetCommentary({ verseId: '66022021' }).catch((error) => error);
    expect(refused.code).toBe('NOT_AVAILABLE');
    expect(refused.message).toMatch(/pack 'commentary-gill' cannot be used: checksum mismatch in section 'text'/);
    expect(b.loadedPacks()).not.toContain('commentary-gill');
    // Read again from the (good) file: both answers, the first as before.
    expect(typeof (await b.GetCommentary({ verseId: '66022021' }))).toBe('string');
    expect(await b.GetCommentary({ verseId: '01001001' })).toEqual(genesis);
    expect(handedOut).toHaveLength(2);
  });

  it('of a translation is let go with the text read from it', async () => {
    const { b, handedOut } = await engineHandingOut('text-kjv');
    const [first] = await b.GetVerse({ verseId: '01001001' });
    handedOut[0].fill(0, handedOut[0].length - 64);
    expect((await b.GetVerse({ verseId: '66022021' }).catch((error) => error)).code).toBe('NOT_AVAILABLE');
    expect((await b.GetVerse({ verseId: '66022021' }))[0].t).toMatch(/^The grace of our Lord Jesus Christ/);
    expect((await b.GetVerse({ verseId: '01001001' }))[0]).toEqual(first);
    expect(handedOut).toHaveLength(2);
  });
});

describe("openNode's dataDir", () => {
  it('refuses a path that names no folder, and names the folder in the remedy for a missing pack', async () => {
    for (const dataDir of ['', '   ', 5, null, {}]) {
      const refusal = await openNode({ dataDir: dataDir as never }).catch((error) => error);
      expect(refusal, String(dataDir)).toMatchObject({ code: 'INVALID_PARAMETER', param: 'dataDir' });
      expect(refusal.message).toMatch(/^dataDir must be the path of a folder of packs/);
    }
    // A folder whose path a shell would split is quoted in the command the remedy gives.
    const spaced = mkdtempSync(join(tmpdir(), "open adversary's "));
    try {
      const missing = await openNode({ dataDir: spaced }).catch((error) => error);
      expect(missing.code).toBe('NOT_AVAILABLE');
      expect(missing.message).toContain(`--to '${spaced.replaceAll("'", `'\\''`)}' --packs meta`);
    } finally {
      rmSync(spaced, { recursive: true, force: true });
    }
  });
});

describe('partial pack folders', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'open-adversary-'));
    const copy = spawnSync(
      process.execPath,
      [BIN, 'copy-packs', '--versions', 'web,rv1909', '--to', join(dir, 'some')],
      {
        encoding: 'utf8',
      },
    );
    expect(copy.status, copy.stderr).toBe(0);
    copyFileSync(join(DEFAULT_DATA_DIR, 'meta.pack'), join(dir, 'meta.pack'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('with web and rv1909: parallel verses and search in those two, versions marked, other packs NOT_AVAILABLE', async () => {
    const b = await fresh({ dataDir: join(dir, 'some') });
    const parallel = async (verseId: string) =>
      ((await b.call('GetParallelVerses', { verseId })) as { versionId: string }[][]).map((rows) => rows[0].versionId);
    expect(await parallel('43003016')).toEqual(['t_srv', 't_web']);
    expect(await parallel('45014024')).toEqual(['t_web']); // beyond the KJV grid: WEB only
    expect(await parallel('04012016')).toEqual(['t_web']); // rv1909 leaves it out
    expect(await parallel('45016025')).toEqual(['t_srv']); // web leaves it out
    expect(await parallel('64001015')).toEqual([]); // svd's own verse; svd is not here
    const versions = (await b.call('GetVersions')) as { versionCode: string; available: boolean }[];
    expect(versions.filter((v) => v.available).map((v) => v.versionCode)).toEqual(['rv1909', 'web']);
    expect(await outcome(b, 'GetSearch', { query: 'love' })).toMatchObject({
      error: { code: 'NOT_AVAILABLE', message: expect.stringContaining("pack 'text-kjv'") },
    });
    // A search reads only the text pack (its word index is made from it), so the copied translations search.
    const everything = await fresh();
    for (const versionId of ['web', 'rv1909'])
      expect(await b.call('GetSearch', { query: 'love', versionId })).toEqual(
        await everything.call('GetSearch', { query: 'love', versionId }),
      );
    expect(await b.call('GetVerse', { verseId: '45014024', versionId: 'web' })).toHaveLength(1);
  });

  it('through a loader that cannot list its packs: NOT_AVAILABLE naming the first left out (as documented)', async () => {
    const read = async (name: string) => new Uint8Array(readFileSync(join(dir, 'some', `${name}.pack`)));
    const b = (await open({ loader: read })) as unknown as LooseBible;
    expect(await outcome(b, 'GetParallelVerses', { verseId: '43003016' })).toMatchObject({
      error: { code: 'NOT_AVAILABLE', message: expect.stringContaining("pack 'text-asv'") },
    });
    const listing = (await open({
      loader: Object.assign(read, { listPacks: async () => ['meta', 'text-web', 'text-rv1909'] }),
    })) as unknown as LooseBible;
    expect(await listing.call('GetParallelVerses', { verseId: '43003016' })).toHaveLength(2);
  });

  it('with the meta pack alone: GetParallelVerses is NOT_AVAILABLE, GetVersions marks none available', async () => {
    const b = await fresh({ dataDir: dir });
    expect(await outcome(b, 'GetParallelVerses', { verseId: '43003016' })).toMatchObject({
      error: { code: 'NOT_AVAILABLE' },
    });
    // A bad verse id is still refused as such, before any pack is looked for.
    expect(await outcome(b, 'GetParallelVerses', { verseId: 'x' })).toMatchObject({
      error: { code: 'INVALID_PARAMETER', param: 'verseId' },
    });
    const versions = (await b.call('GetVersions')) as { available: boolean }[];
    expect(versions.some((v) => v.available)).toBe(false);
  });
});

describe('the verse list arithmetic on made-up grids', () => {
  // A small KJV-like grid and a translation that leaves out any of its verses and adds verses beyond it
  // (a verse 0, verses past a chapter's end, chapters past a book's end, a book past the grid): positions,
  // ids, text and ranges from a fresh translation, read in a random order, match the list written out.
  const gridArb = fc.array(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 3 }), {
    minLength: 1,
    maxLength: 4,
  });
  const caseArb = gridArb.chain((grid) => {
    const gridIds = grid.flatMap((chapters, b) =>
      chapters.flatMap((count, c) => Array.from({ length: count }, (_, v) => composeVerseId(b + 1, c + 1, v + 1))),
    );
    const beyond = fc
      .tuple(
        fc.integer({ min: 1, max: grid.length + 1 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 8 }),
      )
      .map(([b, c, v]) => composeVerseId(b, c, v))
      .filter((id) => !gridIds.includes(id));
    return fc.record({
      grid: fc.constant(grid),
      missing: fc.subarray(gridIds),
      extra: fc.uniqueArray(beyond, { maxLength: 6 }),
      order: fc.infiniteStream(fc.nat()),
    });
  });

  it('matches the written-out list, whatever is read first', () => {
    fc.assert(
      fc.property(caseArb, ({ grid, missing, extra, order }) => {
        const gridIds = grid.flatMap((chapters, b) =>
          chapters.flatMap((count, c) => Array.from({ length: count }, (_, v) => composeVerseId(b + 1, c + 1, v + 1))),
        );
        const list = [...gridIds.filter((id) => !missing.includes(id)), ...extra].sort((a, b) => a - b);
        fc.pre(list.length > 0);
        const lines = list.map((id) => `verse ${id}`);
        const verses = list.map((id) => ({ book: Math.floor(id / 1e6), chapter: Math.floor(id / 1e3) % 1e3 }));
        const { blocks, blockStarts } = chapterRunBlocks(verses, lines);
        const coded = wordCodedSections(blocks);
        const bytes = writePack(
          sectionsOf(TEXT_PACK, {
            info: { versionId: 'made', missing: [...missing].reverse(), extra: [...extra].reverse(), incomplete: [] },
            blockStarts: Uint32Array.from(blockStarts),
            ...coded,
            ...searchEntrySections(readDictionary(coded), lines),
          }),
          declared('text-made', 'text'),
        );
        const text = loadTranslation(readPack('text-made', bytes) as never, createVersification(grid), 2);
        expect(text.size).toBe(list.length);
        const steps = order.take(3 * list.length + 6);
        for (const n of steps) {
          const i = n % list.length;
          switch (n % 5) {
            case 0:
              expect(text.rowAt(i)).toMatchObject({ id: pad(list[i]), t: lines[i] });
              break;
            case 1:
              expect(text.indexOf(list[i])).toBe(i);
              break;
            case 2: {
              const id = missing[n % Math.max(missing.length, 1)];
              if (id !== undefined) expect(text.indexOf(id)).toBe(-1);
              break;
            }
            case 3: {
              const book = Math.floor(list[i] / 1e6);
              const chapter = Math.floor(list[i] / 1e3) % 1e3;
              const inChapter = list.flatMap((id, k) => (Math.floor(id / 1e3) === book * 1e3 + chapter ? [k] : []));
              expect(text.chapterRange(book, chapter)).toEqual([inChapter[0], inChapter.at(-1)! + 1]);
              const inBook = list.flatMap((id, k) => (Math.floor(id / 1e6) === book ? [k] : []));
              expect(text.bookRange(book)).toEqual([inBook[0], inBook.at(-1)! + 1]);
              break;
            }
            default:
              expect(text.textAt(i)).toBe(lines[i]);
          }
        }
        expect([...text.ids]).toEqual(list);
        for (const [i, id] of list.entries()) expect(text.rowAt(i).id).toBe(pad(id));
      }),
      { numRuns: 300 },
    );
  });
});
