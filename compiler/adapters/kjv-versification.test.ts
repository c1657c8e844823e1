// The KJV chapter/verse table read from a folder of tiny USFM books: highest \v per chapter, canon only.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BOOKS } from '../../sources/books.ts';
import { readKjvChapterVerses } from './kjv-versification.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'kjv-versification-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** A USFM book whose chapters end at the given verse numbers (only the first and last \v written). */
function usfmBook(code: string, lastVerses: number[]): string {
  const chapters = lastVerses.map((last, i) => `\\c ${i + 1}\n\\p\n\\v 1 First.\n\\v ${last} Last.\n`);
  return `\\id ${code} Test\n\\h Book\n${chapters.join('')}`;
}

// The reader checks only the totals, so a made-up table with the KJV's 1,189 chapters and 31,102 verses
// will do: 18 chapters of 26 verses per book, one more chapter in Genesis and 188 more verses in Gen 1.
const TABLE: number[][] = BOOKS.map((b) => Array.from({ length: b.number === 1 ? 19 : 18 }, () => 26));
TABLE[0][0] += 188;

describe('readKjvChapterVerses', () => {
  it('takes the highest verse per chapter of the 66 books, skipping front matter, apocrypha, other files', () => {
    const files: Record<string, string> = {};
    for (const book of BOOKS) {
      files[`${String(book.number + 1).padStart(2, '0')}_${book.usfm}_KJB-1611.USFM`] = usfmBook(
        book.usfm,
        TABLE[book.number - 1],
      );
    }
    // Ps 18 starts at \v 2 in the 1611 files (verse 1 is inside the title), and verses may come out of order.
    files['20_PSA_KJB-1611.USFM'] = files['20_PSA_KJB-1611.USFM'].replace(
      '\\c 18\n\\p\n\\v 1 First.\n\\v 26 Last.\n',
      '\\c 18\n\\d Title\n\\v 2 Second.\n\\v 26 Last.\n\\v 3 Third.\n',
    );
    expect(files['20_PSA_KJB-1611.USFM']).toContain('\\v 3 Third.');
    files['00_FRT_KJB-1611.USFM'] = '\\id FRT Preface\n\\c 1\n\\v 500 Not a verse of the canon.\n';
    files['70_TOB_KJB-1611.usfm'] = usfmBook('TOB', [14, 14]);
    files['notes.txt'] = usfmBook('GEN', [999]);
    expect(readKjvChapterVerses(folder(files))).toEqual(TABLE);
  });

  it('fails when the folder does not give the KJV totals', () => {
    const dir = folder({ 'GEN.usfm': usfmBook('GEN', [3]) });
    expect(() => readKjvChapterVerses(dir)).toThrow('gave 1 chapters and 3 verses; expected 1189 and 31102');
  });
});
