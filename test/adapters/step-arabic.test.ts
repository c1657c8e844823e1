// The SVD adapter against the real corpus (verses rebuilt from STEPBible word rows), plus its refusal
// of malformed blocks on small synthetic files.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readStepArabic } from '../../compiler/adapters/step-arabic.ts';
import { BOOKS } from '../../sources/books.ts';

const corpus = resolve(process.env.BIBLE_SOURCES ?? join(import.meta.dirname, '..', '..', '..', 'shared', 'sources'));
const svd = readStepArabic({ path: join(corpus, 'bibles', 'svd'), kjvChapterVerses: [] });
const texts = new Map(svd.verses.map((v) => [`${v.book}.${v.chapter}.${v.verse}`, v.text]));
const text = (book: number, chapter: number, verse: number) => texts.get(`${book}.${chapter}.${verse}`);
// Expected Arabic strings are copied byte for byte from the source, which is not NFC: shadda comes
// before the short vowel (U+0651 U+064E). An editor that normalises will break these literals.

describe('svd', () => {
  it('rebuilds all 31,102 verse blocks, each with text', () => {
    expect(svd.verses).toHaveLength(31102);
  });

  it('keeps the source numbering in the four chapters that differ from KJV', () => {
    expect(text(12, 4, 43)).toBeDefined();
    expect(text(12, 4, 44)).toBeUndefined();
    expect(text(19, 72, 19)).toBeDefined();
    expect(text(19, 72, 20)).toBeUndefined();
    expect(text(54, 6, 22)).toBe('اَلنِّعْمَةُ مَعَكَ. آمِينَ.');
    expect(text(64, 1, 15)).toBeDefined();
  });

  it('joins the Arabic cells in word order, including rows that cover several words', () => {
    // Row "#01 - #02" holds two words; two Hebrew words have no Arabic row.
    expect(text(1, 1, 1)).toMatch(/^فِي الْبَدْءِ خَلَقَ اللهُ /);
    expect(text(1, 1, 1)).toBe('فِي الْبَدْءِ خَلَقَ اللهُ السَّمَاوَاتِ وَالأَرْضَ.');
  });

  it('produces clean text: Arabic only, single spaces, trimmed', () => {
    const bad = svd.verses.filter((v) => /[A-Za-z#\t]|\s\s|^\s|\s$/.test(v.text) || v.text === '');
    expect(bad.slice(0, 5)).toEqual([]);
  });

  it('lists verses in canonical order', () => {
    const keys = svd.verses.map((v) => v.book * 1e6 + v.chapter * 1e3 + v.verse);
    expect(keys.every((k, i) => i === 0 || k > keys[i - 1])).toBe(true);
  });

  it('reports the 138 verses with 141 untagged (missing) Arabic words', () => {
    const incomplete = svd.incomplete ?? [];
    expect(incomplete).toHaveLength(138);
    const missingWords = incomplete.reduce((n, i) => n + (i.reason.match(/#\d+/g)?.length ?? 0), 0);
    expect(missingWords).toBe(141);
    expect(incomplete).toContainEqual({ book: 40, chapter: 9, verse: 17, reason: 'Arabic word #16 missing in source' });
    expect(incomplete).toContainEqual({
      book: 66,
      chapter: 22,
      verse: 18,
      reason: 'Arabic words #14, #15 missing in source',
    });
    expect(incomplete.filter((i) => /#1\b/.test(i.reason))).toHaveLength(9);
  });
});

describe('svd: malformed input', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  /** 66 one-verse files in the SVD layout; `row` is the single word row of every verse. */
  function fakeCorpus(row: (book: number) => string): string {
    const dir = mkdtempSync(join(tmpdir(), 'svd-'));
    dirs.push(dir);
    for (const b of BOOKS) {
      const nn = String(b.testament === 'OT' ? b.number : b.number - 39).padStart(2, '0');
      const block = [
        `${b.step}.1.1`,
        '========>>>',
        'Ara W#\tArabic\tStrongs\tGreek\tLexicon\tGloss\tTransliteration\tGrammar\tGrk w#',
        row(b.number),
        '<<<========',
        '',
      ];
      writeFileSync(join(dir, `${b.testament}_${nn}_${b.step}.txt`), ['header line', '', ...block].join('\r\n'));
    }
    return dir;
  }
  const goodRow = '#01\tكَلِمَةٌ\tG3056\tλόγος\tλόγος\tword\tlogos\tN-NSM\t#01NKO';

  it('checks that every block was read', () => {
    const path = fakeCorpus(() => goodRow);
    expect(() => readStepArabic({ path, kjvChapterVerses: [] })).toThrow(/read 66 verse blocks, expected 31102/);
  });

  it('throws with the file and line of a malformed row', () => {
    const path = fakeCorpus((book) => (book === 40 ? '01\tكَلِمَةٌ\tG3056' : goodRow));
    expect(() => readStepArabic({ path, kjvChapterVerses: [] })).toThrow(
      /NT_01_Mat\.txt line 6: malformed verse block/,
    );
  });
});
