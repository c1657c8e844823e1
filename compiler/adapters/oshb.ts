// OSHB adapter: the Open Scriptures Hebrew Bible (Westminster Leningrad Codex with Strong's lemmas and
// morphology) as OSIS XML, one file per book, plus VerseMap.xml (WLC -> KJV numbering). Formats and
// defects are described in the corpus provenance (provenance/original.md, section A).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BOOKS, bookByOsis } from '../../sources/books.ts';
import { decodeXmlEntities } from './filters/osis.ts';
import { verseIdOf } from '../../engine/core/ids.ts';

export interface VerseRef {
  book: number;
  chapter: number;
  verse: number;
}

export interface OshbWord {
  /** surface form as written, morpheme slashes removed */
  form: string;
  /** the surface form with OSHB's morpheme separators ("בְּ/רֵאשִׁ֖ית") */
  segments: string;
  /** OSHB lemma: "b/7225", "1254 a", "1008+" */
  lemma: string;
  /** OSHB morphology code: "HR/Ncfsa" */
  morph: string;
  /** OSHB word id ("01xeN") */
  sourceId: string;
  /** joined to the next word by a maqqef */
  maqqef: boolean;
  /** followed by a paseq (a vertical stroke separating it from the next word) */
  paseq: boolean;
  /** ends the verse with sof pasuq */
  sofPasuq: boolean;
  /** ketiv/qere and textual notes, in source order */
  notes: string[];
}

export interface OshbVerse extends VerseRef {
  /** the verse's own KJV reference from a `<note>KJV:Ps.3.1</note>` */
  kjvNote?: VerseRef;
  words: OshbWord[];
}

const TOKEN = /<note\b[^>]*>[\s\S]*?<\/note>|<note\b[^>]*\/>|<w\b[^>]*>[\s\S]*?<\/w>|<seg\b[^>]*>[\s\S]*?<\/seg>/g;

const attr = (tag: string, name: string): string | undefined => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
const inner = (element: string): string => element.replace(/^<[^>]*>/, '').replace(/<\/[^>]*>$/, '');
const stripTags = (xml: string): string => decodeXmlEntities(xml.replace(/<[^>]*>/g, ''));
const clean = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** "Gen.1.1" -> {book, chapter, verse}; a trailing "!a"/"!b" (half verse) is returned separately. */
export function parseOsisRef(ref: string): VerseRef & { half?: 'a' | 'b' } {
  const m = /^([1-3]?[A-Za-z]+)\.(\d+)\.(\d+)(?:!([ab]))?$/.exec(ref);
  const book = m && bookByOsis.get(m[1]);
  if (!m || !book) throw new Error(`OSHB: cannot read the reference ${JSON.stringify(ref)}`);
  return {
    book: book.number,
    chapter: Number(m[2]),
    verse: Number(m[3]),
    ...(m[4] ? { half: m[4] as 'a' | 'b' } : {}),
  };
}

