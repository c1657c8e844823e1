// The search builder on tiny translations: each word's verse positions, keys sorted, positions as LEB128 gaps.
import { afterAll, describe, expect, it } from 'vitest';
import type { TranslationText } from '../adapters/types.ts';
import { SEARCH_FORMAT } from '../../engine/core/search/postings.ts';
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

  it('stores each folded word once, sorted, with its verse positions as a count and gaps', () => {
    expect(packs.find((p) => p.name === 'search-kjv')!.sections).toEqual({
      info: info('kjv', 3, 8, 9),
      terms: { kind: 'utf8', data: 'and\nbeginning\ngod\nin\njesus\nsaid\nthe\nwept' },
      // and [1], beginning [0], god [0, 1], in [0], jesus [2], said [1], the [0], wept [2]
      ids: { kind: 'bytes', data: Uint8Array.from([1, 1, 1, 0, 2, 0, 0, 1, 0, 1, 2, 1, 1, 1, 0, 1, 2]) },
    });
    expect(packs.find((p) => p.name === 'search-svd')!.sections).toEqual({
      info: info('svd', 2, 3, 3),
      terms: { kind: 'utf8', data: 'الله\nقال\nوقال' },
      ids: { kind: 'bytes', data: Uint8Array.from([1, 0, 1, 1, 1, 0]) },
    });
    expect(packs.find((p) => p.name === 'search-asv')!.sections).toEqual({
      info: info('asv', 1, 1, 1),
      terms: { kind: 'utf8', data: 'amen' },
      ids: { kind: 'bytes', data: Uint8Array.from([1, 0]) },
    });
  });

  it('indexes a word with an apostrophe under the word and under its start before each apostrophe', () => {
    const { ctx: possessive } = fixtureContext({
      translations: {
        ...translations,
        kjv: { verses: [{ book: 1, chapter: 1, verse: 1, text: 'The LORD’S house, Jesus’ feet.' }] },
      },
    });
    const kjv = searchBuilder.build(possessive).find((p) => p.name === 'search-kjv')!;
    expect(kjv.sections.terms).toEqual({
      kind: 'utf8',
      data: ['feet', 'house', 'jesus', "jesus'", 'lord', "lord's", 'the'].join('\n'),
    });
  });

  it('writes a gap of 128 or more as a two-byte varint', () => {
    const verses = Array.from({ length: 131 }, (_, i) => ({ book: 1, chapter: 1, verse: i + 1, text: 'x' }));
    verses[130].text = 'x y';
    const { ctx: long } = fixtureContext({ translations: { ...translations, kjv: { verses } } });
    const kjv = searchBuilder.build(long).find((p) => p.name === 'search-kjv')!;
    // x: 131 ids, each one after the last (gap 0); y: position 130 alone, a gap of 130 = 0x82 0x01.
    expect(kjv.sections.terms).toEqual({ kind: 'utf8', data: 'x\ny' });
    expect(kjv.sections.ids).toEqual({
      kind: 'bytes',
      data: Uint8Array.from([0x83, 0x01, ...Array(131).fill(0), 1, 0x82, 0x01]),
    });
  });
});
