// A translation's cold first read (one chapter of a block decoded, the codes before it only walked)
// against the whole block decoded, on every compiled translation and on crafted word-coded packs; the
// versification's binary searches against a table built from the grid; and the engine's own inflate,
// loaded only when a host passes none.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wordCodedSections } from '../../compiler/pack/word-coding.ts';
import { sectionsOf, writePack } from '../../compiler/pack/writer.ts';
import { open } from '../../engine/core/engine.ts';
import type { BibleError } from '../../engine/core/errors.ts';
import { withSchema } from '../../engine/core/pack/schema.ts';
import { META_PACK, TEXT_PACK } from '../../engine/core/pack/schemas.ts';
import { decodeLines, readDictionary } from '../../engine/core/pack/word-coding.ts';
import { lineStarts, loadTranslation, type TextPackInfo, type TranslationData } from '../../engine/core/translation.ts';
import { createVersification } from '../../engine/core/versification.ts';
import { DEFAULT_DATA_DIR, fsLoader, nativeInflate, openNode } from '../../engine/node/loader.ts';
import { readLocalPack } from '../helpers.ts';
import { declared, readPack } from '../read-pack.ts';

const root = resolve(import.meta.dirname, '../..');
const grid = withSchema(readLocalPack('meta'), META_PACK).json('versification');
const kjvGrid = createVersification(grid);
const VERSIONS = ['kjv', 'asv', 'bbe', 'dby', 'kjv1611', 'rv1909', 'svd', 'wbt', 'web', 'ylt'];

/** What a read answers, or the error it raised. */
const attempt = (read: () => unknown): unknown => {
  try {
    return read();
  } catch (error) {
    return { error: (error as BibleError).code, message: (error as Error).message };
  }
};

describe('every translation read cold at awkward places', () => {
  for (const versionId of VERSIONS) {
    it(`${versionId}: a first read at block, book and missing or extra verse edges, then reads that jump`, () => {
      const pack = withSchema(readLocalPack(TEXT_PACK.name(versionId)), TEXT_PACK);
      const warm = loadTranslation(pack, kjvGrid);
      const texts = Array.from({ length: warm.size }, (_, i) => warm.textAt(i));
      const blockStarts = pack.u32('blockStarts');
      const picks = new Set<number>([0, 1, warm.size - 2, warm.size - 1]);
      for (let b = 0; b + 1 < blockStarts.length; b++)
        for (const i of [blockStarts[b], blockStarts[b] + 1, blockStarts[b + 1] - 1]) picks.add(i);
      for (let book = 1; book <= 66; book++) {
        const [first, end] = warm.bookRange(book);
        picks.add(first).add(end - 1);
      }
      for (const id of [...warm.info.missing, ...warm.info.extra])
        for (const step of [-1, 0, 1]) picks.add(warm.firstAtOrAfter(id) + step);
      const wrong: string[] = [];
      for (const index of picks) {
        if (index < 0 || index >= warm.size) continue;
        const cold: TranslationData = loadTranslation(pack, kjvGrid);
        const row = cold.rowAt(index);
        if (row.t !== texts[index] || row.id !== warm.rowAt(index).id) wrong.push(`first ${index}`);
        // then elsewhere in the same block (decoding it whole in its place), and in others
        for (const next of [index - 1, index + 1, index + 150, index - 150, 0, warm.size - 1, index])
          if (next >= 0 && next < warm.size && cold.textAt(next) !== texts[next]) wrong.push(`${index} then ${next}`);
      }
      expect(wrong).toEqual([]);
    });
  }
});

