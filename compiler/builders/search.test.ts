// The search builder on tiny translations: each word's verse positions, keys sorted, read back through the
// engine's own decoder (the byte format is the coder's, tested in test/search).
import { afterAll, describe, expect, it } from 'vitest';
import type { TranslationText } from '../adapters/types.ts';
import { decodePostings, SEARCH_FORMAT } from '../../engine/core/search/postings.ts';
import { TRANSLATIONS } from '../../sources/catalog.ts';
import { fixtureContext, removeFixtures } from '../../test/compiler/fixture-context.ts';
import { searchBuilder } from './search.ts';

afterAll(removeFixtures);

const AMEN: TranslationText = { verses: [{ book: 1, chapter: 1, verse: 1, text: 'Amen.' }] };
// Out of order on purpose: positions follow the text pack's canonical order.
const KJV: TranslationText = {
  verses: [
    { book: 40, chapter: 1, verse: 1, text: 'Jesus wept.' },
    { book: 1, chapter: 1, verse: 1, text: 'In the beginning God.' },
    { book: 1, chapter: 1, verse: 2, text: 'And GOD said.' },
  ],
};
// Vowel marks fold away, so "وَقَالَ" and "اللهُ" are found by their bare letters.
const SVD: TranslationText = {
  verses: [
    { book: 1, chapter: 1, verse: 1, text: 'وَقَالَ اللهُ' },
    { book: 1, chapter: 1, verse: 2, text: 'قال' },
  ],
};

/** A built search pack's keys and each key's rows, as the engine reads them. */
function postingsOf(pack: { sections: Record<string, { data: unknown }> }): Record<string, number[]> {
  const info = pack.sections.info.data as { postings: number; size: number };
  const index = decodePostings(
    pack.sections.terms.data as string,
    pack.sections.ids.data as Uint8Array,
    info.postings,
    info.size,
  );
  return Object.fromEntries(index.terms.map((key, k) => [key, [...index.list(k)]]));
}

const info = (versionId: string, size: number, terms: number, postings: number) => ({
  kind: 'json',
  data: {
    format: SEARCH_FORMAT,
    versionId,
    size,
    terms,
    postings,
  },
});

describe('searchBuilder', () => {
  const translations = Object.fromEntries(TRANSLATIONS.map((t) => [t.id, AMEN]));
  const { ctx } = fixtureContext({ translations: { ...translations, kjv: KJV, svd: SVD } });
  const packs = searchBuilder.build(ctx);

  it('builds one pack per translation, in catalog order, each from its own dataset', () => {
    expect(packs.map((p) => [p.name, p.datasets])).toEqual(TRANSLATIONS.map((t) => [`search-${t.versionId}`, [t.id]]));
  });

  it('stores each folded word once, sorted, with its verse positions', () => {
    const kjv = packs.find((p) => p.name === 'search-kjv')!;
    expect(kjv.sections.info).toEqual(info('kjv', 3, 8, 9));
    // Positions follow the text pack's canonical order: Genesis 1:1, 1:2, then Matthew 1:1.
    expect(postingsOf(kjv)).toEqual({
      and: [1],
      beginning: [0],
      god: [0, 1],
      in: [0],
      jesus: [2],
      said: [1],
      the: [0],
      wept: [2],
    });
    const svd = packs.find((p) => p.name === 'search-svd')!;
    expect(svd.sections.info).toEqual(info('svd', 2, 3, 3));
    expect(postingsOf(svd)).toEqual({ الله: [0], قال: [1], وقال: [0] });
    const asv = packs.find((p) => p.name === 'search-asv')!;
    expect(asv.sections.info).toEqual(info('asv', 1, 1, 1));
    expect(postingsOf(asv)).toEqual({ amen: [0] });
  });

  it('indexes a word with an apostrophe under the word and under its start before each apostrophe', () => {
    const { ctx: possessive } = fixtureContext({
      translations: {
        ...translations,
        kjv: { verses: [{ book: 1, chapter: 1, verse: 1, text: 'The LORD’S house, Jesus’ feet.' }] },
      },
    });
    const kjv = searchBuilder.build(possessive).find((p) => p.name === 'search-kjv')!;
    expect(Object.keys(postingsOf(kjv))).toEqual(['feet', 'house', 'jesus', "jesus'", 'lord', "lord's", 'the']);
  });

  it('reads back a long run of neighbouring rows and a row far from the one before', () => {
    const verses = Array.from({ length: 131 }, (_, i) => ({ book: 1, chapter: 1, verse: i + 1, text: 'x' }));
    verses[130].text = 'x y';
    const { ctx: long } = fixtureContext({ translations: { ...translations, kjv: { verses } } });
    const kjv = searchBuilder.build(long).find((p) => p.name === 'search-kjv')!;
    expect(postingsOf(kjv)).toEqual({ x: Array.from({ length: 131 }, (_, i) => i), y: [130] });
  });
});
