import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TRANSLATIONS } from '../../sources/catalog.ts';
import { bible, callError } from '../helpers.ts';

const GENESIS_1_1: Record<string, string> = {
  kjv: 'In the beginning God created the heaven and the earth.',
  kjv1611: 'In the beginning God created the Heauen, and the Earth.',
  asv: 'In the beginning God created the heavens and the earth.',
  bbe: 'At the first God made the heaven and the earth.',
  dby: 'In the beginning God created the heavens and the earth.',
  wbt: 'In the beginning God created the heaven and the earth.',
  web: 'In the beginning, God created the heavens and the earth.',
  ylt: "In the beginning of God's preparing the heavens and the earth--",
  rv1909: 'EN el principio crió Dios los cielos y la tierra.',
  svd: 'فِي الْبَدْءِ خَلَقَ اللهُ السَّمَاوَاتِ وَالأَرْضَ.',
};
const JOHN_3_16_START: Record<string, string> = {
  kjv: 'For God so loved the world, that he gave his only begotten Son',
  kjv1611: 'For God so loued ye world, that he gaue his only begotten Sonne',
  asv: 'For God so loved the world, that he gave his only begotten Son',
  bbe: 'For God had such love for the world that he gave his only Son',
  dby: 'For God so loved the world, that he gave his only-begotten Son',
  wbt: 'For God so loved the world, that he gave his only-begotten Son',
  web: 'For God so loved the world, that he gave his one and only Son',
  ylt: 'for God did so love the world, that His Son--the only begotten--He gave',
  rv1909: 'Porque de tal manera amó Dios al mundo',
  svd: 'لأَنَّهُ هكَذَا أَحَبَّ اللهُ الْعَالَمَ',
};

describe('verses', async () => {
  const b = await bible();

  it('Genesis 1:1 and John 3:16 in every translation', async () => {
    for (const [version, text] of Object.entries(GENESIS_1_1)) {
      expect(await b.GetVerse({ verseId: '01001001', versionId: version })).toEqual([
        { id: '01001001', b: '1', c: '1', v: '1', t: text },
      ]);
      const [john] = await b.GetVerse({ verseId: '43003016', versionId: version });
      expect(john.t.normalize('NFC').startsWith(JOHN_3_16_START[version].normalize('NFC'))).toBe(true);
    }
  });

  it('defaults to the KJV and accepts 7-digit ids and t_ table names', async () => {
    expect(await b.GetVerse({ verseId: '1001001' })).toEqual(
      await b.GetVerse({ verseId: '01001001', versionId: 't_kjv' }),
    );
    expect(await b.GetVerse({ verseId: 43003016, versionId: 'KJV' })).toHaveLength(1);
  });

  it('answers [] for verses a translation does not have', async () => {
    expect(await b.GetVerse({ verseId: '40017021', versionId: 'asv' })).toEqual([]); // margin note only
    expect(await b.GetVerse({ verseId: '04012016', versionId: 'rv1909' })).toEqual([]); // RV1909 numbers it 13:1
    expect(await b.GetVerse({ verseId: '01001099' })).toEqual([]);
    expect(await b.GetVerse({ verseId: '45014026', versionId: 'web' })).toHaveLength(1); // WEB's own doxology slot
  });

  it('Psalm 117 has 2 verses; chapter rows are in order and complete', async () => {
    const rows = await b.GetChapter({ bookId: 19, chapterId: 117 });
    expect(rows.map((r: { v: string }) => r.v)).toEqual(['1', '2']);
    const john3 = await b.GetChapterByBookAndChapterId({ bookAndChapterId: '43003' });
    expect(john3).toHaveLength(36);
    expect(john3[15].t).toMatch(/^For God so loved the world/);
  });

  it('GetChapter equals GetVerse for every verse of random chapters in random translations', async () => {
    const versions = b.meta.versions.map((v) => v.versionId);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...versions),
        fc.integer({ min: 1, max: 66 }),
        fc.nat(),
        async (version, book, n) => {
          const chapters = b.meta.versionById.get(version)!.chapterVerses[book - 1];
          const chapter = (n % chapters.length) + 1;
          const rows = await b.GetChapter({ bookId: book, chapterId: chapter, versionId: version });
          expect(rows.length).toBe(chapters[chapter - 1]);
          for (const row of rows) expect(await b.GetVerse({ verseId: row.id, versionId: version })).toEqual([row]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a chapter beyond the book is a clear error', async () => {
    const error = await callError('GetChapter', { bookId: '1', chapterId: '51' });
    expect(error.message).toMatch(/Genesis has 50 chapters/);
  });

  it('GetParallelVerses lists every translation that has the verse, one inner array each', async () => {
    const rows = await b.GetParallelVerses({ verseId: '43003016' });
    for (const inner of rows) expect(inner).toHaveLength(1);
    expect(rows.map(([r]: { versionId: string }[]) => r.versionId)).toEqual([
      't_asv',
      't_bbe',
      't_dby',
      't_kjv',
      't_kjv1611',
      't_srv',
      't_svd',
      't_wbt',
      't_web',
      't_ylt',
    ]);
    expect(rows[3][0]).toMatchObject({
      id: '43003016',
      b: '43',
      c: '3',
      v: '16',
      versionAbbreviation: 'KJV',
      versionName: 'King James Version',
    });
    const omitted = await b.GetParallelVerses({ verseId: '40023014' }); // Matt 23:14, absent from ASV, BBE and Darby
    expect(omitted.map(([r]: { versionAbbreviation: string }[]) => r.versionAbbreviation)).not.toContain('DBY');
    expect(omitted.length).toBe(7);
  });

  it('GetVersions lists the ten translations, numbered as the API numbers them, with the code operations take', async () => {
    const versions = await b.GetVersions();
    expect(versions.map((v: { abbreviation: string }) => v.abbreviation)).toEqual([
      'ASV',
      'BBE',
      'DBY',
      'KJV',
      'KJV1611',
      'RV1909',
      'SVD',
      'WBT',
      'WEB',
      'YLT',
    ]);
    expect(versions.map((v: { version_id: string }) => v.version_id)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '10',
      '8',
      '9',
      '5',
      '6',
      '7',
    ]);
    for (const v of versions)
      expect(Object.keys(v).slice(0, 5)).toEqual(['table', 'version_id', 'abbreviation', 'version', 'language']);
    expect(versions.find((v: { versionCode: string }) => v.versionCode === 'svd').language).toBe('arabic');
    expect(TRANSLATIONS.map((t) => t.versionId)).toEqual(versions.map((v: { versionCode: string }) => v.versionCode));
    for (const v of versions)
      expect(await b.GetVerse({ verseId: '43003016', versionId: v.versionCode })).toHaveLength(1);
  });

  it('verse text is clean in every translation', async () => {
    for (const version of b.meta.versions) {
      await b.load([`text-${version.versionId}`]);
      const text = b as unknown as { callSync: (n: string, p: object) => { t: string }[] };
      for (const book of [1, 19, 23, 40, 45, 66]) {
        const chapters = version.chapterVerses[book - 1].length;
        for (let c = 1; c <= chapters; c++) {
          for (const row of text.callSync('GetChapter', { bookId: book, chapterId: c, versionId: version.versionId })) {
            expect(row.t).not.toMatch(/[<>¶\\{}]|\s{2}|^\s|\s$|\bBOOK I|\(Strong/);
          }
        }
      }
    }
  });
});
