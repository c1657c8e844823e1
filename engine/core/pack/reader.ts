import { type BibleError, notAvailable } from '../errors.ts';
import { crc32 } from './crc32.ts';
import { strictUtf8Decoder } from '../utf8.ts';
import {
  BLOCK_ENTRY_BYTES,
  BlockCoding,
  declarationOf,
  describeDeclaration,
  type PackDeclaration,
  PACK_FORMAT_VERSION,
  PACK_HEADER_BYTES,
  PACK_MAGIC,
  SectionKind,
  type SectionKindName,
  valueWidth,
} from './format.ts';
import { fromBytePlanes, fromDeltasInPlace } from './column-coding.ts';

interface Block {
  coding: number;
  /** where its stored bytes start in the file */
  at: number;
  storedLength: number;
  length: number;
  crc: number;
}

interface Section {
  kind: number;
  blocks: Block[];
  length: number;
}

/** A section's blocks, read one at a time. Nothing is cached here: callers keep what they use. */
export interface Blocks {
  readonly count: number;
  /** inflated length of block i */
  length(i: number): number;
  /** block i, checked and inflated */
  read(i: number): Uint8Array;
}

export interface Pack {
  readonly name: string;
  /** what the pack's bytes declare it to be; its name is the one it was opened by */
  readonly declaration: PackDeclaration;
  readonly sectionNames: string[];
  has(section: string): boolean;
  bytes(section: string): Uint8Array;
  u32(section: string): Uint32Array;
  u16(section: string): Uint16Array;
  /** a UTF-8 section decoded; a large one is inflated again on each call, so callers keep the string */
  text(section: string): string;
  /** a UTF-8 section's bytes, for callers that decode parts of it on demand */
  utf8Bytes(section: string): Uint8Array;
  /** a JSON section parsed; a large one is inflated again on each call, so callers keep the value */
  json<T>(section: string): T;
  /** a utf8 or bytes section's blocks, for readers that need only a part of it */
  blocks(section: string): Blocks;
}

/** CRC-32 (IEEE) of some bytes; hosts with a native one (Node 20.15+: zlib.crc32) may pass it. */
export type Checksum = (bytes: Uint8Array) => number;

/** Raw-deflate decompressor: Node's zlib where the host has it, else the engine's own
 *  (pack/fflate-inflate.ts). */
export type Inflate = (compressed: Uint8Array, expectedLength: number) => Uint8Array;

// TextDecoder where the platform has it; a fallback where it does not (Hermes, bare V8 contexts).
const decodeUtf8 = strictUtf8Decoder();

/** The error for a pack this engine cannot use: what is wrong, and how to get a good one. */
export const packUnusable = (name: string, why: string) =>
  notAvailable(`pack '${name}' cannot be used: ${why}; rebuild it with \`bible build\``);

/** The first characters of bytes that are plainly text beginning with '<', '{' or '[' (HTML, XML, JSON). */
function textStart(file: Uint8Array): string | undefined {
  let i = 0;
  while (i < file.length && i < 64 && (file[i] === 0x20 || (file[i] >= 0x09 && file[i] <= 0x0d))) i++;
  if (file[i] !== 0x3c && file[i] !== 0x7b && file[i] !== 0x5b) return undefined;
  let out = '';
  for (let j = i; j < file.length && out.length < 40; j++) {
    if (file[j] < 0x20 || file[j] > 0x7e) break;
    out += String.fromCharCode(file[j]);
  }
  return out.length >= 2 ? out : undefined;
}

/** Pack names are file names too: letters, digits, dot, underscore and dash, starting with a letter or digit. */
export const isPackName = (name: string) => /^[a-z0-9][a-z0-9._-]*$/i.test(name);

/** The largest text or JSON section whose inflated bytes a pack keeps once it has been decoded. */
export const DECODED_SECTION_KEPT_BYTES = 64 * 1024;

