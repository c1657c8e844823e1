// Turning a source file's bytes into text, refusing what is not text: invalid UTF-8 (named by byte
// offset), and lines too long to be a Bible's (a hostile file of one endless line is refused before it
// is decoded, so memory holds no copy of it).
import { invalid } from '../../core/errors.ts';
import type { SourceFile } from '../types.ts';

/** The longest line a line-based format (USFM, a verse table, a SWORD conf) may have. */
export const MAX_LINE_BYTES = 1 << 20;

/** Where the first invalid UTF-8 sequence starts, or -1 when every byte is well-formed. */
export function invalidUtf8Offset(bytes: Uint8Array, from = 0): number {
  let i = from;
  const n = bytes.length;
  while (i < n) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else return i;
    if (i + need >= n) return i;
    let code = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      code = (code << 6) | (c & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

/** Refuses a file with a line longer than `limit` bytes, naming the line, before anything is decoded. */
export function checkLineLengths(file: SourceFile, limit = MAX_LINE_BYTES): void {
  const bytes = file.bytes;
  let lineStart = 0;
  let line = 1;
  for (;;) {
    const end = bytes.indexOf(10, lineStart);
    const stop = end < 0 ? bytes.length : end;
    if (stop - lineStart > limit) {
      throw invalid('source', `${file.path} line ${line}: a line of more than ${limit} bytes is not read`);
    }
    if (end < 0) return;
    lineStart = end + 1;
    line++;
  }
}

function utf16(bytes: Uint8Array, littleEndian: boolean, path: string): string {
  if (bytes.length % 2 !== 0) {
    throw invalid('source', `${path} byte ${bytes.length - 1}: UTF-16 text with an odd number of bytes`);
  }
  return new TextDecoder(littleEndian ? 'utf-16le' : 'utf-16be').decode(bytes.subarray(2));
}

// Windows-1252's characters for the bytes 0x80..0x9f, where it differs from ISO-8859-1 (the five
// undefined bytes keep their ISO-8859-1 control code, as browsers decode them).
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * Single-byte Western text: Windows-1252, which files labelled ISO-8859-1 or Latin-1 are in practice
 * (the web's decoders read the one as the other). Done here, not by TextDecoder, because not every
 * JavaScript engine the package runs on has more than UTF-8 there.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const chunk = 8192;
  for (let start = 0; start < bytes.length; start += chunk) {
    const codes = Array.from(bytes.subarray(start, start + chunk), (b) =>
      b >= 0x80 && b <= 0x9f ? CP1252_HIGH.charCodeAt(b - 0x80) : b,
    );
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
}

const WESTERN = /^(?:(?:cp|windows)[-_ ]?1252|1252|iso[-_ ]?8859[-_ ]?1|latin[-_ ]?1|l1)$/i;
const UTF8 = /^(?:utf[-_ ]?8|65001)$/i;

/**
 * The encoding a file names for itself: an XML declaration's `encoding`, or USFM's `\ide` line.
 * Only its first bytes are looked at, which are ASCII in every encoding this reads.
 */
export function declaredEncoding(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder('utf-8').decode(bytes.subarray(0, 1024));
  const xml = /^\s*<\?xml[^>]*?\sencoding\s*=\s*["']([^"']+)["']/.exec(head);
  if (xml) return xml[1].trim();
  const ide = /(?:^|\n)\s*\\ide\s+([^\s\\]+)/.exec(head);
  return ide ? ide[1].trim() : undefined;
}

/**
 * The file's text: UTF-16 when it starts with a byte order mark; else the encoding it declares (UTF-8 or
 * Windows-1252/ISO-8859-1), else UTF-8 (a BOM dropped), refused at the first invalid byte. A `latin1`
 * fallback is for SWORD modules, whose default encoding it is.
 */
export function decodeText(file: SourceFile, encoding: 'utf-8' | 'latin1' = 'utf-8'): string {
  const bytes = file.bytes;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return utf16(bytes, true, file.path);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return utf16(bytes, false, file.path);
  if (encoding === 'latin1') return decodeWindows1252(bytes);
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const declared = start === 0 ? declaredEncoding(bytes) : undefined;
  if (declared && WESTERN.test(declared)) return decodeWindows1252(bytes);
  const unread = declared && !UTF8.test(declared) ? ` (it declares ${declared}, which is not read)` : '';
  return decodeUtf8(bytes.subarray(start), (offset) => `${file.path} byte ${offset + start}: invalid UTF-8${unread}`);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 decoded by the platform; on failure the first bad byte is found, for the message. */
export function decodeUtf8(bytes: Uint8Array, message: (offset: number) => string): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw invalid('source', message(Math.max(0, invalidUtf8Offset(bytes))));
  }
}

/** The text of the first few kilobytes, for format detection (never fails: bad bytes become U+FFFD). */
export function sniffText(file: SourceFile, length = 4096): string {
  const bytes = file.bytes;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2, length * 2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2, length * 2));
  return new TextDecoder('utf-8').decode(bytes.subarray(0, length)).replace(/^\uFEFF/, '');
}

/** Line number (1-based) of a character offset in a text, counted from a known earlier point. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  let i = text.indexOf('\n');
  while (i >= 0 && i < offset) {
    line++;
    i = text.indexOf('\n', i + 1);
  }
  return line;
}
