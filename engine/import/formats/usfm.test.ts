import { describe, expect, it } from 'vitest';
import { readImport } from './index.ts';
import { expectConsistentMarkup, file, verseAt } from './test-helpers.ts';

const JOHN = String.raw`\id JHN Sample text
\ide UTF-8
\rem Copyright: public domain.
\rem Checked twice
\h John
\toc1 The Good News According to John
\toc2 John
\toc3 Jhn
\mt2 The Good News According to
\mt1 John
\c 3
\s1 Jesus and Nicodemus
\r (John 7:50-52)
\p
\v 1 Now there was a man of the Pharisees named Nicodemus,\f + \fr 3:1 \ft a ruler\f* a ruler of the Jews.
\v 2 He came to \add him\add* by night.
\p \v 3 Jesus answered him, \wj “Most certainly, I tell you,
unless one is born \+add anew\+add*, he can’t see God’s Kingdom.”\wj*
\v 4 Nicodemus said,
\q1 “How can a man be born
\q2 when he is old?”\x - \xo 3:4 \xt Job 14:1\x*
\v 5 The \nd Lord\nd* said \w grace|strong="G5485"\w* and \k peace\k*.
\m ¶ After these things
\v 6-7 came \bd the\bd* end.
\c 4
\d A Psalm of David.
\v 1 The first verse.
`;

describe('USFM reader', () => {
  const result = readImport([file('JHN.usfm', JOHN)]);

  it('reads the book, its names and the rights lines', () => {
    expect(result.format).toBe('usfm');
    expect(result.books).toEqual([
      { book: 43, code: 'JHN', names: { long: 'The Good News According to John', short: 'John', abbreviation: 'Jhn' } },
    ]);
    expect(result.metadata.rights).toBe('Copyright: public domain.');
  });

  it('keeps the running header as a name beside a \\toc2 short name, in either order', () => {
    const headerFirst = '\\id PHM\n\\h Philemonbrief\n\\toc2 Phlm\n\\c 1\n\\v 1 Paulus.\n';
    const headerLast = '\\id PHM\n\\toc2 Phlm\n\\h Philemonbrief\n\\c 1\n\\v 1 Paulus.\n';
    for (const text of [headerFirst, headerLast])
      expect(readImport([file('PHM.usfm', text)]).books[0].names).toEqual({ short: 'Phlm', header: 'Philemonbrief' });
  });

  it('keeps verse text clean: no notes, markers, pilcrows or attributes', () => {
    expect(verseAt(result, 43, 3, 1)?.text).toBe(
      'Now there was a man of the Pharisees named Nicodemus, a ruler of the Jews.',
    );
    expect(verseAt(result, 43, 3, 3)?.text).toBe(
      'Jesus answered him, “Most certainly, I tell you, unless one is born anew, he can’t see God’s Kingdom.”',
    );
    expect(verseAt(result, 43, 3, 5)?.text).toBe('The Lord said grace and peace. After these things');
    expect(verseAt(result, 43, 3, 6)).toMatchObject({ text: 'came the end.', label: '6-7' });
  });

  it('places headings with their references, notes, styles, paragraphs and poetry', () => {
    const v1 = verseAt(result, 43, 3, 1)!;
    expect(v1.markup?.blocks?.map((b) => b.block)).toEqual([
      { type: 'title', kind: 'book', content: [{ type: 'text', text: 'The Good News According to' }] },
      { type: 'title', kind: 'book', content: [{ type: 'text', text: 'John' }] },
      { type: 'heading', level: 1, text: 'Jesus and Nicodemus', source: 'source', references: ['John 7:50-52'] },
    ]);
    expect(v1.markup?.breaks).toEqual([{ at: 0, block: 'paragraph' }]);
    expect(v1.markup?.notes).toEqual([{ at: 53, note: { type: 'note', kind: 'footnote', text: 'a ruler' } }]);
    const v2 = verseAt(result, 43, 3, 2)!;
    expect(v2.markup?.spans).toEqual([{ from: 11, to: 14, style: 'add' }]);
    const v3 = verseAt(result, 43, 3, 3)!;
    const wj = v3.markup?.spans?.find((s) => s.style === 'wj');
    expect(v3.text.slice(wj!.from, wj!.to)).toBe(
      '“Most certainly, I tell you, unless one is born anew, he can’t see God’s Kingdom.”',
    );
    expect(v3.markup?.spans?.some((s) => s.style === 'add' && v3.text.slice(s.from, s.to) === 'anew')).toBe(true);
    const v4 = verseAt(result, 43, 3, 4)!;
    expect(v4.markup?.breaks).toEqual([
      { at: 16, block: 'poetry', level: 1 },
      { at: 39, block: 'poetry', level: 2 },
    ]);
    expect(v4.markup?.notes?.[0].note).toEqual({ type: 'note', kind: 'crossref', text: 'Job 14:1' });
    const v5 = verseAt(result, 43, 3, 5)!;
    expect(v5.markup?.spans).toEqual([{ from: 4, to: 8, style: 'nd' }]);
    expect(v5.markup?.breaks).toEqual([{ at: v5.text.indexOf('After'), block: 'paragraph' }]);
  });

  it('puts the book title before the first verse and a psalm title before its verse', () => {
    const titles = verseAt(result, 43, 3, 1)?.markup?.blocks?.filter((b) => b.block.type === 'title');
    expect(titles?.map((t) => t.at)).toEqual([0, 0]);
    const psalm = verseAt(result, 43, 4, 1)!;
    expect(psalm.markup?.blocks?.[0].block).toEqual({
      type: 'title',
      kind: 'psalm',
      content: [{ type: 'text', text: 'A Psalm of David.' }],
    });
  });

  it('keeps every offset consistent with the text', () => {
    for (const verse of result.verses) expectConsistentMarkup(verse);
  });

  it('marks a psalm title that runs on into verse 1 as a title span of the verse', () => {
    const psalm = readImport([
      file(
        'PSA.usfm',
        String.raw`\id PSA
\c 3
\d To the chief Musician. \v 1 A Psalm of David. \p Lord, how are they increased!`,
      ),
    ]);
    const v1 = verseAt(psalm, 19, 3, 1)!;
    expect(v1.text).toBe('A Psalm of David. Lord, how are they increased!');
    expect(v1.markup?.spans).toEqual([{ from: 0, to: 17, style: 'title', kind: 'psalm' }]);
    expect(v1.markup?.blocks?.[0].block).toMatchObject({ type: 'title', kind: 'psalm' });
  });

  it('counts markers it does not know and warns of books outside the 66', () => {
    const odd = readImport([
      file('TOB.usfm', '\\id TOB\n\\c 1\n\\v 1 Tobit.\n'),
      file('GEN.usfm', '\\id GEN\n\\c 1\n\\zz \\v 1 In the \\qq beginning.\n'),
    ]);
    expect(odd.books.map((b) => b.code)).toEqual(['GEN']);
    expect(odd.warnings).toEqual([
      { file: 'TOB.usfm', place: 'line 1', message: 'book TOB is not one of the 66 books: skipped' },
    ]);
    expect(odd.unknownMarkers).toEqual({ '\\zz': 1, '\\qq': 1 });
    expect(verseAt(odd, 1, 1, 1)?.text).toBe('In the beginning.');
  });
});