function readWord(element: string): OshbWord {
  const open = /^<w\b[^>]*>/.exec(element)![0];
  const segments = stripTags(inner(element));
  const lemma = attr(open, 'lemma');
  const morph = attr(open, 'morph');
  const sourceId = attr(open, 'id');
  if (lemma === undefined || morph === undefined || sourceId === undefined)
    throw new Error(`OSHB: word without lemma, morph or id: ${element.slice(0, 120)}`);
  return {
    form: segments.replace(/\//g, ''),
    segments,
    lemma,
    morph,
    sourceId,
    maqqef: false,
    paseq: false,
    sofPasuq: false,
    notes: [],
  };
}

/** A textual note as one line of plain text ("We read one or more consonants …"). */
function noteText(element: string): string {
  const open = /^<note\b[^>]*>/.exec(element)![0];
  const type = attr(open, 'type');
  if (type === 'alternative') {
    const reading = /<rdg\b[^>]*>([\s\S]*?)<\/rdg>/.exec(element)?.[1];
    const kind = attr(/<rdg\b[^>]*>/.exec(element)?.[0] ?? '', 'type');
    return reading
      ? `Alternative ${kind === 'x-accent' ? 'accentuation' : 'reading'}: ${clean(stripTags(reading)).replace(/\//g, '')}`
      : '';
  }
  // Exegesis notes show a word division with OSHB's "/", which is the point of the note: keep it.
  return clean(stripTags(element.replace(/<catchWord>[\s\S]*?<\/catchWord>/g, '')));
}

/**
 * The words of a Qere reading, with the maqqef or paseq that joins one of them to the next inside the
 * reading (<w>…</w><seg type="x-maqqef">־</seg><w>…</w>).
 */
function qereWords(note: string): OshbWord[] {
  const words: OshbWord[] = [];
  for (const [token] of note.matchAll(/<w\b[^>]*>[\s\S]*?<\/w>|<seg\b[^>]*>/g)) {
    if (token.startsWith('<w')) words.push(readWord(token));
    else if (words.length && attr(token, 'type') === 'x-maqqef') words[words.length - 1].maqqef = true;
    else if (words.length && attr(token, 'type') === 'x-paseq') words[words.length - 1].paseq = true;
  }
  return words;
}

/** A verse being read: its words so far, and the Ketiv words and notes that wait for their Qere. */
interface VerseReading {
  verse: OshbVerse;
  /** ketiv words waiting for their qere note */
  ketiv: OshbWord[];
  /** what joins the waiting Ketiv words when the note quotes them: a space, or a maqqef inside the Ketiv */
  ketivJoin: string;
  /** notes met between a Ketiv and its Qere, for the last word of the reading */
  deferred: string[];
}

const lastWord = (reading: VerseReading): OshbWord | undefined => reading.verse.words[reading.verse.words.length - 1];

/** The notes that waited for a Qere go to the last word of the verse so far. */
function attachDeferredNotes(reading: VerseReading): void {
  if (!reading.deferred.length) return;
  lastWord(reading)?.notes.push(...reading.deferred);
  reading.deferred = [];
}

/** A Ketiv with no Qere note at all is not expected; its words are kept, marked, rather than lost. */
function flushKetiv(reading: VerseReading): void {
  for (const k of reading.ketiv) {
    k.notes.push('Ketiv (written form)');
    reading.verse.words.push(k);
  }
  reading.ketiv = [];
  attachDeferredNotes(reading);
}

/** A word: a Ketiv waits for its Qere; any other word ends a waiting Ketiv and joins the verse. */
function readWordToken(reading: VerseReading, token: string): void {
  const word = readWord(token);
  if (/\stype="x-ketiv"/.test(/^<w\b[^>]*>/.exec(token)![0])) {
    reading.ketiv.push(word);
    return;
  }
  flushKetiv(reading);
  reading.verse.words.push(word);
}

/** A maqqef, paseq or sof pasuq marks the word before it (a waiting Ketiv's, else the verse's last). */
function readSegToken(reading: VerseReading, token: string): void {
  const type = attr(token, 'type');
  if (type === 'x-maqqef' && / subType="x-ketiv"/.test(token)) {
    reading.ketivJoin = '־';
    return;
  }
  const last = reading.ketiv.length ? reading.ketiv[reading.ketiv.length - 1] : lastWord(reading);
  if (!last) return;
  if (type === 'x-maqqef') last.maqqef = true;
  else if (type === 'x-paseq') last.paseq = true;
  else if (type === 'x-sof-pasuq') last.sofPasuq = true;
  // x-pe / x-samekh (paragraph marks) and the others carry no word information.
}

/** The Qere words, each noting the Ketiv it replaces; the last joins the next word as the Ketiv did. */
function qereForKetiv(ketiv: OshbWord[], ketivJoin: string, qere: OshbWord[]): OshbWord[] {
  const written = ketiv.map((k) => k.form).join(ketivJoin);
  qere.forEach((q, i) => {
    q.notes.push(
      ketiv.length === qere.length
        ? `Ketiv: ${ketiv[i].form}; Qere: ${q.form}`
        : i === 0
          ? `Ketiv: ${written}; Qere: ${qere.map((x) => x.form).join(' ')}`
          : 'Qere (see the previous word)',
    );
  });
  // The join to the next word follows the written text.
  const lastQere = qere[qere.length - 1];
  const lastKetiv = ketiv[ketiv.length - 1];
  lastQere.maqqef = lastKetiv.maqqef;
  lastQere.paseq = lastKetiv.paseq;
  lastQere.sofPasuq = lastKetiv.sofPasuq;
  return qere;
}

/** A variant note: its Qere replaces the waiting Ketiv; either one alone is kept, marked. */
function readVariantNote(reading: VerseReading, token: string): void {
  const qere = qereWords(token);
  const { ketiv, verse } = reading;
  if (ketiv.length && qere.length) {
    verse.words.push(...qereForKetiv(ketiv, reading.ketivJoin, qere));
  } else if (ketiv.length) {
    for (const k of ketiv) {
      k.notes.push('Ketiv without Qere: written but not read');
      verse.words.push(k);
    }
  } else {
    for (const q of qere) {
      q.notes.push('Qere without Ketiv: read but not written');
      verse.words.push(q);
    }
  }
  reading.ketiv = [];
  reading.ketivJoin = ' ';
  attachDeferredNotes(reading);
}

/** Any other note: the verse's KJV reference, or a textual note for the word before it. */
function readOtherNote(reading: VerseReading, token: string): void {
  const kjv = /^<note>KJV:([^<]+)<\/note>$/.exec(token);
  if (kjv) {
    reading.verse.kjvNote = parseOsisRef(kjv[1].trim());
    return;
  }
  const text = noteText(token);
  if (!text) return;
  // A note between a Ketiv and its Qere belongs to the reading, so it waits for the Qere.
  if (reading.ketiv.length) reading.deferred.push(text);
  else lastWord(reading)?.notes.push(text);
}

function readVerse(osisId: string, body: string): OshbVerse {
  const ref = parseOsisRef(osisId);
  const verse: OshbVerse = { book: ref.book, chapter: ref.chapter, verse: ref.verse, words: [] };
  const reading: VerseReading = { verse, ketiv: [], ketivJoin: ' ', deferred: [] };
  for (const [token] of body.matchAll(TOKEN)) {
    if (token.startsWith('<w')) readWordToken(reading, token);
    else if (token.startsWith('<seg')) readSegToken(reading, token);
    else if (/^<note type="variant">/.test(token)) readVariantNote(reading, token);
    else readOtherNote(reading, token);
  }
  flushKetiv(reading);
  return verse;
}

/**
 * Reads one book. Word order is the document order of the words outside notes, except that a Ketiv
 * (written form) is replaced by its Qere (the form read aloud, which the KJV translates); the Ketiv is
 * kept in the Qere word's notes.
 */
export function readOshbBook(xml: string): OshbVerse[] {
  return [...xml.matchAll(/<verse osisID="([^"]+)">([\s\S]*?)<\/verse>/g)].map((match) =>
    readVerse(match[1], match[2]),
  );
}

