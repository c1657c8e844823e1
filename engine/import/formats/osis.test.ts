import { describe, expect, it } from 'vitest';
import { readImport } from './index.ts';
import { expectConsistentMarkup, file, verseAt } from './test-helpers.ts';

const HEADER = `<?xml version="1.0" encoding="UTF-8"?>
<osis xmlns="http://www.bibletechnologies.net/2003/OSIS/namespace">
<osisText osisIDWork="Sample" xml:lang="en">
<header>
  <work osisWork="Sample">
    <title>Sample Bible</title>
    <identifier type="OSIS">Bible.en.Sample</identifier>
    <language>en</language>
    <rights>Public domain &amp; free</rights>
    <refSystem>Bible.KJV</refSystem>
  </work>
  <work osisWork="Bible"><title>Not this one</title></work>
</header>`;

const MILESTONED = `${HEADER}
<div type="book" osisID="John">
<title type="main">The Gospel of John</title>
<milestone type="x-usfm-h" n="John"/>
<chapter sID="John.3" osisID="John.3" n="3"/>
<title>Jesus and Nicodemus</title>
<p>
<verse sID="John.3.16" osisID="John.3.16" n="16"/><q who="Jesus" marker="" sID="q1"/>For God so loved the world,<note type="crossReference" n="a"><reference osisRef="Rom.5.8">Rom 5:8</reference></note> that he gave his <transChange type="added">only</transChange> Son.
<verse eID="John.3.16"/>
</p>
<p>
<verse sID="John.3.17" osisID="John.3.17"/>For God sent not his Son to condemn the world;<q eID="q1"/>
and the <divineName>Lord</divineName> said it.<note placement="foot">A note.</note>
<verse eID="John.3.17"/>
</p>
<lg><l level="1"><verse sID="John.3.18" osisID='John.3.18 John.3.19'/>He that believeth</l>
<l level="2">is not condemned.<verse eID="John.3.18"/></l></lg>
<chapter eID="John.3"/>
</div>
</osisText></osis>`;

const CONTAINED = `${HEADER}
<div type="book" osisID="Ps">
<chapter osisID="Ps.23">
<title type="psalm">A Psalm of David.</title>
<verse osisID='Ps.23.1'>The <divineName>LORD</divineName> is my shepherd; I shall not want.</verse>
<verse osisID="Ps.23.2">He maketh me to lie down in green pastures.</verse>
</chapter>
</div>
<div type="book" osisID="Tob"><chapter osisID="Tob.1"><verse osisID="Tob.1.1">Tobit.</verse></chapter></div>
</osisText></osis>`;

describe('OSIS reader', () => {
  const milestoned = readImport([file('john.osis.xml', MILESTONED)]);

  it('reads the first work of the header', () => {
    expect(milestoned.format).toBe('osis');
    expect(milestoned.metadata).toEqual({
      name: 'Sample Bible',
      abbreviation: 'Bible.en.Sample',
      language: 'en',
      rights: 'Public domain & free',
      versification: 'KJV',
    });
  });

  it('keeps an x-usfm-h milestone as a name where x-usfm-toc2 gives another', () => {
    const both = MILESTONED.replace(
      '<milestone type="x-usfm-h" n="John"/>',
      '<milestone type="x-usfm-h" n="Johannes"/><milestone type="x-usfm-toc2" n="Joh"/>',
    );
    expect(readImport([file('john.osis.xml', both)]).books[0].names).toEqual({
      long: 'The Gospel of John',
      short: 'Joh',
      header: 'Johannes',
    });
  });

  it('reads milestoned verses, with text clean of notes and markup', () => {
    expect(milestoned.verses.map((v) => [v.chapter, v.verse, v.text])).toEqual([
      [3, 16, 'For God so loved the world, that he gave his only Son.'],
      [3, 17, 'For God sent not his Son to condemn the world; and the Lord said it.'],
      [3, 18, 'He that believeth is not condemned.'],
    ]);
    expect(verseAt(milestoned, 43, 3, 18)?.label).toBe('18-19');
    expect(milestoned.books).toEqual([{ book: 43, code: 'JHN', names: { long: 'The Gospel of John', short: 'John' } }]);
  });

  it('marks the words of Jesus across verses, added words, the divine name, notes, headings and poetry', () => {
    const v16 = verseAt(milestoned, 43, 3, 16)!;
    expect(v16.markup?.spans).toEqual([
      { from: 0, to: v16.text.length, style: 'wj' },
      { from: v16.text.indexOf('only'), to: v16.text.indexOf('only') + 4, style: 'add' },
    ]);
    expect(v16.markup?.notes).toEqual([
      { at: v16.text.indexOf(' that'), note: { type: 'note', kind: 'crossref', caller: 'a', text: 'Rom 5:8' } },
    ]);
    expect(v16.markup?.blocks?.map((b) => b.block.type)).toEqual(['title', 'heading']);
    expect(v16.markup?.breaks).toEqual([{ at: 0, block: 'paragraph' }]);
    const v17 = verseAt(milestoned, 43, 3, 17)!;
    expect(v17.markup?.spans?.map((s) => [s.style, v17.text.slice(s.from, s.to)])).toEqual([
      ['wj', 'For God sent not his Son to condemn the world;'],
      ['nd', 'Lord'],
    ]);
    expect(v17.markup?.notes?.[0]).toEqual({
      at: v17.text.length,
      note: { type: 'note', kind: 'footnote', text: 'A note.' },
    });
    const v18 = verseAt(milestoned, 43, 3, 18)!;
    expect(v18.markup?.breaks).toEqual([
      { at: 0, block: 'poetry', level: 1 },
      { at: v18.text.indexOf('is not'), block: 'poetry', level: 2 },
    ]);
    for (const verse of milestoned.verses) expectConsistentMarkup(verse);
  });

  it('reads contained verses, psalm titles, osisIDs in either quote, and skips books outside the 66', () => {
    const contained = readImport([file('ps.osis.xml', CONTAINED)]);
    expect(contained.verses.map((v) => `${v.book} ${v.chapter}:${v.verse} ${v.text}`)).toEqual([
      '19 23:1 The LORD is my shepherd; I shall not want.',
      '19 23:2 He maketh me to lie down in green pastures.',
    ]);
    expect(verseAt(contained, 19, 23, 1)?.markup?.blocks?.[0].block).toEqual({
      type: 'title',
      kind: 'psalm',
      content: [{ type: 'text', text: 'A Psalm of David.' }],
    });
    expect(contained.warnings.map((w) => w.message)).toEqual(['book Tob is not one of the 66 books: skipped']);
  });
});

describe('OSIS psalm titles inside their verse', () => {
  it('keep their words in the verse, marked as a title span', () => {
    const osis = `<osis><osisText><div type="book" osisID="Ps"><chapter osisID="Ps.3">
<verse osisID="Ps.3.1"><title type="psalm" canonical="true">A Psalm of David.</title> LORD, how are they increased!</verse>
</chapter></div></osisText></osis>`;
    const v1 = verseAt(readImport([file('ps3.xml', osis)]), 19, 3, 1)!;
    expect(v1.text).toBe('A Psalm of David. LORD, how are they increased!');
    expect(v1.markup?.spans).toEqual([{ from: 0, to: 17, style: 'title', kind: 'psalm' }]);
  });
});
