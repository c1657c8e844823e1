// The pack reader against the byte containers a host's loader may return, bytes the host changes after
// handing them over, and damaged directory entries of stored (uncoded) sections.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as vm from 'node:vm';
import { writePack } from '../../compiler/pack/writer.ts';
import type { Pack } from '../../engine/core/pack/reader.ts';
import { declared, readPack } from '../read-pack.ts';
import { open } from '../../engine/core/engine.ts';
import { BibleError } from '../../engine/core/errors.ts';
import { crc32 } from '../../engine/core/pack/crc32.ts';
import { BlockCoding } from '../../engine/core/pack/format.ts';
import { DEFAULT_DATA_DIR, nativeChecksum, nativeInflate } from '../../engine/node/loader.ts';

const packFile = (name: string) => new Uint8Array(readFileSync(join(DEFAULT_DATA_DIR, `${name}.pack`)));
// The small packs, whose sections are mostly stored, and a text pack with its many small stored sections.
const realPacks = readdirSync(DEFAULT_DATA_DIR)
  .filter((f) => f.endsWith('.pack') && statSync(join(DEFAULT_DATA_DIR, f)).size < 200_000)
  .map((f) => f.slice(0, -'.pack'.length))
  .concat('text-kjv');
const encoder = new TextEncoder();
/** Bytes as their length and CRC-32: comparing megabytes as text would take minutes. */
const fingerprint = (bytes: Uint8Array) => `${bytes.length}:${crc32(bytes)}`;

const HOOKS = {
  fflate: [undefined, undefined],
  zlib: [nativeInflate, nativeChecksum],
} as const;

/** Every section of a pack read by its kind, and every block of its utf8 and bytes sections, as text. */
function readEverything(pack: Pack): string {
  const out: string[] = [];
  for (const name of pack.sectionNames) {
    let value: string | undefined;
    for (const read of ['u32', 'u16', 'bytes', 'text', 'json'] as const) {
      try {
        const v = pack[read](name) as unknown;
        value =
          typeof v === 'string'
            ? fingerprint(encoder.encode(v))
            : ArrayBuffer.isView(v)
              ? fingerprint(new Uint8Array(v.buffer, v.byteOffset, v.byteLength))
              : JSON.stringify(v);
        break;
      } catch (error) {
        if (!/ is not (u32|u16|bytes|utf8|json)/.test((error as Error).message)) throw error;
      }
    }
    out.push(`${name}=${value}`);
    if (/^(utf8|bytes)$/.test(String(kindOf(pack, name)))) {
      const blocks = pack.blocks(name);
      for (let i = 0; i < blocks.count; i++) {
        const block = blocks.read(i);
        expect(block.length).toBe(blocks.length(i));
        out.push(fingerprint(block));
      }
    }
  }
  return out.join('\n');
}

const kindOf = (pack: Pack, name: string) => {
  try {
    pack.blocks(name);
    return 'utf8';
  } catch {
    return 'numeric or json';
  }
};

/** The containers a loader might hand over, each holding a copy of `bytes`. */
const containers: Record<string, (bytes: Uint8Array) => unknown> = {
  'a Node Buffer': (b) => Buffer.from(b),
  'a small pooled Buffer': (b) => {
    const pooled = Buffer.allocUnsafe(b.length); // from Node's shared pool when small
    pooled.set(b);
    return pooled;
  },
  'a Buffer at an odd offset of an ArrayBuffer': (b) => {
    const ab = new ArrayBuffer(b.length + 3);
    new Uint8Array(ab, 3).set(b);
    return Buffer.from(ab, 3, b.length);
  },
  ...Object.fromEntries(
    [0, 1, 2, 3, 4, 5, 6, 7].map((offset) => [
      `a subarray at offset ${offset}`,
      (b: Uint8Array) => {
        const whole = new Uint8Array(b.length + 16).fill(0xee);
        whole.set(b, offset);
        return whole.subarray(offset, offset + b.length);
      },
    ]),
  ),
  'a Uint8Array over a SharedArrayBuffer at offset 5': (b) => {
    const shared = new Uint8Array(new SharedArrayBuffer(b.length + 5), 5);
    shared.set(b);
    return shared;
  },
  'a subclass overriding slice and subarray': (b) => {
    class Lying extends Uint8Array {
      override slice(): Uint8Array<ArrayBuffer> {
        return new Uint8Array(3);
      }
      override subarray(): Uint8Array<ArrayBuffer> {
        return new Uint8Array(5);
      }
    }
    const lying = new Lying(b.length);
    Uint8Array.prototype.set.call(lying, b);
    return lying;
  },
  'a subclass overriding buffer and byteOffset': (b) => {
    class Lying extends Uint8Array {
      override get buffer(): ArrayBuffer {
        return new ArrayBuffer(1);
      }
      override get byteOffset(): number {
        return 9;
      }
    }
    const lying = new Lying(b.length);
    Uint8Array.prototype.set.call(lying, b);
    return lying;
  },
  'a Uint8Array with its own slice and subarray': (b) =>
    Object.assign(new Uint8Array(b), { slice: () => new Uint8Array(2), subarray: () => new Uint8Array(2) }),
  'a Uint8Array of another realm': (b) => {
    const other = vm.runInNewContext(`new Uint8Array(${b.length})`) as Uint8Array;
    Uint8Array.prototype.set.call(other, b);
    return other;
  },
  'a resizable ArrayBuffer': (b) => {
    const resizable = new Uint8Array(new ArrayBuffer(b.length, { maxByteLength: b.length * 2 }));
    resizable.set(b);
    return resizable;
  },
};

