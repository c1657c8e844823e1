// The start-up path under odd inputs: word-coded packs written from odd texts and read back through
// both decode paths in any order, damaged dictionaries, the Node loader's files (truncated, empty,
// folders, symlinks, replaced after open), concurrent first verses, an engine's own inflate and
// checksum, and every translation's first and last verses against a reference read with fflate.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assemblePack, layoutBlocks, layoutPack, type SectionValue, writePack } from '../../compiler/pack/writer.ts';
import { wordCodedSections } from '../../compiler/pack/word-coding.ts';
import { BibleError } from '../../engine/core/errors.ts';
import { loadMeta } from '../../engine/core/meta.ts';
import { crc32 } from '../../engine/core/pack/crc32.ts';
import { fflateInflate } from '../../engine/core/pack/fflate-inflate.ts';
import { declared, readPack } from '../read-pack.ts';
import type { PackOf } from '../../engine/core/pack/schema.ts';
import { type META_PACK, TEXT_PACK } from '../../engine/core/pack/schemas.ts';
import { decodeWords, packDictionary, wordCodedBlocks } from '../../engine/core/pack/word-coding.ts';
import { loadTranslation } from '../../engine/core/translation.ts';
import { DEFAULT_DATA_DIR, fsLoader, openNode } from '../../engine/node/loader.ts';

