// The USFM adapter against the real corpus: kjv1611 (1611 spelling, several transcription defects) and
// web (wrapped lines, poetry, Rom 14 doxology).
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readKjvChapterVerses } from '../../compiler/adapters/kjv-versification.ts';
import type { TranslationText } from '../../compiler/adapters/types.ts';
import { readUsfmFolder } from '../../compiler/adapters/usfm.ts';

const corpus = resolve(process.env.BIBLE_SOURCES ?? join(import.meta.dirname, '..', '..', '..', 'shared', 'sources'));
const kjvChapterVerses = readKjvChapterVerses(join(corpus, 'bibles', 'kjv1611'));
const kjv1611 = readUsfmFolder({ path: join(corpus, 'bibles', 'kjv1611'), kjvChapterVerses });
const web = readUsfmFolder({ path: join(corpus, 'bibles', 'web'), kjvChapterVerses });

/** Verse lookup by book number, chapter, verse. */
function byRef(t: TranslationText): (book: number, chapter: number, verse: number) => string | undefined {
  const map = new Map(t.verses.map((v) => [`${v.book}.${v.chapter}.${v.verse}`, v.text]));
  return (book, chapter, verse) => map.get(`${book}.${chapter}.${verse}`);
}
const kjv = byRef(kjv1611);
const weng = byRef(web);

/** The title blocks a verse's markup puts around its text, as [at, kind, words]. */
function titleBlocks(t: TranslationText, book: number, chapter: number, verse: number) {
  const record = t.verses.find((v) => v.book === book && v.chapter === chapter && v.verse === verse);
  return (record?.markup?.blocks ?? []).flatMap(({ at, block }) =>
    block.type === 'title'
      ? [[at, block.kind, block.content.map((i) => (i.type === 'text' ? i.text : '')).join('')]]
      : [],
  );
}
const allTitleBlocks = (t: TranslationText, kind: string) =>
  t.verses.flatMap((v) =>
    (v.markup?.blocks ?? []).filter((b) => b.block.type === 'title' && b.block.kind === kind).map(() => v),
  );

describe.each([
  ['kjv1611', kjv1611],
  ['web', web],
])('%s: clean text', (_name, t) => {
  it('has no markup, notes, pilcrows or stray whitespace left', () => {
    const bad = t.verses.filter((v) => /[\\¶⌃+*{}]|\s\s|^\s|\s$|\t|\n/.test(v.text) || v.text === '');
    expect(bad.slice(0, 5)).toEqual([]);
  });

  it('lists verses in canonical order, each once', () => {
    const keys = t.verses.map((v) => v.book * 1e6 + v.chapter * 1e3 + v.verse);
    expect(keys.every((k, i) => i === 0 || k > keys[i - 1])).toBe(true);
  });

  it('never glues two words where a note was removed', () => {
    expect(t.verses.filter((v) => /[a-z][,;:.!?][A-Za-z]/.test(v.text)).map((v) => v.text)).toEqual([]);
  });
});

