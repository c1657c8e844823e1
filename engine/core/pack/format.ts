// The pack container format, shared by the compiler's writer and the engine's reader.
//
// File      = header (16 bytes) | directory | every section's blocks, back to back in directory order
//   header:   magic "BPAK" | u16 format version | u16 reserved (0) | u32 directory length
//             | u32 CRC-32 of the directory
//   directory: u32 section count, then for each section:
//             u8 name length | name (ASCII) | u8 kind | u32 block count
//             | per block: u8 coding | u32 inflated length | u32 stored length | u32 CRC-32 of the stored bytes
//             then the pack's declaration: three fields, each u8 length | ASCII
//             | the pack's name | its schema's kind | the datasets it holds, comma-separated
//
// A section is the concatenation of its blocks. Small sections are one block; large ones are cut where
// readers look things up (a book of verse text, a book of commentary), so reading one verse inflates
// only its block. Each block is checked against its CRC-32 when it is first read, over the stored
// (compressed) bytes: a damaged block is refused before it is inflated, and opening a pack checks only
// its directory. Whole sections are inflated into their own buffers, so typed-array views of them are
// always aligned. All integers are little-endian, like every platform the engine targets.
//
// Format 3 adds three codings for u16 and u32 sections (column-coding.ts): their bytes rearranged into
// byte planes, replaced by deltas, or both, before DEFLATE. The element width comes from the section's kind.
//
// Format 4 adds the declaration: every pack says what it is in its own bytes, so a file holding another
// pack's bytes (a bad copy, a stale cache, files renamed) is refused by name when it is opened, where it
// would otherwise be read with the wrong schema and answer wrongly. It closes the directory, after the
// entries readers of format 3 walked, and the directory's CRC-32 covers it.

export const PACK_MAGIC = [0x42, 0x50, 0x41, 0x4b]; // "BPAK"
export const PACK_FORMAT_VERSION = 4;
export const PACK_HEADER_BYTES = 16;

export const SectionKind = {
  bytes: 1,
  u32: 2,
  u16: 3,
  utf8: 4,
  json: 5,
} as const;
export type SectionKindName = keyof typeof SectionKind;

/** How a block's bytes are stored. */
export const BlockCoding = {
  /** as they are (blocks that do not compress) */
  stored: 0,
  /** raw DEFLATE (RFC 1951), which every host can inflate */
  deflate: 1,
  /** u16 and u32 sections only: raw DEFLATE of the values' byte planes */
  deflateBytePlanes: 2,
  /** u16 and u32 sections only: raw DEFLATE of the values' deltas */
  deflateDeltas: 3,
  /** u16 and u32 sections only: raw DEFLATE of the byte planes of the values' deltas */
  deflateDeltaBytePlanes: 4,
} as const;

/** The width in bytes of a section kind's values, for the codings that need it (0: not a numeric kind). */
export const valueWidth = (kind: number): number => (kind === SectionKind.u32 ? 4 : kind === SectionKind.u16 ? 2 : 0);

/** u8 coding + u32 inflated length + u32 stored length + u32 CRC-32 */
export const BLOCK_ENTRY_BYTES = 13;

/** What a pack declares itself to be, in its directory. */
export interface PackDeclaration {
  /** the name it is loaded by ('text-kjv') */
  readonly name: string;
  /** its schema's kind (schema.ts: PackSchema.kind): 'text' for text-kjv, 'lexicon' for lexicon */
  readonly schema: string;
  /** the catalog ids of the datasets it was built from (for a text pack, its translation) */
  readonly datasets: readonly string[];
}

/** A declaration's fields as written: printable ASCII, no comma in a dataset id, each at most 255 bytes. */
export const declarationFields = (declaration: PackDeclaration): string[] => [
  declaration.name,
  declaration.schema,
  declaration.datasets.join(','),
];

/** The declaration a pack's fields give. */
export const declarationOf = ([name, schema, datasets]: readonly string[]): PackDeclaration => ({
  name,
  schema,
  datasets: datasets ? datasets.split(',') : [],
});

/** How a pack describes itself in a refusal: "pack 'original-nt' (original, from tagnt-tr-kjv, step-tegmc)". */
export const describeDeclaration = (declaration: PackDeclaration): string =>
  `pack '${declaration.name}' (${declaration.schema}${declaration.datasets.length ? `, from ${declaration.datasets.join(', ')}` : ''})`;
