// John Gill's Exposition (OpenChristianData JSON, one file per book) re-keyed onto KJV verses.
//
// The source keys about a fifth of its entries one verse early, sometimes rotates a whole chapter, and
// glues comments on other verses into an entry behind a stray sacred-texts header ("John 3:25\n\njoh
// 3:25\njoh 3:25\njoh 3:25Then there arose…"). So `verse_range` is only a hint: every entry is cut into
// blocks (at those headers and wherever a second lemma starts), and each block is placed on the verse
// of its chapter whose KJV text its lemma (Gill quotes the verse: "For God so loved the world,....")
// matches best. Chapter introductions stay on verse 1. A block whose lemma matches nothing stays where
// the source (or the block order) puts it and is counted as unmatched.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KjvGrid } from './kjv-grid.ts';
import { composeVerseId } from '../../engine/core/ids.ts';

interface GillEntry {
  book_number: number;
  chapter: number;
  verse_range: string;
  commentary_text: string;
}

interface Block {
  text: string;
  /** the quoted verse words the block opens with, '' for an introduction */
  lemma: string;
  intro: boolean;
  /** verse named by a stray header in front of the block */
  headerVerse?: { chapter: number; verse: number };
  /** verse span of the source entry (only for an entry's first block) */
  stated?: { first: number; last: number };
}

export interface GillStats {
  entries: number;
  blocks: number;
  /** blocks placed on a verse other than the one the source keyed them to */
  moved: number;
  /** blocks whose lemma matched no verse well; kept on their stated verse */
  unmatched: number;
  /** blocks placed by a stray header */
  byHeader: number;
  introductions: number;
  /** KJV verses of the books present that end up with no comment */
  versesWithout: number;
}

export interface GillCommentary {
  /** comment text per KJV verse id, in canonical order */
  byVerse: Map<number, string>;
  /** books with no file in the corpus (Psalms) */
  missingBooks: number[];
  /** books that hold only chapter introductions (Song of Solomon) */
  introductionOnlyBooks: number[];
  stats: GillStats;
}

const HEADER = /(?:^|\n)[^\n]{2,40} (\d+):(\d+)[ \t]*\n\n(?:[a-z0-9]{1,5} \d+:\d+[ \t]*\n)*[a-z0-9]{1,5} (\d+):(\d+)/g;
const LEMMA = /^([^\n]{1,400}?)[,.;:]?\.{4}/;
const INTRO = /^INTRODUCTION TO /;

/** Lower-case words, with a final s dropped so that "upwards" meets "upward", and "unto" read as "to". */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .map((w) => (w === 'unto' ? 'to' : w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w));
}

/** Cuts an entry into blocks: at stray headers, introductions, and every lemma after the first. */
function blocksOf(raw: string): Block[] {
  const text = raw.replace(/\r/g, '').replace(/\n*Next: [^\n]*\s*$/, '');
  const segments: { header?: { chapter: number; verse: number }; text: string }[] = [];
  let at = 0;
  let header: { chapter: number; verse: number } | undefined;
  for (const m of text.matchAll(HEADER)) {
    segments.push({ header, text: text.slice(at, m.index) });
    header = { chapter: Number(m[3]), verse: Number(m[4]) };
    at = m.index + m[0].length;
  }
  segments.push({ header, text: text.slice(at) });

  const blocks: Block[] = [];
  for (const segment of segments) {
    let current: Block | null = null;
    let previousLine = '';
    for (const line of segment.text.split('\n')) {
      const trimmed = line.trim();
      if (trimmed === '' || trimmed === '.') {
        if (current && trimmed === '') current.text += '\n';
        continue;
      }
      if (trimmed === previousLine) continue; // the source repeats some paragraphs verbatim
      previousLine = trimmed;
      const lemma = LEMMA.exec(trimmed)?.[1];
      const startsIntro = INTRO.test(trimmed);
      const isFirst: boolean = current === null;
      if (isFirst || startsIntro || (lemma && (current!.lemma !== '' || current!.intro))) {
        current = {
          text: '',
          lemma: startsIntro ? '' : (lemma ?? firstSentence(trimmed)),
          intro: startsIntro,
          headerVerse: isFirst ? segment.header : undefined,
        };
        blocks.push(current);
      }
      current!.text += (current!.text && !current!.text.endsWith('\n') ? '\n' : '') + trimmed;
    }
  }
  return blocks.filter((b) => b.text.trim() !== '');
}

/** A block without the ",...." lemma quotes the verse as its first sentence ("For John was not yet cast into prison. As he…"). */
function firstSentence(line: string): string {
  return /^[^.;:?!]{1,300}/.exec(line)?.[0] ?? line.slice(0, 200);
}

/**
 * How well a lemma matches a verse: the longest common subsequence of words over the lemma length
 * (Gill's quotation drops or adds a word now and then: "With Chedorlaomer king of Elam"), plus a
 * bonus when the verse opens with the lemma's first two words.
 */
