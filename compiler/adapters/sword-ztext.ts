// SWORD zText adapter: reads a CrossWire module zip (kjv, asv, bbe, dby, wbt, ylt, rv1909) into clean
// plain verse text. The binary layout (.bzs block index, .bzv entry index, zlib blocks in .bzz) and the
// per-module quirks are described in the corpus provenance (provenance/bibles.md, "SWORD zText").
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import { BOOKS } from '../../sources/books.ts';
import type { AdapterContext, ChapterVerseTable, TranslationText, VerseRecord } from './types.ts';
import { attribute, blockStartsIn, decodeXmlEntities, osisToText } from './filters/osis.ts';
import { gbfToText } from './filters/gbf.ts';
import { plainToText } from './filters/plain.ts';
import {
  cleanNoteText,
  countedLength,
  joinMarkup,
  keepOrphanNotes,
  markupRecorder,
  type MarkupRecorder,
} from './markup-recorder.ts';

/** The one Psalm-title rule every translation follows (for the README / catalog). */
export const PSALM_TITLE_RULE =
  'A Psalm superscription ("A Psalm of David.") is kept as the start of the text of the verse it is ' +
  'printed with (verse 1, KJV numbering), followed by a single space, as YLT and Webster print it. ' +
  'Every other title is dropped: the Ps 119 acrostic letters (ALEPH, Aleph., א ALEPH.), the Psalter ' +
  'book headings (ASV "BOOK II" to "BOOK V"), section headings and the KJV Pauline colophons. ' +
  'Subscriptions the source prints as verse text stay (Hab 3:19 "To the chief singer…" in KJV, KJV1611, ' +
  "WBT, YLT, DBY, BBE, RV1909; RV1909's Pauline subscriptions); ASV marks Hab 3:19's as a title and " +
  'WEB as a paragraph after the verse, so those two drop it.';

// The Ps 119 stanza letters as the seven modules spell them (KJV/ASV drop them as OSIS titles already).
const ACROSTIC_LETTERS = [
  'aleph',
  'beth',
  'gimel',
  'daleth',
  'he',
  'vau',
  'waw',
  'zain',
  'cheth',
  'heth',
  'teth',
  'jod',
  'yod',
  'caph',
  'kaph',
  'lamed',
  'mem',
  'nun',
  'samech',
  'ain',
  'pe',
  'tzade',
  'tzaddi',
  'tsaddi',
  'koph',
  'coph',
  'resh',
  'schin',
  'shin',
  'sin',
  'tau',
  'taw',
].join('|');
// Either "Aleph." in any case, or a bare all-caps "MEM" (SpaRV drops the period twice). A mixed-case
// word without a period is real text ("He shall ..."), so it is left alone. BBE's title leaves "ALEPH ".
const HEBREW_LETTER = '(?:[\\u05D0-\\u05EA]\\s*)?';
const ACROSTIC_WITH_PERIOD = new RegExp(`^${HEBREW_LETTER}(?:${ACROSTIC_LETTERS})\\.\\s*`, 'i');
const ACROSTIC_ALL_CAPS = new RegExp(`^${HEBREW_LETTER}(?:${ACROSTIC_LETTERS.toUpperCase()})\\s+`);

/**
 * Removes the stanza letter that Darby, BBE, Webster, YLT and SpaRV print at the start of every
 * eighth verse of Ps 119, so all translations agree (it is a heading, not verse text).
 */
export function stripPsalm119Acrostic(text: string, verse: number): string {
  if ((verse - 1) % 8 !== 0) return text;
  const pattern = ACROSTIC_WITH_PERIOD.test(text) ? ACROSTIC_WITH_PERIOD : ACROSTIC_ALL_CAPS;
  return text.replace(pattern, '');
}

/** A markup filter turns one raw verse entry into clean plain text. */
export type SwordFilter = (raw: string, moduleName: string, rec?: MarkupRecorder) => string;

/** The parts of a module's .conf the catalog shows, plus every key as parsed. */
export interface SwordConf {
  /** the `[Name]` section header, e.g. "KJV", "SpaRV" */
  moduleName: string;
  description?: string;
  /** `\par` turned into newlines */
  about?: string;
  distributionLicense?: string;
  version?: string;
  /** "OSIS", "GBF", ... or undefined for plain text */
  sourceType?: string;
  lang?: string;
  /** every key with all its values in file order (keys such as GlobalOptionFilter repeat) */
  values: Record<string, string[]>;
}

