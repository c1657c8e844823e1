// The STEPBible Arabic SVD adapter on tiny hand-written word tables: verses rebuilt from word rows, gaps, and errors.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BOOKS } from '../../sources/books.ts';
import { readStepArabic } from './step-arabic.ts';

const dir = mkdtempSync(join(tmpdir(), 'step-arabic-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const START = '========>>>';
const END = '<<<========';
const OT_COLUMNS = 'Ara W#\tArabic\tStrongs\tHebrew\tLexicon\tGloss\tTransliteration\tGrammar\tHeb w#';
const NT_COLUMNS = 'Ara W#\tArabic\tStrongs\tGreek\tLexicon\tGloss\tTransliteration\tGrammar\tGrk w#';
const HEADER = ['TTArabicSVD - Translation Tags etc. - STEPBible.org CC BY-SA 4.0', 'FIELD DESCRIPTIONS:', '=====', ''];
/** Every verse block of the real files: the adapter checks that it read exactly this many. */
const ALL_BLOCKS = 31102;

/** The file name of a book, e.g. "OT_01_Gen.txt", "NT_01_Mat.txt". */
function fileName(book: number): string {
  const b = BOOKS[book - 1];
  const nn = String(b.testament === 'OT' ? b.number : b.number - 39).padStart(2, '0');
  return `${b.testament}_${nn}_${b.step}.txt`;
}

/** The lines of one verse block; the column header follows the testament of the reference's book. */
function block(ref: string, rows: string[]): string[] {
  const nt = BOOKS.find((b) => b.step === ref.split('.')[0])?.testament === 'NT';
  return [ref, START, nt ? NT_COLUMNS : OT_COLUMNS, ...rows, END, ''];
}

/** A Greek-side row: Arabic word number(s), Arabic cell, then seven source columns. */
const row = (numbers: string, arabic: string, greek = 'λόγος') =>
  `${numbers}\t${arabic}\tG3056\t${greek}\t${greek}\tword\tlogos\tN-NSM\t#01NKO`;

let folders = 0;
/**
 * An SVD folder in the real layout (free-text header, CRLF). `books` gives the block lines of some
 * books; every other book gets one empty block, and Exodus is padded with empty blocks (which give no
 * verse) up to `total` blocks in all. Input that fails before the count is checked needs no padding (`total` 0).
 */
function svd(books: Record<number, string[]>, total = ALL_BLOCKS): string {
  const path = join(dir, `svd${++folders}`);
  mkdirSync(path);
  const bodies = BOOKS.map((b) => books[b.number] ?? block(`${b.step}.1.1`, []));
  const count = bodies.flat().filter((line) => line === START).length;
  if (!books[2]) for (let v = 1; v <= total - count; v++) bodies[1].push(...block(`Exo.2.${v}`, []));
  for (const b of BOOKS)
    writeFileSync(join(path, fileName(b.number)), [...HEADER, ...bodies[b.number - 1]].join('\r\n'));
  return path;
}

const read = (path: string) => readStepArabic({ path, kjvChapterVerses: [] });

/** The error message reading the folder throws. */
function failure(path: string): string {
  try {
    read(path);
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
}

// The source is not in NFC: shadda comes before the short vowel (U+0651 U+064E).
const HEAVENS = 'الس\u0651\u064Eمَاوَاتِ';

const GENESIS = block('Gen.1.1', [
  // One row may hold two Arabic words.
  '#01 - #02\tفِي الْبَدْءِ\tH9003;{H7225G}\tבְּרֵאשִׁית\tרֵאשִׁית\tin beginning\tbe.re.shit\tHR/Ncfsa\t#01',
  '#03\tخَلَقَ\t{H1254A}\tבָּרָא\tבָּרָא\tcreated\tba.ra\tHVqp3ms\t#02',
  '#04\t اللهُ \t{H0430G}\tאֱלֹהִים\tאֱלֹהִים\tGod\te.lo.Him\tHNcmpa\t#03',
  // A source word with no Arabic counterpart.
  '\t\tH0853\tאֵת\tאֵת\t[obj]\tet\tHTo\t#04',
  `#05\t${HEAVENS}\tH9009;{H8064}\tהַשָּׁמַיִם\tשָׁמַיִם\tthe heavens\tha.sha.Ma.yim\tHTd/Ncmpa\t#05`,
  // Some OT rows lose their empty last field.
  "#06\tوَالأَرْضَ.\tH9002;H0853;{H0776G}\tוְאֵת הָאָרֶץ\tאֶרֶץ\tand the earth\tve.'et ha.'A.retz\tHC/To/Td/Ncbsa",
]);

const MATTHEW = [
  // Rows come in Greek order; the Arabic words are numbered in Arabic order.
  ...block('Mat.1.2', [
    row('#02', 'إِبْرَاهِيمُ', 'Ἀβραὰμ'),
    row('#01', 'وَلَدَ', 'ἐγέννησεν'),
    row('', '', 'τὸν'),
    row('#03', 'إِسْحَاقَ', 'Ἰσαάκ'),
  ]),
  '',
  ...block('Mat.1.3', [row('#01', 'وَيَهُوذَا'), row('#02', 'وَلَدَ'), row('#04', 'وَزَارَحَ')]),
  ...block('Mat.1.4', [row('#03', 'أَرَامَ  وَلَدَ')]),
  // A word missing at the end of a verse leaves no gap to see.
  ...block('Mat.1.5', [row('#01', 'وَسَلْمُونُ'), row('#02', 'وَلَدَ')]),
  // Only words without Arabic: no verse.
  ...block('Mat.1.6', [row('', '', 'καί')]),
  '',
];

describe('readStepArabic', () => {
  let once: ReturnType<typeof read> | undefined;
  const result = () => (once ??= read(svd({ 1: GENESIS, 40: MATTHEW })));

  it('joins the Arabic cells in word order with single spaces, in canonical verse order', () => {
    expect(result().verses).toEqual([
      { book: 1, chapter: 1, verse: 1, text: `فِي الْبَدْءِ خَلَقَ اللهُ ${HEAVENS} وَالأَرْضَ.` },
      { book: 40, chapter: 1, verse: 2, text: 'وَلَدَ إِبْرَاهِيمُ إِسْحَاقَ' },
      { book: 40, chapter: 1, verse: 3, text: 'وَيَهُوذَا وَلَدَ وَزَارَحَ' },
      { book: 40, chapter: 1, verse: 4, text: 'أَرَامَ وَلَدَ' },
      { book: 40, chapter: 1, verse: 5, text: 'وَسَلْمُونُ وَلَدَ' },
    ]);
  });

  it('keeps the source characters as they are: NFC is left to the text builder', () => {
    const text = result().verses[0].text;
    expect(text.includes(HEAVENS)).toEqual(true);
    expect(text === text.normalize('NFC')).toEqual(false);
  });

  it('reports the verses whose Arabic word numbers have gaps', () => {
    expect(result().incomplete).toEqual([
      { book: 40, chapter: 1, verse: 3, reason: 'Arabic word #3 missing in source' },
      { book: 40, chapter: 1, verse: 4, reason: 'Arabic words #1, #2 missing in source' },
    ]);
  });

  it('reads LF files and files whose other names it ignores', () => {
    const path = svd({ 40: block('Mat.1.1', [row('#01', 'كِتَابُ')]) });
    writeFileSync(join(path, 'README.md'), 'not a book');
    writeFileSync(join(path, 'NT_01_Mat.txt.bak'), 'not a book');
    const lf = ['header', ...block('Mat.1.1', [row('#01', 'كِتَابُ'), row('#02', 'مِيلاَدِ')])].join('\n');
    writeFileSync(join(path, 'NT_01_Mat.txt'), lf);
    expect(read(path)).toEqual({ verses: [{ book: 40, chapter: 1, verse: 1, text: 'كِتَابُ مِيلاَدِ' }], incomplete: [] });
  });
});

describe('readStepArabic on bad input', () => {
  it('needs all 66 book files', () => {
    const path = svd({}, 0);
    rmSync(join(path, 'NT_27_Rev.txt'));
    expect(failure(path)).toEqual(`${path}: expected 66 SVD book files, found 65`);
  });

  it('needs exactly the number of verse blocks of the real files', () => {
    let path = svd({}, ALL_BLOCKS - 1);
    expect(failure(path)).toEqual(`${path}: read 31101 verse blocks, expected 31102`);
    path = svd({}, ALL_BLOCKS + 1);
    expect(failure(path)).toEqual(`${path}: read 31103 verse blocks, expected 31102`);
  });

  it('refuses a verse of another book, a verse twice and an Arabic word covered twice', () => {
    expect(failure(svd({ 40: block('Mrk.1.1', []) }, 0))).toEqual('NT_01_Mat.txt: holds a verse of book 41');
    expect(failure(svd({ 40: [...block('Mat.1.1', []), ...block('Mat.1.1', [])] }, 0))).toEqual(
      'NT_01_Mat.txt: verse 40.1.1 appears twice',
    );
    expect(failure(svd({ 40: block('Mat.1.1', [row('#01 - #02', 'أ ب'), row('#02', 'ج')]) }, 0))).toEqual(
      'NT_01_Mat.txt 40.1.1: Arabic word #2 is covered twice',
    );
  });

  it('needs a block start after the header', () => {
    expect(failure(svd({ 40: ['Mat.1.1'] }, 0))).toEqual('NT_01_Mat.txt: no verse block found');
  });

  it('names the file and line of a malformed block', () => {
    // The header takes lines 1-4, so the first block's reference is on line 5 and its first row on line 8.
    const cases: [string[], string][] = [
      [
        [...block('Mat.1.1', []), 'Matthew 1:2', START],
        'line 10: malformed verse block, expected a reference such as "Mat.1.1", found "Matthew 1:2"',
      ],
      [
        [...block('Mat.1.1', []), 'Xyz.1.2', START],
        'line 10: malformed verse block, expected a STEP book code, not "Xyz", found "Xyz.1.2"',
      ],
      [
        ['Mat.1.1', START, NT_COLUMNS, END, 'Mat.1.2', 'no start'],
        'line 10: malformed verse block, expected ========>>>, found "no start"',
      ],
      [
        ['Mat.1.1', START, 'Ara W# Arabic', END],
        'line 7: malformed verse block, expected the column header "Ara W#  Arabic ...", found "Ara W# Arabic"',
      ],
      [['Mat.1.1', START, NT_COLUMNS], 'line 8: malformed verse block, expected <<<========, found "undefined"'],
    ];
    for (const [lines, message] of cases) expect(failure(svd({ 40: lines }, 0))).toEqual(`NT_01_Mat.txt ${message}`);
  });

  it('names the line of a malformed row', () => {
    const rowError = 'a row of 9 tab-separated fields with a word number "#NN" or "#NN - #MM"';
    for (const bad of [
      '#01\tكَلِمَةٌ\tG3056',
      '01\tكَلِمَةٌ\tG3056\tλόγος\tλόγος\tword\tlogos\tN-NSM\t#01NKO',
      '#01\t \tG3056\tλόγος\tλόγος\tword\tlogos\tN-NSM\t#01NKO',
      '#03 - #02\tكَلِمَةٌ\tG3056\tλόγος\tλόγος\tword\tlogos\tN-NSM\t#01NKO',
      '#01\tكَلِمَةٌ\tG3056\tλόγος\tλόγος\tword\tlogos\tN-NSM\t#01NKO\textra',
    ]) {
      expect(failure(svd({ 40: block('Mat.1.1', [row('#01', 'كِتَابُ'), bad]) }, 0))).toEqual(
        `NT_01_Mat.txt line 9: malformed verse block, expected ${rowError}, found "${bad.slice(0, 60)}"`,
      );
    }
  });
});
