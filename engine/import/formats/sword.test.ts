// SWORD modules built here byte by byte, as the SWORD wiki's module layout describes them: rawText
// (ot/nt + .vss), rawText4, zText (.bzs/.bzv/.bzz) and zText4, each on a small verse grid.
import { zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { SourceFile } from '../types.ts';
import { readImport } from './index.ts';
import { expectConsistentMarkup, verseAt } from './test-helpers.ts';

/** Every book one chapter of two verses: small, and the reader checks the index against it all the same. */
const GRID: number[][] = Array.from({ length: 66 }, () => [2]);

type Driver = 'RawText' | 'RawText4' | 'zText' | 'zText4';

/** The entries of one testament in index order: module and testament headers, then per book an intro,
 *  per chapter an intro and its verses. `text(book, verse)` gives a verse's entry. */
function testamentEntries(first: number, last: number, text: (book: number, verse: number) => string): string[] {
  const entries = ['', ''];
  for (let book = first; book <= last; book++) {
    entries.push('');
    for (const verses of GRID[book - 1]) {
      entries.push('');
      for (let verse = 1; verse <= verses; verse++) entries.push(text(book, verse));
    }
  }
  return entries;
}

function u32(view: DataView, at: number, value: number) {
  view.setUint32(at, value, true);
}

function rawFiles(prefix: string, entries: Uint8Array[], wide: boolean, dir: string): SourceFile[] {
  const size = wide ? 8 : 6;
  const index = new Uint8Array(entries.length * size);
  const view = new DataView(index.buffer);
  const data: number[] = [];
  entries.forEach((entry, n) => {
    u32(view, n * size, data.length);
    if (wide) u32(view, n * size + 4, entry.length);
    else view.setUint16(n * size + 4, entry.length, true);
    data.push(...entry);
  });
  return [
    { path: `${dir}${prefix}`, bytes: new Uint8Array(data) },
    { path: `${dir}${prefix}.vss`, bytes: index },
  ];
}

function zFiles(prefix: string, entries: Uint8Array[], wide: boolean, dir: string, claimedSize?: number): SourceFile[] {
  // Two blocks: the first half of the entries and the rest.
  const half = Math.floor(entries.length / 2);
  const groups = [entries.slice(0, half), entries.slice(half)];
  const entrySize = wide ? 12 : 10;
  const bzv = new Uint8Array(entries.length * entrySize);
  const bzvView = new DataView(bzv.buffer);
  const bzs = new Uint8Array(groups.length * 12);
  const bzsView = new DataView(bzs.buffer);
  const bzz: number[] = [];
  let n = 0;
  groups.forEach((group, blockNumber) => {
    const plain: number[] = [];
    for (const entry of group) {
      u32(bzvView, n * entrySize, blockNumber);
      u32(bzvView, n * entrySize + 4, plain.length);
      if (wide) u32(bzvView, n * entrySize + 8, entry.length);
      else bzvView.setUint16(n * entrySize + 8, entry.length, true);
      plain.push(...entry);
      n++;
    }
    const compressed = zlibSync(new Uint8Array(plain));
    u32(bzsView, blockNumber * 12, bzz.length);
    u32(bzsView, blockNumber * 12 + 4, compressed.length);
    u32(bzsView, blockNumber * 12 + 8, claimedSize ?? plain.length);
    bzz.push(...compressed);
  });
  return [
    { path: `${dir}${prefix}.bzs`, bytes: bzs },
    { path: `${dir}${prefix}.bzv`, bytes: bzv },
    { path: `${dir}${prefix}.bzz`, bytes: new Uint8Array(bzz) },
  ];
}

interface ModuleSpec {
  driver: Driver;
  conf?: string;
  text: (book: number, verse: number) => string;
  encode?: (text: string) => Uint8Array;
  claimedBlockSize?: number;
  dataPath?: string;
}

function module(spec: ModuleSpec): SourceFile[] {
  const encode = spec.encode ?? ((t: string) => new TextEncoder().encode(t));
  const dataPath = spec.dataPath ?? './modules/texts/sample/';
  const dir = `sample/${dataPath.replace(/^\.\//, '')}`;
  const wide = spec.driver.endsWith('4');
  const files: SourceFile[] = [];
  for (const [prefix, first, last] of [
    ['ot', 1, 39],
    ['nt', 40, 66],
  ] as const) {
    const entries = testamentEntries(first, last, spec.text).map(encode);
    files.push(
      ...(spec.driver.startsWith('z')
        ? zFiles(prefix, entries, wide, dir, spec.claimedBlockSize)
        : rawFiles(prefix, entries, wide, dir)),
    );
  }
  const conf = `# comment first\n[Sample]\nDataPath=${dataPath}\nModDrv=${spec.driver}\nDescription=A sample module\nLang=en\nDistributionLicense=Public Domain\nCopyright=None claimed\n${spec.conf ?? ''}`;
  files.push({ path: 'sample/mods.d/sample.conf', bytes: new TextEncoder().encode(conf) });
  return files;
}

const plainText = (book: number, verse: number) => (book === 2 && verse === 2 ? '' : `Book ${book} verse ${verse}.`);

describe('SWORD module reader', () => {
  it('reads a rawText module of plain text, with the conf as metadata', () => {
    const result = readImport(module({ driver: 'RawText', text: plainText }), { kjvChapterVerses: GRID });
    expect(result.format).toBe('sword');
    expect(result.metadata).toEqual({
      abbreviation: 'Sample',
      name: 'A sample module',
      language: 'en',
      rights: 'Public Domain\nNone claimed',
      versification: 'KJV',
    });
    expect(result.books).toHaveLength(66);
    expect(result.verses).toHaveLength(66 * 2 - 1);
    expect(verseAt(result, 43, 1, 2)?.text).toBe('Book 43 verse 2.');
    expect(verseAt(result, 2, 1, 2)).toBeUndefined();
  });

  it('reads rawText4, zText and zText4 modules alike', () => {
    const reference = readImport(module({ driver: 'RawText', text: plainText }), { kjvChapterVerses: GRID }).verses;
    for (const driver of ['RawText4', 'zText', 'zText4'] as const) {
      expect(
        readImport(module({ driver, text: plainText, conf: 'CompressType=ZIP\n' }), { kjvChapterVerses: GRID }).verses,
      ).toEqual(reference);
    }
  });

  it('reads OSIS entries: words of Jesus across verses, notes, titles, added words', () => {
    const text = (book: number, verse: number) => {
      if (book !== 43) return `Verse ${verse}.`;
      return verse === 1
        ? '<title>The Word</title><q who="Jesus" marker="" sID="q1"/>In the <transChange type="added">very</transChange> beginning<note type="study" n="a">Or, first</note>'
        : 'was the Word.<q eID="q1"/> And more.';
    };
    const result = readImport(module({ driver: 'zText', text, conf: 'SourceType=OSIS\nEncoding=UTF-8\n' }), {
      kjvChapterVerses: GRID,
    });
    const v1 = verseAt(result, 43, 1, 1)!;
    expect(v1.text).toBe('In the very beginning');
    expect(v1.markup).toEqual({
      blocks: [{ at: 0, block: { type: 'heading', level: 1, text: 'The Word', source: 'source' } }],
      notes: [{ at: 21, note: { type: 'note', kind: 'study', caller: 'a', text: 'Or, first' } }],
      spans: [
        { from: 0, to: 21, style: 'wj' },
        { from: 7, to: 11, style: 'add' },
      ],
    });
    const v2 = verseAt(result, 43, 1, 2)!;
    expect(v2.text).toBe('was the Word. And more.');
    expect(v2.markup?.spans).toEqual([{ from: 0, to: 13, style: 'wj' }]);
    for (const verse of result.verses) expectConsistentMarkup(verse);
  });

  it('reads GBF and ThML entries', () => {
    const gbf = readImport(
      module({
        driver: 'zText4',
        text: (_b, v) => `<FR>Verily<Fr> I say <FI>unto<Fi> you<RF>a note<Rf> ${v}.<CM>`,
        conf: 'SourceType=GBF\n',
      }),
      { kjvChapterVerses: GRID },
    );
    expect(verseAt(gbf, 1, 1, 1)).toEqual({
      book: 1,
      chapter: 1,
      verse: 1,
      text: 'Verily I say unto you 1.',
      markup: {
        notes: [{ at: 21, note: { type: 'note', kind: 'footnote', text: 'a note' } }],
        spans: [
          { from: 0, to: 6, style: 'wj' },
          { from: 13, to: 17, style: 'add' },
        ],
      },
    });
    const thml = readImport(
      module({
        driver: 'RawText4',
        text: (_b, v) =>
          `<font color="red">Come</font> and see<note>n</note>.<br/>Line ${v}<sync type="Strongs" value="G1"/>`,
        conf: 'SourceType=ThML\n',
      }),
      { kjvChapterVerses: GRID },
    );
    expect(verseAt(thml, 1, 1, 2)?.text).toBe('Come and see. Line 2');
    expect(verseAt(thml, 1, 1, 2)?.markup?.spans).toEqual([{ from: 0, to: 4, style: 'wj' }]);
  });

  it('reads Latin-1 entries when the conf names no encoding', () => {
    const latin1 = (t: string) => Uint8Array.from([...t].map((c) => c.charCodeAt(0)));
    const result = readImport(module({ driver: 'RawText', text: () => 'Jesús lloró.', encode: latin1 }), {
      kjvChapterVerses: GRID,
    });
    expect(verseAt(result, 43, 1, 1)?.text).toBe('Jesús lloró.');
  });

  it('refuses another versification, a path out of the module, a missing grid, a wrong index and a block bomb', () => {
    const read =
      (spec: ModuleSpec, grid: number[][] | undefined = GRID) =>
      () =>
        readImport(module(spec), { kjvChapterVerses: grid });
    expect(read({ driver: 'zText', text: plainText, conf: 'Versification=NRSV\n' })).toThrow(
      'sample/mods.d/sample.conf entry Versification: Versification=NRSV is not read; only KJV modules are',
    );
    expect(read({ driver: 'zText', text: plainText, dataPath: './modules/../../../etc/' })).toThrow(
      'sample/mods.d/sample.conf entry DataPath: "./modules/../../../etc/" points outside the module: not read',
    );
    expect(read({ driver: 'zText', text: plainText }, [])).toThrow('reading a SWORD module needs the KJV verse grid');
    const shortGrid = GRID.map((chapters, i) => (i === 0 ? [1] : chapters));
    expect(read({ driver: 'RawText', text: plainText }, shortGrid)).toThrow(
      'ot: the index has 158 entries where the KJV grid needs 157',
    );
    expect(read({ driver: 'zText', text: plainText, claimedBlockSize: 2 ** 31 })).toThrow(
      /block 0: 2147483648 bytes .* is not read/,
    );
    // A block that inflates to more than its index says is cut at that size, so an entry points past it.
    expect(read({ driver: 'zText', text: plainText, claimedBlockSize: 3 })).toThrow(
      'sample/modules/texts/sample/ot.bzv entry 4: points past its block',
    );
  });
});
