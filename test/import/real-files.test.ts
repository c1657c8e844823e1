// The import readers on the real files of the corpus: the three samples of ../shared/sources/imports
// (OSIS, USFX, Zefania), the USFM of the WEB and the KJV 1611, and the seven SWORD zips.
import { beforeAll, describe, expect, it } from 'vitest';
import { readImport } from '../../engine/import/formats/index.ts';
import type { ImportedText, SourceFile } from '../../engine/import/types.ts';
import { openNode } from '../../engine/node/loader.ts';
import { markupProblems } from '../../engine/import/formats/test-helpers.ts';
import { folderFiles, oneFile, zipFiles } from './sources.ts';
import { countImport, type ImportCounts } from './stats.ts';

let grid: readonly (readonly number[])[];
beforeAll(async () => {
  grid = (await openNode()).meta.versification.chapterVerses;
});

function read(files: SourceFile[]): ImportedText {
  return readImport(files, { kjvChapterVerses: grid });
}

// Each module is read once for the tests that look at it.
const modulesRead = new Map<string, ImportedText>();
function readModule(zip: string): ImportedText {
  let result = modulesRead.get(zip);
  if (!result) {
    result = read(zipFiles(zip));
    modulesRead.set(zip, result);
  }
  return result;
}

function john316(result: ImportedText): string | undefined {
  return result.verses.find((v) => v.book === 43 && v.chapter === 3 && v.verse === 16)?.text;
}

function expectCounts(result: ImportedText, expected: Partial<ImportCounts>): void {
  const counts = countImport(result);
  expect(Object.fromEntries(Object.keys(expected).map((k) => [k, counts[k as keyof ImportCounts]]))).toEqual(expected);
  expect(markupProblems(result.verses)).toEqual([]);
}

