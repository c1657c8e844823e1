import { describe, expect, it } from 'vitest';
import { readImport } from './index.ts';
import { expectConsistentMarkup, file, verseAt } from './test-helpers.ts';

const ZEFANIA = `\uFEFF<?xml version="1.0" encoding="utf-8"?>
<XMLBIBLE biblename="Sample" type="x-bible">
  <INFORMATION>
    <title>Sample Zefania Bible</title>
    <identifier>SZB</identifier>
    <language>GER</language>
    <rights>Public Domain</rights>
  </INFORMATION>
  <BIBLEBOOK bnumber="43" bname="Johannes" bsname="Joh">
    <CHAPTER cnumber="3">
      <CAPTION>Jesus und Nikodemus</CAPTION>
      <VERS vnumber="16"><STYLE css="color:#FF0000">Also hat Gott die Welt geliebt,</STYLE> dass er seinen <STYLE fs="italic">eingeborenen</STYLE> Sohn gab.<NOTE type="x-studynote">Eine Anmerkung</NOTE><BR art="x-nl"/>Ende.</VERS>
      <VERS vnumber="17" vnumberto="18">Zwei Verse &#x2014; einer.</VERS>
    </CHAPTER>
  </BIBLEBOOK>
  <BIBLEBOOK bnumber="70" bname="Tobit"><CHAPTER cnumber="1"><VERS vnumber="1">x</VERS></CHAPTER></BIBLEBOOK>
</XMLBIBLE>`;

describe('Zefania reader', () => {
  const result = readImport([file('sample.zefania.xml', ZEFANIA)]);

  it('reads the INFORMATION block and book names', () => {
    expect(result.format).toBe('zefania');
    expect(result.metadata).toEqual({
      name: 'Sample Zefania Bible',
      abbreviation: 'SZB',
      language: 'de',
      rights: 'Public Domain',
    });
    expect(result.books).toEqual([{ book: 43, code: 'JHN', names: { long: 'Johannes', short: 'Joh' } }]);
    expect(result.warnings.map((w) => w.message)).toEqual(['book bnumber 70 is not one of the 66 books: skipped']);
  });

  it('reads verses with captions, notes, styles and line breaks', () => {
    const v16 = verseAt(result, 43, 3, 16)!;
    expect(v16.text).toBe('Also hat Gott die Welt geliebt, dass er seinen eingeborenen Sohn gab. Ende.');
    expect(v16.markup?.blocks?.[0].block).toEqual({
      type: 'heading',
      level: 1,
      text: 'Jesus und Nikodemus',
      source: 'source',
    });
    expect(v16.markup?.spans?.map((s) => [s.style, v16.text.slice(s.from, s.to)])).toEqual([
      ['wj', 'Also hat Gott die Welt geliebt,'],
      ['add', 'eingeborenen'],
    ]);
    expect(v16.markup?.notes).toEqual([
      { at: v16.text.indexOf(' Ende'), note: { type: 'note', kind: 'study', text: 'Eine Anmerkung' } },
    ]);
    expect(v16.markup?.breaks).toEqual([{ at: v16.text.indexOf('Ende'), block: 'paragraph' }]);
    expect(verseAt(result, 43, 3, 17)).toMatchObject({ text: 'Zwei Verse — einer.', label: '17-18' });
    for (const verse of result.verses) expectConsistentMarkup(verse);
  });
});
