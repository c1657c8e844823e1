// Compares every answer that reads the commentary, dictionary, cross-reference, lexicon, original-text,
// topic and study packs between two engines: this checkout's (dist/data) and another checkout's (its own
// engine and packs, e.g. the main branch before a pack format change). Run by hand:
//   npx tsx test/reliability/compare-main.ts /path/to/other/checkout
// It prints each differing answer (at most 20 per operation) and exits 1 when any differ.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';

const other = resolve(process.argv[2] ?? '../main');
const here = resolve(import.meta.dirname, '../..');

type Engine = { call(name: string, params: Record<string, string>): Promise<unknown> };
const open = async (root: string): Promise<Engine> => {
  const { openNode } = await import(join(root, 'engine/node/loader.ts'));
  return openNode({ dataDir: join(root, 'dist/data') });
};
const [oldEngine, newEngine] = await Promise.all([open(other), open(here)]);
const { readPack } = await import(join(other, 'engine/core/pack/reader.ts'));
const { nativeInflate } = await import(join(here, 'engine/node/loader.ts'));

const answer = async (engine: Engine, name: string, params: Record<string, string>) => {
  try {
    return { ok: await engine.call(name, params) };
  } catch (error) {
    const e = error as { code?: string; message?: string; param?: string };
    return { error: { code: e.code, message: e.message, param: e.param } };
  }
};

const differences = new Map<string, number>();
let calls = 0;
async function compare(name: string, params: Record<string, string>) {
  calls++;
  const [a, b] = await Promise.all([answer(oldEngine, name, params), answer(newEngine, name, params)]);
  if (isDeepStrictEqual(a, b)) return;
  const n = (differences.get(name) ?? 0) + 1;
  differences.set(name, n);
  if (n <= 20)
    console.log(
      name,
      JSON.stringify(params),
      '\n  old:',
      JSON.stringify(a).slice(0, 300),
      '\n  new:',
      JSON.stringify(b).slice(0, 300),
    );
}

// Every KJV verse id, from the old engine.
const verseIds: string[] = [];
const books = (await oldEngine.call('GetBooks', {})) as { bookId?: string; id?: string }[];
for (const [i] of books.entries()) {
  const book = i + 1;
  const cc = await oldEngine.call('GetChapterCount', { bookId: String(book) });
  const chapterCount = Number(JSON.stringify(cc).match(/\d+/g)!.at(-1));
  for (let c = 1; c <= chapterCount; c++) {
    const vc = await oldEngine.call('GetVerseCount', { bookId: String(book), chapterId: String(c) });
    const verseCount = Number(JSON.stringify(vc).match(/\d+/g)!.at(-1));
    for (let v = 1; v <= verseCount; v++)
      verseIds.push(`${String(book).padStart(2, '0')}${String(c).padStart(3, '0')}${String(v).padStart(3, '0')}`);
  }
}
console.log(`${verseIds.length} verses`);

for (const verseId of verseIds) {
  await compare('GetCommentary', { verseId });
  await compare('GetCrossReferences', { verseId });
  await compare('GetOriginalText', { verseId });
}
// Odd verse forms and ids the packs do not hold.
for (const verseId of [
  '1001001',
  '01001000',
  '19001001',
  '22001001',
  '66022021',
  '66022022',
  '67001001',
  '40001001',
  '00000000',
])
  for (const name of ['GetCommentary', 'GetCrossReferences', 'GetOriginalText']) await compare(name, { verseId });

for (const id of ['eastons', 'smiths']) {
  const pack = readPack(
    `dictionary-${id}`,
    new Uint8Array(readFileSync(join(other, `dist/data/dictionary-${id}.pack`))),
    nativeInflate,
  );
  const terms = pack.json('terms') as string[];
  const keys = Object.keys(pack.json('keys') as object);
  const queries = new Set<string>();
  for (const t of [...terms, ...keys]) {
    queries.add(t);
    queries.add(t.toUpperCase());
    queries.add(t.toLowerCase());
    queries.add(` ${t}  `);
    queries.add(t.normalize('NFD'));
    queries.add(t.replace(/'/g, '’'));
  }
  for (const q of ['', 'é', "Aaron's", 'AARON', 'zzz', '\u0000', '😀', 'a'.repeat(200), 'Abel-beth-maachah', 'Çalah'])
    queries.add(q);
  for (const query of queries)
    if (query.length <= 200) await compare('GetDefinitionBiblical', { query, dictionaryId: id });
  console.log(`${id}: ${queries.size} queries`);
}

for (const lexiconId of ['H', 'G']) {
  for (let n = 0; n <= 9000; n++) {
    await compare('GetStrongs', { lexiconId, id: String(n) });
    if (n % 97 === 0) {
      await compare('GetStrongs', { id: `${lexiconId}${n}` });
      await compare('GetStrongs', { id: `${lexiconId}${String(n).padStart(4, '0')}` });
      await compare('GetSearchStrongs', { strongsId: `${lexiconId}${n}` });
    }
  }
}

const topics = JSON.stringify(await oldEngine.call('GetTopics', {}));
const topicNames = [...new Set([...topics.matchAll(/"([^"]+)"/g)].map((m) => m[1]))];
for (const topic of topicNames.slice(0, 3000)) {
  await compare('GetTopic', { topic });
  await compare('GetTopicVerseCount', { topic });
}
console.log(`${topicNames.length} topic strings`);

for (const name of [
  'GetTopics',
  'GetParables',
  'GetStories',
  'GetPropheciesFulfilledInJesus',
  'GetPropheciesFulfilledInJesusList',
  'GetWordsOfJesus',
  'GetGenres',
  'GetGreekCharactersAndUnicode',
  'GetHebrewCharactersAndUnicodePoints',
])
  await compare(name, {});
for (let book = 1; book <= 67; book++) await compare('GetBookInfo', { bookId: String(book) });
for (const word of ['faith', 'Love', 'GRACE', "lord's", 'run', 'xyzzy', '', 'é', 'shepherd', 'Jesus'])
  await compare('GetSemanticRelations', { word });

console.log(`${calls} calls compared;`, differences.size ? Object.fromEntries(differences) : 'no differences');
process.exit(differences.size ? 1 : 0);
