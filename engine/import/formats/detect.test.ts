import { describe, expect, it } from 'vitest';
import { detectFormat, readImport } from './index.ts';
import { file } from './test-helpers.ts';

describe('format detection from content', () => {
  // The names say nothing (or lie): only the content counts.
  const samples = {
    usfm: file('a.txt', '\\id GEN\n\\c 1\n\\v 1 In the beginning.\n'),
    usx: file('b.xml', '<?xml version="1.0"?>\n<usx version="3.0"><book code="GEN" style="id"/></usx>'),
    osis: file(
      'c.usfm',
      '<?xml version="1.0"?>\n<!-- a comment -->\n<osis xmlns="http://www.bibletechnologies.net/2003/OSIS/namespace"/>',
    ),
    usfx: file('d.osis', '<usfx><book id="GEN"/></usfx>'),
    zefania: file('e.usx', '\uFEFF<?xml version="1.0"?><XMLBIBLE biblename="x"/>'),
    table: file('f.xml', 'GEN\t1\t1\tIn the beginning.\nGEN\t1\t2\tAnd the earth.\n'),
    sword: file('g.bin', '# conf\n[KJV]\nDataPath=./modules/texts/ztext/kjv/\nModDrv=zText\n'),
  } as const;

  it('knows each format by its content, not its file name', () => {
    for (const [format, sample] of Object.entries(samples)) expect(detectFormat([sample])).toBe(format);
  });

  it('takes the format most files are in, and a SWORD conf over everything', () => {
    expect(detectFormat([samples.usfm, samples.usfm, file('BookNames.xml', '<BookNames/>')])).toBe('usfm');
    expect(detectFormat([file('ot.bzz', '\u0000\u0001'), samples.sword])).toBe('sword');
  });

  it('reads only the files in the detected format, naming the others', () => {
    const result = readImport([samples.usfm, file('BookNames.xml', '<BookNames/>')]);
    expect(result.verses).toHaveLength(1);
    expect(result.warnings).toEqual([{ file: 'BookNames.xml', place: 'file', message: 'not read: it is not USFM' }]);
  });

  it('refuses files in no format it reads, naming them', () => {
    expect(() => detectFormat([file('notes.txt', 'Just some notes.')])).toThrow(
      'no Bible text in a format we read (USFM, USX, OSIS, USFX, Zefania, SWORD, verse table): notes.txt',
    );
  });
});
