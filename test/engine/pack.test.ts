import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { writePack } from '../../compiler/pack/writer.ts';
import { readPack } from '../../engine/core/pack/reader.ts';
import { BibleError } from '../../engine/core/errors.ts';
import { readFileSync } from 'node:fs';
import { DEFAULT_DATA_DIR, nativeInflate } from '../../engine/node/loader.ts';
import { join } from 'node:path';

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
            writePack({
              s: { kind: 'utf8', data: s },
              a: { kind: 'u32', data: u32 },
              b: { kind: 'u16', data: u16 },
              c: { kind: 'bytes', data: bytes },
              j: { kind: 'json', data: { s } },
            }),
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

  it('is deterministic', () => {
    const sections = { x: { kind: 'utf8', data: 'In the beginning' } } as const;
    expect(writePack(sections)).toEqual(writePack(sections));
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
    expectPackError(real.subarray(0, real.length - 100), /checksum/);
    const flipped = new Uint8Array(real);
    flipped[5000] ^= 0xff;
    expectPackError(flipped, /checksum/);
    const version = new Uint8Array(real);
    version[4] = 99;
    expectPackError(version, /format version 99/);
    expectPackError(new TextEncoder().encode('{"not":"a pack"}'), /not a pack/);
    expectPackError(new Uint8Array(0), /not a pack/);
  });

  it('fails cleanly on a missing section', () => {
    const pack = readPack('p', writePack({ a: { kind: 'utf8', data: 'x' } }));
    expect(() => pack.text('b')).toThrow(/section 'b' is missing/);
    expect(() => pack.json('a')).toThrow(/not json/);
  });
});
