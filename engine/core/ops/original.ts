// Original languages: Hebrew and Greek words of a verse with Strong's numbers, the Strong's
// dictionaries, the Greek and Hebrew letter tables, and verses by Strong's number.
import { invalid } from '../errors.ts';
import { COMMON_PARAMS, textPack, verseRow, type Context, defineOperation, type VerseIdValue } from '../operation.ts';
import { arrayOf, object, recordOf, string } from '../shape.ts';
import { ORIGINAL_WORD, STRONGS_ENTRY, VERSE } from '../records.ts';
import type { StrongsEntry } from '../records.ts';
import { LAST_GREEK, LAST_HEBREW } from '../original/format.ts';
import { lexicon, type Lexicon, type LexiconId } from '../original/lexicon.ts';
import { strongsIndex } from '../original/strongs-index.ts';
import { originalText, type OriginalText } from '../original/text.ts';
import { pronunJson } from '../original/pronunciation.ts';
import { formatVerseId, padVerseId } from '../ids.ts';
import { perPack } from '../pack/per-pack.ts';
import { packUnusable } from '../pack/reader.ts';
import { LEXICON_PACK, ORIGINAL_PACK, STRONGS_INDEX_PACK, UNICODE_PACK } from '../pack/schemas.ts';

const testamentOf = (book: number) => (book <= LAST_OT_BOOK ? 'ot' : 'nt');
const LAST_OT_BOOK = 39;
const LAST_TORAH_BOOK = 5;

/** The columns GetOriginalText answers, every value a string as the API gives them. */
export interface OriginalWordRow {
  id: string;
  verseID: string;
  book: string;
  chapter: string;
  verse: string;
  word: string;
  pronun: string;
  strongs: string;
  morph: string;
  orig_order: string;
  connected: string;
  parashah: string;
  notes: string;
  glossary: string;
  /** the morphology code in words (STEPBible TEHMC/TEGMC expansions) */
  morph_expanded: string;
}

const POS_WORDS: Record<string, string> = {
  n: 'noun',
  'n-m': 'noun masculine',
  'n-f': 'noun feminine',
  v: 'verb',
  a: 'adjective',
  'a-m': 'adjective masculine',
  'a-f': 'adjective feminine',
  adv: 'adverb',
  prep: 'preposition',
  conj: 'conjunction',
  inj: 'interjection',
  prt: 'particle',
  pron: 'pronoun',
  p: 'pronoun',
  d: 'demonstrative',
  i: 'interrogative',
  r: 'relative',
  dp: 'demonstrative particle',
  np: 'proper noun',
  'n-pr': 'proper noun',
  'n-pr-m': 'proper noun masculine',
  'n-pr-f': 'proper noun feminine',
  'n-pr-loc': 'proper noun of a location',
};
// Position strings 1-255 made once (a verse has at most 255 words): rows are built on a hot path.
const ORDER = Array.from({ length: 256 }, (_, n) => String(n));

const posWords = (pos: string) =>
  pos
    .split(/\s+/)
    .filter(Boolean)
    .map((p) => POS_WORDS[p] ?? p)
    .join(' or ');

/** Per-lexicon memo of the glossary every word row of a number shares. */
const glossaries = perPack((_: Lexicon): Record<LexiconId, string[]> => ({ H: [], G: [] }));

function glossaryOf(lex: Lexicon, text: OriginalText, id: LexiconId, n: number): string {
  const memo = glossaries(lex)[id];
  let glossary = memo[n];
  if (glossary === undefined) {
    const e = lex.entry(id, n);
    const beyond = text.info.beyondStrongs?.[n];
    glossary = memo[n] = e
      ? `${e.definition || e.kjvUsage || e.word} (Strong's ${id}${n})`
      : beyond
        ? `${beyond.gloss} (extended Strong's ${id}${n}, STEPBible)`
        : '';
  }
  return glossary;
}

