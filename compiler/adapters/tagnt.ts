// TAGNT adapter: STEPBible's Translators Amalgamated Greek NT, TR (KJV) words only, already placed in
// KJV verses (a TSV re-serialisation plus a supplement of rows the re-serialisation dropped). Format and
// defects: corpus provenance/original.md, section B. This adapter applies the fixes listed there.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bookByOsis } from '../../sources/books.ts';
import { composeVerseId } from '../../engine/core/ids.ts';

export interface TagntWord {
  book: number;
  /** KJV chapter and verse the word belongs to */
  chapter: number;
  verse: number;
  /** the TR (KJV) surface form with its punctuation, paragraph marks removed */
  form: string;
  /** transliteration of the surface form */
  translit: string;
  /** plain Strong's numbers of the word's morphemes (several for a compound such as κἀγώ) */
  strongs: number[];
  /** Robinson morphology code(s), " + " between morphemes */
  morph: string;
  /** STEPBible dictionary form and brief gloss of the first morpheme ("ἐν", "in/on/among") */
  lemma: string;
  gloss: string;
  /** upstream reference "Jhn.1.1#01" (without the word type) */
  ref: string;
  /** the Strong's number of the word a `Conjoin word` link joins this one to ("#08»06:G5272": the
   *  link's own position numbers do not follow #NN, so the target is found by its Strong's number) */
  conjoin?: number;
  /** #NN */
  number: number;
  /** TAGNT word type: NKO, K, N(k)O … */
  type: string;
  notes: string[];
  /** part of the subscription (colophon) printed after an epistle, not verse text */
  subscription: boolean;
}

export interface TagntText {
  /** words in KJV verse order */
  words: TagntWord[];
  /** KJV verses known to lack words, with what is missing */
  incomplete: { book: number; chapter: number; verse: number; reason: string }[];
  /** how many rows had their NA form replaced by the TR reading, and by which rule */
  fixes: { trReading: number; trFromByz: number; trSpelling: number; supplement: number; resorted: number };
}

const WORD_REF = /^([1-3]?[A-Za-z]+)\.(\d+)\.(\d+)(?:[[({]\d+\.\d+[\])}])*#(\d+)=(.*)$/;

/** The gaps the provenance documents: the TR words the source lacks, and where they belong. */
const KNOWN_GAPS: { ref: string; after: number; missing: string }[] = [
  { ref: 'Rom.3.25', after: 23, missing: 'ἐν τῇ ἀνοχῇ τοῦ θεοῦ' },
  { ref: 'Rev.5.11', after: 17, missing: 'καὶ ἦν ὁ ἀριθμὸς αὐτῶν μυριάδες μυριάδων' },
];

interface Row {
  cols: string[];
  kjvBook: string;
  kjvChapter: number;
  kjvVerse: number;
  kjvPos: number;
  supplement: boolean;
}

function readRows(text: string, supplement: boolean): Row[] {
  const lines = text.split('\n');
  if (!lines[0].startsWith('kjv_book\tkjv_chapter\tkjv_verse\tkjv_pos\tWord & Type'))
    throw new Error('TAGNT: unexpected header');
  const rows: Row[] = [];
  for (const line of lines.slice(1)) {
    if (!line) continue;
    const cols = line.split('\t');
    if (cols.length !== 21)
      throw new Error(`TAGNT: a row has ${cols.length} columns, expected 21: ${line.slice(0, 80)}`);
    rows.push({
      cols: cols.slice(4),
      kjvBook: cols[0],
      kjvChapter: Number(cols[1]),
      kjvVerse: Number(cols[2]),
      kjvPos: Number(cols[3] || 0),
      supplement,
    });
  }
  return rows;
}

/** "Ἐν (En)" -> form "Ἐν", translit "En"; the paragraph mark ¶ and the ¬ once left beside it (Matt 11:17
 *  "ὠρχήσασθε,¶¬") are layout, not text. */
function splitGreek(cell: string): { form: string; translit: string } {
  const m = /^(.*?) \(([^)]*)\)$/.exec(cell.trim());
  const form = (m ? m[1] : cell).replace(/[¶¬]/g, '').trim();
  return { form, translit: m ? m[2] : '' };
}