describe("an engine's first call", () => {
  const calls: [string, Record<string, string>][] = [
    ['GetVerse', { verseId: '01001001', versionId: 'kjv' }],
    ['GetVerse', { verseId: '66022021', versionId: 'kjv1611' }],
    ['GetVerse', { verseId: '45016025', versionId: 'web' }],
    ['GetVerse', { verseId: '64001015', versionId: 'svd' }],
    ['GetChapter', { bookId: '1', chapterId: '1', versionId: 'ylt' }],
    ['GetChapter', { bookId: '66', chapterId: '22', versionId: 'web' }],
    ['GetChapter', { bookId: '19', chapterId: '119', versionId: 'svd' }],
    ['GetChapter', { bookId: '3', chapterId: '6', versionId: 'web' }],
    ['GetChapterByBookAndChapterId', { bookAndChapterId: '65001', versionId: 'bbe' }],
    // GetParallelVerses answers every translation (it takes no list of them).
    ['GetParallelVerses', { verseId: '40017021' }],
    ['GetParallelVerses', { verseId: '66022021' }],
    ['GetParallelVerses', { verseId: '01001001' }],
    ['GetSearch', { query: 'everlasting life', versionId: 'web' }],
    ['GetSearch', { query: 'Jesus wept', versionId: 'kjv' }],
  ];
  it('answers as a warmed engine does, and callSync then answers the same', async () => {
    const warm = await openNode();
    for (const [, params] of calls) await warm.call('GetVerse', { verseId: '19119176', versionId: params.versionId });
    for (const [name, params] of calls) {
      const expected = await warm.call(name, params);
      const cold = await openNode();
      expect(await cold.call(name, params), `${name} ${JSON.stringify(params)}`).toEqual(expected);
      expect(cold.callSync(name, params)).toEqual(expected);
    }
  }, 120_000);
  it('a random pick first answers as one made after other reads', async () => {
    for (const versionId of ['web', 'svd', 'kjv']) {
      const first = await openNode({ random: { seed: 3 } });
      const later = await openNode({ random: { seed: 3 } });
      await later.call('GetChapter', { bookId: '45', chapterId: '16', versionId });
      await later.call('GetVerse', { verseId: '66022021', versionId });
      expect(await first.call('GetRandomVerse', { versionId })).toEqual(
        await later.call('GetRandomVerse', { versionId }),
      );
    }
  });
});

// A Bible of three chapters in two books: 3 + 2 verses, then 2.
const tinyGrid = createVersification([[3, 2], [2]]);

/** A text pack's file with this info, these block starts and word-coded blocks, and no search entries
 *  (the section kinds come from the pack's schema). */
function textPackFile(
  info: TextPackInfo,
  blockStarts: number[],
  sections: ReturnType<typeof wordCodedSections>,
  name = 'text-tiny',
) {
  return writePack(
    sectionsOf(TEXT_PACK, {
      info,
      blockStarts: Uint32Array.from(blockStarts),
      searchKeys: '',
      entryKinds: new Uint8Array(0),
      entryKeys: new Uint32Array(0),
      ...sections,
    }),
    declared(name, 'text'),
  );
}

/** A text pack of the tiny grid with these blocks of lines, its sections changed by `damage`. */
function tinyPack(blocks: string[], blockStarts: number[], damage?: (sections: { text: Uint8Array[] }) => void) {
  const sections = wordCodedSections(blocks, { frontCoded: false });
  damage?.(sections);
  const bytes = textPackFile({ versionId: 'tiny', missing: [], extra: [], incomplete: [] }, blockStarts, sections);
  const pack = withSchema(readPack('text-tiny', bytes), TEXT_PACK);
  return { pack, sections, load: () => loadTranslation(pack, tinyGrid) };
}

/** Each verse read first in a fresh translation, and read after a verse of another block. */
function firstAndLater(load: () => TranslationData, size = 7) {
  const first = Array.from({ length: size }, (_, i) => attempt(() => load().textAt(i)));
  const later = Array.from({ length: size }, (_, i) => {
    const text = load();
    attempt(() => text.textAt(i < 5 ? 6 : 0));
    return attempt(() => text.textAt(i));
  });
  return { first, later };
}

