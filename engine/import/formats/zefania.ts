// Zefania XML reader (http://bgfdb.de/zefaniaxml/bml/): <BIBLEBOOK bnumber bname bsname>,
// <CHAPTER cnumber>, <VERS vnumber>, <CAPTION> headings, <NOTE>, <STYLE>, <BR>, <INFORMATION> metadata.
import type { NoteItem } from '../../core/structure/model.ts';
import type { ImportedBook, SourceFile } from '../types.ts';
import { bookFromNumber } from './books.ts';
import { decodeText } from './decode.ts';
import { normaliseLanguage } from './language.ts';
import { type ImportCollector, type SpanStyle, VerseBuilder, cleanRun } from './verse-builder.ts';
import { type Attributes, XmlReader } from './xml.ts';

const INFORMATION_FIELDS = new Set(['title', 'identifier', 'language', 'rights', 'description']);
const PLAIN = new Set(['XMLBIBLE', 'INFORMATION', 'gr', 'GRAM', 'SUP', 'DIV', 'XREF', 'MEDIA', 'PROLOG', 'REMARK']);
/** Elements whose words are not verse text: Strong's numbers given as text, media, remarks. */
const DROPPED = new Set(['MEDIA', 'REMARK', 'PROLOG']);

/** STYLE marks added words in italics (RYLT, like KJV italics) and the words of Jesus in red. */
function styleOf(attributes: Attributes): SpanStyle | undefined {
  const css = attributes.css ?? '';
  if (attributes.fs === 'italic' || /font-style\s*:\s*italic/i.test(css)) return 'add';
  if (/color\s*:\s*(#f00\b|#ff0000\b|red\b)/i.test(css)) return 'wj';
  return undefined;
}

export function readZefaniaFile(file: SourceFile, collector: ImportCollector): void {
  const xml = new XmlReader(decodeText(file), file.path);
  const handler = new ZefaniaHandler(collector, file.path, () => xml.place());
  xml.run(handler);
  handler.endVerse();
  for (const [entity, count] of Object.entries(xml.unknownEntities)) collector.unknownMarkers[entity] = count;
}

interface OpenVerse {
  number: number;
  label: string;
  place: string;
  builder: VerseBuilder;
}

/** An element whose text is gathered whole before it is used: a heading, a note or a metadata field. */
interface Capture {
  name: string;
  text: string;
  attributes: Attributes;
}

/** The reader's state through one file, fed by the XML reader's open, close and text events. */
class ZefaniaHandler {
  private book: ImportedBook | undefined;
  private skipping = false;
  private chapter = 0;
  private verse: OpenVerse | undefined;
  private capture: Capture | undefined;
  private inInformation = false;
  private dropped = 0;
  private readonly styleStack: (SpanStyle | undefined)[] = [];
  private pendingHeadings: string[] = [];

  constructor(
    private readonly collector: ImportCollector,
    private readonly path: string,
    private readonly place: () => string,
  ) {}

  endVerse(): void {
    const { verse, book } = this;
    if (!verse || !book) return;
    this.collector.verse(
      this.path,
      verse.place,
      { book: book.book, chapter: this.chapter, verse: verse.number },
      verse.builder.finish(),
      verse.label,
    );
    this.verse = undefined;
  }

  open(name: string, attributes: Attributes): void {
    const place = this.place();
    if (this.dropped > 0 || DROPPED.has(name)) {
      this.dropped++;
      return;
    }
    if (name === 'INFORMATION') this.inInformation = true;
    if (this.inInformation) {
      if (INFORMATION_FIELDS.has(name)) this.capture = { name, text: '', attributes };
      return;
    }
    switch (name) {
      case 'BIBLEBOOK':
        this.openBook(place, attributes);
        return;
      case 'CHAPTER':
        this.openChapter(place, attributes);
        return;
      case 'VERS':
        this.openVerse(place, attributes);
        return;
      case 'CAPTION':
      case 'NOTE':
        this.capture = { name, text: '', attributes };
        return;
      case 'STYLE': {
        const style = styleOf(attributes);
        this.styleStack.push(style);
        if (style && !this.capture) this.verse?.builder.openSpan(style);
        return;
      }
      case 'BR':
        if (this.verse && !this.capture) this.verse.builder.paragraph('paragraph');
        return;
      default:
        if (!PLAIN.has(name)) this.collector.unknown(`<${name}>`);
    }
  }

  close(name: string): void {
    if (this.dropped > 0) {
      this.dropped--;
      return;
    }
    if (name === 'INFORMATION') this.inInformation = false;
    if (this.capture && this.capture.name === name) {
      const done = this.capture;
      this.capture = undefined;
      this.endCapture(done);
      return;
    }
    if (name === 'STYLE') {
      const style = this.styleStack.pop();
      if (style && !this.styleStack.includes(style)) this.verse?.builder.closeSpan(style);
    } else if (name === 'VERS') this.endVerse();
  }

  text(text: string): void {
    if (this.dropped > 0) return;
    if (this.capture) this.capture.text += text;
    else this.verse?.builder.append(text);
  }

  private openBook(place: string, attributes: Attributes): void {
    this.endVerse();
    this.pendingHeadings = [];
    this.chapter = 0;
    const known = bookFromNumber(attributes.bnumber ?? '');
    this.skipping = !known;
    this.book = undefined;
    if (!known) {
      this.collector.skipBook(this.path, place, `bnumber ${attributes.bnumber ?? '(none)'}`);
      return;
    }
    const book = this.collector.book(known.number, known.usfm);
    if (attributes.bname?.trim()) book.names.long ??= attributes.bname.trim();
    if (attributes.bsname?.trim()) book.names.short ??= attributes.bsname.trim();
    this.book = book;
  }

  private openChapter(place: string, attributes: Attributes): void {
    this.endVerse();
    if (this.skipping) return;
    // A chapter with no number leaves its verses out (chapter 0 reads none).
    this.chapter = this.collector.numberOf(this.path, place, 'chapter', attributes.cnumber) ?? 0;
  }

  private openVerse(place: string, attributes: Attributes): void {
    this.endVerse();
    if (this.skipping || !this.book || this.chapter === 0) return;
    const label = (attributes.vnumber ?? '').trim();
    const n = this.collector.numberOf(this.path, place, 'verse', label);
    if (n === undefined) return;
    const builder = new VerseBuilder();
    for (const text of this.pendingHeadings) builder.block({ type: 'heading', level: 1, text, source: 'source' });
    this.pendingHeadings = [];
    const toLabel = attributes.vnumberto?.trim();
    this.verse = { number: n, label: toLabel ? `${label}-${toLabel}` : label, place, builder };
  }

  /** The file's language code as a BCP 47 tag ("GER" -> "de"); a code we do not know is kept lowercased
   *  and reported, as GetVersions shows it. */
  private language(code: string): void {
    const { tag, known } = normaliseLanguage(code);
    this.collector.metadata.language = tag;
    if (!known)
      this.collector.warn(
        this.path,
        this.place(),
        `the language ${JSON.stringify(code)} is no ISO 639 or BCP 47 code we know; kept as ${JSON.stringify(tag)}`,
      );
  }

  /** A captured element's text, once it closes: a heading, a note, or a metadata field. */
  private endCapture(done: Capture): void {
    const text = cleanRun(done.text).trim();
    if (text === '') return;
    const meta = this.collector.metadata;
    if (done.name === 'CAPTION') {
      if (this.verse) this.verse.builder.block({ type: 'heading', level: 1, text, source: 'source' });
      else this.pendingHeadings.push(text);
    } else if (done.name === 'NOTE') {
      const note: NoteItem = {
        type: 'note',
        kind: done.attributes.type === 'x-studynote' ? 'study' : 'footnote',
        text,
      };
      this.verse?.builder.note(note);
      this.verse?.builder.softBoundary();
    } else if (done.name === 'rights') meta.rights = text;
    else if (done.name === 'title') meta.name ??= text;
    else if (done.name === 'identifier') meta.abbreviation ??= text;
    else if (done.name === 'language' && meta.language === undefined) this.language(text);
    else if (done.name === 'description') meta.description ??= text;
  }
}
