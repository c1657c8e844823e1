import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readImport } from './index.ts';
import { csvRows } from './table.ts';
import { file, verseAt } from './test-helpers.ts';

describe('verse table reader', () => {
  it('reads TSV without a header, books by USFM code, number or name', () => {
    const result = readImport([
      file(
        'bible.tsv',
        'GEN\t1\t1\tIn the beginning.\n2\t1\t1\tNow these are the names.\nSong of Solomon\t1\t1\tThe song of songs.\n1 Kings\t1\t1\tNow king David was old.\n',
      ),
    ]);
    expect(result.format).toBe('table');
    expect(result.verses.map((v) => [v.book, v.chapter, v.verse, v.text])).toEqual([
      [1, 1, 1, 'In the beginning.'],
      [2, 1, 1, 'Now these are the names.'],
      [22, 1, 1, 'The song of songs.'],
      [11, 1, 1, 'Now king David was old.'],
    ]);
    expect(result.books.map((b) => b.code)).toEqual(['GEN', 'EXO', '1KI', 'SNG']);
  });

  it('reads CSV with a header in any column order and quoted fields', () => {
    const csv =
      'verse,chapter,text,book\r\n16,3,"For God so loved the world, that he gave his ""only"" Son.",John\r\n17,3,  For God   sent not his Son.  ,JHN\r\n';
    const result = readImport([file('bible.csv', csv)]);
    expect(verseAt(result, 43, 3, 16)?.text).toBe('For God so loved the world, that he gave his "only" Son.');
    expect(verseAt(result, 43, 3, 17)?.text).toBe('For God sent not his Son.');
  });

  it('takes book names the caller maps, and warns of rows it cannot read', () => {
    const result = readImport(
      [file('t.tsv', 'Juan\t3\t16\tPorque de tal manera amó Dios al mundo.\nJuan\tx\t1\tno\nTobit\t1\t1\tTobit.\n')],
      { format: 'table', bookNames: { Juan: 43 } },
    );
    expect(result.verses.map((v) => v.text)).toEqual(['Porque de tal manera amó Dios al mundo.']);
    expect(result.warnings).toEqual([
      { file: 't.tsv', place: 'line 2', message: 'not a verse row (book, chapter, verse, text): skipped' },
      { file: 't.tsv', place: 'line 3', message: 'book Tobit is not one of the 66 books: skipped' },
    ]);
  });
});

describe('CSV rows', () => {
  const quote = (field: string) => `"${field.replace(/"/g, '""')}"`;

  it('give back every quoted field as written, whatever commas, quotes and line breaks it holds', () => {
    const field = fc.string({ unit: fc.constantFrom('a', ' ', ',', '"', '\n', 'é') });
    fc.assert(
      fc.property(fc.array(fc.array(field, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const text = rows.map((fields) => fields.map(quote).join(',')).join('\n');
        expect(csvRows(text).map((r) => r.fields)).toEqual(rows);
      }),
    );
  });

  it('name the line each row starts on', () => {
    expect(csvRows('a,"b\nc"\nd,e\n').map((r) => r.line)).toEqual([1, 3]);
  });
});
