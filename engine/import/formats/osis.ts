// OSIS reader (https://crosswire.org/osis/): milestoned (<verse sID/eID>) and contained (<verse osisID>)
// verses, <title>, <p>, <lg>/<l level>, <note type>, <q who="Jesus">, <transChange>, <divineName>, and
// the <header><work> metadata. SWORD modules whose SourceType is OSIS hand their verse entries to the same
// element handling (`OsisHandler.fragment`).
import type { NoteItem, NoteKind, TitleBlock } from '../../core/structure/model.ts';
import type { ImportedBook, SourceFile } from '../types.ts';
import { bookFromOsis } from './books.ts';
import { decodeText } from './decode.ts';
import { type ImportCollector, type SpanStyle, type StandaloneBlock, VerseBuilder, cleanRun } from './verse-builder.ts';
import { type Attributes, XmlReader } from './xml.ts';

// biome-ignore format: a table
const PLAIN = new Set([
  'hi', 'seg', 'w', 'foreign', 'name', 'reference', 'inscription', 'abbr', 'catchWord', 'rdg', 'lb', 'lg', 'osis',
  'list', 'speech', 'speaker', 'mentioned', 'date', 'divineName', 'transChange', 'q', 'cell', 'row', 'table',
  'head', 'label', 'salute', 'signed', 'closer', 'caption',
]);
const DROPPED = new Set(['figure', 'index', 'revisionDesc']);
const WORK_FIELDS = new Set(['title', 'identifier', 'language', 'rights', 'description', 'refSystem']);

/** An osisID without its work prefix: "Bible.KJV:John.1.1" is "John.1.1". */
function withoutWork(osisId: string): string {
  return osisId.slice(osisId.indexOf(':') + 1);
}

function noteKind(type: string | undefined): NoteKind {
  if (type === 'crossReference') return 'crossref';
  if (type === 'variant' || type === 'alternative') return 'variant';
  if (type === 'study' || type === 'explanation') return 'study';
  return 'footnote';
}

interface Capture {
  kind: 'title' | 'note' | 'work';
  attributes: Attributes;
  name: string;
  text: string;
}

interface OpenVerse {
  book: ImportedBook;
  chapter: number;
  verse: number;
  label: string;
  place: string;
  builder: VerseBuilder;
}

interface Frame {
  name: string;
  /** what closing the element undoes */
  style?: SpanStyle;
  capture?: Capture;
  containedVerse?: boolean;
  dropped?: boolean;
}

export class OsisHandler {
  place = 'line 1';
  private book: ImportedBook | undefined;
  private chapter = 0;
  private verse: OpenVerse | undefined;
  private readonly frames: Frame[] = [];
  private readonly captures: Capture[] = [];
  private readonly styles = new Map<SpanStyle, number>();
  private readonly jesusQuotes = new Set<string>();
  private pending: ((builder: VerseBuilder) => void)[] = [];
  private inHeader = 0;
  private titleKind: TitleBlock['kind'] = 'psalm';
  private workSeen = 0;
  private dropped = 0;
  /** SWORD entries: the verse is set from outside and verse/chapter elements are ignored */
  private fragmentMode = false;

  constructor(
    private readonly collector: ImportCollector,
    private file: string,
  ) {}

