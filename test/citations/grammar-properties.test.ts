// One grammar, two operations: every citation GetParseCitation accepts that names existing verses is
// found, placed in random prose, by GetCitationsInText with the same verses. Also chapter lists and ranges
// across books, written in every supported style, found with their exact passages.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatVerseId } from '../../engine/core/ids.ts';
import { bookNameKey } from '../../engine/core/meta.ts';
import { bible } from '../helpers.ts';
import type { ResultOf } from '../../engine/core/typed.ts';

const b = await bible();
const chapterVerses = b.meta.versification.chapterVerses;
const books = b.meta.books;
const chaptersOf = (book: number) => chapterVerses[book - 1].length;
const versesOf = (book: number, chapter: number) => chapterVerses[book - 1][chapter - 1];

const WORDS = ['the', 'light', 'shines', 'in', 'darkness', 'we', 'read', 'it', 'again', 'tonight', 'hope'];
const prose = fc.array(fc.constantFrom(...WORDS), { minLength: 0, maxLength: 6 }).map((w) => w.join(' '));
/** What ends the phrase after a reference: prose after punctuation, as posts write it. */
const ENDINGS = ['.', ',', '!', ';', ')', ' —', '?'];

/** A row of GetCitationsInText, as the operation table types it. */
type Hit = ResultOf<'GetCitationsInText'>[number];

/** Every verse id the passages name, in order. */
function expand(passages: Hit['passages']): string[] {
  const out: string[] = [];
  const v = b.meta.versification;
  for (const p of passages) {
    const ordinal = (id: string) => v.ordinalOf(Number(id.slice(0, 2)), Number(id.slice(2, 5)), Number(id.slice(5, 8)));
    for (let o = ordinal(p.from); o <= ordinal(p.to); o++) out.push(String(v.idOf(o)).padStart(8, '0'));
  }
  return out;
}

/** Names the reader knows (the meta pack's name index; a few listed abbreviations, such as "So", are left out of it). */
const known = (name: string) => b.meta.nameIndex().has(bookNameKey(name));

/** The names a book is written with: its English and Spanish names and its English abbreviations. */
function namesOf(book: (typeof books)[number]): string[] {
  return [book.names.english, book.names.spanish, ...book.abbreviations.english].filter(
    (name, i, all) => name && known(name) && all.indexOf(name) === i,
  );
}

/** A verse list of one chapter written as people do, with the verses it names. */
const verseItems = (verses: number) =>
  fc
    .array(
      fc.record({
        from: fc.integer({ min: 1, max: verses }),
        length: fc.nat({ max: 4 }),
        part: fc.constantFrom('', '', '', 'a', 'b'),
        range: fc.constantFrom('-', '–', ' - ', ' to ', ' through ', '~'),
        list: fc.constantFrom(', ', ',', ' and ', ' & '),
      }),
      { minLength: 1, maxLength: 3 },
    )
    .map((items) => {
      // Ascending and apart, as a list is written.
      const out: { from: number; to: number; text: string }[] = [];
      let next = 1;
      for (const item of items) {
        const from = Math.max(item.from, next);
        const to = Math.min(verses, from + item.length);
        if (from > verses) break;
        const text = to > from ? `${from}${item.range}${to}${item.part}` : `${from}${item.part}`;
        out.push({ from, to, text: (out.length ? item.list : '') + text });
        next = to + 2;
      }
      return out;
    });

/** Ways of writing a chapter and its verses after a name. */
const LONE_STYLES: ((name: string, chapter: number, verses: string, spanish: boolean) => string | undefined)[] = [
  (n, c, v) => `${n} ${c}:${v}`,
  (n, c, v) => `${n} ${c}.${v}`,
  (n, c, v) => `${n}${c}:${v}`,
  (n, c, v) => `${n} ${c} : ${v}`,
  (n, c, v) => `${n} ${c}::${v}`,
  (n, c, v) => `${n} ${c} v ${v}`,
  (n, c, v) => `${n} ${c} vv. ${v}`,
  (n, c, v) => `${n} ${c}v${v}`,
  (n, c, v) => `${n} ${c} verse ${v}`,
  (n, c, v) => `${n} ${c}, verses ${v}`,
  (n, c, v) => `${n} chapter ${c} verse ${v}`,
  (n, c, v) => `${n} ch. ${c} v. ${v}`,
  (n, c, v) => `${n} verse ${c}:${v}`,
  (n, c, v) => `${n}: ${c}:${v}`,
  (n, c, v) => `${n} ${c};${v}`,
  (n, c, v) => `${n} ${c} ${v}`,
  (n, c, v, spanish) => (spanish ? `${n} ${c},${v}` : undefined),
  (n, c) => `${n} ${c}`,
  (n, c) => `${n} chap ${c}`,
];