describe('crafted word-coded packs read cold', () => {
  const verses = ['In the beginning.', '', '(Then) he said:', 'end', 'a  b', '', '“Last”'];
  const layouts: [string, string[], number[]][] = [
    ['a chapter spanning two blocks', [`${verses.slice(0, 4).join('\n')}\n`, verses.slice(4).join('\n')], [0, 4, 7]],
    ['blocks without a last newline', [verses.slice(0, 5).join('\n'), `${verses.slice(5).join('\n')}\n`], [0, 5, 7]],
    ['one block', [verses.join('\n')], [0, 7]],
    ['a verse of only spaces and one of newline-led text', ['x\n  \n\n(y\n.\n', ' \n.('], [0, 5, 7]],
  ];
  for (const [label, blocks, blockStarts] of layouts) {
    it(`${label}: every first read is the verse the whole block gives`, () => {
      const { load } = tinyPack(blocks, blockStarts);
      const whole = blocks.join(blocks[0].endsWith('\n') ? '' : '\n').split('\n');
      const { first, later } = firstAndLater(load);
      expect(first).toEqual(whole.slice(0, 7));
      expect(later).toEqual(whole.slice(0, 7));
    });
  }

  it('separators holding several newlines and text after one: any run of lines decodes as the block', () => {
    const block = 'one.\n\n\n(two)\n“three”\n\nfour\n';
    const sections = wordCodedSections([block], { frontCoded: false });
    const dictionary = readDictionary(sections);
    const lines = block.split('\n').slice(0, -1);
    const decoder = new TextDecoder();
    for (let first = 0; first < lines.length; first++)
      for (let count = 1; first + count <= lines.length; count++) {
        const part = decodeLines(sections.text[0], dictionary, first, count, lines.length);
        expect(part && decoder.decode(part)).toBe(`${lines.slice(first, first + count).join('\n')}\n`);
      }
    // one line too many or too few for the block: null, whichever lines are asked for
    for (const blockLines of [lines.length - 2, lines.length + 2])
      expect(decodeLines(sections.text[0], dictionary, 0, 1, blockLines)).toBeNull();
  });

  const damaged: [string, string[], ((s: { text: Uint8Array[] }) => void) | undefined][] = [
    ['a line more than its verse list', ['a\nb\nc\nd\ne\nx\n', 'f\ng\n'], undefined],
    ['two lines fewer than its verse list', ['a\nb\nc\n', 'f\ng\n'], undefined],
    [
      'a code cut short at its end',
      ['a\nb\nc\nd\ne\n', 'f\ng\n'],
      (s) => {
        s.text[0] = Uint8Array.of(...s.text[0], 255);
      },
    ],
    [
      'a code beyond the dictionary at its end',
      ['a\nb\nc\nd\ne\n', 'f\ng\n'],
      (s) => {
        s.text[0] = Uint8Array.of(...s.text[0], 255, 255, 255);
      },
    ],
  ];
  for (const [label, blocks, damage] of damaged) {
    it(`a block with ${label} fails the same way on a first read of part of it and on a whole read`, () => {
      const { load } = tinyPack(blocks, [0, 5, 7], damage);
      const { first, later } = firstAndLater(load);
      expect(first).toEqual(later);
      for (const i of [0, 2, 3, 4]) {
        expect(first[i]).toMatchObject({ error: 'NOT_AVAILABLE' });
        expect((first[i] as { message: string }).message).toMatch(/pack 'text-tiny'.*block 0/);
      }
      expect(first.slice(5)).toEqual(['f', 'g']);
    });
  }

  it('a dictionary whose word entry holds a newline is refused when the translation loads', () => {
    const { load } = tinyPack(['a\nb\nc\nd\nqq\n', 'f\ng\n'], [0, 5, 7], (s) => {
      const sections = s as unknown as { dictionary: Uint8Array };
      const at = new TextDecoder().decode(sections.dictionary).indexOf('qq');
      sections.dictionary[at + 1] = 0x0a;
    });
    expect(attempt(load)).toEqual({
      error: 'NOT_AVAILABLE',
      message: expect.stringContaining(
        "pack 'text-tiny' cannot be used: a word entry of the dictionary holds a newline",
      ),
    });
  });

  it('lineStarts refuses a text that runs out of lines before the last', () => {
    expect(lineStarts('a\nb\n', 4)).toBeNull();
    expect(lineStarts('a\nb\n', 3)).not.toBeNull(); // a last empty line without its newline
    expect(lineStarts('a\nb', 2)).not.toBeNull();
    expect(lineStarts('a\nb\nc', 2)).toBeNull();
  });

  it('a damaged text-kjv names the pack from the engine whichever verse is read first', async () => {
    const real = loadTranslation(withSchema(readLocalPack('text-kjv'), TEXT_PACK), kjvGrid);
    const lines = Array.from({ length: real.size }, (_, i) => real.textAt(i));
    const [, genesisEnd] = real.bookRange(1);
    // Genesis in one block with a line too many, the rest in a second block.
    const blocks = [`${lines.slice(0, genesisEnd).join('\n')}\nextra\n`, `${lines.slice(genesisEnd).join('\n')}\n`];
    const sections = wordCodedSections(blocks, { frontCoded: false });
    const original = readLocalPack('text-kjv');
    const section = <T>(name: string) => original.json(name) as T;
    const bytes = textPackFile(section('info'), [0, genesisEnd, real.size], sections, 'text-kjv');
    const disk = fsLoader();
    const loader = async (name: string) => (name === 'text-kjv' ? bytes : disk(name));
    for (const before of [undefined, '66022021']) {
      const bible = await open({ loader, inflate: nativeInflate });
      if (before) expect((await bible.GetVerse({ verseId: before, versionId: 'kjv' }))[0].t).toBe(lines.at(-1));
      for (const verseId of ['01001001', '01050026'])
        await expect(bible.GetVerse({ verseId, versionId: 'kjv' })).rejects.toThrow(
          "pack 'text-kjv' cannot be used: the text of block 0 does not match its verse list",
        );
    }
  }, 60_000);
});

