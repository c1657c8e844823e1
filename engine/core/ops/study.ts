// Study tools: cross references, Gill's commentary, Bible dictionaries, related words, genres, parables,
// stories, prophecies, the words of Jesus and book information. Each reads its own pack, parsed once per
// pack; list answers are built once and frozen (shared, immutable).
import { notAvailable } from '../errors.ts';
import { COMMON_PARAMS, defineOperation, type VerseIdValue } from '../operation.ts';
import { arrayOf, empty, number, object, oneOf, recordOf, string } from '../shape.ts';
import {
  BOOK_INFO,
  type BookInfo,
  type DocumentedBookInfo,
  CROSS_REFERENCE,
  DICTIONARY_ENTRY,
  GENRE_GROUP,
  SEMANTIC_RELATION,
  STORY,
} from '../records.ts';
import type { PackOf } from '../pack/schema.ts';
import {
  BOOK_FACTS_PACK,
  type BookFacts,
  COMMENTARY_PACK,
  DICTIONARY_PACK,
  RELATIONS_PACK,
  STUDY_PACK,
  XREFS_PACK,
  type GenreRun,
  type ProphecyRow,
} from '../pack/schemas.ts';
import { deepFreeze } from '../deep-freeze.ts';
import { perPack } from '../pack/per-pack.ts';
import { padVerseId } from '../ids.ts';
import { kjvOrdinal } from '../study/verse.ts';
import { loadCommentary } from '../study/commentary.ts';
import { readWordCodedEntries } from '../pack/word-coded-entries.ts';
import { packUnusable } from '../pack/reader.ts';

const crossReferences = perPack((pack: PackOf<typeof XREFS_PACK>) => {
  const x = {
    start: pack.u32('start'),
    target: pack.u16('target'),
    span: pack.u16('span'),
    votes: pack.u16('votes'),
  };
  // The rows are three parallel columns cut by one start table: columns of other lengths, or a table
  // that steps back, would answer with votes of "undefined" and verse ids of "aN".
  const rows = x.target.length;
  const ascending = x.start.every((n, i) => (i === 0 ? n === 0 : n >= x.start[i - 1]));
  if (x.span.length !== rows || x.votes.length !== rows || !ascending || x.start[x.start.length - 1] !== rows)
    throw packUnusable(pack.name, 'its reference rows do not match their start table');
  return x;
});

/** The API's "no verse" for a single-verse reference's end. */
const NO_VERSE = padVerseId(0);

const commentary = perPack(loadCommentary);

/** Decoded blocks of definitions a dictionary keeps: all it reads (about 40 of 64 KB). Lookups jump
 *  between headwords, so a small cache would decode a block on most of them (0.8 ms each), and all of
 *  them are what the pack held decoded before it was word-coded (2.5 to 2.7 MB). */
const DICTIONARY_BLOCKS_KEPT = Number.POSITIVE_INFINITY;

