// The original-language builder on tiny OSHB, TAGNT, Strong's, morphology, parashot and Unicode fixtures.
import { afterAll, describe, expect, it } from 'vitest';
import { FIELD_SEPARATOR, LEXICON_FIELDS } from '../../engine/core/original/format.ts';
import { BOOKS } from '../../sources/books.ts';
import { chapterTable, fixtureContext, removeFixtures, swordZip } from '../../test/compiler/fixture-context.ts';
import { originalBuilder } from './original.ts';

afterAll(removeFixtures);

// OT: Genesis 1:1-2 and 2:1 are ordinals 0-2; Exodus to Deuteronomy have one verse each (3-6).
// NT: Matthew 1:1-2 (7-8), Romans 1:1, 2:1, 3:1-25 (9-35), 1 Corinthians to Hebrews 1:1 (36-48),
// Revelation 1:1-4:1 and 5:1-11 (49-63). TAGNT's documented gaps sit in Romans 3:25 and Revelation 5:11,
// and every epistle needs a word, so those verses are in the grid.
const EPISTLES = BOOKS.filter((b) => b.number >= 46 && b.number <= 58);
const CHAPTERS: Record<number, number[]> = {
  1: [2, 1],
  2: [1],
  3: [1],
  4: [1],
  5: [1],
  40: [2],
  45: [1, 1, 25],
  ...Object.fromEntries(EPISTLES.map((b) => [b.number, [1]])),
  66: [1, 1, 1, 1, 11],
};

// Hebrew: the WLC's Genesis 1:3 is KJV 2:1 by VerseMap.
const H = {
  bereshit: 'בְּרֵאשִׁית',
  bara: 'בָּרָא',
  elohim: 'אֱלֹהִים',
  vehaarets: 'וְהָאָרֶץ',
  kol: 'כָּל',
  artso: 'אַרְצוֹ',
};
const w = (lemma: string, morph: string, id: string, text: string) =>
  `<w lemma="${lemma}" morph="${morph}" id="${id}">${text}</w>`;
const GENESIS = `<osis><osisText><div type="book" osisID="Gen"><chapter osisID="Gen.1">
<verse osisID="Gen.1.1">${w('b/7225', 'HR/Ncfsa', '01a', 'בְּ/רֵאשִׁית')} ${w('1254 a', 'HVqp3ms', '01b', H.bara)} \
${w('430', 'HNcmpa', '01c', H.elohim)}<seg type="x-sof-pasuq">׃</seg></verse>
<verse osisID="Gen.1.2">${w('c/1961', 'HC/Vqp3fs', '02a', 'וְ/הָאָרֶץ')} ${w('3605', 'HNcmsc', '02b', H.kol)}\
<seg type="x-maqqef">־</seg>${w('776', 'HNcbsc/Sp3ms', '02c', 'אַרְצ/וֹ')}<seg type="x-paseq">׀</seg>\
<note>Some textual note.</note></verse>
<verse osisID="Gen.1.3">${w('430', 'HNcmpa', '03a', H.elohim)}</verse>
</chapter></div></osisText></osis>
`;
const OSHB = {
  ...Object.fromEntries(BOOKS.filter((b) => b.testament === 'OT').map((b) => [`oshb-wlc/${b.osis}.xml`, '<osis/>'])),
  'oshb-wlc/Gen.xml': GENESIS,
  'oshb-wlc/VerseMap.xml':
    '<verseMap>\n\t<book osisID="Gen">\n\t\t<verse wlc="Gen.1.3" kjv="Gen.2.1" type="full"/>\n\t</book>\n' +
    '</verseMap>\n',
};
// TEHMC lists two of the codes; the others are decoded by position.
const TEHMC =
  'Intro text\nFULL MORPHOLOGY CODES:\n================\nHR\tFunction=Preposition\n"Preposition"\n' +
  'HNcfsa\tFunction=Noun\n"Noun: feminine singular absolute"\n';
// 54 parashot spread over the five books, each starting at 1:1, except Noach at the WLC's Genesis 1:3.
const PARASHOT = JSON.stringify(
  Object.fromEntries(
    Array.from({ length: 54 }, (_, i) => [
      i === 1 ? 'Noach' : `Parasha ${i + 1}`,
      { num: i + 1, book: i === 1 ? 1 : (i % 5) + 1, fullkriyah: { '1': [i === 1 ? '1:3' : '1:1', '1:1'] } },
    ]),
  ),
);