describe('the versification against a table from the grid', () => {
  const table: { book: number; chapter: number; verse: number }[] = [];
  grid.forEach((chapters, b) => {
    chapters.forEach((count, c) => {
      for (let v = 1; v <= count; v++) table.push({ book: b + 1, chapter: c + 1, verse: v });
    });
  });
  const id = (r: { book: number; chapter: number; verse: number }) => r.book * 1e6 + r.chapter * 1e3 + r.verse;

  it('every ordinal, and the edges of every book and chapter', () => {
    expect(kjvGrid.verseCount).toBe(table.length);
    expect(kjvGrid.refOf(0)).toEqual({ book: 1, chapter: 1, verse: 1 });
    expect(kjvGrid.idOf(table.length - 1)).toBe(66022021);
    table.forEach((ref, ordinal) => {
      if (kjvGrid.idOf(ordinal) !== id(ref)) expect(kjvGrid.idOf(ordinal), `ordinal ${ordinal}`).toBe(id(ref));
      if (kjvGrid.ordinalOf(ref.book, ref.chapter, ref.verse) !== ordinal)
        expect(kjvGrid.ordinalOf(ref.book, ref.chapter, ref.verse)).toBe(ordinal);
    });
    for (let ordinal = 1; ordinal < table.length; ordinal++)
      if (table[ordinal].verse === 1) {
        expect(kjvGrid.refOf(ordinal - 1)).toEqual(table[ordinal - 1]);
        expect(kjvGrid.refOf(ordinal)).toEqual(table[ordinal]);
      }
    for (const [book, chapter, verse] of [
      [0, 1, 1],
      [67, 1, 1],
      [1, 0, 1],
      [1, 51, 1],
      [1, 1, 0],
      [1, 1, 32],
      [66, 22, 22],
    ])
      expect(kjvGrid.ordinalOf(book, chapter, verse)).toBe(-1);
  });

  it('grids with empty books and chapters', () => {
    const ids = (chapterVerses: number[][]) => {
      const v = createVersification(chapterVerses);
      return Array.from({ length: v.verseCount }, (_, i) => v.idOf(i));
    };
    expect(ids([[0, 2], [3]])).toEqual([1002001, 1002002, 2001001, 2001002, 2001003]);
    expect(ids([[], [2]])).toEqual([2001001, 2001002]);
    expect(ids([[2], [], [0], [1]])).toEqual([1001001, 1001002, 4001001]);
    expect(ids([[1]])).toEqual([1001001]);
  });
});

