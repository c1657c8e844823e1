// The book-info fields that open data gives by counting, each from one source (docs/study.md):
// original language (OSHB morphology, TAGNT), major characters (Strong's proper names counted in the
// tagged original words), key verses and linked books (OpenBible.info cross references and their votes),
// themes (the topics' Nave's verses) and structure (BSB section headings). Nothing here is prose. The
// engine joins them to the study pack's documented fields in GetBookInfo.
import { readOshb, type OshbVerse } from '../adapters/oshb.ts';
import { readTagnt, type TagntWord } from '../adapters/tagnt.ts';
import { readStrongsGreek, readStrongsHebrew, type StrongsEntry } from '../adapters/strongs.ts';
import { readCrossReferences, type CrossReference } from '../adapters/openbible-crossrefs.ts';
import { readSections, type Section } from '../adapters/curated-study.ts';
import { linesOf, parseRefs, readNaves } from '../adapters/naves-topical.ts';
import { TOPIC_SOURCES } from '../../sources/topics.ts';
import { BOOKS } from '../../sources/books.ts';
import type { Builder } from './context.ts';
import { englishBookNames, gridOf } from './study-common.ts';
import { sectionsOf } from '../pack/writer.ts';
import { BOOK_FACTS_PACK, type BookFacts } from '../../engine/core/pack/schemas.ts';
import { bookOf, chapterOf, verseOf } from '../../engine/core/ids.ts';

export const MAJOR_CHARACTERS = 8;
export const KEY_VERSES = 5;
export const THEMES = 8;
export const LINKED_BOOKS = 8;
/** A book whose words are at least this share Aramaic is "Hebrew and Aramaic" (Daniel, Ezra); the
 *  verse of Jeremiah 10:11 and the two words of Genesis 31:47 do not make their books bilingual. */
export const ARAMAIC_SHARE = 0.01;
/** A theme needs this many of the book's verses under the topic. */
export const THEME_MIN_VERSES = 2;

/** The Strong's numbers of an OSHB lemma ("b/7225", "1254 a", "c/853"). */
export function hebrewStrongs(lemma: string): number[] {
  return lemma
    .split('/')
    .filter((l) => /\d/.test(l))
    .map((l) => Number(/\d+/.exec(l)![0]));
}

/** Share of an OT book's words the OSHB morphology marks Aramaic (codes beginning "A"). */
export function aramaicShare(verses: OshbVerse[]): number {
  let words = 0;
  let aramaic = 0;
  for (const v of verses)
    for (const w of v.words) {
      words++;
      if (w.morph.startsWith('A')) aramaic++;
    }
  return words === 0 ? 0 : aramaic / words;
}

export function originalLanguage(testament: 'OT' | 'NT', share: number): string {
  if (testament === 'NT') return 'Greek';
  return share >= ARAMAIC_SHARE ? 'Hebrew and Aramaic' : 'Hebrew';
}

// Definitions that make a name also a people, a land or a place: "also of the tribe descended from the
// first, and of its territory" (Judah), "including his descendants" (Israel), "a region of Palestine".
const NOT_ONE_PERSON =
  /\b(?:tribe|posterity|descendants|territory|region|country|city|town|village|place|river|mountain|island|district|province|people|nation|inhabitants?|belonging to|native of|sea|lake|valley|brook|idol|deity|god|goddess|language|Palestine)\b/i;

// What makes a Greek capitalised lemma a person: Strong's Greek has no part of speech, but its person
// entries say who ("the name of four Israelites", "a Roman", "an apostle", "a Christian female"); a title
// ("Christ": "an epithet of Jesus"), a sect ("Pharisee") or a letter ("Omega") says no such thing, and
// a definition that opens with an article and gives no name describes a class: "a Christian, i.e.
// follower of Christ", "an Elamite or Persian" ("a (piece of) rock …; as a name, Petrus" is a name).
const GREEK_PERSON =
  /\b(?:name of|person|antediluvian|Mesopotamian|Israelites?|patriarch|apostle|Christians?|Roman|Greek|Jews?|Jewess|man|woman|females?|king|queen|prophet|priest|son|daughter|wife|disciple|emperor|governor|brother|sister|magician|Egyptian|Ethiopian|Macedonian|Corinthian|Cretan|Ephesian|Thessalonian|Derbean|Samaritan|Syrian|Cyrenian|Babylonian|Chaldæan|Philippian|Alexandrian|Elamite|Edomite|Canaanite|Hebrew|tetrarch|high-priest)\b/;