describe('USFM verse numbers and text a careless file brings', () => {
  it('warns of a verse range that runs backwards, and of a verse a range already holds', () => {
    const result = readImport([file('a.usfm', '\\id JHN\n\\c 3\n\\v 17-16 A.\n\\v 18-19 B.\n\\v 19 C.\n')]);
    expect(result.warnings.map((w) => `${w.place}: ${w.message}`)).toEqual([
      'line 3: JHN 3:17 is printed as the range 17-16, which runs backwards',
      'line 5: JHN 3:19 comes after the verse range JHN 3:18-19 that holds it',
    ]);
    expect(result.verses.map((v) => v.verse)).toEqual([17, 18, 19]);
  });

  it('leaves out a verse or chapter with no number, with a warning naming it, and reads on', () => {
    const result = readImport([file('a.usfm', '\\id JHN\n\\c 1\n\\v x A.\n\\v 2 B.\n')]);
    expect(result.verses.map((v) => `${v.verse} ${v.text}`)).toEqual(['2 B.']);
    expect(result.warnings).toEqual([
      { file: 'a.usfm', place: 'line 3', message: 'verse "x" is not a number: left out' },
    ]);
  });

  it('drops control characters but keeps the words they stood between', () => {
    const result = readImport([file('a.usfm', '\\id JHN\n\\c 1\n\\v 1 In\u0000 the\u001b beginning\u007f.\n')]);
    expect(result.verses[0].text).toBe('In the beginning.');
  });

  it('reads Windows-1252 text as \\ide names it, curly quotes and the euro sign too', () => {
    const head = new TextEncoder().encode('\\id JHN\n\\ide windows-1252\n\\c 1\n\\v 1 ');
    const bytes = new Uint8Array([...head, 0x93, 0x80, 0xe9, 0x94, 0x0a]);
    expect(readImport([{ path: 'a.usfm', bytes }]).verses[0].text).toBe('\u201c\u20ac\u00e9\u201d');
  });
});