/** What is not a Uint8Array: refused as the loader's fault. */
const notBytes: Record<string, (bytes: Uint8Array) => unknown> = {
  'a Uint8ClampedArray': (b) => new Uint8ClampedArray(b),
  'an ArrayBuffer': (b) => b.slice().buffer,
  'a DataView': (b) => new DataView(b.slice().buffer),
  'a plain array of numbers': (b) => Array.from(b),
  'an Int8Array': (b) => new Int8Array(b.slice().buffer),
  'an object inheriting from Uint8Array.prototype': () => Object.create(Uint8Array.prototype),
  'a proxy of a Uint8Array': (b) => new Proxy(new Uint8Array(b), {}),
  'a string': (b) => Buffer.from(b).toString('latin1'),
  null: () => null,
  undefined: () => undefined,
};

const expectRefused = (read: () => unknown, pack: string, says: RegExp, label?: string) => {
  let thrown: unknown;
  try {
    read();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, label).toBeInstanceOf(BibleError);
  expect((thrown as BibleError).code, label).toBe('NOT_AVAILABLE');
  expect((thrown as BibleError).message, label).toContain(`pack '${pack}'`);
  expect((thrown as BibleError).message, label).toMatch(says);
};

/** Small and large sections of every kind: the small ones are stored, the large ones deflated. */
const written = writePack(
  {
    tiny32: { kind: 'u32', data: [1, 2, 3, 0xffffffff] },
    odd32: { kind: 'u32', data: Uint32Array.from({ length: 255 }, (_, i) => i * 16777259) }, // 1020 bytes: stored
    big32: { kind: 'u32', data: Uint32Array.from({ length: 5000 }, (_, i) => i * 7) },
    tiny16: { kind: 'u16', data: [1, 2, 65535] },
    big16: { kind: 'u16', data: Uint16Array.from({ length: 3000 }, (_, i) => i % 300) },
    parts: { kind: 'bytes', data: [new Uint8Array([1, 2, 3]), new Uint8Array([4, 5, 6, 7, 8]), new Uint8Array(2000)] },
    none: { kind: 'bytes', data: new Uint8Array(0) },
    words: { kind: 'utf8', data: ['héllo wörld ✓', 'x'.repeat(3000), ''] },
    settings: { kind: 'json', data: { a: 1, b: ['ü', null] } },
  },
  declared('written'),
);

describe('byte containers a loader returns', () => {
  for (const [hookName, [inflate, checksum]] of Object.entries(HOOKS))
    it(`every section of every pack reads the same from each container (${hookName})`, () => {
      for (const [name, file] of [['written', written] as const, ...realPacks.map((p) => [p, packFile(p)] as const)]) {
        const expected = readEverything(readPack(name, file.slice(), inflate, checksum));
        for (const [container, make] of Object.entries(containers)) {
          const given = make(file) as Uint8Array;
          expect(readEverything(readPack(name, given, inflate, checksum)), `${name} from ${container}`).toBe(expected);
        }
      }
    });

  it('reads the written sections as they were written', () => {
    for (const make of Object.values(containers)) {
      const pack = readPack('written', make(written) as Uint8Array);
      expect(Array.from(pack.u32('tiny32'))).toEqual([1, 2, 3, 0xffffffff]);
      expect(pack.u32('odd32')[254]).toBe((254 * 16777259) >>> 0);
      expect(pack.u32('big32')[4999]).toBe(4999 * 7);
      expect(Array.from(pack.u16('tiny16'))).toEqual([1, 2, 65535]);
      expect(pack.u16('big16')[2999]).toBe(2999 % 300);
      expect(Array.from(pack.bytes('parts').subarray(0, 9))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 0]);
      expect(pack.bytes('none').length).toBe(0);
      expect(pack.text('words')).toBe(`héllo wörld ✓${'x'.repeat(3000)}`);
      expect(pack.json('settings')).toEqual({ a: 1, b: ['ü', null] });
    }
  });

  it('refuses what is not a Uint8Array as the loader’s fault, naming the pack, from readPack and open()', async () => {
    for (const [what, make] of Object.entries(notBytes)) {
      expectRefused(
        () => readPack('meta', make(written) as Uint8Array),
        'meta',
        /the loader returned .*not a Uint8Array/,
        what,
      );
      const error = await open({ loader: async () => make(packFile('meta')) as Uint8Array }).catch((e) => e);
      expect(error, what).toBeInstanceOf(BibleError);
      expect(error.code).toBe('NOT_AVAILABLE');
      expect(error.message).toContain("pack 'meta'");
      expect(error.message).not.toContain('rebuild');
    }
  });

  it('refuses bytes whose buffer was detached or shrunk before it read them as not a pack', () => {
    const detached = written.slice();
    structuredClone(detached.buffer, { transfer: [detached.buffer] });
    expectRefused(() => readPack('written', detached), 'written', /not a pack file/);
    const resizable = new ArrayBuffer(written.length, { maxByteLength: written.length });
    const view = new Uint8Array(resizable, 8, written.length - 8);
    resizable.resize(4);
    expectRefused(() => readPack('written', view), 'written', /not a pack file/);
  });
});

