// The SWORD text filters (OSIS, GBF, plain) on small verse entries: what markup drops, keeps or spaces.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gbfToText } from './gbf.ts';
import { attribute, decodeXmlEntities, osisToText } from './osis.ts';
import { plainToText, tidyText } from './plain.ts';

describe('osisToText', () => {
  it('keeps the words inside word wrappers, added words and quotes, and drops the tags', () => {
    const raw =
      '<w lemma="strong:H07225" morph="x">In the beginning</w> <w lemma="strong:H0430">God</w> ' +
      '<transChange type="added">is</transChange> <q who="Jesus" marker="">good</q>.';
    expect(osisToText(raw, 'KJV')).toBe('In the beginning God is good.');
  });

  it('drops notes with their catchWords and readings, spacing only words the note separated', () => {
    const kjv = 'the waters <note type="study"><catchWord>waters</catchWord><rdg>Heb. seas</rdg></note>were';
    expect(osisToText(kjv, 'KJV')).toBe('the waters were');
    // Darby's name notes sit glued between two words, or just after punctuation.
    expect(osisToText('In the beginning<note>Elohim</note>God created', 'Darby')).toBe('In the beginning God created');
    expect(osisToText('O God,<note>Elohim</note>and', 'Darby')).toBe('O God, and');
    expect(osisToText('one<note>a<note>nested</note>b</note> two', 'KJV')).toBe('one two');
  });

  it('drops a colophon with its content', () => {
    const raw = 'Amen.<div type="colophon" subType="x-subscription">Written to the Romans from Corinthus</div>';
    expect(osisToText(raw, 'KJV')).toBe('Amen.');
  });

  it('keeps a Psalm superscription at the start of the entry, followed by a space', () => {
    const raw = '<title type="psalm" canonical="true">A Psalm of <w>David</w>.</title>The LORD is my shepherd';
    expect(osisToText(raw, 'KJV')).toBe('A Psalm of David. The LORD is my shepherd');
  });

  it('drops a Psalm title that follows verse text, and every other title', () => {
    expect(osisToText('Praise ye the LORD.<title type="psalm">A Psalm.</title>', 'KJV')).toBe('Praise ye the LORD.');
    expect(osisToText('<title type="acrostic" canonical="true">ALEPH.</title>Blessed are', 'KJV')).toBe('Blessed are');
    expect(osisToText('<title>BOOK II</title>As the hart', 'ASV')).toBe('As the hart');
  });

  it("keeps BBE's pre-verse section title as the Psalm title, in BBE only", () => {
    const raw = '<title type="section" subType="x-preverse">To the chief music-maker.</title>God is';
    expect(osisToText(raw, 'BBE')).toBe('To the chief music-maker. God is');
    expect(osisToText(raw, 'KJV')).toBe('God is');
  });

  it('upper-cases the words of a divine name', () => {
    expect(osisToText('the <divineName>Lord</divineName> <divineName>God</divineName> said', 'KJV')).toBe(
      'the LORD GOD said',
    );
  });

  it("turns milestones into a space but KJV's empty word element into nothing", () => {
    expect(osisToText('first line<lb/>second<l sID="x"/>third<milestone type="x-p"/>fourth', 'KJV')).toBe(
      'first line second third fourth',
    );
    expect(osisToText('Jesus said<w src="7" lemma="strong:G3754"/>, Whosoever', 'KJV')).toBe('Jesus said, Whosoever');
  });

  it('puts back the space ASV lost at an added-words boundary, but not inside a SpaRV verb', () => {
    const asv = 'he <transChange type="added">made</transChange>the stars';
    expect(osisToText(asv, 'ASV')).toBe('he made the stars');
    const spa = 'sáca<transChange type="added">lo</transChange> de ahí';
    expect(osisToText(spa, 'SpaRV')).toBe('sácalo de ahí');
    expect(osisToText(spa, 'KJV')).toBe('sáca lo de ahí');
    // A boundary next to punctuation needs no space.
    expect(osisToText('<transChange type="added">is</transChange>, and', 'ASV')).toBe('is, and');
    // A plural possessive ends a word: the added word after it needs its space back.
    const fathers = 'the <w lemma="strong:H1">fathers’</w><transChange type="added">houses</transChange><w>of</w>';
    expect(osisToText(fathers, 'ASV')).toBe('the fathers’ houses of');
    // An apostrophe that follows no letter opens a quotation: no space after it.
    expect(osisToText('“‘<transChange type="added">Yes</transChange>', 'ASV')).toBe('“‘Yes');
  });

  it('decodes entities in text, drops pilcrows and tidies whitespace', () => {
    expect(osisToText('  ¶ Salt &amp; light &lt;here&gt;\n  &#x05D0;  ', 'KJV')).toBe('Salt & light <here> \u05d0');
  });
});

describe('decodeXmlEntities', () => {
  it('decodes named, decimal and hex references once, and leaves unknown names alone', () => {
    expect(decodeXmlEntities('&amp; &lt; &gt; &quot; &apos; &#65; &#x42; &#x1F600; &nbsp; &amp;lt;')).toBe(
      '& < > " \' A B \u{1F600} &nbsp; &lt;',
    );
  });

  it('inverts XML escaping for any text', () => {
    const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(decodeXmlEntities(text.replace(/[&<>"']/g, (c) => escapes[c]))).toBe(text);
      }),
    );
  });
});

describe('attribute', () => {
  it('reads one attribute value by its exact name', () => {
    const tag = '<title type="section" subType="x-preverse" canonical="">';
    expect(attribute(tag, 'type')).toBe('section');
    expect(attribute(tag, 'subType')).toBe('x-preverse');
    expect(attribute(tag, 'canonical')).toBe('');
    expect(attribute(tag, 'Type')).toBeUndefined();
    expect(attribute('<div subType="x">', 'type')).toBeUndefined();
  });
});

describe('gbfToText', () => {
  it('keeps italic words, drops paragraph marks and other tags, keeps backtick quotes and dashes', () => {
    expect(gbfToText("And God saith, `Let light be;' and light is.<CM>", 'YLT')).toBe(
      "And God saith, `Let light be;' and light is.",
    );
    expect(gbfToText('he <FI>is<Fi> come -- <TS>Title<Ts>lo', 'YLT')).toBe('he is come -- Titlelo');
  });

  it('drops a footnote with its text, leaving a space', () => {
    expect(gbfToText('word<RF>a note<Rf>next <RF>two<Rf>.', 'YLT')).toBe('word next .');
  });
});

describe('plainToText and tidyText', () => {
  it("keeps Webster's bracketed supplied words and drops pilcrows", () => {
    expect(plainToText('¶ In the beginning God created the heaven and the earth [was]. \r\n', 'Webster')).toBe(
      'In the beginning God created the heaven and the earth [was].',
    );
    expect(plainToText('a¶b', 'Webster')).toBe('a b');
  });

  it('always gives trimmed single-spaced text without pilcrows, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n', '\t', '¶', '.') }), (text) => {
        const tidy = tidyText(text);
        expect(tidy).not.toMatch(/¶|\s\s|^\s|\s$|[\n\t]/);
        expect(tidyText(tidy)).toBe(tidy);
      }),
    );
  });
});