export interface VerseMapEntry {
  wlc: VerseRef & { half?: 'a' | 'b' };
  kjv: VerseRef & { half?: 'a' | 'b' };
  type: 'full' | 'partial';
}

export function readVerseMap(xml: string): VerseMapEntry[] {
  return [...xml.matchAll(/<verse\b[^>]*\/>/g)].map(([tag]) => ({
    wlc: parseOsisRef(attr(tag, 'wlc')!),
    kjv: parseOsisRef(attr(tag, 'kjv')!),
    type: attr(tag, 'type') === 'partial' ? 'partial' : 'full',
  }));
}

/** Every book in canonical order, plus the verse map. */
export function readOshb(folder: string): { books: OshbVerse[][]; verseMap: VerseMapEntry[] } {
  const books = BOOKS.filter((b) => b.testament === 'OT').map((b) =>
    readOshbBook(readFileSync(join(folder, `${b.osis}.xml`), 'utf8')),
  );
  return { books, verseMap: readVerseMap(readFileSync(join(folder, 'VerseMap.xml'), 'utf8')) };
}

/**
 * Where VerseMap splits a WLC verse between two KJV verses it only says "first half" / "second half".
 * The split point is the verse's main divider: the atnach in prose; in Ps 13:6 the oleh-weyored (the
 * poetic books' higher divider); in 1 Kgs 20:3 the zaqef after "Ben-hadad", where KJV 20:3 begins
 * ("Thy silver..."). Each entry names the last word of the first half, so a changed source fails the build.
 */
