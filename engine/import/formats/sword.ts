// SWORD module reader (https://wiki.crosswire.org/DevTools:conf_Files, DevTools:Modules): a
// mods.d/*.conf and the module's data files, zText/zText4 (zlib blocks indexed by .bzs and .bzv) or
// RawText/RawText4 (ot/nt with .vss indexes), in the KJV versification, whose verse grid the caller
// hands over (the meta pack has it). Entries are OSIS, GBF, ThML or plain text.
import { unzlibSync } from 'fflate';
import { invalid } from '../../core/errors.ts';
import type { ImportedBook, SourceFile } from '../types.ts';
import { bookFromNumber } from './books.ts';
import { checkLineLengths, decodeText, decodeUtf8, invalidUtf8Offset, sniffText } from './decode.ts';
import type { ReadImportOptions } from './index.ts';
import { OsisHandler } from './osis.ts';
import { type ImportCollector, type SpanStyle, VerseBuilder, cleanRun } from './verse-builder.ts';
import { type Attributes, XmlReader } from './xml.ts';

/** A block inflated bigger than this is refused: no verse text needs it, a zip bomb does. */
const MAX_BLOCK_BYTES = 32 << 20;

export function looksLikeSwordConf(head: string): boolean {
  return /^[ \t]*\[[^\]\n]+\][ \t]*\r?$/m.test(head) && /^\s*ModDrv\s*=/im.test(head);
}

export interface SwordConfValues {
  name: string;
  values: Record<string, string>;
}

/** The conf's [Name] and its keys (the first value of a repeated key; lines ending in "\" continue). */
export function parseConf(text: string): SwordConfValues {
  const values: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i];
    while (line.endsWith('\\') && i + 1 < lines.length) line = `${line.slice(0, -1)}\n${lines[++i]}`;
    const eq = line.indexOf('=');
    if (line.trim().startsWith('#') || line.trim().startsWith('[') || eq <= 0) continue;
    const key = line.slice(0, eq).trim();
    values[key] ??= line.slice(eq + 1).trim();
  }
  return { name: /^[ \t]*\[([^\]\n]+)\]/m.exec(text)?.[1]?.trim() ?? '', values };
}

type Driver = 'ztext' | 'ztext4' | 'rawtext' | 'rawtext4';
const DRIVERS: Record<string, Driver> = { ztext: 'ztext', ztext4: 'ztext4', rawtext: 'rawtext', rawtext4: 'rawtext4' };

function normalize(path: string): string {
  return path.replace(/\\/g, '/');
}

/** DataPath with "./" dropped and a trailing "/", refused when it climbs out of the module. */
export function safeDataPath(dataPath: string, confPath: string): string {
  const path = normalize(dataPath.trim()).replace(/^(\.\/)+/, '');
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path) || path.split('/').includes('..')) {
    throw invalid('source', `${confPath} entry DataPath: "${dataPath}" points outside the module: not read`);
  }
  return path.endsWith('/') ? path : `${path}/`;
}

