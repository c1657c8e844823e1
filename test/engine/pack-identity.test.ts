// Every pack declares what it is (its name, its schema's kind, the datasets it holds) in its own bytes,
// and the engine refuses a file that holds another pack: a folder where one pack's file has another's
// bytes (a bad copy, a stale cache, files renamed) is answered NOT_AVAILABLE naming the pack asked for,
// never with the other pack's answers or a TypeError from reading it with the wrong schema.
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Params } from '../../engine/core/engine.ts';
import { BibleError } from '../../engine/core/errors.ts';
import { PACK_SCHEMAS, schemaOfPack } from '../../engine/core/pack/schemas.ts';
import { DEFAULT_DATA_DIR, openNode } from '../../engine/node/loader.ts';
import { readLocalPack } from '../helpers.ts';
import { readPack } from '../read-pack.ts';

const folder = mkdtempSync(join(tmpdir(), 'pack-identity-'));
for (const file of readdirSync(DEFAULT_DATA_DIR)) copyFileSync(join(DEFAULT_DATA_DIR, file), join(folder, file));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const packNames = readdirSync(DEFAULT_DATA_DIR)
  .filter((file) => file.endsWith('.pack'))
  .map((file) => file.slice(0, -'.pack'.length))
  .sort();
/** Packs no operation reads (the importer reads the versification pack), so no call can show a swap. */
const IMPORT_ONLY = ['versification'];
const servedPacks = packNames.filter((name) => !IMPORT_ONLY.includes(name));
const fileOf = (name: string) => readFileSync(join(DEFAULT_DATA_DIR, `${name}.pack`));

/** A call that needs each pack, and that answers from the built packs. */
const CALLS: Record<string, [string, Params]> = {
  'original-ot': ['GetOriginalText', { verseId: 1001001 }],
  'original-nt': ['GetOriginalText', { verseId: 43003016 }],
  lexicon: ['GetStrongs', { id: 'G26' }],
  'unicode-tables': ['GetGreekCharactersAndUnicode', {}],
  'strongs-index': ['GetSearchStrongs', { strongsId: 'G26', versionId: 'kjv' }],
  xrefs: ['GetCrossReferences', { verseId: 43003016 }],
  'commentary-gill': ['GetCommentary', { verseId: 43003016 }],
  'dictionary-eastons': ['GetDefinitionBiblical', { query: 'Aaron', dictionaryId: 'eastons' }],
  'dictionary-smiths': ['GetDefinitionBiblical', { query: 'Aaron', dictionaryId: 'smiths' }],
  relations: ['GetSemanticRelations', { word: 'love' }],
  study: ['GetGenres', {}],
  plans: ['GetReadingTimeByAge', { requestedAge: 30, wordCount: 650 }],
  licensing: ['GetInfo', {}],
  extrabiblical: ['GetBooksExtraBiblical', {}],
  topics: ['GetTopics', {}],
  'book-facts': ['GetBookInfo', { bookId: 43 }],
  headings: ['GetPassage', { reference: 'John 3:16', versionId: 'kjv', format: 'structured' }],
};
const callFor = (name: string): [string, Params] =>
  CALLS[name] ??
  (name.startsWith('structure-')
    ? ['GetPassage', { reference: 'John 3:16', versionId: name.slice('structure-'.length), format: 'structured' }]
    : ['GetVerse', { verseId: 43003016, versionId: name.slice('text-'.length) }]);

/** What the folder's engine answers, or the error it throws, with `swapped`'s file holding `holds`'s bytes. */
async function withSwap<T>(swapped: string, holds: string, run: () => Promise<T>): Promise<T> {
  writeFileSync(join(folder, `${swapped}.pack`), fileOf(holds));
  try {
    return await run();
  } finally {
    copyFileSync(join(DEFAULT_DATA_DIR, `${swapped}.pack`), join(folder, `${swapped}.pack`));
  }
}

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  try {
    return { answered: JSON.stringify(await promise).slice(0, 120) };
  } catch (error) {
    return error;
  }
}

/** The refusal of a pack whose file holds another: NOT_AVAILABLE, naming both. */
function expectMisplaced(error: unknown, name: string, holds: string) {
  expect(error, `${name} holding ${holds}`).toBeInstanceOf(BibleError);
  const { code, message } = error as BibleError;
  expect(code, message).toBe('NOT_AVAILABLE');
  expect(message).toContain(`pack '${name}' cannot be used`);
  expect(message).toContain(`holds pack '${holds}'`);
}