const HALF_VERSE_SPLITS: Record<string, string> = {
  '11.18.34': 'הָעֵצִ֑ים',
  '11.20.3': 'הֲדַ֔ד',
  '11.22.21': 'אֲפַתֶּ֑נּוּ',
  '23.63.19': 'עֲלֵיהֶ֑ם',
  '19.13.6': 'בִּֽישׁוּעָ֫תֶ֥ךָ',
};

const refKey = (r: VerseRef) => `${r.book}.${r.chapter}.${r.verse}`;

export interface KjvMapping {
  /** words per KJV verseId (b*1e6+c*1e3+v), in WLC order */
  words: Map<number, OshbWord[]>;
  /** the WLC verses (as "B.C.V", with "a"/"b" for halves) feeding each KJV verse */
  sources: Map<number, string[]>;
}

/**
 * Maps WLC verses to KJV numbering: VerseMap "full" entries first, then the verse's own `KJV:` note,
 * else the same reference. Psalm titles (WLC verses 1..k in a chapter VerseMap shifts by k) join KJV
 * verse 1, where the KJV prints its superscription. Half-verse entries split at HALF_VERSE_SPLITS.
 */
export function mapToKjv(books: OshbVerse[][], verseMap: VerseMapEntry[]): KjvMapping {
  const full = new Map<string, VerseRef>();
  const halves = new Map<string, Partial<Record<'a' | 'b' | 'whole', VerseRef>>>();
  const psalmShift = new Map<number, number>();
  for (const e of verseMap) {
    if (e.type === 'full') full.set(refKey(e.wlc), e.kjv);
    else {
      const key = refKey(e.wlc);
      halves.set(key, {
        ...halves.get(key),
        [e.wlc.half ?? 'whole']: { book: e.kjv.book, chapter: e.kjv.chapter, verse: e.kjv.verse },
      });
    }
    if (e.wlc.book === 19 && e.kjv.chapter === e.wlc.chapter) {
      const shift = e.wlc.verse - e.kjv.verse;
      psalmShift.set(e.wlc.chapter, Math.max(psalmShift.get(e.wlc.chapter) ?? 0, shift));
    }
  }
  const words = new Map<number, OshbWord[]>();
  const sources = new Map<number, string[]>();
  const add = (kjv: VerseRef, part: OshbWord[], label: string) => {
    const id = verseIdOf(kjv);
    if (!words.has(id)) {
      words.set(id, []);
      sources.set(id, []);
    }
    words.get(id)!.push(...part);
    sources.get(id)!.push(label);
  };
  for (const book of books) {
    for (const v of book) {
      const key = refKey(v);
      const fallback: VerseRef =
        full.get(key) ??
        v.kjvNote ??
        (v.book === 19 && v.verse <= (psalmShift.get(v.chapter) ?? 0) ? { book: 19, chapter: v.chapter, verse: 1 } : v);
      const half = halves.get(key);
      if (!half) {
        add(fallback, v.words, key);
        continue;
      }
      if (half.whole) {
        add(half.whole, v.words, key);
        continue;
      }
      const last = HALF_VERSE_SPLITS[key];
      const at = v.words.findIndex((w) => w.form.normalize('NFC') === last?.normalize('NFC'));
      if (at < 0)
        throw new Error(
          `OSHB ${key}: VerseMap splits this verse, but its split word ${last ?? '(none listed)'} was not found`,
        );
      const first = v.words.slice(0, at + 1);
      const second = v.words.slice(at + 1);
      add(half.a ?? (half.b ? v : fallback), first, `${key}a`);
      add(half.b ?? (half.a ? v : fallback), second, `${key}b`);
    }
  }
  return { words, sources };
}