/**
 * The English name of a Strong's entry if the lexicon marks it as a person: in Hebrew a part of speech of
 * only n-pr-m / n-pr-f (not n-pr, which holds the divine names, nor n-pr-loc); in Greek a capitalised
 * lemma whose definition says who it is (GREEK_PERSON). Either way the definition must not make it a place
 * or a people. An Aramaic entry without a definition of its own ("corresponding to H3478") is read with
 * the definition of the entry it corresponds to (`definition`). The name is the KJV's rendering, its first
 * form ("Joseph. Compare H3084" -> "Joseph").
 */
export function personName(entry: StrongsEntry, definition = entry.definition): string | undefined {
  if (entry.language === 'greek') {
    const first = entry.word.normalize('NFD')[0] ?? '';
    if (first === first.toLowerCase() || !GREEK_PERSON.test(definition)) return undefined;
    if (/^(?:a|an|the)\b/i.test(definition) && !/\bname\b/.test(definition)) return undefined;
    // "Romæan, i.e. Roman (as noun)", "Judæan": Strong's spelling of a people's adjective.
    if (/^[A-Z]\w*æan\b/.test(definition)) return undefined;
  } else {
    const tags = entry.pos.split(/\s+/);
    if (!tags.every((t) => t === 'n-pr-m' || t === 'n-pr-f')) return undefined;
  }
  if (NOT_ONE_PERSON.test(definition)) return undefined;
  const name = entry.kjvUsage.split(/[.,;(]/)[0].trim();
  return /^[A-Z][A-Za-z-]*(?: [A-Z][A-Za-z-]*)*$/.test(name) ? name : undefined;
}

/** Each entry's person name (personName), by Strong's number. */
export function personNames(lexicon: StrongsEntry[]): Map<number, string | undefined> {
  const byId = new Map(lexicon.map((e) => [e.id, e]));
  return new Map(
    lexicon.map((e) => [e.number, personName(e, e.definition || (byId.get(e.roots[0] ?? '')?.definition ?? ''))]),
  );
}

/** Names counted, most frequent first (ties by name), at most `limit`. */
export function topNames(counts: Map<string, number>, limit: number): string[] {
  return [...counts]
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, limit)
    .map(([name]) => name);
}

/** Per book (index 0 = Genesis): occurrences of each person's name in the original words. */
export function personCounts(
  hebrew: OshbVerse[][],
  greek: TagntWord[],
  hebrewLexicon: StrongsEntry[],
  greekLexicon: StrongsEntry[],
): Map<string, number>[] {
  const hebrewNames = personNames(hebrewLexicon);
  const greekNames = personNames(greekLexicon);
  const counts = Array.from({ length: 66 }, () => new Map<string, number>());
  const count = (book: number, name: string | undefined) => {
    if (name) counts[book - 1].set(name, (counts[book - 1].get(name) ?? 0) + 1);
  };
  for (const verses of hebrew)
    for (const v of verses)
      for (const w of v.words) for (const n of hebrewStrongs(w.lemma)) count(v.book, hebrewNames.get(n));
  for (const w of greek) if (!w.subscription) for (const n of w.strongs) count(w.book, greekNames.get(n));
  return counts;
}

/** "John 3:16" */
export function verseReference(names: string[], verseId: number): string {
  return `${names[bookOf(verseId) - 1]} ${chapterOf(verseId)}:${verseOf(verseId)}`;
}

