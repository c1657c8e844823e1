// The SWORD zText adapter against the real corpus (../shared/sources or BIBLE_SOURCES), plus the
// markup filters on small hand-written entries.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { readKjvChapterVerses } from '../../compiler/adapters/kjv-versification.ts';
import {
  PSALM_TITLE_RULE,
  parseSwordConf,
  readSwordConf,
  readSwordModule,
  readSwordRaw,
  stripPsalm119Acrostic,
} from '../../compiler/adapters/sword-ztext.ts';
import { gbfToText } from '../../compiler/adapters/filters/gbf.ts';
import { osisToText } from '../../compiler/adapters/filters/osis.ts';
import { plainToText } from '../../compiler/adapters/filters/plain.ts';
import type { ChapterVerseTable, TranslationText } from '../../compiler/adapters/types.ts';

const repoRoot = resolve(fileURLToPath(import.meta.url), '..', '..', '..');
const corpus = resolve(process.env.BIBLE_SOURCES ?? join(repoRoot, '..', 'shared', 'sources'));

const MODULES = {
  kjv: 'bibles/kjv/KJV.zip',
  asv: 'bibles/asv/ASV.zip',
  bbe: 'bibles/bbe/BBE.zip',
  dby: 'bibles/dby/Darby.zip',
  wbt: 'bibles/wbt/Webster.zip',
  ylt: 'bibles/ylt/YLT.zip',
  rv1909: 'bibles/rv1909/SpaRV.zip',
} as const;
type Code = keyof typeof MODULES;
const CODES = Object.keys(MODULES) as Code[];

// Verses with text per module (provenance/bibles.md, "Verses with text").
const EXPECTED_VERSES: Record<Code, number> = {
  kjv: 31102,
  asv: 31086,
  bbe: 31086,
  dby: 31099,
  wbt: 31102,
  ylt: 31102,
  rv1909: 31084,
};

let table: ChapterVerseTable;
const texts = {} as Record<Code, TranslationText>;
const byRef = {} as Record<Code, Map<string, string>>;

beforeAll(() => {
  table = readKjvChapterVerses(join(corpus, 'bibles/kjv1611'));
  for (const code of CODES) {
    texts[code] = readSwordModule({ path: join(corpus, MODULES[code]), kjvChapterVerses: table });
    byRef[code] = new Map(texts[code].verses.map((v) => [`${v.book}.${v.chapter}.${v.verse}`, v.text]));
  }
}, 60_000);

const verse = (code: Code, ref: string) => byRef[code].get(ref);

describe('verse counts and omitted slots', () => {
  it.each(CODES)('%s has the documented number of verses with text', (code) => {
    expect(texts[code].verses.length).toBe(EXPECTED_VERSES[code]);
  });

  it('leaves out the slots the source leaves empty', () => {
    expect(verse('asv', '40.17.21')).toBeUndefined(); // only an ASV margin note
    expect(verse('bbe', '40.17.21')).toBeUndefined();
    for (const ref of ['40.23.14', '44.8.37', '44.15.34']) expect(verse('dby', ref)).toBeUndefined();
    expect(verse('rv1909', '4.12.16')).toBeUndefined(); // RV1909 puts it in Num 13:1
  });

  it('puts the ASV margin notes of its 16 omitted verses at the end of the verse before each', () => {
    const atEnd = texts.asv.verses.filter((v) => v.markup?.notes?.some((n) => n.at === v.text.length));
    expect(atEnd).toHaveLength(16);
    const matthew1720 = texts.asv.verses.find((v) => v.book === 40 && v.chapter === 17 && v.verse === 20)!;
    expect(matthew1720.markup?.notes).toEqual([
      {
        at: matthew1720.text.length,
        note: {
          type: 'note',
          kind: 'footnote',
          text: 'Many authorities, some ancient, insert v. 21. But this kind goeth not out save by prayer and fasting. See Mrk 9:29.',
        },
      },
    ]);
    // Mark 9:44 and 9:46 each go to the verse before them.
    for (const v of [43, 45]) {
      const record = texts.asv.verses.find((r) => r.book === 41 && r.chapter === 9 && r.verse === v)!;
      expect(record.markup?.notes?.map((n) => n.note.text)).toEqual([
        'Vs. 44 and 46 (which are identical with v. 48) are omitted by the best ancient authorities.',
      ]);
    }
  });

  it.each(CODES)('%s lists verses in canonical order without duplicates', (code) => {
    const keys = texts[code].verses.map((v) => v.book * 1e6 + v.chapter * 1e3 + v.verse);
    expect(keys.filter((key, i) => i > 0 && key <= keys[i - 1])).toEqual([]);
  });
});

