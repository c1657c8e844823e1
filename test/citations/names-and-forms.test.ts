// Book names readers write beyond the corpus's name lists (compiler/builders/supplementary-names.ts), the
// Arabic abbreviations that differ only by the hamza on waw, and the full-width digits and punctuation
// of CJK input methods, in both operations; and the words among the new names that stay prose.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SUPPLEMENTARY_NAMES } from '../../compiler/builders/supplementary-names.ts';
import { bookNameKey } from '../../engine/core/meta.ts';
import { bookByOsis } from '../../sources/books.ts';
import { bible, callError } from '../helpers.ts';
import type { ResultOf } from '../../engine/core/typed.ts';

const b = await bible();
const chapterVerses = b.meta.versification.chapterVerses;

/** A row of GetCitationsInText, as the operation table types it. */
type Hit = ResultOf<'GetCitationsInText'>[number];
const find = async (text: string): Promise<Hit[]> => (await b.GetCitationsInText({ text })) as Hit[];
const pad = (n: number) => String(n).padStart(2, '0');

const added = SUPPLEMENTARY_NAMES.flatMap(({ language, names }) =>
  Object.entries(names).flatMap(([osis, list]) =>
    list.map((name) => ({ language, name, book: bookByOsis.get(osis)!.number })),
  ),
);

describe('names the lists lack', () => {
  it('every supplementary name is in the name index, as its own book', () => {
    expect(added.length).toBeGreaterThan(40);
    for (const { name, book } of added) expect([name, b.meta.nameIndex().get(bookNameKey(name))]).toEqual([name, book]);
  });

  for (const { language, name, book } of added) {
    // Chapter 1, verse 3 exists in every book, the single-chapter ones too.
    const citation = `${name} 1:3`;
    it(`${language} ${JSON.stringify(name)} in GetParseCitation and GetCitationsInText`, async () => {
      const lone = await b.GetParseCitation({ citation });
      expect([lone.bookId, lone.verseIds]).toEqual([pad(book), [`${pad(book)}001003`]]);
      const text = `Lee ${citation} hoy.`;
      const hits = await find(text);
      expect(hits.map((h) => [h.match, h.bookId, h.bookName, h.start])).toEqual([[citation, pad(book), name, 4]]);
    });
  }

  // Each was an unknown book, or (in free text) a shorter name read inside it, before.
  const CASES: [written: string, verseId: string][] = [
    ['Song of Sol 2:4', '22002004'], // was "Sol 2:4" in free text
    ['Song of Sol. 2:4', '22002004'],
    ['Stgo 1:5', '59001005'],
    ['Stgo. 1:5', '59001005'],
    ['رومية 8:28', '45008028'],
    ['رؤيا 21:4', '66021004'],
    ['تكوين 1:1', '01001001'],
    ['1 يوحنا 4:8', '62004008'], // was John 4:8 in free text
    ['3 يوحنا 1:4', '64001004'],
    ['1 كورنثوس 13:4', '46013004'],
    ['2 ملوك 2:11', '12002011'],
    ['1تي 3:16', '54003016'], // was Titus in free text for "1 تي"
    ['Apocalypse 21:4', '66021004'],
    ['Revelation of John 21:4', '66021004'], // was John in free text
    ['Apocalipsis de Juan 21:4', '66021004'],
  ];
  for (const [written, verseId] of CASES) {
    it(`reads ${JSON.stringify(written)}`, async () => {
      expect((await b.GetParseCitation({ citation: written })).verseIds).toEqual([verseId]);
      const text = `Read ${written}, then pray.`;
      const hits = await find(text);
      expect(hits.map((h) => [h.match, h.start, h.passages])).toEqual([[written, 5, [{ from: verseId, to: verseId }]]]);
    });
  }

  it('tells رؤ (Revelation) from رو (Romans) and يؤ (Joel) from يو (John) by the hamza on waw', async () => {
    const ids = async (c: string) => (await b.GetParseCitation({ citation: c })).verseIds;
    expect(await ids('رؤ 21:4')).toEqual(['66021004']);
    expect(await ids('رو 8:28')).toEqual(['45008028']);
    expect(await ids('يؤ 2:28')).toEqual(['29002028']);
    expect(await ids('يو 3:16')).toEqual(['43003016']);
    // Vowel marks and the hamza on alif still fold away: أعمال is اعمال, رُؤْيَا is رؤيا.
    expect(await ids('اعمال 2:38')).toEqual(['44002038']);
    expect(await ids('رُؤْيَا 21:4')).toEqual(['66021004']);
    expect((await find('اقرأ رو 8:28 ثم رؤ 21:4')).map((h) => [h.match, h.bookId])).toEqual([
      ['رو 8:28', '45'],
      ['رؤ 21:4', '66'],
    ]);
  });

  it('leaves Ecclesiasticus unread', async () => {
    // "Ecclus" is Ecclesiasticus (Sirach), not Ecclesiastes.
    const error = await callError('GetParseCitation', { citation: 'Ecclus 3:1' });
    expect(error.message).toContain('unknown book');
    expect(await find('Ecclus 3:1 says so')).toEqual([]);
  });
});

