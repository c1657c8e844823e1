// STEPBible Arabic SVD adapter: the Smith & Van Dyck text exists in the corpus only as word-alignment
// tables (one row per source word), so each verse is rebuilt from the Arabic cells of its rows.
// File layout, counts and defects: corpus provenance, provenance/bibles.md, section "svd".
//
// A file is a free-text header followed by one block per verse:
//   Mat.1.1
//   ========>>>
//   Ara W#<TAB>Arabic<TAB>Strongs<TAB>Greek ...          (column header)
//   #01<TAB>كِتَابُ<TAB>G0976<TAB>...                     (rows, 9 tab-separated fields)
//   <<<========
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { bookByStep } from '../../sources/books.ts';
import type { AdapterContext, TranslationText, VerseRecord } from './types.ts';

type Incomplete = NonNullable<TranslationText['incomplete']>[number];

/** Every verse block of the 66 files; 4 chapters differ from KJV but the total happens to be the same. */
const EXPECTED_BLOCKS = 31102;
const FIELDS = 9;
const BLOCK_START = '========>>>';
const BLOCK_END = '<<<========';
const REFERENCE = /^([1-3A-Z][A-Za-z0-9]{2})\.(\d+)\.(\d+)$/;
// "#07", or "#07 - #09" when one row holds several Arabic words.
const WORD_NUMBERS = /^#(\d+)(?: - #(\d+))?$/;

interface Block {
  book: number;
  chapter: number;
  verse: number;
  /** rows with an Arabic word number, in file order */
  words: { first: number; last: number; arabic: string }[];
}

export function readStepArabic(ctx: AdapterContext): TranslationText {
  const files = readdirSync(ctx.path)
    .filter((f) => /^(?:OT|NT)_\d\d_\w+\.txt$/.test(f))
    .sort();
  if (files.length !== 66) throw new Error(`${ctx.path}: expected 66 SVD book files, found ${files.length}`);

  const verses: VerseRecord[] = [];
  const incomplete: Incomplete[] = [];
  const seen = new Set<string>();
  let blocks = 0;
  for (const file of files) {
    const fileBook = bookByStep.get(file.slice('OT_01_'.length, -'.txt'.length));
    for (const block of readBlocks(readFileSync(join(ctx.path, file), 'utf8'), file)) {
      blocks++;
      if (block.book !== fileBook?.number) throw new Error(`${file}: holds a verse of book ${block.book}`);
      const key = `${block.book}.${block.chapter}.${block.verse}`;
      if (seen.has(key)) throw new Error(`${file}: verse ${key} appears twice`);
      seen.add(key);

      const words = [...block.words].sort((a, b) => a.first - b.first);
      const text = words
        .map((w) => w.arabic)
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim();
      const { book, chapter, verse } = block;
      if (text) verses.push({ book, chapter, verse, text });
      const missing = missingWordNumbers(words, `${file} ${key}`);
      if (missing.length > 0) incomplete.push({ book, chapter, verse, reason: missingReason(missing) });
    }
  }
  if (blocks !== EXPECTED_BLOCKS)
    throw new Error(`${ctx.path}: read ${blocks} verse blocks, expected ${EXPECTED_BLOCKS}`);

  const canonical = (a: { book: number; chapter: number; verse: number }, b: typeof a) =>
    a.book - b.book || a.chapter - b.chapter || a.verse - b.verse;
  return { verses: verses.sort(canonical), incomplete: incomplete.sort(canonical) };
}

/** Reads every verse block of one file; throws on anything that does not fit the block layout. */
function readBlocks(source: string, file: string): Block[] {
  const lines = source.split(/\r?\n/);
  // The free-text header has no fixed length; the first block starts one line above the first marker.
  const firstStart = lines.indexOf(BLOCK_START);
  if (firstStart < 1) throw new Error(`${file}: no verse block found`);

  const blocks: Block[] = [];
  let i = firstStart - 1;
  const fail = (expected: string): never => {
    throw new Error(
      `${file} line ${i + 1}: malformed verse block, expected ${expected}, found "${lines[i]?.slice(0, 60)}"`,
    );
  };
  while (i < lines.length) {
    if (lines[i].trim() === '') {
      i++;
      continue;
    } // blank lines between blocks and at the end
    const ref = REFERENCE.exec(lines[i]) ?? fail('a reference such as "Mat.1.1"');
    const book = bookByStep.get(ref[1]) ?? fail(`a STEP book code, not "${ref[1]}"`);
    const block: Block = { book: book.number, chapter: Number(ref[2]), verse: Number(ref[3]), words: [] };
    i++;
    if (lines[i] !== BLOCK_START) fail(BLOCK_START);
    i++;
    if (!lines[i]?.startsWith('Ara W#\tArabic\t')) fail('the column header "Ara W#  Arabic ..."');
    for (i++; lines[i] !== BLOCK_END; i++) {
      if (i >= lines.length) fail(BLOCK_END);
      const word =
        readRow(lines[i]) ?? fail(`a row of ${FIELDS} tab-separated fields with a word number "#NN" or "#NN - #MM"`);
      if (word !== 'untranslated') block.words.push(word);
    }
    i++;
    blocks.push(block);
  }
  return blocks;
}

/** One table row: its Arabic word(s), 'untranslated' for a source word with no Arabic, undefined if malformed. */
function readRow(line: string): Block['words'][number] | 'untranslated' | undefined {
  // Only the first two fields are read, so the row is not split: its tabs are counted instead.
  let tabs = 0;
  for (let at = line.indexOf('\t'); at >= 0; at = line.indexOf('\t', at + 1)) tabs++;
  // 872 OT rows lose their trailing tab (empty last field).
  if (tabs !== FIELDS - 1 && tabs !== FIELDS - 2) return undefined;
  const firstTab = line.indexOf('\t');
  const secondTab = line.indexOf('\t', firstTab + 1);
  const wordNumber = line.slice(0, firstTab);
  if (wordNumber === '') return 'untranslated';
  const numbers = WORD_NUMBERS.exec(wordNumber);
  const arabic = line.slice(firstTab + 1, secondTab).trim();
  if (!numbers || !arabic) return undefined;
  const first = Number(numbers[1]);
  const last = numbers[2] ? Number(numbers[2]) : first;
  return last >= first ? { first, last, arabic } : undefined;
}

/**
 * Arabic word numbers that no row covers. The source left some Arabic words untagged and so dropped
 * them (e.g. Matt 9:17 has no #16); there is no other SVD text in the corpus to restore them from.
 * A word missing at the very end of a verse leaves no gap and cannot be detected.
 */
function missingWordNumbers(sortedWords: Block['words'], where: string): number[] {
  const missing: number[] = [];
  let next = 1;
  for (const word of sortedWords) {
    if (word.first < next) throw new Error(`${where}: Arabic word #${word.first} is covered twice`);
    for (let n = next; n < word.first; n++) missing.push(n);
    next = word.last + 1;
  }
  return missing;
}

function missingReason(missing: number[]): string {
  const numbers = missing.map((n) => `#${n}`).join(', ');
  return `Arabic word${missing.length > 1 ? 's' : ''} ${numbers} missing in source`;
}
