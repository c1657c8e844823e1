import { inflateSync } from 'fflate';
import { notAvailable } from '../errors.ts';
import { crc32 } from './crc32.ts';
import { strictUtf8Decoder } from '../utf8.ts';
import { PACK_FORMAT_VERSION, PACK_HEADER_BYTES, PACK_MAGIC, SectionKind, type SectionKindName } from './format.ts';

interface Section {
  kind: number;
  offset: number;
  length: number;
}

export interface Pack {
  readonly name: string;
  readonly sectionNames: string[];
  has(section: string): boolean;
  bytes(section: string): Uint8Array;
  u32(section: string): Uint32Array;
  u16(section: string): Uint16Array;
  text(section: string): string;
  /** a UTF-8 section's bytes, for callers that decode parts of it on demand */
  utf8Bytes(section: string): Uint8Array;
  json<T>(section: string): T;
}

/** Raw-deflate decompressor; hosts may pass a native one (Node's zlib) for speed. */
export type Inflate = (compressed: Uint8Array, expectedLength: number) => Uint8Array;

export const fflateInflate: Inflate = (compressed, expectedLength) =>
  inflateSync(compressed, { out: new Uint8Array(expectedLength) });

// TextDecoder where the platform has it; a fallback where it does not (Hermes, bare V8 contexts).
const decodeUtf8 = strictUtf8Decoder();

/** Checks and inflates a pack; every defect is reported as NOT_AVAILABLE naming the pack. */
/** The error for a pack this engine cannot use: what is wrong, and how to get a good one. */
export const packUnusable = (name: string, why: string) =>
  notAvailable(`pack '${name}' cannot be used: ${why}; rebuild it with \`bible build\``);

/** Pack names are file names too: letters, digits, dot, underscore and dash, starting with a letter or digit. */
export const isPackName = (name: string) => /^[a-z0-9][a-z0-9._-]*$/i.test(name);

export function readPack(name: string, file: Uint8Array, inflate: Inflate = fflateInflate): Pack {
  const fail = (why: string) => packUnusable(name, why);
  if (!(file instanceof Uint8Array)) throw fail('the loader did not return bytes');
  if (file.length < PACK_HEADER_BYTES || PACK_MAGIC.some((b, i) => file[i] !== b))
    throw fail('not a pack file (bad magic)');
  const header = new DataView(file.buffer, file.byteOffset, PACK_HEADER_BYTES);
  const version = header.getUint16(4, true);
  if (version !== PACK_FORMAT_VERSION)
    throw fail(`format version ${version}, this engine reads version ${PACK_FORMAT_VERSION}`);
  const bodyLength = header.getUint32(8, true);
  const compressed = file.subarray(PACK_HEADER_BYTES);
  // The checksum covers the compressed bytes: it catches corruption and truncation before we inflate,
  // and costs a third of checking the inflated body.
  if (crc32(compressed) !== header.getUint32(12, true)) throw fail('checksum mismatch (corrupt or truncated file)');

  let body: Uint8Array;
  try {
    body = inflate(compressed, bodyLength);
  } catch {
    throw fail('compressed data is corrupt');
  }
  if (body.length !== bodyLength) throw fail('inflated size differs from the header');
  if (body.byteOffset % 4 !== 0) body = body.slice(); // typed-array views need 4-byte alignment

  const sections = new Map<string, Section>();
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  try {
    let at = 0;
    const count = view.getUint32(at, true);
    at += 4;
    for (let i = 0; i < count; i++) {
      const nameLength = body[at];
      at += 1;
      const sectionName = String.fromCharCode(...body.subarray(at, at + nameLength));
      at += nameLength;
      const kind = body[at];
      at += 1;
      const offset = view.getUint32(at, true);
      at += 4;
      const length = view.getUint32(at, true);
      at += 4;
      if (offset + length > body.length || offset % 4 !== 0) throw new Error('section out of bounds');
      sections.set(sectionName, { kind, offset, length });
    }
  } catch {
    throw fail('section directory is corrupt');
  }

  const section = (sectionName: string, kind: SectionKindName): Section => {
    const s = sections.get(sectionName);
    if (!s) throw fail(`section '${sectionName}' is missing`);
    if (s.kind !== SectionKind[kind]) throw fail(`section '${sectionName}' is not ${kind}`);
    return s;
  };
  const decode = (s: Section, sectionName: string) => {
    try {
      return decodeUtf8(body.subarray(s.offset, s.offset + s.length));
    } catch {
      throw fail(`section '${sectionName}' is not valid UTF-8`);
    }
  };

  return {
    name,
    sectionNames: [...sections.keys()],
    has: (sectionName) => sections.has(sectionName),
    bytes(sectionName) {
      const s = section(sectionName, 'bytes');
      return body.subarray(s.offset, s.offset + s.length);
    },
    u32(sectionName) {
      const s = section(sectionName, 'u32');
      return new Uint32Array(body.buffer, body.byteOffset + s.offset, s.length >>> 2);
    },
    u16(sectionName) {
      const s = section(sectionName, 'u16');
      return new Uint16Array(body.buffer, body.byteOffset + s.offset, s.length >>> 1);
    },
    text: (sectionName) => decode(section(sectionName, 'utf8'), sectionName),
    utf8Bytes(sectionName) {
      const s = section(sectionName, 'utf8');
      return body.subarray(s.offset, s.offset + s.length);
    },
    json<T>(sectionName: string): T {
      const text = decode(section(sectionName, 'json'), sectionName);
      try {
        return JSON.parse(text) as T;
      } catch {
        throw fail(`section '${sectionName}' is not valid JSON`);
      }
    },
  };
}
