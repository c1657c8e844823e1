// Reversible rearrangements of a u16 or u32 section's bytes, applied before DEFLATE. DEFLATE codes
// bytes, so a column of numbers whose high bytes are mostly zero, or which climbs steadily (offsets,
// start tables, sorted ids), compresses far better once each byte position is stored as one run (byte
// planes) or once each value is replaced by its difference from the one before (deltas). The writer
// tries each and keeps the smallest; the reader undoes it while inflating. Over the packs other than
// text and search, this takes the numeric sections from 4.86 MB deflated to 4.16 MB.

/** Byte i*width+k goes to k*count+i: all first bytes, then all second bytes, and so on. */
export function toBytePlanes(bytes: Uint8Array, width: number): Uint8Array {
  const count = bytes.length / width;
  const out = new Uint8Array(bytes.length);
  for (let k = 0; k < width; k++) for (let i = 0, at = k * count; i < count; i++) out[at + i] = bytes[i * width + k];
  return out;
}

export function fromBytePlanes(planes: Uint8Array, width: number): Uint8Array {
  const count = planes.length / width;
  const out = new Uint8Array(planes.length);
  for (let k = 0; k < width; k++) for (let i = 0, at = k * count; i < count; i++) out[i * width + k] = planes[at + i];
  return out;
}

/** Each little-endian value less the one before it (the first less 0), wrapping at the width. Works in
 *  place on a copy: the caller's bytes are not changed. */
export function toDeltas(bytes: Uint8Array, width: number): Uint8Array {
  const out = bytes.slice();
  if (width === 2) {
    let previous = 0;
    for (let i = 0; i < out.length; i += 2) {
      const value = out[i] | (out[i + 1] << 8);
      const delta = (value - previous) & 0xffff;
      out[i] = delta & 0xff;
      out[i + 1] = delta >>> 8;
      previous = value;
    }
  } else {
    let previous = 0;
    for (let i = 0; i < out.length; i += 4) {
      const value = (out[i] | (out[i + 1] << 8) | (out[i + 2] << 16) | (out[i + 3] << 24)) >>> 0;
      const delta = (value - previous) >>> 0;
      out[i] = delta & 0xff;
      out[i + 1] = (delta >>> 8) & 0xff;
      out[i + 2] = (delta >>> 16) & 0xff;
      out[i + 3] = delta >>> 24;
      previous = value;
    }
  }
  return out;
}

/** Undoes toDeltas in place. */
export function fromDeltasInPlace(bytes: Uint8Array, width: number): Uint8Array {
  if (width === 2) {
    let previous = 0;
    for (let i = 0; i < bytes.length; i += 2) {
      const value = (previous + (bytes[i] | (bytes[i + 1] << 8))) & 0xffff;
      bytes[i] = value & 0xff;
      bytes[i + 1] = value >>> 8;
      previous = value;
    }
  } else {
    let previous = 0;
    for (let i = 0; i < bytes.length; i += 4) {
      const delta = (bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24)) >>> 0;
      const value = (previous + delta) >>> 0;
      bytes[i] = value & 0xff;
      bytes[i + 1] = (value >>> 8) & 0xff;
      bytes[i + 2] = (value >>> 16) & 0xff;
      bytes[i + 3] = value >>> 24;
      previous = value;
    }
  }
  return bytes;
}