/** Whether a block's coding is one this engine reads, for its section's kind and length. */
function knownCoding(coding: number, kind: number, length: number): boolean {
  if (coding === BlockCoding.stored || coding === BlockCoding.deflate) return true;
  const width = valueWidth(kind);
  return (
    width > 0 &&
    length % width === 0 &&
    coding >= BlockCoding.deflateBytePlanes &&
    coding <= BlockCoding.deflateDeltaBytePlanes
  );
}

/** Undoes a numeric section's coding (column-coding.ts) on its inflated bytes. */
function unarrange(bytes: Uint8Array, coding: number, width: number): Uint8Array {
  if (coding === BlockCoding.deflateDeltas) return fromDeltasInPlace(bytes, width);
  const values = fromBytePlanes(bytes, width);
  return coding === BlockCoding.deflateDeltaBytePlanes ? fromDeltasInPlace(values, width) : values;
}

const typedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype);
// The built-in getters, found once, or where a runtime lacks one, the property read from the value itself.
const typedArrayGetter = (property: PropertyKey) => {
  const getter = Object.getOwnPropertyDescriptor(typedArrayPrototype, property)?.get;
  return (value: unknown): unknown => (getter ? getter.call(value) : (value as Record<PropertyKey, unknown>)[property]);
};
const typedArrayTag = typedArrayGetter(Symbol.toStringTag);
const bufferOf = typedArrayGetter('buffer');
const byteOffsetOf = typedArrayGetter('byteOffset');
const byteLengthOf = typedArrayGetter('byteLength');

/**
 * A plain Uint8Array over the same bytes as a loader's Uint8Array, or undefined for anything else. The
 * built-in getters are used rather than the value's own: a subclass (as Node's buffers are, or one overriding
 * buffer, slice or subarray) or an object that only inherits from Uint8Array.prototype must not change
 * what is read, and a Uint8Array from another realm (an iframe, a vm context) is still bytes.
 */
function plainBytes(given: unknown): Uint8Array | undefined {
  if (typeof given !== 'object' || given === null || typedArrayTag(given) !== 'Uint8Array') return undefined;
  const length = byteLengthOf(given) as number;
  // A detached buffer (or a resizable one shrunk below the view) reads as no bytes: not a pack.
  if (length === 0) return new Uint8Array(0);
  return new Uint8Array(bufferOf(given) as ArrayBuffer, byteOffsetOf(given) as number, length);
}

/** What a loader returned instead of bytes, for its error. */
function describeValue(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value !== 'object') return `a ${typeof value}`;
  let tag: string;
  try {
    tag = (typedArrayTag(value) as string | undefined) ?? Object.prototype.toString.call(value).slice(8, -1);
  } catch {
    tag = 'Object'; // a proxy or a throwing Symbol.toStringTag getter
  }
  return /^[AEIO]/.test(tag) ? `an ${tag}` : `a ${tag}`;
}

/** The refusal of a pack whose file declares another pack: what it holds instead, and what to do. */
export const packMisplaced = (name: string, declaration: PackDeclaration) =>
  packUnusable(
    name,
    `its file holds ${describeDeclaration(declaration)}, not '${name}' (another pack's file copied or renamed in its place?)`,
  );

/** A pack being read: its bytes as checked at open, its directory, and how it reads and refuses. */
interface OpenedPack {
  name: string;
  file: Uint8Array;
  /** the file's length and directory checksum at open, to tell a host's change from a damaged file */
  fileLength: number;
  directory: Uint8Array;
  directoryCrc: number;
  sections: Map<string, Section>;
  inflate: Inflate;
  checksum: Checksum;
  /** an error of a read this pack refuses, its holder told first */
  refused: (error: BibleError) => BibleError;
  /** whole sections kept for the pack's life (see sectionBytes) */
  whole: Map<string, Uint8Array>;
}

const failOf = (pack: Pick<OpenedPack, 'name' | 'refused'>, why: string) => pack.refused(packUnusable(pack.name, why));

