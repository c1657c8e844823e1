// The pack writer: the compiler and `bible import` (from the installed package) write packs with it.
// Platform-free: the host hands it a raw DEFLATE of its own (Node's zlib in the compiler and the CLI).
import { crc32 } from './crc32.ts';
import {
  BLOCK_ENTRY_BYTES,
  BlockCoding,
  declarationFields,
  type PackDeclaration,
  PACK_FORMAT_VERSION,
  PACK_HEADER_BYTES,
  PACK_MAGIC,
  SectionKind,
  type SectionKindName,
  valueWidth,
} from './format.ts';
import { toBytePlanes, toDeltas } from './column-coding.ts';
import type { PackData, PackSchema } from './schema.ts';

/** A section's value. A list of parts (utf8, bytes) is stored as one block per part. */
export type SectionValue =
  | { kind: 'bytes'; data: Uint8Array | readonly Uint8Array[] }
  | { kind: 'u32'; data: Uint32Array | readonly number[] }
  | { kind: 'u16'; data: Uint16Array | readonly number[] }
  | { kind: 'utf8'; data: string | readonly string[] }
  | { kind: 'json'; data: unknown };

const encoder = new TextEncoder();

/** A section's inflated bytes, one array per block. */
function sectionBlocks(value: SectionValue): Uint8Array[] {
  switch (value.kind) {
    case 'bytes':
      return value.data instanceof Uint8Array ? [value.data] : [...value.data];
    case 'u32': {
      const a = Uint32Array.from(value.data);
      return [new Uint8Array(a.buffer, a.byteOffset, a.byteLength)];
    }
    case 'u16': {
      const a = Uint16Array.from(value.data);
      return [new Uint8Array(a.buffer, a.byteOffset, a.byteLength)];
    }
    case 'utf8':
      return typeof value.data === 'string' ? [encoder.encode(value.data)] : value.data.map((s) => encoder.encode(s));
    case 'json':
      return [encoder.encode(JSON.stringify(value.data))];
  }
}

/**
 * A schema's sections with their values, in the schema's order (the order fixes the bytes written). A
 * value for a section the schema does not declare, or none for one it does, is refused.
 */
export function sectionsOf<Schema extends PackSchema>(
  schema: Schema,
  data: PackData<Schema>,
): Record<string, SectionValue> {
  const values = data as Record<string, unknown>;
  const undeclared = Object.keys(values).filter((name) => !(name in schema.sections));
  if (undeclared.length) throw new Error(`pack ${describe(schema)}: no section ${undeclared.join(', ')} in its schema`);
  const sections: Record<string, SectionValue> = {};
  for (const [name, spec] of Object.entries(schema.sections)) {
    if (!(name in values)) throw new Error(`pack ${describe(schema)}: section ${name} has no value`);
    sections[name] = { kind: spec.kind, data: values[name] } as SectionValue;
  }
  return sections;
}

const describe = (schema: PackSchema) => (typeof schema.name === 'string' ? schema.name : schema.name('*'));

/** A pack before compression: what it declares itself to be, and each section's kind and inflated
 *  blocks, in the order they are written. */
export interface PackLayout {
  declaration: PackDeclaration;
  sections: { name: string; kind: number; blocks: Uint8Array[] }[];
}

/** The declaration's fields as they are written; one the reader could not give back is refused. */
function declarationBytes(declaration: PackDeclaration): string[] {
  const fields = declarationFields(declaration);
  const what = ['name', 'schema', 'datasets'];
  fields.forEach((field, i) => {
    if (!/^[\x20-\x7e]{0,255}$/.test(field)) throw new Error(`pack declaration: bad ${what[i]} '${field}'`);
  });
  if (!fields[0] || !fields[1]) throw new Error('pack declaration: a pack needs a name and a schema');
  if (declaration.datasets.some((id) => !id || id.includes(',')))
    throw new Error(`pack ${declaration.name}: a dataset id is empty or has a comma`);
  return fields;
}

export function layoutPack(sections: Record<string, SectionValue>, declaration: PackDeclaration): PackLayout {
  declarationBytes(declaration);
  return {
    declaration,
    sections: Object.entries(sections).map(([name, value]) => {
      if (!/^[\x21-\x7e]{1,255}$/.test(name)) throw new Error(`bad section name '${name}'`);
      return { name, kind: SectionKind[value.kind as SectionKindName], blocks: sectionBlocks(value) };
    }),
  };
}

/**
 * Blocks of at most this many bytes are stored as they are. Each coded block costs its reader an inflate
 * call (Node's zlib makes a stream for each: 0.05 to 0.15 ms, more while a process is cold), which a
 * first verse paid for every small section of a text pack (its info, block starts, separators, coding)
 * and the meta pack's version ids, to save a few hundred bytes in all.
 */
export const SMALL_BLOCK_BYTES = 1024;

/** The codings a block may take besides being stored: none for a small block. Numeric sections also try
 *  their byte planes and deltas (column-coding.ts); the smallest result is kept. */
