import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { NUMERIC_LEVEL, SMALL_BLOCK_BYTES, writePack } from '../../compiler/pack/writer.ts';
import { declared, readPack } from '../read-pack.ts';
import { BibleError } from '../../engine/core/errors.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { DEFAULT_DATA_DIR, fsLoader, nativeInflate } from '../../engine/node/loader.ts';
import { open } from '../../engine/core/engine.ts';
import { crc32 } from '../../engine/core/pack/crc32.ts';
import * as zlib from 'node:zlib';
import { join } from 'node:path';
import { BlockCoding } from '../../engine/core/pack/format.ts';
import { toBytePlanes, toDeltas } from '../../engine/core/pack/column-coding.ts';

/** Each section's first block's coding, read from a pack's directory. */
function directoryCodings(file: Uint8Array): Map<string, number> {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const out = new Map<string, number>();
  let at = 16 + 4;
  for (let i = 0, count = view.getUint32(16, true); i < count; i++) {
    const name = String.fromCharCode(...file.subarray(at + 1, at + 1 + file[at]));
    at += 1 + file[at] + 1;
    const blocks = view.getUint32(at, true);
    at += 4;
    out.set(name, file[at]);
    at += blocks * 13;
  }
  return out;
}

/** The stored length of a pack's first section's first block. */
function firstBlockStoredLength(file: Uint8Array): number {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const at = 16 + 4 + 1 + file[20] + 1 + 4;
  return view.getUint32(at + 5, true);
}