  open(name: string, attributes: Attributes, selfClosing: boolean): void {
    const frame: Frame = { name };
    this.frames.push(frame);
    if (this.dropped > 0 || DROPPED.has(name)) {
      this.dropped++;
      frame.dropped = true;
      return;
    }
    if (this.inHeader > 0 || name === 'header') {
      this.headerOpen(name, attributes, frame);
      return;
    }
    switch (name) {
      case 'osisText':
        if (attributes['xml:lang'] && attributes['xml:lang'] !== 'und')
          this.collector.metadata.language ??= attributes['xml:lang'];
        break;
      case 'div':
        if (attributes.type === 'book' && attributes.osisID) this.startBook(attributes.osisID);
        break;
      case 'chapter':
        if (!this.fragmentMode && !attributes.eID) this.startChapter(attributes.osisID ?? attributes.sID, attributes.n);
        break;
      case 'verse':
        if (this.fragmentMode) break;
        if (attributes.eID) this.endVerse();
        else if (attributes.osisID || attributes.sID) {
          this.startVerse(attributes.osisID ?? attributes.sID ?? '', attributes.n);
          if (!attributes.sID && !selfClosing) frame.containedVerse = true;
        }
        break;
      case 'title':
        // A psalm title printed inside its verse keeps its words in the verse text, marked as a title.
        if (this.verse && this.captures.length === 0 && attributes.type === 'psalm') {
          this.openStyle('title', frame, 'psalm');
          break;
        }
        this.startCapture('title', name, attributes, frame);
        break;
      case 'note':
        this.startCapture('note', name, attributes, frame);
        break;
      case 'p':
      case 'item':
        this.breakHere('paragraph');
        break;
      case 'l':
        if (!attributes.eID) this.breakHere('poetry', Number(attributes.level) || 1);
        break;
      case 'q':
        this.quote(attributes, frame);
        break;
      case 'transChange':
        if (!attributes.type || attributes.type === 'added') this.openStyle('add', frame);
        break;
      case 'divineName':
        this.openStyle('nd', frame);
        break;
      case 'milestone':
        this.milestone(attributes);
        break;
      default:
        if (!PLAIN.has(name)) this.collector.unknown(`<${name}>`);
    }
  }

  close(name: string): void {
    // A closing tag closes the elements left open inside it too; one that matches nothing is ignored.
    let index = this.frames.length - 1;
    while (index >= 0 && this.frames[index].name !== name) index--;
    if (index < 0) return;
    while (this.frames.length > index + 1) this.closeFrame(this.frames[this.frames.length - 1].name);
    this.closeFrame(name);
  }

  private closeFrame(name: string): void {
    const frame = this.frames.pop();
    if (!frame) return;
    if (frame.dropped) {
      this.dropped--;
      return;
    }
    if (name === 'header') this.inHeader--;
    if (frame.style) this.closeStyle(frame.style);
    if (frame.capture) this.endCapture(frame.capture);
    if (frame.containedVerse) this.endVerse();
  }

  text(text: string): void {
    if (this.dropped > 0) return;
    const capture = this.captures[this.captures.length - 1];
    if (capture) {
      capture.text += text;
      return;
    }
    if (!this.verse) return;
    if (text.trim() !== '') this.applyPending();
    this.verse.builder.append(text);
  }

  private headerOpen(name: string, attributes: Attributes, frame: Frame): void {
    if (name === 'header') {
      this.inHeader++;
      return;
    }
    if (name === 'work') this.workSeen++;
    if (this.workSeen === 1 && WORK_FIELDS.has(name) && this.captures.length === 0) {
      const capture: Capture = { kind: 'work', name, attributes, text: '' };
      this.captures.push(capture);
      frame.capture = capture;
    }
  }

  private startBook(osisId: string): void {
    this.endVerse();
    this.pending = [];
    this.chapter = 0;
    const known = bookFromOsis(withoutWork(osisId));
    if (!known) {
      this.book = undefined;
      this.collector.skipBook(this.file, this.place, osisId);
      return;
    }
    this.book = this.collector.book(known.number, known.usfm);
  }

  private startChapter(osisId: string | undefined, n: string | undefined): void {
    if (!osisId && !n) return;
    this.endVerse();
    const parts = withoutWork(osisId ?? '').split('.');
    if (parts.length >= 2 && !this.book) {
      const known = bookFromOsis(parts[0]);
      if (known) this.book = this.collector.book(known.number, known.usfm);
    }
    // A chapter with no number leaves its verses out: they name their chapter themselves or are skipped.
    this.chapter = this.collector.numberOf(this.file, this.place, 'chapter', parts.length >= 2 ? parts[1] : n) ?? 0;
  }