/** The header and directory of a pack file, checked: its magic, format version and directory checksum. */
function checkedDirectory(
  name: string,
  file: Uint8Array,
  checksum: Checksum,
  refused: OpenedPack['refused'],
): { directory: Uint8Array; directoryCrc: number } {
  const fail = (why: string) => failOf({ name, refused }, why);
  if (file.length < PACK_HEADER_BYTES || PACK_MAGIC.some((b, i) => file[i] !== b)) {
    // Text in a pack's place is what a loader was answered, not a damaged build: a web server's page for a
    // path it does not serve (a dev server's index.html fallback, a 404 page sent as 200) or a JSON error.
    const text = textStart(file);
    if (text !== undefined)
      throw refused(
        notAvailable(
          `pack '${name}' cannot be used: the loader returned text, not a pack file (it begins ${JSON.stringify(text)}): a web page or an error answered where the pack's file was asked for?`,
        ),
      );
    throw fail('not a pack file (bad magic)');
  }
  const header = new DataView(file.buffer, file.byteOffset, PACK_HEADER_BYTES);
  const version = header.getUint16(4, true);
  if (version !== PACK_FORMAT_VERSION)
    throw fail(`format version ${version}, this engine reads version ${PACK_FORMAT_VERSION}`);
  const directoryLength = header.getUint32(8, true);
  if (PACK_HEADER_BYTES + directoryLength > file.length)
    throw fail('checksum mismatch: the file is truncated (its directory is cut short)');
  const directory = file.subarray(PACK_HEADER_BYTES, PACK_HEADER_BYTES + directoryLength);
  const directoryCrc = header.getUint32(12, true);
  if (checksum(directory) >>> 0 !== directoryCrc) throw fail('checksum mismatch in its directory (corrupt file)');
  return { directory, directoryCrc };
}

/** One section's entry in the directory, from `at`: its name, kind and blocks (stored from `stored`). */
function readSectionEntry(directory: Uint8Array, view: DataView, at: number, stored: number) {
  const nameLength = directory[at];
  at += 1;
  const name = String.fromCharCode(...directory.subarray(at, at + nameLength));
  at += nameLength;
  const kind = directory[at];
  const blockCount = view.getUint32(at + 1, true);
  at += 5;
  const blocks: Block[] = [];
  let length = 0;
  for (let b = 0; b < blockCount; b++) {
    const block = {
      coding: directory[at],
      at: stored,
      length: view.getUint32(at + 1, true),
      storedLength: view.getUint32(at + 5, true),
      crc: view.getUint32(at + 9, true),
    };
    if (!knownCoding(block.coding, kind, block.length)) throw new Error('unknown coding');
    // A stored block is its bytes: another recorded length would pad, cut or misplace its section.
    if (block.coding === BlockCoding.stored && block.length !== block.storedLength) throw new Error('stored length');
    at += BLOCK_ENTRY_BYTES;
    stored += block.storedLength;
    length += block.length;
    blocks.push(block);
  }
  return { name, section: { kind, blocks, length } satisfies Section, at, stored };
}

/** The directory's sections and the pack's declaration, and where its stored blocks end; throws a plain
 *  Error on any inconsistency (the caller refuses the pack as corrupt). */
function parseDirectory(directory: Uint8Array): {
  sections: Map<string, Section>;
  declaration: PackDeclaration;
  stored: number;
} {
  const sections = new Map<string, Section>();
  const view = new DataView(directory.buffer, directory.byteOffset, directory.byteLength);
  let stored = PACK_HEADER_BYTES + directory.length;
  let at = 4;
  const count = view.getUint32(0, true);
  for (let i = 0; i < count; i++) {
    const entry = readSectionEntry(directory, view, at, stored);
    sections.set(entry.name, entry.section);
    ({ at, stored } = entry);
  }
  const fields: string[] = [];
  for (let i = 0; i < 3; i++) {
    const fieldLength = directory[at];
    if (fieldLength === undefined || at + 1 + fieldLength > directory.length) throw new Error('declaration');
    fields.push(String.fromCharCode(...directory.subarray(at + 1, at + 1 + fieldLength)));
    at += 1 + fieldLength;
  }
  const declaration = declarationOf(fields);
  if (at !== directory.length) throw new Error('directory length');
  return { sections, declaration, stored };
}