describe('one grammar: what GetParseCitation accepts, GetCitationsInText finds with the same verses', () => {
  const citation = fc
    .record({
      book: fc.constantFrom(...books),
      nameSeed: fc.nat(),
      chapterSeed: fc.nat(),
      style: fc.nat({ max: LONE_STYLES.length - 1 }),
      itemsSeed: fc.nat(),
      before: prose,
      ending: fc.constantFrom(...ENDINGS),
      after: prose,
    })
    .chain((p) => {
      const chapter = 1 + (p.chapterSeed % chaptersOf(p.book.number));
      return verseItems(versesOf(p.book.number, chapter)).map((items) => ({ ...p, chapter, items }));
    });

  it('finds every accepted citation in prose, with the same verses', async () => {
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(citation, async (p) => {
        const names = namesOf(p.book);
        const name = names[p.nameSeed % names.length];
        const spanish = name === p.book.names.spanish && name !== p.book.names.english;
        const verses = p.items.map((i) => i.text).join('');
        // "Jude 3" is a verse of a one-chapter book: write its chapter as 1 and the verses after a colon.
        const written = LONE_STYLES[p.style](name, p.chapter, verses, spanish);
        if (written === undefined) return;
        let lone: { verseIds: string[] };
        try {
          lone = await b.GetParseCitation({ citation: written });
        } catch {
          return; // forms a lone citation refuses are not part of the property
        }
        checked++;
        const text = `${p.before}${p.before ? ' ' : ''}${written}${p.ending} ${p.after}`;
        const hits: Hit[] = await b.GetCitationsInText({ text });
        expect(hits.map((h) => h.match)).toEqual([written]);
        // verseIds lists each verse once ("Judas 1,1" names verse 1 twice); the passages may repeat one.
        expect([...new Set(expand(hits[0].passages))]).toEqual(lone.verseIds);
      }),
      { numRuns: 600 },
    );
    // The property is about accepted citations: most generated ones must be.
    expect(checked).toBeGreaterThan(400);
  });
});

describe('chapter lists', () => {
  const multiChapter = books.filter((book) => chaptersOf(book.number) > 3);
  const list = fc.record({
    book: fc.constantFrom(...multiChapter),
    nameSeed: fc.nat(),
    seeds: fc.array(fc.nat(), { minLength: 2, maxLength: 5 }),
    separators: fc.array(fc.constantFrom(', ', ',', ' & ', '&', ' and ', '/', '; '), { minLength: 4, maxLength: 4 }),
    before: prose,
    ending: fc.constantFrom(...ENDINGS),
    after: prose,
  });

  it('reads every chapter of a list after one name, in order', async () => {
    await fc.assert(
      fc.asyncProperty(list, async (p) => {
        const names = [p.book.names.english, ...p.book.abbreviations.english].filter(known);
        const name = names[p.nameSeed % names.length];
        const chapters = [...new Set(p.seeds.map((s) => 1 + (s % chaptersOf(p.book.number))))];
        const written = `${name} ${chapters.map((c, i) => (i ? p.separators[i - 1] : '') + c).join('')}`;
        const text = `${p.before}${p.before ? ' ' : ''}${written}${p.ending} ${p.after}`;
        const hits: Hit[] = await b.GetCitationsInText({ text });
        expect(hits.map((h) => h.match)).toEqual([written]);
        expect(hits[0].passages).toEqual(
          chapters.map((c) => ({
            from: formatVerseId(p.book.number, c, 1),
            to: formatVerseId(p.book.number, c, versesOf(p.book.number, c)),
          })),
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe('ranges across books', () => {
  const range = fc.record({
    first: fc.integer({ min: 1, max: 65 }),
    span: fc.integer({ min: 1, max: 4 }),
    startSeed: fc.nat(),
    endSeed: fc.nat(),
    withVerses: fc.boolean(),
    abbreviated: fc.boolean(),
    mark: fc.constantFrom('-', ' - ', '–', ' – ', ' to ', ' through ', '- '),
    before: prose,
    ending: fc.constantFrom(...ENDINGS),
    after: prose,
  });

  it('names both books and every verse between the two ends', async () => {
    await fc.assert(
      fc.asyncProperty(range, async (p) => {
        const b1 = p.first;
        const b2 = Math.min(66, b1 + p.span);
        const name = (n: number) =>
          p.abbreviated && books[n - 1].abbreviations.english.some(known)
            ? (books[n - 1].abbreviations.english.find(known) as string)
            : books[n - 1].names.english;
        const c1 = 1 + (p.startSeed % chaptersOf(b1));
        const c2 = 1 + (p.endSeed % chaptersOf(b2));
        const v1 = 1 + (p.startSeed % versesOf(b1, c1));
        const v2 = 1 + (p.endSeed % versesOf(b2, c2));
        const written = p.withVerses
          ? `${name(b1)} ${c1}:${v1}${p.mark}${name(b2)} ${c2}:${v2}`
          : `${name(b1)} ${c1}${p.mark}${name(b2)} ${c2}`;
        const text = `${p.before}${p.before ? ' ' : ''}${written}${p.ending} ${p.after}`;
        const hits: Hit[] = await b.GetCitationsInText({ text });
        expect(hits.map((h) => h.match)).toEqual([written]);
        expect(hits[0].bookId).toBe(String(b1).padStart(2, '0'));
        expect(hits[0].endBookId).toBe(String(b2).padStart(2, '0'));
        const from = formatVerseId(b1, c1, p.withVerses ? v1 : 1);
        const to = formatVerseId(b2, c2, p.withVerses ? v2 : versesOf(b2, c2));
        const verses = expand(hits[0].passages);
        expect([verses[0], verses[verses.length - 1]]).toEqual([from, to]);
        const v = b.meta.versification;
        const ordinal = (id: string) =>
          v.ordinalOf(Number(id.slice(0, 2)), Number(id.slice(2, 5)), Number(id.slice(5, 8)));
        expect(verses.length).toBe(ordinal(to) - ordinal(from) + 1);
      }),
      { numRuns: 300 },
    );
  });
});
