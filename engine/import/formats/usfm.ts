// USFM reader: one file per book, backslash markers (https://ubsicap.github.io/usfm/). The markers'
// meaning is in usfm-builder.ts, shared with USX and USFX; this file only splits the text into markers,
// their arguments and the text between them.
import type { SourceFile } from '../types.ts';
import { checkLineLengths, decodeText } from './decode.ts';
import { UsfmBuilder } from './usfm-builder.ts';
import type { ImportCollector } from './verse-builder.ts';

const MARKER = /\\(\+?)([A-Za-z][A-Za-z0-9-]*)(\*?)/g;
const NOTE_MARKERS = new Set(['f', 'fe', 'ef', 'x', 'ex']);
/** Markers whose first word is an argument, not text. */
const WITH_ARGUMENT = new Set(['id', 'c', 'v', 'ca', 'cp']);

export function readUsfmFile(file: SourceFile, collector: ImportCollector): void {
  checkLineLengths(file);
  const text = decodeText(file);
  const builder = new UsfmBuilder(collector, file.path);
  let line = 1;
  // the next line break not yet counted, so that a line with many markers is searched once
  let nextBreak = text.indexOf('\n');
  const placeAt = (offset: number) => {
    while (nextBreak >= 0 && nextBreak < offset) {
      line++;
      nextBreak = text.indexOf('\n', nextBreak + 1);
    }
    builder.place = `line ${line}`;
  };
  let pos = 0;
  // The text after a marker; an argument marker takes its first word off it first.
  const handleText = (from: number, to: number) => {
    if (to > from) builder.text(text.slice(from, to));
  };
  MARKER.lastIndex = 0;
  for (let match = MARKER.exec(text); match; match = MARKER.exec(text)) {
    handleText(pos, match.index);
    placeAt(match.index);
    const [, , name, star] = match;
    const marker = name;
    pos = MARKER.lastIndex;
    if (star) {
      if (NOTE_MARKERS.has(marker)) builder.noteClose();
      else builder.charClose(marker);
      continue;
    }
    if (WITH_ARGUMENT.has(marker) || NOTE_MARKERS.has(marker)) {
      const argument = readArgument(text, pos);
      const word = argument.word;
      pos = argument.end;
      if (marker === 'id') {
        builder.startBook(word);
        // The rest of the \id line describes the file; it is not text.
        const end = text.indexOf('\n', pos);
        pos = end < 0 ? text.length : end;
      } else if (marker === 'c') builder.chapterStart(word);
      else if (marker === 'v') builder.verseStart(word);
      else if (marker === 'ca' || marker === 'cp') {
        // alternate and published chapter numbers are not text
      } else builder.noteOpen(marker, word);
      continue;
    }
    // The one space after an opening marker belongs to the marker, not the text ("y\\sup e\\sup*").
    if (isSpace(text.charCodeAt(pos))) pos++;
    if (isCharacterMarker(marker)) builder.charOpen(marker);
    else builder.paragraph(marker);
  }
  handleText(pos, text.length);
  builder.finish();
}

function readArgument(text: string, from: number): { word: string; end: number } {
  let i = from;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  const start = i;
  while (i < text.length && !isSpace(text.charCodeAt(i)) && text[i] !== '\\') i++;
  return { word: text.slice(start, i), end: i };
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

// biome-ignore format: a table
const CHARACTER = new Set([
  'wj', 'add', 'nd', 'w', 'rb', 'k', 'qs', 'qac', 'sup', 'em', 'bd', 'it', 'bdit', 'no', 'sc', 'bk', 'tl', 'pn',
  'png', 'addpn', 'ord', 'sig', 'sls', 'dc', 'ior', 'iqt', 'rq', 'qt', 'pro', 'wg', 'wh', 'wa', 'jmp', 'ndx',
  'ca', 'va', 'vp', 'fig', 'cat', 'fr', 'fq', 'fqa', 'fk', 'fl', 'fw', 'fp', 'ft', 'fdc', 'fm', 'fv', 'xo', 'xk',
  'xq', 'xt', 'xta', 'xop', 'xot', 'xnt', 'xdc', 'litl', 'lik', 'liv', 'liv1', 'efm', 'th1', 'th2', 'th3', 'th4',
  'thr1', 'thr2', 'tc1', 'tc2', 'tc3', 'tc4', 'tcr1', 'tcr2', 'tcr3',
]);

/** Character markers are closed with `\name*`; everything else starts a paragraph. */
function isCharacterMarker(marker: string): boolean {
  return CHARACTER.has(marker) || marker.startsWith('z');
}

/** Whether a text looks like USFM: a backslash marker at the start of a line, \id or \c or \v among them. */
export function looksLikeUsfm(head: string): boolean {
  return /(^|\n)\s*\\(id|c|v|h|toc\d|mt\d?|usfm|ide|rem)\b/.test(head) && /\\(id|c|v)\s/.test(head);
}