// Greek: TAGNT rows of 21 columns; only the ones the adapter reads are filled in.
const TAGNT_HEADER =
  'kjv_book\tkjv_chapter\tkjv_verse\tkjv_pos\tWord & Type\tGreek\tEnglish translation\tdStrongs = Grammar\t' +
  'Dictionary form = Gloss\teditions\tMeaning variants\tSpelling variants\tSpanish translation\tSub-meaning\t' +
  'Conjoin word\tsStrong+Instance\tAlt Strongs\tVariant note\tcol15\tcol16\tcol17';
function row(
  book: string,
  cv: string,
  pos: string,
  ref: string,
  greek: string,
  strongs: string,
  dictionary: string,
  extra: { spelling?: string; conjoin?: string; note?: string } = {},
): string {
  const [c, v] = cv.split(':');
  return [book, c, v, pos, `${ref}=NKO`, greek, '', strongs, dictionary, 'NA28+TR', '', extra.spelling ?? '', '', '']
    .concat([extra.conjoin ?? '', '', '', extra.note ?? '', '', '', ''])
    .join('\t');
}
const TAGNT = [
  TAGNT_HEADER,
  row('Matt', '1:1', '1', 'Mat.1.1#01', 'Βίβλος (Biblos)', 'G0976=N-NSF', 'βίβλος=book'),
  row('Matt', '1:1', '2', 'Mat.1.1#02', 'κἀγὼ (kagō)', 'G2532=CONJ + G1473=P-1NS', 'κἀγώ=and I'),
  row('Matt', '1:1', '3', 'Mat.1.1#03', 'ὁ (ho)', 'G3588=T-NSM', 'ὁ=the', { conjoin: '#03»01:G0976' }),
  row('Matt', '1:2', '1', 'Mat.1.2#01', 'Δαυεὶδ, (Daueid)', 'G1138=N-PRI', 'Δαυίδ=David', {
    spelling: 'Tyn+WH: Δαυεὶδ ; +TR: Δαβὶδ ;',
    note: 'v Some <i>manuscripts</i> add.',
  }),
  row('Matt', '1:2', '2', 'Mat.1.2#02', 'οἶδα (oida)', 'G6063=V-RAI-1S', 'οἶδα=to know'),
  row('Rom', '3:25', '1', 'Rom.3.25#23', 'θεοῦ (theou)', 'G2316=N-GSM', 'θεός=God'),
  ...EPISTLES.map((b) => row(b.osis, '1:1', '1', `${b.step}.1.1#01`, 'λόγος (logos)', 'G3056=N-NSM', 'λόγος=word')),
  row('Rev', '5:11', '1', 'Rev.5.11#17', 'ἀγγέλων (angelōn)', 'G0032=N-GPM', 'ἄγγελος=angel'),
  '',
].join('\n');
// A supplement row has no kjv_pos: its verse is re-ordered by word number.
const SUPPLEMENT_ROW = row('Matt', '1:2', '', 'Mat.1.2#03', 'καί (kai)', 'G2532=CONJ', 'καί=and');
const TAGNT_SUPPLEMENT = `${TAGNT_HEADER}\n${SUPPLEMENT_ROW}\n`;
// TEGMC: a code it lacks falls back to the code without its last part ("N-NSM" -> "N"), else stays as is.
const TEGMC =
  'FULL MORPHOLOGY CODES:\n' +
  [
    ['N-NSF', 'Noun: nominative singular feminine'],
    ['CONJ', 'Conjunction'],
    ['P-1NS', 'Pronoun: first person nominative'],
    ['N-PRI', 'Noun: proper indeclinable'],
    ['N-GSM', 'Noun: genitive singular masculine'],
    ['N', 'Noun'],
  ]
    .map(([code, text]) => `${code}\tFunction=x\n"${text}"\n`)
    .join('');

