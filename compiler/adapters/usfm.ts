// USFM adapter: reads a folder of USFM books (kjv1611, web) into clean plain verse text.
// File layout, marker inventory and the known defects of both editions are described in the corpus
// provenance (provenance/bibles.md, sections "kjv1611" and "web").
//
// Reading happens in two passes so each stays simple:
//   1. structure: cut the book at paragraph-level markers (\c, \v, \p, \q, \d, \s, ...) and collect the
//      raw USFM of every verse, plus the Psalm title that belongs in front of verse 1;
//   2. text: turn each raw verse into plain text (drop notes and marker names, keep the words).
// Between the two, the known stray characters of the 1611 transcription are removed.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { bookByUsfm } from '../../sources/books.ts';
import type { VerseMarkup } from '../../engine/core/structure/model.ts';
import type { AdapterContext, TranslationText, VerseRecord } from './types.ts';
import type { NoteKind, TitleKind } from '../../engine/core/structure/model.ts';
import {
  cleanNoteText,
  joinMarkup,
  keepOrphanNotes,
  markupRecorder,
  type MarkupRecorder,
  shiftMarkup,
} from './markup-recorder.ts';

/** One verse as it stands in the source, markers and all. */
interface RawVerse {
  chapter: number;
  verse: number;
  raw: string;
  /** raw Psalm superscription, printed in front of verse 1 */
  title?: string;
  /** a Ps 119 stanza letter printed before the verse ("ALEPH"): a title block, not verse text */
  acrostic?: string;
  /** raw subscription printed after the book's last verse: a title block after it, not verse text */
  subscription?: string;
  /** the book's main title lines (\mt2 "The Good News According to", \mt "Matthew"), before its first verse */
  bookTitle?: string[];
}

interface RawBook {
  book: number;
  name?: string;
  verses: RawVerse[];
}

const PSALMS = 19;

// Paragraph markers whose content is verse text; the marker itself is just a line break (a space).
const TEXT_PARAGRAPH = /^(?:p|m|pi\d?|mi|nb|b|pc|pm[ocr]?|ph\d?|q\d?|qr|qc|qm\d?|li\d?)$/;
// Prose paragraphs, told apart from poetry lines for the subscription rule (see readBookStructure).
const PROSE_PARAGRAPH = /^(?:p|m|pi\d?|mi|nb|pc|pm[ocr]?|ph\d?)$/;
// Paragraph-level markers whose content is not verse text: book headers, titles, chapter labels and
// arguments, section headings, speakers, comments, introductions, and the Ps 119 acrostic (\qa).
const NOT_VERSE_TEXT =
  /^(?:usfm|ide|h\d?|toc\d|toca\d|ztoc\d|mt\d?|mte\d?|cl|cp|iex|ie|imt\d?|is\d?|ip|ipi|im|imi|iq\d?|ib|ili\d?|io\d?|iot|s\d?|ms\d?|mr|r|sr|sp|rem|sts|periph|qa)$/;
// Character markers: the words stay, the marker goes. Nested markers carry a "+" (\+add).
const CHARACTER = new Set([
  'add',
  'nd',
  'bd',
  'it',
  'em',
  'bdit',
  'sc',
  'no',
  'sup',
  'wj',
  'qs',
  'qac',
  'k',
  'bk',
  'pn',
  'png',
  'tl',
  'ord',
  'sig',
  'sls',
  'qt',
  'dc',
  'rb',
  'w',
]);
// Notes and printed verse numbers: dropped together with their content, up to the closing marker.
const NOTE = new Set(['f', 'fe', 'ef', 'x', 'ex', 'vp']);

// Any lowercase marker, opening (`\add`) or closing (`\add*`), optionally nested (`\+add`).
// Uppercase is deliberately not a marker: Job 39:20 in the 1611 file has a stray `\Canst`.
const MARKER = /\\\+?([a-z]+\d*)(\*?)/g;
// The same, anchored at lastIndex (a separate object: matchAll copies a regex's lastIndex).
const MARKER_AT = new RegExp(MARKER.source, 'y');

