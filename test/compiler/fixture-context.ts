// A BuildContext over tiny fixture files for builder unit tests: the files go into a temporary corpus
// root where the catalog says each dataset lies, so builders find them through ctx.source as in a build.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { strToU8, zipSync, zlibSync } from 'fflate';
import { sourcePath } from '../../compiler/build.ts';
import { BOOKS } from '../../sources/books.ts';
import { composeVerseId } from '../../engine/core/ids.ts';
import { decodeWords, readDictionary, type WordCodeLayout } from '../../engine/core/pack/word-coding.ts';
import type { ChapterVerseTable, TranslationText } from '../../compiler/adapters/types.ts';
import type { BuildContext, BuiltPackRecord } from '../../compiler/builders/context.ts';

export interface FixtureOptions {
  /** file text by dataset id (a dataset that is one file) or `${datasetId}/${file}` (a file in a folder) */
  files?: Record<string, string | Uint8Array>;
  /** verse counts per chapter for the books the fixture uses, by book number; other books have no chapters */
  chapters?: Record<number, number[]>;
  /** what ctx.translation returns, by catalog id; asking for any other translation fails the test */
  translations?: Record<string, TranslationText>;
  /** catalog ids the build leaves out */
  excluded?: string[];
  excludedCategories?: string[];
  builtPacks?: BuiltPackRecord[];
}

export interface FixtureContext {
  ctx: BuildContext;
  /** the fixture corpus root */
  root: string;
  /** what the builder logged */
  logs: string[];
  /** translation ids in the order the builder asked for them */
  translationsRead: string[];
}

const roots: string[] = [];

/** The KJV table a fixture declares: 66 books, empty except the ones given. */
export function chapterTable(chapters: Record<number, number[]>): ChapterVerseTable {
  return Array.from({ length: 66 }, (_, b) => [...(chapters[b + 1] ?? [])]);
}

export function fixtureContext(options: FixtureOptions = {}): FixtureContext {
  const root = mkdtempSync(join(tmpdir(), 'builder-fixture-'));
  roots.push(root);
  for (const [key, content] of Object.entries(options.files ?? {})) {
    // Dataset ids hold no '/', so the first one separates the id from the file inside the dataset.
    const slash = key.indexOf('/');
    const path = slash < 0 ? sourcePath(root, key) : sourcePath(root, key.slice(0, slash), key.slice(slash + 1));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
  const logs: string[] = [];
  const translationsRead: string[] = [];
  const excluded = new Set(options.excluded ?? []);
  const ctx: BuildContext = {
    source: (datasetId, file) => sourcePath(root, datasetId, file),
    kjvChapterVerses: chapterTable(options.chapters ?? {}),
    translation(entry) {
      translationsRead.push(entry.id);
      const text = options.translations?.[entry.id];
      if (!text) throw new Error(`the fixture has no translation ${entry.id}`);
      return text;
    },
    log: (message) => logs.push(message),
    excluded: (id) => excluded.has(id),
    excludedCategories: options.excludedCategories ?? [],
    builtPacks: () => options.builtPacks ?? [],
  };
  return { ctx, root, logs, translationsRead };
}

/** Removes every fixture root made so far: call it from afterAll in each test file. */
export function removeFixtures(): void {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
}

/**
 * A SWORD zText module zip over a fixture's KJV table: per testament one zlib block holding the module
 * and testament headers, then per book an intro entry and per chapter an intro entry and its verses.
 * `raw` gives a verse's raw entry by verse id and `intros` a book's intro entry by book number; other
 * entries are empty.
 */
export function swordZip(
  table: ChapterVerseTable,
  raw: Record<number, string>,
  conf = '[KJV]\nSourceType=OSIS\nEncoding=UTF-8\n',
  intros: Record<number, string> = {},
): Uint8Array {
  const files: Record<string, Uint8Array> = { 'mods.d/kjv.conf': strToU8(conf) };
  for (const testament of ['ot', 'nt'] as const) {
    const entries = ['', ''];
    for (const book of BOOKS.filter((b) => b.testament === testament.toUpperCase())) {
      entries.push(intros[book.number] ?? '');
      table[book.number - 1].forEach((count, c) => {
        entries.push('');
        for (let v = 1; v <= count; v++) entries.push(raw[composeVerseId(book.number, c + 1, v)] ?? '');
      });
    }
    const bytes = entries.map((e) => strToU8(e));
    const block = new Uint8Array(bytes.reduce((n, b) => n + b.length, 0));
    const bzv = new DataView(new ArrayBuffer(bytes.length * 10));
    let at = 0;
    bytes.forEach((b, i) => {
      block.set(b, at);
      bzv.setUint32(i * 10, 0, true);
      bzv.setUint32(i * 10 + 4, at, true);
      bzv.setUint16(i * 10 + 8, b.length, true);
      at += b.length;
    });
    const bzz = zlibSync(block);
    const bzs = new DataView(new ArrayBuffer(12));
    bzs.setUint32(0, 0, true);
    bzs.setUint32(4, bzz.length, true);
    bzs.setUint32(8, block.length, true);
    const dir = 'modules/texts/ztext/kjv';
    files[`${dir}/${testament}.bzs`] = new Uint8Array(bzs.buffer);
    files[`${dir}/${testament}.bzv`] = new Uint8Array(bzv.buffer);
    files[`${dir}/${testament}.bzz`] = bzz;
  }
  return zipSync(files);
}

/** A built pack's word-coded text (the schemas' WORD_CODED_TEXT sections), each block decoded as the
 *  engine decodes it. */
export function decodedBlocks(sections: Record<string, { data: unknown }>): string[] {
  const dictionary = readDictionary({
    dictionary: sections.dictionary.data as Uint8Array,
    sharedPrefixes: sections.sharedPrefixes.data as Uint8Array,
    suffixLengths: sections.suffixLengths.data as Uint8Array,
    separators: sections.separators.data as number[],
    wordCoding: sections.wordCoding.data as WordCodeLayout,
  });
  return (sections.text.data as Uint8Array[]).map((codes) => new TextDecoder().decode(decodeWords(codes, dictionary)));
}