const root = path.resolve(__dirname, '..', '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'start-up-adversary-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const utf8 = new TextDecoder();
const packName = 'text-odd';

/** The word-coded sections of some texts, as a pack, `pad` bytes of another section ahead of them
 *  (so they start at odd offsets in the file), every block stored when `stored`. */
function oddPack(
  texts: string[],
  { frontCoded = true, pad = 0, stored = false, split = false } = {},
  damage = (s: any) => s,
) {
  const coded = damage(wordCodedSections(texts, { frontCoded }));
  // A dictionary section in several blocks (cut at odd places) is read joined.
  const parts = (bytes: Uint8Array) =>
    split ? [bytes.subarray(0, 1), bytes.subarray(1, 6), bytes.subarray(6, 7), bytes.subarray(7)] : bytes;
  const sections: Record<string, SectionValue> = {
    ...(pad ? { pad: { kind: 'bytes', data: new Uint8Array(pad).map((_, i) => (i * 37) & 0xff) } } : {}),
    wordCoding: { kind: 'json', data: coded.wordCoding },
    dictionary: { kind: 'bytes', data: parts(coded.dictionary) },
    sharedPrefixes: { kind: 'bytes', data: parts(coded.sharedPrefixes) },
    suffixLengths: { kind: 'bytes', data: parts(coded.suffixLengths) },
    separators: { kind: 'u32', data: coded.separators },
    text: { kind: 'bytes', data: coded.text },
  };
  if (!stored) return writePack(sections, declared(packName));
  // A "compressed" stream longer than its block is never chosen: every block is stored as it is.
  const layout = layoutPack(sections, declared(packName));
  return assemblePack(
    layout,
    layoutBlocks(layout).map((job) => new Uint8Array(job.bytes.length + 1)),
  );
}

const oddTexts: Record<string, string[]> = {
  empty: [''],
  'empty blocks': ['', '', ''],
  'one byte': ['a'],
  'one separator byte': ['.'],
  'one space': [' '],
  'one entry, three blocks': ['x', 'x', 'x'],
  'many newlines': ['\n'.repeat(1000), 'a\n\n\nb\n', '\n'],
  'astral characters': ['𝔄𝔅 𝕬 😀😀 a😀b', '𐐀𐐨 𝒜', '👨‍👩‍👧 ﷽'],
  'entries near 255 bytes': [
    'a'.repeat(255),
    `${'é'.repeat(127)} ${'a'.repeat(254)}b ${'a'.repeat(254)}c`,
    `${'ab'.repeat(127)}a ${'ab'.repeat(127)}b`,
  ],
  'a long separator run': ['x'.concat('.'.repeat(1000), 'y'), '-'.repeat(256), ' '.repeat(300)],
  'spaces around words': [' a  b ', 'a ', ' a', 'a\tb \n c'],
  'combining marks and scripts': ['é é ﻻ بِسْمِ اللَّهِ', 'שָׁלוֹם Ἐν ἀρχῇ', 'İı ß ǅ'],
  'many entries': [Array.from({ length: 3000 }, (_, i) => `w${i.toString(36)}q`).join(' ')],
  'lone surrogate pair halves are not text': ['ab', 'cd'],
};

describe('word-coded packs from odd texts decode to their input', () => {
  for (const [label, texts] of Object.entries(oddTexts))
    for (const frontCoded of [true, false])
      for (const [pad, stored, split] of [
        [0, false],
        [1, true],
        [3, true],
        [5, false],
        [6, true],
        [7, true, true],
        [2, false, true],
      ] as const)
        it(`${label}, ${frontCoded ? 'front-coded' : 'in full'}, ${pad} bytes ahead, ${stored ? 'stored' : 'deflated'}${split ? ', split' : ''}`, () => {
          const pack = readPack(packName, oddPack(texts, { frontCoded, pad, stored, split })) as never;
          const broken = (why: string) => new BibleError('NOT_AVAILABLE', why);
          const blocks = wordCodedBlocks(pack, broken);
          const dictionary = packDictionary(pack, broken);
          const codes = (pack as { blocks: (s: string) => { read: (i: number) => Uint8Array } }).blocks('text');
          expect(blocks.count).toBe(texts.length);
          // Every order of reads, and both decode paths for each block.
          const orders = [texts.map((_, i) => i), texts.map((_, i) => texts.length - 1 - i), [...texts.keys(), 0]];
          for (const order of orders)
            for (const i of order) {
              expect(utf8.decode(blocks.read(i))).toBe(texts[i]);
              expect(utf8.decode(decodeWords(codes.read(i), dictionary, true))).toBe(texts[i]);
              expect(utf8.decode(decodeWords(codes.read(i), dictionary, false))).toBe(texts[i]);
            }
        });
});

/** Runs a script in a fresh process (so its first blocks take the copy path) and gives what it prints. */
function runFresh(source: string): string {
  const file = path.join(tmp, `fresh-${Math.random().toString(36).slice(2)}.ts`);
  fs.writeFileSync(file, source);
  return execFileSync(path.join(root, 'node_modules', '.bin', 'tsx'), [file], { cwd: root, encoding: 'utf8' });
}

describe("a process's first, second and third blocks", () => {
  it('decode to the input in any order of reads, with and without front coding', () => {
    const texts = [...oddTexts['astral characters'], ...oddTexts['entries near 255 bytes'], 'In the beginning'];
    const files = [
      [true, 0, false],
      [false, 1, true],
    ].map(([frontCoded, pad, stored], k) => {
      const file = path.join(tmp, `fresh-${k}.pack`);
      fs.writeFileSync(file, oddPack(texts, { frontCoded: !!frontCoded, pad: Number(pad), stored: !!stored }));
      return file;
    });
    for (const order of [
      [0, 1, 2, 3, 4, 5, 6],
      [6, 5, 4, 3, 2, 1, 0],
      [3, 3, 0, 6, 0, 3],
    ]) {
      const printed = runFresh(`
        import { readFileSync } from 'node:fs';
        import { readPack } from ${JSON.stringify(path.join(root, 'test/read-pack.ts'))};
        import { wordCodedBlocks } from ${JSON.stringify(path.join(root, 'engine/core/pack/word-coding.ts'))};
        const out = [];
        for (const file of ${JSON.stringify(files)}) {
          const blocks = wordCodedBlocks(readPack('${packName}', new Uint8Array(readFileSync(file))), (why) => new Error(why));
          for (const i of ${JSON.stringify(order)}) out.push(new TextDecoder().decode(blocks.read(i)));
        }
        process.stdout.write(JSON.stringify(out));
      `);
      expect(JSON.parse(printed)).toEqual([...order.map((i) => texts[i]), ...order.map((i) => texts[i])]);
    }
  });
});

type Sections = ReturnType<typeof wordCodedSections>;
const damages: Record<string, (s: Sections) => unknown> = {
  'suffix lengths one short of the dictionary': (s) => ({ ...s, dictionary: Uint8Array.of(...s.dictionary, 0x61) }),
  'suffix lengths past the dictionary': (s) => ({ ...s, dictionary: s.dictionary.subarray(1) }),
  'one prefix length missing': (s) => ({ ...s, sharedPrefixes: s.sharedPrefixes.subarray(1) }),
  'one prefix length too many': (s) => ({ ...s, sharedPrefixes: Uint8Array.of(...s.sharedPrefixes, 0) }),
  'a first entry sharing a prefix': (s) => ({
    ...s,
    sharedPrefixes: Uint8Array.of(1, ...s.sharedPrefixes.subarray(1)),
  }),
  'an entry sharing more than the entry before it has': (s) => {
    const shared = s.sharedPrefixes.slice();
    shared[shared.length - 1] = 255;
    return { ...s, sharedPrefixes: shared };
  },
  'a front-coded entry longer than 255 bytes': (s) => ({
    ...s,
    // Entry 1 shares all of entry 0's 250 bytes and adds 10: 260 bytes, and the sizes add up.
    dictionary: new Uint8Array(260).fill(0x61),
    sharedPrefixes: Uint8Array.of(0, 250),
    suffixLengths: Uint8Array.of(250, 10),
    separators: [],
    wordCoding: { oneByte: 256, threeByteLead: 256 },
    text: s.text.map(() => Uint8Array.of(1, 0)),
  }),
  'lead bytes out of order': (s) => ({ ...s, wordCoding: { oneByte: 200, threeByteLead: 100 } }),
  'no one-byte codes': (s) => ({ ...s, wordCoding: { oneByte: 0, threeByteLead: 100 } }),
  'a lead byte past 256': (s) => ({ ...s, wordCoding: { oneByte: 10, threeByteLead: 257 } }),
  'lead bytes as strings': (s) => ({ ...s, wordCoding: { oneByte: '10', threeByteLead: '200' } }),
  'fractional lead bytes': (s) => ({ ...s, wordCoding: { oneByte: 1.5, threeByteLead: 200 } }),
  'a layout of null': (s) => ({ ...s, wordCoding: null }),
  'a layout that is a list': (s) => ({ ...s, wordCoding: [1, 2] }),
  'a separator beyond the dictionary': (s) => ({ ...s, separators: [...s.separators, s.suffixLengths.length] }),
  'a separator at 2^32 - 1': (s) => ({ ...s, separators: [0xffffffff] }),
  'a code beyond the dictionary': (s) => ({ ...s, text: s.text.map(() => Uint8Array.of(255, 255, 255)) }),
  'a code cut short': (s) => ({ ...s, text: s.text.map(() => Uint8Array.of(255)) }),
  'an empty dictionary': (s) => ({
    ...s,
    dictionary: new Uint8Array(0),
    sharedPrefixes: new Uint8Array(0),
    suffixLengths: new Uint8Array(0),
    separators: [],
  }),
};

describe('a damaged dictionary is NOT_AVAILABLE naming the pack', () => {
  const texts = [`${'a'.repeat(250)} ${'a'.repeat(245)}bbbbbbbbbb`, 'x, y. z', 'the end'];
  for (const [label, damage] of Object.entries(damages))
    for (const [pad, stored] of [
      [0, false],
      [3, true],
    ] as const)
      it(`${label}, ${pad} bytes ahead`, () => {
        const pack = readPack(packName, oddPack(texts, { pad, stored }, damage as never)) as never;
        const broken = (why: string) => new BibleError('NOT_AVAILABLE', `pack '${packName}' cannot be used: ${why}`);
        let error: unknown;
        try {
          const blocks = wordCodedBlocks(pack, broken);
          for (let i = 0; i < blocks.count; i++) blocks.read(i);
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(BibleError);
        expect((error as BibleError).code).toBe('NOT_AVAILABLE');
        expect((error as BibleError).message).toContain(packName);
      });
});

const realPack = (name: string) => path.join(DEFAULT_DATA_DIR, `${name}.pack`);

/** A folder holding the meta pack and what `setup` puts in it. */
function dataDir(label: string, setup: (dir: string) => void = () => {}): string {
  const dir = path.join(tmp, label.replace(/[^a-z0-9]+/gi, '-'));
  fs.mkdirSync(dir);
  fs.copyFileSync(realPack('meta'), path.join(dir, 'meta.pack'));
  setup(dir);
  return dir;
}

async function failure(answer: Promise<unknown>): Promise<BibleError> {
  try {
    await answer;
  } catch (error) {
    expect(error).toBeInstanceOf(BibleError);
    return error as BibleError;
  }
  throw new Error('answered');
}

const GENESIS_1_1 = { verseId: '01001001' };
let kjvGenesis: string;

describe('the Node loader', () => {
  it('reads the package packs', async () => {
    const bible = await openNode();
    const [verse] = (await bible.call('GetVerse', GENESIS_1_1)) as unknown as { t: string }[];
    kjvGenesis = verse.t;
    expect(kjvGenesis).toMatch(/^In the beginning God created/);
  });

  const kjv = fs.readFileSync(realPack('text-kjv'));
  const badFiles: Record<string, (dir: string) => void> = {
    empty: (dir) => fs.writeFileSync(path.join(dir, 'text-kjv.pack'), ''),
    'one byte': (dir) => fs.writeFileSync(path.join(dir, 'text-kjv.pack'), 'B'),
    'the header only': (dir) => fs.writeFileSync(path.join(dir, 'text-kjv.pack'), kjv.subarray(0, 16)),
    'cut in its directory': (dir) => fs.writeFileSync(path.join(dir, 'text-kjv.pack'), kjv.subarray(0, 100)),
    'cut in half': (dir) => fs.writeFileSync(path.join(dir, 'text-kjv.pack'), kjv.subarray(0, kjv.length >> 1)),
    'one byte short': (dir) => fs.writeFileSync(path.join(dir, 'text-kjv.pack'), kjv.subarray(0, kjv.length - 1)),
    'a folder': (dir) => fs.mkdirSync(path.join(dir, 'text-kjv.pack')),
    'a dangling symlink': (dir) => fs.symlinkSync(path.join(dir, 'nowhere.pack'), path.join(dir, 'text-kjv.pack')),
    'a symlink loop': (dir) => fs.symlinkSync(path.join(dir, 'text-kjv.pack'), path.join(dir, 'text-kjv.pack')),
    'a symlink to a folder': (dir) => fs.symlinkSync(dir, path.join(dir, 'text-kjv.pack')),
    'a symlink to /dev/zero': (dir) => fs.symlinkSync('/dev/zero', path.join(dir, 'text-kjv.pack')),
    'another translation': (dir) => fs.copyFileSync(realPack('text-web'), path.join(dir, 'text-kjv.pack')),
    'the meta pack': (dir) => fs.copyFileSync(realPack('meta'), path.join(dir, 'text-kjv.pack')),
    missing: () => {},
  };
  for (const [label, setup] of Object.entries(badFiles))
    it(`answers NOT_AVAILABLE naming text-kjv for a text-kjv.pack that is ${label}, then reads a good one`, async () => {
      const dir = dataDir(`loader ${label}`, setup);
      const bible = await openNode({ dataDir: dir });
      for (let attempt = 0; attempt < 2; attempt++) {
        const error = await failure(bible.call('GetVerse', GENESIS_1_1));
        expect(error.code).toBe('NOT_AVAILABLE');
        expect(error.message).toContain('text-kjv');
        expect(error.message).not.toMatch(/\bat .*\(|undefined|\[object/);
      }
      // The host puts a good file in its place: the next call reads it.
      fs.rmSync(path.join(dir, 'text-kjv.pack'), { recursive: true, force: true });
      fs.symlinkSync(realPack('text-kjv'), path.join(dir, 'text-kjv.pack'));
      const [verse] = (await bible.call('GetVerse', GENESIS_1_1)) as unknown as { t: string }[];
      expect(verse.t).toBe(kjvGenesis);
    });

  it('refuses a meta pack that is empty, cut or a folder when opening', async () => {
    for (const [label, setup] of Object.entries({
      empty: (file: string) => fs.writeFileSync(file, ''),
      cut: (file: string) => fs.writeFileSync(file, fs.readFileSync(realPack('meta')).subarray(0, 200)),
      folder: (file: string) => {
        fs.rmSync(file);
        fs.mkdirSync(file);
      },
    })) {
      const dir = dataDir(`meta ${label}`, (d) => setup(path.join(d, 'meta.pack')));
      const error = await failure(openNode({ dataDir: dir }));
      expect(error.code).toBe('NOT_AVAILABLE');
      expect(error.message).toContain("'meta'");
    }
  });

  it('reads the file as it is at the first verse, not at open', async () => {
    const dir = dataDir('replaced', (d) => fs.copyFileSync(realPack('text-kjv'), path.join(d, 'text-kjv.pack')));
    const bible = await openNode({ dataDir: dir });
    const file = path.join(dir, 'text-kjv.pack');
    // Replaced by another translation's pack, then by garbage, then by a folder: refused each time,
    // naming the pack (each file is read again, not the one refused before).
    fs.rmSync(file);
    for (const [replace, why] of [
      [() => fs.copyFileSync(realPack('text-kjv1611'), file), "holds pack 'text-kjv1611'"],
      [() => fs.writeFileSync(file, new Uint8Array(5000).fill(7)), 'bad magic'],
      [() => fs.mkdirSync(file), 'not a regular file'],
    ] as const) {
      replace();
      const error = await failure(bible.call('GetVerse', GENESIS_1_1));
      expect(error.code).toBe('NOT_AVAILABLE');
      expect(error.message).toContain('text-kjv');
      expect(error.message).toContain(why);
      fs.rmSync(file, { recursive: true, force: true });
    }
    // Renamed into place (as an installer does) after the failures: read.
    fs.copyFileSync(realPack('text-kjv'), `${file}.new`);
    fs.renameSync(`${file}.new`, file);
    const [verse] = (await bible.call('GetVerse', GENESIS_1_1)) as unknown as { t: string }[];
    expect(verse.t).toBe(kjvGenesis);
    // Once read, the file's later fate changes nothing.
    fs.writeFileSync(file, '');
    expect(((await bible.call('GetVerse', { verseId: '66022021' })) as unknown as { t: string }[])[0].t).toMatch(
      /grace/,
    );
  });

  it('gives every read its own bytes: a change to one does not reach the next', async () => {
    const load = fsLoader(DEFAULT_DATA_DIR);
    const first = await load('text-kjv');
    const copy = first.slice();
    first.fill(0);
    const second = await load('text-kjv');
    expect(second).toEqual(copy);
    expect(second.buffer).not.toBe(first.buffer);
    for (const name of ['bad/name', '../meta', '', '.hidden', 'text-kjv\0']) {
      await expect(load(name)).rejects.toThrow(/bad pack name/);
    }
  });
});

const metaPack = readPack('meta', new Uint8Array(fs.readFileSync(realPack('meta')))) as PackOf<typeof META_PACK>;
const meta = loadMeta(metaPack);
const versionIds = metaPack.json('versionIds');
const pad8 = (id: number) => String(id).padStart(8, '0');

/** Each translation read the plain way: the whole file copied, fflate, the JavaScript CRC-32. */
const references = new Map(
  versionIds.map((v) => {
    const pack = readPack(`text-${v}`, new Uint8Array(fs.readFileSync(realPack(`text-${v}`)))) as PackOf<
      typeof TEXT_PACK
    >;
    return [v, loadTranslation(pack, meta.versification)] as const;
  }),
);

/** Every book's first and last verse in a translation, as [verseId, text]. */
function bookEnds(versionId: string): [string, string][] {
  const text = references.get(versionId)!;
  const out: [string, string][] = [];
  for (let book = 1; book <= 66; book++) {
    const [first, end] = text.bookRange(book);
    for (const i of first < end ? [first, end - 1] : []) out.push([pad8(text.ids[i]), text.textAt(i)]);
  }
  return out;
}

describe('answers equal a reference read with fflate', () => {
  it('many concurrent first verses from one engine, every translation at once', async () => {
    const bible = await openNode();
    const asks = versionIds.flatMap((versionId) =>
      bookEnds(versionId).map(([verseId, t]) => ({ versionId, verseId, t })),
    );
    // Reversed and interleaved so the first reads of every pack race one another.
    const answers = await Promise.all(
      [...asks]
        .reverse()
        .map(async (a) => [a, await bible.call('GetVerse', { verseId: a.verseId, versionId: a.versionId })] as const),
    );
    for (const [ask, answer] of answers)
      expect((answer as readonly { t: string }[])[0]?.t, `${ask.versionId} ${ask.verseId}`).toBe(ask.t);
  });

  const engines = {
    'native zlib': () => openNode(),
    "the engine's own fflate and CRC-32": () => openNode({ inflate: fflateInflate, checksum: crc32 }),
    'inflate and checksum left undefined': () => openNode({ inflate: undefined, checksum: undefined }),
    'an inflate that hands a copy with room to spare': () =>
      openNode({
        inflate: (bytes, length) => {
          const out = new Uint8Array(length + 64);
          out.set(fflateInflate(bytes, length));
          return out.subarray(0, length);
        },
      }),
  };
  for (const [label, make] of Object.entries(engines))
    it(`GetVerse and GetChapter at every book's ends in every translation: ${label}`, async () => {
      const bible = await make();
      for (const versionId of versionIds) {
        const text = references.get(versionId)!;
        for (const [verseId, t] of bookEnds(versionId)) {
          const [verse] = (await bible.call('GetVerse', { verseId, versionId })) as unknown as {
            id: string;
            t: string;
          }[];
          expect(verse.t, `${versionId} ${verseId}`).toBe(t);
          const book = Number(verseId.slice(0, 2));
          const chapter = Number(verseId.slice(2, 5));
          const rows = (await bible.call('GetChapter', { bookId: book, chapterId: chapter, versionId })) as readonly {
            t: string;
          }[];
          const [from, to] = text.chapterRange(book, chapter);
          expect(
            rows.map((r) => r.t),
            `${versionId} ${book}:${chapter}`,
          ).toEqual(Array.from({ length: to - from }, (_, k) => text.textAt(from + k)));
        }
      }
    });

  it('an inflate or checksum that fails is NOT_AVAILABLE naming the pack', async () => {
    for (const options of [
      {
        inflate: () => {
          throw new Error('no');
        },
      },
      { inflate: () => new Uint8Array(3) },
      { checksum: () => 0 },
    ]) {
      const bible = await failure(openNode(options));
      expect(bible.code).toBe('NOT_AVAILABLE');
      expect(bible.message).toContain("'meta'");
    }
  });

  it("an app's change to the bytes its loader handed over changes no answer", async () => {
    const handed: Uint8Array[] = [];
    const bible = await openNode({
      loader: async (name: string) => {
        const bytes = new Uint8Array(fs.readFileSync(realPack(name)));
        handed.push(bytes);
        return bytes;
      },
    });
    const genesis = (await bible.call('GetVerse', GENESIS_1_1)) as unknown as { t: string }[];
    for (const bytes of handed) bytes.fill(0x55);
    // What was read is kept; what is read from the changed bytes later fails its checksum.
    expect(await bible.call('GetVerse', GENESIS_1_1)).toEqual(genesis);
    const later = await failure(bible.call('GetVerse', { verseId: '66022021' }));
    expect(later.code).toBe('NOT_AVAILABLE');
    expect(later.message).toContain('text-kjv');
  });
});

describe("an engine's own inflate and checksum options", () => {
  it('null takes the default; a value that is not a function is refused naming the option', async () => {
    for (const hook of ['inflate', 'checksum']) {
      const bible = await openNode({ [hook]: null });
      expect(((await bible.call('GetVerse', GENESIS_1_1)) as unknown as { t: string }[])[0].t).toBe(kjvGenesis);
      for (const value of ['zlib', 5, {}, true]) {
        const error = await failure(openNode({ [hook]: value }));
        expect(error.code).toBe('INVALID_PARAMETER');
        expect(error.param).toBe(hook);
      }
    }
  });

  it('an inflate that gives something other than bytes is said so, naming the pack', async () => {
    for (const inflate of [(_: Uint8Array, n: number) => new Array(n).fill(0x20), () => 'text', () => undefined]) {
      const error = await failure(openNode({ inflate: inflate as never }));
      expect(error.code).toBe('NOT_AVAILABLE');
      expect(error.message).toContain("'meta'");
      expect(error.message).toContain('the inflate function given to open() returned no bytes');
      // The host's function is at fault, not the pack: no advice to rebuild it.
      expect(error.message).not.toContain('bible build');
    }
  });
});

describe('bible GetVerse as a process', () => {
  /** What the CLI prints for these words, parsed (an error's JSON too). */
  const cli = (args: string[]): unknown => {
    try {
      return JSON.parse(
        execFileSync(path.join(root, 'bin', 'bible.js'), ['GetVerse', ...args], { encoding: 'utf8', stdio: 'pipe' }),
      );
    } catch (error) {
      // An error is printed on stderr, with a non-zero exit.
      const { stdout, stderr, status } = error as { stdout: string; stderr: string; status: number };
      expect(status).not.toBe(0);
      return JSON.parse(stdout || stderr);
    }
  };
  it('prints what the library answers, for odd arguments too', async () => {
    const bible = await openNode();
    const cases: Record<string, string>[] = [
      { verseId: '1001001' },
      { verseId: '01001001', versionId: 'WEB' },
      { verseId: '19119176', versionId: 'svd' },
      { verseId: '43003016', versionId: 'rv1909' },
      { verseId: '66022021', versionId: 'kjv1611' },
      { verseId: '01001001', versionId: '' },
      { verseId: '' },
      { verseId: '99999999' },
      { verseId: '٠١٠٠١٠٠١' },
      { verseId: '0x2905BB8' },
      { verseId: '01001001', versionId: 'xx' },
      { verseId: '66022022', versionId: 'bbe' },
    ];
    for (const params of cases) {
      let expected: unknown;
      try {
        expected = await bible.call('GetVerse', params as { verseId: string });
      } catch (error) {
        expected = (error as BibleError).toJSON();
      }
      const args = Object.entries(params).map(([name, value]) => `${name}=${value}`);
      expect(cli(args), args.join(' ')).toEqual(expected);
      expect(cli([...args].reverse()), args.join(' ')).toEqual(expected);
    }
  });
});

/** text-kjv written again, every block stored, its sections changed by `damage`. */
function rewrittenKjv(damage: (sections: Record<string, SectionValue>) => void): Uint8Array {
  const pack = readPack('text-kjv', new Uint8Array(fs.readFileSync(realPack('text-kjv'))));
  const sections: Record<string, SectionValue> = {};
  for (const [name, spec] of Object.entries(TEXT_PACK.sections)) {
    const blocks =
      pack.blocks !== undefined && (spec.kind === 'bytes' || spec.kind === 'utf8') ? pack.blocks(name) : undefined;
    const data =
      spec.kind === 'json'
        ? pack.json(name)
        : spec.kind === 'u32'
          ? pack.u32(name)
          : spec.kind === 'utf8'
            ? pack.text(name)
            : Array.from({ length: blocks!.count }, (_, i) => blocks!.read(i).slice());
    sections[name] = { kind: spec.kind, data } as SectionValue;
  }
  damage(sections);
  const layout = layoutPack(sections, pack.declaration);
  return assemblePack(
    layout,
    layoutBlocks(layout).map((job) => new Uint8Array(job.bytes.length + 1)),
  );
}

describe("a damaged dictionary in a translation's pack", () => {
  const bytesOf = (value: SectionValue) => (value.data as Uint8Array[])[0];
  const damaged: Record<string, (sections: Record<string, SectionValue>) => void> = {
    'as it was built (every block stored)': () => {},
    'lengths that do not add up': (s) => {
      bytesOf(s.suffixLengths)[0]++;
    },
    'a layout out of order': (s) => {
      s.wordCoding = { kind: 'json', data: { oneByte: 255, threeByteLead: 254 } };
    },
    'a separator beyond the dictionary': (s) => {
      s.separators = { kind: 'u32', data: [...(s.separators.data as Uint32Array), 1 << 30] };
    },
    'prefix lengths for fewer entries': (s) => {
      s.sharedPrefixes = { kind: 'bytes', data: bytesOf(s.sharedPrefixes).subarray(1) };
    },
  };
  for (const [label, damage] of Object.entries(damaged))
    it(`${label}: NOT_AVAILABLE naming text-kjv, or the right verses`, async () => {
      const dir = dataDir(`damaged ${label}`, (d) =>
        fs.writeFileSync(path.join(d, 'text-kjv.pack'), rewrittenKjv(damage)),
      );
      const bible = await openNode({ dataDir: dir });
      const asks = bookEnds('kjv');
      if (label.startsWith('as it was')) {
        for (const [verseId, t] of asks)
          expect(((await bible.call('GetVerse', { verseId })) as unknown as { t: string }[])[0].t).toBe(t);
        return;
      }
      for (const [verseId] of asks.slice(0, 3)) {
        const error = await failure(bible.call('GetVerse', { verseId }));
        expect(error.code).toBe('NOT_AVAILABLE');
        expect(error.message).toContain("pack 'text-kjv'");
      }
    });
});

describe("an app's change to the bytes its loader handed over", () => {
  it('changes no answer when the dictionary is stored as it is, at any alignment', async () => {
    const file = rewrittenKjv(() => {});
    const dictionary = readPack('text-kjv', file).bytes('dictionary');
    const at = file.findIndex((_, i) => dictionary.every((b, k) => file[i + k] === b));
    expect(at).toBeGreaterThan(0);
    for (let shift = 0; shift < 4; shift++) {
      const handed = new Uint8Array(file.length + shift).subarray(shift);
      handed.set(file);
      const bible = await openNode({
        loader: async (name: string) =>
          name === 'text-kjv' ? handed : new Uint8Array(fs.readFileSync(realPack(name))),
      });
      const asks = bookEnds('kjv');
      const [first] = (await bible.call('GetVerse', { verseId: asks[0][0] })) as unknown as { t: string }[];
      expect(first.t).toBe(asks[0][1]);
      // The app reuses the dictionary's bytes: verses read later are the same words.
      handed.fill(0x41, at, at + dictionary.length);
      for (const [verseId, t] of asks.slice(-4))
        expect(((await bible.call('GetVerse', { verseId })) as unknown as { t: string }[])[0].t, `shift ${shift}`).toBe(
          t,
        );
    }
  });
});
