// The SWORD zText adapter on tiny hand-built module zips: conf parsing, entry walk, filters, Psalm titles, book names.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { composeVerseId } from '../../engine/core/ids.ts';
import { chapterTable, swordZip } from '../../test/compiler/fixture-context.ts';
import { gbfToText } from './filters/gbf.ts';
import { osisToText } from './filters/osis.ts';
import { plainToText } from './filters/plain.ts';
import {
  PSALM_TITLE_RULE,
  filterFor,
  parseSwordConf,
  readSwordConf,
  readSwordModule,
  readSwordRaw,
  stripPsalm119Acrostic,
} from './sword-ztext.ts';
import type { ChapterVerseTable } from './types.ts';

/** A module's text without its markup (the markup has its own tests, in markup.test.ts). */
const readFlat = (ctx: Parameters<typeof readSwordModule>[0]) => {
  const { verses, ...rest } = readSwordModule(ctx);
  return { ...rest, verses: verses.map(({ markup: _markup, ...verse }) => verse) };
};

const dir = mkdtempSync(join(tmpdir(), 'sword-ztext-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let zips = 0;
/** Writes zip bytes to a fresh file and returns its path. */
function write(bytes: Uint8Array): string {
  const path = join(dir, `module${++zips}.zip`);
  writeFileSync(path, bytes);
  return path;
}

const id = composeVerseId;

/** Genesis 1 with 2 verses and Matthew 1 with 3: 44 OT entries (2 + 39 + 1 + 2) and 33 NT (2 + 27 + 1 + 3). */
const small = (): ChapterVerseTable => chapterTable({ 1: [2], 40: [3] });

/** Genesis 1 with 2 verses, Psalms 1-118 with 2 verses each and Ps 119 with 9, Matthew 1 with 3. */
function withPsalms(): ChapterVerseTable {
  const psalms = Array.from({ length: 119 }, (_, c) => (c === 118 ? 9 : 2));
  return chapterTable({ 1: [2], 19: psalms, 40: [3] });
}

describe('parseSwordConf', () => {
  it('collects every value of repeated keys and joins backslash-continued lines', () => {
    const conf = [
      '\uFEFF[KJV]',
      '# a comment=not a key',
      'Description=King James Version (1769)',
      'GlobalOptionFilter=OSISStrongs',
      'GlobalOptionFilter=OSISMorph',
      'About=Line one\\',
      'line two',
      ' Lang = en ',
      'not a key line',
      '=no key',
      'History_1.0=Fixed a=b',
      '',
    ].join('\r\n');
    expect(parseSwordConf(conf)).toEqual({
      Description: ['King James Version (1769)'],
      GlobalOptionFilter: ['OSISStrongs', 'OSISMorph'],
      About: ['Line one\nline two'],
      Lang: ['en'],
      'History_1.0': ['Fixed a=b'],
    });
  });
});

describe('readSwordConf', () => {
  it('reads the module name, the catalog fields and About with \\par as line breaks', () => {
    const conf = [
      '[KJV]',
      'DataPath=./modules/texts/ztext/kjv/',
      'Description=King James Version (1769)',
      'About=The KJV.\\par\\par Text is public domain.',
      'DistributionLicense=GPL',
      'Version=3.1',
      'SourceType=OSIS',
      'Lang=en',
      'Encoding=UTF-8',
      'GlobalOptionFilter=OSISStrongs',
      'GlobalOptionFilter=OSISMorph',
      '',
    ].join('\n');
    expect(readSwordConf(write(swordZip(small(), {}, conf)))).toEqual({
      moduleName: 'KJV',
      description: 'King James Version (1769)',
      about: 'The KJV.\n\nText is public domain.',
      distributionLicense: 'GPL',
      version: '3.1',
      sourceType: 'OSIS',
      lang: 'en',
      values: {
        DataPath: ['./modules/texts/ztext/kjv/'],
        Description: ['King James Version (1769)'],
        About: ['The KJV.\\par\\par Text is public domain.'],
        DistributionLicense: ['GPL'],
        Version: ['3.1'],
        SourceType: ['OSIS'],
        Lang: ['en'],
        Encoding: ['UTF-8'],
        GlobalOptionFilter: ['OSISStrongs', 'OSISMorph'],
      },
    });
  });

  it('leaves out the fields a conf does not have', () => {
    expect(readSwordConf(write(swordZip(small(), {}, '[Webster]\nModDrv=zText\n')))).toEqual({
      moduleName: 'Webster',
      values: { ModDrv: ['zText'] },
    });
  });
});

describe('readSwordRaw', () => {
  it('walks the entries in KJV order: every verse slot, empty ones too, and every book intro', () => {
    const raw = {
      [id(1, 1, 1)]: 'In the beginning',
      [id(40, 1, 2)]: 'Abraham begat Isaac',
      [id(40, 1, 3)]: 'And Judas',
    };
    const path = write(swordZip(small(), raw, undefined, { 1: '<div type="book" osisID="Gen">', 40: 'Matthew intro' }));
    const result = readSwordRaw(path, small());
    expect(result.conf.moduleName).toEqual('KJV');
    expect(result.verses).toEqual([
      { book: 1, chapter: 1, verse: 1, raw: 'In the beginning' },
      { book: 1, chapter: 1, verse: 2, raw: '' },
      { book: 40, chapter: 1, verse: 1, raw: '' },
      { book: 40, chapter: 1, verse: 2, raw: 'Abraham begat Isaac' },
      { book: 40, chapter: 1, verse: 3, raw: 'And Judas' },
    ]);
    expect(result.bookIntros.size).toEqual(66);
    expect([result.bookIntros.get(1), result.bookIntros.get(2), result.bookIntros.get(40)]).toEqual([
      '<div type="book" osisID="Gen">',
      '',
      'Matthew intro',
    ]);
  });

  it('fails when the KJV table does not use up the module index exactly', () => {
    const path = write(swordZip(small(), {}));
    // One verse too few for the index, then one too many, in each testament.
    expect(() => readSwordRaw(path, chapterTable({ 1: [1], 40: [3] }))).toThrow(
      `${path}: ot index has 44 entries, KJV grid needs 43`,
    );
    expect(() => readSwordRaw(path, chapterTable({ 1: [3], 40: [3] }))).toThrow(
      `${path}: ot index has 44 entries, KJV grid needs 45`,
    );
    expect(() => readSwordRaw(path, chapterTable({ 1: [2], 40: [2] }))).toThrow(
      `${path}: nt index has 33 entries, KJV grid needs 32`,
    );
    // An extra chapter needs one intro entry more than its verses.
    expect(() => readSwordRaw(path, chapterTable({ 1: [2], 40: [3, 1] }))).toThrow(
      `${path}: nt index has 33 entries, KJV grid needs 35`,
    );
    expect(() => readSwordModule({ path, kjvChapterVerses: chapterTable({ 1: [1], 40: [3] }) })).toThrow(
      `${path}: ot index has 44 entries, KJV grid needs 43`,
    );
  });

  it('fails on a zip without exactly one conf or without a testament file', () => {
    const files = unzipSync(swordZip(small(), {}));
    const { 'mods.d/kjv.conf': _conf, ...withoutConf } = files;
    const noConf = write(zipSync(withoutConf));
    expect(() => readSwordRaw(noConf, small())).toThrow(`${noConf}: expected one mods.d/*.conf, found 0`);
    const twoConfs = write(zipSync({ ...files, 'mods.d/asv.conf': strToU8('[ASV]\n') }));
    expect(() => readSwordRaw(twoConfs, small())).toThrow(`${twoConfs}: expected one mods.d/*.conf, found 2`);
    const { 'modules/texts/ztext/kjv/nt.bzz': _bzz, ...withoutNtBlocks } = files;
    const noBlocks = write(zipSync(withoutNtBlocks));
    expect(() => readSwordRaw(noBlocks, small())).toThrow(`${noBlocks}: missing nt.bzs/.bzv/.bzz`);
  });
});

describe('filterFor', () => {
  const conf = (sourceType?: string) => ({ moduleName: 'X', sourceType, values: {} });

  it('picks the filter from SourceType in any case; none or Plain means plain text', () => {
    expect(filterFor(conf('OSIS'))).toBe(osisToText);
    expect(filterFor(conf('osis'))).toBe(osisToText);
    expect(filterFor(conf('GBF'))).toBe(gbfToText);
    expect(filterFor(conf(undefined))).toBe(plainToText);
    expect(filterFor(conf('Plain'))).toBe(plainToText);
  });

  it('refuses a SourceType it has no filter for', () => {
    expect(() => filterFor(conf('ThML'))).toThrow('SWORD module X: unsupported SourceType=ThML');
  });
});

describe('stripPsalm119Acrostic', () => {
  it('removes the stanza letter at the start of every eighth verse, as each module spells it', () => {
    expect(stripPsalm119Acrostic('ALEPH. Blessed are the undefiled', 1)).toEqual('Blessed are the undefiled');
    expect(stripPsalm119Acrostic('Beth. Wherewithal shall a young man', 9)).toEqual('Wherewithal shall a young man');
    expect(stripPsalm119Acrostic('א ALEPH. Bienaventurados', 1)).toEqual('Bienaventurados');
    expect(stripPsalm119Acrostic('ALEPH Happy are they', 1)).toEqual('Happy are they');
    expect(stripPsalm119Acrostic('MEM ¡Cuánto amo yo tu ley!', 97)).toEqual('¡Cuánto amo yo tu ley!');
    expect(stripPsalm119Acrostic('TAU. Let my cry come near', 169)).toEqual('Let my cry come near');
  });

  it('leaves other verses and real words alone', () => {
    // Verse 2 opens no stanza.
    expect(stripPsalm119Acrostic('ALEPH. Blessed', 2)).toEqual('ALEPH. Blessed');
    // A mixed-case word without a period is text ("He" is also the fifth letter).
    expect(stripPsalm119Acrostic('He shall teach me', 33)).toEqual('He shall teach me');
    expect(stripPsalm119Acrostic('Heth thou art my portion', 57)).toEqual('Heth thou art my portion');
    // A letter name that is only the start of a longer word stays.
    expect(stripPsalm119Acrostic('Penitent, I pray', 129)).toEqual('Penitent, I pray');
  });
});

describe('readSwordModule', () => {
  it('reads an OSIS module: notes and colophons go, divine names are upper-cased, empty slots are absent', () => {
    const raw = {
      [id(1, 1, 1)]:
        '<w lemma="strong:H07225">In the beginning</w> <w lemma="strong:H0430">God</w> created<note type="study">Or, made</note> the heaven.',
      [id(1, 1, 2)]: '<note type="x-margin">only a margin note</note>',
      [id(40, 1, 1)]: 'Jesus said, <q who="Jesus">Follow me</q>; he <transChange type="added">was</transChange> there.',
      [id(40, 1, 3)]: 'Grace be with you. Amen.<div type="colophon" osisID="Matt.c">Written from Rome.</div>',
    };
    expect(readFlat({ path: write(swordZip(small(), raw)), kjvChapterVerses: small() })).toEqual({
      verses: [
        { book: 1, chapter: 1, verse: 1, text: 'In the beginning God created the heaven.' },
        { book: 40, chapter: 1, verse: 1, text: 'Jesus said, Follow me; he was there.' },
        { book: 40, chapter: 1, verse: 3, text: 'Grace be with you. Amen.' },
      ],
    });
  });

  it('reads a GBF module: italics and paragraph tags go, footnotes go with their text', () => {
    const conf = '[YLT]\nModDrv=zText\nSourceType=GBF\n';
    const raw = {
      [id(1, 1, 1)]: 'In the beginning of God`s preparing the heavens and the earth--<CM>',
      [id(1, 1, 2)]: "and God saith, `Let light be;' and light is.<RF>a note<Rf> <FI>and<Fi> it was so",
    };
    expect(readFlat({ path: write(swordZip(small(), raw, conf)), kjvChapterVerses: small() })).toEqual({
      verses: [
        { book: 1, chapter: 1, verse: 1, text: 'In the beginning of God`s preparing the heavens and the earth--' },
        { book: 1, chapter: 1, verse: 2, text: "and God saith, `Let light be;' and light is. and it was so" },
      ],
    });
  });

  it('reads a module without SourceType as plain text, in Latin-1 unless the conf says UTF-8', () => {
    const raw = {
      [id(1, 1, 1)]: 'The LORD [is] my shepherd; ¶ I <i>shall</i>   not want.',
      [id(40, 1, 1)]: 'Café',
    };
    const latin1 = write(swordZip(small(), raw, '[Webster]\nModDrv=zText\n'));
    // The fixture writes UTF-8 bytes, so a Latin-1 reading shows each of é's two bytes.
    expect(readFlat({ path: latin1, kjvChapterVerses: small() }).verses).toEqual([
      { book: 1, chapter: 1, verse: 1, text: 'The LORD [is] my shepherd; Â I <i>shall</i> not want.' },
      { book: 40, chapter: 1, verse: 1, text: 'CafÃ©' },
    ]);
    const utf8 = write(swordZip(small(), raw, '[Webster]\nModDrv=zText\nEncoding=UTF-8\n'));
    expect(readFlat({ path: utf8, kjvChapterVerses: small() }).verses).toEqual([
      { book: 1, chapter: 1, verse: 1, text: 'The LORD [is] my shepherd; I <i>shall</i> not want.' },
      { book: 40, chapter: 1, verse: 1, text: 'Café' },
    ]);
  });

  it('follows the Psalm title rule: a superscription starts verse 1, every other title goes', () => {
    expect(PSALM_TITLE_RULE).toContain('is kept as the start of the text of the verse it is printed with');
    const raw = {
      [id(19, 1, 1)]:
        '<title type="psalm" canonical="true">A Psalm of David.</title><w>The</w> <divineName>Lord</divineName> is my shepherd.',
      [id(19, 1, 2)]: 'Blessed be Jehovah for ever. Amen.<title type="main">BOOK II</title>',
      [id(19, 3, 1)]: '<title type="section" subType="x-preverse">Heading</title>Lord, how are they increased',
      [id(19, 119, 1)]: '<title type="acrostic" canonical="true">ALEPH.</title>Blessed are the undefiled',
      [id(19, 119, 9)]: 'BETH. Wherewithal shall a young man cleanse his way?',
      [id(19, 118, 1)]: 'ALEPH. O give thanks',
    };
    const table = withPsalms();
    expect(readFlat({ path: write(swordZip(table, raw)), kjvChapterVerses: table }).verses).toEqual([
      { book: 19, chapter: 1, verse: 1, text: 'A Psalm of David. The LORD is my shepherd.' },
      { book: 19, chapter: 1, verse: 2, text: 'Blessed be Jehovah for ever. Amen.' },
      { book: 19, chapter: 3, verse: 1, text: 'Lord, how are they increased' },
      // Only Ps 119 has stanza letters; the same words elsewhere are text.
      { book: 19, chapter: 118, verse: 1, text: 'ALEPH. O give thanks' },
      { book: 19, chapter: 119, verse: 1, text: 'Blessed are the undefiled' },
      { book: 19, chapter: 119, verse: 9, text: 'Wherewithal shall a young man cleanse his way?' },
    ]);
  });

  it('strips the Ps 119 stanza letters of GBF and plain modules too', () => {
    const raw = {
      [id(19, 119, 1)]: 'ALEPH. Happy are the perfect in the way,',
      [id(19, 119, 2)]: 'Happy are those keeping His testimonies,',
      [id(19, 119, 9)]: 'BETH. With what doth a young man purify his path?',
    };
    const table = withPsalms();
    const expected = [
      { book: 19, chapter: 119, verse: 1, text: 'Happy are the perfect in the way,' },
      { book: 19, chapter: 119, verse: 2, text: 'Happy are those keeping His testimonies,' },
      { book: 19, chapter: 119, verse: 9, text: 'With what doth a young man purify his path?' },
    ];
    for (const conf of ['[YLT]\nSourceType=GBF\n', '[Webster]\n']) {
      expect(readFlat({ path: write(swordZip(table, raw, conf)), kjvChapterVerses: table }).verses).toEqual(expected);
    }
  });

  it('moves a title opening the last verse of a psalm to verse 1 of the next psalm, unless that has one', () => {
    // BBE prints its superscriptions as pre-verse section titles, and one sits at the end of the psalm before.
    const preverse = (title: string) => `<title type="section" subType="x-preverse">${title}</title>`;
    const raw = {
      [id(19, 1, 2)]: `${preverse('A Psalm. Of Asaph.')}The prayers of David are ended.`,
      [id(19, 2, 1)]: 'Truly, God is good to Israel.',
      [id(19, 2, 2)]: `${preverse('A Psalm. Of David.')}End of the second.`,
      [id(19, 3, 1)]: `${preverse('Of the sons of Korah.')}The third.`,
      [id(19, 3, 2)]: 'The last verse of the third.',
    };
    const table = withPsalms();
    const path = write(swordZip(table, raw, '[BBE]\nSourceType=OSIS\n'));
    expect(readFlat({ path, kjvChapterVerses: table }).verses).toEqual([
      { book: 19, chapter: 1, verse: 2, text: 'The prayers of David are ended.' },
      { book: 19, chapter: 2, verse: 1, text: 'A Psalm. Of Asaph. Truly, God is good to Israel.' },
      { book: 19, chapter: 2, verse: 2, text: 'A Psalm. Of David. End of the second.' },
      { book: 19, chapter: 3, verse: 1, text: 'Of the sons of Korah. The third.' },
      { book: 19, chapter: 3, verse: 2, text: 'The last verse of the third.' },
    ]);
  });

  it('takes book names from the intro entries: x-usfm-h first, else x-usfm-toc1, after the book div only', () => {
    const intros = {
      1:
        '<div type="front"><milestone type="x-usfm-h" n="Front Matter"/></div>' +
        '<div type="book" osisID="Gen" canonical="true"><milestone type="x-usfm-toc1" n="The First Book of Moses"/>' +
        '<milestone type="x-usfm-h" n=" Génesis "/><milestone type="x-usfm-h" n="Second"/>',
      2: '<div type="book" osisID="Exod"><milestone type="x-usfm-toc1" n="The Second Book of Moses"/>',
      40: '<milestone type="x-usfm-h" n="Evangelio seg&#250;n San Mateo &amp; otros"/>',
      41: '<div type="book" osisID="Mark"><title type="main">MARK</title>',
    };
    const path = write(swordZip(small(), { [id(1, 1, 1)]: 'In the beginning' }, undefined, intros));
    expect(readFlat({ path, kjvChapterVerses: small() })).toEqual({
      verses: [{ book: 1, chapter: 1, verse: 1, text: 'In the beginning' }],
      bookNames: { 1: 'Génesis', 2: 'The Second Book of Moses', 40: 'Evangelio según San Mateo & otros' },
    });
  });

  it('has no bookNames when no intro names a book', () => {
    const result = readFlat({ path: write(swordZip(small(), {})), kjvChapterVerses: small() });
    expect(result).toEqual({ verses: [] });
    expect('bookNames' in result).toEqual(false);
  });

  it('refuses a module whose SourceType has no filter', () => {
    const path = write(swordZip(small(), {}, '[Odd]\nSourceType=ThML\n'));
    expect(() => readSwordModule({ path, kjvChapterVerses: small() })).toThrow(
      'SWORD module Odd: unsupported SourceType=ThML',
    );
  });
});
