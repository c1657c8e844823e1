// The text builder on tiny translations: canonical order, NFC, missing and extra verses, blocks of chapters.
import { afterAll, describe, expect, it } from 'vitest';
import type { TranslationText } from '../adapters/types.ts';
import { TRANSLATIONS } from '../../sources/catalog.ts';
import { decodedBlocks, fixtureContext, removeFixtures } from '../../test/compiler/fixture-context.ts';
import { chapterRunBlocks, ownChapterVerses, ownLastVerses, TEXT_BLOCK_BYTES, textBuilder } from './text.ts';

afterAll(removeFixtures);

// Genesis 1 has two verses and Matthew 1 one in this fixture's KJV grid.
const CHAPTERS = { 1: [2], 40: [1] };
const KJV: TranslationText = {
  verses: [
    { book: 40, chapter: 1, verse: 1, text: 'The book.' },
    { book: 1, chapter: 1, verse: 2, text: 'And the earth.' },
    { book: 1, chapter: 1, verse: 1, text: 'In the beginning.' },
  ],
};
// The source puts shadda (U+0651) before fatha (U+064E); NFC puts fatha first. Each letter is two UTF-8 bytes.
const SVD: TranslationText = {
  verses: [
    { book: 1, chapter: 1, verse: 1, text: '\u0628\u0651\u064e' },
    { book: 1, chapter: 1, verse: 3, text: '\u062c' },
  ],
  incomplete: [{ book: 1, chapter: 1, verse: 1, reason: 'words missing' }],
};
const AMEN: TranslationText = { verses: [{ book: 1, chapter: 1, verse: 1, text: 'Amen.' }] };

function translations(overrides: Record<string, TranslationText>): Record<string, TranslationText> {
  return { ...Object.fromEntries(TRANSLATIONS.map((t) => [t.id, AMEN])), ...overrides };
}

describe('textBuilder', () => {
  const { ctx, translationsRead } = fixtureContext({
    chapters: CHAPTERS,
    translations: translations({ kjv: KJV, svd: SVD }),
  });
  const packs = textBuilder.build(ctx);

  it('builds one pack per translation, in catalog order, each from its own dataset', () => {
    expect(packs.map((p) => [p.name, p.datasets])).toEqual(TRANSLATIONS.map((t) => [`text-${t.versionId}`, [t.id]]));
    expect(translationsRead).toEqual(TRANSLATIONS.map((t) => t.id));
  });

  /** A built pack's info, block starts and the text of each block, decoded as the engine decodes it. */
  const contents = (name: string) => {
    const sections = packs.find((p) => p.name === name)!.sections as Record<string, { data: unknown }>;
    return {
      info: sections.info.data,
      blockStarts: sections.blockStarts.data,
      blocks: decodedBlocks(sections),
    };
  };

  it('sorts verses canonically and cuts them into blocks that never span two books', () => {
    expect(contents('text-kjv')).toEqual({
      info: { versionId: 'kjv', missing: [], extra: [], incomplete: [] },
      // Genesis (verses 0 and 1), then Matthew (verse 2).
      blockStarts: [0, 2, 3],
      blocks: ['In the beginning.\nAnd the earth.', 'The book.'],
    });
  });

  it('lists the grid verses a translation lacks, the verses it has beyond the grid, and its damaged verses', () => {
    expect(contents('text-svd')).toEqual({
      info: {
        versionId: 'svd',
        missing: [1001002, 40001001],
        extra: [1001003],
        incomplete: [{ verseId: 1001001, reason: 'words missing' }],
      },
      blockStarts: [0, 2],
      blocks: ['\u0628\u064e\u0651\n\u062c'],
    });
  });

  it('ends a block at the first chapter end past the block size', () => {
    const verses = [1, 1, 2, 2, 3].map((chapter) => ({ book: 1, chapter }));
    const line = 'x'.repeat(TEXT_BLOCK_BYTES / 2);
    const { blockStarts } = chapterRunBlocks([...verses, { book: 2, chapter: 1 }], Array(6).fill(line));
    expect(blockStarts).toEqual([0, 2, 4, 5, 6]);
  });

  it('refuses a verse whose text is empty or spans lines, naming the translation and verse', () => {
    const broken = (text: string) =>
      fixtureContext({
        chapters: CHAPTERS,
        translations: translations({ asv: { verses: [{ book: 1, chapter: 1, verse: 2, text }] } }),
      }).ctx;
    expect(() => textBuilder.build(broken('one\ntwo'))).toThrow('asv 1.1.2: verse text is empty or has a line break');
    expect(() => textBuilder.build(broken(''))).toThrow('asv 1.1.2: verse text is empty or has a line break');
  });
});

describe('ownChapterVerses', () => {
  it("counts a translation's own verses per chapter, with 0 for a chapter it skips", () => {
    const table = ownChapterVerses([
      { book: 1, chapter: 1, verse: 1 },
      { book: 1, chapter: 1, verse: 2 },
      { book: 1, chapter: 3, verse: 1 },
      { book: 2, chapter: 1, verse: 5 },
    ]);
    expect(table).toEqual([[2, 0, 1], [1], ...Array(64).fill([])]);
  });
});

describe('ownLastVerses', () => {
  it("gives each chapter's last verse number, above the count where verses are omitted", () => {
    const table = ownLastVerses([
      { book: 1, chapter: 1, verse: 1 },
      { book: 1, chapter: 1, verse: 3 },
      { book: 1, chapter: 3, verse: 1 },
      { book: 2, chapter: 1, verse: 5 },
    ]);
    expect(table).toEqual([[3, 0, 1], [5], ...Array(64).fill([])]);
  });
});
