// The word index read off a text pack's word codes (text-index.ts) against buildPostings over the
// normalised verses, with the Unicode the shipped texts hold and much they do not: letters that
// normalise to an apostrophe (ʼ, ŉ) or to nothing (combining marks alone), apostrophe look-alikes that
// stay letters (ʻ ʹ ˈ ꞌ) or punctuation (′ ‛ ‚ ` ´), joiners, long separator runs the coder cuts into
// pieces, and scripts from Arabic to Thai. Then the engine end to end: in every shipped translation,
// GetSearchCount and GetSearch for words typed as users type them equal a whole-word scan.
import { readdirSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeText } from '../../engine/core/match.ts';
import { wordCodedBlocks } from '../../engine/core/pack/word-coding.ts';
import { DEFAULT_DATA_DIR } from '../../engine/node/loader.ts';
import { bible, callError, translationWithIndex } from '../helpers.ts';
import { asObject, codedIndex as indexOf, plainIndex, textPack } from './coded-index.ts';
import { hasWholeWord } from './whole-word-scan.ts';

/** The index read off the codes equals the one built from the normalised text, in one block and cut
 *  after every verse. */
function expectSameIndex(verses: string[]) {
  const want = asObject(plainIndex(verses));
  expect(asObject(indexOf(verses, []))).toEqual(want);
  expect(
    asObject(
      indexOf(
        verses,
        verses.map((_, i) => i),
      ),
    ),
  ).toEqual(want);
}

// Letters that normalise to an apostrophe (ʼ; ŉ to ʼn), the apostrophes proper, and look-alikes that stay
// letters (ʻ ʹ ʽ ˈ ꞌ) or separate words (′ ‛ ‚ ` ´ ″).
const APOSTROPHE_LIKE = ['ʼ', 'ŉ', "'", '’', '‘', '＇', 'ʻ', 'ʹ', 'ʽ', 'ˈ', 'ꞌ', '′', '‛', '‚', '`', '´', '″'];
// Characters that normalise to nothing: a combining mark alone is a word entry, the others separators.
const VANISHING = [
  '\u0301',
  '\ufe0f',
  '\u{e0100}',
  '\u200d',
  '\u200c',
  '\u00ad',
  '\u2060',
  '\ufeff',
  '\u0640',
  '\u200e',
];

describe('apostrophe-like letters in every position', () => {
  // X stands for the character under test.
  const TEMPLATES = [
    'X',
    'XX',
    'Xword',
    'woXrd',
    'wordX',
    'wordXX',
    'word X',
    'word XX',
    'X word',
    'word X word',
    'wordX word',
    '12X',
    '12Xs',
    '½X',
    'é\u0301X',
    'e\u0301Xs',
    '\u0301X',
    'a \u0301X',
    '一 X',
    '一X',
    'aX\u200db',
    'a\u200dXb',
    'a\u00adX',
    'a\u2060X\u2060s',
    'a\ufeffXs',
    'a\u200cX',
    'a, Xb',
    '(X)',
    'Xa’',
    'aX’',
    'a’X',
    'a ’X b',
  ];
  it.each(APOSTROPHE_LIKE)('%s', (x) => {
    const verses = TEMPLATES.map((t) => t.replaceAll('X', x));
    expectSameIndex(verses);
    // At the start and end of a block, and with an empty verse before and after.
    expectSameIndex([`${x}lord${x}s`, '', `${x}`, `lord${x}`, '']);
  });

  it.each(VANISHING.map((z) => [z.codePointAt(0)!.toString(16).toUpperCase(), z]))('U+%s, which vanishes', (_, z) => {
    const verses = [z, `${z}${z}`, `a${z}b`, `a ${z} b`, `a${z}’s`, `a’${z}s`, `${z}’a`, `a ${z}’`, `ʼ${z}ʼ`, `1${z}ʼ`];
    expectSameIndex(verses);
  });
});

