// USX 3 reader (https://ubsicap.github.io/usx/): USFM's markers as XML, one file per book. <para style>,
// <char style>, <note style caller>, <book code>, milestoned <chapter>/<verse sid|eid>.
import type { SourceFile } from '../types.ts';
import { decodeText } from './decode.ts';
import { UsfmBuilder } from './usfm-builder.ts';
import type { ImportCollector } from './verse-builder.ts';
import { type Attributes, XmlReader } from './xml.ts';

/** Elements whose content is not the text: figures, sidebars, the book line's description. */
const DROPPED = new Set(['figure', 'sidebar', 'book', 'periph']);
const KNOWN = new Set(['usx', 'ref', 'optbreak', 'ms', 'table', 'cell', 'row', 'category', 'link', 'annot']);

export function readUsxFile(file: SourceFile, collector: ImportCollector): void {
  const xml = new XmlReader(decodeText(file), file.path);
  const builder = new UsfmBuilder(collector, file.path);
  const stack: { name: string; style: string }[] = [];
  let dropped = 0;
  xml.run({
    open(name: string, attributes: Attributes) {
      builder.place = xml.place();
      const style = attributes.style ?? '';
      stack.push({ name, style });
      if (DROPPED.has(name)) {
        if (name === 'book') builder.startBook(attributes.code ?? '');
        dropped++;
        return;
      }
      if (dropped > 0) return;
      switch (name) {
        case 'chapter':
          if (attributes.number !== undefined) builder.chapterStart(attributes.number);
          break;
        case 'verse':
          if (attributes.number !== undefined) builder.verseStart(attributes.number);
          else if (attributes.eid !== undefined) builder.verseEnd();
          break;
        case 'para':
          builder.paragraph(style || 'p');
          break;
        case 'row':
          builder.paragraph('tr');
          break;
        case 'char':
          builder.charOpen(style);
          break;
        case 'note':
          builder.noteOpen(style || 'f', attributes.caller);
          break;
        default:
          if (!KNOWN.has(name)) collector.unknown(`<${name}>`);
      }
    },
    close(name: string) {
      const open = stack.pop();
      if (DROPPED.has(name)) {
        dropped--;
        return;
      }
      if (dropped > 0) return;
      if (name === 'para') builder.endParagraph();
      else if (name === 'char') builder.charClose(open?.style ?? '');
      else if (name === 'note') builder.noteClose();
    },
    text(text: string) {
      if (dropped === 0) builder.text(text);
    },
  });
  builder.finish();
  for (const [entity, count] of Object.entries(xml.unknownEntities)) collector.unknownMarkers[entity] = count;
}