describe("the engine's own inflate", () => {
  const lastVerse = 'The grace of our Lord Jesus Christ be with you all. Amen.';
  it('open() with no inflate, inflate null or undefined, concurrently, answers in Node', async () => {
    const loader = fsLoader();
    const engines = await Promise.all(
      [{ loader }, { loader, inflate: null }, { loader, inflate: undefined }, { loader }].map((o) =>
        open(o as unknown as Parameters<typeof open>[0]),
      ),
    );
    const answers = await Promise.all(engines.map((b) => b.GetVerse({ verseId: '66022021', versionId: 'kjv' })));
    expect(answers.map(([v]) => v.t)).toEqual(Array(4).fill(lastVerse));
  });

  it('a loader that fails, or answers no bytes, is NOT_AVAILABLE naming the pack; the next try may answer', async () => {
    let fail = true;
    const disk = fsLoader();
    const loader = async (name: string) => {
      if (name === 'text-web' && fail) throw new Error('disk gone');
      return disk(name);
    };
    await expect(open({ loader: async () => Promise.reject(new Error('offline')) })).rejects.toThrow(
      "pack 'meta' could not be loaded: offline",
    );
    const bible = await open({ loader });
    await expect(bible.GetVerse({ verseId: '01001001', versionId: 'web' })).rejects.toMatchObject({
      code: 'NOT_AVAILABLE',
      message: expect.stringContaining("pack 'text-web' could not be loaded: disk gone"),
    });
    fail = false;
    expect((await bible.GetVerse({ verseId: '01001001', versionId: 'web' }))[0].t).toMatch(/^In the beginning/);
    await expect(
      open({ loader: (async () => new ArrayBuffer(4)) as unknown as Parameters<typeof open>[0]['loader'] }),
    ).rejects.toMatchObject({ code: 'NOT_AVAILABLE', message: expect.stringContaining("'meta'") });
  });

  it('dist/engine.js answers in a bare vm context with no inflate, inflate null and undefined', () => {
    const dir = mkdtempSync(join(tmpdir(), 'first-read-'));
    const script = join(dir, 'run.mjs');
    writeFileSync(
      script,
      `import { readFileSync } from 'node:fs';
import vm from 'node:vm';
const context = vm.createContext({ __hostBytes: (n) => readFileSync(${JSON.stringify(DEFAULT_DATA_DIR)} + '/' + n + '.pack') });
const engine = new vm.SourceTextModule(readFileSync(${JSON.stringify(join(root, 'dist/engine.js'))}, 'utf8'), { context });
await engine.link((s) => { throw new Error('the bundle imports ' + s); });
await engine.evaluate();
context.__engine = engine.namespace;
process.stdout.write(await vm.runInContext(\`(async () => {
  const loader = async (name) => { const o = __hostBytes(name); const b = new Uint8Array(o.length); b.set(o); return b; };
  const out = [];
  for (const options of [{ loader }, { loader, inflate: null }, { loader, inflate: undefined }]) {
    const [a, b] = await Promise.all([__engine.open(options), __engine.open(options)]);
    out.push((await a.call('GetVerse', { verseId: '66022021', versionId: 'web' }))[0].t);
    out.push((await b.call('GetChapter', { bookId: '1', chapterId: '1', versionId: 'svd' })).length);
  }
  try { await __engine.open({ loader: async () => { throw new Error('gone'); } }); } catch (e) { out.push(e.code); }
  return JSON.stringify(out);
})()\`, context));
`,
    );
    const out = execFileSync(process.execPath, ['--experimental-vm-modules', '--no-warnings', script], {
      encoding: 'utf8',
    });
    const web = 'The grace of the Lord Jesus Christ be with all the saints. Amen.';
    expect(JSON.parse(out)).toEqual([web, 31, web, 31, web, 31, 'NOT_AVAILABLE']);
  });

  it("the Node entry's static import closure in lib/ holds no fflate, and still answers", () => {
    const seen = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, 'utf8');
      for (const m of source.matchAll(/(?:import|export)\s*(?:[\w$*{},\s]*?from\s*)?["'](\.[^"']+)["']/g))
        walk(resolve(dirname(file), m[1]));
    };
    walk(join(root, 'lib/node/index.js'));
    expect(seen.size).toBeGreaterThanOrEqual(1);
    for (const file of seen) {
      expect(file).not.toMatch(/fflate/);
      // fflate's own messages: its code, not the name of the chunk loaded on demand
      expect(readFileSync(file, 'utf8')).not.toMatch(/invalid block type|unexpected EOF/);
    }
    const out = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { openNode } from ${JSON.stringify(join(root, 'lib/node/index.js'))};
const b = await openNode();
const [v] = await b.GetVerse({ verseId: '43011035', versionId: 'kjv' });
process.stdout.write(v.t);`,
      ],
      { encoding: 'utf8' },
    );
    expect(out).toBe('Jesus wept.');
  });
});