/** A headword key without the hyphens, apostrophes and spaces that join its parts. */
const compactKey = (key: string) => key.replace(/[-\u2010\u2011'\u2019\s]+/g, '');

const dictionary = perPack((pack: PackOf<typeof DICTIONARY_PACK>) => {
  const terms = pack.json('terms');
  const definitions = readWordCodedEntries(pack, DICTIONARY_BLOCKS_KEPT);
  // Each term is entry n + 1 of the definitions, so the two lists must be the same length, and every key
  // must name a term: a pack that disagrees would answer a headword with another's definition or none.
  if (!Array.isArray(terms) || terms.length !== definitions.count || terms.some((t) => typeof t !== 'string'))
    throw packUnusable(pack.name, `its terms do not match its ${definitions.count} definitions`);
  const keys = new Map(Object.entries(pack.json('keys')));
  for (const [key, n] of keys)
    if (!(Number.isInteger(n) && n >= 0 && n < terms.length))
      throw packUnusable(pack.name, `its key '${key}' names no term`);
  // The two dictionaries join a name's parts differently (Smith's "Bethshemesh", Easton's "Beth-shemesh",
  // "Solomon's porch"), and readers write either: each key without hyphens, apostrophes and spaces finds it
  // too, after the keys as written (the first key wins where two compact alike).
  const compactKeys = new Map<string, number>();
  for (const [key, n] of keys) if (!compactKeys.has(compactKey(key))) compactKeys.set(compactKey(key), n);
  return { keys, compactKeys, terms, definitions };
});

const capitalise = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
const relations = perPack((pack: PackOf<typeof RELATIONS_PACK>) => {
  const words = pack.text('words').split('\n');
  return {
    index: new Map(words.map((w, i) => [w, i])),
    capitalised: words.map(capitalise),
    start: pack.u32('start'),
    related: pack.u16('related'),
  };
});

type StudyPack = PackOf<typeof STUDY_PACK>;
const genres = perPack((pack: StudyPack) => {
  const runs = pack.json('genres');
  const shape = (list: GenreRun[]) => deepFreeze(list.map(({ testament: _, ...run }) => run));
  return {
    ot: shape(runs.filter((r) => r.testament === 'OT')),
    nt: shape(runs.filter((r) => r.testament === 'NT')),
    all: shape(runs),
  };
});

const parables = perPack((pack: StudyPack) => deepFreeze(pack.json('parables')));
const stories = perPack((pack: StudyPack) => deepFreeze(pack.json('stories')));

/** "He will bruise Satan's head. Fulfilled in: Heb 2:14; 1 John 3:8" */
const prophecyText = (r: ProphecyRow) => `${r.prophecy}${/[.?!]$/.test(r.prophecy) ? '' : '.'} Fulfilled in: ${r.nt}`;
// Several rows share an OT reference (Gen 3:15 twice, Psa 72:17 three times): their texts are joined
// with " | " in list order under the one key, so no row is lost and every key stays a reference.
const PROPHECY_JOIN = ' | ';
const prophecies = perPack((pack: StudyPack) => {
  const rows = pack.json('prophecies');
  const byReference: Record<string, string> = {};
  for (const r of rows)
    byReference[r.ot] = r.ot in byReference ? byReference[r.ot] + PROPHECY_JOIN + prophecyText(r) : prophecyText(r);
  const list = rows.map((r) => ({
    n: r.n,
    otReference: r.ot,
    prophecy: r.prophecy,
    ntReferences: r.nt,
    otVerseIds: r.otVerseIds.map(padVerseId),
    ntVerseIds: r.ntVerseIds.map(padVerseId),
  }));
  return { byReference: deepFreeze(byReference), list: deepFreeze(list) };
});

const wordsOfJesus = perPack((pack: StudyPack) => {
  const out: Record<string, string> = {};
  pack.u32('wordsOfJesus').forEach((id, i) => {
    out[`[${i}]`] = padVerseId(id);
  });
  return deepFreeze(out);
});

/** The fields no open source gives: always present, always empty (docs/study.md). */
const UNSOURCED = {
  summary: '',
  original_language_meaning: '',
  historical_context: '',
  purpose: '',
  audience: '',
  practical_application: '',
  theological_introduction: '',
  symbolism: [],
} as const;

const documentedBookInfo = perPack((pack: StudyPack) => {
  const records = pack.json('bookInfo');
  if (records.length !== 66) throw packUnusable(pack.name, `it holds ${records.length} book records, not 66`);
  return deepFreeze(records);
});
const bookFacts = perPack((pack: PackOf<typeof BOOK_FACTS_PACK>) => {
  const facts = pack.json('facts');
  if (facts.length !== 66) throw packUnusable(pack.name, `it holds facts of ${facts.length} books, not 66`);
  return deepFreeze(facts);
});

/** One book's object in the live service's field order: the documented eight, then the counted facts
 *  and the fields no open source gives, all present. The arrays are the packs' own, frozen. */
function bookInfo(record: DocumentedBookInfo, facts: BookFacts): BookInfo {
  return {
    ...record,
    summary: UNSOURCED.summary,
    original_language: facts.original_language,
    original_language_meaning: UNSOURCED.original_language_meaning,
    structure: facts.structure,
    historical_context: UNSOURCED.historical_context,
    purpose: UNSOURCED.purpose,
    audience: UNSOURCED.audience,
    major_characters: facts.major_characters,
    themes: facts.themes,
    key_verses: facts.key_verses,
    practical_application: UNSOURCED.practical_application,
    connection_to_other_books: facts.connection_to_other_books,
    theological_introduction: UNSOURCED.theological_introduction,
    cross_references: facts.cross_references,
    symbolism: [],
  };
}

export const studyOperations = [
  defineOperation({
    name: 'GetCrossReferences',
    family: 'study',
    summary:
      'OpenBible.info cross references of a verse as [{verseId, r, sv, ev}], strongest first: r is the vote count (as a string), sv/ev the first and last verse of the reference (ev "00000000" for a single verse). Rows voted below zero are left out; [] when the verse has none.',
    params: [COMMON_PARAMS.verseId],
    result: arrayOf(CROSS_REFERENCE),
    packs: () => [XREFS_PACK.name],
    run(ctx, p) {
      const verse = p.verseId as VerseIdValue;
      const ordinal = kjvOrdinal(ctx, verse);
      const x = crossReferences(ctx.pack(XREFS_PACK));
      const verseId = padVerseId(verse.id);
      const rows = [];
      const { idOf, verseCount } = ctx.meta.versification;
      if (ordinal + 1 >= x.start.length)
        throw packUnusable(XREFS_PACK.name, `its start table ends before KJV verse ${ordinal + 1}`);
      for (let i = x.start[ordinal], end = x.start[ordinal + 1]; i < end; i++) {
        const first = x.target[i];
        const span = x.span[i];
        if (first + Math.max(span, 1) > verseCount)
          throw packUnusable(XREFS_PACK.name, `row ${i} refers to verses past the KJV's ${verseCount}`);
        rows.push({
          verseId,
          r: String(x.votes[i]),
          sv: padVerseId(idOf(first)),
          ev: span ? padVerseId(idOf(first + span - 1)) : NO_VERSE,
        });
      }
      return rows;
    },
  }),
  defineOperation({
    name: 'GetCommentary',
    family: 'study',
    summary:
      "John Gill's comment on a verse, as a bare JSON string (a comment on a range of verses is given for each verse of it). NOT_AVAILABLE where the corpus has none: Psalms, and the verses of the Song of Solomon (only chapter introductions).",
    params: [
      COMMON_PARAMS.verseId,
      {
        name: 'commentaryName',
        type: 'choice',
        values: ['gills'],
        default: 'gills',
        description: "the commentary: gills (John Gill's Exposition of the Entire Bible; default gills)",
      },
    ],
    result: string,
    packs: () => [COMMENTARY_PACK.name('gill')],
    run(ctx, p) {
      const verse = p.verseId as VerseIdValue;
      const ordinal = kjvOrdinal(ctx, verse);
      const gill = commentary(ctx.pack(COMMENTARY_PACK, 'gill'));
      const n = gill.entryAt(ordinal);
      if (n === 0) {
        const book = ctx.meta.books[verse.book - 1].names.english;
        const where = `${book} ${verse.chapter}:${verse.verse}`;
        if (gill.info.missingBooks.includes(verse.book))
          throw notAvailable(
            `Gill's commentary has no comment on ${where}: the corpus copy of Gill lacks the whole book of ${book}`,
            'verseId',
          );
        if (gill.info.introductionOnlyBooks.includes(verse.book))
          throw notAvailable(
            `Gill's commentary has no comment on ${where}: the corpus copy of Gill has only chapter introductions for ${book}, no verse comments`,
            'verseId',
          );
        throw notAvailable(
          `Gill's commentary has no comment on ${where} in the corpus (the source lost it)`,
          'verseId',
        );
      }
      return gill.text(n);
    },
  }),
  defineOperation({
    name: 'GetDefinitionBiblical',
    family: 'study',
    summary:
      "A Bible dictionary's entry for a headword (case-insensitive) as {word, definition}; [] when the dictionary has no such word. smiths (Smith's, 1863) or eastons (Easton's, 1897).",
    params: [
      {
        name: 'query',
        type: 'text',
        required: true,
        maxLength: 200,
        description: 'the headword, e.g. "Aaron" (case-insensitive)',
      },
      {
        name: 'dictionaryId',
        type: 'choice',
        values: ['smiths', 'eastons'],
        default: 'smiths',
        description: "smiths (Smith's Bible Dictionary) or eastons (Easton's Bible Dictionary); default smiths",
      },
    ],
    result: oneOf(DICTIONARY_ENTRY, empty),
    packs: (p) => [DICTIONARY_PACK.name(p.dictionaryId)],
    run(ctx, p) {
      const d = dictionary(ctx.pack(DICTIONARY_PACK, p.dictionaryId));
      const key = (p.query as string).toLowerCase().replace(/\s+/g, ' ').trim();
      const n = d.keys.get(key) ?? d.compactKeys.get(compactKey(key));
      if (n === undefined) return [];
      return { word: d.terms[n], definition: d.definitions.text(n + 1) };
    },
  }),
  defineOperation({
    name: 'GetSemanticRelations',
    family: 'study',
    summary:
      'Words related to a KJV word (WordNet synonyms, broader terms and derived forms that also occur in the KJV), as {word, related}, capitalised; case-insensitive. [] for a word the KJV does not use.',
    params: [
      {
        name: 'word',
        type: 'text',
        required: true,
        maxLength: 100,
        description: 'a word of the KJV, e.g. "faith" (case-insensitive)',
      },
    ],
    result: oneOf(SEMANTIC_RELATION, empty),
    packs: () => [RELATIONS_PACK.name],
    run(ctx, p) {
      const r = relations(ctx.pack(RELATIONS_PACK));
      const key = (p.word as string)
        .trim()
        .toLowerCase()
        .replace(/['’]s$/, '');
      const i = r.index.get(key);
      if (i === undefined) return [];
      const related: string[] = [];
      for (let k = r.start[i], end = r.start[i + 1]; k < end; k++) related.push(r.capitalised[r.related[k]]);
      return { word: r.capitalised[i], related };
    },
  }),
  defineOperation({
    name: 'GetSemanticRelationsAllWords',
    family: 'study',
    summary:
      "Every word GetSemanticRelations knows, capitalised as it answers them, as an array of strings (the hosted service's paid tier answers the same list).",
    params: [],
    result: arrayOf(string),
    packs: () => [RELATIONS_PACK.name],
    run: (ctx) => [...relations(ctx.pack(RELATIONS_PACK)).capitalised],
  }),
  defineOperation({
    name: 'GetGenres',
    family: 'study',
    summary:
      'Genre groups of books (Law, History, Poetry/Wisdom, Prophecy, Gospels, Epistles, Apocalyptic) as [{genre, startingBookId, endingBookId, startingVerseId, endingVerseId}]; section ot, nt, or ot+nt / all.',
    params: [
      COMMON_PARAMS.englishOnly,
      {
        name: 'section',
        type: 'choice',
        values: ['all', 'ot', 'nt', 'ot+nt', 'ot nt'],
        default: 'all',
        description: 'ot, nt, or ot+nt / all (default all; "ot nt" is ot+nt as a query string decodes it)',
      },
    ],
    result: arrayOf(GENRE_GROUP),
    packs: () => [STUDY_PACK.name],
    run(ctx, p) {
      const g = genres(ctx.pack(STUDY_PACK));
      return p.section === 'ot' ? g.ot : p.section === 'nt' ? g.nt : g.all;
    },
  }),
  defineOperation({
    name: 'GetParables',
    family: 'study',
    summary: 'The parables of Jesus as {title: [citations]}, in canonical order of their first citation.',
    params: [COMMON_PARAMS.englishOnly],
    result: recordOf(arrayOf(string)),
    packs: () => [STUDY_PACK.name],
    run: (ctx) => parables(ctx.pack(STUDY_PACK)),
  }),
  defineOperation({
    name: 'GetStories',
    family: 'study',
    summary:
      'Stories (the Berean Standard Bible section headings) as [{id, verse_id, story, verses_1, verses_2, verses_3, verses_4}]: verse_id is the first verse (not zero-padded), verses_1 the passage, verses_2-4 parallel passages the heading names.',
    params: [COMMON_PARAMS.englishOnly],
    result: arrayOf(STORY),
    packs: () => [STUDY_PACK.name],
    run: (ctx) => stories(ctx.pack(STUDY_PACK)),
  }),
  defineOperation({
    name: 'GetPropheciesFulfilledInJesus',
    family: 'study',
    summary:
      'The 351 Old Testament prophecies fulfilled in Jesus as {OT reference: "<prophecy>. Fulfilled in: <NT references>"}; rows that share an OT reference are joined with " | " under it.',
    params: [COMMON_PARAMS.englishOnly],
    result: recordOf(string),
    packs: () => [STUDY_PACK.name],
    run: (ctx) => prophecies(ctx.pack(STUDY_PACK)).byReference,
  }),
  defineOperation({
    name: 'GetPropheciesFulfilledInJesusList',
    family: 'study',
    summary:
      'The 351 prophecies as a list: [{n, otReference, prophecy, ntReferences, otVerseIds, ntVerseIds}], with the references expanded to verse ids.',
    params: [COMMON_PARAMS.englishOnly],
    result: arrayOf(
      object(
        {},
        {
          n: number,
          otReference: string,
          prophecy: string,
          ntReferences: string,
          otVerseIds: arrayOf(string),
          ntVerseIds: arrayOf(string),
        },
      ),
    ),
    packs: () => [STUDY_PACK.name],
    run: (ctx) => prophecies(ctx.pack(STUDY_PACK)).list,
  }),
  defineOperation({
    name: 'GetWordsOfJesus',
    family: 'study',
    summary: 'The verses with words of Jesus (the KJV red letter) as {"[0]": verseId, "[1]": …} in canonical order.',
    params: [],
    result: recordOf(string),
    packs: () => [STUDY_PACK.name],
    run: (ctx) => wordsOfJesus(ctx.pack(STUDY_PACK)),
  }),
  defineOperation({
    name: 'GetBookInfo',
    family: 'study',
    summary:
      "A book's information as one object, as the live service answers it (not the specification's array): bookId, chapterCount, introduction, introduction_long, author, date, word_origin and genre from Theographic Bible Metadata and Easton's article (CC BY-SA 4.0); original_language, major_characters, key_verses, themes, structure, cross_references and connection_to_other_books counted from the original texts, Strong's, OpenBible.info cross references, Nave's topics and BSB headings; the fields no open source gives are present and empty (docs/study.md).",
    params: [COMMON_PARAMS.bookId, COMMON_PARAMS.englishOnly],
    result: BOOK_INFO,
    packs: () => [STUDY_PACK.name, BOOK_FACTS_PACK.name],
    run: (ctx, p) => {
      const book = (p.bookId as number) - 1;
      return bookInfo(documentedBookInfo(ctx.pack(STUDY_PACK))[book], bookFacts(ctx.pack(BOOK_FACTS_PACK))[book]);
    },
  }),
] as const;
