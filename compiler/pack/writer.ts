import { deflateRawSync } from 'node:zlib';
import { crc32 } from '../../engine/core/pack/crc32.ts';
import {
  PACK_FORMAT_VERSION,
  PACK_HEADER_BYTES,
  PACK_MAGIC,
  SectionKind,
  type SectionKindName,
} from '../../engine/core/pack/format.ts';
import type { PackData, PackSchema } from '../../engine/core/pack/schema.ts';

export type SectionValue =
  | { kind: 'bytes'; data: Uint8Array }
  | { kind: 'u32'; data: Uint32Array | readonly number[] }
  | { kind: 'u16'; data: Uint16Array | readonly number[] }
  | { kind: 'utf8'; data: string }
  | { kind: 'json'; data: unknown };

const encoder = new TextEncoder();

function sectionBytes(value: SectionValue): Uint8Array {
  switch (value.kind) {
    case 'bytes':
      return value.data;
    case 'u32': {
      const a = Uint32Array.from(value.data);
      return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    }
    case 'u16': {
      const a = Uint16Array.from(value.data);
      return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    }
    case 'utf8':
      return encoder.encode(value.data);
    case 'json':
      return encoder.encode(JSON.stringify(value.data));
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

const align4 = (n: number) => (n + 3) & ~3;

/** The uncompressed body: directory then 4-aligned sections, in the given order. */
export function packBody(sections: Record<string, SectionValue>): Uint8Array {
  const entries = Object.entries(sections).map(([name, value]) => {
    if (!/^[\x21-\x7e]{1,255}$/.test(name)) throw new Error(`bad section name '${name}'`);
    return { name, kind: SectionKind[value.kind as SectionKindName], data: sectionBytes(value) };
  });
  let directoryLength = 4;
  for (const e of entries) directoryLength += 1 + e.name.length + 1 + 4 + 4;
  let at = align4(directoryLength);
  const offsets = entries.map((e) => {
    const o = at;
    at = align4(at + e.data.length);
    return o;
  });
  const body = new Uint8Array(at);
  const view = new DataView(body.buffer);
  let p = 0;
  view.setUint32(p, entries.length, true);
  p += 4;
  entries.forEach((e, i) => {
    body[p++] = e.name.length;
    for (const ch of e.name) body[p++] = ch.charCodeAt(0);
    body[p++] = e.kind;
    view.setUint32(p, offsets[i], true);
    p += 4;
    view.setUint32(p, e.data.length, true);
    p += 4;
    body.set(e.data, offsets[i]);
  });
  return body;
}

/** Header + compressed body. `compressed` must be a raw DEFLATE stream of `body`. */
export function assemblePack(body: Uint8Array, compressed: Uint8Array): Uint8Array {
  const file = new Uint8Array(PACK_HEADER_BYTES + compressed.length);
  file.set(PACK_MAGIC, 0);
  const header = new DataView(file.buffer);
  header.setUint16(4, PACK_FORMAT_VERSION, true);
  header.setUint16(6, 0, true);
  header.setUint32(8, body.length, true);
  header.setUint32(12, crc32(compressed), true);
  file.set(compressed, PACK_HEADER_BYTES);
  return file;
}

/** Serialises and compresses with zlib at level 9; the same input always gives the same bytes. */
export function writePack(sections: Record<string, SectionValue>): Uint8Array {
  const body = packBody(sections);
  return assemblePack(body, deflateRawSync(body, { level: 9, memLevel: 9 }));
}
