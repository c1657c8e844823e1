// Search: GetSearch, GetSearchAdvanced, GetSearchCount. A verse matches when its text contains the query
// after both are normalised (engine/core/match.ts: case, accents, Arabic vowel marks and letter variants
// folded, punctuation ignored, an apostrophe after a letter kept in its word). GetSearch and GetSearchCount match whole words, a multi-word query as a
// phrase in order; GetSearchAdvanced chooses whole words (`exact`, the default) or any substring
// (`broad`). Answers are verse rows in canonical order, whichever path found them (search/searcher.ts).
import type { MatchType } from '../match.ts';
import { COMMON_PARAMS, defineOperation, textPack, type Context } from '../operation.ts';
import { VERSE } from '../records.ts';
import { arrayOf, number, object, optional, string, type Infer } from '../shape.ts';
import { allRows, pagedRows, type Rows } from '../rows.ts';
import { matchingPositions } from '../search/matching.ts';
import { matchSpans } from '../search/searcher.ts';
import { limitRange } from '../chapters.ts';

interface Page {
  offset?: number;
  limit?: number;
  highlight?: string;
  query: string;
  matchType?: MatchType;
}

/** Verse rows for a page of the matches, each built when asked for; with highlight=true each row also
 *  gets `highlights`, the [start, end) UTF-16 offsets in t of every match. */
function rows(ctx: Context, versionId: string, positions: ArrayLike<number>, page: Page): Rows<SearchHit> {
  const text = ctx.translation(versionId);
  const highlighted = page.highlight === 'true';
  return pagedRows(positions.length, page, (k) => {
    // The translation's own row: an imported translation's rows carry the KJV verse each stands for.
    const row = text.rowAt(positions[k]);
    return highlighted ? { ...row, highlights: matchSpans(row.t, page.query, page.matchType ?? 'exact') } : row;
  });
}

type SearchHit = Infer<typeof SEARCH_HIT>;

function searchRows(ctx: Context, p: Record<string, any>): Rows<SearchHit> {
  const found = matchingPositions(ctx, p.versionId, p.query);
  return rows(ctx, p.versionId, found, p as Page);
}

function advancedSearchRows(ctx: Context, p: Record<string, any>): Rows<SearchHit> {
  const range = limitRange(ctx, p.versionId, p.limitToBookId, p.limitToChapterId);
  const found = matchingPositions(ctx, p.versionId, p.query, {
    matchType: p.matchType,
    exclude: p.excludeString,
    range,
  });
  return rows(ctx, p.versionId, found, p as Page);
}

const query = {
  name: 'query',
  type: 'text',
  required: true,
  maxLength: 1000,
  description: 'a word or phrase; whole words, in order; case, accents and vowel marks ignored',
} as const;
const limit = {
  name: 'limit',
  type: 'integer',
  min: 1,
  max: 1_000_000,
  description: 'optional: return at most this many verses (paging; default all)',
} as const;
const offset = {
  name: 'offset',
  type: 'integer',
  min: 0,
  max: 1_000_000,
  description: 'optional: skip this many matching verses first (paging; default 0)',
} as const;
const highlight = {
  name: 'highlight',
  type: 'choice',
  values: ['false', 'true'],
  description: 'optional: true adds highlights, the [start, end) offsets in t of each match (default false)',
} as const;
const searchPacks = (p: Record<string, any>) => [textPack(p.versionId)];

/** A verse row; with highlight=true it also carries the [start, end) offsets of each match in t. */
const SEARCH_HIT = object(
  { id: string, b: string, c: string, v: string, t: string },
  { kjvId: VERSE.added.kjvId, highlights: optional(arrayOf(arrayOf(number))) },
);

export const searchOperations = [
  defineOperation({
    name: 'GetSearch',
    family: 'search',
    summary:
      'Verses whose text contains the query as whole words (a phrase in order), ignoring case, accents and vowel marks: [{id, b, c, v, t}] in canonical order.',
    params: [query, COMMON_PARAMS.versionId, limit, offset, highlight],
    result: arrayOf(SEARCH_HIT),
    packs: searchPacks,
    rows: searchRows,
    run: (ctx, p) => allRows(searchRows(ctx, p)),
  }),
  defineOperation({
    name: 'GetSearchAdvanced',
    family: 'search',
    summary:
      'Like GetSearch, with matchType exact (whole words) or broad (any substring), excludeString, and a book, testament or chapter limit: [{id, b, c, v, t}].',
    params: [
      {
        ...query,
        minLength: 2,
        description:
          'a word, phrase or (broad) fragment of at least 2 characters; case, accents and vowel marks ignored',
      },
      COMMON_PARAMS.versionId,
      {
        name: 'matchType',
        type: 'choice',
        values: ['exact', 'broad'],
        default: 'exact',
        description: 'exact: whole words only (default); broad: any substring, even inside a word',
      },
      {
        name: 'excludeString',
        type: 'text',
        maxLength: 1000,
        description: 'optional: leave out verses containing this (matched like the query)',
      },
      COMMON_PARAMS.limitToBookId,
      COMMON_PARAMS.limitToChapterId,
      limit,
      offset,
      highlight,
    ],
    result: arrayOf(SEARCH_HIT),
    packs: searchPacks,
    rows: advancedSearchRows,
    run: (ctx, p) => allRows(advancedSearchRows(ctx, p)),
  }),
  defineOperation({
    name: 'GetSearchCount',
    family: 'search',
    summary: 'How many verses GetSearch returns for the query: {searchCount}.',
    params: [query, COMMON_PARAMS.versionId],
    result: object({ searchCount: number }),
    packs: searchPacks,
    run: (ctx, p) => ({ searchCount: matchingPositions(ctx, p.versionId, p.query).length }),
  }),
] as const;