describe('scripts the translations hold and do not', () => {
  it.each([
    ['Arabic with marks and tatweel', ['وَقَالَ ٱللَّهُ', 'اللـــه،  أَنَّ؛ إِلَى', 'ﷲ ﷺ ﷻ', 'ﻗﺎﻝ ﻟﻪ', 'مَسْئُولٌ ؤ ئ ى ة']],
    ['Spanish accents', ['¿Amó Jehová?', 'AÑO año ano', 'u\u0308 ü Ü', '¡Oh! «Señor»']],
    ['Greek and Hebrew', ['ΣΟΦΟΣ σοφός', 'λόγος ὁ', 'ͺ ᾳ ΐ', 'בְּרֵאשִׁית', 'שָׁ א ALEPH']],
    ['CJK and Thai', ['太初有道', '一 二', 'ในปฐมกาล', 'กิน ข้าว']],
    ['Devanagari with virama', ['क्ष त्र', 'क्\u200dष', 'आदि में वचन था']],
    ['Hangul, syllables and jamo', ['태초에', '\u1100\u1161\u11a8 각', 'ᄀ ᅡ']],
    ['emoji, flags and variation selectors', ['👨‍👩‍👧 love', '🇺🇸🇬🇧', '❤️love', 'a👍🏽b', '✝︎ cross']],
    ['astral letters', ['𝐋𝐨𝐫𝐝 𝔏𝔬𝔯𝔡', '𐐀𐐨 𐐨', '𠀀𠀁', 'a𝐀’s']],
    ['case oddities', ['İstanbul ISTANBUL', 'ı I i', 'ß ẞ SS straße', 'ﬁnd ﬂ ﬀ', 'Ǆ ǅ ǆ']],
    ['full-width letters and digits', ['Ｌｏｒｄ＇ｓ', 'ＡＢＣ１２', '１＇ｓ']],
    ['fractions, superscripts, circled digits', ['½ ⅓ ²', 'x² 2²', '① ⑴ ⒈', '12½s', '℀ ℅ ㎏', 'ⅻ Ⅻ']],
    ['letters that decompose into separators', ['Ŀ ŀa ĿL', 'ŉ aŉ ŉŉ', 'ͺ aͺb', '\ufe70 a\ufc5eb']],
  ])('%s', (_, verses) => {
    expectSameIndex(verses);
  });

  it('separator runs the coder cuts into pieces, with apostrophes and joiners at the cuts', () => {
    const verses = [
      `a${'’'.repeat(61)}s`,
      `a${' '.repeat(59)}’b`,
      `a${'\u200d'.repeat(60)}’s`,
      `a${'1'.repeat(60)}’s`,
      `a${'.'.repeat(59)}\u200d’s`,
      `a${'\u00ad'.repeat(64)}ʼ`,
      `${'½'.repeat(70)}a`,
    ];
    expectSameIndex(verses);
    // A long run of empty verses is a separator run of newlines, also cut.
    expectSameIndex(['a’', ...Array<string>(130).fill(''), '’b', ...Array<string>(61).fill(''), 'ʼ']);
  });
});

describe('words longer than a dictionary entry holds (255 bytes)', () => {
  // Thai writes a clause without spaces, Chinese a sentence between its commas; a letter can carry any
  // number of marks. The coder once refused such a word, and with it the whole text.
  const verses = [
    `${'ในปฐมกาลพระเจ้าทรงเนรมิตสร้างฟ้าและแผ่นดิน'.repeat(3)} ok`,
    `${'太初有道道与神同在'.repeat(12)}，一`,
    `a${'\u0301'.repeat(130)}’s b${'\u0308'.repeat(300)}`,
    `${'ก'.repeat(60)}ʼ${'ข'.repeat(61)} ${'𝐀'.repeat(70)}’`,
  ];
  it('round-trip and give the index buildPostings gives', () => {
    const pack = textPack(verses, [1, 3]);
    const blocks = wordCodedBlocks(pack as never, (why) => new Error(why));
    const decoded = Array.from({ length: blocks.count }, (_, b) => new TextDecoder().decode(blocks.read(b)));
    expect(decoded.join('\n')).toBe(verses.join('\n'));
    expectSameIndex(verses);
  });
});