describe('kjv1611', () => {
  it('fills every slot of the KJV table (31,102 verses, Ps 18:1 and 54:1 recovered)', () => {
    expect(kjv1611.verses).toHaveLength(31102);
    const missing: string[] = [];
    kjvChapterVerses.forEach((chapters, b) => {
      chapters.forEach((count, c) => {
        for (let v = 1; v <= count; v++) if (!kjv(b + 1, c + 1, v)) missing.push(`${b + 1} ${c + 1}:${v}`);
      });
    });
    expect(missing).toEqual([]);
  });

  it('reads Gen 1:1 without its cross reference', () => {
    expect(kjv(1, 1, 1)).toBe('In the beginning God created the Heauen, and the Earth.');
  });

  it('keeps the words of \\add, \\nd (as printed) and joins \\sup letters', () => {
    expect(kjv(1, 1, 2)).toContain('darkenesse was vpon');
    expect(kjv(1, 2, 4)).toContain('the LORD God made');
    expect(kjv(43, 3, 16)).toContain('For God so loued ye world');
  });

  it('puts the Psalm title in front of verse 1', () => {
    expect(kjv(19, 23, 1)).toBe('A Psalme of Dauid. The LORD is my shepheard, I shall not want.');
    expect(kjv(19, 3, 1)).toMatch(/^A Psalme of Dauid when he fled from Absalom his sonne\. LORD, how/);
  });

  it('splits Ps 18:1 and 54:1 out of the title line at the "]"', () => {
    expect(kjv(19, 18, 1)).toMatch(/^To the chiefe musicion, a psalme of Dauid, the seruant of the LORD,/);
    expect(kjv(19, 18, 1)).toMatch(/And he said, I will loue thee, O LORD, my strength\.$/);
    expect(kjv(19, 54, 1)).toMatch(/^To the chiefe musician on Neginoth, Maschil, A Psalme of Dauid\./);
    expect(kjv(19, 54, 1)).toMatch(
      /hide himselfe with vs\? Saue me, O God, by thy name, and iudge me by thy strength\.$/,
    );
    expect(kjv(19, 18, 2)).toMatch(/^The LORD is my rocke/);
  });

  it('drops the Ps 119 acrostic headings (\\qa)', () => {
    expect(kjv(19, 119, 1)).toBe('Blessed are the vndefiled in the way: who walke in the Law of the LORD.');
    expect(kjv(19, 119, 8)).toBe('I will keepe thy statutes: O forsake me not vtterly.');
    expect(kjv1611.verses.filter((v) => v.book === 19 && v.chapter === 119 && /ALEPH|BETH|TAV/.test(v.text))).toEqual(
      [],
    );
  });

  it('removes the stray characters of the transcription', () => {
    for (const [c, v] of [
      [29, 42],
      [29, 46],
      [30, 1],
      [30, 8],
    ])
      expect(kjv(2, c, v)).not.toContain('}');
    expect(kjv(2, 29, 42)).toContain('before the LORD, where I wil meete you');
    expect(kjv(12, 5, 19)).toMatch(/^And he said vnto him, Go in peace\./);
    expect(kjv(18, 39, 20)).toMatch(/^Canst thou make him afraid as a grashopper\?/);
  });

  it('ends the Est 2:21 footnote at its malformed "\\*" closer without losing text', () => {
    expect(kjv(17, 2, 21)).toContain('chamberlens, Bigthan and Teresh, of those which kept the doore, were wroth');
  });

  it('separates words that a note stood between', () => {
    expect(kjv(10, 18, 12)).toContain('and Ittai, saying, Beware that none touch');
  });

  it('drops the Pauline subscriptions after the last verse', () => {
    expect(kjv(45, 16, 27)).toBe('To God, onely wise, bee glorie through Iesus Christ, for euer. Amen.');
    expect(kjv(57, 1, 25)).toBe('The grace of our Lord Iesus Christ be with your spirit. Amen.');
    expect(kjv(56, 3, 15)).toMatch(/Grace be with you all\. Amen\.$/);
    expect(kjv(58, 13, 25)).toBe('Grace be with you all. Amen.');
  });

  it('keeps the 14 Pauline subscriptions as title blocks after the last verse', () => {
    const subscriptions = allTitleBlocks(kjv1611, 'subscription');
    expect(subscriptions.map((v) => v.book)).toEqual([45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58]);
    expect(titleBlocks(kjv1611, 58, 13, 25)).toEqual([
      [kjv(58, 13, 25)!.length, 'subscription', 'Written to the Hebrewes, from Italy, by Timothie.'],
    ]);
  });

  it('returns the book names of the \\h lines', () => {
    expect(kjv1611.bookNames?.[1]).toBe('Genesis');
    expect(kjv1611.bookNames?.[19]).toBe('Psalmes');
    expect(Object.keys(kjv1611.bookNames ?? {})).toHaveLength(66);
  });
});

