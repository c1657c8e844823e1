// The text builder on tiny translations: canonical order, NFC, missing and extra verses, book byte starts.
import { afterAll, describe, expect, it } from 'vitest';
import type { TranslationText } from '../adapters/types.ts';
import { TRANSLATIONS } from '../../sources/catalog.ts';
import { fixtureContext, removeFixtures } from '../../test/compiler/fixture-context.ts';
import { ownChapterVerses, ownLastVerses, textBuilder } from './text.ts';

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

  it('builds one zopfli-compressed pack per translation, in catalog order, each from its own dataset', () => {
    expect(packs.map((p) => [p.name, p.datasets, p.compression])).toEqual(
      TRANSLATIONS.map((t) => [`text-${t.versionId}`, [t.id], 'zopfli']),
    );
    expect(translationsRead).toEqual(TRANSLATIONS.map((t) => t.id));
  });

  it('sorts verses canonically and records where each of the 66 books starts, plus the end, in UTF-8 bytes', () => {
    const kjv = packs.find((p) => p.name === 'text-kjv')!;
    expect(kjv.sections).toEqual({
      info: {
        kind: 'json',
        data: {
          versionId: 'kjv',
          missing: [],
          extra: [],
          incomplete: [],
          // Genesis starts at 0; Exodus to Matthew at 33 (after "In the beginning.\nAnd the earth.\n");
          // the rest at the end.
          bookBytes: [0, ...Array(39).fill(33), ...Array(27).fill(43)],
        },
      },
      text: { kind: 'utf8', data: 'In the beginning.\nAnd the earth.\nThe book.' },
    });
  });

  it('lists the grid verses a translation lacks, the verses it has beyond the grid, and its damaged verses', () => {
    const svd = packs.find((p) => p.name === 'text-svd')!;
    expect(svd.sections).toEqual({
      info: {
        kind: 'json',
        data: {
          versionId: 'svd',
          missing: [1001002, 40001001],
          extra: [1001003],
          incomplete: [{ verseId: 1001001, reason: 'words missing' }],
          bookBytes: [0, ...Array(66).fill(10)],
        },
      },
      text: { kind: 'utf8', data: '\u0628\u064e\u0651\n\u062c' },
    });
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
