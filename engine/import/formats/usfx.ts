// USFX reader (https://ebible.org/usfx/): USFM's markers as element names, the whole Bible in one file.
// <book id>, <h>, <toc level>, <c id/>, <v id/>...<ve/>, <p style>, <q level>, <s level>, <f caller>, <wj>...
import type { SourceFile } from '../types.ts';
import { decodeText } from './decode.ts';
import { UsfmBuilder } from './usfm-builder.ts';
import type { ImportCollector } from './verse-builder.ts';
import { type Attributes, XmlReader } from './xml.ts';

/** Elements that take a level attribute and become the USFM marker with that number. */
const LEVELLED = new Set(['toc', 'q', 's', 'mt', 'ms', 'li', 'pi', 'qm', 'imt', 'is', 'io', 'iq', 'ili', 'ph']);
// biome-ignore format: a table
const PARAGRAPHS = new Set([
  'p', 'q', 's', 'd', 'mt', 'ms', 'mr', 'sr', 'r', 'h', 'toc', 'rem', 'cl', 'cd', 'b', 'li', 'pi', 'qm', 'qa', 'sp',
  'mte', 'ide', 'imt', 'is', 'ip', 'io', 'iq', 'ili', 'ie', 'iex', 'ipi', 'im', 'ib', 'nb', 'm', 'mi', 'pc', 'qc', 'qr',
  'ph', 'tr', 'periph',
]);
const NOTES = new Set(['f', 'x', 'fe', 'ef']);
// biome-ignore format: a table
const CHARACTERS = new Set([
  'wj', 'add', 'nd', 'w', 'k', 'qs', 'qac', 'sup', 'em', 'bd', 'it', 'bdit', 'no', 'sc', 'bk', 'tl', 'pn', 'png', 'ord',
  'sig', 'sls', 'dc', 'rq', 'qt', 'ca', 'va', 'vp', 'fr', 'fq', 'fqa', 'fk', 'fl', 'fw', 'fp', 'ft', 'fdc', 'fm', 'fv',
  'xo', 'xk', 'xq', 'xt', 'xdc', 'xot', 'xnt', 'wh', 'wg', 'fig', 'ref', 'cs', 'table', 'tc', 'th', 'tcr', 'thr',
]);
const DROPPED = new Set(['id', 'generated', 'milestone', 'fig']);
const KNOWN = new Set(['usfx', 'languageCode', 'optionalLineBreak', 'cp']);

function markerOf(name: string, attributes: Attributes): string {
  if (name === 'p' && attributes.style) return attributes.style;
  if (LEVELLED.has(name) && attributes.level) return `${name}${attributes.level}`;
  return name;
}

export function readUsfxFile(file: SourceFile, collector: ImportCollector): void {
  const xml = new XmlReader(decodeText(file), file.path);
  const builder = new UsfmBuilder(collector, file.path);
  const stack: string[] = [];
  let dropped = 0;
  xml.run({
    open(name: string, attributes: Attributes, selfClosing: boolean) {
      builder.place = xml.place();
      const marker = markerOf(name, attributes);
      stack.push(marker);
      if (DROPPED.has(name)) {
        dropped++;
        return;
      }
      if (dropped > 0) return;
      if (name === 'book') builder.startBook(attributes.id ?? '');
      else if (name === 'c') builder.chapterStart(attributes.id ?? '');
      else if (name === 'v') builder.verseStart(attributes.id ?? '');
      else if (name === 've') builder.verseEnd();
      else if (PARAGRAPHS.has(name)) {
        builder.paragraph(marker);
        // <p/> and <b/> as milestones: a new paragraph starts where they stand and runs on.
        if (selfClosing) stack[stack.length - 1] = '';
      } else if (NOTES.has(name)) builder.noteOpen(name, attributes.caller);
      else if (CHARACTERS.has(name)) builder.charOpen(name);
      else if (!KNOWN.has(name)) collector.unknown(`<${name}>`);
    },
    close(name: string) {
      const marker = stack.pop() ?? '';
      if (DROPPED.has(name)) {
        dropped--;
        return;
      }
      if (dropped > 0 || marker === '') return;
      if (PARAGRAPHS.has(name)) builder.endParagraph();
      else if (NOTES.has(name)) builder.noteClose();
      else if (CHARACTERS.has(name)) builder.charClose(name);
    },
    text(text: string) {
      if (dropped === 0) builder.text(text);
    },
  });
  builder.finish();
  for (const [entity, count] of Object.entries(xml.unknownEntities)) collector.unknownMarkers[entity] = count;
}