describe('pack container', () => {
  it('round-trips every section kind', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.array(fc.nat({ max: 0xffffffff })),
        fc.array(fc.nat({ max: 0xffff })),
        fc.uint8Array(),
        (s, u32, u16, bytes) => {
          const pack = readPack(
            't',
            writePack(
              {
                s: { kind: 'utf8', data: s },
                a: { kind: 'u32', data: u32 },
                b: { kind: 'u16', data: u16 },
                c: { kind: 'bytes', data: bytes },
                j: { kind: 'json', data: { s } },
              },
              declared('t'),
            ),
          );
          expect(pack.text('s')).toBe(s);
          expect([...pack.u32('a')]).toEqual(u32);
          expect([...pack.u16('b')]).toEqual(u16);
          expect([...pack.bytes('c')]).toEqual([...bytes]);
          expect(pack.json<{ s: string }>('j').s).toBe(s);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('round-trips numeric sections through every column coding, and picks the smallest', () => {
    // Over SMALL_BLOCK_BYTES as u32 values (more than 256 of them), so the writer codes the block.
    const columns = fc.oneof(
      fc.array(fc.nat({ max: 0xffffffff }), { minLength: 260, maxLength: 600 }),
      // climbing, as offsets and start tables do: deltas win
      fc
        .array(fc.nat({ max: 40 }), { minLength: 260, maxLength: 600 })
        .map((steps) => steps.map((_, i) => steps.slice(0, i + 1).reduce((a, b) => a + b, 0))),
      // small values in wide slots: byte planes win
      fc.array(fc.nat({ max: 300 }), { minLength: 260, maxLength: 600 }),
    );
    fc.assert(
      fc.property(columns, (values) => {
        const u16 = values.map((v) => v & 0xffff);
        const file = writePack({ a: { kind: 'u32', data: values }, b: { kind: 'u16', data: u16 } }, declared('t'));
        const pack = readPack('t', file);
        expect([...pack.u32('a')]).toEqual(values);
        expect([...pack.u16('b')]).toEqual(u16);
        // Each coding alone is never smaller than the one chosen.
        for (const coding of [BlockCoding.deflate, BlockCoding.deflateBytePlanes, BlockCoding.deflateDeltas]) {
          const raw = new Uint8Array(Uint32Array.from(values).buffer);
          const input =
            coding === BlockCoding.deflateBytePlanes
              ? toBytePlanes(raw, 4)
              : coding === BlockCoding.deflateDeltas
                ? toDeltas(raw, 4)
                : raw;
          expect(firstBlockStoredLength(file)).toBeLessThanOrEqual(
            zlib.deflateRawSync(input, { level: NUMERIC_LEVEL, memLevel: 9 }).length,
          );
        }
      }),
      { numRuns: 60 },
    );
  });

  it('stores small blocks as they are, read in place from a Buffer at any offset', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 0xffffffff }), { minLength: 1, maxLength: SMALL_BLOCK_BYTES / 4 }),
        fc.nat({ max: 7 }),
        (values, offset) => {
          const written = writePack(
            {
              a: { kind: 'u32', data: values },
              b: { kind: 'u16', data: values.map((v) => v & 0xffff) },
            },
            declared('t'),
          );
          expect(directoryCodings(written).get('a')).toBe(BlockCoding.stored);
          // As a host's loader may hand it over: a Node Buffer (whose slice() is a view) at an odd offset.
          const backing = Buffer.alloc(written.length + offset);
          backing.set(written, offset);
          const pack = readPack('t', backing.subarray(offset));
          expect([...pack.u32('a')]).toEqual(values);
          expect([...pack.u16('b')]).toEqual(values.map((v) => v & 0xffff));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('takes a column coding on the real offsets and start tables, and refuses one on text', () => {
    const gill = readFileSync(join(DEFAULT_DATA_DIR, 'commentary-gill.pack'));
    const codings = directoryCodings(gill);
    expect(codings.get('byOrdinal')).not.toBe(BlockCoding.deflate);
    expect(codings.get('offsets')).toBe(BlockCoding.deflateDeltaBytePlanes);
    // The same coding byte on a text section's block is a corrupt directory.
    const text = writePack(
      {
        s: { kind: 'utf8', data: 'In the beginning God created the heaven and the earth. '.repeat(30) },
      },
      declared('t'),
    );
    const at = 16 + 4 + 1 + 1 + 1 + 4;
    expect(text[at]).toBe(BlockCoding.deflate);
    text[at] = BlockCoding.deflateDeltas;
    const view = new DataView(text.buffer);
    view.setUint32(12, crc32(text.subarray(16, 16 + view.getUint32(8, true))), true);
    expect(() => readPack('t', text)).toThrow(/section directory is corrupt/);
  });

  it('keeps a large text section only as the string its reader keeps, and decodes it again if asked', () => {
    const large = 'In the beginning God created the heaven and the earth.\n'.repeat(3000);
    let inflations = 0;
    const counting = (compressed: Uint8Array, length: number) => {
      inflations++;
      return nativeInflate(compressed, length);
    };
    const pack = readPack(
      't',
      writePack(
        { big: { kind: 'utf8', data: large }, small: { kind: 'json', data: { s: 'amen '.repeat(500) } } },
        declared('t'),
      ),
      counting,
    );
    expect(pack.text('big')).toBe(large);
    expect(pack.text('big')).toBe(large);
    expect(inflations).toBe(2);
    // A small section keeps its bytes: read twice, inflated once.
    pack.json('small');
    pack.json('small');
    expect(inflations).toBe(3);
  });

  it('is deterministic', () => {
    const sections = { x: { kind: 'utf8', data: 'In the beginning' } } as const;
    expect(writePack(sections, declared('t'))).toEqual(writePack(sections, declared('t')));
  });

  const real = readFileSync(join(DEFAULT_DATA_DIR, 'text-kjv.pack'));
  const expectPackError = (bytes: Uint8Array, pattern: RegExp) => {
    let error: unknown;
    try {
      readPack('text-kjv', bytes, nativeInflate);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BibleError);
    expect((error as BibleError).code).toBe('NOT_AVAILABLE');
    expect((error as BibleError).message).toMatch(/text-kjv/);
    expect((error as BibleError).message).toMatch(pattern);
  };

  it('names the pack when it is truncated, corrupt, of another version or not a pack', () => {
    expectPackError(real.subarray(0, real.length - 100), /checksum mismatch: the file is truncated/);
    expectPackError(real.subarray(0, 40), /checksum mismatch: the file is truncated/);
    const directory = new Uint8Array(real);
    directory[20] ^= 0xff;
    expectPackError(directory, /checksum mismatch in its directory/);
    const version = new Uint8Array(real);
    version[4] = 99;
    expectPackError(version, /format version 99/);
    expectPackError(new TextEncoder().encode('{"not":"a pack"}'), /not a pack/);
    expectPackError(new Uint8Array(0), /not a pack/);
  });

  it('checks a block when it is read, and only the blocks read', () => {
    // A byte of Genesis damaged: the pack opens, other books read, Genesis is refused by its checksum.
    const flipped = new Uint8Array(real);
    flipped[real.length - (real.length >> 1)] ^= 0xff;
    const pack = readPack('text-kjv', flipped, nativeInflate);
    const books = pack.blocks('text');
    const damaged = Array.from({ length: books.count }, (_, i) => {
      try {
        books.read(i);
        return false;
      } catch (e) {
        expect((e as BibleError).code).toBe('NOT_AVAILABLE');
        expect((e as BibleError).message).toMatch(/text-kjv.*checksum mismatch in section 'text'/);
        return true;
      }
    });
    expect(damaged.filter(Boolean)).toHaveLength(1);
  });

  it('reads one verse by inflating only the block that holds it, besides the dictionary', async () => {
    const inflated: number[] = [];
    const counting = (compressed: Uint8Array, length: number) => {
      inflated.push(length);
      return nativeInflate(compressed, length);
    };
    const bible = await open({ loader: fsLoader(DEFAULT_DATA_DIR), inflate: counting });
    await bible.load(['text-kjv']);
    inflated.length = 0;
    const [verse] = await bible.GetVerse({ verseId: '43003016', versionId: 'kjv' });
    expect(verse.t).toMatch(/^For God so loved the world/);
    const pack = readPack('text-kjv', real, nativeInflate);
    const blocks = pack.blocks('text');
    const lengths = Array.from({ length: blocks.count }, (_, i) => blocks.length(i));
    const textInflated = inflated.filter((n) => lengths.includes(n));
    // Of the text, one block (of about 150): the dictionary and the small sections make up the rest.
    expect(blocks.count).toBeGreaterThan(100);
    expect(textInflated).toHaveLength(1);
    const rest = inflated.reduce((sum, n) => sum + n, 0) - textInflated[0];
    expect(rest).toBeLessThan(pack.bytes('dictionary').length + pack.bytes('sharedPrefixes').length + 20_000);
    expect(textInflated[0]).toBeLessThan(lengths.reduce((sum, n) => sum + n, 0) / 50);
  });

  it('takes the host checksum, which agrees with its own CRC-32 on any bytes', async () => {
    const native = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;
    if (!native) {
      console.log('zlib.crc32 needs Node 20.15 or later: the host checksum is not compared here');
      return;
    }
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(crc32(bytes)).toBe(native(bytes));
      }),
    );
    let calls = 0;
    const counting = (bytes: Uint8Array) => {
      calls++;
      return native(bytes);
    };
    const bible = await open({ loader: fsLoader(DEFAULT_DATA_DIR), inflate: nativeInflate, checksum: counting });
    const [verse] = await bible.GetVerse({ verseId: '43003016', versionId: 'kjv' });
    expect(verse.t).toMatch(/^For God so loved/);
    expect(calls).toBeGreaterThan(2);
  });

  it('round-trips sections stored in blocks, read whole or one block at a time', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string(), { maxLength: 8 }),
        fc.array(fc.uint8Array(), { maxLength: 5 }),
        (parts, chunks) => {
          const pack = readPack(
            'b',
            writePack({ t: { kind: 'utf8', data: parts }, c: { kind: 'bytes', data: chunks } }, declared('b')),
          );
          expect(pack.text('t')).toBe(parts.join(''));
          const blocks = pack.blocks('t');
          expect(blocks.count).toBe(parts.length);
          parts.forEach((p, i) => {
            expect(new TextDecoder().decode(blocks.read(i))).toBe(p);
          });
          expect([...pack.bytes('c')]).toEqual(chunks.flatMap((c) => [...c]));
        },
      ),
      { numRuns: 50 },
    );
  });

  it('fails cleanly on a missing section', () => {
    const pack = readPack('p', writePack({ a: { kind: 'utf8', data: 'x' } }, declared('p')));
    expect(() => pack.text('b')).toThrow(/section 'b' is missing/);
    expect(() => pack.json('a')).toThrow(/not json/);
  });
});

describe('pack layer', () => {
  // The schemas declare what packs hold; the modules that read packs import from them, never the other
  // way round, so the pack layer sits below every reader.
  const packDir = join(import.meta.dirname, '..', '..', 'engine', 'core', 'pack');
  // structure/model.ts imports nothing: the structured-text model's types sit below the packs that store it.
  const below = ['../errors.ts', '../utf8.ts', '../records.ts', '../structure/model.ts'];
  it('imports nothing from the modules that read packs', () => {
    for (const file of readdirSync(packDir).filter((f) => f.endsWith('.ts'))) {
      const source = readFileSync(join(packDir, file), 'utf8');
      const imports = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
      const outside = imports.filter((path) => !path.startsWith('./') && path !== 'fflate' && !below.includes(path));
      expect({ file, outside }).toEqual({ file, outside: [] });
    }
  });
});