describe('known verses', () => {
  it('KJV', () => {
    expect(verse('kjv', '1.1.1')).toBe('In the beginning God created the heaven and the earth.');
    expect(verse('kjv', '43.3.16')).toBe(
      'For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.',
    );
    // Psalm superscription kept at the start of v.1; divineName Lord -> LORD.
    expect(verse('kjv', '19.23.1')).toBe('A Psalm of David. The LORD is my shepherd; I shall not want.');
    expect(verse('kjv', '19.23.1')).toContain('LORD');
    // An empty <w/> (untranslated Greek word) must not leave a space before the comma.
    expect(verse('kjv', '40.5.31')).toMatch(/^It hath been said, Whosoever/);
  });

  it('KJV drops the Pauline colophons', () => {
    expect(verse('kjv', '45.16.27')).toBe('To God only wise, be glory through Jesus Christ for ever. Amen.');
    expect(verse('kjv', '58.13.25')).toBe('Grace be with you all. Amen.');
  });

  it('ASV: no words joined at <transChange>, no Psalter book headings, no Hab 3:19 subscription', () => {
    expect(verse('asv', '1.1.16')).toContain('he made the stars');
    expect(verse('asv', '1.1.16')).not.toContain('madethe');
    expect(verse('asv', '19.41.13')).toBe(
      'Blessed be Jehovah, the God of Israel, From everlasting and to everlasting. Amen, and Amen.',
    );
    expect(verse('asv', '35.3.19')).not.toMatch(/Chief Musician/);
  });

  it('Darby: no note text, and the word before a note stays apart from the next', () => {
    expect(verse('dby', '1.1.1')).toContain('beginning God');
    expect(verse('dby', '1.1.1')).not.toContain('beginningGod');
    expect(verse('dby', '1.1.1')).not.toContain('Elohim');
  });

  it('BBE keeps *** as printed and moves the Ps 73 title from 72:20 to 73:1', () => {
    expect(verse('bbe', '9.13.1')).toBe('***');
    expect(verse('bbe', '19.72.20')).toBe('The prayers of David, the son of Jesse, are ended.');
    expect(verse('bbe', '19.73.1')).toMatch(/^A Psalm\. Of Asaph\. Truly, God is good/);
  });

  it('YLT has no GBF tags left and keeps its backtick quotes', () => {
    expect(texts.ylt.verses.filter((v) => /<FI>|<Fi>|<CM>/.test(v.text))).toEqual([]);
    expect(verse('ylt', '1.1.3')).toContain('`Let light be;');
  });

  it('Webster keeps its [italic] brackets', () => {
    expect(verse('wbt', '19.23.1')).toBe('A Psalm of David. The LORD [is] my shepherd; I shall not want.');
  });

  it('RV1909: chapter-opening capitals, enclitics kept joined, Spanish book names', () => {
    expect(verse('rv1909', '1.1.1')).toMatch(/^EN el principio/);
    expect(verse('rv1909', '1.19.12')).toContain('sácalo de este lugar');
    expect(texts.rv1909.bookNames?.[1]).toBe('Génesis');
    expect(texts.rv1909.bookNames?.[40]).toBe('San Mateo');
    expect(texts.rv1909.bookNames?.[22]).toBe('Cantar de los Cantares');
  });

  it('English book names come from the book div, not ASV front matter', () => {
    expect(texts.asv.bookNames?.[1]).toBe('Genesis');
    expect(texts.kjv.bookNames).toBeUndefined(); // KJV intros carry no name milestones
  });
});

