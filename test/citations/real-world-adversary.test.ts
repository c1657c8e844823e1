// References as people write them in posts, sermons, footnotes, study notes, chat and Spanish or Arabic
// texts, read by GetParseCitation and GetCitationsInText, and the things in running text that must not be
// read as references. Each case is what a careful human reader takes the text to mean.
import { describe, expect, it } from 'vitest';
import { bible, callError } from '../helpers.ts';
import type { ResultOf } from '../../engine/core/typed.ts';

const b = await bible();

/** A row of GetCitationsInText, as the operation table types it. */
type Hit = ResultOf<'GetCitationsInText'>[number];

const find = (text: string): Hit[] => b.callSync('GetCitationsInText', { text });
/** A hit as "match = from-to from-to": the text it matched and its verse ranges. */
const show = (h: Hit) => `${h.match} = ${h.passages.map((p) => `${p.from}-${p.to}`).join(' ')}`;
/** Verse ids from..to of one chapter, as GetParseCitation lists them. */
const verses = (from: string, to = from) => {
  const out: string[] = [];
  for (let v = Number(from); v <= Number(to); v++) out.push(String(v).padStart(8, '0'));
  return out;
};

describe('GetParseCitation reads one reference as people write it', () => {
  // citation -> [bookId, chapterId, its verses: "16", "16-18", "16-18 20"]
  const cases: [string, string, string, string][] = [
    ['Jn3:16', '43', '003', '16'],
    ['John 3 : 16', '43', '003', '16'],
    ['Jn. 3:16-18a', '43', '003', '16-18'],
    // Dashes that word processors and phones put for "-": Unicode hyphen, non-breaking hyphen, figure
    // dash, minus sign, small and full-width hyphen-minus.
    ['1Cor13:4–7', '46', '013', '4-7'],
    ['1Cor13:4‐7', '46', '013', '4-7'],
    ['1Cor13:4‑7', '46', '013', '4-7'],
    ['Jn 3:16‒18', '43', '003', '16-18'],
    ['1Cor13:4−7', '46', '013', '4-7'],
    ['Jn 3:16﹣18', '43', '003', '16-18'],
    ['Jn 3:16－18', '43', '003', '16-18'],
    ['Mt 5:3ff', '40', '005', '3-48'],
    ['Mt 5:3 ff.', '40', '005', '3-48'],
    ['Mt 5:3 f.', '40', '005', '3-4'],
    ['II Kings 2:11', '12', '002', '11'],
    ['I Jn 4:8', '62', '004', '8'],
    ['Second Timothy 3:16', '55', '003', '16'],
    ['Song of Songs 2:4', '22', '002', '4'],
    ['Qoheleth 3:1', '21', '003', '1'],
    ['Revelations 21:4', '66', '021', '4'],
    ['Jude 3', '65', '001', '3'],
    ['Exodo 20:3', '02', '020', '3'],
    // Spanish ordinals before a name, with or without "de".
    ['Primera de Corintios 13:4', '46', '013', '4'],
    ['1ra Corintios 13:4', '46', '013', '4'],
    ['1ª Corintios 13:4', '46', '013', '4'],
    ['1a. Corintios 13:4', '46', '013', '4'],
    ['2da. Timoteo 3:16', '55', '003', '16'],
    ['Segunda de Timoteo 3:16', '55', '003', '16'],
    ['2 de Timoteo 3:16', '55', '003', '16'],
    ['1 de Juan 4:8', '62', '004', '8'],
    ['1er Samuel 17:45', '09', '017', '45'],
    ['Tercera de Juan 4', '64', '001', '4'],
    // A comma where the number after it cannot be another chapter of a list: a verse, as Europe writes it.
    ['Gen 1,1', '01', '001', '1'],
    ['Rom 8,28', '45', '008', '28'],
    ['1 Pe 5,7', '60', '005', '7'],
    ['Josh. 15, 38', '06', '015', '38'],
    // A footnote mark copied with the reference, and translation codes with an edition or a dash.
    ['John 3:16¹', '43', '003', '16'],
    ['John 3:16†', '43', '003', '16'],
    ['John 3:16 - NIV', '43', '003', '16'],
    ['Juan 3:16 - RVR1960', '43', '003', '16'],
    ['Ps 119:105 RVR1960', '19', '119', '105'],
    ['Juan 3:16 (RV1960)', '43', '003', '16'],
    ['John 3:16 (NIV84)', '43', '003', '16'],
    ['Gen 1:1 KJV1611', '01', '001', '1'],
    ['John 3:16 (ESV®)', '43', '003', '16'],
    ['John 3 VV16', '43', '003', '16'],
    // Spanish "y" for "and".
    ['Juan 3:16-18 y 20', '43', '003', '16-18 20'],
  ];
  it.each(cases)('%s', (citation, bookId, chapterId, spec) => {
    const answer = b.callSync('GetParseCitation', { citation });
    const verseIds = spec.split(' ').flatMap((part) => {
      const [from, to = from] = part.split('-');
      return verses(`${bookId}${chapterId}${from.padStart(3, '0')}`, `${bookId}${chapterId}${to.padStart(3, '0')}`);
    });
    expect({ bookId: answer.bookId, chapterId: answer.chapterId, verseIds: answer.verseIds }).toEqual({
      bookId,
      chapterId,
      verseIds,
    });
  });

  it('says that a citation without a book has no book, instead of quoting an empty name', async () => {
    for (const citation of ['3:16', '  3:16-18', '(3:16)']) {
      const error = await callError('GetParseCitation', { citation });
      expect(error.code).toBe('INVALID_PARAMETER');
      expect(error.message).toMatch(/no book name before "3:16/);
      expect(error.message).not.toContain('""');
    }
  });

  it('keeps a chapter list that cannot be one chapter an error, and names what it could not read', async () => {
    expect((await callError('GetParseCitation', { citation: 'John 3:16 vv. 3-5' })).message).toContain('vv. 3-5');
    expect((await callError('GetParseCitation', { citation: 'Matt 5-7' })).message).toContain('2 chapters');
  });
});

describe('GetCitationsInText reads references in running text', () => {
  // text -> every hit, as "match = from-to ..."
  const cases: [string, string[]][] = [
    ['As John 3:16¹ says, God loves.', ['John 3:16 = 43003016-43003016']],
    ['Footnote: John 3:16¹² and Rom 8:28³.', ['John 3:16 = 43003016-43003016', 'Rom 8:28 = 45008028-45008028']],
    ['Then 1Cor13:4‐7 with a Unicode hyphen.', ['1Cor13:4‐7 = 46013004-46013007']],
    ['Also 1Cor13:4−7 with a minus.', ['1Cor13:4−7 = 46013004-46013007']],
    ['Exodus 20:3‑17 (non-breaking)', ['Exodus 20:3‑17 = 02020003-02020017']],
    ['Read Mt 5:3 ff. today', ['Mt 5:3 ff = 40005003-40005048']],
    ['Mt 5:3 ff., Lk 6:20 ff.', ['Mt 5:3 ff = 40005003-40005048', 'Lk 6:20 ff = 42006020-42006049']],
    ['John 3:16 f. says', ['John 3:16 f = 43003016-43003017']],
    ['John 3:16 for God so loved', ['John 3:16 = 43003016-43003016']],
    // European commas: a number after a comma that cannot be another chapter of a list is a verse.
    ['Read Rom 8,28 today.', ['Rom 8,28 = 45008028-45008028']],
    ['Romans 8, 28 is the promise.', ['Romans 8, 28 = 45008028-45008028']],
    ['Gn 1,1', ['Gn 1,1 = 01001001-01001001']],
    ['1 Jn 4,8', ['1 Jn 4,8 = 62004008-62004008']],
    ['Rom 8,28; 9,5', ['Rom 8,28; 9,5 = 45008028-45008028 45009005-45009005']],
    ['(Josh. 15, 38)', ['Josh. 15, 38 = 06015038-06015038']],
    // ... while lists of chapters stay lists.
    ['Psalm 2, 5, 9', ['Psalm 2, 5, 9 = 19002001-19002012 19005001-19005012 19009001-19009020']],
    ['Psalms 91, 23 and 121', ['Psalms 91, 23 and 121 = 19091001-19091016 19023001-19023006 19121001-19121008']],
    [
      'Psalms 45,44,78,68',
      ['Psalms 45,44,78,68 = 19045001-19045017 19044001-19044026 19078001-19078072 19068001-19068035'],
    ],
    ['Acts 2, 1 Cor 13', ['Acts 2 = 44002001-44002047', '1 Cor 13 = 46013001-46013013']],
    ['Gen 1, 2 Sam 7', ['Gen 1 = 01001001-01001031', '2 Sam 7 = 10007001-10007029']],
    // Spanish.
    ['Como dice Primera de Corintios 13:4, el amor es paciente.', ['Primera de Corintios 13:4 = 46013004-46013004']],
    [
      'Lee 1ra Juan 4:8 y 2da Timoteo 3:16.',
      ['1ra Juan 4:8 = 62004008-62004008', '2da Timoteo 3:16 = 55003016-55003016'],
    ],
    ['Juan 3:16 y 18', ['Juan 3:16 y 18 = 43003016-43003016 43003018-43003018']],
    ['Salmos 23 y 24', ['Salmos 23 y 24 = 19023001-19023006 19024001-19024010']],
    ['Juan 3:16 y Romanos 5:8', ['Juan 3:16 = 43003016-43003016', 'Romanos 5:8 = 45005008-45005008']],
    ['El 1 de junio leímos Juan 3:16.', ['Juan 3:16 = 43003016-43003016']],
    // Arabic: its comma, semicolon and "و" (and).
    ['تك 1: 1، 2', ['تك 1: 1، 2 = 01001001-01001001 01001002-01001002']],
    ['تك 1: 1؛ 2: 4', ['تك 1: 1؛ 2: 4 = 01001001-01001001 01002004-01002004']],
    ['يوحنا 3:16 و 17', ['يوحنا 3:16 و 17 = 43003016-43003016 43003017-43003017']],
    ['(يوحنا ٣:١٦).', ['يوحنا ٣:١٦ = 43003016-43003016']],
    // Things already read well, kept as they are.
    [
      'Today we read Jn3:16 and Rom 8:28; 12:1-2 together.',
      ['Jn3:16 = 43003016-43003016', 'Rom 8:28; 12:1-2 = 45008028-45008028 45012001-45012002'],
    ],
    ['(cf. Gen 1:1–2:3)', ['Gen 1:1–2:3 = 01001001-01002003']],
    ['In Matthew 5, vv. 3-5 are key.', ['Matthew 5, vv. 3-5 = 40005003-40005005']],
    ['The Lord is my shepherd (Psalm 23:1, KJV).', ['Psalm 23:1 = 19023001-19023001']],
    ['II Kings 2:11 and I Jn 4:8.', ['II Kings 2:11 = 12002011-12002011', 'I Jn 4:8 = 62004008-62004008']],
    ['Jude 3 contend', ['Jude 3 = 65001003-65001003']],
    ['Rev 22:21 AMEN', ['Rev 22:21 = 66022021-66022021']],
    ['John 3:16 AMP', ['John 3:16 = 43003016-43003016']],
    ['Luke 15:11-32 at 7:30 PM', ['Luke 15:11-32 = 42015011-42015032']],
  ];
  it.each(cases)('%s', (text, expected) => {
    expect(find(text).map(show)).toEqual(expected);
  });

  const notReferences = [
    'I am 5:30 late',
    'Mark 2 times on the calendar',
    'Job 1 done, job 2 next',
    'Acts 2 people came',
    'Amos said hello',
    'We met at 10:30 and the score was 3-2.',
    'Version 2.3.1 released',
    'It costs $3.16 now.',
    'Psalm is a nice word.',
    'Numbers 6 describes the Nazirite vow.',
    // A time after a chapter and verse: "Call Daniel 3:30 pm".
    'Job 3:16 pm',
    'Call Daniel 3:30 am tomorrow',
    'Job 3:16 PM',
    'Job 3:16 p.m.',
    'Meet Mark 2:30 pm',
    // A decimal after a name that is also a word: versions and generations.
    'Rev 2.0 is out',
    'Gen 2.0 product',
    'Gen 3.05 beta',
  ];
  it.each(notReferences)('%s is no reference', (text) => {
    expect(find(text).map(show)).toEqual([]);
  });

  it('still reads a revision-like reference that has a verse: "Gen 2.0 and Rev 3.0 shipped; see Rev 3:20."', () => {
    expect(find('Gen 2.0 and Rev 3.0 shipped; see Rev 3:20.').map(show)).toEqual(['Rev 3:20 = 66003020-66003020']);
  });
});

describe('offsets point at the text matched', () => {
  const check = (text: string) => {
    const hits = find(text);
    for (const h of hits) {
      expect(text.slice(h.start, h.end)).toBe(h.match);
      expect(text.slice(h.start, h.start + h.bookName.length)).toBe(h.bookName);
    }
    return hits;
  };

  it('after emoji, accents, CRLF line ends, superscripts and Unicode dashes', () => {
    const text =
      '😀 Ça va? «John 3:16¹»\r\nRom 8:28–30 ✝️ Ps 23.\r\n👨‍👩‍👧 Juan 3,16-18 y Primera de Corintios 13:4‐7 (ESV®)\r\n';
    expect(check(text).map((h) => h.match)).toEqual([
      'John 3:16',
      'Rom 8:28–30',
      'Ps 23',
      'Juan 3,16-18',
      'Primera de Corintios 13:4‐7',
    ]);
  });

  it('in a text at the documented size limit', () => {
    const unit = '😀 «Jn 3:16¹»\r\nRom 8,28 ✝️ 1Cor13:4‐7; Mt 5:3 ff. ';
    let text = '';
    while (text.length + unit.length <= 1_048_576) text += unit;
    const hits = check(text);
    const units = Math.floor(text.length / unit.length);
    expect(hits.length).toBe(units * 4);
    expect(hits.slice(0, 4).map(show)).toEqual([
      'Jn 3:16 = 43003016-43003016',
      'Rom 8,28 = 45008028-45008028',
      '1Cor13:4‐7 = 46013004-46013007',
      'Mt 5:3 ff = 40005003-40005048',
    ]);
  });
});
