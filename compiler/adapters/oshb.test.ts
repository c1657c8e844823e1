// The OSHB adapter on tiny OSIS books and verse maps: references, words, Ketiv/Qere, notes and KJV mapping.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOOKS } from '../../sources/books.ts';
import { type OshbVerse, type OshbWord, mapToKjv, parseOsisRef, readOshbBook, readVerseMap } from './oshb.ts';

/** A word as readOshbBook returns it, with no joins or notes unless given. */
function word(
  segments: string,
  lemma: string,
  morph: string,
  sourceId: string,
  extra: Partial<OshbWord> = {},
): OshbWord {
  return {
    form: segments.replace(/\//g, ''),
    segments,
    lemma,
    morph,
    sourceId,
    maqqef: false,
    paseq: false,
    sofPasuq: false,
    notes: [],
    ...extra,
  };
}

const book = (verses: string) =>
  '<?xml version="1.0" encoding="utf-8"?>\n<osis xmlns="http://www.bibletechnologies.net/2003/OSIS/namespace">\n' +
  `<osisText osisIDWork="WLC" xml:lang="he"><div type="book" osisID="Gen">\n${verses}</div></osisText></osis>\n`;

describe('parseOsisRef', () => {
  it('reads book, chapter, verse and a half-verse mark', () => {
    expect(parseOsisRef('Gen.1.1')).toEqual({ book: 1, chapter: 1, verse: 1 });
    expect(parseOsisRef('1Kgs.18.34!a')).toEqual({ book: 11, chapter: 18, verse: 34, half: 'a' });
    expect(parseOsisRef('Song.2.17!b')).toEqual({ book: 22, chapter: 2, verse: 17, half: 'b' });
  });

  it('reads every OT book id with any chapter and verse', () => {
    const ot = BOOKS.filter((b) => b.testament === 'OT');
    fc.assert(
      fc.property(
        fc.constantFrom(...ot),
        fc.integer({ min: 1, max: 150 }),
        fc.integer({ min: 1, max: 176 }),
        (b, c, v) => {
          expect(parseOsisRef(`${b.osis}.${c}.${v}`)).toEqual({ book: b.number, chapter: c, verse: v });
        },
      ),
    );
  });

  it('fails on an unknown book or a reference that is not book.chapter.verse', () => {
    expect(() => parseOsisRef('Gn.1.1')).toThrow('OSHB: cannot read the reference "Gn.1.1"');
    expect(() => parseOsisRef('Gen.1')).toThrow('cannot read the reference "Gen.1"');
    expect(() => parseOsisRef('Gen.1.1!c')).toThrow('cannot read the reference "Gen.1.1!c"');
  });
});

describe('readOshbBook', () => {
  it('reads words with morpheme slashes, maqqef, paseq and sof pasuq, and textual notes', () => {
    const xml = book(
      '<chapter osisID="Gen.1">\n<verse osisID="Gen.1.1">\n' +
        '<w lemma="b/7225" n="1.0" morph="HR/Ncfsa" id="01xeN">בְּ/רֵאשִׁית</w>\n' +
        '<w lemma="1254 a" n="1.0" morph="HVqp3ms" id="01Nvk">בָּרָא</w><seg type="x-paseq">׀</seg>\n' +
        '<note n="c">We read one or more accents\n  differently than BHS. </note>\n' +
        '<w lemma="430" morph="HNcmpa" id="01TyA">אֱלֹהִים</w>\n' +
        '<note type="alternative"><catchWord>אֱלֹהִים</catchWord><rdg type="x-accent">אֱלֹ/הִים</rdg></note>\n' +
        '<w lemma="853" morph="HTo" id="01vuQ">אֵת</w><seg type="x-maqqef">־</seg>' +
        '<w lemma="d/8064" morph="HTd/Ncmpa" id="01H8b">הַ/שָּׁמַיִם</w>' +
        '<note type="exegesis">WLC has this word divided as <rdg>הַשָּׁ/מַיִם</rdg>.</note>' +
        '<seg type="x-sof-pasuq">׃</seg><seg type="x-pe">פ</seg>\n' +
        '</verse>\n<verse osisID="Gen.1.2">\n' +
        '<w lemma="c/776" morph="HC/Ncbsa" id="01Zs2">וְ/הָ&amp;אָרֶץ</w>\n</verse>\n' +
        '</chapter>\n',
    );
    expect(readOshbBook(xml)).toEqual<OshbVerse[]>([
      {
        book: 1,
        chapter: 1,
        verse: 1,
        words: [
          word('בְּ/רֵאשִׁית', 'b/7225', 'HR/Ncfsa', '01xeN'),
          word('בָּרָא', '1254 a', 'HVqp3ms', '01Nvk', {
            paseq: true,
            notes: ['We read one or more accents differently than BHS.'],
          }),
          word('אֱלֹהִים', '430', 'HNcmpa', '01TyA', { notes: ['Alternative accentuation: אֱלֹהִים'] }),
          word('אֵת', '853', 'HTo', '01vuQ', { maqqef: true }),
          word('הַ/שָּׁמַיִם', 'd/8064', 'HTd/Ncmpa', '01H8b', {
            sofPasuq: true,
            notes: ['WLC has this word divided as הַשָּׁ/מַיִם.'],
          }),
        ],
      },
      { book: 1, chapter: 1, verse: 2, words: [word('וְ/הָ&אָרֶץ', 'c/776', 'HC/Ncbsa', '01Zs2')] },
    ]);
  });

  it('replaces a Ketiv by its Qere, keeping the Ketiv and the join to the next word', () => {
    const xml = book(
      '<verse osisID="Gen.8.17">' +
        '<w type="x-ketiv" lemma="3318" morph="HVhv2ms" id="01Pdv">הוצא</w><seg type="x-maqqef">־</seg>' +
        '<note n="k">A textual note on the reading.</note>' +
        '<note type="variant"><catchWord>הוצא</catchWord><rdg type="x-qere">' +
        '<w lemma="3318" morph="HVhv2ms" id="01S7t">הַיְצֵא</w></rdg></note>' +
        '<w lemma="854" morph="HR/Sp2fs" id="018F2">אִתָּ/ךְ</w><seg type="x-sof-pasuq">׃</seg>' +
        '</verse>\n',
    );
    expect(readOshbBook(xml)[0].words).toEqual([
      word('הַיְצֵא', '3318', 'HVhv2ms', '01S7t', {
        maqqef: true,
        notes: ['Ketiv: הוצא; Qere: הַיְצֵא', 'A textual note on the reading.'],
      }),
      word('אִתָּ/ךְ', '854', 'HR/Sp2fs', '018F2', { sofPasuq: true }),
    ]);
  });

  it('pairs Ketiv and Qere word by word when the counts agree, and as a phrase when they do not', () => {
    const ketivPair =
      '<w type="x-ketiv" lemma="1931" morph="HPp3ms" id="k1">הוא</w><seg type="x-maqqef" subType="x-ketiv">־</seg>' +
      '<w type="x-ketiv" lemma="c/1931" morph="HC/Pp3fs" id="k2">ו/היא</w>';
    const qere = (words: string) =>
      `<note type="variant"><catchWord>הוא־ו/היא</catchWord><rdg type="x-qere">${words}</rdg></note>`;
    const q1 = '<w lemma="1931" morph="HPp3fs" id="q1">הִיא</w>';
    const q2 = '<w lemma="c/1931" morph="HC/Pp3ms" id="q2">וָ/הוּא</w>';
    const k1 = '<w type="x-ketiv" lemma="1931" morph="HPp3ms" id="k1">הוא</w>';
    const xml = book(
      `<verse osisID="Gen.2.1">${ketivPair}${qere(`${q1}<seg type="x-maqqef">־</seg>${q2}`)}</verse>\n` +
        `<verse osisID="Gen.2.2">${ketivPair}${qere(q1)}</verse>\n` +
        `<verse osisID="Gen.2.3">${k1}${qere(q1 + q2)}</verse>\n`,
    );
    const [equal, fewer, more] = readOshbBook(xml).map((v) => v.words.map((w) => [w.sourceId, w.form, w.notes]));
    expect(equal).toEqual([
      ['q1', 'הִיא', ['Ketiv: הוא; Qere: הִיא']],
      ['q2', 'וָהוּא', ['Ketiv: והיא; Qere: וָהוּא']],
    ]);
    expect(fewer).toEqual([['q1', 'הִיא', ['Ketiv: הוא־והיא; Qere: הִיא']]]);
    expect(more).toEqual([
      ['q1', 'הִיא', ['Ketiv: הוא; Qere: הִיא וָהוּא']],
      ['q2', 'וָהוּא', ['Qere (see the previous word)']],
    ]);
  });

  it('keeps the maqqef and paseq inside a Qere, and the written join after it', () => {
    const xml = book(
      '<verse osisID="Gen.2.1"><w type="x-ketiv" lemma="1" morph="HNcmsa" id="k1">אב</w>' +
        '<seg type="x-paseq">׀</seg>' +
        '<note type="variant"><catchWord>אב</catchWord><rdg type="x-qere">' +
        '<w lemma="2" morph="HPp3fs" id="q1">הִיא</w><seg type="x-maqqef">־</seg>' +
        '<w lemma="3" morph="HPp3ms" id="q2">הוּא</w></rdg></note>' +
        '<w lemma="4" morph="HNcmsa" id="w3">דָּבָר</w></verse>\n',
    );
    const words = readOshbBook(xml)[0].words.map((w) => [w.sourceId, w.maqqef, w.paseq]);
    expect(words).toEqual([
      ['q1', true, false],
      ['q2', false, true],
      ['w3', false, false],
    ]);
  });

  it('keeps a Ketiv without Qere and a Qere without Ketiv, marked', () => {
    const xml = book(
      '<verse osisID="Gen.3.1"><w type="x-ketiv" lemma="1" morph="HNcmsa" id="a">אב</w>' +
        '<note type="variant"><catchWord>אב</catchWord><rdg type="x-qere"></rdg></note>' +
        '<note type="variant"><rdg type="x-qere"><w lemma="2" morph="HNcmsa" id="b">אַב</w></rdg></note>' +
        '<w type="x-ketiv" lemma="3" morph="HNcmsa" id="c">אבב</w></verse>\n',
    );
    expect(readOshbBook(xml)[0].words.map((w) => [w.sourceId, w.notes])).toEqual([
      ['a', ['Ketiv without Qere: written but not read']],
      ['b', ['Qere without Ketiv: read but not written']],
      ['c', ['Ketiv (written form)']],
    ]);
  });

  it("reads a verse's own KJV reference note", () => {
    const xml = book(
      '<verse osisID="Ps.3.2"><w lemma="3068" morph="HNp" id="19a">יְהוָה</w><note>KJV:Ps.3.1</note></verse>\n',
    );
    expect(readOshbBook(xml)).toEqual([
      {
        book: 19,
        chapter: 3,
        verse: 2,
        kjvNote: { book: 19, chapter: 3, verse: 1 },
        words: [word('יְהוָה', '3068', 'HNp', '19a')],
      },
    ]);
  });

  it('fails on a word without lemma, morph or id, and on a bad verse reference', () => {
    expect(() => readOshbBook(book('<verse osisID="Gen.1.1"><w lemma="430" id="x">אֱלֹהִים</w></verse>'))).toThrow(
      'OSHB: word without lemma, morph or id',
    );
    expect(() => readOshbBook(book('<verse osisID="Gen.1"><w lemma="1" morph="HC" id="x">א</w></verse>'))).toThrow(
      'cannot read the reference "Gen.1"',
    );
  });
});

const VERSE_MAP = `<?xml version="1.0" encoding="UTF-8"?>
<verseMap xmlns="http://www.APTBibleTools.com/namespace">
<!-- VerseMap.xml catalogs versification differences between the WLC and the KJV. -->
	<book osisID="Gen">
		<verse wlc="Gen.32.1" kjv="Gen.31.55" type="full"/>
		<verse wlc="Gen.32.2" kjv="Gen.32.1" type="full"/>
	</book>
	<book osisID="1Kgs">
		<verse wlc="1Kgs.18.34!a" kjv="1Kgs.18.33!b" type="partial"/>
		<verse wlc="1Kgs.22.44" kjv="1Kgs.22.43!b" type="partial"/>
	</book>
	<book osisID="Isa">
		<verse wlc="Isa.63.19!b" kjv="Isa.64.1" type="partial"/>
	</book>
	<book osisID="Ps">
		<verse wlc="Ps.3.2" kjv="Ps.3.1" type="full"/>
		<verse wlc="Ps.3.3" kjv="Ps.3.2" type="full"/>
	</book>
</verseMap>
`;

describe('readVerseMap', () => {
  it('reads full and half-verse entries in file order', () => {
    const map = readVerseMap(VERSE_MAP);
    expect(map.slice(0, 4)).toEqual([
      { wlc: { book: 1, chapter: 32, verse: 1 }, kjv: { book: 1, chapter: 31, verse: 55 }, type: 'full' },
      { wlc: { book: 1, chapter: 32, verse: 2 }, kjv: { book: 1, chapter: 32, verse: 1 }, type: 'full' },
      {
        wlc: { book: 11, chapter: 18, verse: 34, half: 'a' },
        kjv: { book: 11, chapter: 18, verse: 33, half: 'b' },
        type: 'partial',
      },
      {
        wlc: { book: 11, chapter: 22, verse: 44 },
        kjv: { book: 11, chapter: 22, verse: 43, half: 'b' },
        type: 'partial',
      },
    ]);
    expect(map).toHaveLength(7);
  });

  it('fails on an entry without a KJV reference', () => {
    expect(() => readVerseMap('<verse wlc="Gen.32.1" type="full"/>')).toThrow('cannot read the reference');
  });
});

describe('mapToKjv', () => {
  const w = (id: string, form = id): OshbWord => word(form, '1', 'HC', id);
  const verse = (ref: string, words: OshbWord[], extra: Partial<OshbVerse> = {}): OshbVerse => ({
    ...parseOsisRef(ref),
    words,
    ...extra,
  });
  // 1 Kgs 18:34 splits after this word; written with its accent before its vowel, as a source not in NFC may be.
  const SPLIT = '\u05d4\u05b8\u05e2\u05b5\u05e6\u0591\u05b4\u05d9\u05dd';
  const ISA_SPLIT = 'עֲלֵיהֶ֑ם';

  it('maps by VerseMap, then the KJV note, then the same reference; Psalm titles join verse 1', () => {
    expect(SPLIT).not.toBe(SPLIT.normalize('NFC'));
    const books = [
      [
        verse('Gen.32.1', [w('a')]),
        verse('Gen.32.2', [w('b')]),
        verse('Gen.33.1', [w('c')], { kjvNote: { book: 1, chapter: 33, verse: 2 } }),
        verse('Gen.33.3', [w('d')]),
      ],
      [
        verse('1Kgs.18.33', [w('p')]),
        verse('1Kgs.18.34', [w('x'), w('split', SPLIT), w('y')]),
        verse('1Kgs.22.44', [w('z')]),
      ],
      [verse('Isa.63.19', [w('i'), w('isplit', ISA_SPLIT), w('j')])],
      [verse('Ps.3.1', [w('title')]), verse('Ps.3.2', [w('e')]), verse('Ps.3.3', [w('f')])],
    ];
    const { words, sources } = mapToKjv(books, readVerseMap(VERSE_MAP));
    const ids = (list: OshbWord[]) => list.map((x) => x.sourceId);
    expect(new Map([...words].map(([id, list]) => [id, ids(list)]))).toEqual(
      new Map([
        [1_031_055, ['a']],
        [1_032_001, ['b']],
        [1_033_002, ['c']],
        [1_033_003, ['d']],
        [11_018_033, ['p', 'x', 'split']],
        [11_018_034, ['y']],
        [11_022_043, ['z']],
        [23_063_019, ['i', 'isplit']],
        [23_064_001, ['j']],
        [19_003_001, ['title', 'e']],
        [19_003_002, ['f']],
      ]),
    );
    expect(sources.get(11_018_033)).toEqual(['11.18.33', '11.18.34a']);
    expect(sources.get(11_018_034)).toEqual(['11.18.34b']);
    expect(sources.get(23_064_001)).toEqual(['23.63.19b']);
    expect(sources.get(19_003_001)).toEqual(['19.3.1', '19.3.2']);
    expect(sources.get(11_022_043)).toEqual(['11.22.44']);
  });

  it('fails when a split verse lacks its split word, or has none listed', () => {
    const verseMap = readVerseMap(VERSE_MAP);
    expect(() => mapToKjv([[verse('1Kgs.18.34', [w('x')])]], verseMap)).toThrow(
      `OSHB 11.18.34: VerseMap splits this verse, but its split word הָעֵצִ֑ים was not found`,
    );
    const unlisted = readVerseMap('<verse wlc="Gen.5.5!a" kjv="Gen.5.4!b" type="partial"/>');
    expect(() => mapToKjv([[verse('Gen.5.5', [w('x')])]], unlisted)).toThrow(
      'its split word (none listed) was not found',
    );
  });
});