/** The Strong's entry's word (or STEPBible's lemma beyond Strong's): what `pronun` reads when the word fails. */
function lemmaOf(lex: Lexicon, text: OriginalText, id: LexiconId, n: number | undefined): string {
  if (n === undefined) return '';
  return lex.entry(id, n)?.word ?? text.info.beyondStrongs?.[n]?.lemma ?? '';
}

/** Per-text memo of `pronun` by written form: a form reads the same wherever it stands. */
const pronuns = perPack((_: OriginalText) => new Map<string, string>());
/** Forms held at most: a client reading every verse would otherwise keep about 100,000 strings; the
 *  forms of a few chapters fit, and a full memo starts again rather than grow. */
const MAX_MEMO_FORMS = 20_000;

function pronunOf(lex: Lexicon, text: OriginalText, id: LexiconId, form: string, numbers: readonly number[]) {
  const memo = pronuns(text);
  let pronun = memo.get(form);
  if (pronun === undefined) {
    pronun = pronunJson(form, () => lemmaOf(lex, text, id, numbers[0]));
    if (memo.size >= MAX_MEMO_FORMS) memo.clear();
    memo.set(form, pronun);
  }
  return pronun;
}

function verseWords(ctx: Context, verse: VerseIdValue): OriginalWordRow[] {
  const { meta } = ctx;
  const ordinal = meta.versification.ordinalOf(verse.book, verse.chapter, verse.verse);
  if (ordinal < 0) {
    const chapters = meta.versification.chapterVerses[verse.book - 1];
    const name = meta.books[verse.book - 1].names.english;
    throw invalid(
      'verseId',
      verse.chapter > chapters.length
        ? `verseId ${formatVerseId(verse.book, verse.chapter, verse.verse)} is not a KJV verse: ${name} has ${chapters.length} chapters`
        : `verseId ${formatVerseId(verse.book, verse.chapter, verse.verse)} is not a KJV verse: ${name} ${verse.chapter} has ${chapters[verse.chapter - 1]} verses`,
    );
  }
  const ot = verse.book <= LAST_OT_BOOK;
  const text = originalText(ctx.pack(ORIGINAL_PACK, testamentOf(verse.book)));
  const lex = lexicon(ctx.pack(LEXICON_PACK));
  const letter: LexiconId = ot ? 'H' : 'G';
  const [first, end] = text.wordRange(ordinal);
  const verseID = String(verse.id);
  const book = String(verse.book);
  const chapter = String(verse.chapter);
  const verseNumber = String(verse.verse);
  const parashah = verse.book <= LAST_TORAH_BOOK ? text.parashah(ordinal) : '';
  const rows: OriginalWordRow[] = new Array(end - first);
  for (let w = first; w < end; w++) {
    const numbers = text.strongs(w);
    let strongs = '';
    let glossary = '';
    if (numbers.length === 1) {
      strongs = String(numbers[0]);
      glossary = glossaryOf(lex, text, letter, numbers[0]);
    } else if (numbers.length > 1) {
      // A compound word (κἀγώ = G2532 + G1473) lists each number, as the source does.
      strongs = numbers.join('+');
      glossary = numbers.map((n) => glossaryOf(lex, text, letter, n)).join('; ');
    }
    const form = text.form(w);
    rows[w - first] = {
      id: String(text.info.idBase + w + 1),
      verseID,
      book,
      chapter,
      verse: verseNumber,
      word: form,
      pronun: pronunOf(lex, text, letter, form, numbers),
      strongs,
      morph: text.morph(w),
      orig_order: ORDER[w - first + 1],
      connected: text.connected(w),
      parashah,
      notes: text.notes(w),
      glossary,
      morph_expanded: text.morphExpanded(w),
    };
  }
  return rows;
}

const lexiconIdParam = {
  name: 'lexiconId',
  type: 'choice',
  required: true,
  values: ['H', 'G'],
  description: "H for Strong's Hebrew dictionary (H1-H8674), G for the Greek one (G1-G5624)",
} as const;