describe('real files', () => {
  it('WEB (USFM): the 66 books, the words of Jesus, headings, notes and poetry', () => {
    const web = read(folderFiles('bibles/web'));
    expect(web.format).toBe('usfm');
    expectCounts(web, {
      books: 66,
      chapters: 1189,
      verses: 31098,
      wordsOfJesus: 2268,
      headings: 35,
      notes: 1495,
      poetryLines: 18849,
    });
    expect(john316(web)).toBe(
      'For God so loved the world, that he gave his one and only Son, that whoever believes in him should not perish, but have eternal life.',
    );
    expect(web.books.find((b) => b.book === 43)?.names).toEqual({
      long: 'The Good News According to John',
      short: 'John',
      abbreviation: 'Jhn',
    });
    // The deuterocanon, the front matter and the glossary are outside the 66: each named once.
    expect(web.warnings.filter((w) => w.message.endsWith('is not one of the 66 books: skipped'))).toHaveLength(20);
  });

  it('KJV 1611 (USFM): added words, the divine name and marginal notes', () => {
    const kjv1611 = read(folderFiles('bibles/kjv1611'));
    expectCounts(kjv1611, {
      books: 66,
      chapters: 1189,
      verses: 31100,
      added: 19853,
      divineName: 7082,
      notes: 12557,
      titles: 261,
    });
    expect(john316(kjv1611)).toBe(
      'For God so loued ye world, that he gaue his only begotten Sonne: that whosoeuer beleeueth in him, should not perish, but haue euerlasting life.',
    );
  });

  it('Open English Bible (OSIS, milestoned): a partial Bible with headings, poetry and the words of Jesus', () => {
    const oeb = read(oneFile('imports/eng-us-oeb.osis.xml'));
    expect(oeb.format).toBe('osis');
    expectCounts(oeb, {
      books: 42,
      chapters: 491,
      verses: 11703,
      headings: 387,
      notes: 29,
      poetryLines: 9145,
      wordsOfJesus: 2328,
      divineName: 1272,
    });
    expect(john316(oeb)).toBe(
      'For God so loved the world, that he gave his only Son, so that everyone who believes in him may not be lost, but have eternal life.',
    );
    expect(oeb.books.find((b) => b.book === 8)?.names).toEqual({ long: 'Ruth', short: 'Ruth' });
  });

  it('Chinese Union Version (USFX): every book, with its Chinese names', () => {
    const cuv = read(oneFile('imports/chi-cuv.usfx.xml'));
    expect(cuv.format).toBe('usfx');
    expectCounts(cuv, { books: 66, chapters: 1189, verses: 31100 });
    expect(john316(cuv)).toBe('神愛世人，甚至將他的獨生子賜給他們，叫一切信他的，不至滅亡，反得永生。');
    expect(cuv.books.find((b) => b.book === 43)?.names.short).toBe('約翰福音');
    expect(cuv.books.find((b) => b.book === 1)?.names.short).toBe('創世紀');
  });

  it('Revised YLT New Testament (Zefania): 27 books, notes, red letters and italics', () => {
    const rylt = read(oneFile('imports/eng-ylt.zefania.xml'));
    expect(rylt.format).toBe('zefania');
    expectCounts(rylt, { books: 27, chapters: 260, verses: 7957, notes: 144, wordsOfJesus: 2069, added: 1343 });
    expect(john316(rylt)).toBe(
      'for God did so love the world, that His Son -- the only begotten -- He gave, that every one who is believing in him may not perish, but may have life age-during.',
    );
    expect(rylt.metadata.name).toBe("Revised Young's Literal Translation NT");
    // Its <language>ENG</language>, as a BCP 47 tag.
    expect(rylt.metadata.language).toBe('en');
    expect(rylt.books.find((b) => b.book === 43)?.names).toEqual({ long: 'John', short: 'John' });
  });

  const modules: [string, number, string][] = [
    [
      'bibles/asv/ASV.zip',
      31086,
      'For God so loved the world, that he gave his only begotten Son, that whosoever believeth on him should not perish, but have eternal life.',
    ],
    [
      'bibles/bbe/BBE.zip',
      31086,
      'For God had such love for the world that he gave his only Son, so that whoever has faith in him may not come to destruction but have eternal life.',
    ],
    [
      'bibles/dby/Darby.zip',
      31099,
      'For God so loved the world, that he gave his only-begotten Son, that whosoever believes on him may not perish, but have life eternal.',
    ],
    [
      'bibles/kjv/KJV.zip',
      31102,
      'For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.',
    ],
    [
      'bibles/rv1909/SpaRV.zip',
      31084,
      'Porque de tal manera amó Dios al mundo, que ha dado á su Hijo unigénito, para que todo aquel que en él cree, no se pierda, mas tenga vida eterna.',
    ],
    [
      'bibles/wbt/Webster.zip',
      31102,
      'For God so loved the world, that he gave his only-begotten Son, that whoever believeth in him, should not perish, but have everlasting life.',
    ],
    [
      'bibles/ylt/YLT.zip',
      31102,
      'for God did so love the world, that His Son--the only begotten--He gave, that every one who is believing in him may not perish, but may have life age-during.',
    ],
  ];
  for (const [zip, verses, text] of modules) {
    // A whole Bible of OSIS entries takes a while on a busy machine.
    it(`${zip} (SWORD)`, { timeout: 180_000 }, () => {
      const module = readModule(zip);
      expect(module.format).toBe('sword');
      expect(module.metadata.versification).toBe('KJV');
      expectCounts(module, { books: 66, chapters: 1189, verses });
      expect(john316(module)).toBe(text);
    });
  }

  it('the KJV module: words of Jesus, added words, the divine name, notes and psalm titles', {
    timeout: 180_000,
  }, () => {
    const kjv = readModule('bibles/kjv/KJV.zip');
    expectCounts(kjv, { wordsOfJesus: 2035, added: 21619, divineName: 6893, notes: 6959, titles: 22 });
    const psalm3 = kjv.verses.find((v) => v.book === 19 && v.chapter === 3 && v.verse === 1)!;
    expect(psalm3.markup?.spans?.[0]).toMatchObject({ from: 0, style: 'title', kind: 'psalm' });
  });
});
