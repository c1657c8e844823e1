// Property: for random queries drawn from the text (words, word runs, substrings, in any case and with or
// without accents) and random limits, the engine's answer equals a plain scan of the verse texts with the
// same normalisation, and every search path (index, whole-text scan, verse by verse) gives that answer,
// and highlight spans agree with it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeText, type MatchType } from '../../engine/core/match.ts';
import { readerLength } from '../../engine/core/params.ts';
import { findVerses, matchSpans, NormalizedVerses, type Strategy } from '../../engine/core/search/searcher.ts';
import { bible, translationWithIndex } from '../helpers.ts';

// English, Spanish, Arabic; WEB and SVD also have verses of their own beyond the KJV grid.
const VERSIONS = ['kjv', 'rv1909', 'svd', 'web'];
const RUNS = Number(process.env.SEARCH_PROPERTY_RUNS ?? 120);

type Limit =
  | { kind: 'none' }
  | { kind: 'book'; book: number }
  | { kind: 'testament'; testament: 'ot' | 'nt' }
  | { kind: 'chapter'; book: number; chapter: number };

describe('search equals a plain scan', async () => {
  const b = await bible();

  for (const versionId of VERSIONS) {
    describe(versionId, () => {
      const { text, index } = translationWithIndex(versionId, b.meta.versification);
      const raw = Array.from({ length: text.size }, (_, i) => text.textAt(i));
      const folded = raw.map(normalizeText);
      const chapterVerses = b.meta.versionById.get(versionId)!.chapterVerses;

      /** The definition: normalise, then look for the query in every verse within the range. */
      const plainScan = (
        query: string,
        matchType: MatchType,
        exclude: string | undefined,
        [first, end]: [number, number],
      ) => {
        const q = normalizeText(query);
        const e = exclude === undefined ? '' : normalizeText(exclude);
        // A whole word starts after a space and ends before a space or an apostrophe ("jesus" in "jesus'").
        const apart = (s: string) => ` ${s.replace(/'/g, " '")} `;
        const has = (verse: string, s: string) =>
          matchType === 'broad' ? verse.includes(s) : apart(verse).includes(apart(s));
        const out: number[] = [];
        if (!q) return out;
        for (let i = first; i < end; i++) if (has(folded[i], q) && !(e && has(folded[i], e))) out.push(i);
        return out;
      };

      const rangeOf = (limit: Limit): [number, number] => {
        switch (limit.kind) {
          case 'none':
            return [0, text.size];
          case 'book':
            return text.bookRange(limit.book);
          case 'chapter':
            return text.chapterRange(limit.book, limit.chapter);
          case 'testament': {
            const nt = text.bookRange(40)[0];
            return limit.testament === 'ot' ? [0, nt] : [nt, text.size];
          }
        }
      };
      const limitParams = (limit: Limit) =>
        limit.kind === 'book'
          ? { limitToBookId: limit.book }
          : limit.kind === 'testament'
            ? { limitToBookId: limit.testament }
            : limit.kind === 'chapter'
              ? { limitToBookId: limit.book, limitToChapterId: limit.chapter }
              : {};

      // Queries drawn from the text itself, so most of them match something.
      const tokens = (i: number) => raw[i].split(/\s+/).filter(Boolean);
      const verse = fc.nat({ max: text.size - 1 });
      const word = fc.tuple(verse, fc.nat()).map(([i, k]) => {
        const t = tokens(i);
        return t[k % t.length];
      });
      const run = fc.tuple(verse, fc.nat(), fc.integer({ min: 2, max: 5 })).map(([i, k, n]) => {
        const t = tokens(i);
        const from = k % t.length;
        return t.slice(from, from + n).join(' ');
      });
      const substring = fc.tuple(verse, fc.nat(), fc.integer({ min: 1, max: 24 })).map(([i, k, n]) => {
        const s = raw[i];
        const from = k % s.length;
        return s.slice(from, from + n);
      });
      const spelling = fc.constantFrom('as is', 'upper', 'lower', 'no marks');
      const query = fc
        .tuple(fc.oneof(word, run, substring), spelling)
        .map(([q, how]) =>
          how === 'upper'
            ? q.toUpperCase()
            : how === 'lower'
              ? q.toLowerCase()
              : how === 'no marks'
                ? q.normalize('NFD').replace(/\p{M}/gu, '')
                : q,
        );
      const book = fc.integer({ min: 1, max: 66 }).filter((n) => chapterVerses[n - 1].length > 0);
      const limit: fc.Arbitrary<Limit> = fc.oneof(
        fc.constant({ kind: 'none' } as Limit),
        book.map((n) => ({ kind: 'book', book: n }) as Limit),
        fc.constantFrom<Limit>({ kind: 'testament', testament: 'ot' }, { kind: 'testament', testament: 'nt' }),
        fc
          .tuple(book, fc.nat())
          .map(([n, c]) => ({ kind: 'chapter', book: n, chapter: 1 + (c % chapterVerses[n - 1].length) }) as Limit),
      );
      const matchType = fc.constantFrom<MatchType>('exact', 'broad');
      const exclude = fc.option(fc.oneof(word, run, substring), { nil: undefined, freq: 3 });

      it('GetSearchAdvanced and GetSearch answer exactly what a plain scan finds', async () => {
        await fc.assert(
          fc.asyncProperty(query, matchType, limit, exclude, async (q, type, lim, ex) => {
            const expected = plainScan(q, type, ex, rangeOf(lim)).map((i) => text.ids[i]);
            if (readerLength(q.trim()) >= 2 && (ex === undefined || ex.trim().length >= 1)) {
              const rows = (await b.call('GetSearchAdvanced', {
                query: q,
                versionId,
                matchType: type,
                ...limitParams(lim),
                ...(ex === undefined ? {} : { excludeString: ex }),
              } as never)) as { id: string; t: string }[];
              expect(rows.map((r) => Number(r.id))).toEqual(expected);
              for (const r of rows) expect(r.t).toBe(raw[text.indexOf(Number(r.id))]);
            }
            if (q.trim().length >= 1 && lim.kind === 'none') {
              const all = plainScan(q, 'exact', undefined, [0, text.size]).map((i) => text.ids[i]);
              const rows = (await b.call('GetSearch', { query: q, versionId })) as { id: string }[];
              expect(rows.map((r) => Number(r.id))).toEqual(all);
              expect(await b.call('GetSearchCount', { query: q, versionId })).toEqual({ searchCount: all.length });
            }
          }),
          { numRuns: RUNS },
        );
      });

      it('every search path gives the same answer', () => {
        const verses = new NormalizedVerses(text);
        const strategies: Strategy[] = ['auto', 'index', 'scan', 'verses'];
        fc.assert(
          fc.property(query, matchType, limit, exclude, (q, type, lim, ex) => {
            const range = rangeOf(lim);
            const expected = plainScan(q, type, ex, range);
            for (const strategy of strategies) {
              expect(
                Array.from(findVerses(verses, index, { query: q, matchType: type, exclude: ex, range, strategy })),
              ).toEqual(expected);
            }
            // Highlight spans agree with the matching: every verse found has one, and each holds the query.
            const nq = normalizeText(q);
            for (const i of expected.slice(0, 20)) {
              const spans = matchSpans(raw[i], q, type);
              expect(spans.length).toBeGreaterThan(0);
              for (const [s, e] of spans) expect(normalizeText(raw[i].slice(s, e))).toContain(nq);
            }
          }),
          { numRuns: Math.ceil(RUNS / 2) },
        );
      });
    });
  }
});