describe('Psalm titles (one rule for all translations)', () => {
  it('documents the rule', () => {
    expect(PSALM_TITLE_RULE).toMatch(/verse 1/);
  });

  it.each(CODES)('%s: Ps 23:1 starts with its superscription', (code) => {
    const title =
      code === 'rv1909' ? 'Salmo de David. ' : code === 'bbe' ? 'A Psalm. Of David. ' : 'A Psalm of David. ';
    expect(verse(code, '19.23.1')?.startsWith(title)).toBe(true);
  });

  it.each(CODES)('%s: no Ps 119 stanza starts with its acrostic letter', (code) => {
    for (let v = 1; v <= 176; v += 8) {
      expect(verse(code, `19.119.${v}`)).not.toMatch(/^(?:[\u05D0-\u05EA]|ALEPH|Aleph|BETH|Beth|TAU|Taw|MEM|Mem\.)/);
    }
    expect(verse(code, '19.119.1')).not.toMatch(/^(ALEPH|Aleph|א)/);
  });
});

describe('whole-corpus cleanliness', () => {
  it.each(CODES)('%s: no markup, pilcrows, stray spaces or Psalter headings', (code) => {
    const unclean = /[<>¶]| {2}|^\s|\s$|^$|BOOK I|[\u0000-\u001f]/;
    expect(texts[code].verses.filter((v) => unclean.test(v.text))).toEqual([]);
  });

  it.each(CODES)('%s: no words glued where a tag was removed', (code) => {
    // A lower-case letter directly followed by a capital is how a dropped note glues Darby's words
    // ("beginningGod"); no real word in these seven texts has that shape.
    const glued = /\p{Ll}\p{Lu}|madethe|beginningGod/u;
    expect(texts[code].verses.filter((v) => glued.test(v.text))).toEqual([]);
  });

  // Every word of the clean text must be a word of the source once all markup is turned into
  // spaces; a word that only appears after tag removal ("madethe") means two words were joined.
  // SpaRV is left out on purpose: there the joins are enclitics (sáca+lo = sácalo).
  it.each(['kjv', 'asv', 'bbe', 'dby', 'wbt', 'ylt'] as const)(
    '%s: every output word exists in the source',
    (code) => {
      const { verses: raw } = readSwordRaw(join(corpus, MODULES[code]), table);
      const sourceWords = new Set<string>();
      for (const { raw: entry } of raw) {
        for (const word of entry
          .replace(/<[^>]*>/g, ' ')
          .toLowerCase()
          .match(/[\p{L}\p{M}\p{N}]+/gu) ?? []) {
          sourceWords.add(word);
        }
      }
      const unknown = new Set<string>();
      for (const { text } of texts[code].verses) {
        for (const word of text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []) {
          if (!sourceWords.has(word)) unknown.add(word);
        }
      }
      expect([...unknown]).toEqual([]);
    },
    30_000,
  );
});

describe('conf', () => {
  it('parses repeated keys into lists', () => {
    const conf = parseSwordConf('[X]\n# comment\nA=1\nGlobalOptionFilter=OSISLemma\nGlobalOptionFilter=OSISStrongs\n');
    expect(conf.A).toEqual(['1']);
    expect(conf.GlobalOptionFilter).toEqual(['OSISLemma', 'OSISStrongs']);
  });

  it('reads the catalog fields of the KJV and Webster confs', () => {
    const kjv = readSwordConf(join(corpus, MODULES.kjv));
    expect(kjv.moduleName).toBe('KJV');
    expect(kjv.version).toBe('3.1');
    expect(kjv.distributionLicense).toBe('GPL');
    expect(kjv.sourceType).toBe('OSIS');
    expect(kjv.about).toContain('The rights to the base text are held by the Crown of England.');
    expect(kjv.about).not.toContain('\\par');
    expect(kjv.values.GlobalOptionFilter.length).toBeGreaterThan(1);
    const wbt = readSwordConf(join(corpus, MODULES.wbt));
    expect(wbt.sourceType).toBeUndefined();
    expect(wbt.distributionLicense).toBe('Public Domain');
  });
});