// Blocks are read in place from the loader's bytes, after open. A host that detached, shrank or reused
// them since (a transferred ArrayBuffer, a pooled buffer filled with another file) has changed what was
// checked: that is told apart from a damaged file, whose rebuilding would not help.
const changedByHost = (pack: OpenedPack) =>
  pack.refused(
    notAvailable(
      `pack '${pack.name}' cannot be read: the bytes its loader returned were changed, reused or released after it was opened (the engine reads them in place; a loader hands over bytes it no longer uses)`,
    ),
  );

/** One block's bytes: checked against its checksum, then inflated and unarranged as its coding says. */
function readBlock(pack: OpenedPack, sectionName: string, block: Block, kind: number): Uint8Array {
  const { file, checksum } = pack;
  if (file.length !== pack.fileLength) throw changedByHost(pack);
  const bytes = file.subarray(block.at, block.at + block.storedLength);
  if (checksum(bytes) >>> 0 !== block.crc) {
    if (checksum(pack.directory) >>> 0 !== pack.directoryCrc) throw changedByHost(pack);
    throw failOf(pack, `checksum mismatch in section '${sectionName}' (corrupt file)`);
  }
  if (block.coding === BlockCoding.stored) return bytes;
  let out: Uint8Array;
  try {
    out = pack.inflate(bytes, block.length);
  } catch {
    throw failOf(pack, `compressed data of section '${sectionName}' is corrupt`);
  }
  // The host's own inflate may hand back something else than bytes: the fault is the host's function,
  // not the pack, so the message does not send the host to rebuild it.
  if (!(out instanceof Uint8Array))
    throw notAvailable(
      `pack '${pack.name}' cannot be read: the inflate function given to open() returned no bytes for section '${sectionName}'`,
    );
  if (out.length !== block.length)
    throw failOf(pack, `section '${sectionName}' inflates to a size other than recorded`);
  return block.coding === BlockCoding.deflate ? out : unarrange(out, block.coding, valueWidth(kind));
}

function sectionOf(pack: OpenedPack, sectionName: string, kind?: SectionKindName): Section {
  const s = pack.sections.get(sectionName);
  if (!s) throw failOf(pack, `section '${sectionName}' is missing`);
  if (kind && s.kind !== SectionKind[kind]) throw failOf(pack, `section '${sectionName}' is not ${kind}`);
  return s;
}

/** A section's blocks read and joined. */
function joinedBlocks(pack: OpenedPack, sectionName: string, s: Section): Uint8Array {
  if (s.blocks.length === 1) return readBlock(pack, sectionName, s.blocks[0], s.kind);
  // The directory's lengths are checked when their blocks are read; a sum too large to hold is refused
  // here, where it would otherwise fail as a RangeError.
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(s.length);
  } catch {
    throw failOf(pack, `section '${sectionName}' is recorded as ${s.length} bytes, more than it can be`);
  }
  let at = 0;
  for (const block of s.blocks) {
    bytes.set(readBlock(pack, sectionName, block, s.kind), at);
    at += block.length;
  }
  return bytes;
}

// Whole sections, once inflated, are kept for the pack's life: they are what typed views point into.
// Text and JSON sections larger than DECODED_SECTION_KEPT_BYTES are not: their readers keep what they
// decode (perPack), and keeping the bytes too would double what they hold (the original texts' and
// lexicon's strings, extra-biblical text, search terms: several MB).
function sectionBytes(
  pack: OpenedPack,
  sectionName: string,
  kind: SectionKindName,
  align = 1,
  decoded = false,
): Uint8Array {
  const s = sectionOf(pack, sectionName, kind);
  let bytes = pack.whole.get(sectionName);
  if (!bytes) {
    bytes = joinedBlocks(pack, sectionName, s);
    // A stored block is a view into the file, which may sit at any offset, and whose bytes the host's
    // loader may still hold and change: what is kept for the pack's life is a copy, checked once
    // (a dictionary kept as a view gave wrong text after its app reused the bytes it had loaded).
    if (bytes.buffer === pack.file.buffer || bytes.byteOffset % 4 !== 0) bytes = bytes.slice();
    if (!decoded || bytes.length <= DECODED_SECTION_KEPT_BYTES) pack.whole.set(sectionName, bytes);
  }
  if (bytes.length % align !== 0)
    throw failOf(pack, `section '${sectionName}' is not a whole number of ${kind} values`);
  return bytes;
}