describe('web', () => {
  it('has 31,098 verses in its own numbering', () => {
    expect(web.verses).toHaveLength(31098);
    expect(weng(45, 14, 26)).toBe('to the only wise God, through Jesus Christ, to whom be the glory forever! Amen.');
    expect(weng(45, 16, 25)).toBeUndefined();
    expect(weng(45, 16, 24)).toBeDefined();
  });

  it('omits the empty verses', () => {
    for (const [b, c, v] of [
      [42, 17, 36],
      [44, 8, 37],
      [44, 15, 34],
      [44, 24, 7],
      [45, 16, 25],
    ]) {
      expect(weng(b, c, v), `${b} ${c}:${v}`).toBeUndefined();
    }
  });

  it('reads Gen 1:1 and John 3:16 without their footnotes', () => {
    expect(weng(1, 1, 1)).toBe('In the beginning, God created the heavens and the earth.');
    expect(weng(43, 3, 16)).toBe(
      'For God so loved the world, that he gave his one and only Son, that whoever believes in him should not perish, but have eternal life.',
    );
  });

  it('joins wrapped lines and poetry lines into one verse', () => {
    expect(weng(19, 1, 2)).toBe('but his delight is in Yahweh’s law. On his law he meditates day and night.');
  });

  it('keeps the words of \\wj, \\add and \\qs (Selah)', () => {
    expect(weng(40, 5, 3)).toBe('“Blessed are the poor in spirit, for theirs is the Kingdom of Heaven.');
    expect(weng(19, 3, 2)).toBe('Many there are who say of my soul, “There is no help for him in God.” Selah.');
  });

  it('puts the Psalm title in front of verse 1', () => {
    expect(weng(19, 23, 1)).toBe('A Psalm by David. Yahweh is my shepherd: I shall lack nothing.');
    expect(weng(19, 18, 1)).toMatch(
      /^For the Chief Musician\. By David the servant of Yahweh,.* He said, I love you, Yahweh, my strength\.$/,
    );
  });

  it('drops the Ps 119 acrostic letters (\\d inside the chapter)', () => {
    expect(weng(19, 119, 1)).toBe('Blessed are those whose ways are blameless, who walk according to Yahweh’s law.');
    expect(weng(19, 119, 8)).toBe('I will observe your statutes. Don’t utterly forsake me.');
    expect(weng(19, 119, 9)).toMatch(/^How can a young man/);
  });

  it('drops the subscription after Hab 3:19', () => {
    expect(weng(35, 3, 19)).toBe(
      'Yahweh, the Lord, is my strength. He makes my feet like deer’s feet, and enables me to go in high places.',
    );
  });

  it('keeps the 22 Ps 119 stanza letters as acrostic title blocks before their stanzas', () => {
    const stanzas = allTitleBlocks(web, 'acrostic');
    expect(stanzas.map((v) => `${v.book}.${v.chapter}.${v.verse}`)).toEqual(
      Array.from({ length: 22 }, (_, i) => `19.119.${i * 8 + 1}`),
    );
    expect(titleBlocks(web, 19, 119, 1)).toEqual([[0, 'acrostic', 'ALEPH']]);
    expect(titleBlocks(web, 19, 119, 169)).toEqual([[0, 'acrostic', 'TAV']]);
  });

  it('keeps the subscription after Hab 3:19 as a title block after the verse, the only one', () => {
    expect(titleBlocks(web, 35, 3, 19)).toEqual([
      [weng(35, 3, 19)!.length, 'subscription', 'For the music director, on my stringed instruments.'],
    ]);
    expect(allTitleBlocks(web, 'subscription')).toHaveLength(1);
  });

  it('returns the book names of the \\h lines', () => {
    expect(web.bookNames?.[66]).toBe('Revelation');
    expect(Object.keys(web.bookNames ?? {})).toHaveLength(66);
  });
});
