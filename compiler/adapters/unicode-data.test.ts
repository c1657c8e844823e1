// The UnicodeData reader on a few real Greek and Hebrew lines: names, categories, case mappings, and the field count.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readUnicodeData } from './unicode-data.ts';

const dir = mkdtempSync(join(tmpdir(), 'unicode-data-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fixture(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('readUnicodeData', () => {
  it('reads code point, name, category and the simple case mappings; blank lines are skipped', () => {
    const path = fixture(
      'greek-hebrew.txt',
      [
        '0391;GREEK CAPITAL LETTER ALPHA;Lu;0;L;;;;;N;;;;03B1;',
        '03B1;GREEK SMALL LETTER ALPHA;Ll;0;L;;;;;N;;;0391;;0391',
        '',
        '0301;COMBINING ACUTE ACCENT;Mn;230;NSM;;;;;N;NON-SPACING ACUTE;;;;',
        '05D0;HEBREW LETTER ALEF;Lo;0;R;;;;;N;;;;;',
        '',
      ].join('\n'),
    );
    expect(readUnicodeData(path)).toEqual([
      { codePoint: 0x391, name: 'GREEK CAPITAL LETTER ALPHA', category: 'Lu', lower: 0x3b1 },
      { codePoint: 0x3b1, name: 'GREEK SMALL LETTER ALPHA', category: 'Ll', upper: 0x391 },
      { codePoint: 0x301, name: 'COMBINING ACUTE ACCENT', category: 'Mn' },
      { codePoint: 0x5d0, name: 'HEBREW LETTER ALEF', category: 'Lo' },
    ]);
  });

  it('leaves out the mapping keys when a character has none', () => {
    const [alef] = readUnicodeData(fixture('alef.txt', '05D0;HEBREW LETTER ALEF;Lo;0;R;;;;;N;;;;;\n'));
    expect(Object.keys(alef)).toEqual(['codePoint', 'name', 'category']);
  });

  it('rejects a line without exactly 15 fields', () => {
    const short = fixture('short.txt', '03B1;GREEK SMALL LETTER ALPHA;Ll;0;L;;;;;N;;;0391;\n');
    expect(() => readUnicodeData(short)).toThrow('a line has 14 fields, expected 15: 03B1;GREEK SMALL LETTER ALPHA');
    const long = fixture('long.txt', '05D0;HEBREW LETTER ALEF;Lo;0;R;;;;;N;;;;;;\n');
    expect(() => readUnicodeData(long)).toThrow('a line has 16 fields, expected 15');
  });
});