export function readUsfmFolder(ctx: AdapterContext): TranslationText {
  const files = readdirSync(ctx.path)
    .filter((f) => /\.usfm$/i.test(f))
    .sort();
  const fixes = files.some((f) => /KJB[-_]1611/i.test(f)) ? KJV1611_STRAY_CHARACTERS : [];
  const verses: VerseRecord[] = [];
  const bookNames: Record<number, string> = {};
  const fixesApplied = new Set<StrayCharacterFix>();
  const seenBooks = new Set<number>();

  for (const file of files) {
    const source = readFileSync(join(ctx.path, file), 'utf8').replace(/\r\n?/g, '\n');
    const book = readBookStructure(source, file);
    if (!book) continue; // preface, apocrypha/deuterocanon, glossary
    if (seenBooks.has(book.book)) throw new Error(`${file}: book ${book.book} was already read from another file`);
    seenBooks.add(book.book);
    if (book.name) bookNames[book.book] = book.name;
    for (const v of book.verses) {
      const where = `${file} ${v.chapter}:${v.verse}`;
      for (const fix of fixes) {
        if (fix.book === book.book && fix.chapter === v.chapter && fix.verse === v.verse) {
          v.raw = removeStrayCharacter(v.raw, fix, where);
          fixesApplied.add(fix);
        }
      }
      const { text, markup } = verseText(v, where);
      if (text) verses.push({ book: book.book, chapter: v.chapter, verse: v.verse, text, ...(markup && { markup }) });
      else keepOrphanNotes(verses, { book: book.book, chapter: v.chapter }, markup?.notes, where);
    }
  }
  for (const fix of fixes) {
    if (!fixesApplied.has(fix))
      throw new Error(`KJV 1611 fix for ${fix.book} ${fix.chapter}:${fix.verse} found no verse`);
  }
  verses.sort((a, b) => a.book - b.book || a.chapter - b.chapter || a.verse - b.verse);
  return { verses, bookNames };
}

/** The project's Psalm rule: the superscription starts verse 1, followed by a single space. */
function verseText(v: RawVerse, where: string): { text: string; markup?: VerseMarkup } {
  const { text, markup } = verseWithTitle(v, where);
  return { text, markup: joinMarkup(markup, text ? titleBlocksOf(v, text, where) : undefined) };
}

/** The book's title and the stanza letter before a verse, and the subscription after it, as title blocks
 *  around its text. */
function titleBlocksOf(v: RawVerse, text: string, where: string): VerseMarkup | undefined {
  const blocks: NonNullable<VerseMarkup['blocks']> = [];
  const titleBlock = (kind: TitleKind, raw: string) => {
    const words = usfmToText(raw, `${where} ${kind}`);
    if (!words) throw new Error(`${where}: empty ${kind}`);
    return { type: 'title' as const, kind, content: [{ type: 'text' as const, text: words }] };
  };
  if (v.bookTitle) blocks.push({ at: 0, block: titleBlock('book', v.bookTitle.join(' ')) });
  if (v.acrostic !== undefined) blocks.push({ at: 0, block: titleBlock('acrostic', v.acrostic) });
  if (v.subscription !== undefined) blocks.push({ at: text.length, block: titleBlock('subscription', v.subscription) });
  return blocks.length ? { blocks } : undefined;
}

function verseWithTitle(v: RawVerse, where: string): { text: string; markup?: VerseMarkup } {
  const rec = markupRecorder();
  const body = usfmToText(v.raw, where, rec);
  const bodyMarkup = rec.resolve(body, where);
  if (v.title === undefined) return { text: body, markup: bodyMarkup };
  const titleRec = markupRecorder();
  const title = usfmToText(v.title, `${where} title`, titleRec);
  if (!body || !title) throw new Error(`${where}: Psalm title or its verse 1 is empty`);
  // The title stays in the flat text (the Psalm rule); the markup says it is a title.
  const titleMarkup = joinMarkup(
    { spans: [{ from: 0, to: title.length, style: 'title', kind: 'psalm' }] },
    titleRec.resolve(title, `${where} title`),
  );
  return { text: `${title} ${body}`, markup: joinMarkup(titleMarkup, shiftMarkup(bodyMarkup, title.length + 1)) };
}

/** The block a paragraph-level marker starts: poetry lines with their level, else a paragraph. \b (a
 *  blank line) and \nb (no break) start none. */
function blockOfMarker(name: string): { block: 'paragraph' | 'poetry'; level?: number } | undefined {
  if (name === 'b' || name === 'nb') return undefined;
  const poetry = /^q(\d?)$|^q[rcm](\d?)$/.exec(name);
  if (poetry) return { block: 'poetry', level: Number(poetry[1] || poetry[2] || 1) };
  return { block: 'paragraph' };
}