const UNICODE_GREEK = [
  '0391;GREEK CAPITAL LETTER ALPHA;Lu;0;L;;;;;N;;;;03B1;',
  '03B1;GREEK SMALL LETTER ALPHA;Ll;0;L;;;;;N;;;0391;;0391',
  '03C2;GREEK SMALL LETTER FINAL SIGMA;Ll;0;L;;;;;N;;;03A3;;03A3',
  '03DB;GREEK SMALL LETTER STIGMA;Ll;0;L;;;;;N;;;03DA;;03DA',
  // Outside the letter ranges: left out.
  '1F00;GREEK SMALL LETTER ALPHA WITH PSILI;Ll;0;L;03B1 0313;;;;N;;;1F08;;1F08',
  '03F2;GREEK LUNATE SIGMA SYMBOL;Ll;0;L;<compat> 03C2;;;;N;;;03F9;;03F9',
  '',
].join('\n');
const UNICODE_HEBREW = [
  '0591;HEBREW ACCENT ETNAHTA;Mn;220;NSM;;;;;N;;;;;',
  '05AF;HEBREW MARK MASORA CIRCLE;Mn;230;NSM;;;;;N;;;;;',
  '05B0;HEBREW POINT SHEVA;Mn;10;NSM;;;;;N;;;;;',
  '05BE;HEBREW PUNCTUATION MAQAF;Pd;0;R;;;;;N;;;;;',
  '05D0;HEBREW LETTER ALEF;Lo;0;R;;;;;N;;;;;',
  '05F0;HEBREW LIGATURE YIDDISH DOUBLE VAV;Lo;0;R;;;;;N;HEBREW LETTER DOUBLE VAV;;;;',
  'FB1D;HEBREW LETTER YOD WITH HIRIQ;Lo;0;R;05D9 05B4;;;;N;;;;;',
  'FB1E;HEBREW POINT JUDEO-SPANISH VARIKA;Mn;26;NSM;;;;;N;HEBREW POINT VARIKA;;;;',
  'FB29;HEBREW LETTER ALTERNATIVE PLUS SIGN;Sm;0;ES;<font> 002B;;;;N;;;;;',
  '',
].join('\n');

// Strong's dictionaries must run H1-H8674 and G1-G5624; entry n is generated unless written out.
const hebrewEntry = (n: number) =>
  n === 430
    ? '<entry id="H430"><w pos="n-m" pron="el-o-heem\'" xlit="ʼĕlôhîym" xml:lang="heb">אֱלֹהִים</w> ' +
      '<source>plural of <w src="H433">433</w>;</source> <meaning>gods</meaning> <usage>God, god.</usage></entry>'
    : `<entry id="H${n}"><w pos="n" pron="p${n}" xlit="x${n}" xml:lang="heb">w${n}</w><source>s${n}</source>` +
      `<meaning>m${n}</meaning><usage>u${n}.</usage></entry>`;
const greekEntry = (n: number) =>
  `<entry strongs="${String(n).padStart(5, '0')}"> <greek BETA="B" unicode="g${n}" translit="t${n}"/> ` +
  `<pronunciation strongs="p${n}"/> <strongs_derivation>from <strongsref language="GREEK" strongs="0${n + 1}"/>;` +
  `</strongs_derivation><strongs_def> d${n}</strongs_def><kjv_def>:--k${n}.</kjv_def></entry>`;
const range = (last: number) => Array.from({ length: last }, (_, i) => i + 1);
const STRONGS = {
  // HebrewStrong.xml has CRLF line ends.
  'strongs-hebrew': `<lexicon>\r\n${range(8674).map(hebrewEntry).join('\r\n')}\r\n</lexicon>\r\n`,
  'strongs-greek': `<strongsdictionary>\n${range(5624).map(greekEntry).join('\n')}\n</strongsdictionary>\n`,
};
const hebrewRecord = (n: number) =>
  n === 430
    ? ['אֱלֹהִים', 'ʼĕlôhîym', "el-o-heem'", 'n-m', 'hebrew', 'plural of H433', 'gods', 'God, god', 'H433', '']
    : [`w${n}`, `x${n}`, `p${n}`, 'n', 'hebrew', `s${n}`, `m${n}`, `u${n}`, '', ''];
const greekRecord = (n: number) => [
  `g${n}`,
  `t${n}`,
  `p${n}`,
  '',
  'greek',
  `from G${n + 1}`,
  `d${n}`,
  `k${n}`,
  `G${n + 1}`,
  '',
];

const KJV_MODULE = swordZip(chapterTable(CHAPTERS), {
  1001001: '<w lemma="strong:H07225">In the beginning</w> <w lemma="strong:H0430">God</w>',
  1002001: '<w lemma="strong:H0430">God</w>',
  40001001: '<w lemma="strong:G0976 strong:G1078">The book</w>',
});

