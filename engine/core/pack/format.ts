// The pack container format, shared by the compiler's writer and the engine's reader.
//
// File      = header (16 bytes) | directory | every section's blocks, back to back in directory order
//   header:   magic "BPAK" | u16 format version | u16 reserved (0) | u32 directory length
//             | u32 CRC-32 of the directory
//   directory: u32 section count, then for each section:
//             u8 name length | name (ASCII) | u8 kind | u32 block count
//             | per block: u8 coding | u32 inflated length | u32 stored length | u32 CRC-32 of the stored bytes
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

export const PACK_MAGIC = [0x42, 0x50, 0x41, 0x4b]; // "BPAK"
export const PACK_FORMAT_VERSION = 3;
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