interface Testament {
  entryCount: number;
  entry(n: number): Uint8Array;
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function zTestament(files: Map<string, SourceFile>, prefix: string, wide: boolean): Testament | undefined {
  const bzs = files.get(`${prefix}.bzs`);
  const bzv = files.get(`${prefix}.bzv`);
  const bzz = files.get(`${prefix}.bzz`);
  if (!bzs || !bzv || !bzz) return undefined;
  const blockIndex = view(bzs.bytes);
  const entryIndex = view(bzv.bytes);
  const entrySize = wide ? 12 : 10;
  const blocks = new Map<number, Uint8Array>();
  const block = (n: number): Uint8Array => {
    let inflated = blocks.get(n);
    if (inflated) return inflated;
    if ((n + 1) * 12 > bzs.bytes.length) throw invalid('source', `${bzs.path} entry ${n}: no such block`);
    const offset = blockIndex.getUint32(n * 12, true);
    const size = blockIndex.getUint32(n * 12 + 4, true);
    const expected = blockIndex.getUint32(n * 12 + 8, true);
    if (expected > MAX_BLOCK_BYTES || offset + size > bzz.bytes.length) {
      throw invalid('source', `${bzz.path} block ${n}: ${expected} bytes at ${offset}+${size} is not read`);
    }
    try {
      inflated = unzlibSync(bzz.bytes.subarray(offset, offset + size), { out: new Uint8Array(expected) });
    } catch {
      throw invalid('source', `${bzz.path} block ${n} (byte ${offset}): not zlib data, or larger than its index says`);
    }
    blocks.clear(); // entries come in order: one block in memory at a time
    blocks.set(n, inflated);
    return inflated;
  };
  return {
    entryCount: Math.floor(bzv.bytes.length / entrySize),
    entry(n) {
      const at = n * entrySize;
      const blockNumber = entryIndex.getUint32(at, true);
      const start = entryIndex.getUint32(at + 4, true);
      const length = wide ? entryIndex.getUint32(at + 8, true) : entryIndex.getUint16(at + 8, true);
      if (length === 0) return new Uint8Array(0);
      const data = block(blockNumber);
      if (start + length > data.length) throw invalid('source', `${bzv.path} entry ${n}: points past its block`);
      return data.subarray(start, start + length);
    },
  };
}

function rawTestament(files: Map<string, SourceFile>, prefix: string, wide: boolean): Testament | undefined {
  const data = files.get(prefix);
  const vss = files.get(`${prefix}.vss`);
  if (!data || !vss) return undefined;
  const index = view(vss.bytes);
  const entrySize = wide ? 8 : 6;
  return {
    entryCount: Math.floor(vss.bytes.length / entrySize),
    entry(n) {
      const at = n * entrySize;
      const start = index.getUint32(at, true);
      const length = wide ? index.getUint32(at + 4, true) : index.getUint16(at + 4, true);
      if (start + length > data.bytes.length)
        throw invalid('source', `${vss.path} entry ${n}: points past ${data.path}`);
      return data.bytes.subarray(start, start + length);
    },
  };
}

type EntryReader = (raw: string, book: ImportedBook, chapter: number, verse: number, place: string) => void;

export function readSwordModule(files: SourceFile[], collector: ImportCollector, options: ReadImportOptions): void {
  const confs = files.filter((f) => looksLikeSwordConf(sniffText(f)));
  if (confs.length !== 1) {
    throw invalid(
      'source',
      `a SWORD module has one mods.d/*.conf; found ${confs.length}: ${confs.map((c) => c.path).join(', ')}`,
    );
  }
  const confFile = confs[0];
  checkLineLengths(confFile);
  const confText = invalidUtf8Offset(confFile.bytes) < 0 ? decodeText(confFile) : decodeText(confFile, 'latin1');
  const { name, values } = parseConf(confText.replace(/^\uFEFF/, ''));
  const at = (key: string) => `entry ${key}`;
  const driver = DRIVERS[(values.ModDrv ?? '').toLowerCase()];
  if (!driver) {
    throw invalid(
      'source',
      `${confFile.path} ${at('ModDrv')}: ModDrv=${values.ModDrv} is not a Bible text driver we read (zText, zText4, RawText, RawText4)`,
    );
  }
  const versification = values.Versification?.trim();
  if (versification && versification.toUpperCase() !== 'KJV') {
    throw invalid(
      'source',
      `${confFile.path} ${at('Versification')}: Versification=${versification} is not read; only KJV modules are`,
    );
  }
  const compress = values.CompressType?.toUpperCase();
  if (driver.startsWith('ztext') && compress && compress !== 'ZIP') {
    throw invalid(
      'source',
      `${confFile.path} ${at('CompressType')}: CompressType=${values.CompressType} is not read; only ZIP is`,
    );
  }
  const grid = options.kjvChapterVerses;
  if (grid?.length !== 66)
    throw invalid('kjvChapterVerses', 'reading a SWORD module needs the KJV verse grid (66 books of verse counts)');
  const dataPath = safeDataPath(values.DataPath ?? '', confFile.path);
  // A zip the host unpacked names its entries "file.zip:entry", so the module root may end at a colon.
  const root = normalize(confFile.path).replace(/(^|[/:])mods\.d\/[^/]+$/, '$1');
  const moduleFiles = new Map<string, SourceFile>();
  for (const file of files) {
    const path = normalize(file.path);
    const local = path.startsWith(root + dataPath) ? path.slice((root + dataPath).length) : undefined;
    if (local && !local.includes('/')) moduleFiles.set(local, file);
  }
  const meta = collector.metadata;
  meta.abbreviation = name || undefined;
  if (values.Description) meta.name = values.Description;
  if (values.Lang) meta.language = values.Lang;
  if (values.About) meta.description = values.About.replace(/\s*\\par\s?/g, '\n').trim();
  const rights = [values.DistributionLicense, values.Copyright].filter((v): v is string => !!v?.trim());
  if (rights.length > 0) meta.rights = rights.join('\n');
  meta.versification = versification ?? 'KJV';

  const utf8 = values.Encoding?.toUpperCase() === 'UTF-8';
  const latin1 = new TextDecoder('latin1');
  const readEntry = entryReader(values.SourceType ?? '', collector, confFile.path);
  const wide = driver.endsWith('4');
  let found = 0;
  for (const [prefix, first, last] of [
    ['ot', 1, 39],
    ['nt', 40, 66],
  ] as const) {
    const testament = driver.startsWith('ztext')
      ? zTestament(moduleFiles, prefix, wide)
      : rawTestament(moduleFiles, prefix, wide);
    if (!testament) continue;
    found++;
    let needed = 2;
    for (let b = first; b <= last; b++) needed += 1 + grid[b - 1].reduce((sum, v) => sum + 1 + v, 0);
    if (testament.entryCount !== needed) {
      throw invalid(
        'source',
        `${confFile.path} ${prefix}: the index has ${testament.entryCount} entries where the KJV grid needs ${needed}`,
      );
    }
    let n = 2;
    for (let b = first; b <= last; b++) {
      const known = bookFromNumber(b);
      if (!known) continue;
      n++; // the book's introduction
      grid[b - 1].forEach((verseCount, chapterIndex) => {
        n++; // the chapter's introduction
        for (let verse = 1; verse <= verseCount; verse++, n++) {
          const bytes = testament.entry(n);
          if (bytes.length === 0) continue;
          const where = `${known.usfm} ${chapterIndex + 1}:${verse}`;
          const raw = utf8
            ? decodeUtf8(bytes, (bad) => `${confFile.path} ${where}: invalid UTF-8 at byte ${bad} of the entry`)
            : latin1.decode(bytes);
          if (raw.trim() === '') continue;
          const book = collector.book(known.number, known.usfm);
          readEntry(raw, book, chapterIndex + 1, verse, `${known.usfm} ${chapterIndex + 1}:${verse}`);
        }
      });
    }
  }
  if (found === 0) {
    const expected = driver.startsWith('ztext')
      ? 'ot.bzs/.bzv/.bzz or nt.bzs/.bzv/.bzz'
      : 'ot and ot.vss, or nt and nt.vss';
    throw invalid('source', `${confFile.path} ${at('DataPath')}: no module files under ${dataPath} (${expected})`);
  }
}

function entryReader(sourceType: string, collector: ImportCollector, file: string): EntryReader {
  const type = sourceType.trim().toUpperCase();
  if (type === 'OSIS') {
    const handler = new OsisHandler(collector, file);
    return (raw, book, chapter, verse, place) =>
      handler.fragment(file, place, book, chapter, verse, () => {
        const xml = new XmlReader(raw, `${file} ${place}`);
        xml.run(handler);
      });
  }
  if (type === 'GBF') return gbfReader(collector, file);
  if (type === 'THML') return thmlReader(collector, file);
  if (type !== '' && type !== 'PLAIN')
    collector.warn(file, 'entry SourceType', `SourceType=${sourceType} is read as plain text`);
  return (raw, book, chapter, verse, place) => {
    const builder = new VerseBuilder();
    builder.append(raw);
    collector.verse(file, place, { book: book.book, chapter, verse }, builder.finish());
  };
}

const GBF_TAG = /<([A-Z][A-Za-z])([^>]*)>/g;
const GBF_STYLES: Record<string, SpanStyle> = { FR: 'wj', FI: 'add' };

/** GBF (General Bible Format): two-letter tags, upper case opens and mixed case closes (<FR>...<Fr>). */
function gbfReader(collector: ImportCollector, file: string): EntryReader {
  return (raw, book, chapter, verse, place) => {
    const builder = new VerseBuilder();
    let note: { kind: 'footnote' | 'crossref'; text: string } | undefined;
    let title: string | undefined;
    let pos = 0;
    const text = (t: string) => {
      if (note) note.text += t;
      else if (title !== undefined) title += t;
      else builder.append(t);
    };
    GBF_TAG.lastIndex = 0;
    for (let m = GBF_TAG.exec(raw); m; m = GBF_TAG.exec(raw)) {
      text(raw.slice(pos, m.index));
      pos = GBF_TAG.lastIndex;
      const tag = m[1];
      const upper = tag.toUpperCase();
      const opening = tag === upper;
      if (GBF_STYLES[upper]) opening ? builder.openSpan(GBF_STYLES[upper]) : builder.closeSpan(GBF_STYLES[upper]);
      else if (upper === 'RF' || upper === 'RX') {
        if (opening) note = { kind: upper === 'RX' ? 'crossref' : 'footnote', text: '' };
        else if (note) {
          const clean = cleanRun(note.text).trim();
          if (clean) builder.note({ type: 'note', kind: note.kind, text: clean });
          note = undefined;
        }
      } else if (upper === 'TS') {
        if (opening) title = '';
        else if (title !== undefined) {
          const clean = cleanRun(title).trim();
          if (clean) builder.block({ type: 'heading', level: 1, text: clean, source: 'source' });
          title = undefined;
        }
      } else if (upper === 'CM') builder.paragraph('paragraph');
      else if (upper === 'CL') builder.space();
      else if (!['WH', 'WG', 'WT', 'FO', 'FU', 'FB', 'FS', 'FN', 'FV', 'CG', 'CT', 'RB', 'RP', 'Rp'].includes(upper))
        collector.unknown(`<${upper}>`);
    }
    text(raw.slice(pos));
    collector.verse(file, place, { book: book.book, chapter, verse }, builder.finish());
  };
}

/** ThML: HTML-like markup; <note> is a note, <font color="red"> the words of Jesus, <br/> and <p> breaks. */
function thmlReader(collector: ImportCollector, file: string): EntryReader {
  return (raw, book, chapter, verse, place) => {
    const builder = new VerseBuilder();
    const xml = new XmlReader(raw, `${file} ${place}`);
    let note: string | undefined;
    let dropped = 0;
    const stack: (SpanStyle | undefined)[] = [];
    xml.run({
      open(name: string, attributes: Attributes) {
        if (dropped > 0 || name === 'sync' || name === 'scripContext') {
          dropped++;
          return;
        }
        if (name === 'note') note = '';
        else if (name === 'br') builder.space();
        else if (name === 'p' || name === 'div') builder.paragraph('paragraph');
        const style = name === 'font' && /^(red|#f00|#ff0000)$/i.test(attributes.color ?? '') ? 'wj' : undefined;
        stack.push(style);
        if (style) builder.openSpan(style);
      },
      close(name: string) {
        if (dropped > 0) {
          dropped--;
          return;
        }
        const style = stack.pop();
        if (style) builder.closeSpan(style);
        if (name === 'note' && note !== undefined) {
          const clean = cleanRun(note).trim();
          if (clean) builder.note({ type: 'note', kind: 'footnote', text: clean });
          note = undefined;
        }
      },
      text(t: string) {
        if (dropped > 0) return;
        if (note !== undefined) note += t;
        else builder.append(t);
      },
    });
    collector.verse(file, place, { book: book.book, chapter, verse }, builder.finish());
  };
}
