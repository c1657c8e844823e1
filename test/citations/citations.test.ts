// References as people write them: the hand-written cases (cases.ts), property tests that write random
// passages in every supported style inside random prose, HTTP (GET and POST, the size limit) and bad input.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatVerseId } from '../../engine/core/ids.ts';
import type { BibleServer } from '../../engine/node/server.ts';
import { bible, callError } from '../helpers.ts';
import { get, startServer } from '../hosts/http.ts';
import { FREE, LONE } from './cases.ts';
import { POSTS } from './posts.ts';
import type { CitationHit } from '../../engine/core/citations/find.ts';

const b = await bible();
const chapterVerses = b.meta.versification.chapterVerses;

/** "43.3.16", "43.3.16-43.3.18" or "43.3" (a whole chapter) -> an inclusive range of verse ids. */
function range(spec: string): { from: string; to: string } {
  const [first, last] = spec.split('-');
  const [book, chapter, verse] = first.split('.').map(Number);
  if (verse === undefined)
    return {
      from: formatVerseId(book, chapter, 1),
      to: formatVerseId(book, chapter, chapterVerses[book - 1][chapter - 1]),
    };
  if (last === undefined) return { from: formatVerseId(book, chapter, verse), to: formatVerseId(book, chapter, verse) };
  const [b2, c2, v2] = last.split('.').map(Number);
  return { from: formatVerseId(book, chapter, verse), to: formatVerseId(b2, c2, v2) };
}
const ranges = (specs: string) => specs.split(' ').map(range);
function verseIds(specs: string): string[] {
  const out: string[] = [];
  for (const { from, to } of ranges(specs)) {
    for (let v = Number(from); v <= Number(to); v++)
      if (v % 1000 >= 1 && v % 1000 <= chapterVerses[Math.floor(v / 1e6) - 1][(Math.floor(v / 1000) % 1000) - 1])
        out.push(String(v).padStart(8, '0'));
  }
  return out;
}

describe('the hand-written cases', () => {
  it('has at least 600 cases', () => {
    expect(LONE.length + FREE.length + POSTS.length).toBeGreaterThanOrEqual(600);
  });

  for (const [citation, expected] of LONE) {
    it(`GetParseCitation ${JSON.stringify(citation)}`, async () => {
      if (typeof expected === 'string') {
        const answer = await b.GetParseCitation({ citation });
        expect(answer.verseIds).toEqual(verseIds(expected));
        expect(answer.bookId).toBe(expected.split('.')[0].padStart(2, '0'));
      } else {
        const error = await callError('GetParseCitation', { citation });
        expect([error.code, error.param]).toEqual(['INVALID_PARAMETER', 'citation']);
        expect(error.message).toContain(expected.error);
      }
    });
  }

  for (const [text, hits] of [...FREE, ...POSTS]) {
    it(`GetCitationsInText ${JSON.stringify(text)}`, async () => {
      const answer = await b.GetCitationsInText({ text });
      expect(answer.map((h: { match: string }) => h.match)).toEqual(hits.map(([match]) => match));
      let from = 0;
      answer.forEach((hit: CitationHit, i: number) => {
        expect(hit.passages).toEqual(ranges(hits[i][1]));
        expect(hit.start).toBe(text.indexOf(hit.match, from));
        expect(hit.end).toBe(hit.start + hit.match.length);
        expect(text.slice(hit.start, hit.end)).toBe(hit.match);
        expect(hit.match).toContain(hit.bookName);
        const expected = ranges(hits[i][1]);
        expect(hit.bookId).toBe(expected[0].from.slice(0, 2));
        const endBook = expected[expected.length - 1].to.slice(0, 2);
        expect(hit.endBookId).toBe(endBook === hit.bookId ? undefined : endBook);
        from = hit.end;
      });
    });
  }
});

// Random passages written in each supported style, inside random prose.
const WORDS = [
  'the',
  'light',
  'shines',
  'in',
  'darkness',
  'and',
  'we',
  'read',
  'it',
  'again',
  'tonight',
  'with',
  'friends',
  'quietly',
  'because',
  'hope',
  'remains',
];
const prose = fc.array(fc.constantFrom(...WORDS), { minLength: 0, maxLength: 8 }).map((w) => w.join(' '));
const STYLES: ((name: string, c: number, v1: number, v2: number) => string)[] = [
  (n, c, v1, v2) => `${n} ${c}:${v1}-${v2}`,
  (n, c, v1, v2) => `${n} ${c}:${v1}–${v2}`,
  (n, c, v1, v2) => `${n} ${c}:${v1} to ${v2}`,
  (n, c, v1, v2) => `${n} ${c}:${v1} through ${v2}`,
  (n, c, v1, v2) => `${n} ${c}.${v1}-${v2}`,
  (n, c, v1, v2) => `${n} ${c} vv. ${v1}-${v2}`,
  (n, c, v1, v2) => `${n} ${c}:${v1}~${v2}`,
];