describe('filters on hand-written entries', () => {
  it('OSIS: notes go with their content, leaving a space only between touching characters', () => {
    expect(osisToText('<w>beginning</w><note placement="foot">1.1 Elohim</note><w>God</w> created', 'Darby')).toBe(
      'beginning God created',
    );
    expect(osisToText('end.<note type="study"><catchWord>x</catchWord><rdg>y</rdg></note>', 'KJV')).toBe('end.');
  });

  it('OSIS: divineName is small caps, entities are decoded, milestones separate words', () => {
    expect(osisToText('the <divineName>Lord</divineName>’s &amp; &#65;&#x42;', 'KJV')).toBe('the LORD’s & AB');
    expect(osisToText('way,<l eID="a"/><l sID="b"/>Who<lb/>walk<milestone type="x-p" marker="¶"/>¶ on', 'ASV')).toBe(
      'way, Who walk on',
    );
  });

  it('OSIS: transChange boundaries become spaces in ASV but not in SpaRV', () => {
    const asv = '<transChange type="added"><w>he</w> <w>made</w></transChange><w>the</w> stars';
    expect(osisToText(asv, 'ASV')).toBe('he made the stars');
    expect(osisToText('sáca<transChange type="added">lo</transChange> de', 'SpaRV')).toBe('sácalo de');
    expect(osisToText('<transChange type="added">is</transChange>, not', 'ASV')).toBe('is, not');
  });

  it('OSIS: keeps a leading Psalm title, drops every other title and colophons', () => {
    expect(
      osisToText('<div sID="p"/><title type="psalm" canonical="true">A Psalm.</title><div eID="p"/>Text.', 'KJV'),
    ).toBe('A Psalm. Text.');
    expect(osisToText('<title type="acrostic"><foreign>א ALEPH.</foreign></title> Blessed', 'KJV')).toBe('Blessed');
    expect(osisToText('Amen.<title>BOOK II</title>', 'ASV')).toBe('Amen.');
    expect(osisToText('places. <title type="psalm">For the Chief Musician.</title>', 'ASV')).toBe('places.');
    expect(osisToText('<title type="section" subType="x-preverse">A Psalm.</title> Text', 'BBE')).toBe('A Psalm. Text');
    expect(osisToText('<title type="section" subType="x-preverse">Heading</title> Text', 'KJV')).toBe('Text');
    expect(
      osisToText('Amen. <div type="colophon">Written to the Romans.</div> <div eID="b" type="book"/>', 'KJV'),
    ).toBe('Amen.');
  });

  it('GBF: italics keep their words, paragraph marks go', () => {
    expect(gbfToText("<FI> Aleph.<Fi> O the  happiness <FI>is<Fi> `here;'<CM>", 'YLT')).toBe(
      "Aleph. O the happiness is `here;'",
    );
  });

  it('plain: only whitespace is fixed', () => {
    expect(plainToText('  many [are]  they ', 'Webster')).toBe('many [are] they');
  });

  it('Ps 119 acrostic letters go only at stanza starts, and never a real word', () => {
    expect(stripPsalm119Acrostic('ALEPH. Blessed', 1)).toBe('Blessed');
    expect(stripPsalm119Acrostic('Aleph. O the', 1)).toBe('O the');
    expect(stripPsalm119Acrostic('MEM ¡Cuánto', 97)).toBe('¡Cuánto');
    expect(stripPsalm119Acrostic('He shall', 33)).toBe('He shall');
    expect(stripPsalm119Acrostic('HE. Teach', 33)).toBe('Teach');
    expect(stripPsalm119Acrostic('ALEPH. Blessed', 2)).toBe('ALEPH. Blessed');
  });
});