/** The strings of an entry that take work to assemble, made once per number. */
interface EntryStrings {
  glossary: string;
  root: string;
  rootWord: string;
  pos: string;
  first: string;
}
const entryStrings = perPack((_: Lexicon): Record<LexiconId, EntryStrings[]> => ({ H: [], G: [] }));

function assemble(lex: Lexicon, id: LexiconId, n: number): EntryStrings {
  const memo = entryStrings(lex);
  const known = memo[id][n];
  if (known) return known;
  const e = lex.entry(id, n)!;
  const roots = e.roots ? e.roots.split(' ') : [];
  const rootWords = roots.map((r) => lex.entry(r[0] as LexiconId, Number(r.slice(1)))?.word ?? '');
  const pos = posWords(e.pos);
  const glossary = e.unused
    ? `Not used: Strong's Greek dictionary leaves G${n} unassigned (numbers 2717 and 3203-3302 were skipped).`
    : `${[
        [e.translit, e.pronunciation && `(${e.pronunciation})`].filter(Boolean).join(' '),
        pos,
        e.definition,
        e.derivation && `Derivation: ${e.derivation}`,
        e.kjvUsage && `KJV: ${e.kjvUsage}`,
        roots.length ? `Root: ${roots.map((r, i) => (rootWords[i] ? `${r} ${rootWords[i]}` : r)).join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; ')}.`;
  const first = lex.firstOccurrence(id, n);
  return (memo[id][n] = {
    glossary,
    pos,
    root: roots.join(', '),
    rootWord: rootWords.filter(Boolean).join(', '),
    first: first ? padVerseId(first) : '',
  });
}

function strongsEntry(ctx: Context, id: LexiconId, n: number) {
  const lex = lexicon(ctx.pack(LEXICON_PACK));
  const last = lex.last(id);
  if (n > last)
    throw invalid(
      'id',
      `id must be from 1 to ${last} for lexiconId ${id} (Strong's ${id === 'H' ? 'Hebrew' : 'Greek'} dictionary), got ${n}`,
    );
  const e = lex.entry(id, n)!;
  const s = assemble(lex, id, n);
  // A fresh plain literal per call (callers may change it); a spread into a literal this size would make
  // V8 take a slow path (about 10 µs a call).
  const entry: Mutable<StrongsEntry> = {
    id: String(n),
    strongs_id: e.id,
    language: id,
    word: e.word,
    glossary: s.glossary,
    occurences: String(lex.occurrences(id, n)),
    first_occurence: s.first,
    root: id === 'H' ? consonants(s.rootWord) : s.rootWord,
    root_strongs_id: s.root,
    root_word: s.rootWord,
    language_name: e.language,
    transliteration: e.translit,
    pronunciation: e.pronunciation,
    part_of_speech: s.pos,
    derivation: e.derivation,
    definition: e.definition,
    kjv_usage: e.kjvUsage,
  };
  if (e.unused) entry.unused = true;
  return entry;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Hebrew without its vowel points and accents: the hosted API gives a root this way ("אב" for H21's root). */
const consonants = (hebrew: string) => hebrew.replace(/[\u0591-\u05c7]/g, '');

/** "H430", "h0430", "G26", "H1254a" -> lexicon and number; anything else is refused. */
function parseStrongsId(raw: string): { id: LexiconId; n: number } {
  const m = /^\s*([HhGg])0*(\d{1,5})[a-zA-Z]?\s*$/.exec(raw);
  if (!m || Number(m[2]) === 0)
    throw invalid(
      'strongsId',
      `strongsId must be a Strong's number such as H430 or G26, got ${JSON.stringify(raw.slice(0, 40))}`,
    );
  return { id: m[1].toUpperCase() as LexiconId, n: Number(m[2]) };
}

export const originalOperations = [
  defineOperation({
    name: 'GetOriginalText',
    family: 'original',
    summary:
      "The Hebrew (books 1-39) or Greek (40-66) words of a verse in KJV numbering, one row per word with Strong's number, morphology, pronunciation (pronun: a JSON string {ipa, ipa_mod, sbl, dic, dic_mod} read from the word: scholarly IPA, SBL and dictionary respelling, and the modern Hebrew or Greek IPA and respelling) and glossary; [] where the source has no text (Neh 7:68).",
    params: [COMMON_PARAMS.verseId],
    result: arrayOf(ORIGINAL_WORD),
    packs: (p) => [ORIGINAL_PACK.name(testamentOf((p.verseId as VerseIdValue).book)), LEXICON_PACK.name],
    run: (ctx, p) => verseWords(ctx, p.verseId as VerseIdValue),
  }),
  defineOperation({
    name: 'GetStrongs',
    family: 'original',
    summary:
      "A Strong's dictionary entry as [{id, strongs_id, language, word, glossary, occurences, first_occurence, root, ...}].",
    params: [
      lexiconIdParam,
      {
        name: 'id',
        type: 'integer',
        required: true,
        min: 1,
        max: LAST_HEBREW,
        prefixedBy: 'lexiconId',
        maxByPrefix: { H: LAST_HEBREW, G: LAST_GREEK },
        description: `Strong's number: 1-${LAST_HEBREW} for H, 1-${LAST_GREEK} for G; or with its letter (G26, H0430), which then stands for lexiconId`,
      },
    ],
    result: arrayOf(STRONGS_ENTRY),
    packs: () => [LEXICON_PACK.name],
    run: (ctx, p) => [strongsEntry(ctx, p.lexiconId as LexiconId, p.id as number)],
  }),
  defineOperation({
    name: 'GetGreekCharactersAndUnicode',
    family: 'original',
    summary: 'The Greek letters: letter name -> {lowercase, uppercase} Unicode escape strings.',
    params: [COMMON_PARAMS.englishOnly],
    result: recordOf(object({ lowercase: string, uppercase: string })),
    packs: () => [UNICODE_PACK.name],
    run(ctx) {
      return ctx.pack(UNICODE_PACK).json('greek');
    },
  }),
  defineOperation({
    name: 'GetHebrewCharactersAndUnicodePoints',
    family: 'original',
    summary:
      'The Hebrew letters, points, accents, punctuation, marks, signs and Yiddish ligatures: category -> name -> Unicode escape string.',
    params: [COMMON_PARAMS.englishOnly],
    result: recordOf(recordOf(string)),
    packs: () => [UNICODE_PACK.name],
    run(ctx) {
      return ctx.pack(UNICODE_PACK).json('hebrew');
    },
  }),
  defineOperation({
    name: 'GetSearchStrongs',
    family: 'original',
    summary:
      "Verses whose Hebrew or Greek text carries a Strong's number (for kjv, also those whose English words are tagged with it), as [{id, b, c, v, t}] in the chosen translation.",
    params: [
      {
        name: 'strongsId',
        type: 'text',
        required: true,
        maxLength: 12,
        description: "Strong's number with its lexicon letter, e.g. H430 or G26",
      },
      COMMON_PARAMS.versionId,
    ],
    result: arrayOf(VERSE),
    packs: (p) => [STRONGS_INDEX_PACK.name, textPack(p.versionId)],
    run(ctx, p) {
      const { id, n } = parseStrongsId(p.strongsId as string);
      const index = strongsIndex(ctx.pack(STRONGS_INDEX_PACK));
      if (n > index.max(id))
        throw invalid(
          'strongsId',
          `strongsId ${id}${n} is beyond the numbers the texts use (${id}1-${id}${index.max(id)})`,
        );
      const text = ctx.translation(p.versionId);
      const { idOf, verseCount } = ctx.meta.versification;
      const rows = [];
      for (const ordinal of index.verses(id, n, p.versionId === 'kjv')) {
        if (ordinal >= verseCount)
          throw packUnusable(
            STRONGS_INDEX_PACK.name,
            `${id}${n} lists KJV verse ${ordinal + 1}, past its ${verseCount}`,
          );
        const verseId = idOf(ordinal);
        const i = text.indexOf(verseId);
        if (i >= 0) rows.push(verseRow(verseId, text.textAt(i)));
      }
      return rows;
    },
  }),
] as const;