/** One raw `.bzv` entry as the module stores it, with its place in the KJV grid. */
export interface SwordRawVerse {
  book: number;
  chapter: number;
  verse: number;
  raw: string;
}

interface SwordModuleFiles {
  conf: SwordConf;
  /** keyed by "ot.bzs", "nt.bzz", ... */
  data: Map<string, Uint8Array>;
}

const utf8 = new TextDecoder('utf-8');
const PSALMS = 19;

/**
 * Parses a SWORD .conf (INI). Keys can repeat, so every key maps to a list of values.
 * Lines ending in a backslash continue on the next line (SWORD's continuation rule).
 */
export function parseSwordConf(text: string): Record<string, string[]> {
  const values: Record<string, string[]> = {};
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i];
    while (line.endsWith('\\') && i + 1 < lines.length) line = `${line.slice(0, -1)}\n${lines[++i]}`;
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('[')) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    const key = line.slice(0, eq).trim();
    (values[key] ??= []).push(line.slice(eq + 1).trim());
  }
  return values;
}

function confFromText(text: string): SwordConf {
  const values = parseSwordConf(text);
  const first = (key: string) => values[key]?.[0];
  const about = first('About');
  return {
    moduleName: /^\s*\[([^\]]+)\]/m.exec(text)?.[1] ?? '',
    description: first('Description'),
    // `\par` is RTF's paragraph break; the catalog wants plain text.
    about: about?.replace(/\s*\\par\s?/g, '\n').trim(),
    distributionLicense: first('DistributionLicense'),
    version: first('Version'),
    sourceType: first('SourceType'),
    lang: first('Lang'),
    values,
  };
}

function openModule(zipPath: string): SwordModuleFiles {
  const files = unzipSync(readFileSync(zipPath));
  const confNames = Object.keys(files).filter((name) => /^mods\.d\/[^/]+\.conf$/i.test(name));
  if (confNames.length !== 1) throw new Error(`${zipPath}: expected one mods.d/*.conf, found ${confNames.length}`);
  const conf = confFromText(utf8.decode(files[confNames[0]]));
  const data = new Map<string, Uint8Array>();
  for (const [name, bytes] of Object.entries(files)) {
    const base = /\/((?:ot|nt)\.bz[svz])$/.exec(name)?.[1];
    if (base) data.set(base, bytes);
  }
  return { conf, data };
}

/** Reads only the module's .conf (About, DistributionLicense, Version, Description, ...). */
export function readSwordConf(zipPath: string): SwordConf {
  return openModule(zipPath).conf;
}

/**
 * Returns a function giving the raw text of entry n of one testament. Blocks are inflated on first use
 * and kept, since consecutive entries almost always share a block (one block per book).
 */
function testamentReader(module: SwordModuleFiles, testament: 'ot' | 'nt', zipPath: string) {
  const bzs = module.data.get(`${testament}.bzs`);
  const bzv = module.data.get(`${testament}.bzv`);
  const bzz = module.data.get(`${testament}.bzz`);
  if (!bzs || !bzv || !bzz) throw new Error(`${zipPath}: missing ${testament}.bzs/.bzv/.bzz`);
  const blockIndex = new DataView(bzs.buffer, bzs.byteOffset, bzs.byteLength);
  const entryIndex = new DataView(bzv.buffer, bzv.byteOffset, bzv.byteLength);
  const blocks = new Map<number, Uint8Array>();
  // SWORD's default encoding is Latin-1; only `Encoding=UTF-8` modules are UTF-8. (BBE, YLT and
  // Webster have no Encoding key but are pure ASCII, so either reading gives the same text.)
  const decoder = module.conf.values.Encoding?.[0]?.toUpperCase() === 'UTF-8' ? utf8 : new TextDecoder('latin1');

  function block(n: number): Uint8Array {
    let inflated = blocks.get(n);
    if (!inflated) {
      const offset = blockIndex.getUint32(n * 12, true);
      const size = blockIndex.getUint32(n * 12 + 4, true);
      // Node's native inflate: a few times faster than fflate's on the 10 modules' blocks.
      inflated = inflateSync(bzz!.subarray(offset, offset + size));
      blocks.set(n, inflated);
    }
    return inflated;
  }

  return {
    entryCount: bzv.byteLength / 10,
    entry(n: number): string {
      const blockNumber = entryIndex.getUint32(n * 10, true);
      const start = entryIndex.getUint32(n * 10 + 4, true);
      const length = entryIndex.getUint16(n * 10 + 8, true);
      if (length === 0) return '';
      return decoder.decode(block(blockNumber).subarray(start, start + length));
    },
  };
}