  private startVerse(osisId: string, n: string | undefined): void {
    this.endVerse();
    // "Gen.1.1 Gen.1.2": one printed verse that stands for two; the first gives its place.
    const ids = osisId.trim().split(/\s+/).map(withoutWork);
    const [bookId, chapterText, verseText] = ids[0].split('.');
    const known = bookFromOsis(bookId ?? '');
    if (!known) {
      this.collector.skipBook(this.file, this.place, bookId ?? '(none)');
      return;
    }
    const book = this.collector.book(known.number, known.usfm);
    if (this.book?.book !== book.book) this.book = book;
    const chapter =
      chapterText === undefined ? this.chapter : this.collector.numberOf(this.file, this.place, 'chapter', chapterText);
    const verse = this.collector.numberOf(this.file, this.place, 'verse', verseText);
    // A verse whose osisID names no number ("John.1.x") is left out with the warning, its text with it.
    if (chapter === undefined || chapter === 0 || verse === undefined) return;
    this.chapter = chapter;
    const lastVerse = ids.length > 1 ? ids[ids.length - 1].split('.')[2] : undefined;
    const label = n ?? (lastVerse ? `${verse}-${lastVerse}` : String(verse));
    this.openVerse({ book, chapter, verse, label, place: this.place, builder: new VerseBuilder() });
  }

  private openVerse(verse: OpenVerse): void {
    this.verse = verse;
    this.applyPending();
    for (const style of this.styles.keys())
      verse.builder.openSpan(style, style === 'title' ? this.titleKind : undefined);
  }

  private endVerse(): void {
    const open = this.verse;
    if (!open) return;
    this.verse = undefined;
    this.collector.verse(
      this.file,
      open.place,
      { book: open.book.book, chapter: open.chapter, verse: open.verse },
      open.builder.finish(),
      open.label,
    );
  }

  /** SWORD: the entry for a verse of the KJV grid is read with no verse element around it. */
  fragment(file: string, place: string, book: ImportedBook, chapter: number, verse: number, run: () => void): void {
    this.fragmentMode = true;
    this.book = book;
    this.chapter = chapter;
    this.file = file;
    this.place = place;
    this.openVerse({ book, chapter, verse, label: String(verse), place, builder: new VerseBuilder() });
    run();
    this.captures.length = 0;
    this.frames.length = 0;
    this.dropped = 0;
    this.endVerse();
  }

  private applyPending(): void {
    if (!this.verse) return;
    for (const apply of this.pending) apply(this.verse.builder);
    this.pending = [];
  }

  private breakHere(block: 'paragraph' | 'poetry', level?: number): void {
    if (this.captures.length > 0) return;
    this.pending.push((builder) => builder.paragraph(block, level));
  }

  private placeBlock(block: StandaloneBlock): void {
    this.pending.push((builder) => builder.block(block));
  }

  private openStyle(style: SpanStyle, frame: Frame, kind?: TitleBlock['kind']): void {
    frame.style = style;
    const depth = this.styles.get(style) ?? 0;
    this.styles.set(style, depth + 1);
    if (kind) this.titleKind = kind;
    if (depth === 0 && this.verse) {
      this.applyPending();
      this.verse.builder.openSpan(style, style === 'title' ? this.titleKind : undefined);
    }
  }

  private closeStyle(style: SpanStyle): void {
    const depth = (this.styles.get(style) ?? 1) - 1;
    if (depth > 0) {
      this.styles.set(style, depth);
      return;
    }
    this.styles.delete(style);
    this.verse?.builder.closeSpan(style);
    // A title printed inside its verse is its own line: its last word never runs into the verse's first.
    if (style === 'title') this.verse?.builder.space();
  }

  private quote(attributes: Attributes, frame: Frame): void {
    if (attributes.eID) {
      if (this.jesusQuotes.delete(attributes.eID)) this.closeStyle('wj');
      return;
    }
    if (attributes.marker) this.text(attributes.marker);
    if (attributes.who !== 'Jesus') return;
    if (attributes.sID) {
      this.jesusQuotes.add(attributes.sID);
      this.openStyle('wj', {} as Frame);
    } else {
      this.openStyle('wj', frame);
    }
  }

