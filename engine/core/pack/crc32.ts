// CRC-32 (IEEE) lets the reader tell a corrupt or truncated pack from a valid one before trusting it.
// Slicing-by-8 (eight tables, eight bytes a step) because it runs on every pack load. The tables are
// built on the first call: a host with a native CRC-32 (Node's zlib) never needs them.
let tables: Uint32Array[] | undefined;
const buildTables = (): Uint32Array[] => {
  const built = Array.from({ length: 8 }, () => new Uint32Array(256));
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    built[0][n] = c >>> 0;
  }
  for (let n = 0; n < 256; n++) {
    for (let t = 1; t < 8; t++) built[t][n] = (built[0][built[t - 1][n] & 0xff] ^ (built[t - 1][n] >>> 8)) >>> 0;
  }
  return built;
};

export function crc32(bytes: Uint8Array): number {
  const [t0, t1, t2, t3, t4, t5, t6, t7] = (tables ??= buildTables());
  let crc = 0xffffffff;
  let i = 0;
  const fast = bytes.length - (bytes.length % 8);
  for (; i < fast; i += 8) {
    const a = (bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24)) ^ crc;
    crc =
      t7[a & 0xff] ^
      t6[(a >>> 8) & 0xff] ^
      t5[(a >>> 16) & 0xff] ^
      t4[a >>> 24] ^
      t3[bytes[i + 4]] ^
      t2[bytes[i + 5]] ^
      t1[bytes[i + 6]] ^
      t0[bytes[i + 7]];
  }
  for (; i < bytes.length; i++) crc = t0[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