const STYLES: Record<string, 'wj' | 'add' | 'nd'> = { wj: 'wj', add: 'add', nd: 'nd' };

/** A note's words as printed: its caller apart, the origin reference (\fr, \xo) dropped, markers gone. */
function noteOf(name: string, body: string): { kind: NoteKind; caller?: string; text: string } {
  const kind: NoteKind = name.startsWith('x') || name === 'ex' ? 'crossref' : 'footnote';
  const caller = /^\s*(\S+)/.exec(body)?.[1];
  const rest = caller ? body.slice(body.indexOf(caller) + caller.length) : body;
  const text = cleanNoteText(rest.replace(/\\(?:fr|xo)\s[^\\]*/g, ' ').replace(/\\\+?[a-z]+\d*\*?\s?/g, ' '));
  return { kind, ...(caller && caller !== '+' && caller !== '-' && { caller }), text };
}

/** Where pass 1 stands in one book: the verse open, and what waits for the next verse. */
interface BookCut {
  readonly book: RawBook;
  chapter: number;
  current: RawVerse | undefined;
  /** Psalm title waiting for verse 1 of this chapter */
  title: string | undefined;
  /** Ps 119 stanza letter waiting for its stanza's first verse */
  acrostic: string | undefined;
  tocName: string | undefined;
  /** the book's main title lines, waiting for its first verse */
  bookTitle: string[];
  pendingMarkers: string;
  /** Where the open verse's first prose paragraph began, if it began after the verse's \v: a
   *  paragraph after a book's last verse is a subscription (the 1611 Pauline colophons "Written to
   *  the Romanes from Corinthus ...", web's "For the music director ..." after Hab 3:19), not verse text. */
  proseParagraphStart: number | undefined;
  readonly seen: Set<string>;
}

/**
 * Pass 1: cuts one USFM book into raw verses. Returns undefined for books outside the 66-book canon.
 * Paragraph-level markers run until the next one, so wrapped lines (web) need no special care.
 */
function readBookStructure(source: string, file: string): RawBook | undefined {
  const code = /^\\id\s+(\S+)/m.exec(source)?.[1];
  const bookCodes = code ? bookByUsfm.get(code) : undefined;
  if (!bookCodes) return undefined;
  const cut: BookCut = {
    book: { book: bookCodes.number, verses: [] },
    chapter: 0,
    current: undefined,
    title: undefined,
    acrostic: undefined,
    tocName: undefined,
    bookTitle: [],
    pendingMarkers: '',
    proseParagraphStart: undefined,
    seen: new Set(),
  };
  for (const { marker, content, line } of paragraphUnits(source))
    readUnit(cut, marker, content, `${file} line ${line}`);
  const { book, current } = cut;
  if (current && cut.proseParagraphStart !== undefined) {
    current.subscription = current.raw.slice(cut.proseParagraphStart);
    current.raw = current.raw.slice(0, cut.proseParagraphStart);
  }
  closeChapter(cut, `${file} (end)`);
  book.name ||= cut.tocName;
  return book;
}

/** One paragraph-level unit of a book: a chapter, a verse, a Psalm title, a paragraph, or a heading. */
function readUnit(cut: BookCut, marker: string, content: string, where: string) {
  if (marker === 'id') return;
  if (marker === 'c') {
    const m = /^\s*(\d+)\s*$/.exec(content);
    if (!m) throw new Error(`${where}: malformed \\c "${content.trim()}"`);
    closeChapter(cut, where);
    cut.chapter = Number(m[1]);
  } else if (marker === 'v') {
    const m = /^\s*(\d+)\s?/.exec(content);
    if (!m) throw new Error(`${where}: malformed \\v "${content.slice(0, 20)}"`);
    openVerse(cut, Number(m[1]), content.slice(m[0].length), where);
  } else if (marker === 'd') {
    readDescriptiveTitle(cut, content, where);
  } else if (TEXT_PARAGRAPH.test(marker)) {
    readTextParagraph(cut, marker, content, where);
  } else if (NOT_VERSE_TEXT.test(marker)) {
    if (marker === 'h') cut.book.name = content.trim();
    if (marker === 'toc2') cut.tocName = content.trim();
    if (/^mt\d?$/.test(marker) && cut.chapter === 0 && content.trim()) cut.bookTitle.push(content);
  } else {
    throw new Error(`${where}: unknown USFM marker \\${marker}`);
  }
}

