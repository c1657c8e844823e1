// UTF-8 decoding for runtimes without TextDecoder (Hermes in React Native, bare V8 contexts). Where the
// platform has TextDecoder we use it: it is native and several times faster than this loop.

/** Decodes strict UTF-8 like `new TextDecoder('utf-8', { fatal: true })`: a leading BOM is dropped and
 * any malformed sequence (overlong, surrogate, above U+10FFFF, truncated) throws a TypeError. */
export function decodeUtf8Fallback(bytes: Uint8Array): string {
  const parts: string[] = [];
  const CHUNK = 8192;
  // Two spare slots: a 4-byte sequence adds two UTF-16 units after the flush check.
  const units = new Uint16Array(CHUNK + 2);
  let n = 0;
  let i = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const end = bytes.length;
  const bad = (): never => {
    throw new TypeError(`invalid UTF-8 at byte ${i}`);
  };
  const cont = (at: number): number => {
    if (at >= end) bad();
    const b = bytes[at];
    if ((b & 0xc0) !== 0x80) bad();
    return b & 0x3f;
  };
  while (i < end) {
    const b0 = bytes[i];
    if (b0 < 0x80) {
      units[n++] = b0;
      i += 1;
    } else if (b0 >= 0xc2 && b0 < 0xe0) {
      units[n++] = ((b0 & 0x1f) << 6) | cont(i + 1);
      i += 2;
    } else if (b0 >= 0xe0 && b0 < 0xf0) {
      const cp = ((b0 & 0x0f) << 12) | (cont(i + 1) << 6) | cont(i + 2);
      if (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff)) bad();
      units[n++] = cp;
      i += 3;
    } else if (b0 >= 0xf0 && b0 < 0xf5) {
      const cp = ((b0 & 0x07) << 18) | (cont(i + 1) << 12) | (cont(i + 2) << 6) | cont(i + 3);
      if (cp < 0x10000 || cp > 0x10ffff) bad();
      const v = cp - 0x10000;
      units[n++] = 0xd800 | (v >> 10);
      units[n++] = 0xdc00 | (v & 0x3ff);
      i += 4;
    } else {
      bad();
    }
    if (n >= CHUNK) {
      parts.push(String.fromCharCode.apply(null, units.subarray(0, n) as unknown as number[]));
      n = 0;
    }
  }
  if (n) parts.push(String.fromCharCode.apply(null, units.subarray(0, n) as unknown as number[]));
  return parts.join('');
}

/** The strict decoder the pack reader uses: the platform's when it has one, else the fallback. */
export function strictUtf8Decoder(): (bytes: Uint8Array) => string {
  if (typeof TextDecoder === 'function') {
    try {
      const native = new TextDecoder('utf-8', { fatal: true });
      return (bytes) => native.decode(bytes);
    } catch {
      // a TextDecoder without the fatal option (some polyfills) would accept broken packs: use ours
    }
  }
  return decodeUtf8Fallback;
}
