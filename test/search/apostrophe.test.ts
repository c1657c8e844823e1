// An apostrophe inside or at the end of a word is part of the word (straight or curly alike): a query
// with one finds that spelling and never runs across a space ("lord's" is not "the LORD said"). Checked
// against a plain scan of the text written with regular expressions, for every search operation, every
// search path and GetRandomVerse's limitToQuery.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MatchType } from '../../engine/core/match.ts';
import { findVerses, NormalizedVerses, type Strategy } from '../../engine/core/search/searcher.ts';
import { bible, callError, translationWithIndex } from '../helpers.ts';

const RUNS = Number(process.env.SEARCH_PROPERTY_RUNS ?? 60);

/** English text folded by the rule as written in docs/search.md, independently of match.ts. */
const fold = (s: string) =>
  s
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[\p{M}\p{Cf}]/gu, '')
    .replace(/(?<=(?!\u02bc)[\p{L}\p{N}])['\u2018\u2019\u02bc]/gu, '\u0000')
    .replace(/[^\p{L}\p{N}\u0000]+|\u02bc/gu, ' ')
    .replace(/ +/g, ' ')
    .trim()
    .replace(/\u0000/g, "'");

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The verses whose folded text holds the folded query: anywhere (broad), or as whole words (exact): after
 *  a space or the start, and before a space, an apostrophe or the end. */
function plainScan(folded: string[], query: string, matchType: MatchType): number[] {
  const q = fold(query);
  if (!q) return [];
  const whole = new RegExp(`(?:^| )${escapeRegExp(q)}(?=$| |')`);
  const out: number[] = [];
  folded.forEach((v, i) => {
    if (matchType === 'broad' ? v.includes(q) : whole.test(v)) out.push(i);
  });
  return out;
}

describe('apostrophes in search queries', async () => {
  const b = await bible();

  it('finds the possessive, not the words on either side of a space (KJV)', async () => {
    const broad = await b.GetSearchAdvanced({ query: "lord's", matchType: 'broad' });
    expect(broad.length).toBe(131);
    for (const r of broad) expect(r.t).toMatch(/lord[’']s/i);
    expect(await b.GetSearchAdvanced({ query: 'LORD’S', matchType: 'broad' })).toEqual(broad);
    const possessive = await b.GetSearchAdvanced({ query: "Jesus'" });
    expect(possessive.length).toBe(10);
    for (const r of possessive) expect(r.t).toMatch(/Jesus’/);
    expect(await b.GetSearch({ query: 'Jesus’' })).toEqual(possessive);
    expect(await b.GetSearchCount({ query: "Jesus'" })).toEqual({ searchCount: 10 });
    expect(await b.GetSearchCount({ query: 'Jesus' })).toEqual({ searchCount: 943 });
    const [random] = await b.GetRandomVerse({ limitToQuery: "Jesus'", seed: 3 });
    expect(possessive.map((r: { id: string }) => r.id)).toContain(random.id);
    // An apostrophe that opens a quotation is not part of a word.
    expect(await b.GetSearchCount({ query: "'Jesus" })).toEqual({ searchCount: 943 });
    expect((await callError('GetRandomVerse', { limitToQuery: "wept'" })).param).toBe('limitToQuery');
  });

  for (const versionId of ['kjv', 'asv', 'web']) {
    describe(versionId, () => {
      const { text, index } = translationWithIndex(versionId, b.meta.versification);
      const raw = Array.from({ length: text.size }, (_, i) => text.textAt(i));
      const folded = raw.map(fold);
      const withApostrophe = raw.flatMap((t, i) => (/['’]/.test(t) ? [i] : []));

      // Queries around an apostrophe of the text: the word holding it, a few words from there, or a piece
      // of text across it; spelled with either apostrophe, in any case, or with a space instead.
      const around = fc
        .tuple(fc.nat({ max: withApostrophe.length - 1 }), fc.nat(), fc.integer({ min: 1, max: 3 }), fc.nat(6))
        .map(([k, pick, words, shape]) => {
          const t = raw[withApostrophe[k]];
          const marks = [...t.matchAll(/['’]/g)];
          const at = marks[pick % marks.length].index!;
          if (shape < 2) {
            const start = t.lastIndexOf(' ', at) + 1;
            let end = at;
            for (let w = 0; w < words && end !== -1; w++) end = t.indexOf(' ', end + 1);
            return t.slice(start, end === -1 ? t.length : end);
          }
          return t.slice(Math.max(0, at - 1 - shape), at + 1 + shape);
        });
      const spelling = fc.constantFrom('as is', 'straight', 'curly', 'upper', 'lower', 'space');
      const query = fc.tuple(around, spelling).map(([q, how]) => {
        switch (how) {
          case 'straight':
            return q.replace(/’/g, "'");
          case 'curly':
            return q.replace(/'/g, '’');
          case 'upper':
            return q.toUpperCase();
          case 'lower':
            return q.toLowerCase();
          case 'space':
            return q.replace(/['’]/g, ' ');
          default:
            return q;
        }
      });
      const matchType = fc.constantFrom<MatchType>('exact', 'broad');
      const idsOf = (positions: number[]) => positions.map((i) => text.ids[i]);

      it('every operation answers what a plain scan finds', async () => {
        await fc.assert(
          fc.asyncProperty(query, matchType, fc.nat(), async (q, type, seed) => {
            const expected = idsOf(plainScan(folded, q, type));
            if (q.trim().length >= 2) {
              const rows = await b.GetSearchAdvanced({ query: q, versionId, matchType: type });
              expect(rows.map((r: { id: string }) => Number(r.id))).toEqual(expected);
            }
            if (type === 'exact' && q.trim()) {
              const rows = await b.GetSearch({ query: q, versionId });
              expect(rows.map((r: { id: string }) => Number(r.id))).toEqual(expected);
              expect(await b.GetSearchCount({ query: q, versionId })).toEqual({ searchCount: expected.length });
              if (expected.length > 0) {
                const [verse] = await b.GetRandomVerse({ versionId, limitToQuery: q, seed });
                expect(expected).toContain(Number(verse.id));
              } else if (fold(q)) {
                expect((await callError('GetRandomVerse', { versionId, limitToQuery: q })).param).toBe('limitToQuery');
              }
            }
          }),
          { numRuns: RUNS },
        );
      });

      it('every search path gives that answer', () => {
        const verses = new NormalizedVerses(text);
        const strategies: Strategy[] = ['index', 'scan', 'verses'];
        fc.assert(
          fc.property(query, matchType, (q, type) => {
            const expected = plainScan(folded, q, type);
            for (const strategy of strategies) {
              expect(
                Array.from(findVerses(verses, index, { query: q, matchType: type, range: [0, text.size], strategy })),
              ).toEqual(expected);
            }
          }),
          { numRuns: RUNS },
        );
      });
    });
  }
});
