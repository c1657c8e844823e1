// The study pack: the small curated lists, each shaped as the API answers it: genres, parables, stories
// (BSB section headings), the 351 prophecies, the words of Jesus (KJV red letter) and book information.
import {
  readBookInfo,
  readGenres,
  readParables,
  readProphecies,
  readSections,
  readWebWordsOfJesus,
  type BookInfoSource,
} from '../adapters/curated-study.ts';
import type { KjvGrid } from '../adapters/kjv-grid.ts';
import { readKjvRedLetterVerses } from '../adapters/kjv-red-letter.ts';
import type { Builder } from './context.ts';
import { englishBookNames, formatCitation, gridOf } from './study-common.ts';
import { padBookId } from '../../engine/core/ids.ts';
import { sectionsOf } from '../pack/writer.ts';
import { STUDY_PACK } from '../../engine/core/pack/schemas.ts';

function rangeIds(grid: KjvGrid, start: number, end: number): number[] {
  const ids: number[] = [];
  for (let o = grid.ordinalOfId(start), last = grid.ordinalOfId(end); o <= last; o++) ids.push(grid.idAt(o));
  return ids;
}

// Sentences of Easton's prose; "B. C. 1491", "i. e." and reference abbreviations do not end a sentence.
const ABBREVIATION =
  /(?:\b[A-Za-z]|\b(?:viz|ch|ver|comp|cf|Matt|Gen|Ex|Lev|Num|Deut|Josh|Judg|Sam|Chr|Neh|Ps|Prov|Eccl|Isa|Jer|Lam|Ezek|Dan|Hos|Mic|Zech|Mal|Rom|Cor|Gal|Eph|Phil|Col|Thess|Tim|Heb|Pet|Rev|Heb|obiit|Mr|Dr|St|vol|p|LXX|Heb|Gr|comp))\.$/;
