// The structure builder on a fixture corpus: one pack per translation holding each verse's markup in the
// text pack's order (trailing paragraph marks moved to the next verse), its counts and summary, and one
// headings pack of the BSB headings by verse.
import { afterAll, describe, expect, it } from 'vitest';
import type { TranslationText } from '../adapters/types.ts';
import { TRANSLATIONS } from '../../sources/catalog.ts';
import { fixtureContext, removeFixtures } from '../../test/compiler/fixture-context.ts';
import { decodeVerseMarkup } from '../../engine/core/structure/codec.ts';
import { settledMarkup } from '../../engine/core/structure/writer.ts';
import { structureBuilder } from './structure.ts';

afterAll(removeFixtures);

const CHAPTERS = { 1: [3], 19: [1, 1], 40: [1] };
const HEADINGS = [
  'book_order\tbook_code\tbook_heading\tlevel\tstart\tend\tstart_partial\tend_partial\ttitle\trelated_refs\tnote',
  '1\tGEN\tGenesis\t1\t1:1\t1:3\t0\t0\tThe Creation\tJohn 1:1–5; Hebrews 11:1–3\t',
  '19\tPSA\tPsalm\t1\t2:1\t2:1\t0\t0\tThe Second Psalm\t\t',
  '19\tPSA\tPsalm\t0\t1:1\t2:1\t0\t0\tBOOK I\t\tPsalms 1–2',
].join('\n');

const KJV: TranslationText = {
  verses: [
    {
      book: 40,
      chapter: 1,
      verse: 1,
      text: 'Jesus said, Follow me.',
      markup: { spans: [{ from: 12, to: 22, style: 'wj' }] },
    },
    // A paragraph mark at the end of 1:1 stands before 1:2.
    {
      book: 1,
      chapter: 1,
      verse: 1,
      text: 'In the beginning.',
      markup: { breaks: [{ at: 17, block: 'poetry', level: 2 }] },
    },
    { book: 1, chapter: 1, verse: 2, text: 'And the earth.' },
    {
      book: 1,
      chapter: 1,
      verse: 3,
      text: 'And God said.',
      markup: { notes: [{ at: 7, note: { type: 'note', kind: 'study', text: 'Heb. Elohim' } }] },
    },
    {
      book: 19,
      chapter: 1,
      verse: 1,
      text: 'A Psalm. Blessed.',
      markup: { spans: [{ from: 0, to: 8, style: 'title', kind: 'psalm' }] },
    },
    { book: 19, chapter: 2, verse: 1, text: 'Why?' },
  ],
};
const AMEN: TranslationText = { verses: [{ book: 1, chapter: 1, verse: 1, text: 'Amen.' }] };

describe('structureBuilder', () => {
  const { ctx } = fixtureContext({
    chapters: CHAPTERS,
    files: { 'bsb-headings': HEADINGS },
    translations: { ...Object.fromEntries(TRANSLATIONS.map((t) => [t.id, AMEN])), kjv: KJV },
  });
  const packs = structureBuilder.build(ctx);
  const sections = (name: string) => packs.find((p) => p.name === name)!.sections as Record<string, { data: unknown }>;

  it('builds a structure pack per translation from its dataset, and one headings pack', () => {
    expect(packs.map((p) => [p.name, p.datasets])).toEqual([
      ...TRANSLATIONS.map((t) => [`structure-${t.versionId}`, [t.id]]),
      ['headings', ['bsb-headings']],
    ]);
  });

  it('stores one line per verse in canonical order, a block per book, breaks at a verse end moved on', () => {
    const { bookStarts, markup } = {
      bookStarts: sections('structure-kjv').bookStarts.data,
      markup: sections('structure-kjv').markup.data as string[],
    };
    expect((bookStarts as number[]).slice(0, 2)).toEqual([0, 3]);
    expect((bookStarts as number[])[18]).toBe(3);
    expect((bookStarts as number[])[39]).toBe(5);
    expect((bookStarts as number[])[66]).toBe(6);
    const genesis = markup[0].split('\n').map(decodeVerseMarkup);
    expect(genesis).toEqual([
      undefined,
      { breaks: [{ at: 0, block: 'poetry', level: 2 }] },
      { notes: [{ at: 7, note: { type: 'note', kind: 'study', text: 'Heb. Elohim' } }] },
    ]);
    expect(markup[1]).toBe('');
    expect(decodeVerseMarkup(markup[39])).toEqual({ spans: [{ from: 12, to: 22, style: 'wj' }] });
  });

  it('counts what the source marks and says so in the summary', () => {
    expect(sections('structure-kjv').info.data).toEqual({
      versionId: 'kjv',
      counts: { wordsOfJesus: 1, added: 0, divineName: 0, titles: 1, notes: 1, paragraphs: 0, poetryLines: 1 },
      summary: {
        headings: true,
        paragraphs: false,
        poetry: true,
        notes: true,
        titles: true,
        wordsOfJesus: true,
        added: false,
        divineName: false,
        headingSource: 'bsb-pericopes',
      },
    });
  });

  it('stores the headings once, by verse and then level, with their related references', () => {
    expect(sections('headings').source.data).toBe('bsb-pericopes');
    expect(sections('headings').headings.data).toEqual([
      [1001001, 1, 'The Creation', ['John 1:1-5', 'Hebrews 11:1-3']],
      [19001001, 1, 'BOOK I'],
      [19002001, 1, 'The Second Psalm'],
    ]);
  });
});

describe('settledMarkup', () => {
  it("drops a break at the end of a chapter and keeps a next verse's own opening break", () => {
    const verses = [
      { book: 1, chapter: 1, verse: 1, text: 'ab', markup: { breaks: [{ at: 2, block: 'paragraph' as const }] } },
      { book: 1, chapter: 2, verse: 1, text: 'cd', markup: { breaks: [{ at: 2, block: 'paragraph' as const }] } },
      {
        book: 1,
        chapter: 2,
        verse: 2,
        text: 'ef',
        markup: { breaks: [{ at: 0, block: 'poetry' as const, level: 1 }] },
      },
    ];
    expect(settledMarkup(verses)).toEqual([undefined, undefined, { breaks: [{ at: 0, block: 'poetry', level: 1 }] }]);
  });
});
