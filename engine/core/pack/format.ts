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

export const PACK_MAGIC = [0x42, 0x50, 0x41, 0x4b]; // "BPAK"
export const PACK_FORMAT_VERSION = 2;
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
} as const;

/** u8 coding + u32 inflated length + u32 stored length + u32 CRC-32 */
export const BLOCK_ENTRY_BYTES = 13;