function codingsOf(kind: number, length: number): number[] {
  if (length <= SMALL_BLOCK_BYTES) return [];
  if (!valueWidth(kind)) return [BlockCoding.deflate];
  return [
    BlockCoding.deflate,
    BlockCoding.deflateBytePlanes,
    BlockCoding.deflateDeltas,
    BlockCoding.deflateDeltaBytePlanes,
  ];
}

/** The bytes to deflate for a block in a coding. */
function codingInput(coding: number, kind: number, raw: Uint8Array): Uint8Array {
  const width = valueWidth(kind);
  switch (coding) {
    case BlockCoding.deflateBytePlanes:
      return toBytePlanes(raw, width);
    case BlockCoding.deflateDeltas:
      return toDeltas(raw, width);
    case BlockCoding.deflateDeltaBytePlanes:
      return toBytePlanes(toDeltas(raw, width), width);
    default:
      return raw;
  }
}

/** One array to deflate, and the zlib level to deflate it at. */
export interface DeflateJob {
  bytes: Uint8Array;
  level: number;
}

/** The level for text and bytes. Numeric sections are deflated at NUMERIC_LEVEL: their long runs of
 *  equal bytes (a column of zeros) make level 9's match search slow, and each tries four codings. Over
 *  every pack's numeric sections, level 6 takes 1.9 s where level 9 takes 15 s, for 23 KB more (3.60 MB
 *  against 3.58 MB). */
export const DEFLATE_LEVEL = 9;
export const NUMERIC_LEVEL = 6;

/** What a compressor is given: every coding to try of every block, in file order. */
export const layoutBlocks = (layout: PackLayout): DeflateJob[] =>
  layout.sections.flatMap((s) =>
    s.blocks.flatMap((raw) =>
      codingsOf(s.kind, raw.length).map((coding) => ({
        bytes: codingInput(coding, s.kind, raw),
        level: valueWidth(s.kind) ? NUMERIC_LEVEL : DEFLATE_LEVEL,
      })),
    ),
  );

/**
 * Header, directory and blocks. `deflated[i]` is a raw DEFLATE stream of the i-th array layoutBlocks
 * gave; each block keeps its smallest coding, or is stored as it is where it is small or no coding
 * makes it smaller (ties go to the earlier coding, so the same input always gives the same bytes).
 */
export function assemblePack(layout: PackLayout, deflated: readonly Uint8Array[]): Uint8Array {
  const stored: { coding: number; bytes: Uint8Array }[] = [];
  let next = 0;
  for (const s of layout.sections)
    for (const raw of s.blocks) {
      let best = { coding: BlockCoding.stored as number, bytes: raw };
      for (const coding of codingsOf(s.kind, raw.length)) {
        const bytes = deflated[next++];
        if (bytes === undefined) throw new Error('one compressed stream per coding of each block is needed');
        if (bytes.length < best.bytes.length) best = { coding, bytes };
      }
      stored.push(best);
    }
  if (next !== deflated.length) throw new Error('one compressed stream per coding of each block is needed');
  const declaration = declarationBytes(layout.declaration);
  let directoryLength = 4;
  for (const s of layout.sections) directoryLength += 1 + s.name.length + 1 + 4 + s.blocks.length * BLOCK_ENTRY_BYTES;
  for (const field of declaration) directoryLength += 1 + field.length;
  const payloadLength = stored.reduce((n, b) => n + b.bytes.length, 0);
  const file = new Uint8Array(PACK_HEADER_BYTES + directoryLength + payloadLength);
  const view = new DataView(file.buffer);
  let p = PACK_HEADER_BYTES;
  view.setUint32(p, layout.sections.length, true);
  p += 4;
  let block = 0;
  for (const s of layout.sections) {
    file[p++] = s.name.length;
    for (const ch of s.name) file[p++] = ch.charCodeAt(0);
    file[p++] = s.kind;
    view.setUint32(p, s.blocks.length, true);
    p += 4;
    for (const raw of s.blocks) {
      const { coding, bytes } = stored[block++];
      file[p] = coding;
      view.setUint32(p + 1, raw.length, true);
      view.setUint32(p + 5, bytes.length, true);
      view.setUint32(p + 9, crc32(bytes), true);
      p += BLOCK_ENTRY_BYTES;
    }
  }
  for (const field of declaration) {
    file[p++] = field.length;
    for (const ch of field) file[p++] = ch.charCodeAt(0);
  }
  for (const { bytes } of stored) {
    file.set(bytes, p);
    p += bytes.length;
  }
  file.set(PACK_MAGIC, 0);
  view.setUint16(4, PACK_FORMAT_VERSION, true);
  view.setUint16(6, 0, true);
  view.setUint32(8, directoryLength, true);
  view.setUint32(12, crc32(file.subarray(PACK_HEADER_BYTES, PACK_HEADER_BYTES + directoryLength)), true);
  return file;
}

/** Serialises and compresses each block with the host's raw DEFLATE, in this thread. */
export function writePackWith(
  deflate: (job: DeflateJob) => Uint8Array,
  sections: Record<string, SectionValue>,
  declaration: PackDeclaration,
): Uint8Array {
  const layout = layoutPack(sections, declaration);
  return assemblePack(layout, layoutBlocks(layout).map(deflate));
}