/** A \d line: a Psalm title waiting for verse 1, or Ps 119's stanza letter. */
function readDescriptiveTitle(cut: BookCut, content: string, where: string) {
  // Ps 119's \d lines are the acrostic letters (web: "ALEPH"), not a superscription.
  if (cut.book.book === PSALMS && cut.chapter === 119) {
    cut.acrostic = content;
    return;
  }
  // The 1611 transcription runs Ps 18:1 and 54:1 into the title, after a "]" and with no \v 1.
  const bracket = content.indexOf(']');
  if (bracket >= 0) {
    cut.title = content.slice(0, bracket);
    openVerse(cut, 1, content.slice(bracket + 1), where);
  } else {
    cut.title = content;
  }
}

/** A paragraph or poetry line: the marker stays in the verse's raw text, where it reads as a space and
 *  marks a block's start; before the chapter's first verse it waits for that verse. */
function readTextParagraph(cut: BookCut, marker: string, content: string, where: string) {
  const { current } = cut;
  if (current) {
    if (PROSE_PARAGRAPH.test(marker)) cut.proseParagraphStart ??= current.raw.length;
    current.raw += ` \\${marker} ${content}`;
  } else if (content.trim()) {
    throw new Error(`${where}: text outside any verse: "${content.trim().slice(0, 40)}"`);
  } else {
    cut.pendingMarkers += `\\${marker} `;
  }
}

function openVerse(cut: BookCut, verse: number, raw: string, where: string) {
  const { chapter } = cut;
  const key = `${chapter}:${verse}`;
  if (chapter === 0) throw new Error(`${where}: \\v ${verse} before the first \\c`);
  if (cut.seen.has(key)) throw new Error(`${where}: verse ${key} appears twice`);
  cut.seen.add(key);
  // A paragraph marker between a chapter's start (or its title) and verse 1 opens verse 1's block.
  const current: RawVerse = { chapter, verse, raw: cut.pendingMarkers + raw };
  cut.current = current;
  cut.pendingMarkers = '';
  if (cut.bookTitle.length) {
    current.bookTitle = cut.bookTitle;
    cut.bookTitle = [];
  }
  if (verse === 1 && cut.title !== undefined) {
    current.title = cut.title;
    cut.title = undefined;
  }
  if (cut.acrostic !== undefined) {
    current.acrostic = cut.acrostic;
    cut.acrostic = undefined;
  }
  cut.book.verses.push(current);
  cut.proseParagraphStart = undefined;
}

function closeChapter(cut: BookCut, where: string) {
  if (cut.title !== undefined) throw new Error(`${where}: Psalm title of chapter ${cut.chapter} has no verse 1`);
  if (cut.acrostic !== undefined) throw new Error(`${where}: stanza letter of chapter ${cut.chapter} has no verse`);
  cut.current = undefined;
  cut.pendingMarkers = '';
}

/** Splits a USFM text at every paragraph-level marker; character and note markers stay in the content. */
function paragraphUnits(source: string): { marker: string; content: string; line: number }[] {
  const starts: { marker: string; at: number; end: number }[] = [];
  for (const m of source.matchAll(MARKER)) {
    const name = m[1];
    if (m[2] || m[0].startsWith('\\+') || CHARACTER.has(name) || NOTE.has(name) || isNotePart(name)) continue;
    starts.push({ marker: name, at: m.index, end: m.index + m[0].length });
  }
  let line = 1;
  let counted = 0; // line numbers only serve error messages, so count newlines as we go
  return starts.map((s, i) => {
    for (; counted < s.at; counted++) if (source.charCodeAt(counted) === 10) line++;
    const content = source.slice(s.end, i + 1 < starts.length ? starts[i + 1].at : source.length);
    return { marker: s.marker, content, line };
  });
}

/** Markers that only occur inside a footnote or cross reference (\fr, \ft, \fqa, \xo, \xt, \xta, ...). */
function isNotePart(name: string): boolean {
  return /^(?:f[a-z]+|x[a-z]+)$/.test(name);
}

/**
 * Pass 2: raw USFM of one verse (or title) to clean plain text. Notes go with their content; character
 * markers go but their words stay; pilcrows are paragraph marks; whitespace collapses to single spaces.
 */