/**
 * The book's own short name from its intro entry, where the module has one (ASV, Darby, SpaRV):
 * `<milestone type="x-usfm-h" n="Génesis"/>`, else the longer x-usfm-toc1. Only milestones after the
 * book's own `<div type="book" osisID="…">` count: ASV's Genesis intro first carries the front matter,
 * which has milestones of its own ("Front Matter").
 */
function bookNameFromIntro(intro: string, osis: string): string | undefined {
  const bookStart = new RegExp(`<div\\b[^>]*\\sosisID="${osis}"[^>]*>`).exec(intro);
  const own = bookStart ? intro.slice(bookStart.index) : intro;
  const names = new Map<string, string>();
  for (const [tag] of own.matchAll(/<milestone\b[^>]*>/g)) {
    const type = attribute(tag, 'type');
    const n = attribute(tag, 'n');
    if (type && n && !names.has(type)) names.set(type, decodeXmlEntities(n).trim());
  }
  return names.get('x-usfm-h') || names.get('x-usfm-toc1') || undefined;
}

/** A book's title as its intro entry prints it: the `<title type="main">` lines, in order, as one line
 *  ("THE GOSPEL ACCORDING TO ST. MATTHEW"); undefined when the intro has none. */
function bookTitleFromIntro(intro: string, osis: string): string | undefined {
  const bookStart = new RegExp(`<div\\b[^>]*\\sosisID="${osis}"[^>]*>`).exec(intro);
  const own = bookStart ? intro.slice(bookStart.index) : intro;
  const lines: string[] = [];
  for (const [, tag, body] of own.matchAll(/(<title\b[^>]*>)([\s\S]*?)<\/title>/g))
    if (attribute(tag, 'type') === 'main') lines.push(decodeXmlEntities(body.replace(/<[^>]*>/g, '')));
  const title = cleanNoteText(lines.join(' '));
  return title || undefined;
}

/** Each book's title, where its intro has one, as a title block before its first verse. */
function addBookTitles(verses: VerseRecord[], bookIntros: Map<number, string>): void {
  let previousBook = 0;
  for (const record of verses) {
    if (record.book === previousBook) continue;
    previousBook = record.book;
    const osis = BOOKS[record.book - 1]?.osis;
    const title = osis && bookTitleFromIntro(bookIntros.get(record.book) ?? '', osis);
    if (!title) continue;
    const block = { type: 'title' as const, kind: 'book' as const, content: [{ type: 'text' as const, text: title }] };
    record.markup = joinMarkup({ blocks: [{ at: 0, block }] }, record.markup);
  }
}

/**
 * Walks every entry of both testaments in KJV order and hands back the raw verse entries plus the
 * book-intro entries. Entry order per testament: module header, testament header, then per book an
 * intro entry and per chapter an intro entry followed by its verses.
 */
export function readSwordRaw(zipPath: string, kjvChapterVerses: ChapterVerseTable) {
  const module = openModule(zipPath);
  const verses: SwordRawVerse[] = [];
  const bookIntros = new Map<number, string>();
  /** chapter intro entries by bookAndChapterId number (book * 1000 + chapter) */
  const chapterIntros = new Map<number, string>();
  for (const testament of ['ot', 'nt'] as const) {
    const reader = testamentReader(module, testament, zipPath);
    const books = BOOKS.filter((b) => b.testament === testament.toUpperCase());
    // The KJV grid must use up the index exactly; anything else means a wrong table or another versification.
    const needed = books.reduce(
      (sum, book) => sum + 1 + kjvChapterVerses[book.number - 1].reduce((c, verses) => c + 1 + verses, 0),
      2,
    );
    if (needed !== reader.entryCount) {
      throw new Error(`${zipPath}: ${testament} index has ${reader.entryCount} entries, KJV grid needs ${needed}`);
    }
    let n = 2;
    for (const book of books) {
      bookIntros.set(book.number, reader.entry(n++));
      kjvChapterVerses[book.number - 1].forEach((verseCount, chapterIndex) => {
        // chapter intro: headings and milestones only (a paragraph or poetry line that verse 1 opens)
        chapterIntros.set(book.number * 1000 + chapterIndex + 1, reader.entry(n++));
        for (let verse = 1; verse <= verseCount; verse++) {
          verses.push({ book: book.number, chapter: chapterIndex + 1, verse, raw: reader.entry(n++) });
        }
      });
    }
  }
  return { conf: module.conf, verses, bookIntros, chapterIntros };
}