describe('Arabic book names that are also words stay prose without a verse', () => {
  const PROSE = [
    'العدد 7 هو عدد الكمال', // "the number 7 is the number of perfection"
    'جامعة 6 أكتوبر', // a university's name
    'تكوين 3 فرق للعمل', // "forming 3 teams"
    'خروج 2 من الطلاب', // "2 students leaving"
    'أعمال 5 رجال', // "the works of 5 men"
    'قضاة 4 محاكم', // "judges of 4 courts"
  ];
  for (const text of PROSE)
    it(JSON.stringify(text), async () => {
      expect(await find(text)).toEqual([]);
    });

  it('reads them with a verse, or with the phrase ending at the chapter', async () => {
    expect((await find('عدد 6:24 بركة')).map((h) => h.match)).toEqual(['عدد 6:24']);
    expect((await find('اقرأ جامعة 3.')).map((h) => h.match)).toEqual(['جامعة 3']);
    expect((await b.GetParseCitation({ citation: 'عدد 6' })).chapterId).toBe('006');
  });
});

describe('full-width digits and punctuation', () => {
  const LONE: [written: string, verseIds: string[]][] = [
    ['John 3：16', ['43003016']],
    ['John ３:１６', ['43003016']],
    ['John 3:16，17', ['43003016', '43003017']],
    ['Rom ８:２８', ['45008028']],
    ['John ３：１６－１８', ['43003016', '43003017', '43003018']],
    ['Titus 2；1-5', ['56002001', '56002002', '56002003', '56002004', '56002005']],
    ['John 3:16～18', ['43003016', '43003017', '43003018']],
    ['رومية ８：２８', ['45008028']],
    // the ideographic comma and full stop of Chinese and Japanese text
    ['John 3:16、17', ['43003016', '43003017']],
    ['John ３：１６。', ['43003016']],
    // and their quotes and brackets around a reference
    ['「John 3:16」', ['43003016']],
    ['『Rom 8:28』', ['45008028']],
    ['【John 3:16-17】', ['43003016', '43003017']],
  ];
  for (const [written, verseIds] of LONE)
    it(`GetParseCitation ${JSON.stringify(written)}`, async () => {
      expect((await b.GetParseCitation({ citation: written })).verseIds).toEqual(verseIds);
    });

  it('GetCitationsInText gives offsets into the text as written', async () => {
    const text = '看 John ３：１６。Read Rom ８:２８ and John 3：16，17; also Ps ２３；１-３.';
    const hits = await find(text);
    expect(hits.map((h) => [h.match, h.bookId])).toEqual([
      ['John ３：１６', '43'],
      ['Rom ８:２８', '45'],
      ['John 3：16，17', '43'],
      ['Ps ２３；１-３', '19'],
    ]);
    for (const h of hits) expect(text.slice(h.start, h.end)).toBe(h.match);
    expect(hits[3].passages).toEqual([{ from: '19023001', to: '19023003' }]);
  });

  it('a full-width number alone, or with no book before it, is no reference', async () => {
    expect(await find('第３章１６節 and ３：１６ and 2０２４')).toEqual([]);
  });

  // Any reference written with ASCII digits and marks reads the same with any of them full-width.
  const FULL: Record<string, string> = { ':': '：', ',': '，', ';': '；', '-': '－', '~': '～' };
  const fullWidth = (s: string, mask: boolean[]) =>
    [...s]
      .map((ch, i) => {
        if (!mask[i % mask.length]) return ch;
        if (ch >= '0' && ch <= '9') return String.fromCharCode(ch.charCodeAt(0) + 0xfee0);
        return FULL[ch] ?? ch;
      })
      .join('');
  const NAMES = ['John', 'Gen', 'Romanos', 'Ps', '1 Cor', 'Juan', 'يوحنا', 'Song of Sol', 'رومية'];
  const reference = fc
    .record({
      name: fc.constantFrom(...NAMES),
      chapterPick: fc.nat(),
      versePick: fc.nat(),
      span: fc.nat({ max: 3 }),
      shape: fc.constantFrom('c:v', 'c:v-w', 'c:v,w', 'c:v~w', 'c', 'c;v'),
    })
    .map(({ name, chapterPick, versePick, span, shape }) => {
      const book = b.meta.nameIndex().get(bookNameKey(name))!;
      const chapter = 1 + (chapterPick % chapterVerses[book - 1].length);
      const last = chapterVerses[book - 1][chapter - 1];
      const verse = 1 + (versePick % last);
      const w = Math.min(last, verse + span);
      const written = shape
        .replace('c', String(chapter))
        .replace('v', String(verse))
        .replace('w', String(w))
        .replace(';', w === verse ? ':' : ';');
      return `${name} ${written}`;
    });

  it('reads every reference the same with full-width digits and marks (property)', async () => {
    await fc.assert(
      fc.asyncProperty(reference, fc.array(fc.boolean(), { minLength: 1, maxLength: 12 }), async (ascii, mask) => {
        const wide = fullWidth(ascii, mask);
        const parse = async (c: string) => b.GetParseCitation({ citation: c }).catch((e: Error) => e.message);
        const lone = await parse(ascii);
        const wideLone = await parse(wide);
        if (typeof lone === 'string') expect(typeof wideLone).toBe('string');
        else expect(wideLone).toEqual(lone);
        const text = `We read ${ascii} tonight.`;
        const wideText = `We read ${wide} tonight.`;
        const hits = await find(text);
        const wideHits = await find(wideText);
        expect(wideHits.map((h) => [h.start, h.end, h.bookId, h.passages])).toEqual(
          hits.map((h) => [h.start, h.end, h.bookId, h.passages]),
        );
        for (const h of wideHits) expect(wideText.slice(h.start, h.end)).toBe(h.match);
      }),
      { numRuns: 300 },
    );
  });
});
