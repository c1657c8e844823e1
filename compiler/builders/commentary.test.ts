// The commentary builder on tiny Gill files: blocks placed by their lemma, shared texts stored once, byte
// offsets, the texts word-coded in blocks of whole entries.
import { afterAll, describe, expect, it } from 'vitest';
import { decodedBlocks, fixtureContext, removeFixtures } from '../../test/compiler/fixture-context.ts';
import { commentaryBuilder } from './commentary.ts';

afterAll(removeFixtures);

const gill = (entries: [number, number, string, string][]) =>
  JSON.stringify({
    meta: {},
    data: entries.map(([book_number, chapter, verse_range, commentary_text]) => ({
      book_number,
      chapter,
      verse_range,
      commentary_text,
    })),
  });

const KJV = {
  verses: [
    { book: 1, chapter: 1, verse: 1, text: 'In the beginning God created the heaven and the earth.' },
    { book: 1, chapter: 1, verse: 2, text: 'And the earth was without form, and void.' },
    { book: 1, chapter: 1, verse: 3, text: 'And God said, Let there be light: and there was light.' },
    { book: 2, chapter: 1, verse: 1, text: 'Now these are the names of the children of Israel.' },
    { book: 2, chapter: 1, verse: 2, text: 'Reuben, Simeon, Levi, and Judah.' },
    { book: 2, chapter: 1, verse: 3, text: 'Issachar, Zebulun, and Benjamin.' },
  ],
};

const GENESIS_INTRO = 'INTRODUCTION TO GENESIS 1\nThis chapter tells of the creation.';
const GENESIS_1 = 'In the beginning God created,.... that is, all things.';
// Keyed to verse 2, but its lemma quotes verse 3.
const GENESIS_3 = 'And God said, let there be light,.... and it was so.';
const EXODUS_1 = 'Now these are the names,.... of "Israel".';

const FILES = {
  'gill/01-genesis.json': gill([
    [1, 1, '1', `${GENESIS_INTRO}\n${GENESIS_1}`],
    [1, 1, '2', GENESIS_3],
  ]),
  // One comment on a range: verse 2 takes verse 1's text; the source's mojibake quotation mark is repaired.
  'gill/02-exodus.json': gill([[2, 1, '1-2', 'Now these are the names,.... of â€œIsrael".']]),
  // Every entry spans its whole chapter: introductions only.
  'gill/22-song.json': gill([[22, 1, '1-2', 'INTRODUCTION TO SONG OF SOLOMON 1\nThe song of songs.']]),
  // Files starting with '_' are not books.
  'gill/_index.json': 'not JSON',
};

describe('commentaryBuilder', () => {
  const { ctx, logs, translationsRead } = fixtureContext({
    files: FILES,
    chapters: { 1: [3], 2: [3], 22: [2] },
    translations: { kjv: KJV },
  });
  const packs = commentaryBuilder.build(ctx);

  it('builds the Gill pack from the gill dataset, matching lemmas against the KJV text', () => {
    expect(packs.map((p) => [p.name, p.datasets])).toEqual([['commentary-gill', ['gill']]]);
    expect(translationsRead).toEqual(['kjv']);
  });

  it('numbers each distinct text once and points every KJV ordinal at its text', () => {
    const texts = [`${GENESIS_INTRO}\n\n${GENESIS_1}`, GENESIS_3, EXODUS_1];
    const stats = { entries: 4, blocks: 4, moved: 1, unmatched: 0, byHeader: 0, introductions: 1, versesWithout: 2 };
    const sections = packs[0].sections as Record<string, { kind: string; data: unknown }>;
    expect({
      info: sections.info,
      byOrdinal: sections.byOrdinal,
      offsets: sections.offsets,
      blockFirstEntry: sections.blockFirstEntry,
      blocks: decodedBlocks(sections),
    }).toEqual({
      info: {
        kind: 'json',
        data: {
          missingBooks: Array.from({ length: 66 }, (_, i) => i + 1).filter((b) => ![1, 2, 22].includes(b)),
          introductionOnlyBooks: [22],
          stats,
        },
      },
      // Ordinals: Genesis 1:1-3 are 0-2, Exodus 1:1-3 are 3-5, Song 1:1-2 are 6-7 (introductions are not stored).
      byOrdinal: { kind: 'u32', data: Uint32Array.from([1, 0, 2, 3, 3, 0, 0, 0]) },
      offsets: { kind: 'u32', data: [0, 117, 169, 210] },
      // One block (entries 1 to 3) of the texts back to back, word-coded.
      blockFirstEntry: { kind: 'u32', data: [1, 4] },
      blocks: [texts.join('')],
    });
    expect(logs).toEqual([`  4 verses, 3 texts, 0.0 MiB in 1 blocks; ${JSON.stringify(stats)}`]);
  });
});