/** The questions asked of an engine, and what a fresh one answers. */
const QUESTIONS = [
  ['GetVerse', { verseId: '43003016', versionId: 'kjv' }],
  ['GetChapter', { bookId: '19', chapterId: '117', versionId: 'kjv' }],
  ['GetSearchCount', { query: 'love', versionId: 'kjv' }],
  ['GetBooks', {}],
  ['GetVerse', { verseId: '01001001', versionId: 'web' }],
] as const;

async function ask(bible: { call(name: string, params: object): Promise<unknown> }): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const [name, params] of QUESTIONS) out.push(await bible.call(name, params).catch((error) => error));
  return out;
}

describe('bytes the host changes after handing them over', async () => {
  const expected = await ask(await open({ loader: async (name) => packFile(name) }));

  /** Each answer is the fresh engine's, or NOT_AVAILABLE naming a pack and saying what the host did. */
  const rightOrClear = (answers: unknown[]) =>
    answers.forEach((answer, i) => {
      if (answer instanceof Error) {
        expect(answer, QUESTIONS[i][0]).toBeInstanceOf(BibleError);
        expect((answer as BibleError).code).toBe('NOT_AVAILABLE');
        expect((answer as BibleError).message).toMatch(/pack '[a-z-]+' cannot be read: the bytes its loader returned/);
      } else expect(answer, QUESTIONS[i][0]).toEqual(expected[i]);
    });

  const changes: Record<string, (handed: Uint8Array[]) => void> = {
    'filled with zeros': (handed) => {
      for (const bytes of handed) bytes.fill(0);
    },
    'transferred (detached)': (handed) => {
      for (const bytes of handed) structuredClone(bytes.buffer, { transfer: [bytes.buffer] });
    },
    'shrunk (a resizable buffer)': (handed) => {
      for (const bytes of handed) (bytes.buffer as ArrayBuffer).resize(10);
    },
  };

  for (const [hookName, [inflate, checksum]] of Object.entries(HOOKS))
    for (const [change, apply] of Object.entries(changes))
      it(`answers given stay right and later ones are right or clear when the bytes are ${change} (${hookName})`, async () => {
        for (const askedFirst of [true, false]) {
          const handed: Uint8Array[] = [];
          const bible = await open({
            inflate,
            checksum,
            loader: async (name) => {
              const file = packFile(name);
              const bytes = new Uint8Array(new ArrayBuffer(file.length, { maxByteLength: file.length }));
              bytes.set(file);
              handed.push(bytes);
              return bytes;
            },
          });
          await bible.load(['text-kjv', 'text-web']);
          if (askedFirst) expect(await ask(bible)).toEqual(expected);
          apply(handed);
          const later = await ask(bible);
          if (askedFirst) expect(later).toEqual(expected);
          else rightOrClear(later);
        }
      });

  it('a loader reusing one pooled Buffer for every pack gets right answers or a clear error', async () => {
    const pool = Buffer.alloc(4 * 1024 * 1024);
    const bible = await open({
      loader: async (name) => {
        const file = packFile(name);
        pool.set(file);
        return pool.subarray(0, file.length);
      },
    });
    rightOrClear(await ask(bible));
    await bible.load(['text-web']);
    rightOrClear(await ask(bible));
  });
});