describe('the index equals buildPostings on generated Unicode verses', () => {
  const PIECES = [
    ...APOSTROPHE_LIKE,
    ...VANISHING,
    ' ',
    '  ',
    'a',
    'b',
    'lord',
    '1',
    '12',
    '²',
    '①',
    '½',
    '.',
    ',',
    '’’',
    'ʼʼ',
    'é',
    'e\u0301',
    '一',
    'क्ष',
    'ไทย',
    '\u1100\u1161',
    '👨‍👩‍👧',
    '🇺🇸',
    'İ',
    'ß',
    'ﬁ',
    'Ａ',
    '𝐀',
    'Σ',
    'ς',
    'שָׁ',
    'ٱ',
    'Ŀ',
    'ﷺ',
    'ͺ',
    '\t',
    '’'.repeat(61),
    '\u200d'.repeat(62),
    'ก'.repeat(59),
    '\u0301'.repeat(90),
  ];
  const verse = fc.array(fc.constantFrom(...PIECES), { maxLength: 10 }).map((parts) => parts.join(''));
  it('for any verses and block cuts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(verse, fc.constant('')), { minLength: 1, maxLength: 10 }),
        fc.array(fc.nat(10), { maxLength: 4 }),
        (verses, cuts) => {
          expect(asObject(indexOf(verses, cuts))).toEqual(asObject(plainIndex(verses)));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('searches in every shipped translation equal a whole-word scan', async () => {
  const b = await bible();
  const versions = readdirSync(DEFAULT_DATA_DIR)
    .map((name) => /^text-(.+)\.pack$/.exec(name)?.[1])
    .filter((v): v is string => v !== undefined)
    .sort();

  /** Queries for a word of the text, typed the ways users type it. */
  function typings(word: string): string[] {
    const out = new Set([
      word,
      word.toUpperCase(),
      word.normalize('NFD'),
      word.normalize('NFD').replace(/\p{M}/gu, ''),
    ]);
    for (const apostrophe of ["'", '’', 'ʼ', '＇', '‘'])
      out.add(word.replace(/['’ʼ＇‘]/g, apostrophe)).add(`${word}${apostrophe}`);
    out
      .add(word.replace(/['’ʼ＇‘].*/, ''))
      .add(`’${word}`)
      .add(`${word}\u200d`)
      .add(`\u00ad${word}\ufeff`);
    // A word the text opens with an apostrophe ('tis) leaves nothing before it: not a query.
    return [...out].filter((q) => q.trim());
  }

  it.each(versions)('%s', async (versionId) => {
    const { text } = translationWithIndex(versionId, b.meta.versification);
    const normalized: string[] = [];
    for (let i = 0; i < text.size; i++) normalized.push(normalizeText(text.textAt(i)));
    // Words with a character beyond ASCII or an apostrophe, a spread of them, and their two-word phrases.
    const words = new Set<string>();
    const phrases = new Set<string>();
    for (let i = 0; i < text.size; i++) {
      const parts = text.textAt(i).split(/[\s,.;:!?()"“”«»¿¡—–-]+/);
      parts.forEach((w, j) => {
        if (!/[^\x20-\x7e]|'/.test(w) || !normalizeText(w)) return;
        words.add(w);
        if (j + 1 < parts.length && normalizeText(parts[j + 1])) phrases.add(`${w} ${parts[j + 1]}`);
      });
    }
    const spread = <T>(all: Set<T>, n: number) =>
      [...all].filter((_, i) => i % Math.max(1, Math.ceil(all.size / n)) === 0);
    const queries = [...spread(words, 12).flatMap(typings), ...spread(phrases, 6), 'jesus’ feet', "LORD'S", 'ʼ', '’s'];
    const scanned = new Map<string, number[]>();
    const scan = (query: string) => {
      const q = normalizeText(query);
      let found = scanned.get(q);
      if (!found) {
        found = [];
        if (q) for (let i = 0; i < normalized.length; i++) if (hasWholeWord(normalized[i], q)) found.push(i);
        scanned.set(q, found);
      }
      return found;
    };
    for (const query of queries) {
      const want = scan(query);
      const { searchCount } = await b.call('GetSearchCount', { query, versionId });
      expect({ query, searchCount }).toEqual({ query, searchCount: want.length });
    }
    // The rows themselves, for a few queries.
    for (const query of queries.slice(0, 8)) {
      const rows = (await b.call('GetSearch', { query, versionId })) as { t: string }[];
      expect(rows.map((r) => normalizeText(r.t))).toEqual(scan(query).map((i) => normalized[i]));
    }
  });
});

describe("GetSearchAdvanced's two-character minimum counts what a reader sees", () => {
  it('an emoji with a skin tone, a ZWJ family or a flag is one character; a joiner or soft hyphen none', async () => {
    for (const query of ['👍🏽', '👨‍👩‍👧', '🇺🇸', '❤️', '\u200da', 'a\u00ad', '\u200b\u200b', 'e\u0301\u200d']) {
      const error = await callError('GetSearchAdvanced', { query });
      expect(error.param).toBe('query');
      expect(error.message).toMatch(/at least 2 characters/);
    }
    const b = await bible();
    for (const query of ['🇺🇸🇬🇧', '👍🏽👍', 'a\u200db', 'क्ष', 'ʼa'])
      expect(await b.call('GetSearchAdvanced', { query, matchType: 'broad', limit: '1' })).toBeInstanceOf(Array);
  });
});
