import { describe, expect, it } from 'vitest';
import { readImport } from './index.ts';
import { expectConsistentMarkup, file, verseAt } from './test-helpers.ts';

// USX 3.0, as the specification's examples write it (milestoned chapters and verses).
const MARK = `<?xml version="1.0" encoding="utf-8"?>
<usx version="3.0">
  <book code="MRK" style="id">Sample Mark</book>
  <para style="h">Mark</para>
  <para style="toc1">The Gospel according to Mark</para>
  <para style="toc2">Mark</para>
  <para style="toc3">Mk</para>
  <para style="mt1">Mark</para>
  <chapter number="1" style="c" sid="MRK 1"/>
  <para style="s1">John the Baptist prepares the way</para>
  <para style="r">(Matthew 3:1-12)</para>
  <para style="p">
    <verse number="1" style="v" sid="MRK 1:1"/>The beginning of the gospel of Jesus Christ, the Son of God.<note caller="+" style="f"><char style="fr">1:1 </char><char style="ft">Some manuscripts omit the Son of God.</char></note><verse eid="MRK 1:1"/>
    <verse number="2" style="v" sid="MRK 1:2"/>As it is written:<verse eid="MRK 1:2"/></para>
  <para style="q1"><verse number="3" style="v" sid="MRK 1:3"/>“Prepare the way for the <char style="nd">Lord</char>,</para>
  <para style="q2">make straight paths for him.”<verse eid="MRK 1:3"/></para>
  <para style="p"><verse number="15" style="v" sid="MRK 1:15"/>He said, <char style="wj">“The time has come,” <char style="w" strong="G2316">God</char>’s</char> kingdom.<verse eid="MRK 1:15"/></para>
  <chapter eid="MRK 1"/>
</usx>`;

describe('USX reader', () => {
  const result = readImport([file('MRK.usx', MARK)]);

  it('keeps <para style="h"> as a name where <para style="toc2"> gives another', () => {
    const header = MARK.replace('<para style="toc2">Mark</para>', '<para style="toc2">Mk.</para>');
    expect(readImport([file('MRK.usx', header)]).books[0].names).toEqual({
      long: 'The Gospel according to Mark',
      short: 'Mk.',
      abbreviation: 'Mk',
      header: 'Mark',
    });
  });

  it('reads the book, names and verses with clean text', () => {
    expect(result.format).toBe('usx');
    expect(result.books).toEqual([
      { book: 41, code: 'MRK', names: { long: 'The Gospel according to Mark', short: 'Mark', abbreviation: 'Mk' } },
    ]);
    expect(result.verses.map((v) => `${v.chapter}:${v.verse} ${v.text}`)).toEqual([
      '1:1 The beginning of the gospel of Jesus Christ, the Son of God.',
      '1:2 As it is written:',
      '1:3 “Prepare the way for the Lord, make straight paths for him.”',
      '1:15 He said, “The time has come,” God’s kingdom.',
    ]);
  });

  it('places headings with references, notes, poetry and character styles', () => {
    const v1 = verseAt(result, 41, 1, 1)!;
    expect(v1.markup?.blocks?.map((b) => b.block)).toContainEqual({
      type: 'heading',
      level: 1,
      text: 'John the Baptist prepares the way',
      source: 'source',
      references: ['Matthew 3:1-12'],
    });
    expect(v1.markup?.notes).toEqual([
      { at: v1.text.length, note: { type: 'note', kind: 'footnote', text: 'Some manuscripts omit the Son of God.' } },
    ]);
    const v3 = verseAt(result, 41, 1, 3)!;
    expect(v3.markup?.breaks).toEqual([
      { at: 0, block: 'poetry', level: 1 },
      { at: v3.text.indexOf('make'), block: 'poetry', level: 2 },
    ]);
    expect(v3.markup?.spans).toEqual([{ from: v3.text.indexOf('Lord'), to: v3.text.indexOf('Lord') + 4, style: 'nd' }]);
    const v15 = verseAt(result, 41, 1, 15)!;
    const wj = v15.markup?.spans?.[0];
    expect(v15.text.slice(wj!.from, wj!.to)).toBe('“The time has come,” God’s');
    for (const verse of result.verses) expectConsistentMarkup(verse);
  });
});

describe('USX verses printed in parts', () => {
  it('joins "3a" and "3b" across their end milestones into one verse 3 with both halves', () => {
    const usx =
      '<usx version="3.0"><book code="JHN" style="id"/><chapter number="1" style="c" sid="JHN 1"/><para style="p">' +
      '<verse number="3a" style="v" sid="JHN 1:3a"/>First half.<verse eid="JHN 1:3a"/>' +
      '<verse number="3b" style="v" sid="JHN 1:3b"/>Other half.<verse eid="JHN 1:3b"/>' +
      '<verse number="4a" style="v" sid="JHN 1:4a"/>Alone.<verse eid="JHN 1:4a"/></para></usx>';
    const result = readImport([file('JHN.usx', usx)]);
    expect(result.verses.map((v) => [v.verse, v.text, v.label])).toEqual([
      [3, 'First half. Other half.', undefined],
      [4, 'Alone.', '4a'],
    ]);
    expect(result.warnings).toEqual([]);
  });
});