function matchScore(lemma: string[], verse: string[]): number {
  if (lemma.length === 0 || verse.length === 0) return 0;
  let previous = new Uint8Array(verse.length + 1);
  let row = new Uint8Array(verse.length + 1);
  for (let i = 1; i <= lemma.length; i++) {
    for (let j = 1; j <= verse.length; j++) {
      row[j] = lemma[i - 1] === verse[j - 1] ? previous[j - 1] + 1 : Math.max(previous[j], row[j - 1]);
    }
    [previous, row] = [row, previous];
  }
  return previous[verse.length] / lemma.length + openingBonus(lemma, verse);
}

/** The bonus for a verse that opens with the lemma's first two words. */
function openingBonus(lemma: string[], verse: string[]): number {
  return verse[0] === lemma[0] && (lemma.length < 2 || verse[1] === lemma[1]) ? 0.25 : 0;
}

/** No verse scores above this: every lemma word in common, and the opening bonus when it applies. */
function matchScoreBound(lemma: string[], verse: string[]): number {
  if (lemma.length === 0 || verse.length === 0) return 0;
  return Math.min(lemma.length, verse.length) / lemma.length + openingBonus(lemma, verse);
}

const GOOD_MATCH = 0.6;

function cleanText(text: string): string {
  return (
    text
      // The apostrophe's mojibake first: its first two characters alone are a mangled double quote.
      .replace(/â€™/g, "'")
      .replace(/â€œ|â€\u009d|â€/g, '"')
      .replace(/Ã[\u0080-\u00bf]?|¶/g, '')
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/**
 * Reads every book file and places each comment block on its KJV verse. `kjvText(id)` gives the KJV
 * text of a verse id. A comment on a range is attached to every verse of the range.
 */
export function readGill(dir: string, grid: KjvGrid, kjvText: (id: number) => string): GillCommentary {
  const { byChapter, books, entries } = readBookFiles(dir);
  const stats: GillStats = {
    entries,
    blocks: 0,
    moved: 0,
    unmatched: 0,
    byHeader: 0,
    introductions: 0,
    versesWithout: 0,
  };
  const comments = verseComments();
  const introductionOnly = introductionOnlyBooks(books, byChapter, grid);
  for (const [key, chapterEntries] of byChapter) {
    const [book, chapter] = key.split('.').map(Number);
    if (grid.versesIn(book, chapter) === 0 || introductionOnly.has(book)) continue;
    placeChapter({ book, chapter, grid, kjvText, stats, comments }, chapterEntries);
  }
  const byVerse = comments.joined();
  for (const book of books) {
    if (introductionOnly.has(book)) continue;
    grid.table[book - 1].forEach((verses, c) => {
      for (let v = 1; v <= verses; v++) if (!byVerse.has(composeVerseId(book, c + 1, v))) stats.versesWithout++;
    });
  }
  const missingBooks = Array.from({ length: 66 }, (_, i) => i + 1).filter((b) => !books.has(b));
  return { byVerse, missingBooks, introductionOnlyBooks: [...introductionOnly].sort((a, b) => a - b), stats };
}

/** The book files' entries grouped by "book.chapter", in file order. */
function readBookFiles(dir: string): { byChapter: Map<string, GillEntry[]>; books: Set<number>; entries: number } {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.startsWith('_'))
    .sort();
  const byChapter = new Map<string, GillEntry[]>();
  const books = new Set<number>();
  let entries = 0;
  for (const file of files) {
    const data = (JSON.parse(readFileSync(join(dir, file), 'utf8')) as { data: GillEntry[] }).data;
    for (const entry of data) {
      entries++;
      books.add(entry.book_number);
      const key = `${entry.book_number}.${entry.chapter}`;
      (byChapter.get(key) ?? byChapter.set(key, []).get(key)!).push(entry);
    }
  }
  return { byChapter, books, entries };
}

/** A book whose every entry spans a whole chapter holds chapter introductions only (Song of Solomon). */
function introductionOnlyBooks(books: Set<number>, byChapter: Map<string, GillEntry[]>, grid: KjvGrid): Set<number> {
  const only = new Set<number>();
  for (const book of books) {
    const whole = [...byChapter]
      .filter(([key]) => key.startsWith(`${book}.`))
      .every(([key, list]) =>
        list.every((e) => e.verse_range === `1-${grid.versesIn(book, Number(key.split('.')[1]))}`),
      );
    if (whole) only.add(book);
  }
  return only;
}

/** Comment texts per verse id; a text is attached to a verse once. */
interface VerseComments {
  attach(id: number, text: string): void;
  has(id: number): boolean;
  /** each verse's texts joined by a blank line, in verse order */
  joined(): Map<number, string>;
}

function verseComments(): VerseComments {
  const parts = new Map<number, string[]>();
  return {
    attach(id, text) {
      const list = parts.get(id) ?? parts.set(id, []).get(id)!;
      if (!list.includes(text)) list.push(text);
    },
    has: (id) => parts.has(id),
    joined() {
      const byVerse = new Map<number, string>();
      for (const id of [...parts.keys()].sort((a, b) => a - b)) byVerse.set(id, parts.get(id)!.join('\n\n'));
      return byVerse;
    },
  };
}

interface ChapterContext {
  book: number;
  chapter: number;
  grid: KjvGrid;
  kjvText: (id: number) => string;
  stats: GillStats;
  comments: VerseComments;
}

/** Places every block of one chapter's entries on a verse, then spreads range comments over their range. */
function placeChapter(ctx: ChapterContext, chapterEntries: GillEntry[]): void {
  const { book, chapter, stats, comments } = ctx;
  const count = ctx.grid.versesIn(book, chapter);
  const verseWords = Array.from({ length: count }, (_, i) => words(ctx.kjvText(composeVerseId(book, chapter, i + 1))));
  let expected = 1;
  const ranges: { first: number; last: number }[] = [];
  /** the last block placed on each verse */
  const lastBlockAt = new Map<number, string>();
  for (const entry of chapterEntries) {
    const [first, last = first] = entry.verse_range.split('-').map(Number);
    if (last > first) ranges.push({ first, last: Math.min(last, count) });
    const blocks = blocksOf(entry.commentary_text);
    const opening = blocks.find((b) => !b.intro);
    if (opening) opening.stated = { first, last };
    for (const block of blocks) {
      stats.blocks++;
      const text = cleanText(block.text);
      if (block.intro) {
        stats.introductions++;
        comments.attach(composeVerseId(book, chapter, 1), text);
        // An introduction that is all the source says on a range ("See Gill on Sa1 31:1") covers it.
        if (!lastBlockAt.has(1)) lastBlockAt.set(1, text);
        continue;
      }
      const verse = verseOfBlock(block, { chapter, count, verseWords, expected, lastBlockAt, stats });
      if (block.stated && verse !== block.stated.first) stats.moved++;
      comments.attach(composeVerseId(book, chapter, verse), text);
      lastBlockAt.set(verse, text);
      expected = verse + 1;
    }
  }
  // A comment on a range: the verses of a source range that got no block of their own take the comment
  // that begins nearest before them inside the range (Gill comments such verses jointly).
  for (const range of ranges) {
    let carried: string | undefined;
    for (let v = range.first; v <= range.last; v++) {
      const id = composeVerseId(book, chapter, v);
      if (lastBlockAt.has(v)) carried = lastBlockAt.get(v);
      else if (carried && !comments.has(id)) comments.attach(id, carried);
    }
  }
}

interface Placement {
  chapter: number;
  count: number;
  verseWords: string[][];
  /** the verse after the previous block's */
  expected: number;
  lastBlockAt: Map<number, string>;
  stats: GillStats;
}

/** The verse a block belongs on: its stray header's, else the verse its lemma matches best, else where the source puts it. */
function verseOfBlock(block: Block, at: Placement): number {
  const { count, stats } = at;
  if (block.headerVerse && block.headerVerse.chapter === at.chapter && block.headerVerse.verse <= count) {
    stats.byHeader++;
    return block.headerVerse.verse;
  }
  const lemma = words(block.lemma).slice(0, 15);
  // The source's own order is the best guide for ambiguous lemmas ("And he said unto them"),
  // and a verse that already has its comment is a worse home than a free one.
  const hint = at.lastBlockAt.size > 0 || !block.stated ? at.expected : block.stated.first;
  const placementValue = (v: number, score: number) =>
    score - Math.min(0.4, 0.02 * Math.abs(v - hint)) - (at.lastBlockAt.has(v) ? 0.05 : 0);
  // The best value, the first verse on a tie. The hinted verse goes first: it is usually the answer, and
  // with its value known most verses are passed over on their score's upper bound without matching.
  let best = -1;
  let bestValue = -Infinity;
  let bestScore = 0;
  const consider = (v: number) => {
    const score = matchScore(lemma, at.verseWords[v - 1]);
    const value = placementValue(v, score);
    if (value > bestValue || (value === bestValue && v < best)) {
      bestValue = value;
      best = v;
      bestScore = score;
    }
  };
  if (hint >= 1 && hint <= count) consider(hint);
  for (let v = 1; v <= count; v++) {
    if (v === hint) continue;
    const bound = placementValue(v, matchScoreBound(lemma, at.verseWords[v - 1]));
    if (bound < bestValue || (bound === bestValue && v > best)) continue;
    consider(v);
  }
  if (bestScore >= GOOD_MATCH) return best;
  stats.unmatched++;
  return block.stated ? Math.min(block.stated.first, count) : Math.min(at.expected, count);
}