const FILES = {
  ...OSHB,
  'step-tehmc': TEHMC,
  'hebcal-parashot': PARASHOT,
  'tagnt-tr-kjv/TAGNT-TR-KJV.tsv': TAGNT,
  'tagnt-tr-kjv/TAGNT-TR-KJV.supplement.tsv': TAGNT_SUPPLEMENT,
  'step-tegmc': TEGMC,
  'unicode-greek-hebrew/UnicodeData-Greek.txt': UNICODE_GREEK,
  'unicode-greek-hebrew/UnicodeData-Hebrew.txt': UNICODE_HEBREW,
  ...STRONGS,
  kjv: KJV_MODULE,
};

const OT_DATASETS = ['oshb-wlc', 'step-tehmc', 'hebcal-parashot'];
const NT_DATASETS = ['tagnt-tr-kjv', 'step-tegmc'];
const build = (excluded: string[]) => {
  const fixture = fixtureContext({ files: FILES, chapters: CHAPTERS, excluded });
  return { packs: originalBuilder.build(fixture.ctx), logs: fixture.logs };
};

/** Start offsets for postings: start[n] = how many verses the numbers below n have, for n = 0..max+1. */
function startsOf(max: number, counts: Record<number, number>): Uint32Array {
  const start = new Uint32Array(max + 2);
  for (let n = 1; n <= max + 1; n++) start[n] = start[n - 1] + (counts[n - 1] ?? 0);
  return start;
}
const sparse = (length: number, values: Record<number, number>) => {
  const array = new Uint32Array(length);
  for (const [n, value] of Object.entries(values)) array[Number(n)] = value;
  return array;
};

const HEBREW_STRINGS = [
  '',
  H.bereshit,
  H.bara,
  `${H.elohim}׃`,
  H.vehaarets,
  `${H.kol}־`,
  H.artso,
  'Some textual note.',
  H.elohim,
];
const otSections = {
  info: {
    kind: 'json',
    data: {
      firstBook: 1,
      lastBook: 39,
      firstOrdinal: 0,
      verseCount: 7,
      wordCount: 7,
      idBase: 0,
      missing: [2001001, 3001001, 4001001, 5001001],
      incomplete: [],
      parashot: Array.from({ length: 54 }, (_, i) => ({
        name: i === 1 ? 'Noach' : `Parasha ${i + 1}`,
        // Books 1-5 start at ordinals 0, 3, 4, 5, 6; Noach's WLC Genesis 1:3 is KJV 2:1, ordinal 2.
        start: i === 1 ? 2 : [0, 3, 4, 5, 6][i % 5],
      })),
    },
  },
  verseWords: { kind: 'bytes', data: Uint8Array.from([3, 3, 1, 0, 0, 0, 0]) },
  form: { kind: 'u32', data: Uint32Array.from([1, 2, 3, 4, 5, 6, 8]) },
  strongs: { kind: 'u16', data: Uint16Array.from([7225, 1254, 430, 1961, 3605, 776, 430]) },
  morph: { kind: 'u16', data: Uint16Array.from([0, 1, 2, 3, 4, 5, 2]) },
  connected: { kind: 'u16', data: Uint16Array.from([1, 0, 0, 1, 2, 3, 0]) },
  noteWord: { kind: 'u32', data: Uint32Array.from([5]) },
  noteText: { kind: 'u32', data: Uint32Array.from([7]) },
  multiWord: { kind: 'u32', data: new Uint32Array() },
  multiText: { kind: 'u32', data: new Uint32Array() },
  morphs: {
    kind: 'json',
    data: [
      ['HR/Ncfsa', 'Preposition + Noun: feminine singular absolute'],
      ['HVqp3ms', 'Verb : Qal Perfect Third Masculine Singular'],
      ['HNcmpa', 'Noun : Masculine Plural Absolute'],
      ['HC/Vqp3fs', 'Conjunction + Verb : Qal Perfect Third Feminine Singular'],
      ['HNcmsc', 'Noun : Masculine Singular Construct'],
      ['HNcbsc/Sp3ms', 'Noun : Either gender Singular Construct + Pronominal suffix : Third Masculine Singular'],
    ],
  },
  // The inseparable preposition and conjunction are prefixes; כָּל is joined by maqqef;
  // אַרְצוֹ has a suffix and a paseq.
  connectedValues: { kind: 'json', data: ['', 'prefix', 'maqqef', 'suffix,paseq'] },
  stringsText: { kind: 'utf8', data: HEBREW_STRINGS.join('') },
  stringsLength: { kind: 'u16', data: Uint16Array.from(HEBREW_STRINGS.map((s) => s.length)) },
};