/**
 * Per book: its verses with the most votes of cross references from other books pointing at them (a
 * range target counts for its first verse), most voted first, ties in canonical order.
 */
export function keyVerses(references: CrossReference[], limit: number): number[][] {
  const votes = new Map<number, number>();
  for (const r of references)
    if (bookOf(r.from) !== bookOf(r.start)) votes.set(r.start, (votes.get(r.start) ?? 0) + r.votes);
  const perBook = Array.from({ length: 66 }, () => [] as [number, number][]);
  for (const [id, v] of votes) perBook[bookOf(id) - 1].push([id, v]);
  return perBook.map((list) =>
    list
      .sort(([a, x], [b, y]) => y - x || a - b)
      .slice(0, limit)
      .map(([id]) => id),
  );
}

export interface LinkedBook {
  book: number;
  votes: number;
  links: number;
}

/** Per book: the other books its verses' cross references point to, by total votes (ties by links, then
 *  canonical order). */
export function linkedBooks(references: CrossReference[], limit: number): LinkedBook[][] {
  const totals = Array.from({ length: 66 }, () => new Map<number, LinkedBook>());
  for (const r of references) {
    const from = bookOf(r.from);
    const to = bookOf(r.start);
    if (from === to) continue;
    const t = totals[from - 1].get(to) ?? { book: to, votes: 0, links: 0 };
    t.votes += r.votes;
    t.links++;
    totals[from - 1].set(to, t);
  }
  return totals.map((m) =>
    [...m.values()].sort((a, b) => b.votes - a.votes || b.links - a.links || a.book - b.book).slice(0, limit),
  );
}

export function connectionSentence(bookName: string, linked: LinkedBook[], names: string[]): string {
  if (linked.length === 0) return '';
  const parts = linked.map((l) => `${names[l.book - 1]} (${l.votes} votes, ${l.links} links)`);
  return `Most linked from ${bookName} by OpenBible.info cross-reference votes: ${parts.join(', ')}.`;
}

/**
 * Per book: the topics whose verses lean most towards it. A topic's lift in a book is the share of the
 * topic's verses in the book divided by the book's share of all verses; topics with at least
 * THEME_MIN_VERSES verses in the book and a lift above 1 are ranked by lift, then by verses, then name.
 */
export function themes(
  topics: { topic: string; verseIds: ReadonlySet<number> }[],
  versesPerBook: number[],
  limit: number,
): string[][] {
  const allVerses = versesPerBook.reduce((a, b) => a + b, 0);
  const scored = Array.from({ length: 66 }, () => [] as { topic: string; lift: number; verses: number }[]);
  for (const { topic, verseIds } of topics) {
    const inBook = new Array<number>(66).fill(0);
    for (const id of verseIds) inBook[bookOf(id) - 1]++;
    inBook.forEach((verses, i) => {
      if (verses < THEME_MIN_VERSES) return;
      const lift = verses / verseIds.size / (versesPerBook[i] / allVerses);
      if (lift > 1) scored[i].push({ topic, lift, verses });
    });
  }
  return scored.map((list) =>
    list
      .sort((a, b) => b.lift - a.lift || b.verses - a.verses || (a.topic < b.topic ? -1 : 1))
      .slice(0, limit)
      .map((t) => t.topic),
  );
}

/** "1:1–31", "1:1–2:3", "3:5" */
export function rangeText(start: number, end: number): string {
  const head = `${chapterOf(start)}:${verseOf(start)}`;
  if (end === start) return head;
  return chapterOf(end) === chapterOf(start) ? `${head}–${verseOf(end)}` : `${head}–${chapterOf(end)}:${verseOf(end)}`;
}

/** The book's outline, one heading a line: its level-0 headings where the BSB has them (the five books of
 *  Psalms), else its level-1 headings. */
export function structure(top: Section[], sections: Section[]): string {
  const list = top.length > 0 ? top : sections;
  return list.map((s) => `${s.title} (${rangeText(s.start, s.end)})`).join('\n');
}