/** Picks the markup filter from the conf's SourceType; no SourceType means plain text (Webster). */
export function filterFor(conf: SwordConf): SwordFilter {
  const type = (conf.sourceType ?? '').toUpperCase();
  if (type === 'OSIS') return osisToText;
  if (type === 'GBF') return gbfToText;
  if (type === '' || type === 'PLAIN') return plainToText;
  throw new Error(`SWORD module ${conf.moduleName}: unsupported SourceType=${conf.sourceType}`);
}

const LEADING_TITLE = /^\s*(<title\b[^>]*>[\s\S]*?<\/title>)/;

/**
 * BBE's Psalm 73 superscription sits at the start of Ps 72:20, a leftover of mapping BBE's own
 * numbering onto KJV slots. A title opening the last verse of a psalm belongs to the next psalm, so it
 * is moved to the start of that psalm's verse 1 (when that verse has no title of its own).
 */
function movePsalmTitlesToNextPsalm(verses: SwordRawVerse[], kjvChapterVerses: ChapterVerseTable): void {
  for (let i = 0; i + 1 < verses.length; i++) {
    const here = verses[i];
    const next = verses[i + 1];
    if (here.book !== PSALMS || next.book !== PSALMS || next.verse !== 1) continue;
    if (here.verse !== kjvChapterVerses[PSALMS - 1][here.chapter - 1]) continue;
    const title = LEADING_TITLE.exec(here.raw)?.[1];
    if (!title || next.raw.includes('<title')) continue;
    here.raw = here.raw.replace(LEADING_TITLE, '');
    next.raw = `${title} ${next.raw}`;
  }
}

export function readSwordModule(ctx: AdapterContext): TranslationText {
  const { conf, verses: rawVerses, bookIntros, chapterIntros } = readSwordRaw(ctx.path, ctx.kjvChapterVerses);
  movePsalmTitlesToNextPsalm(rawVerses, ctx.kjvChapterVerses);
  const filter = filterFor(conf);
  const verses: VerseRecord[] = [];
  for (const { book, chapter, verse, raw } of rawVerses) {
    if (raw === '') continue;
    const rec = markupRecorder();
    // A chapter's intro entry may open the block its first verse stands in (ASV's and Darby's poetry).
    if (verse === 1)
      for (const start of blockStartsIn(chapterIntros.get(book * 1000 + chapter) ?? ''))
        rec.paragraph(start.block, start.level);
    const filtered = filter(raw, conf.moduleName, rec);
    let text = filtered;
    // The Ps 119 stanza letters are headings, not verse text, but Darby, BBE, Webster, YLT and SpaRV
    // leave them at the start of the verse (KJV marks them as acrostic titles, ASV has none).
    if (book === PSALMS && chapter === 119) text = stripPsalm119Acrostic(text, verse);
    if (text === '') {
      const where = `${conf.moduleName} ${book}.${chapter}.${verse}`;
      keepOrphanNotes(verses, { book, chapter }, rec.resolve('', where)?.notes, where);
      continue;
    }
    if (text !== filtered) {
      const letter = filtered.slice(0, filtered.length - text.length).trim();
      rec.dropLeading(countedLength(letter), {
        type: 'title',
        kind: 'acrostic',
        content: [{ type: 'text', text: letter }],
      });
    }
    const markup = rec.resolve(text, `${conf.moduleName} ${book}.${chapter}.${verse}`);
    verses.push(markup ? { book, chapter, verse, text, markup } : { book, chapter, verse, text });
  }
  addBookTitles(verses, bookIntros);
  const bookNames: Record<number, string> = {};
  for (const book of BOOKS) {
    const name = bookNameFromIntro(bookIntros.get(book.number) ?? '', book.osis);
    if (name) bookNames[book.number] = name;
  }
  return Object.keys(bookNames).length > 0 ? { verses, bookNames } : { verses };
}