  private milestone(attributes: Attributes): void {
    const type = attributes.type ?? '';
    if (type === 'x-p' || type === 'pilcrow' || type === 'x-usfm-p') this.breakHere('paragraph');
    const names = this.book?.names;
    const n = attributes.n?.trim();
    if (!names || !n) return;
    switch (type) {
      case 'x-usfm-h':
        // The running header is a name the reader sees on every page, kept beside a toc2 short name.
        names.header ??= n;
        names.short ??= n;
        break;
      case 'x-usfm-toc1':
        names.long ??= n;
        break;
      case 'x-usfm-toc2':
        names.short = n;
        break;
      case 'x-usfm-toc3':
        names.abbreviation ??= n;
        break;
    }
  }

  private startCapture(kind: 'title' | 'note', name: string, attributes: Attributes, frame: Frame): void {
    const capture: Capture = { kind, name, attributes, text: '' };
    // A note inside a title is not part of the title's words, and is dropped with it.
    if (this.captures.length > 0) {
      frame.dropped = true;
      this.dropped++;
      return;
    }
    this.captures.push(capture);
    frame.capture = capture;
  }

  private endCapture(capture: Capture): void {
    this.captures.pop();
    const text = cleanRun(capture.text).trim();
    if (capture.kind === 'work') this.workField(capture.name, capture.attributes, text);
    else if (text !== '' && capture.kind === 'note') this.placeNote(capture.attributes, text);
    else if (text !== '') this.placeTitle(capture.attributes, text);
  }

  private workField(name: string, attributes: Attributes, text: string): void {
    if (text === '') return;
    const meta = this.collector.metadata;
    if (name === 'title') meta.name ??= text;
    else if (name === 'identifier' && (!attributes.type || attributes.type === 'OSIS')) meta.abbreviation ??= text;
    else if (name === 'language') meta.language ??= text;
    else if (name === 'rights') meta.rights = meta.rights ? `${meta.rights}\n${text}` : text;
    else if (name === 'description') meta.description ??= text;
    else if (name === 'refSystem') meta.versification ??= text.replace(/^Bible\./, '');
  }

  private placeNote(attributes: Attributes, text: string): void {
    const note: NoteItem = { type: 'note', kind: noteKind(attributes.type), text };
    if (attributes.n) note.caller = attributes.n;
    if (this.verse) {
      this.applyPending();
      this.verse.builder.note(note);
      this.verse.builder.softBoundary();
    } else if (this.book) {
      const { type: _, ...rest } = note;
      this.placeBlock({ type: 'note', ...rest });
    }
  }

  private placeTitle(attributes: Attributes, text: string): void {
    if (!this.book) return;
    const type = attributes.type ?? '';
    if (type === 'main' || (this.chapter === 0 && type === '')) {
      if (!attributes.level || attributes.level === '1') this.book.names.long ??= text;
      this.placeBlock(title('book', text));
      return;
    }
    if (type === 'psalm' || type === 'acrostic' || type === 'chapter') {
      this.placeBlock(title(type, text));
      return;
    }
    const level = Number(attributes.level) || 1;
    this.placeBlock({ type: 'heading', level, text, source: 'source' });
  }

  finish(): void {
    this.endVerse();
    this.pending = [];
  }
}

function title(kind: TitleBlock['kind'], text: string): TitleBlock {
  return { type: 'title', kind, content: [{ type: 'text', text }] };
}

export function readOsisFile(file: SourceFile, collector: ImportCollector): void {
  const xml = new XmlReader(decodeText(file), file.path);
  const handler = new OsisHandler(collector, file.path);
  xml.run({
    open(name, attributes, selfClosing) {
      handler.place = xml.place();
      handler.open(name, attributes, selfClosing);
    },
    close: (name) => handler.close(name),
    text: (text) => handler.text(text),
  });
  handler.finish();
  for (const [entity, count] of Object.entries(xml.unknownEntities)) collector.unknownMarkers[entity] = count;
}
