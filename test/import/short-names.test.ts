// Book names a file carries that are short: a name of one letter never cites its book, and one of two
// letters ("Ps", or "Im", a German word) cites it only with a chapter number after it, so the ordinary
// words of a text are never read as citations. Checked against the same folder without the import.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TypedBible } from '../../engine/core/engine.ts';
import { copyPacksFromArgs } from '../../engine/node/copy-packs.ts';
import { importTranslation } from '../../engine/node/import-command.ts';
import { openNode } from '../../engine/node/loader.ts';

/** Books with short names in every place a file gives one (\toc1, \toc2, \toc3, \h). */
const BOOKS = [
  { code: 'JUD', names: { toc1: 'Im', toc2: 'An', toc3: 'I', h: 'Er' } },
  { code: 'OBA', names: { toc1: 'Wo', toc2: 'Zu', toc3: 'A', h: 'Ü' } },
  { code: 'HAB', names: { toc1: 'Dort', toc2: 'So', toc3: 'O', h: '出' } },
  { code: 'NAM', names: { toc1: 'Na ja', toc2: 'Y', toc3: 'Ab', h: 'Au' } },
];
const ONE_LETTER = ['I', 'A', 'O', 'Ü', '出', 'Y'];
const TWO_LETTERS = ['Im', 'An', 'Er', 'Wo', 'Zu', 'So', 'Ab', 'Au'];
/** Everyday words; the first ones name no book, the last are the longer names the file gives. */
const WORDS = ['und', 'der', 'Tag', 'Wort', 'ging', 'the', 'day', 'Jahr'];
const LONGER_NAMES = ['Dort', 'Na', 'ja'];
const GAPS = [' ', ' ', ', ', '. ', '; ', ': ', '\n', ' - ', ' (', ') '];

let root: string;
let imported: TypedBible;
let plain: TypedBible;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'bible-short-names-'));
  const source = join(root, 'source');
  mkdirSync(source);
  for (const { code, names } of BOOKS)
    writeFileSync(
      join(source, `${code}.usfm`),
      `\\id ${code}\n\\h ${names.h}\n\\toc1 ${names.toc1}\n\\toc2 ${names.toc2}\n\\toc3 ${names.toc3}\n\\c 1\n\\p\n\\v 1 Text.\n\\v 2 Mehr.\n`,
    );
  for (const name of ['with', 'without']) {
    mkdirSync(join(root, name));
    copyPacksFromArgs(['--to', join(root, name), '--versions', 'kjv'], () => {});
  }
  importTranslation({ source, id: 'short', data: join(root, 'with'), license: 'test' });
  imported = await openNode({ dataDir: join(root, 'with') });
  plain = await openNode({ dataDir: join(root, 'without') });
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const citations = (bible: TypedBible, text: string) => bible.call('GetCitationsInText', { text });
const cased = (names: string[]) => names.flatMap((n) => [n, n.toLowerCase(), n.toUpperCase()]);
const textOf = (tokens: fc.Arbitrary<string>) =>
  fc
    .array(fc.tuple(tokens, fc.constantFrom(...GAPS)), { minLength: 1, maxLength: 12 })
    .map((parts) => parts.flat().join(''));

describe('short book names a file carries', () => {
  it('two-letter names cite their book with a chapter number after them', async () => {
    expect(await citations(imported, 'Er 1:2')).toEqual([expect.objectContaining({ bookName: 'Er', bookId: '65' })]);
    expect(await citations(imported, 'wie in Zu 1:1 steht')).toEqual([expect.objectContaining({ bookId: '31' })]);
  });

  it('words alone, the short names among them, cite nothing the folder without the import does not', async () => {
    const tokens = fc.constantFrom(...cased([...ONE_LETTER, ...TWO_LETTERS]), ...WORDS, ...LONGER_NAMES);
    await fc.assert(
      fc.asyncProperty(textOf(tokens), async (text) => {
        expect(await citations(imported, text)).toEqual(await citations(plain, text));
      }),
      { numRuns: 150 },
    );
  });

  it('a two-letter name is not read across a space: "A Ü 1:1" is not the name "Au"', async () => {
    expect(await citations(imported, 'A Ü 1:1')).toEqual(await citations(plain, 'A Ü 1:1'));
    expect(await citations(imported, 'Au 1:1')).toEqual([expect.objectContaining({ bookId: '34' })]);
  });

  it('a one-letter name cites nothing, even with numbers after it', async () => {
    const numbers = ['1', '1:1', '1:2', '3', '1:1-2', '2 3'];
    const tokens = fc.constantFrom(...cased(ONE_LETTER), ...WORDS, ...numbers);
    await fc.assert(
      fc.asyncProperty(textOf(tokens), async (text) => {
        expect(await citations(imported, text)).toEqual(await citations(plain, text));
      }),
      { numRuns: 150 },
    );
  });
});
