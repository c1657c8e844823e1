// The extrabiblical pack: 43 books outside the canon (1 Enoch, Jubilees, Jasher, …), as the dump adapter
// reads them, stored as one text with row ends plus each book's chapters and the source's own labels.
import { EXTRABIBLICAL } from '../../sources/catalog.ts';
import { readExtraBiblical } from '../adapters/extrabiblical-dump.ts';
import type { Builder } from './context.ts';
import { sectionsOf } from '../pack/writer.ts';
import { EXTRABIBLICAL_PACK } from '../../engine/core/pack/schemas.ts';
import { normalizeText } from '../../engine/core/match.ts';
import { buildPostings, encodePostings, SEARCH_FORMAT } from '../../engine/core/search/postings.ts';

export const extrabiblicalBuilder: Builder = {
  name: 'extrabiblical',
  build(ctx) {
    if (ctx.excluded(EXTRABIBLICAL.id)) return [];
    const { books, rows, report } = readExtraBiblical(ctx.source(EXTRABIBLICAL.id));
    for (const line of report) ctx.log(`  ${line}`);

    // Chapters of each book as [chapter, first row, row count]; rows of one chapter are contiguous.
    const chapters: Record<string, [number, number, number][]> = {};
    rows.forEach((r, i) => {
      const list = (chapters[r.b] ??= []);
      const last = list[list.length - 1];
      if (last && last[0] === r.c) last[2]++;
      else list.push([r.c, i, 1]);
    });
    // The source's own labels where they differ from the numbers ("22b", "6a"): sparse.
    const labels: Record<string, [string, string]> = {};
    rows.forEach((r, i) => {
      if (r.cs !== String(r.c) || r.vs !== String(r.v)) labels[i] = [r.cs, r.vs];
    });

    const text: string[] = [];
    const ends: number[] = [];
    let at = 0;
    for (const r of rows) {
      text.push(r.t);
      at += r.t.length;
      ends.push(at);
    }
    // GetSearchExtraBiblical's exact word index over rows, the kind the engine makes over a translation's verses.
    const search = buildPostings(rows.map((r) => normalizeText(r.t)));
    const { terms, ids, postings } = encodePostings(search);
    return [
      {
        name: EXTRABIBLICAL_PACK.name,
        datasets: [EXTRABIBLICAL.id],
        sections: sectionsOf(EXTRABIBLICAL_PACK, {
          books,
          chapters,
          book: rows.map((r) => r.b),
          chapter: rows.map((r) => r.c),
          verse: rows.map((r) => r.v),
          labels,
          text: text.join(''),
          /** end of each row's text, in UTF-16 code units of the decoded text */
          textEnds: ends,
          searchInfo: { format: SEARCH_FORMAT, size: rows.length, terms: search.size, postings },
          searchTerms: terms,
          searchIds: ids,
        }),
      },
    ];
  },
};
