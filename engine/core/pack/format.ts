// The pack container format, shared by the compiler's writer and the engine's reader.
//
// File  = header (16 bytes, uncompressed) + deflate(body)
//   header: magic "BPAK" | u16 format version | u16 reserved (0) | u32 body length | u32 CRC-32 of the
//           compressed body (checked before inflating, so a damaged file is refused without inflating it)
// Body  = u32 section count | directory | padding to 4 | section data, each section starting 4-aligned
//   directory entry: u8 name length | name (ASCII) | u8 kind | u32 offset (from body start) | u32 byte length
//
// Sections are mapped as typed-array views over the inflated body, so hot data (offsets, ids, counts)
// is never parsed. All integers are little-endian, like every platform the engine targets.

export const PACK_MAGIC = [0x42, 0x50, 0x41, 0x4b]; // "BPAK"
export const PACK_FORMAT_VERSION = 1;
export const PACK_HEADER_BYTES = 16;

export const SectionKind = {
  bytes: 1,
  u32: 2,
  u16: 3,
  utf8: 4,
  json: 5,
} as const;
export type SectionKindName = keyof typeof SectionKind;
