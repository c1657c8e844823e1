// Hostile files are data: each is refused or warned of in one line naming the file and the place.
import { describe, expect, it } from 'vitest';
import { BibleError } from '../../core/errors.ts';
import type { SourceFile } from '../types.ts';
import { readImport } from './index.ts';
import { file, verseAt } from './test-helpers.ts';

const OSIS_HEAD = '<osis><osisText><div type="book" osisID="Gen"><chapter osisID="Gen.1">';

function thrown(action: () => unknown): BibleError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(BibleError);
    expect((error as BibleError).message).not.toContain('\n');
    return error as BibleError;
  }
  throw new Error('expected a refusal');
}

describe('hostile import files', () => {
  it('refuses XML entity declarations and an internal DTD subset, resolving nothing', () => {
    const laughs = `<?xml version="1.0"?>\n<!DOCTYPE osis [\n<!ENTITY lol "lol">\n<!ENTITY lol2 "&lol;&lol;&lol;">\n]>\n<osis>&lol2;</osis>`;
    expect(thrown(() => readImport([file('laughs.xml', laughs)], { format: 'osis' })).message).toBe(
      'laughs.xml line 2: XML entity declarations are not read (a DOCTYPE with an internal subset)',
    );
    const external = `<?xml version="1.0"?>\n<!DOCTYPE osis SYSTEM "file:///etc/passwd" [<!ENTITY x SYSTEM "file:///etc/passwd">]><osis>&x;</osis>`;
    expect(thrown(() => readImport([file('xxe.xml', external)], { format: 'osis' })).message).toMatch(
      /^xxe\.xml line 2: XML entity declarations are not read/,
    );
    const bare = `<!ENTITY x "y"><osis/>`;
    expect(thrown(() => readImport([file('bare.xml', bare)], { format: 'osis' })).message).toBe(
      'bare.xml line 1: XML entity declarations are not read',
    );
  });

  it("decodes XML's five entities, HTML's Latin-1 names and numeric references, and drops others, counted", () => {
    const osis = `${OSIS_HEAD}<verse osisID="Gen.1.1">A &amp; B &lt;C&gt; &quot;D&quot; &apos;E&apos; &#65;&#x42; &nbsp;x &eacute;&bogus;&#0;&constructor;</verse></chapter></div></osisText></osis>`;
    const result = readImport([file('e.xml', osis)]);
    expect(verseAt(result, 1, 1, 1)?.text).toBe(`A & B <C> "D" 'E' AB x \u00e9`);
    expect(result.unknownMarkers).toEqual({ '&bogus;': 1, '&#0;': 1, '&constructor;': 1 });
  });

  it('refuses invalid UTF-8 naming the byte, and decodes UTF-16 with a byte order mark', () => {
    const bytes = new TextEncoder().encode('\\id GEN\n\\c 1\n\\v 1 In the beginning\n');
    const bad = new Uint8Array([...bytes.slice(0, 20), 0xc3, 0x28, ...bytes.slice(20)]);
    expect(thrown(() => readImport([{ path: 'GEN.usfm', bytes: bad }], { format: 'usfm' })).message).toBe(
      'GEN.usfm byte 20: invalid UTF-8',
    );
    const overlong = new Uint8Array([...bytes, 0xe0, 0x80, 0xaf]);
    expect(thrown(() => readImport([{ path: 'o.usfm', bytes: overlong }], { format: 'usfm' })).message).toBe(
      `o.usfm byte ${bytes.length}: invalid UTF-8`,
    );
    const text = '\\id GEN\n\\c 1\n\\v 1 起初神創造天地。\n';
    for (const littleEndian of [true, false]) {
      const utf16 = new Uint8Array(2 + text.length * 2);
      const view = new DataView(utf16.buffer);
      view.setUint16(0, 0xfeff, littleEndian);
      for (let i = 0; i < text.length; i++) view.setUint16(2 + i * 2, text.charCodeAt(i), littleEndian);
      const result = readImport([{ path: 'GEN16.usfm', bytes: utf16 }]);
      expect(verseAt(result, 1, 1, 1)?.text).toBe('起初神創造天地。');
    }
  });

  it('refuses a line longer than 1 MB naming it, and an XML token as long', () => {
    const long = `\\id GEN\n\\c 1\n\\v 1 ${'a'.repeat((1 << 20) + 1)}\n`;
    expect(thrown(() => readImport([file('long.usfm', long)])).message).toBe(
      'long.usfm line 3: a line of more than 1048576 bytes is not read',
    );
    const table = `GEN\t1\t1\t${'b'.repeat((1 << 20) + 1)}`;
    expect(thrown(() => readImport([file('long.tsv', table)], { format: 'table' })).message).toBe(
      'long.tsv line 1: a line of more than 1048576 bytes is not read',
    );
    const xml = `${OSIS_HEAD}\n<verse osisID="Gen.1.1">${'c'.repeat((1 << 20) + 1)}</verse></chapter></div></osisText></osis>`;
    expect(thrown(() => readImport([file('long.xml', xml)])).message).toBe(
      'long.xml line 2: a run of text of more than 1048576 characters is not read',
    );
  });

  it('keeps the first of duplicated verses and warns of verses out of order', () => {
    const usfm = '\\id GEN\n\\c 1\n\\v 2 Second.\n\\v 1 First.\n\\v 2 Again.\n';
    const result = readImport([file('GEN.usfm', usfm)]);
    expect(result.verses.map((v) => v.text)).toEqual(['Second.', 'First.']);
    expect(result.warnings).toEqual([
      { file: 'GEN.usfm', place: 'line 4', message: 'GEN 1:1 comes after a later verse' },
      { file: 'GEN.usfm', place: 'line 5', message: 'GEN 1:2 comes twice: the first is kept' },
    ]);
  });

  it('judges verse order within a book: books in any order give no warning, a book read back to front does', () => {
    const romans = file('a.usfm', '\\id ROM\n\\c 1\n\\v 1 Paul.\n\\v 2 Promised.\n');
    const john = file('b.usfm', '\\id JHN\n\\c 1\n\\v 1 Word.\n\\v 2 With God.\n');
    const johnAgain = file('c.usfm', '\\id JHN\n\\c 2\n\\v 1 Cana.\n');
    expect(readImport([romans, john]).warnings).toEqual([]);
    expect(readImport([johnAgain, romans, john]).warnings).toEqual([
      { file: 'b.usfm', place: 'line 3', message: 'JHN 1:1 comes after a later verse' },
      { file: 'b.usfm', place: 'line 4', message: 'JHN 1:2 comes after a later verse' },
    ]);
  });

  it('refuses chapter or verse 9999 in every format, naming the place', () => {
    const cases: [SourceFile, string][] = [
      [
        file('c.usfm', '\\id GEN\n\\c 9999\n\\v 1 x\n'),
        'c.usfm line 2: chapter 9999 is not read (chapters and verses run 1..999)',
      ],
      [
        file('v.usfm', '\\id GEN\n\\c 1\n\\v 9999 x\n'),
        'v.usfm line 3: verse 9999 is not read (chapters and verses run 1..999)',
      ],
      [
        file('o.xml', `${OSIS_HEAD}\n<verse osisID="Gen.1.9999">x</verse></chapter></div></osisText></osis>`),
        'o.xml line 2: verse 9999 is not read (chapters and verses run 1..999)',
      ],
      [
        file(
          'z.xml',
          '<XMLBIBLE><BIBLEBOOK bnumber="1">\n<CHAPTER cnumber="9999"><VERS vnumber="1">x</VERS></CHAPTER></BIBLEBOOK></XMLBIBLE>',
        ),
        'z.xml line 2: chapter 9999 is not read (chapters and verses run 1..999)',
      ],
      [
        file('u.xml', '<usfx><book id="GEN"><c id="1"/>\n<v id="9999"/>x<ve/></book></usfx>'),
        'u.xml line 2: verse 9999 is not read (chapters and verses run 1..999)',
      ],
      [
        file('t.tsv', 'GEN\t1\t1\tx\nGEN\t9999\t1\tx\n'),
        't.tsv line 2: chapter 9999 is not read (chapters and verses run 1..999)',
      ],
    ];
    for (const [source, message] of cases) expect(thrown(() => readImport([source])).message).toBe(message);
  });

  it('warns once of each book outside the 66 and skips it', () => {
    const usfm = '\\id XYZ\n\\c 1\n\\v 1 a\n\\v 2 b\n';
    const result = readImport([file('x.usfm', usfm), file('g.usfm', '\\id GEN\n\\c 1\n\\v 1 c\n')]);
    expect(result.verses).toHaveLength(1);
    expect(result.warnings).toEqual([
      { file: 'x.usfm', place: 'line 1', message: 'book XYZ is not one of the 66 books: skipped' },
    ]);
  });
});
