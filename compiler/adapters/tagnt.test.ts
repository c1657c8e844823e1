// The TAGNT reader on a tiny folder in the TAGNT-TR-KJV format: TR readings and spellings, order, gaps, errors.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BOOKS } from '../../sources/books.ts';
import { readTagnt, type TagntWord } from './tagnt.ts';

const root = mkdtempSync(join(tmpdir(), 'tagnt-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const HEADER = [
  'kjv_book',
  'kjv_chapter',
  'kjv_verse',
  'kjv_pos',
  'Word & Type',
  'Greek',
  'English translation',
  'dStrongs = Grammar',
  'Dictionary form = Gloss',
  'editions',
  'Meaning variants',
  'Spelling variants',
  'Spanish translation',
  'Sub-meaning',
  'Conjoin word',
  'sStrong+Instance',
  'Alt Strongs',
  'Variant note',
  'col15',
  'col16',
  'col17',
].join('\t');

const ALL = 'NA28+NA27+Tyn+SBL+WH+Treg+TR+Byz';
const NA = 'NA28+NA27+Tyn+SBL+WH+Treg';

interface Row {
  at: string; // "Matt 1 1 1": kjv_book, kjv_chapter, kjv_verse, kjv_pos ('' in the supplement)
  ref: string;
  greek: string;
  grammar: string;
  dict?: string;
  editions?: string;
  meaning?: string;
  spelling?: string;
  conjoin?: string;
  note?: string;
}

/** One line: 4 KJV columns, then the 17 upstream TAGNT columns. */
function line(r: Row): string {
  const [book, chapter, verse, pos = ''] = r.at.split(' ');
  const upstream = [
    r.ref,
    r.greek,
    'gloss',
    r.grammar,
    r.dict ?? 'λόγος=word',
    r.editions ?? ALL,
    r.meaning ?? '',
    r.spelling ?? '',
    'palabra',
    'word',
    r.conjoin ?? `#${r.ref.split('#')[1].slice(0, 2)}`,
    'G3056',
    '',
    r.note ?? '',
    '',
    '',
    '',
  ];
  return [book, chapter, verse, pos, ...upstream].join('\t');
}

/** Rows given as strings are written as they are. */
function folder(name: string, main: (Row | string)[], supplement: Row[] = [], header = HEADER): string {
  const dir = join(root, name);
  mkdirSync(dir);
  const lines = main.map((r) => (typeof r === 'string' ? r : line(r)));
  writeFileSync(join(dir, 'TAGNT-TR-KJV.tsv'), `${[header, ...lines].join('\n')}\n`);
  writeFileSync(join(dir, 'TAGNT-TR-KJV.supplement.tsv'), `${[header, ...supplement.map(line)].join('\n')}\n`);
  return dir;
}

// Every epistle needs a last verse (subscriptions are looked for there), and the two documented gaps must be found.
const EPISTLE_FILLERS: Row[] = BOOKS.filter((b) => b.number > 45 && b.number < 58).map((b) => ({
  at: `${b.osis} 1 1 1`,
  ref: `${b.step}.1.1#01=NKO`,
  greek: 'Παῦλος (Paulos)',
  grammar: 'G3972=N-NSM-P',
}));
const GAPS: Row[] = [
  { at: 'Rom 3 25 23', ref: 'Rom.3.25#23=NKO', greek: 'αὐτοῦ, (autou)', grammar: 'G0846=P-GSM' },
  { at: 'Rev 5 11 17', ref: 'Rev.5.11#17=NKO', greek: 'θρόνου (thronou)', grammar: 'G2362=N-GSM' },
];

const MAIN: Row[] = [
  // Rows out of canonical order in the file; the reader sorts verses.
  ...GAPS,
  ...EPISTLE_FILLERS,
  {
    at: 'Matt 1 1 1',
    ref: 'Mat.1.1#01=NKO',
    greek: 'Βίβλος¶ (Biblos)',
    grammar: 'G0976=N-NSF',
    dict: 'βίβλος=book',
    note: '^ <i>Biblos</i>  is a title',
  },
  {
    at: 'Matt 1 1 2',
    ref: 'Mat.1.1#02=NKO',
    greek: 'δεκαοκτὼ (dekaoktō)',
    grammar: 'G1176=A-NUI + G3638=A-NUI',
    dict: 'δέκα=ten + ὀκτώ=eight',
    conjoin: '#02»03:G2424',
  },
  {
    at: 'Matt 1 6 14',
    ref: 'Mat.1.6#14=NKO',
    greek: 'Σολομῶνα (Solomōna)',
    grammar: 'G4672G=N-ASM-P',
    spelling: 'TR: Σολομῶντα ; ',
  },
  {
    at: 'Matt 1 6 15',
    ref: 'Mat.1.6#15=NKO',
    greek: 'Δαυὶδ, (Dauid)',
    grammar: 'G1138=N-PRI',
    spelling: 'Tyn+WH: Δαυεὶδ ; +TR: Δαβὶδ ;',
  },
  { at: 'Matt 1 6 16', ref: 'Mat.1.6#16=NKO', greek: 'ὁ (ho)', grammar: 'G3588=T-NSM', spelling: 'TR: ὁ ;' },
  // Elided in NA: the TR writes the first in full and elides the second its own way.
  {
    at: 'Matt 1 6 17',
    ref: 'Mat.1.6#17=NKO',
    greek: 'ἀλλ᾽ (all᾽)',
    grammar: 'G0235=CONJ',
    spelling: `${ALL}: ἀλλὰ ; `,
  },
  {
    at: 'Matt 1 6 18',
    ref: 'Mat.1.6#18=NKO',
    greek: 'μετ᾽ (met᾽)',
    grammar: 'G3326=PREP',
    spelling: 'TR+Byz: μεθ᾽ ; ',
  },
  {
    at: 'Matt 5 30 32',
    ref: 'Mat.5.30#32=N(K)O',
    greek: 'ἀπέλθῃ.¶ (apelthē)',
    grammar: 'G0565=V-2AAS-3S',
    editions: NA,
    meaning: 'βληθῇ (T=blēthēa) may be cast - G0906=V-APS-3S in: TR«3+Byz«3',
  },
  {
    at: 'Matt 5 32 17',
    ref: 'Mat.5.32#17=N(K)O',
    greek: 'μοιχευθῆναι· (moicheuthēnai)',
    grammar: 'G3431=V-APN',
    dict: 'μοιχεύω=to commit adultery',
    editions: NA,
    meaning: 'μοιχᾶσθαι (T=moichasthai) to commit adultery - G3429=V-PNN in: TR+Byz',
  },
  // The NA form stands where TR is listed only as displaced.
  {
    at: 'Matt 5 33 1',
    ref: 'Mat.5.33#01=N(k)O',
    greek: 'πάλιν (palin)',
    grammar: 'G3825=ADV',
    editions: 'NA28+TR»2',
    meaning: 'αὖθις (o=authis) again - G0839=ADV in: Byz',
  },
  { at: 'Mark 12 15 1', ref: 'Mrk.12.15#02=NKO', greek: 'δὲ (de)', grammar: 'G1161=CONJ' },
  {
    at: 'John 9 20 2',
    ref: 'Jhn.9.20#02=N(k)',
    greek: 'οὖν (oun)',
    grammar: 'G3767=CONJ',
    editions: NA,
    meaning: 'δὲ (o=de) now - G1161=CONJ in: Byz',
  },
  {
    at: 'Rom 16 27 1',
    ref: 'Rom.16.27#01=NKO',
    greek: 'ἀμήν. (amēn)',
    grammar: 'G0281=HEB',
  },
  { at: 'Rom 16 27 2', ref: 'Rom.16.27{14.26}#02=K', greek: 'ἀμήν.¶ (amēn)', grammar: 'G0281=HEB', editions: 'TR' },
  { at: 'Rom 16 27 3', ref: 'Rom.16.27{14.26}#03=K', greek: 'πρὸς (pros)', grammar: 'G4314=PREP', editions: 'TR' },
  {
    at: 'Rom 16 27 4',
    ref: 'Rom.16.27{14.26}#04=K',
    greek: 'Ῥωμαίους (Rhōmaious)',
    grammar: 'G4514=A-APM-LG',
    editions: 'TR',
  },
  {
    at: 'Heb 10 34 4',
    ref: 'Heb.10.34#04=N(K)O',
    greek: 'δεσμίοις, (desmiois)',
    grammar: 'G1198=N-DPM',
    editions: NA,
    meaning: 'δεσμοῖς μου (T=desmois mou) my imprisonments - G1199=N-DPM + G0846|G3165«G3450=P-1GS in: TR+Byz',
  },
  // Rev 13:1 takes words from Rev 12:18 and Rev 13:1, interleaved by kjv_pos.
  { at: 'Rev 13 1 1', ref: 'Rev.12.18[13.1]#01=NKO', greek: 'καὶ (kai)', grammar: 'G2532=CONJ' },
  { at: 'Rev 13 1 2', ref: 'Rev.13.1#01=NKO', greek: 'Καὶ (Kai)', grammar: 'G2532=CONJ' },
  { at: 'Rev 13 1 3', ref: 'Rev.12.18[13.1]#02=NKO', greek: 'ἐστάθη (estathē)', grammar: 'G2476=V-API-3S' },
];
const SUPPLEMENT: Row[] = [
  { at: 'Mark 12 15', ref: 'Mrk.12.15(12.14)#01=NKO', greek: 'δῶμεν (dōmen)', grammar: 'G1325=V-2AAS-1P' },
];

const text = readTagnt(folder('good', MAIN, SUPPLEMENT));
const at = (ref: string) => text.words.filter((w) => w.ref === ref);
const one = (ref: string) => {
  const words = at(ref);
  expect(words).toHaveLength(1);
  return words[0];
};

const base = (fields: Partial<TagntWord> & Pick<TagntWord, 'ref' | 'form'>): TagntWord => {
  const [, b, c, v, n, type] = /^(\w+)\.(\d+)\.(\d+).*#(\d+)=(.*)$/.exec(`${fields.ref}=${fields.type ?? 'NKO'}`)!;
  return {
    book: BOOKS.find((x) => x.step === b)!.number,
    chapter: Number(c),
    verse: Number(v),
    translit: '',
    strongs: [],
    morph: '',
    lemma: 'λόγος',
    gloss: 'word',
    number: Number(n),
    type,
    notes: [],
    subscription: false,
    ...fields,
  };
};

describe('readTagnt', () => {
  it('reads form, transliteration, Strong numbers, morphology, lemma, gloss, links and notes', () => {
    expect(at('Mat.1.1#01')).toEqual([
      base({
        ref: 'Mat.1.1#01',
        form: 'Βίβλος',
        translit: 'Biblos',
        strongs: [976],
        morph: 'N-NSF',
        lemma: 'βίβλος',
        gloss: 'book',
        notes: ['Biblos is a title'],
      }),
    ]);
    expect(at('Mat.1.1#02')).toEqual([
      base({
        ref: 'Mat.1.1#02',
        form: 'δεκαοκτὼ',
        translit: 'dekaoktō',
        strongs: [1176, 3638],
        morph: 'A-NUI + A-NUI',
        lemma: 'δέκα',
        gloss: 'ten',
        conjoin: 2424,
      }),
    ]);
  });

  it('takes the TR form, Strong number and morphology of a (K) row from its TR meaning variant', () => {
    expect(at('Mat.5.32#17')).toEqual([
      base({
        ref: 'Mat.5.32#17',
        type: 'N(K)O',
        form: 'μοιχᾶσθαι·',
        translit: 'moichasthai',
        strongs: [3429],
        morph: 'V-PNN',
        lemma: '',
        gloss: 'to commit adultery',
        notes: ['TR (KJV) reading; NA28 reads μοιχευθῆναι (G3431)'],
      }),
    ]);
    expect(one('Mat.5.30#32')).toMatchObject({ form: 'βληθῇ.', strongs: [906], morph: 'V-APS-3S' });
  });

  it('splits a multi-word TR reading into one word per Strong number, punctuation on the last', () => {
    const common = { type: 'N(K)O', lemma: '', gloss: 'my imprisonments' };
    const note = 'TR (KJV) reading; NA28 reads δεσμίοις (G1198)';
    expect(at('Heb.10.34#04')).toEqual([
      base({
        ref: 'Heb.10.34#04',
        ...common,
        form: 'δεσμοῖς',
        translit: 'desmois',
        strongs: [1199],
        morph: 'N-DPM',
        notes: [note],
      }),
      base({
        ref: 'Heb.10.34#04',
        ...common,
        form: 'μου,',
        translit: 'mou',
        strongs: [3450],
        morph: 'P-1GS',
        notes: [note],
      }),
    ]);
  });

  it('falls back to the Byzantine reading only where the row lacks TR altogether', () => {
    expect(one('Jhn.9.20#02')).toMatchObject({ form: 'δὲ', translit: 'de', strongs: [1161], morph: 'CONJ' });
    expect(one('Mat.5.33#01')).toMatchObject({ form: 'πάλιν', strongs: [3825], notes: [] });
  });

  it('replaces an NA spelling by the TR spelling, keeping trailing punctuation', () => {
    expect(one('Mat.1.6#14').form).toBe('Σολομῶντα');
    expect(one('Mat.1.6#15').form).toBe('Δαβὶδ,');
    expect(one('Mat.1.6#16').form).toBe('ὁ');
    // The NA form's elision mark goes with the NA spelling: none after a full form, one after an elided one.
    expect(one('Mat.1.6#17').form).toBe('ἀλλὰ');
    expect(one('Mat.1.6#18').form).toBe('μεθ᾽');
  });

  it('orders merged verses by base chapter, base verse and word number, placing supplement rows', () => {
    const verse = (chapter: number, v: number, book: number) =>
      text.words.filter((w) => w.book === book && w.chapter === chapter && w.verse === v).map((w) => w.ref);
    expect(verse(13, 1, 66)).toEqual(['Rev.12.18[13.1]#01', 'Rev.12.18[13.1]#02', 'Rev.13.1#01']);
    expect(verse(12, 15, 41)).toEqual(['Mrk.12.15(12.14)#01', 'Mrk.12.15#02']);
    const ids = text.words.map((w) => w.book * 1e6 + w.chapter * 1e3 + w.verse);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it("flags the TR-only run from πρός on in an epistle's last verse as its subscription", () => {
    expect(text.words.filter((w) => w.book === 45 && w.chapter === 16).map((w) => [w.form, w.subscription])).toEqual([
      ['ἀμήν.', false],
      ['ἀμήν.', false],
      ['πρὸς', true],
      ['Ῥωμαίους', true],
    ]);
    expect(one('Rom.16.27{14.26}#03').notes).toEqual([
      'Subscription (colophon printed after the epistle), not verse text',
    ]);
  });

  it('records the two documented gaps as incomplete verses', () => {
    const rom = 'the source lacks the TR words "ἐν τῇ ἀνοχῇ τοῦ θεοῦ" after word #23';
    const rev = 'the source lacks the TR words "καὶ ἦν ὁ ἀριθμὸς αὐτῶν μυριάδες μυριάδων" after word #17';
    expect(text.incomplete).toEqual([
      { book: 45, chapter: 3, verse: 25, reason: rom },
      { book: 66, chapter: 5, verse: 11, reason: rev },
    ]);
    expect(one('Rom.3.25#23').notes).toEqual([`Incomplete verse: ${rom}`]);
  });

  it('counts each fix', () => {
    expect(text.fixes).toEqual({ trReading: 4, trFromByz: 1, trSpelling: 4, supplement: 1, resorted: 2 });
    expect(text.words).toHaveLength(MAIN.length + SUPPLEMENT.length + 1);
  });

  it('fails on a wrong header, a short row, an unreadable reference, Strong cell or variant, or a missing gap', () => {
    const bad = (name: string, row: Partial<Row>) => () => readTagnt(folder(name, [...MAIN, { ...MAIN[0], ...row }]));
    expect(() => readTagnt(folder('header', MAIN, [], HEADER.replace('kjv_pos', 'pos')))).toThrow(
      'TAGNT: unexpected header',
    );
    const short = line(MAIN[0]).split('\t').slice(0, 20).join('\t');
    expect(() => readTagnt(folder('short', [...MAIN, short]))).toThrow('TAGNT: a row has 20 columns, expected 21');
    expect(bad('ref', { ref: 'Mat.1.1=NKO', conjoin: '#01' })).toThrow(
      'TAGNT: cannot read the reference "Mat.1.1=NKO" (Rom)',
    );
    expect(bad('strongs', { grammar: 'H0976=N-NSF' })).toThrow(
      'TAGNT: cannot read the Strong\'s/grammar cell "H0976=N-NSF"',
    );
    expect(bad('variant', { ref: 'Rom.3.25#24=N(K)O', meaning: 'βληθῇ may be cast' })).toThrow(
      'TAGNT: cannot read the meaning variant "βληθῇ may be cast"',
    );
    expect(() => readTagnt(folder('gap', MAIN.slice(1)))).toThrow(
      'TAGNT: the documented gap in Rom.3.25 after word #23 is not where expected',
    );
  });
});