function decodeSection(pack: OpenedPack, sectionName: string, kind: 'utf8' | 'json'): string {
  const bytes = sectionBytes(pack, sectionName, kind, 1, true);
  try {
    return decodeUtf8(bytes);
  } catch {
    throw failOf(pack, `section '${sectionName}' is not valid UTF-8`);
  }
}

/** The reading side of an opened pack. */
function packReader(pack: OpenedPack, declaration: PackDeclaration): Pack {
  return {
    name: pack.name,
    declaration,
    sectionNames: [...pack.sections.keys()],
    has: (sectionName) => pack.sections.has(sectionName),
    bytes: (sectionName) => sectionBytes(pack, sectionName, 'bytes'),
    u32(sectionName) {
      const b = sectionBytes(pack, sectionName, 'u32', 4);
      return new Uint32Array(b.buffer, b.byteOffset, b.length >>> 2);
    },
    u16(sectionName) {
      const b = sectionBytes(pack, sectionName, 'u16', 2);
      return new Uint16Array(b.buffer, b.byteOffset, b.length >>> 1);
    },
    text: (sectionName) => decodeSection(pack, sectionName, 'utf8'),
    utf8Bytes: (sectionName) => sectionBytes(pack, sectionName, 'utf8'),
    json<T>(sectionName: string): T {
      const text = decodeSection(pack, sectionName, 'json');
      try {
        return JSON.parse(text) as T;
      } catch {
        throw failOf(pack, `section '${sectionName}' is not valid JSON`);
      }
    },
    blocks(sectionName) {
      const s = sectionOf(pack, sectionName);
      if (s.kind !== SectionKind.utf8 && s.kind !== SectionKind.bytes)
        throw failOf(pack, `section '${sectionName}' is not utf8 or bytes`);
      return {
        count: s.blocks.length,
        length: (i) => s.blocks[i].length,
        read: (i) => readBlock(pack, sectionName, s.blocks[i], s.kind),
      };
    },
  };
}

/** Reads a pack's header and directory; every defect is reported as NOT_AVAILABLE naming the pack.
 *  A pack whose directory declares another name than `name` is refused: its file holds another pack.
 *  Sections are inflated when first asked for, each block checked against its checksum first. */
export function readPack(
  name: string,
  given: Uint8Array,
  inflate: Inflate,
  checksum: Checksum = crc32,
  /** told whenever the pack refuses a read, so a holder can let it go and read the file afresh */
  onUnusable?: () => void,
): Pack {
  const refused = (error: BibleError) => {
    onUnusable?.();
    return error;
  };
  const file = plainBytes(given);
  // Not bytes is the loader's fault, not the pack's: the message does not send the host to rebuild it.
  if (!file)
    throw notAvailable(`pack '${name}' cannot be read: the loader returned ${describeValue(given)}, not a Uint8Array`);
  const { directory, directoryCrc } = checkedDirectory(name, file, checksum, refused);
  let parsed: ReturnType<typeof parseDirectory>;
  try {
    parsed = parseDirectory(directory);
  } catch {
    throw failOf({ name, refused }, 'section directory is corrupt');
  }
  const { sections, declaration, stored } = parsed;
  if (declaration.name !== name) throw refused(packMisplaced(name, declaration));
  if (stored > file.length)
    throw failOf({ name, refused }, `checksum mismatch: the file is truncated (${file.length} of ${stored} bytes)`);
  const pack: OpenedPack = {
    name,
    file,
    fileLength: file.length,
    directory,
    directoryCrc,
    sections,
    inflate,
    checksum,
    refused,
    whole: new Map(),
  };
  return packReader(pack, declaration);
}