/** "G2424G=N-GSM-P + G2532=CONJ" -> numbers [2424, 2532], morph "N-GSM-P + CONJ" */
function parseStrongsGrammar(cell: string): { strongs: number[]; morph: string } {
  // One variant cell names alternatives as "G0846|G3165«G3450=P-1GS": the number before "=" is the reading's.
  const parts = cell.split(' + ').map((p) => /^(?:\S*[|«])?G(\d+)[A-Za-z]?=(\S+)$/.exec(p.trim()));
  if (parts.some((p) => !p)) throw new Error(`TAGNT: cannot read the Strong's/grammar cell ${JSON.stringify(cell)}`);
  return { strongs: parts.map((p) => Number(p![1])), morph: parts.map((p) => p![2]).join(' + ') };
}

const trailingPunctuation = (form: string) => /[^\p{L}\p{M}]*$/u.exec(form)?.[0] ?? '';

/** The elision mark (᾽, sometimes written ’ ʼ ' or ᾿) that ends an elided word: ἀλλ᾽, δι᾽. */
const ELISION_MARK = /^[\u1FBD\u1FBF\u2019\u02BC']/u;

/**
 * The punctuation after a word whose NA spelling is replaced by the TR's: the NA form's trailing
 * punctuation without its elision mark, which belonged to the NA spelling. The TR form brings its own
 * when it is elided too (μεθ᾽ for μετ᾽), and has none when it is written in full (ἀλλὰ for ἀλλ᾽).
 */
const punctuationAfterReplacedForm = (naForm: string) => trailingPunctuation(naForm).replace(ELISION_MARK, '');
const editionsOf = (list: string) => list.split('+').map((e) => e.replace(/[«»]\d+$/, '').trim());

interface MeaningVariant {
  form: string;
  translit: string;
  gloss: string;
  strongs: number[];
  morph: string;
  editions: string[];
}

/** `form (t=translit) gloss - G0300=N-ASM-P in: TR+Byz`, several joined by " ¦ " */
function meaningVariants(cell: string): MeaningVariant[] {
  if (!cell.trim()) return [];
  return cell.split(' ¦ ').map((segment) => {
    const m = /^(.*?) \((?:\w)=([^)]*)\) (.*?) - (G\S.*?) in: (\S+)\s*$/.exec(segment.trim());
    if (!m) throw new Error(`TAGNT: cannot read the meaning variant ${JSON.stringify(segment)}`);
    return {
      form: m[1].trim(),
      translit: m[2],
      gloss: m[3].trim(),
      ...parseStrongsGrammar(m[4]),
      editions: editionsOf(m[5]),
    };
  });
}

/** `Tyn+WH: Δαυεὶδ ; +TR: Δαβὶδ ;` -> the TR spelling, if one is listed */
function trSpelling(cell: string): string | undefined {
  for (const segment of cell.split(';')) {
    const m = /^\s*\+?([^:]+):\s*(\S+)\s*$/.exec(segment);
    if (m && editionsOf(m[1]).includes('TR')) return crasisBreathing(m[2]);
  }
  return undefined;
}

/**
 * A crasis spelled with the koronis as a separate mark inside the word (John 19:35's TR spelling
 * "κα᾽κεῖνος") is printed as the breathing on the vowel: κἀκεῖνος. Inside a word ᾽ cannot be an
 * elision, which only ends a word.
 */
const crasisBreathing = (form: string) =>
  form.replace(/([αεηιουω])\u1FBD(?=\p{L})/gu, (_, vowel: string) => `${vowel}\u0313`.normalize('NFC'));