function usfmToText(raw: string, where: string, rec?: MarkupRecorder): string {
  let out = '';
  let at = 0;
  const write = (piece: string) => {
    out += piece;
    rec?.text(piece);
  };
  while (at < raw.length) {
    const slash = raw.indexOf('\\', at);
    if (slash < 0) {
      write(raw.slice(at));
      break;
    }
    write(raw.slice(at, slash));
    MARKER_AT.lastIndex = slash;
    const m = MARKER_AT.exec(raw);
    if (!m) throw new Error(`${where}: stray backslash in "${raw.slice(slash, slash + 20)}"`);
    const [whole, name, closing] = m;
    at = slash + whole.length;
    if (NOTE.has(name) && !closing) {
      const bodyStart = at;
      at = noteEnd(raw, at, name, where);
      if (rec && name !== 'vp') {
        const note = noteOf(name, raw.slice(bodyStart, raw.lastIndexOf('\\', at - 1)));
        if (note.text) rec.note({ type: 'note', ...note });
      }
      // Notes often sit between two words with no space: "cedar\f …\f*tree" must not become
      // "cedartree", nor "saying,\f …\f*Beware" (2 Sam 18:12, 1611) "saying,Beware".
      if (/[\p{L},;:.!?]$/u.test(out) && /^\p{L}/u.test(raw.slice(at))) out += ' ';
    } else if (CHARACTER.has(name)) {
      // An opening marker is separated from its words by one space, which belongs to the marker:
      // "y\sup e\sup*" is "ye".
      if (!closing && raw[at] === ' ') at++;
      const style = STYLES[name];
      if (rec && style) {
        if (closing) rec.close(style);
        else rec.open(style);
      }
    } else if (TEXT_PARAGRAPH.test(name) && !closing) {
      out += ' ';
      const block = blockOfMarker(name);
      if (rec && block) rec.paragraph(block.block, block.level);
    } else {
      throw new Error(`${where}: unexpected USFM marker ${whole}`);
    }
  }
  return out
    .replace(/¶/g, ' ') // paragraph mark of the 1611 printing
    .replace(/⌃/g, '') // web's plural-"you" mark (deuterocanon only)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Index just past the note's closing marker. Est 2:21 in the 1611 file closes a footnote with a bare `\*`. */
function noteEnd(raw: string, from: number, name: string, where: string): number {
  const closers = [`\\${name}*`, '\\*']
    .map((closer) => ({ at: raw.indexOf(closer, from), length: closer.length }))
    .filter((c) => c.at >= 0)
    .sort((a, b) => a.at - b.at);
  if (closers.length === 0) throw new Error(`${where}: \\${name} note is never closed`);
  return closers[0].at + closers[0].length;
}

interface StrayCharacterFix {
  book: number;
  chapter: number;
  verse: number;
  character: string;
  /** how many times it occurs; checked, so a changed source file is noticed */
  count: number;
  /** only at the start of the verse, because the character is also USFM syntax (`\`, `*`) */
  atStart?: boolean;
}

// Transcription slips in the 1611 files (provenance/bibles.md, "Known defects and fixes", item 2).
const KJV1611_STRAY_CHARACTERS: StrayCharacterFix[] = [
  { book: 2, chapter: 29, verse: 42, character: '}', count: 1 },
  { book: 2, chapter: 29, verse: 46, character: '}', count: 2 },
  { book: 2, chapter: 30, verse: 1, character: '}', count: 1 },
  { book: 2, chapter: 30, verse: 8, character: '}', count: 1 },
  { book: 12, chapter: 5, verse: 19, character: '*', count: 1, atStart: true },
  { book: 18, chapter: 39, verse: 20, character: '\\', count: 1, atStart: true },
];

function removeStrayCharacter(raw: string, fix: StrayCharacterFix, where: string): string {
  if (fix.atStart) {
    const text = raw.trimStart();
    if (!text.startsWith(fix.character)) throw new Error(`${where}: expected a stray "${fix.character}" at the start`);
    return text.slice(fix.character.length);
  }
  const parts = raw.split(fix.character);
  if (parts.length - 1 !== fix.count) {
    throw new Error(`${where}: expected ${fix.count} stray "${fix.character}", found ${parts.length - 1}`);
  }
  return parts.join('');
}