const ROMANS_GAP = 'the source lacks the TR words "ἐν τῇ ἀνοχῇ τοῦ θεοῦ" after word #23';
const REVELATION_GAP = 'the source lacks the TR words "καὶ ἦν ὁ ἀριθμὸς αὐτῶν μυριάδες μυριάδων" after word #17';
const GREEK_STRINGS = [
  '',
  'Βίβλος',
  'κἀγὼ',
  '2532+1473',
  'ὁ',
  'Δαβὶδ,',
  'Some manuscripts add.',
  'οἶδα',
  'καί',
  'θεοῦ',
  `Incomplete verse: ${ROMANS_GAP}`,
  'λόγος',
  'ἀγγέλων',
  `Incomplete verse: ${REVELATION_GAP}`,
];
const zeros = (n: number) => Array(n).fill(0);
const ntSections = (idBase: number) => ({
  info: {
    kind: 'json',
    data: {
      firstBook: 40,
      lastBook: 66,
      firstOrdinal: 7,
      verseCount: 57,
      wordCount: 21,
      idBase,
      missing: [
        45001001,
        45002001,
        ...range(24).map((v) => 45003000 + v),
        66001001,
        66002001,
        66003001,
        66004001,
        ...range(10).map((v) => 66005000 + v),
      ],
      incomplete: [
        { verseId: 45003025, reason: ROMANS_GAP },
        { verseId: 66005011, reason: REVELATION_GAP },
      ],
      // Beyond Strong's last number (G5624), the lexical form and gloss come from TAGNT.
      beyondStrongs: { 6063: { lemma: 'οἶδα', gloss: 'to know' } },
    },
  },
  verseWords: {
    kind: 'bytes',
    data: Uint8Array.from([3, 3, 0, 0, ...zeros(24), 1, ...Array(13).fill(1), ...zeros(14), 1]),
  },
  form: { kind: 'u32', data: Uint32Array.from([1, 2, 4, 5, 7, 8, 9, ...Array(13).fill(11), 12]) },
  strongs: {
    kind: 'u16',
    data: Uint16Array.from([976, 2532, 3588, 1138, 6063, 2532, 2316, ...Array(13).fill(3056), 32]),
  },
  morph: { kind: 'u16', data: Uint16Array.from([0, 1, 2, 3, 4, 5, 6, ...Array(13).fill(7), 8]) },
  // κἀγώ is a compound; ὁ is linked to the nearest word numbered G976, the first of its verse.
  connected: { kind: 'u16', data: Uint16Array.from([0, 1, 2, ...zeros(18)]) },
  noteWord: { kind: 'u32', data: Uint32Array.from([3, 6, 20]) },
  noteText: { kind: 'u32', data: Uint32Array.from([6, 10, 13]) },
  multiWord: { kind: 'u32', data: Uint32Array.from([1]) },
  multiText: { kind: 'u32', data: Uint32Array.from([3]) },
  morphs: {
    kind: 'json',
    data: [
      ['N-NSF', 'Noun: nominative singular feminine'],
      ['CONJ + P-1NS', 'Conjunction + Pronoun: first person nominative'],
      ['T-NSM', 'T-NSM'],
      ['N-PRI', 'Noun: proper indeclinable'],
      ['V-RAI-1S', 'V-RAI-1S'],
      ['CONJ', 'Conjunction'],
      ['N-GSM', 'Noun: genitive singular masculine'],
      ['N-NSM', 'Noun'],
      ['N-GPM', 'Noun'],
    ],
  },
  connectedValues: { kind: 'json', data: ['', 'compound', 'linked:1'] },
  stringsText: { kind: 'utf8', data: GREEK_STRINGS.join('') },
  stringsLength: { kind: 'u16', data: Uint16Array.from(GREEK_STRINGS.map((s) => s.length)) },
});