// Where each block's directory entry sits, and its stored bytes.
function blocksOf(file: Uint8Array): Record<string, { entry: number; at: number; storedLength: number }[]> {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const out: Record<string, { entry: number; at: number; storedLength: number }[]> = {};
  let at = 20;
  let stored = 16 + view.getUint32(8, true);
  for (let i = 0, count = view.getUint32(16, true); i < count; i++) {
    const name = String.fromCharCode(...file.subarray(at + 1, at + 1 + file[at]));
    at += 1 + file[at] + 1;
    const blockCount = view.getUint32(at, true);
    at += 4;
    out[name] = [];
    for (let b = 0; b < blockCount; b++, at += 13) {
      out[name].push({ entry: at, at: stored, storedLength: view.getUint32(at + 5, true) });
      stored += view.getUint32(at + 5, true);
    }
  }
  return out;
}

/** A copy of the written pack changed by `damage`, with its blocks' and directory's checksums made to fit. */
function damaged(damage: (file: Uint8Array, view: DataView, blocks: ReturnType<typeof blocksOf>) => void) {
  const file = written.slice();
  const view = new DataView(file.buffer);
  damage(file, view, blocksOf(file));
  try {
    for (const blocks of Object.values(blocksOf(file)))
      for (const b of blocks) view.setUint32(b.entry + 9, crc32(file.subarray(b.at, b.at + b.storedLength)), true);
  } catch {
    // lengths past the end: left for the reader to find
  }
  view.setUint32(12, crc32(file.subarray(16, 16 + view.getUint32(8, true))), true);
  return file;
}

describe('damaged stored sections', () => {
  const readers: Record<string, (pack: Pack) => unknown> = {
    tiny32: (p) => p.u32('tiny32'),
    odd32: (p) => p.u32('odd32'),
    big32: (p) => p.u32('big32'),
    tiny16: (p) => p.u16('tiny16'),
    parts: (p) => {
      const blocks = p.blocks('parts');
      for (let i = 0; i < blocks.count; i++) blocks.read(i);
      return p.bytes('parts');
    },
    words: (p) => p.text('words'),
  };
  const setLength = (name: string, block: number, inflated?: number, stored?: number) =>
    damaged((_, view, blocks) => {
      if (inflated !== undefined) view.setUint32(blocks[name][block].entry + 1, inflated, true);
      if (stored !== undefined) view.setUint32(blocks[name][block].entry + 5, stored, true);
    });
  const setCoding = (name: string, coding: number, block = 0) =>
    damaged((file, _, blocks) => {
      file[blocks[name][block].entry] = coding;
    });
  const cases: [string, string, Uint8Array][] = [
    ['tiny32', 'both lengths 6 (not whole u32s)', setLength('tiny32', 0, 6, 6)],
    ['tiny32', 'recorded length 6', setLength('tiny32', 0, 6)],
    ['tiny32', 'recorded length 20', setLength('tiny32', 0, 20)],
    ['tiny32', 'recorded length 0', setLength('tiny32', 0, 0)],
    ['tiny32', 'stored length past the end', setLength('tiny32', 0, undefined, 0x7fffffff)],
    ['tiny32', 'both lengths past the end', setLength('tiny32', 0, 0x7fffffff, 0x7fffffff)],
    ['tiny16', 'both lengths 5 (not whole u16s)', setLength('tiny16', 0, 5, 5)],
    ['odd32', 'recorded length 1024', setLength('odd32', 0, 1024)],
    ['parts', 'first part recorded as 9 bytes', setLength('parts', 0, 9)],
    ['parts', 'first part recorded as 1 byte', setLength('parts', 0, 1)],
    ['parts', 'last part recorded as 4 GiB', setLength('parts', 2, 0xffffffff)],
    ['words', 'second part recorded as 4 GiB', setLength('words', 1, 0xfffffff0)],
    ['big32', 'recorded length 4 GiB', setLength('big32', 0, 0xfffffff0)],
    ...(['tiny32', 'odd32', 'tiny16', 'parts'] as const).flatMap((name) =>
      [BlockCoding.deflate, BlockCoding.deflateBytePlanes, BlockCoding.deflateDeltas, 5, 255].map(
        (coding) => [name, `coding ${coding}`, setCoding(name, coding)] as [string, string, Uint8Array],
      ),
    ),
    ['big32', 'coding stored', setCoding('big32', BlockCoding.stored)],
    ['words', 'second part coded as stored', setCoding('words', BlockCoding.stored, 1)],
    ['parts', 'third part coded as stored', setCoding('parts', BlockCoding.stored, 2)],
  ];
  for (const [hookName, [inflate, checksum]] of Object.entries(HOOKS))
    it(`refuse the pack as NOT_AVAILABLE naming it, never a RangeError or wrong values (${hookName})`, () => {
      for (const [section, what, file] of cases)
        for (const make of [containers['a subarray at offset 3'], containers['a Node Buffer']])
          expectRefused(
            () => readers[section](readPack('written', make(file) as Uint8Array, inflate, checksum)),
            'written',
            new RegExp(`section directory is corrupt|section '${section}'|truncated`),
            `${section}: ${what}`,
          );
    });
});