/** Swaps `name`'s file for `holds`'s, and checks the call that needs it is refused, by a fresh engine and by
 *  one that had the good pack loaded and let it go; then that the good file, put back, is read again. */
async function expectSwapRefused(name: string, holds: string) {
  const [operation, params] = callFor(name);
  if (name === 'meta') {
    const error = await withSwap(name, holds, () => refusal(openNode({ dataDir: folder })));
    expectMisplaced(error, name, holds);
    return;
  }
  const bible = await openNode({ dataDir: folder });
  const error = await withSwap(name, holds, () => refusal(bible.call(operation, params)));
  expectMisplaced(error, name, holds);
  // Let go: the good file, back in place, answers the same engine.
  const good = await bible.call(operation, params);
  expect(good).toEqual(await (await openNode()).call(operation, params));
}

describe('each pack declares itself', () => {
  it('every built pack declares its own name, its schema and the datasets the manifest lists', () => {
    const manifest = JSON.parse(readFileSync(join(DEFAULT_DATA_DIR, 'manifest.json'), 'utf8')) as {
      packs: { name: string; datasets: string[] }[];
    };
    expect(manifest.packs.map((p) => p.name).sort()).toEqual(packNames);
    for (const { name, datasets } of manifest.packs) {
      const { declaration } = readLocalPack(name);
      expect(declaration).toEqual({ name, schema: schemaOfPack(name)?.kind, datasets });
    }
  });

  it('every schema names its packs so that the name leads back to it', () => {
    for (const name of packNames) expect(schemaOfPack(name), name).toBeDefined();
    for (const schema of PACK_SCHEMAS) {
      const name = typeof schema.name === 'string' ? schema.name : schema.name('x1');
      expect(schemaOfPack(name)).toBe(schema);
    }
    expect(schemaOfPack('text-')).toBeUndefined();
    expect(schemaOfPack('nothing')).toBeUndefined();
  });

  it('readPack refuses a file that declares another name, naming the pack and what it holds', () => {
    let thrown: unknown;
    try {
      readPack('original-ot', fileOf('original-nt'));
    } catch (error) {
      thrown = error;
    }
    expectMisplaced(thrown, 'original-ot', 'original-nt');
    expect((thrown as BibleError).message).toContain('(original, from tagnt-tr-kjv');
  });
});

describe('a folder where a pack file holds another pack', () => {
  const pairs: [string, string][] = [
    ['original-ot', 'original-nt'],
    ['original-nt', 'original-ot'],
    ['dictionary-eastons', 'dictionary-smiths'],
    ['dictionary-smiths', 'dictionary-eastons'],
    ['lexicon', 'strongs-index'],
    ['lexicon', 'text-kjv'],
    ['text-kjv', 'commentary-gill'],
    ['text-web', 'commentary-gill'],
    ['text-kjv', 'text-kjv1611'],
    ['commentary-gill', 'dictionary-smiths'],
    ['xrefs', 'relations'],
    ['meta', 'licensing'],
    ['study', 'topics'],
    ['unicode-tables', 'plans'],
  ];
  for (const [name, holds] of pairs)
    it(`${name} holding ${holds}: NOT_AVAILABLE naming ${name}, and the good file is read once back`, () =>
      expectSwapRefused(name, holds));

  it('every pack replaced by one of its own kind and by one of another kind is refused', async () => {
    for (const name of servedPacks) {
      const kind = schemaOfPack(name)?.kind;
      const sameKind = packNames.find((other) => other !== name && schemaOfPack(other)?.kind === kind);
      const otherKind = packNames.find((other) => schemaOfPack(other)?.kind !== kind && other.length !== name.length);
      for (const holds of [sameKind, otherKind]) if (holds) await expectSwapRefused(name, holds);
    }
  });

  it('any pack holding any other is refused by name (random pairs)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .tuple(fc.constantFrom(...servedPacks), fc.constantFrom(...packNames))
          .filter(([name, holds]) => name !== holds),
        async ([name, holds]) => expectSwapRefused(name, holds),
      ),
      { numRuns: 25 },
    );
  });
});