const unicodeSections = {
  greek: {
    kind: 'json',
    data: {
      alpha: { lowercase: '\\03b1', uppercase: '\\0391' },
      'final sigma': { lowercase: '\\03c2', uppercase: '\\03a3' },
      stigma: { lowercase: '\\03db', uppercase: '\\03da' },
    },
  },
  hebrew: {
    kind: 'json',
    data: {
      letters: { alef: '\\u05d0' },
      points: { sheva: '\\u05b0', 'judeo-spanish varika': '\\ufb1e' },
      accents: { etnahta: '\\u0591' },
      punctuation: { maqaf: '\\u05be' },
      marks: { 'masora circle': '\\u05af' },
      signs: { 'alternative plus sign': '\\ufb29' },
      yiddishLigatures: { 'double vav': '\\u05f0' },
      presentationForms: { 'yod with hiriq': '\\ufb1d' },
    },
  },
};

describe('originalBuilder', () => {
  it('builds nothing but says what it skipped when every source is excluded', () => {
    const { packs, logs } = build([...OT_DATASETS, ...NT_DATASETS, 'unicode-greek-hebrew']);
    expect(packs).toEqual([]);
    expect(logs).toEqual([
      '  skipped: oshb-wlc, step-tehmc, hebcal-parashot excluded by licence category',
      '  skipped: tagnt-tr-kjv, step-tegmc excluded by licence category',
      '  skipped: unicode-greek-hebrew excluded by licence category',
    ]);
  });

  it('skips the whole Old Testament when any of its three sources is excluded', () => {
    const { packs, logs } = build(['hebcal-parashot', ...NT_DATASETS]);
    expect(packs.map((p) => p.name)).toEqual(['unicode-tables']);
    expect(logs[0]).toBe('  skipped: hebcal-parashot excluded by licence category');
  });

  it('builds the letter tables from the Greek and Hebrew UnicodeData lines', () => {
    const { packs } = build([...OT_DATASETS, ...NT_DATASETS]);
    expect(packs.map((p) => [p.name, p.datasets])).toEqual([['unicode-tables', ['unicode-greek-hebrew']]]);
    expect(packs[0].sections).toEqual(unicodeSections);
  });

  it('builds the Hebrew word rows in KJV verses, with parashot, and no lexicon without the Greek', () => {
    const { packs, logs } = build([...NT_DATASETS, 'unicode-greek-hebrew']);
    expect(packs.map((p) => [p.name, p.datasets])).toEqual([['original-ot', OT_DATASETS]]);
    expect(packs[0].sections).toEqual(otSections);
    expect(logs).toEqual([
      '  OSHB: 3 WLC verses -> 3 KJV verses (0 fed by several WLC verses)',
      '  skipped: tagnt-tr-kjv, step-tegmc excluded by licence category',
      '  skipped: unicode-greek-hebrew excluded by licence category',
    ]);
  });

  it('builds the Greek word rows in KJV verses, numbering words from 0 when the Old Testament is left out', () => {
    const { packs, logs } = build([...OT_DATASETS, 'unicode-greek-hebrew']);
    expect(packs.map((p) => [p.name, p.datasets])).toEqual([['original-nt', NT_DATASETS]]);
    expect(packs[0].sections).toEqual(ntSections(0));
    expect(logs).toContain(
      '  TAGNT: 21 words; TR readings 0 (0 via Byz), TR spellings 1, supplement rows 1, re-ordered verses 1',
    );
  });

  describe('with every source', () => {
    const { packs, logs } = build([]);
    const pack = (name: string) => packs.find((p) => p.name === name)!;

    it('builds both testaments, the lexicon, the Strong’s index and the Unicode tables', () => {
      expect(packs.map((p) => [p.name, p.datasets])).toEqual([
        ['original-ot', OT_DATASETS],
        ['original-nt', NT_DATASETS],
        ['lexicon', ['strongs-hebrew', 'strongs-greek', 'oshb-wlc', 'tagnt-tr-kjv']],
        ['strongs-index', ['oshb-wlc', 'tagnt-tr-kjv', 'kjv']],
        ['unicode-tables', ['unicode-greek-hebrew']],
      ]);
      expect(pack('original-ot').sections).toEqual(otSections);
      // Greek word numbers follow the 7 Hebrew ones.
      expect(pack('original-nt').sections).toEqual(ntSections(7));
      expect(pack('unicode-tables').sections).toEqual(unicodeSections);
      expect(logs).toContain('  lexicon: H8674 G5624; 6 Hebrew and 9 Greek numbers occur');
    });

    it('stores each Strong’s entry as separated fields, with occurrence counts and first verses', () => {
      const hebrew = range(8674).map((n) => hebrewRecord(n).join(FIELD_SEPARATOR));
      const greek = range(5624).map((n) => greekRecord(n).join(FIELD_SEPARATOR));
      const offsets = (entries: string[]) => {
        const start = new Uint32Array(entries.length + 2);
        entries.forEach((e, i) => {
          start[i + 2] = start[i + 1] + e.length;
        });
        return start;
      };
      expect(pack('lexicon').sections).toEqual({
        info: { kind: 'json', data: { hebrew: 8674, greek: 5624, fields: LEXICON_FIELDS } },
        hebrewText: { kind: 'utf8', data: hebrew.join('') },
        hebrewStart: { kind: 'u32', data: offsets(hebrew) },
        hebrewCount: { kind: 'u32', data: sparse(8675, { 7225: 1, 1254: 1, 430: 2, 1961: 1, 3605: 1, 776: 1 }) },
        hebrewFirst: {
          kind: 'u32',
          data: sparse(8675, {
            7225: 1001001,
            1254: 1001001,
            430: 1001001,
            1961: 1001002,
            3605: 1001002,
            776: 1001002,
          }),
        },
        greekText: { kind: 'utf8', data: greek.join('') },
        greekStart: { kind: 'u32', data: offsets(greek) },
        // G6063 is beyond the dictionary, so it has no count here.
        greekCount: {
          kind: 'u32',
          data: sparse(5625, { 32: 1, 976: 1, 1138: 1, 1473: 1, 2316: 1, 2532: 2, 3056: 13, 3588: 1 }),
        },
        greekFirst: {
          kind: 'u32',
          data: sparse(5625, {
            32: 66005011,
            976: 40001001,
            1138: 40001002,
            1473: 40001001,
            2316: 45003025,
            2532: 40001001,
            3056: 46001001,
            3588: 40001001,
          }),
        },
      });
    });

    it('lists the verses of every Strong’s number, from the word rows and from the KJV’s own tags', () => {
      expect(pack('strongs-index').sections).toEqual({
        info: { kind: 'json', data: { maxHebrew: 8674, maxGreek: 6063, kjvTags: true } },
        hebrewStart: { kind: 'u32', data: startsOf(8674, { 430: 2, 776: 1, 1254: 1, 1961: 1, 3605: 1, 7225: 1 }) },
        // Ordinals as gaps from the previous verse of the same number: H430 is in ordinals 0 and 2.
        hebrewVerses: { kind: 'u16', data: Uint16Array.from([0, 2, 1, 0, 1, 1, 0]) },
        greekStart: {
          kind: 'u32',
          data: startsOf(6063, { 32: 1, 976: 1, 1138: 1, 1473: 1, 2316: 1, 2532: 2, 3056: 13, 3588: 1, 6063: 1 }),
        },
        greekVerses: { kind: 'u16', data: Uint16Array.from([63, 7, 8, 7, 35, 7, 1, 36, ...Array(12).fill(1), 7, 8]) },
        kjvHebrewStart: { kind: 'u32', data: startsOf(8674, { 430: 2, 7225: 1 }) },
        kjvHebrewVerses: { kind: 'u16', data: Uint16Array.from([0, 2, 0]) },
        kjvGreekStart: { kind: 'u32', data: startsOf(6063, { 976: 1, 1078: 1 }) },
        kjvGreekVerses: { kind: 'u16', data: Uint16Array.from([7, 7]) },
      });
    });
  });

  it('leaves the KJV’s own tags out of the Strong’s index when the KJV is excluded', () => {
    const { packs } = build(['kjv']);
    const index = packs.find((p) => p.name === 'strongs-index')!;
    expect(index.datasets).toEqual(['oshb-wlc', 'tagnt-tr-kjv']);
    expect(index.sections.info).toEqual({ kind: 'json', data: { maxHebrew: 8674, maxGreek: 6063, kjvTags: false } });
    expect(index.sections.kjvHebrewStart).toEqual({ kind: 'u32', data: new Uint32Array(8676) });
    expect(index.sections.kjvHebrewVerses).toEqual({ kind: 'u16', data: new Uint16Array() });
    expect(index.sections.kjvGreekStart).toEqual({ kind: 'u32', data: new Uint32Array(6065) });
    expect(index.sections.kjvGreekVerses).toEqual({ kind: 'u16', data: new Uint16Array() });
  });
});
