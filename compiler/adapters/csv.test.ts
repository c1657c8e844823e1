// The compiler's one CSV reader on small inline fixtures: the cases the regex readers it replaced got wrong.
import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.ts';

describe('parseCsv', () => {
  it('keeps empty fields, reads quotes, doubled quotes, commas and line breaks inside quotes', () => {
    expect(parseCsv('a,,c\n"x, y","say ""hi""",\n"two\nlines",2,3\n')).toEqual([
      ['a', '', 'c'],
      ['x, y', 'say "hi"', ''],
      ['two\nlines', '2', '3'],
    ]);
  });

  it('reads CRLF rows, a byte-order mark and a last row without a line break', () => {
    expect(parseCsv('\ufeffid,name\r\n1,Genesis\r\n2,Exodus')).toEqual([
      ['id', 'name'],
      ['1', 'Genesis'],
      ['2', 'Exodus'],
    ]);
    expect(parseCsv('')).toEqual([]);
  });
});
