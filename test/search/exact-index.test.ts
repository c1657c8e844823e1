// The exact word indexes agree with the texts: in every translation (the index the engine makes from its
// text pack) and in the extra-biblical rows (the index that pack stores), a key's posting list is exactly
// the rows where that key is a whole word by the matcher's own rule (isWholeWordAt), and every whole word
// the rule can find in a row is a key. One pass over each text enumerates every whole-word match that
// holds no space; it is compared with the index's lists.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWholeWordAt, normalizeText } from '../../engine/core/match.ts';
import { EXTRABIBLICAL_PACK } from '../../engine/core/pack/schemas.ts';
import { decodePostings, type PostingIndex } from '../../engine/core/search/postings.ts';
import { bible, readLocalPack as readLocal, translationWithIndex } from '../helpers.ts';

/** Every one-word string that matches each row as a whole word, by trying each end within each word. */
function wholeWordsOf(rows: string[]): Map<string, number[]> {
  const found = new Map<string, number[]>();
  rows.forEach((text, row) => {
    for (let start = 0; start < text.length; start++) {
      if (start > 0 && text[start - 1] !== ' ') continue;
      for (let end = start + 1; end <= text.length && text[end - 1] !== ' '; end++) {
        if (!isWholeWordAt(text, start, end - start)) continue;
        const word = text.slice(start, end);
        let list = found.get(word);
        if (!list) found.set(word, (list = []));
        if (list[list.length - 1] !== row) list.push(row);
      }
    }
  });
  return found;
}

/** The keys whose lists differ from the text's, and the words of the text the index lacks (a few of each). */
function disagreements(index: PostingIndex, rows: string[]): string[] {
  const expected = wholeWordsOf(rows);
  const wrong: string[] = [];
  for (let k = 0; k < index.terms.length && wrong.length < 10; k++) {
    const want = expected.get(index.terms[k]);
    const got = index.list(k);
    if (!want || want.length !== got.length || want.some((row, j) => got[j] !== row)) wrong.push(index.terms[k]);
  }
  for (const word of expected.keys()) if (wrong.length < 10 && index.find(word) === -1) wrong.push(`missing ${word}`);
  if (expected.size !== index.terms.length) wrong.push(`${expected.size} words, ${index.terms.length} keys`);
  return wrong;
}

describe('the exact word index', async () => {
  const b = await bible();

  for (const { versionId } of b.meta.versions) {
    it(`of ${versionId} holds, for every word, exactly the verses the exact matcher finds it in`, () => {
      const { text, index } = translationWithIndex(versionId, b.meta.versification);
      const { postings } = index;
      const rows = Array.from({ length: text.size }, (_, i) => normalizeText(text.textAt(i)));
      expect(disagreements(postings, rows)).toEqual([]);
    });
  }

  it('of the extra-biblical rows does too', () => {
    const pack = readLocal(EXTRABIBLICAL_PACK.name);
    const info = pack.json<{ size: number; postings: number }>('searchInfo');
    const index = decodePostings(pack.text('searchTerms'), pack.bytes('searchIds'), info.postings, info.size);
    const text = pack.text('text');
    const ends = pack.u32('textEnds');
    const rows = Array.from(ends, (end, i) => normalizeText(text.slice(i === 0 ? 0 : ends[i - 1], end)));
    expect(disagreements(index, rows)).toEqual([]);
  });

  it('counts a one-word GetSearchCount as its list, and a chapter or book as a slice of it', async () => {
    const { text, index } = translationWithIndex('kjv', b.meta.versification);
    const { postings } = index;
    const word = fc.nat({ max: postings.terms.length - 1 });
    const book = fc.integer({ min: 1, max: 66 });
    await fc.assert(
      fc.asyncProperty(word, book, async (k, n) => {
        const key = postings.terms[k];
        const list = Array.from(postings.list(k));
        expect(await b.call('GetSearchCount', { query: key })).toEqual({ searchCount: list.length });
        const [first, end] = text.bookRange(n);
        if (key.length < 2) return;
        const rows = (await b.call('GetSearchAdvanced', { query: key, limitToBookId: n })) as { id: string }[];
        expect(rows.map((r) => text.indexOf(Number(r.id)))).toEqual(list.filter((p) => p >= first && p < end));
      }),
      { numRuns: 60 },
    );
  });
});