function sentences(text: string): string[] {
  const parts = text.replace(/\s+/g, ' ').split(/(?<=[.!?][”"’)]?) (?=[A-Z“"(])/);
  const out: string[] = [];
  for (const part of parts) {
    if (out.length && ABBREVIATION.test(out[out.length - 1])) out[out.length - 1] += ` ${part}`;
    else out.push(part);
  }
  return out.map((s) => s.trim()).filter(Boolean);
}
const DATE =
  /\b(?:B\. ?C\.|A\. ?D\.) ?\d{2,4}|\b\d{2,4} ?(?:B\. ?C\.|A\. ?D\.)|\bthe year\b|\bcentury\b|\breign of\b|\bafter the (?:Exile|Captivity|return)\b|\bbefore the (?:Exile|Captivity|destruction)\b/;
const WRITTEN = /\b(?:written|wrote|composed|compiled|date|dates)\b/i;
const NAME = /\b(?:name|named|names|called|title|signif\w*|means|meaning|derived)\b/i;
const LANGUAGE = /\b(?:Hebrew|Greek|LXX|Septuagint|Vulgate|Latin|Massoretic)\b/;

/** Author, date and name origin: the structured Theographic fields, else sentences of Easton's article. */
function bookFacts(b: BookInfoSource) {
  const text = b.easton_text_items.flatMap(sentences);
  const writers = [...new Set(b.traditional_writers.flatMap((w) => w.split(/,\s*/)))].map((id) =>
    id
      .replace(/_\d+$/, '')
      .split('_')
      .map((p) => p[0].toUpperCase() + p.slice(1))
      .join(' '),
  );
  const author =
    writers.length > 1 ? `${writers.slice(0, -1).join(', ')} and ${writers[writers.length - 1]}` : (writers[0] ?? '');
  const date =
    b.theographic_year_written.join('; ') ||
    (text.find((s) => DATE.test(s) && WRITTEN.test(s)) ??
      text.find((s) => WRITTEN.test(s) && /\b(?:time|age|days|after|before|during|period)\b/.test(s)) ??
      '');
  const MEANING = /\b(?:signif\w*|means|meaning)\b/;
  const bookWord = b.name.replace(/^\d\s*/, '').split(' ')[0];
  // Only sentences that really speak of the name: a better empty field than a wrong one.
  const tests: ((s: string) => boolean)[] = [
    (s) => NAME.test(s) && LANGUAGE.test(s),
    (s) => /\b(?:means|meaning|signif\w*)[,:]? (?:the |a )?“/.test(s),
    (s) => /\bso called\b|\btitle\b/.test(s),
    (s) => /\b(?:name|named|called)\b/.test(s) && s.includes(bookWord) && !/called in question|whose name/.test(s),
  ];
  let at = -1;
  // Easton discusses a name at the opening of the article, not further down.
  const opening = sentences(b.easton_text_items[0] ?? '').slice(0, 8);
  for (const test of tests) {
    at = opening.findIndex(test);
    if (at >= 0) break;
  }
  // "Exodus is the name given in the LXX. … It means “departure”": keep the meaning that follows.
  const origin =
    at < 0
      ? ''
      : opening[at] +
        (opening[at + 1] && MEANING.test(opening[at + 1]) && !MEANING.test(opening[at]) ? ` ${opening[at + 1]}` : '');
  return { author, date, word_origin: origin };
}

/** A citation's KJV ordinal ("John 3:16"); one that names no KJV verse fails the build. */
function citationPlacer(grid: KjvGrid, names: string[]): (citation: string) => number {
  const bookByName = new Map(names.map((n, i) => [n, i + 1]));
  return (citation) => {
    const m = /^(.+) (\d+):(\d+)/.exec(citation);
    const book = m ? bookByName.get(m[1]) : undefined;
    const ordinal = book ? grid.ordinal(book, Number(m![2]), Number(m![3])) : -1;
    if (ordinal < 0) throw new Error(`cannot place citation ${JSON.stringify(citation)}`);
    return ordinal;
  };
}

/** Genres: the coarse runs (Law, History, …), with their testament for the section filter. */
function genreRunsOf(grid: KjvGrid, genres: ReturnType<typeof readGenres>) {
  for (const run of genres.coarse) {
    for (const id of [run.startingVerseId, run.endingVerseId])
      if (grid.ordinalOfId(Number(id)) < 0) throw new Error(`genre ${run.genre}: ${id} is not a KJV verse`);
  }
  return genres.coarse.map((r) => ({
    genre: r.genre,
    startingBookId: r.startingBookId,
    endingBookId: r.endingBookId,
    startingVerseId: r.startingVerseId,
    endingVerseId: r.endingVerseId,
    testament: r.testament.startsWith('Old') ? ('OT' as const) : ('NT' as const),
  }));
}

/** Parables in canonical order of their first citation, as the API lists them. */
function orderedParablesOf(parables: [string, string[]][], cited: (citation: string) => number) {
  for (const [, citations] of parables) citations.forEach(cited);
  return Object.fromEntries([...parables].sort(([, a], [, b]) => cited(a[0]) - cited(b[0])));
}

function storiesOf(sections: ReturnType<typeof readSections>['sections'], names: string[], grid: KjvGrid) {
  return sections.map((s, i) => ({
    id: String(i + 1),
    verse_id: String(s.start),
    story: s.title,
    verses_1: formatCitation(names, grid, rangeIds(grid, s.start, s.end)),
    verses_2: s.related[0] ?? '',
    verses_3: s.related[1] ?? '',
    verses_4: s.related.slice(2).join('; '),
  }));
}

/** Each book's introduction, facts and coarse genre; its chapter count must be the KJV's. */
function bookInfoOf(books: ReturnType<typeof readBookInfo>, grid: KjvGrid, genres: ReturnType<typeof readGenres>) {
  return books.map((b) => {
    const chapterCount = grid.table[b.book_order - 1].length;
    if (chapterCount !== b.chapters)
      throw new Error(`${b.usfm}: ${b.chapters} chapters in the book data, ${chapterCount} in the KJV`);
    const paragraphs = b.easton_text_items
      .flatMap((item) => item.split(/\n\s*\n/))
      .map((p) => p.replace(/\s+/g, ' ').trim())
      .filter(Boolean);
    return {
      bookId: padBookId(b.book_order),
      chapterCount,
      introduction: paragraphs[0] ?? '',
      introduction_long: paragraphs.join('\n\n'),
      ...bookFacts(b),
      genre: genres.books.find((g) => g.book === b.book_order)?.coarse ?? '',
    };
  });
}

/** The words of Jesus as the KJV marks them, checked against the WEB's list. */
function wordsOfJesusOf(kjv: number[], web: number[]) {
  const kjvSet = new Set(kjv);
  const webSet = new Set(web);
  const onlyKjv = kjv.filter((id) => !webSet.has(id));
  const onlyWeb = web.filter((id) => !kjvSet.has(id));
  return { wordsOfJesus: kjv, wordsOfJesusCheck: { kjv: kjv.length, web: web.length, onlyKjv, onlyWeb } };
}

export const studyBuilder: Builder = {
  name: 'study',
  build(ctx) {
    const grid = gridOf(ctx);
    const names = englishBookNames(ctx);
    const genres = readGenres(
      ctx.source('theographic-genres', 'genre_ranges.json'),
      ctx.source('theographic-genres', 'book_genres.tsv'),
    );
    const genreRuns = genreRunsOf(grid, genres);
    const parables = Object.entries(readParables(ctx.source('parables')));
    const orderedParables = orderedParablesOf(parables, citationPlacer(grid, names));
    const { sections, folded } = readSections(ctx.source('bsb-headings'), grid);
    const stories = storiesOf(sections, names, grid);
    const prophecies = readProphecies(
      ctx.source('prophecies-351', 'prophecies-351.tsv'),
      ctx.source('prophecies-351', 'prophecies-351.osis.tsv'),
      grid,
    );
    const { wordsOfJesus, wordsOfJesusCheck } = wordsOfJesusOf(
      readKjvRedLetterVerses(ctx.source('kjv'), ctx.kjvChapterVerses),
      readWebWordsOfJesus(ctx.source('web-words-of-jesus')),
    );
    const bookInfo = bookInfoOf(readBookInfo(ctx.source('theographic-books')), grid, genres);
    const empty = (field: 'author' | 'date' | 'word_origin') => bookInfo.filter((b) => !b[field]).map((b) => b.bookId);
    const { onlyKjv, onlyWeb } = wordsOfJesusCheck;
    ctx.log(
      `  ${genreRuns.length} genre runs, ${parables.length} parables, ${stories.length} stories (${folded.length} ends folded), ${prophecies.length} prophecies, ${wordsOfJesus.length} red-letter verses (KJV only ${onlyKjv.length}, WEB only ${onlyWeb.length}); book info without date: ${empty('date').join(' ') || 'none'}, without name origin: ${empty('word_origin').join(' ') || 'none'}`,
    );
    return [
      {
        name: STUDY_PACK.name,
        datasets: [
          'theographic-genres',
          'parables',
          'bsb-headings',
          'prophecies-351',
          'kjv',
          'web-words-of-jesus',
          'theographic-books',
        ],
        sections: sectionsOf(STUDY_PACK, {
          genres: genreRuns,
          parables: orderedParables,
          stories,
          prophecies,
          wordsOfJesus,
          wordsOfJesusCheck,
          bookInfo,
        }),
      },
    ];
  },
};