export interface BookFactsInput {
  names: string[];
  testamentOf: (book: number) => 'OT' | 'NT';
  hebrew: OshbVerse[][];
  greek: TagntWord[];
  hebrewLexicon: StrongsEntry[];
  greekLexicon: StrongsEntry[];
  references: CrossReference[];
  topics: { topic: string; verseIds: ReadonlySet<number> }[];
  versesPerBook: number[];
  topSections: Section[];
  sections: Section[];
}

/** The counted fields of all 66 books, index 0 = Genesis. */
export function bookFacts(input: BookFactsInput): BookFacts[] {
  const people = personCounts(input.hebrew, input.greek, input.hebrewLexicon, input.greekLexicon);
  const key = keyVerses(input.references, KEY_VERSES);
  const linked = linkedBooks(input.references, LINKED_BOOKS);
  const bookThemes = themes(input.topics, input.versesPerBook, THEMES);
  return input.names.map((name, i) => {
    const book = i + 1;
    const testament = input.testamentOf(book);
    const share = testament === 'OT' ? aramaicShare(input.hebrew[i] ?? []) : 0;
    return {
      original_language: originalLanguage(testament, share),
      major_characters: topNames(people[i], MAJOR_CHARACTERS),
      key_verses: key[i].map((id) => ({ reference: verseReference(input.names, id) })),
      themes: bookThemes[i],
      cross_references: linked[i].map((l) => input.names[l.book - 1]),
      connection_to_other_books: connectionSentence(name, linked[i], input.names),
      structure: structure(
        input.topSections.filter((s) => s.book === book),
        input.sections.filter((s) => s.book === book),
      ),
    };
  });
}

export const bookFactsBuilder: Builder = {
  name: 'book-facts',
  build(ctx) {
    const grid = gridOf(ctx);
    const names = englishBookNames(ctx);
    const hebrew = readOshb(ctx.source('oshb-wlc')).books;
    const naves = readNaves(ctx.source('naves-csv'), ctx.source('naves-text'));
    const topics = TOPIC_SOURCES.map((source) => {
      const verseIds = new Set<number>();
      for (const heading of source.headings)
        for (const line of linesOf(naves.subjects, heading))
          for (const c of parseRefs(line.refs, line.codes, grid, [])) for (const id of c.verseIds) verseIds.add(id);
      return { topic: source.topic, verseIds };
    });
    const headings = ctx.source('bsb-headings');
    const facts = bookFacts({
      names,
      testamentOf: (book) => BOOKS[book - 1].testament,
      hebrew,
      greek: readTagnt(ctx.source('tagnt-tr-kjv')).words,
      hebrewLexicon: readStrongsHebrew(ctx.source('strongs-hebrew')),
      greekLexicon: readStrongsGreek(ctx.source('strongs-greek')),
      references: readCrossReferences(ctx.source('openbible-crossrefs'), grid).references,
      topics,
      versesPerBook: grid.table.map((chapters) => chapters.reduce((a, b) => a + b, 0)),
      topSections: readSections(headings, grid, 0).sections,
      sections: readSections(headings, grid).sections,
    });
    const aramaic = hebrew
      .map((verses, i) => [names[i], aramaicShare(verses)] as const)
      .filter(([, share]) => share > 0)
      .map(([name, share]) => `${name} ${(share * 100).toFixed(2)} %`);
    ctx.log(`  words tagged Aramaic: ${aramaic.join(', ')} (bilingual from ${ARAMAIC_SHARE * 100} %)`);
    return [
      {
        name: BOOK_FACTS_PACK.name,
        datasets: [
          'names-scrollmapper',
          'oshb-wlc',
          'tagnt-tr-kjv',
          'strongs-hebrew',
          'strongs-greek',
          'openbible-crossrefs',
          'naves-csv',
          'naves-text',
          'bsb-headings',
        ],
        sections: sectionsOf(BOOK_FACTS_PACK, { facts }),
      },
    ];
  },
};
