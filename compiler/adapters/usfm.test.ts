// The USFM adapter on tiny hand-written WEB- and 1611-style books: verse text, book names, clean-up and errors.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readUsfmFolder } from './usfm.ts';

const dir = mkdtempSync(join(tmpdir(), 'usfm-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let folders = 0;
/** A fresh folder holding the given files (name -> text). */
function folder(files: Record<string, string>): string {
  const path = join(dir, `f${++folders}`);
  mkdirSync(path);
  for (const [file, text] of Object.entries(files)) writeFileSync(join(path, file), text);
  return path;
}

/** Reads a folder; the adapter ignores the KJV table, so an empty one will do. */
function read(files: Record<string, string>) {
  const { verses, ...rest } = readUsfmFolder({ path: folder(files), kjvChapterVerses: [] });
  // The markup has its own tests (markup.test.ts); these are of the flat text.
  return { ...rest, verses: verses.map(({ markup: _markup, ...verse }) => verse) };
}

/** The text of every verse as "book.chapter.verse". */
function texts(files: Record<string, string>): Record<string, string> {
  return Object.fromEntries(read(files).verses.map((v) => [`${v.book}.${v.chapter}.${v.verse}`, v.text]));
}

/** The error message reading the files throws. */
function failure(files: Record<string, string>): string {
  try {
    read(files);
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
}

// WEB layout: a header with \h and \toc lines, poetry in \q lines, wrapped lines, notes between words.
const WEB_PSALMS = [
  '\\id PSA World English Bible (WEB) ',
  '\\ide UTF-8',
  '\\h Psalms ',
  '\\toc1 The Psalms ',
  '\\toc2 Psalms ',
  '\\toc3 Psa ',
  '\\ztoc4 Psalm ',
  '\\mt The Psalms ',
  '\\cl Psalm ',
  '\\c 1  ',
  '\\ms BOOK 1 ',
  '\\q',
  '\\v 1 Blessed is the man who doesn’t walk in the counsel of the wicked,',
  '\\q2 nor stand on the path of sinners, ',
  '\\q2 nor sit in the seat of scoffers; ',
  '\\q',
  '\\v 2 but his delight is in Yahweh’s\\f + “Yahweh” is God’s proper Name, sometimes rendered “LORD” (all caps) in other',
  'translations.\\f* law. ',
  '\\q2 On his law he meditates day and night. ',
  '\\c 3',
  '\\d A Psalm by David, when he fled from Absalom his son. ',
  '\\q',
  '\\v 1 Yahweh, how my adversaries have increased! ',
  '\\q2 Many are those who rise up against me. ',
  '\\q',
  '\\v 2 Many there are who say of my soul, ',
  '\\q2 “There is no help for him in God.” \\qs Selah.\\qs* ',
  '\\c 119',
  '\\d ALEPH',
  '\\q',
  '\\v 1 Blessed are those whose ways are blameless, ',
  '\\q2 who walk according to Yahweh’s law. ',
  '',
].join('\n');

const WEB_MATTHEW = [
  '\\id MAT World English Bible (WEB) ',
  '\\h Matthew ',
  '\\toc2 Matthew ',
  '\\c 1',
  '\\s1 The Genealogy of Jesus',
  '\\p',
  '\\v 1 The book of the genealogy of Jesus Christ,\\x + \\xo 1:1 \\xt Luke 3:23-38\\x* the son of David, the son of Abraham. ',
  '\\v 2 Abraham became the father of Isaac. ',
  '\\c 4',
  '\\p',
  '\\v 19 He said to them, \\wj “Come after me, and I will make you fishers for men.”\\wj* ',
  '\\v 20 They immediately left their nets and followed him. ',
  '\\s1 Jesus Heals',
  '\\p',
  '\\v 21 Going on from there, he saw two other brothers,\\f + \\fr 4:21 \\ft or, James son of Zebedee\\f*James the son of Zebedee, and \\add his\\add* brother John. ',
  '',
].join('\n');

describe('readUsfmFolder on WEB-style books', () => {
  const web = () =>
    read({
      '20-PSAeng-web.usfm': WEB_PSALMS,
      '70-MATeng-web.usfm': WEB_MATTHEW,
      'BookNames.xml': '<BookNames></BookNames>',
      '00-FRTeng-web.usfm': '\\id FRT\n\\h Preface\n\\p The World English Bible is in the Public Domain.\n',
      '41-TOBeng-web.usfm': '\\id TOB\n\\h Tobit\n\\c 1\n\\p\n\\v 1 The book of the words of Tobit\n',
    });

  it('returns the verses of the canonical books in canonical order, clean of markup and notes', () => {
    expect(web().verses).toEqual([
      {
        book: 19,
        chapter: 1,
        verse: 1,
        text: 'Blessed is the man who doesn’t walk in the counsel of the wicked, nor stand on the path of sinners, nor sit in the seat of scoffers;',
      },
      {
        book: 19,
        chapter: 1,
        verse: 2,
        text: 'but his delight is in Yahweh’s law. On his law he meditates day and night.',
      },
      {
        book: 19,
        chapter: 3,
        verse: 1,
        text: 'A Psalm by David, when he fled from Absalom his son. Yahweh, how my adversaries have increased! Many are those who rise up against me.',
      },
      {
        book: 19,
        chapter: 3,
        verse: 2,
        text: 'Many there are who say of my soul, “There is no help for him in God.” Selah.',
      },
      {
        book: 19,
        chapter: 119,
        verse: 1,
        text: 'Blessed are those whose ways are blameless, who walk according to Yahweh’s law.',
      },
      {
        book: 40,
        chapter: 1,
        verse: 1,
        text: 'The book of the genealogy of Jesus Christ, the son of David, the son of Abraham.',
      },
      { book: 40, chapter: 1, verse: 2, text: 'Abraham became the father of Isaac.' },
      {
        book: 40,
        chapter: 4,
        verse: 19,
        text: 'He said to them, “Come after me, and I will make you fishers for men.”',
      },
      { book: 40, chapter: 4, verse: 20, text: 'They immediately left their nets and followed him.' },
      {
        book: 40,
        chapter: 4,
        verse: 21,
        text: 'Going on from there, he saw two other brothers, James the son of Zebedee, and his brother John.',
      },
    ]);
  });

  it('names each canonical book by its trimmed \\h line', () => {
    expect(web().bookNames).toEqual({ 19: 'Psalms', 40: 'Matthew' });
  });

  it('falls back to \\toc2 for a book without an \\h line', () => {
    const result = read({
      'a.usfm': '\\id RUT\n\\toc1 The Book of Ruth\n\\toc2 Ruth \n\\c 1\n\\p\n\\v 1 In the days.\n',
    });
    expect(result.bookNames).toEqual({ 8: 'Ruth' });
  });

  it('orders verses by book, not by file name, and reads CRLF files', () => {
    const result = texts({
      'a.usfm': '\\id MAT\r\n\\c 1\r\n\\p\r\n\\v 1 The book\r\nof the genealogy.\r\n',
      'b.usfm': '\\id GEN\r\n\\c 1\r\n\\p\r\n\\v 1 In the beginning.\r\n',
    });
    expect(result).toEqual({ '1.1.1': 'In the beginning.', '40.1.1': 'The book of the genealogy.' });
    expect(Object.keys(result)).toEqual(['1.1.1', '40.1.1']);
  });

  it('leaves out verses that have no text', () => {
    // Luke 17:36 in WEB is a bare \v.
    expect(texts({ 'a.usfm': '\\id LUK\n\\c 17\n\\p\n\\v 35 Two women.\n\\v 36\n\\v 37 They answered.\n' })).toEqual({
      '42.17.35': 'Two women.',
      '42.17.37': 'They answered.',
    });
  });

  it('drops the prose paragraph after the last verse of a book: it is a subscription', () => {
    const habakkuk = [
      '\\id HAB',
      '\\c 3',
      '\\q',
      '\\v 18 yet I will rejoice in Yahweh. ',
      '\\q',
      '\\v 19 Yahweh, the Lord, is my strength. ',
      '\\q2 He enables me to go in high places. ',
      '\\p For the music director, on my stringed instruments. ',
      '',
    ].join('\n');
    expect(texts({ 'a.usfm': habakkuk })).toEqual({
      '35.3.18': 'yet I will rejoice in Yahweh.',
      '35.3.19': 'Yahweh, the Lord, is my strength. He enables me to go in high places.',
    });
  });

  it('keeps a prose paragraph inside the book and the poetry after the last verse', () => {
    const jude =
      '\\id JUD\n\\c 1\n\\p\n\\v 1 Jude, a servant.\n\\p And a brother.\n\\v 2 Mercy to you.\n\\q and peace\n';
    expect(texts({ 'a.usfm': jude })).toEqual({
      '65.1.1': 'Jude, a servant. And a brother.',
      '65.1.2': 'Mercy to you. and peace',
    });
  });

  it('drops printed verse numbers, the plural-you mark and markers glued to words, keeping the words', () => {
    const book = [
      '\\id GEN',
      '\\c 1',
      '\\p',
      '\\v 1 \\vp 1a\\vp* O you⌃ fountains,',
      '\\v 2 the \\nd Lord\\nd* of \\k Hosts\\k*; cedar\\f + \\ft a tree\\f*tree, saying,\\f + \\ft note\\f*Beware.',
      '\\v 3 he said;\\x + \\xo 1:3 \\xt Jn 1:1\\x* \\+add nested\\+add* end',
      '',
    ].join('\n');
    expect(texts({ 'a.usfm': book })).toEqual({
      '1.1.1': 'O you fountains,',
      '1.1.2': 'the Lord of Hosts; cedar tree, saying, Beware.',
      '1.1.3': 'he said; nested end',
    });
  });

  it('keeps a title that carries markup in front of verse 1, and drops headings, speakers and comments', () => {
    const book = [
      '\\id PSA',
      '\\c 4',
      '\\d For the Chief Musician; on stringed instruments. \\add A Psalm\\add* by David.',
      '\\sp David',
      '\\q',
      '\\v 1 Answer me when I call.',
      '\\rem a comment',
      '\\b',
      '\\q2 Give me relief.',
      '',
    ].join('\n');
    expect(texts({ 'a.usfm': book })).toEqual({
      '19.4.1':
        'For the Chief Musician; on stringed instruments. A Psalm by David. Answer me when I call. Give me relief.',
    });
  });
});

// The 1611 files carry their own slips (stray characters that the adapter must remove, each a fixed
// number of times), so a 1611 folder must hold every verse those fixes name.
const KJV1611 = {
  '02_EXO_KJB-1611.USFM': [
    '\\id EXO',
    '\\h Exodus',
    '\\cl CHAP.',
    '\\c 29',
    '\\iex 1 The sacrifice.',
    '\\v 42 \\add This shall be\\add* a continuall burnt offering} at the doore.',
    '\\v 46 And they} shall know that I am the \\nd LORD\\nd*} their God.',
    '\\c 30',
    '\\v 1 ¶ And thou shalt make an Altar} to burne incense vpon.',
    '\\v 8 And when Aaron lighteth the lampes} at euen.',
    '',
  ].join('\n'),
  '12_2KI_KJB-1611.USFM': '\\id 2KI\n\\h 2. Kings\n\\c 5\n\\v 19 *And he said vnto him, Goe in peace.\n',
  '18_JOB_KJB-1611.USFM': '\\id JOB\n\\h Iob\n\\c 39\n\\v 20 \\Canst thou make him afraid as a grashopper?\n',
  '19_PSA_KJB-1611.USFM': [
    '\\id PSA',
    '\\usfm 3.0',
    '\\ide UTF-8',
    '\\h Psalmes',
    '\\toc1 Psalmes',
    '\\mt1 ¶ T H E   B O O K E   O F',
    '\\mt1 Psalmes.',
    '\\ie',
    '\\cl CHAP.',
    '\\c 1',
    '\\iex 1 The happinesse of the godly.',
    '\\v 1 ¶ Blessed \\x + \\xo 1:1 \\xt Prou.4.14.\\x*\\add is\\add* the man that walketh not in the counsell of the \\f + \\fr 1:1 \\ft Or, wicked.\\f*vngodly.',
    '\\c 18',
    '\\d ¶ To the chiefe Musician, \\add A Psalme\\add* of Dauid the seruant of the \\nd LORD\\nd*. And he said,] I will loue thee, O \\nd LORD\\nd*, my strength.',
    '\\v 2 The \\nd LORD\\nd* \\add is\\add* my rocke.',
    '\\c 19',
    '\\d ¶ \\x + \\xo 19:1 \\xt Gen.1.6.\\x*To the chiefe Musician, A Psalme of Dauid.',
    '\\v 1 The heauens declare the glory of God.',
    '',
  ].join('\n'),
  '17_EST_KJB_1611.USFM':
    '\\id EST\n\\h Esther\n\\c 2\n\\v 21 In those dayes \\f + \\fr 2:21 \\ft Or, threshold.\\*while Mordecai sate, y\\sup e\\sup* keepers.\n',
  'A0_FRT_KJB-1611.USFM': '\\id FRT\n\\h Preface\n\\p THE TRANSLATORS TO THE READER.\n',
  '68_TOB_KJB-1611.USFM': '\\id TOB\n\\h Tobit\n\\c 1\n\\v 1 The booke of the words of Tobit.\n',
};

describe('readUsfmFolder on 1611-style books', () => {
  it('removes the stray characters, splits Ps 18:1 out of its title and cleans pilcrows and notes', () => {
    expect(texts(KJV1611)).toEqual({
      '2.29.42': 'This shall be a continuall burnt offering at the doore.',
      '2.29.46': 'And they shall know that I am the LORD their God.',
      '2.30.1': 'And thou shalt make an Altar to burne incense vpon.',
      '2.30.8': 'And when Aaron lighteth the lampes at euen.',
      '12.5.19': 'And he said vnto him, Goe in peace.',
      '17.2.21': 'In those dayes while Mordecai sate, ye keepers.',
      '18.39.20': 'Canst thou make him afraid as a grashopper?',
      '19.1.1': 'Blessed is the man that walketh not in the counsell of the vngodly.',
      '19.18.1':
        'To the chiefe Musician, A Psalme of Dauid the seruant of the LORD. And he said, I will loue thee, O LORD, my strength.',
      '19.18.2': 'The LORD is my rocke.',
      '19.19.1': 'To the chiefe Musician, A Psalme of Dauid. The heauens declare the glory of God.',
    });
  });

  it('names the books by their \\h lines, skipping the preface and the apocrypha', () => {
    expect(read(KJV1611).bookNames).toEqual({ 2: 'Exodus', 12: '2. Kings', 17: 'Esther', 18: 'Iob', 19: 'Psalmes' });
  });

  it('fails when a stray character is not there as often as expected', () => {
    const exodus = KJV1611['02_EXO_KJB-1611.USFM'].replace('the \\nd LORD\\nd*}', 'the \\nd LORD\\nd*');
    expect(failure({ ...KJV1611, '02_EXO_KJB-1611.USFM': exodus })).toEqual(
      '02_EXO_KJB-1611.USFM 29:46: expected 2 stray "}", found 1',
    );
  });

  it('fails when a stray character expected at the start of a verse is elsewhere', () => {
    const kings = '\\id 2KI\n\\c 5\n\\v 19 And he said *vnto him.\n';
    expect(failure({ ...KJV1611, '12_2KI_KJB-1611.USFM': kings })).toEqual(
      '12_2KI_KJB-1611.USFM 5:19: expected a stray "*" at the start',
    );
  });

  it('fails when the verse of a fix is missing', () => {
    const { '18_JOB_KJB-1611.USFM': _job, ...withoutJob } = KJV1611;
    expect(failure(withoutJob)).toEqual('KJV 1611 fix for 18 39:20 found no verse');
  });

  it('applies the 1611 fixes only to a folder of 1611 files', () => {
    // A WEB folder keeps a "}" that the 1611 fix for the same verse would remove.
    expect(texts({ '03-EXOeng-web.usfm': '\\id EXO\n\\c 29\n\\p\n\\v 42 a } b\n' })).toEqual({ '2.29.42': 'a } b' });
  });
});

describe('readUsfmFolder on bad input', () => {
  const book = (lines: string[]) => ({ 'x.usfm': ['\\id GEN', ...lines, ''].join('\n') });

  it('names the file and line of a structural error', () => {
    expect(failure(book(['\\p', '\\v 1 In the beginning']))).toEqual('x.usfm line 3: \\v 1 before the first \\c');
    expect(failure(book(['\\c one']))).toEqual('x.usfm line 2: malformed \\c "one"');
    expect(failure(book(['\\c 1', '\\v a verse']))).toEqual('x.usfm line 3: malformed \\v " a verse\n"');
    expect(failure(book(['\\c 1', '\\v 1 a', '\\v 1 b']))).toEqual('x.usfm line 4: verse 1:1 appears twice');
    expect(failure(book(['\\c 1', '\\p Some words', '\\v 1 a']))).toEqual(
      'x.usfm line 3: text outside any verse: "Some words"',
    );
    expect(failure(book(['\\c 1', '\\v 1 a', '\\zz custom']))).toEqual('x.usfm line 4: unknown USFM marker \\zz');
  });

  it('fails on a Psalm title with no verse 1 after it, in the next chapter or at the end of the book', () => {
    const psalm = (lines: string[]) => ({ 'p.usfm': ['\\id PSA', ...lines, ''].join('\n') });
    expect(failure(psalm(['\\c 3', '\\d A Psalm.', '\\c 4', '\\v 1 a']))).toEqual(
      'p.usfm line 4: Psalm title of chapter 3 has no verse 1',
    );
    expect(failure(psalm(['\\c 3', '\\d A Psalm.']))).toEqual('p.usfm (end): Psalm title of chapter 3 has no verse 1');
    expect(failure(psalm(['\\c 3', '\\d \\f + \\ft only a note\\f*', '\\v 1 a']))).toEqual(
      'p.usfm 3:1: Psalm title or its verse 1 is empty',
    );
  });

  it('names the verse of a markup error inside the text', () => {
    expect(failure(book(['\\c 1', '\\v 1 cost 5\\ each']))).toEqual('x.usfm 1:1: stray backslash in "\\ each\n"');
    // An uppercase letter after a backslash is no marker (only the 1611 Job 39:20 slip is fixed).
    expect(failure(book(['\\c 1', '\\v 1 \\Canst thou']))).toEqual('x.usfm 1:1: stray backslash in "\\Canst thou\n"');
    expect(failure(book(['\\c 1', '\\v 1 a \\ft loose note part']))).toEqual('x.usfm 1:1: unexpected USFM marker \\ft');
    expect(failure(book(['\\c 1', '\\v 1 a \\f + \\ft never closed']))).toEqual('x.usfm 1:1: \\f note is never closed');
  });

  it('fails when two files hold the same book', () => {
    expect(
      failure({ 'a.usfm': '\\id GEN\n\\c 1\n\\p\n\\v 1 a\n', 'b.usfm': '\\id GEN\n\\c 2\n\\p\n\\v 1 b\n' }),
    ).toEqual('b.usfm: book 1 was already read from another file');
  });
});
