// Zefania XML reader (http://bgfdb.de/zefaniaxml/bml/): <BIBLEBOOK bnumber bname bsname>,
// <CHAPTER cnumber>, <VERS vnumber>, <CAPTION> headings, <NOTE>, <STYLE>, <BR>, <INFORMATION> metadata.
import type { NoteItem } from '../../core/structure/model.ts';
import type { ImportedBook, SourceFile } from '../types.ts';
import { bookFromNumber } from './books.ts';
import { decodeText } from './decode.ts';
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
  let book: ImportedBook | undefined;
  let skipping = false;
  let chapter = 0;
  let verse: { number: number; label: string; place: string; builder: VerseBuilder } | undefined;
  let capture: { name: string; text: string; attributes: Attributes } | undefined;
  let inInformation = false;
  let dropped = 0;
  const styleStack: (SpanStyle | undefined)[] = [];
  let pendingHeadings: string[] = [];
  const meta = collector.metadata;

  const endVerse = () => {
    if (!verse || !book) return;
    collector.verse(
      file.path,
      verse.place,
      { book: book.book, chapter, verse: verse.number },
      verse.builder.finish(),
      verse.label,
    );
    verse = undefined;
  };

  xml.run({
    open(name: string, attributes: Attributes) {
      const place = xml.place();
      if (dropped > 0 || DROPPED.has(name)) {
        dropped++;
        return;
      }
      if (name === 'INFORMATION') inInformation = true;
      if (inInformation) {
        if (INFORMATION_FIELDS.has(name)) capture = { name, text: '', attributes };
        return;
      }
      switch (name) {
        case 'BIBLEBOOK': {
          endVerse();
          pendingHeadings = [];
          chapter = 0;
          const known = bookFromNumber(attributes.bnumber ?? '');
          skipping = !known;
          book = undefined;
          if (!known) {
            collector.skipBook(file.path, place, `bnumber ${attributes.bnumber ?? '(none)'}`);
            return;
          }
          book = collector.book(known.number, known.usfm);
          if (attributes.bname?.trim()) book.names.long ??= attributes.bname.trim();
          if (attributes.bsname?.trim()) book.names.short ??= attributes.bsname.trim();
          return;
        }
        case 'CHAPTER': {
          endVerse();
          if (skipping) return;
          // A chapter with no number leaves its verses out (chapter 0 reads none).
          chapter = collector.numberOf(file.path, place, 'chapter', attributes.cnumber) ?? 0;
          return;
        }
        case 'VERS': {
          endVerse();
          if (skipping || !book || chapter === 0) return;
          const label = (attributes.vnumber ?? '').trim();
          const n = collector.numberOf(file.path, place, 'verse', label);
          if (n === undefined) return;
          const builder = new VerseBuilder();
          for (const text of pendingHeadings) builder.block({ type: 'heading', level: 1, text, source: 'source' });
          pendingHeadings = [];
          const toLabel = attributes.vnumberto?.trim();
          verse = { number: n, label: toLabel ? `${label}-${toLabel}` : label, place, builder };
          return;
        }
        case 'CAPTION':
        case 'NOTE':
          capture = { name, text: '', attributes };
          return;
        case 'STYLE': {
          const style = styleOf(attributes);
          styleStack.push(style);
          if (style && !capture) verse?.builder.openSpan(style);
          return;
        }
        case 'BR':
          if (verse && !capture) verse.builder.paragraph('paragraph');
          return;
        default:
          if (!PLAIN.has(name)) collector.unknown(`<${name}>`);
      }
    },
    close(name: string) {
      if (dropped > 0) {
        dropped--;
        return;
      }
      if (name === 'INFORMATION') inInformation = false;
      if (capture && capture.name === name) {
        const text = cleanRun(capture.text).trim();
        const done = capture;
        capture = undefined;
        if (text === '') return;
        if (done.name === 'CAPTION') {
          if (verse) verse.builder.block({ type: 'heading', level: 1, text, source: 'source' });
          else pendingHeadings.push(text);
        } else if (done.name === 'NOTE') {
          const note: NoteItem = {
            type: 'note',
            kind: done.attributes.type === 'x-studynote' ? 'study' : 'footnote',
            text,
          };
          verse?.builder.note(note);
          verse?.builder.softBoundary();
        } else if (done.name === 'rights') meta.rights = text;
        else if (done.name === 'title') meta.name ??= text;
        else if (done.name === 'identifier') meta.abbreviation ??= text;
        else if (done.name === 'language') meta.language ??= text;
        else if (done.name === 'description') meta.description ??= text;
        return;
      }
      if (name === 'STYLE') {
        const style = styleStack.pop();
        if (style && !styleStack.includes(style)) verse?.builder.closeSpan(style);
      } else if (name === 'VERS') endVerse();
    },
    text(text: string) {
      if (dropped > 0) return;
      if (capture) capture.text += text;
      else verse?.builder.append(text);
    },
  });
  endVerse();
  for (const [entity, count] of Object.entries(xml.unknownEntities)) collector.unknownMarkers[entity] = count;
}