const stripHtml = (s: string) =>
  s
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Reads the TR words. Fixes applied:
 * 1. (K)/(k) rows hold the NA form; the TR form, Strong's and morphology come from the `Meaning
 *    variants` segment read "in: TR" (or "KJV"). Where there is none and the row's editions lack TR,
 *    the Byzantine variant stands in (John 9:20, 17:7: the TR agrees with Byz there); a row whose
 *    editions list TR only as displaced ("TR»1") keeps its form.
 * 2. TR spellings from `Spelling variants` replace the NA spelling (Δαυὶδ -> Δαβὶδ).
 * 3. Supplement rows are merged, and every verse is ordered by (base chapter, base verse, #NN).
 * 4. Subscriptions after the epistles are flagged; the two known gaps are recorded as incomplete.
 */
export function readTagnt(folder: string): TagntText {
  const rows = [
    ...readRows(readFileSync(join(folder, 'TAGNT-TR-KJV.tsv'), 'utf8'), false),
    ...readRows(readFileSync(join(folder, 'TAGNT-TR-KJV.supplement.tsv'), 'utf8'), true),
  ];
  const fixes: TagntText['fixes'] = { trReading: 0, trFromByz: 0, trSpelling: 0, supplement: 0, resorted: 0 };
  const words = rows.flatMap((row) => wordsOfRow(row, fixes));
  const ordered = inKjvOrder(words, fixes);
  markSubscriptions(ordered);
  return { words: ordered, incomplete: recordKnownGaps(ordered), fixes };
}

/** A word as read, with the source's own place for ordering inside a KJV verse. */
type PlacedWord = TagntWord & { baseChapter: number; baseVerse: number; kjvPos: number };

/** The word rows of one source row: its TR reading (several words when the TR has several) or its own. */
function wordsOfRow(row: Row, fixes: TagntText['fixes']): PlacedWord[] {
  const [wordType, greek, , strongsGrammar, dictionary, editions, variants, spelling, , , conjoin, , , variantNote] =
    row.cols;
  const ref = WORD_REF.exec(wordType);
  const book = bookByOsis.get(row.kjvBook);
  if (!ref || !book) throw new Error(`TAGNT: cannot read the reference ${JSON.stringify(wordType)} (${row.kjvBook})`);
  const type = ref[5];
  let { form, translit } = splitGreek(greek);
  let { strongs, morph } = parseStrongsGrammar(strongsGrammar);
  const notes: string[] = [];
  let [lemma = '', gloss = ''] = dictionary.split(' + ')[0].split('=');
  // A TR reading can be several words ("δεσμοῖς μου"): each becomes its own word row.
  let pieces: { form: string; translit: string; strongs: number[]; morph: string }[] | undefined;
  if (/\([Kk]\)/.test(type)) {
    const tr = trReadingOf(editions, variants, fixes);
    if (tr) {
      notes.push(`TR (KJV) reading; NA28 reads ${form.replace(/[^\p{L}\p{M}]+$/u, '')} (G${strongs.join('+G')})`);
      const punctuation = punctuationAfterReplacedForm(form);
      const forms = tr.form.split(' ');
      const translits = tr.translit.split(' ');
      if (forms.length > 1 && forms.length === tr.strongs.length) {
        const morphs = tr.morph.split(' + ');
        pieces = forms.map((f, i) => ({
          form: f + (i === forms.length - 1 ? punctuation : ''),
          translit: translits[i] ?? '',
          strongs: [tr.strongs[i]],
          morph: morphs[i],
        }));
      }
      form = tr.form + punctuation;
      translit = tr.translit;
      strongs = tr.strongs;
      morph = tr.morph;
      lemma = '';
      gloss = tr.gloss;
      fixes.trReading++;
    }
  } else {
    const spelled = trSpelling(spelling);
    if (spelled && spelled !== form.replace(/[^\p{L}\p{M}]+$/u, '')) {
      form = spelled + punctuationAfterReplacedForm(form);
      fixes.trSpelling++;
    }
  }
  const note = stripHtml(variantNote.replace(/^[\^v]\s*/, ''));
  if (note) notes.push(note);
  const link = /^#\d+[»«]\d+:G0*(\d+)/.exec(conjoin);
  if (row.supplement) fixes.supplement++;
  return (pieces ?? [{ form, translit, strongs, morph }]).map((piece) => ({
    book: book.number,
    chapter: row.kjvChapter,
    verse: row.kjvVerse,
    ...piece,
    lemma,
    gloss,
    ref: wordType.replace(/=.*$/, ''),
    number: Number(ref[4]),
    type,
    ...(link ? { conjoin: Number(link[1]) } : {}),
    notes: [...notes],
    subscription: false,
    baseChapter: Number(ref[2]),
    baseVerse: Number(ref[3]),
    kjvPos: row.kjvPos,
  }));
}

/** The TR (KJV) reading among a row's meaning variants; the Byzantine one when the TR follows it unlisted. */
function trReadingOf(
  editions: string,
  variants: string,
  fixes: TagntText['fixes'],
): ReturnType<typeof meaningVariants>[number] | undefined {
  const options = meaningVariants(variants);
  const tr = options.find((v) => v.editions.includes('TR') || v.editions.includes('KJV'));
  if (tr || editionsOf(editions).includes('TR') || editions.includes('TR»') || editions.includes('TR«')) return tr;
  const byz = options.find((v) => v.editions.includes('Byz'));
  if (byz) fixes.trFromByz++;
  return byz;
}

const verseKey = (w: TagntWord) => composeVerseId(w.book, w.chapter, w.verse);

/** Order: canonical verse, then (base chapter, base verse, #NN) inside the verse. */
function inKjvOrder(words: PlacedWord[], fixes: TagntText['fixes']): TagntWord[] {
  const byVerse = new Map<number, PlacedWord[]>();
  for (const w of words) {
    const key = verseKey(w);
    if (!byVerse.has(key)) byVerse.set(key, []);
    byVerse.get(key)!.push(w);
  }
  const ordered: TagntWord[] = [];
  for (const key of [...byVerse.keys()].sort((a, b) => a - b)) {
    const verse = byVerse.get(key)!;
    verse.sort((a, b) => a.baseChapter - b.baseChapter || a.baseVerse - b.baseVerse || a.number - b.number);
    // Counted: verses whose order now differs from Metaxia's kjv_pos (supplement rows have none; the
    // rows of a split multi-word reading share one).
    if (verse.some((w, i) => w.kjvPos === 0 || (i > 0 && w.kjvPos < verse[i - 1].kjvPos))) fixes.resorted++;
    for (const { baseChapter: _c, baseVerse: _v, kjvPos: _p, ...w } of verse) ordered.push(w);
  }
  return ordered;
}

/** Flags the subscription after the last verse of each epistle that carries one. */
function markSubscriptions(ordered: TagntWord[]): void {
  for (let book = EPISTLES.first; book <= EPISTLES.last; book++) {
    const inBook = ordered.filter((w) => w.book === book);
    if (inBook.length === 0) throw new Error(`TAGNT: book ${book} (an epistle with a subscription) has no words`);
    const lastKey = verseKey(inBook[inBook.length - 1]);
    markSubscription(inBook.filter((w) => verseKey(w) === lastKey));
  }
}

/** Notes the two documented gaps on the word they follow, and lists their verses as incomplete. */
function recordKnownGaps(ordered: TagntWord[]): TagntText['incomplete'] {
  const incomplete: TagntText['incomplete'] = [];
  for (const gap of KNOWN_GAPS) {
    const [osis, c, v] = gap.ref.split('.');
    const book = bookByOsis.get(osis)!.number;
    const at = ordered.find(
      (w) =>
        w.book === book &&
        w.chapter === Number(c) &&
        w.verse === Number(v) &&
        w.number === gap.after &&
        w.ref.startsWith(gap.ref),
    );
    if (!at) throw new Error(`TAGNT: the documented gap in ${gap.ref} after word #${gap.after} is not where expected`);
    const reason = `the source lacks the TR words "${gap.missing}" after word #${gap.after}`;
    at.notes.push(`Incomplete verse: ${reason}`);
    incomplete.push({ book, chapter: Number(c), verse: Number(v), reason });
  }
  return incomplete;
}

const EPISTLES = { first: 45, last: 58 }; // Romans to Hebrews carry a subscription in the TR

/**
 * A subscription is the run of TR-only (type K) words that starts with πρός after the last verse's
 * text, e.g. "πρὸς Ῥωμαίους ἐγράφη ἀπὸ Κορίνθου…". The KJV prints it after the verse, not in it.
 */
function markSubscription(verse: TagntWord[]): void {
  let start = verse.length;
  while (start > 0 && verse[start - 1].type === 'K') start--;
  const first = verse.findIndex(
    (w, i) => i >= start && /^πρ[όὸ]ς$/i.test(w.form.normalize('NFC').replace(/[^\p{L}\p{M}]/gu, '')),
  );
  if (first < 0) return;
  for (let i = first; i < verse.length; i++) {
    verse[i].subscription = true;
    verse[i].notes.push('Subscription (colophon printed after the epistle), not verse text');
  }
}