describe('property: a passage written in any style is found in prose with its exact range and offsets', () => {
  const multiChapter = b.meta.books.filter((book) => chapterVerses[book.number - 1].length > 1);
  const passage = fc.record({
    book: fc.constantFrom(...multiChapter),
    chapterSeed: fc.nat(),
    verseSeed: fc.nat(),
    lengthSeed: fc.nat(),
    style: fc.nat({ max: STYLES.length - 1 }),
    abbreviated: fc.boolean(),
    before: prose,
    after: prose,
  });
  it('finds it', async () => {
    await fc.assert(
      fc.asyncProperty(passage, async (p) => {
        const chapters = chapterVerses[p.book.number - 1];
        const chapter = 1 + (p.chapterSeed % chapters.length);
        const verses = chapters[chapter - 1];
        const v1 = 1 + (p.verseSeed % verses);
        const v2 = v1 + 1 + (p.lengthSeed % 5);
        const name =
          p.abbreviated && p.book.abbreviations.english[0] ? p.book.abbreviations.english[0] : p.book.names.english;
        const written = STYLES[p.style](name, chapter, v1, v2);
        const text = `${p.before}${p.before ? ' ' : ''}${written}${p.after ? ', ' : '.'}${p.after}`;
        const hits = await b.GetCitationsInText({ text });
        const common = [
          'Song of Solomon',
          'Job',
          'Acts',
          'Mark',
          'Numbers',
          'Judges',
          'Lamentations',
          'Revelation',
          'Ruth',
        ];
        void common;
        expect(hits.map((h: { match: string }) => h.match)).toEqual([written]);
        expect(hits[0].start).toBe(text.indexOf(written));
        expect(hits[0].passages).toEqual([
          {
            from: formatVerseId(p.book.number, chapter, v1),
            to: formatVerseId(p.book.number, chapter, Math.min(v2, verses)),
          },
        ]);
      }),
      { numRuns: 400 },
    );
  });

  it('a lone citation in the API form or a natural one gives the same verses', async () => {
    await fc.assert(
      fc.asyncProperty(passage, async (p) => {
        const chapters = chapterVerses[p.book.number - 1];
        const chapter = 1 + (p.chapterSeed % chapters.length);
        const v1 = 1 + (p.verseSeed % chapters[chapter - 1]);
        const v2 = Math.min(chapters[chapter - 1], v1 + (p.lengthSeed % 4));
        const api = await b.GetParseCitation({ citation: `${p.book.names.english} ${chapter}:${v1}-${v2}` });
        const natural = await b.GetParseCitation({ citation: STYLES[p.style](p.book.names.english, chapter, v1, v2) });
        expect(natural.verseIds).toEqual(api.verseIds);
      }),
      { numRuns: 200 },
    );
  });
});

describe('GetCitationsInText over HTTP, and bad input', () => {
  let srv: BibleServer;
  beforeAll(async () => {
    srv = await startServer();
  });
  afterAll(async () => {
    await srv.close(100);
  });

  it('answers GET for short texts and POST for long ones, and 413 past the limit', async () => {
    const text = 'See John 3:16 and Rom 5:8.';
    const viaGet = await get(srv.url, `/GetCitationsInText?text=${encodeURIComponent(text)}`);
    expect(viaGet.status).toBe(200);
    expect(viaGet.json().map((h: { match: string }) => h.match)).toEqual(['John 3:16', 'Rom 5:8']);
    const long = `${'Words without references. '.repeat(20_000)}Finally Isaiah 53:5.`;
    const viaPost = await post(srv.url, '/GetCitationsInText', long);
    expect(viaPost.status).toBe(200);
    expect(JSON.parse(viaPost.body)).toEqual([
      expect.objectContaining({ match: 'Isaiah 53:5', start: long.indexOf('Isaiah') }),
    ]);
    const tooLong = await post(srv.url, '/GetCitationsInText', 'x'.repeat(1_048_577));
    expect(tooLong.status).toBe(413);
    expect(JSON.parse(tooLong.body).error.code).toBe('PAYLOAD_TOO_LARGE');
    expect((await post(srv.url, '/GetVerse?verseId=43003016', '')).status).toBe(405);
  });

  it('names the parameter for a missing, empty, oversized or broken text', async () => {
    expect((await callError('GetCitationsInText', {})).code).toBe('MISSING_PARAMETER');
    for (const text of ['', '   ', 'x'.repeat(1_048_577), 'a\u0000b', '\ud800', ['John 3:16']]) {
      expect((await callError('GetCitationsInText', { text })).param).toBe('text');
    }
    expect(await b.GetCitationsInText({ text: 'no references here' })).toEqual([]);
  });
});

function post(base: string, path: string, body: string): Promise<{ status: number; body: string }> {
  return fetch(new URL(path, base), {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  }).then(async (r) => ({ status: r.status, body: await r.text() }));
}
