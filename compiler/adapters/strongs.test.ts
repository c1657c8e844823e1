// The Strong's Hebrew and Greek dictionary readers on hand-written entries, padded with stubs to the full count.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readStrongsGreek, readStrongsHebrew, type StrongsEntry } from './strongs.ts';

const dir = mkdtempSync(join(tmpdir(), 'strongs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

// HebrewStrong.xml is CRLF; the entries below are written with LF and converted.
const HEBREW_ENTRIES: Record<number, string> = {
  2: `<entry id="H2">
		<w pos="n-m" pron="ab" xlit="ʼab" xml:lang="arc">אַב</w>
		<source>(Aramaic) corresponding to <w src="H1">1</w></source>
		<usage>father.</usage>
	</entry>`,
  // A correction note inside the derivation, naming a word that is not a root.
  7: `<entry id="H7">
		<w pos="n-pr-m" pron="ab-ee-shoo'-ah" xlit="ʼĂbîyshûwaʻ" xml:lang="x-pn">אֲבִישׁוּעַ</w>
		<note>xlit corrected</note>
		<source>from <w src="H1">1</w>
			and <w src="H7771">7771</w><note>was <w src="H7772">7772</w></note>; father of plenty;</source>
		<meaning><def>Abishua</def>, the name of two Israelites</meaning>
		<usage>Abishua.</usage>
	</entry>`,
  269: `<entry id="H269">
		<w pos="n-f" pron="akh-oth'" xlit="ʼâchôwth" xml:lang="heb">אָחוֹת</w>
		<source>feminine of <w src="H251">251</w>, compare <w src="H251">251</w>;</source>
		<meaning>a <def>sister</def> (like <w src="H251">251</w><note>number 250, corrected to 251</note>)</meaning>
		<usage>(an-) other, sister &amp; together.</usage>
	</entry>`,
  430: `<entry id="H430">
		<w pos="n-m" pron="el-o-heem'" xlit="ʼĕlôhîym" xml:lang="heb">אֱלֹהִים</w>
		<source>plural of <w src="H433">433</w>;</source>
		<meaning><def>gods</def> in the ordinary sense;
		the supreme <def>God</def></meaning>
		<usage>angels, × exceeding, God (gods).</usage>
	</entry>`,
};

const hebrewStub = (n: number) =>
  `<entry id="H${n}">\n\t\t<w pos="x" pron="p" xlit="x" xml:lang="heb">א</w>\n\t</entry>`;

function hebrewXml(numbers: number[], entries: Record<number, string> = HEBREW_ENTRIES): string {
  const body = numbers.map((n) => `\t${entries[n] ?? hebrewStub(n)}\n`).join('');
  const lexicon = '<lexicon xmlns="http://openscriptures.github.com/morphhb/namespace">';
  const xml = `<?xml version="1.0" encoding="utf-8"?>\n${lexicon}\n${body}</lexicon>\n`;
  return xml.replace(/\n/g, '\r\n');
}

const range = (last: number) => Array.from({ length: last }, (_, i) => i + 1);

const entry = (fields: Partial<StrongsEntry> & Pick<StrongsEntry, 'id' | 'number' | 'language'>): StrongsEntry => ({
  word: '',
  translit: '',
  pronunciation: '',
  pos: '',
  derivation: '',
  definition: '',
  kjvUsage: '',
  roots: [],
  unused: false,
  ...fields,
});

describe('readStrongsHebrew', () => {
  const entries = readStrongsHebrew(file('HebrewStrong.xml', hebrewXml(range(8674))));

  it('reads H1-H8674 in order', () => {
    expect(entries).toHaveLength(8674);
    expect(entries[8673].id).toBe('H8674');
  });

  it('reads lemma, transliteration, pronunciation, part of speech, derivation, definition and usage', () => {
    expect(entries[429]).toEqual(
      entry({
        id: 'H430',
        number: 430,
        language: 'hebrew',
        word: 'אֱלֹהִים',
        translit: 'ʼĕlôhîym',
        pronunciation: "el-o-heem'",
        pos: 'n-m',
        derivation: 'plural of H433',
        definition: 'gods in the ordinary sense; the supreme God',
        kjvUsage: 'angels, × exceeding, God (gods)',
        roots: ['H433'],
      }),
    );
  });

  it('reads Aramaic and proper-name entries, and an entry with only derivation and usage', () => {
    expect(entries[1]).toEqual(
      entry({
        id: 'H2',
        number: 2,
        language: 'aramaic',
        word: 'אַב',
        translit: 'ʼab',
        pronunciation: 'ab',
        pos: 'n-m',
        derivation: '(Aramaic) corresponding to H1',
        kjvUsage: 'father',
        roots: ['H1'],
      }),
    );
    expect(entries[6].language).toBe('hebrew');
  });

  it("drops OSHB's correction notes from the text and the roots, and lists each root once", () => {
    expect(entries[6]).toMatchObject({ derivation: 'from H1 and H7771; father of plenty', roots: ['H1', 'H7771'] });
    expect(entries[268]).toMatchObject({
      derivation: 'feminine of H251, compare H251',
      definition: 'a sister (like H251)',
      kjvUsage: '(an-) other, sister & together',
      roots: ['H251'],
    });
  });

  it('fails on an unknown language, a missing entry or entries out of order', () => {
    const grc = { 5: '<entry id="H5"><w xml:lang="grc">x</w></entry>' };
    expect(() => readStrongsHebrew(file('lang.xml', hebrewXml([4, 5, 6], grc)))).toThrow(
      'HebrewStrong.xml H5: unknown language grc',
    );
    expect(() => readStrongsHebrew(file('short.xml', hebrewXml([1, 3])))).toThrow(
      'HebrewStrong.xml: expected H1-H8674 in order, found 2 entries',
    );
    const swapped = [2, 1, ...range(8674).slice(2)];
    expect(() => readStrongsHebrew(file('swapped.xml', hebrewXml(swapped)))).toThrow(
      'expected H1-H8674 in order, found 8674 entries',
    );
  });
});

const GREEK_ENTRIES: Record<number, string> = {
  3: `<entry strongs="00003">
 <strongs>3</strongs>   <greek BETA="*)ABADDW/N" unicode="Ἀβαδδών" translit="Abaddṓn"/>
 <pronunciation strongs="ab-ad-done'"/>

 <strongs_derivation>of Hebrew origin (<strongsref language="HEBREW" strongs="011"/>);</strongs_derivation>
 <strongs_def> a destroying angel, like <greek BETA="A)GAPA/W" unicode="ἀγαπάω" translit="agapáō"/></strongs_def>
 <kjv_def>:--Abaddon.</kjv_def>
`,
  26: `<entry strongs="00026">
 <strongs>26</strongs>   <greek BETA="A)GA/PH" unicode="ἀγάπη" translit="agápē"/>
 <pronunciation strongs="ag-ah'-pay"/>

 <strongs_derivation>from <strongsref language="GREEK" strongs="25"/>;</strongs_derivation><strongs_def> love, i.e.
 affection or benevolence; specially (plural) a love-feast</strongs_def>
 <kjv_def>:--(feast of) charity(-ably), dear, love.</kjv_def>
<see language="GREEK" strongs="25"/>
`,
  2316: `<entry strongs="02316">
 <strongs>2316</strongs>   <greek BETA="QEO/S" unicode="θεός" translit="theós"/>   <pronunciation strongs="theh'-os"/>

 <strongs_derivation>of uncertain affinity; a deity, especially
 (with <strongsref language="GREEK" strongs="3588"/>) the supreme Divinity;</strongs_derivation>
 <strongs_def> figuratively, a magistrate; by Hebraism, very</strongs_def><kjv_def>:--X exceeding,
 God, god(-ly, -ward).</kjv_def>
<see language="GREEK" strongs="3588"/>
`,
  2717: `<entry strongs="02717">
 <strongs>2717</strongs>  Not Used
`,
};

const greekStub = (n: number) =>
  `<entry strongs="${String(n).padStart(5, '0')}">\n <strongs>${n}</strongs>` +
  '   <greek BETA="A" unicode="α" translit="a"/>\n';

function greekXml(numbers: number[]): string {
  const body = numbers.map((n) => GREEK_ENTRIES[n] ?? greekStub(n)).join('</entry>');
  const head = '<?xml version="1.0" encoding="utf-8"?>\n<strongsdictionary><prologue/><entries>';
  return `${head}${body}</entry>\n</entries>\n</strongsdictionary>\n`;
}

describe('readStrongsGreek', () => {
  const entries = readStrongsGreek(file('strongsgreek.xml', greekXml(range(5624))));

  it('reads G1-G5624 in order from zero-padded numbers', () => {
    expect(entries).toHaveLength(5624);
    expect(entries.map((e) => e.id).slice(0, 3)).toEqual(['G1', 'G2', 'G3']);
  });

  it('reads lemma, transliteration, pronunciation, derivation, definition and KJV usage', () => {
    expect(entries[25]).toEqual(
      entry({
        id: 'G26',
        number: 26,
        language: 'greek',
        word: 'ἀγάπη',
        translit: 'agápē',
        pronunciation: "ag-ah'-pay",
        derivation: 'from G25',
        definition: 'love, i.e. affection or benevolence; specially (plural) a love-feast',
        kjvUsage: '(feast of) charity(-ably), dear, love',
        roots: ['G25'],
      }),
    );
  });

  it('writes Hebrew references as H numbers and quoted Greek words as their letters', () => {
    expect(entries[2]).toMatchObject({
      derivation: 'of Hebrew origin (H11)',
      definition: 'a destroying angel, like ἀγαπάω',
      kjvUsage: 'Abaddon',
      roots: ['H11'],
    });
  });

  it('moves the start of a definition that sits inside the derivation back to the definition', () => {
    expect(entries[2315]).toMatchObject({
      derivation: 'of uncertain affinity',
      definition:
        'a deity, especially (with G3588) the supreme Divinity; figuratively, a magistrate; by Hebraism, very',
      kjvUsage: 'X exceeding, God, god(-ly, -ward)',
      roots: [],
    });
  });

  it('keeps the numbers Strong left unused, flagged and empty', () => {
    expect(entries[2716]).toEqual(entry({ id: 'G2717', number: 2717, language: 'greek', unused: true }));
    expect(entries.filter((e) => e.unused).map((e) => e.id)).toEqual(['G2717']);
  });

  it('fails when an entry is missing', () => {
    expect(() => readStrongsGreek(file('short-greek.xml', greekXml([1, 2, 4])))).toThrow(
      'strongsgreek.xml: expected G1-G5624 in order, found 3 entries',
    );
  });
});
