// A range coder (arithmetic coding in bytes) for the packs' entropy-coded sections: word codes
// (word-coding.ts) and posting lists (search/postings.ts). The encoder is compiler/pack/range-coding.ts.
//
// The coder keeps 48 bits of state in plain numbers, which hold integers exactly up to 2^53, so it
// needs no 64-bit integers and runs the same in every host. Totals go up to 2^24, leaving at least 16
// bits for the width of each step: a symbol costs within a hair of -log2(freq / total) bits.
//
// A stream is: for each symbol, the interval [cumulative, cumulative + freq) of a model whose counts add
// up to `total`; the decoder asks the same model with the same history, so the two stay in step. The
// encoder ends with the 6 bytes of its low end; a decoder reading past the end reads zeros.

/** The largest sum of a model's counts. */
export const RANGE_MAX_TOTAL = 2 ** 24;
/** The state's width: 48 bits. */
export const RANGE_TOP = 2 ** 48;
/** Below this the range has lost a byte of precision and takes in the next byte. */
export const RANGE_BOTTOM = 2 ** 40;
/** Bytes the encoder's final flush writes (the state's width). */
export const RANGE_FLUSH_BYTES = 6;

/** floor(a / b) for integers below 2^53 whose quotient a rounded division may push up to the next integer. */
export const floorDivide = (a: number, b: number): number => {
  const q = Math.floor(a / b);
  return q * b > a ? q - 1 : q;
};

/** Reads symbols from a range-coded stream. Every call checks what the stream may hold, so damaged
 *  bytes give a RangeError (or wrong symbols that the caller's own checks refuse), never a hang. */
export class RangeDecoder {
  /** The state, public for loops that keep it in locals while they decode (and put it back after):
   *  the stream's value less the low end, and the width of the interval. */
  code = 0;
  range = RANGE_TOP;
  private step = 1;
  /** where the next byte is read */
  at: number;

  constructor(
    readonly bytes: Uint8Array,
    at = 0,
  ) {
    for (let i = 0; i < RANGE_FLUSH_BYTES; i++) this.code = this.code * 256 + (bytes[at + i] ?? 0);
    this.at = at + RANGE_FLUSH_BYTES;
  }

  /** The point in [0, total) the next symbol's interval holds; `consume` must follow. */
  target(total: number): number {
    const step = floorDivide(this.range, total);
    this.step = step;
    const point = floorDivide(this.code, step);
    if (point >= total) throw new RangeError('the range-coded data is corrupt');
    return point;
  }

  /** Moves past the symbol whose interval [cumulative, cumulative + freq) held the target. */
  consume(cumulative: number, freq: number): void {
    this.code -= this.step * cumulative;
    let range = this.step * freq;
    if (range < RANGE_BOTTOM) {
      const { bytes } = this;
      let code = this.code;
      do {
        code = code * 256 + (bytes[this.at++] ?? 0);
        range *= 256;
      } while (range < RANGE_BOTTOM);
      this.code = code;
    }
    this.range = range;
  }

  /** A value coded as equally likely in [0, size), size up to 2^32 (larger sizes take two steps). */
  uniform(size: number): number {
    if (size <= RANGE_MAX_TOTAL) {
      const v = this.target(size);
      this.consume(v, 1);
      return v;
    }
    const high = Math.ceil(size / RANGE_MAX_TOTAL);
    const h = this.uniform(high);
    const l = this.uniform(RANGE_MAX_TOTAL);
    const value = h * RANGE_MAX_TOTAL + l;
    // The two steps can say more than size - 1 only when the data is damaged; a caller taking it would
    // reach bounds that cross, and a negative width that never widens again.
    if (value >= size) throw new RangeError('the range-coded data is corrupt');
    return value;
  }
}

/** Writes a range-coded stream: the counterpart of RangeDecoder, used by the compiler. It lives here,
 *  beside the decoder, because the posting index's encoder (search/postings.ts) sits in the engine too. */
export class RangeEncoder {
  private low = 0;
  private range = RANGE_TOP;
  private readonly out: number[] = [];

  /** Codes the symbol whose interval is [cumulative, cumulative + freq) of a model summing to total. */
  encode(cumulative: number, freq: number, total: number): void {
    if (!(freq > 0 && cumulative + freq <= total && total <= RANGE_MAX_TOTAL))
      throw new Error(`range coder: interval ${cumulative}+${freq} of ${total} is not codable`);
    const step = floorDivide(this.range, total);
    this.low += step * cumulative;
    this.range = step * freq;
    while (this.range < RANGE_BOTTOM) {
      this.shiftByte();
      this.range *= 256;
    }
  }

  /** The counterpart of RangeDecoder.uniform. */
  uniform(value: number, size: number): void {
    if (!(Number.isInteger(value) && value >= 0 && value < size))
      throw new Error(`range coder: ${value} is not in [0, ${size})`);
    if (size <= RANGE_MAX_TOTAL) {
      this.encode(value, 1, size);
      return;
    }
    this.uniform(Math.floor(value / RANGE_MAX_TOTAL), Math.ceil(size / RANGE_MAX_TOTAL));
    this.uniform(value % RANGE_MAX_TOTAL, RANGE_MAX_TOTAL);
  }

  // The top byte of the 48-bit low end leaves the state; a carry out of it (low reached 2^48) adds one
  // to the bytes already written.
  private shiftByte(): void {
    const byte = Math.floor(this.low / RANGE_BOTTOM);
    if (byte >= 256) {
      let j = this.out.length - 1;
      while (this.out[j] === 255) this.out[j--] = 0;
      this.out[j] += 1;
    }
    this.out.push(byte & 255);
    this.low = (this.low % RANGE_BOTTOM) * 256;
  }

  /** The stream: every byte written, then the state's final bytes. */
  finish(): Uint8Array {
    for (let i = 0; i < RANGE_FLUSH_BYTES; i++) this.shiftByte();
    return Uint8Array.from(this.out);
  }
}

/** An adaptive model of a number's bit length (0 for 0, else 1 + floor(log2 n), up to 53), whose
 *  remaining bits are then coded as equally likely: a universal code that learns which lengths are
 *  common. Encoder and decoder update it the same way. */
export class BitLengthModel {
  private readonly counts = new Uint32Array(54).fill(1);
  private total = 54;

  private update(length: number): void {
    this.counts[length] += 1;
    this.total += 1;
  }

  write(encoder: RangeEncoder, value: number): void {
    if (!(Number.isSafeInteger(value) && value >= 0)) throw new Error(`bit length model: ${value} is not a count`);
    let length = 0;
    while (length < 53 && 2 ** length <= value) length++;
    let cumulative = 0;
    for (let i = 0; i < length; i++) cumulative += this.counts[i];
    encoder.encode(cumulative, this.counts[length], this.total);
    this.update(length);
    if (length > 1) encoder.uniform(value - 2 ** (length - 1), 2 ** (length - 1));
  }

  read(decoder: RangeDecoder): number {
    const point = decoder.target(this.total);
    let length = 0;
    let cumulative = 0;
    while (cumulative + this.counts[length] <= point) cumulative += this.counts[length++];
    decoder.consume(cumulative, this.counts[length]);
    this.update(length);
    if (length <= 1) return length;
    return 2 ** (length - 1) + decoder.uniform(2 ** (length - 1));
  }
}
