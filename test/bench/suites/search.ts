// Search figures on KJV against their targets, side by side with peers doing the same work in the
// same run: SQLite FTS5 through better-sqlite3 (in-process, in-memory) and raw FlexSearch (its default
// options), plus SWORD's diatheke when it is installed. Also: the first search in a fresh engine (the text
// pack read and the word index made from it) against importing FlexSearch's own default export, what
// FlexSearch would ship beside each text, and memory with all ten word indexes made (fresh process).
//
// Run as a script (`tsx search.ts memory-child`) it is the child process of the memory figure.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { Encoder, Index } from 'flexsearch';
import { normalizeText } from '../../../engine/core/match.ts';
import { readPack } from '../../../engine/core/pack/reader.ts';
import { withSchema } from '../../../engine/core/pack/schema.ts';
import { TEXT_PACK } from '../../../engine/core/pack/schemas.ts';
import type { PostingIndex } from '../../../engine/core/search/postings.ts';
import { NormalizedVerses } from '../../../engine/core/search/searcher.ts';
import { indexTranslation } from '../../../engine/core/search/text-index.ts';
import { loadTranslation, type TranslationData } from '../../../engine/core/translation.ts';
import { DEFAULT_DATA_DIR, nativeInflate, openNode } from '../../../engine/node/loader.ts';
import { formatNs, type Harness } from '../harness.ts';
import { loadSqlite, timeCommand, withDiathekeKjv, type SqliteDb, type Statement } from '../peers.ts';

const GROUP = 'search';
const kb = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;
const packBytes = (name: string) => readFileSync(join(DEFAULT_DATA_DIR, `${name}.pack`));

const textPack = (versionId: string) =>
  withSchema(
    readPack(TEXT_PACK.name(versionId), new Uint8Array(packBytes(TEXT_PACK.name(versionId))), nativeInflate),
    TEXT_PACK,
  );

function verseTexts(versionId: string, versification: Parameters<typeof loadTranslation>[1]): TranslationData {
  return loadTranslation(textPack(versionId), versification);
}

/** A FlexSearch Index holding a posting index's keys and lists, as the engine held them before. */
function sameListsInFlexSearch(index: PostingIndex): Index {
  const encoder = new Encoder({
    normalize: normalizeText,
    split: ' ',
    numeric: false,
    dedupe: false,
    cache: false,
    minlength: 1,
    maxlength: 1 << 20,
  });
  const flex = new Index({ tokenize: 'strict', resolution: 1, fastupdate: false, encoder });
  flex.import('1.map', index.terms.map((key, k) => [key, [index.list(k)]]) as unknown as string);
  return flex;
}

export default async function search(h: Harness): Promise<void> {
  const bible = await openNode({ preload: ['text-kjv'] });
  const kjv = verseTexts('kjv', bible.meta.versification);
  const texts = Array.from({ length: kjv.size }, (_, i) => kjv.textAt(i));
  const call = (name: string, params: Record<string, string>) => bible.callSync(name, params) as unknown[];
  const count = (query: string) => (bible.callSync('GetSearchCount', { query }) as { searchCount: number }).searchCount;
  // warm up: make the word index and normalise the verses the queries touch
  for (const q of ['love', 'kingdom of heaven']) call('GetSearch', { query: q });
  call('GetSearchAdvanced', { query: 'ingdom of hea', matchType: 'broad' });
  call('GetSearchAdvanced', { query: 'eth', matchType: 'broad' });

  // ---- peers ----
  const flex = new Index();
  texts.forEach((t, i) => {
    flex.add(i, t);
  });
  const flexAll = (q: string) => flex.search(q, { limit: kjv.size }) as number[];

  const sqlite = loadSqlite();
  let fts: { count: Statement; rows: Statement; like: Statement; db: SqliteDb } | null = null;
  if ('Database' in sqlite) {
    const db = new sqlite.Database(':memory:');
    db.exec(`CREATE VIRTUAL TABLE verses USING fts5(t, tokenize = "unicode61 remove_diacritics 2");
             CREATE VIRTUAL TABLE trigrams USING fts5(t, tokenize = "trigram remove_diacritics 1");`);
    const insert = db.prepare('INSERT INTO verses(rowid, t) VALUES (?, ?)');
    const insertTri = db.prepare('INSERT INTO trigrams(rowid, t) VALUES (?, ?)');
    db.transaction(() => {
      texts.forEach((t, i) => {
        insert.run(kjv.ids[i], t);
        insertTri.run(kjv.ids[i], t);
      });
    })();
    fts = {
      db,
      count: db.prepare('SELECT count(*) AS n FROM verses WHERE verses MATCH ?'),
      rows: db.prepare('SELECT rowid AS id, t FROM verses WHERE verses MATCH ? ORDER BY rowid'),
      like: db.prepare('SELECT rowid AS id, t FROM trigrams WHERE t LIKE ? ORDER BY rowid'),
    };
  } else {
    h.note(`search: SQLite FTS5 peer skipped: better-sqlite3 could not be loaded (${sqlite.why})`);
  }
  const ftsCount = (q: string) => (fts!.count.get(q) as { n: number }).n;

  // ---- the targets, each with its peers ----
  const add = (
    name: string,
    ours: number,
    target: string | undefined,
    targetNs: number | undefined,
    peers: { name: string; ns: number; note?: string }[],
  ) => {
    const [first, ...rest] = peers;
    h.add({
      group: GROUP,
      name,
      medianNs: ours,
      target,
      targetNs,
      peer: first && { name: first.name, medianNs: first.ns },
      note: first?.note,
    });
    for (const p of rest)
      h.add({
        group: GROUP,
        name: `${name} (same, other peer)`,
        medianNs: ours,
        peer: { name: p.name, medianNs: p.ns },
        note: p.note,
      });
  };

  // Counts: targets are ratios to FTS5's count(*) in the same run (at least 5x faster).
  const countRows = (word: string, hits: string) => {
    const ours = h.measure(() => count(word));
    const ftsNs = fts ? h.measure(() => ftsCount(word)) : undefined;
    add(
      `GetSearchCount "${word}" (${hits}) (callSync)`,
      ours,
      ftsNs === undefined ? undefined : '>= 5x faster than FTS5',
      ftsNs === undefined ? undefined : ftsNs / 5,
      [
        ...(ftsNs === undefined ? [] : [{ name: 'SQLite FTS5', ns: ftsNs, note: `count(*) MATCH '${word}'` }]),
        { name: 'raw FlexSearch', ns: h.measure(() => flexAll(word).length), note: 'default Index, search().length' },
      ],
    );
    return ours;
  };
  const countLove = countRows('love', '281');
  countRows('the', '24,123');

  // A random verse holding a word: one pick from its posting list, against the count of the same word.
  // With a seed the pick is the same verse each time, so its text block stays decoded and the row times
  // the choosing; without one, most picks land in a text block that has to be decoded first, as any
  // random verse does (the peer: GetRandomVerse over the whole Bible, no query).
  const randomSeeded = h.measure(() => bible.callSync('GetRandomVerse', { limitToQuery: 'love', seed: '7' }));
  add(
    'GetRandomVerse limitToQuery "love", word index made, one seed (callSync)',
    randomSeeded,
    '<= 2x the count',
    2 * countLove,
    [{ name: 'GetSearchCount "love"', ns: countLove, note: 'ours, same run' }],
  );
  add(
    'GetRandomVerse limitToQuery "love", word index made, unseeded (callSync)',
    h.measure(() => bible.callSync('GetRandomVerse', { limitToQuery: 'love' })),
    undefined,
    undefined,
    [
      {
        name: 'GetRandomVerse, no query',
        ns: h.measure(() => bible.callSync('GetRandomVerse', {})),
        note: 'a verse anywhere: mostly a text block to decode',
      },
    ],
  );

  // The exact word lookup itself: the posting index against a FlexSearch Index holding the very same
  // keys and lists (FlexSearch's own encoder replaced by the normaliser, split on spaces only).
  {
    const pack = textPack('kjv');
    const text = loadTranslation(pack, bible.meta.versification);
    const { postings: index } = indexTranslation(pack, text, new NormalizedVerses(text));
    const sameLists = sameListsInFlexSearch(index);
    let sink = 0;
    for (const word of ['love', 'the']) {
      const ns = h.measure(() => {
        const k = index.find(word);
        sink += k < 0 ? 0 : index.list(k).length;
      });
      h.add({
        group: GROUP,
        name: `exact word lookup "${word}": posting index (verses of one key)`,
        medianNs: ns,
        peer: {
          name: 'FlexSearch Index, same lists',
          medianNs: h.measure(() => {
            sink += (sameLists.search(word, { limit: index.size }) as unknown as ArrayLike<number>).length;
          }),
        },
        note: 'binary search of the sorted keys vs FlexSearch.search',
      });
    }
    // Each run from a fresh translation, so the normalised text is made again too, as on a first search.
    const make = h.measure(() => {
      const fresh = loadTranslation(pack, bible.meta.versification);
      sink += indexTranslation(pack, fresh, new NormalizedVerses(fresh)).size;
    }, 1500);
    const postings = index.rows.length;
    h.add({
      group: GROUP,
      name: 'make the KJV word index from its text pack (read off the word codes)',
      medianNs: make,
      peer: { name: 'FlexSearch import, same lists', medianNs: h.measure(() => sameListsInFlexSearch(index), 1500) },
      note: `${index.terms.length} keys, ${postings} postings`,
    });
    if (sink === 0) throw new Error('the word lookups found nothing');
  }

  const searchLove = h.measure(() => call('GetSearch', { query: 'love' }));
  add('GetSearch "love", all records (callSync)', searchLove, '<= 300 µs', 300_000, [
    ...(fts
      ? [{ name: 'SQLite FTS5', ns: h.measure(() => fts!.rows.all('love')), note: 'rowid, text ORDER BY rowid' }]
      : []),
    {
      name: 'raw FlexSearch',
      ns: h.measure(() => flexAll('love').map((i) => ({ id: kjv.ids[i], t: texts[i] }))),
      note: 'ids mapped to texts',
    },
  ]);

  const phrase = h.measure(() => call('GetSearch', { query: 'kingdom of heaven' }));
  add('GetSearch phrase "kingdom of heaven" (callSync)', phrase, '<= 500 µs', 500_000, [
    ...(fts
      ? [{ name: 'SQLite FTS5', ns: h.measure(() => fts!.rows.all('"kingdom of heaven"')), note: 'phrase query' }]
      : []),
    {
      name: 'raw FlexSearch',
      ns: h.measure(() => flexAll('kingdom of heaven').map((i) => ({ id: kjv.ids[i], t: texts[i] }))),
      note: 'all three words, not a phrase',
    },
  ]);

  const broad = h.measure(() => call('GetSearchAdvanced', { query: 'ingdom of hea', matchType: 'broad' }));
  add(
    'GetSearchAdvanced broad "ingdom of hea" (callSync)',
    broad,
    '<= 3 ms',
    3e6,
    fts
      ? [
          {
            name: 'SQLite FTS5 trigram',
            ns: h.measure(() => fts!.like.all('%ingdom of hea%')),
            note: 'LIKE on a trigram index',
          },
        ]
      : [],
  );
  const fragment = h.measure(() => call('GetSearchAdvanced', { query: 'eth', matchType: 'broad' }), 600);
  const ethVerses = call('GetSearchAdvanced', { query: 'eth', matchType: 'broad' }).length;
  add(
    'GetSearchAdvanced broad "eth" (callSync)',
    fragment,
    '<= 3 ms',
    3e6,
    fts
      ? [
          {
            name: 'SQLite FTS5 trigram',
            ns: h.measure(() => fts!.like.all('%eth%'), 600),
            note: `inside ~700 words; ${ethVerses} verses; LIKE`,
          },
        ]
      : [],
  );
  // A fragment inside most words: the index cannot narrow it down, so the whole normalised text is scanned.
  const scanned = h.measure(() => call('GetSearchAdvanced', { query: 'th', matchType: 'broad' }), 600);
  const thVerses = call('GetSearchAdvanced', { query: 'th', matchType: 'broad' }).length;
  add(
    'GetSearchAdvanced broad "th", whole-text scan (callSync)',
    scanned,
    undefined,
    undefined,
    fts
      ? [
          {
            name: 'SQLite FTS5 trigram',
            ns: h.measure(() => fts!.like.all('%th%'), 600),
            note: `${thVerses} verses; LIKE, 2 letters: no trigram to use`,
          },
        ]
      : [],
  );

  // SWORD's diatheke, when installed: it searches a module under SWORD_PATH; we give it the corpus's own
  // KJV module (the catalog's KJV.zip, the same text our KJV pack is built from), unpacked to a temp folder.
  const sword = withDiathekeKjv((diatheke, env) => {
    const args = ['-b', 'KJV', '-s', 'phrase', '-k', 'kingdom of heaven'];
    const out = execFileSync(diatheke, args, { encoding: 'utf8', env });
    const found = /(\d+) matches total/.exec(out);
    if (!found) throw new Error(`no result line in its output: ${JSON.stringify(out.slice(-120))}`);
    const ns = timeCommand(diatheke, args, 3, env);
    h.add({
      group: GROUP,
      name: 'GetSearch phrase "kingdom of heaven" (callSync)',
      medianNs: phrase,
      peer: { name: 'diatheke (SWORD)', medianNs: ns },
      note: `diatheke -s phrase, a process per search; it found ${found[1]} verses`,
    });
  });
  if (sword && typeof sword === 'object' && 'why' in sword)
    h.note(`search: SWORD's phrase search is not timed: ${sword.why}`);

  // Same answers? (semantics differ slightly: FTS5 and FlexSearch tokenise on their own rules)
  const ours = {
    love: count('love'),
    phrase: count('kingdom of heaven'),
    broad: call('GetSearchAdvanced', { query: 'ingdom of hea', matchType: 'broad' }).length,
  };
  h.note(
    `search: result counts on KJV: "love" ours ${ours.love}${fts ? `, FTS5 ${ftsCount('love')}` : ''}, FlexSearch ${flexAll('love').length}; "kingdom of heaven" ours ${ours.phrase}${fts ? `, FTS5 ${fts.rows.all('"kingdom of heaven"').length}` : ''}, FlexSearch (all three words anywhere) ${flexAll('kingdom of heaven').length}; broad "ingdom of hea" ours ${ours.broad}${fts ? `, FTS5 trigram ${fts.like.all('%ingdom of hea%').length}` : ''}`,
  );

  // ---- the first search in a fresh engine: its text pack read, the word index made from it ----
  const loads: number[] = [];
  for (let i = 0; i < 15; i++) {
    const engine = await openNode();
    const t0 = performance.now();
    await engine.call('GetSearchCount', { query: 'love' });
    loads.push((performance.now() - t0) * 1e6);
  }
  loads.sort((a, b) => a - b);
  const flexParts: [string, string][] = [];
  flex.export((key: string, data: string) => {
    flexParts.push([key, data]);
  });
  const flexImport = h.measure(() => {
    const fresh = new Index();
    for (const [key, data] of flexParts) fresh.import(key, data);
  }, 1500);
  h.add({
    group: GROUP,
    name: 'first search in a fresh engine: text-kjv read, word index made from it, GetSearchCount',
    medianNs: loads[loads.length >> 1],
    target: '<= 60 ms',
    targetNs: 60e6,
    peer: { name: 'raw FlexSearch import', medianNs: flexImport },
    note: 'fresh engine each time; peer imports its default export (already in memory)',
  });
  {
    const engine = await openNode({ preload: ['text-kjv'] });
    engine.callSync('GetSearchCount', { query: 'love' });
    const t0 = performance.now();
    engine.callSync('GetSearchAdvanced', { query: 'eth', matchType: 'broad' });
    h.add({
      group: GROUP,
      name: 'first broad search of KJV after its first search',
      medianNs: (performance.now() - t0) * 1e6,
      note: 'one run',
    });
  }

  // ---- sizes: what FlexSearch would ship beside each text; search here ships nothing beyond the text ----
  const sizes: string[] = [];
  for (const version of bible.meta.versions) {
    const text = version.versionId === 'kjv' ? kjv : verseTexts(version.versionId, bible.meta.versification);
    const index = new Index();
    for (let i = 0; i < text.size; i++) index.add(i, text.textAt(i));
    const parts: string[] = [];
    index.export((key: string, data: string) => {
      parts.push(key, data);
    });
    const gz = gzipSync(Buffer.from(parts.join('\n')), { level: 9 }).length;
    sizes.push(`${version.versionId} ${kb(gz)} (text pack ${kb(packBytes(`text-${version.versionId}`).length)})`);
  }
  h.note(
    `search: bytes shipped for search beyond the text packs: none (the word index is made from the text on the first search); gzip -9 of FlexSearch's default export of the same text, which an app using it would ship: ${sizes.join(', ')}`,
  );
  if (fts) {
    const file = fts.db.serialize().length;
    h.note(`search: SQLite FTS5 database of KJV (unicode61 + trigram tables, uncompressed) ${mb(file)}`);
    // What FTS5 does with Arabic vowel marks: index SVD and count an unvowelled word.
    const svd = verseTexts('svd', bible.meta.versification);
    const db = new (sqlite as { Database: new (f: string) => SqliteDb }).Database(':memory:');
    db.exec('CREATE VIRTUAL TABLE v USING fts5(t, tokenize = "unicode61 remove_diacritics 2")');
    const ins = db.prepare('INSERT INTO v(rowid, t) VALUES (?, ?)');
    db.transaction(() => {
      for (let i = 0; i < svd.size; i++) ins.run(i, svd.textAt(i));
    })();
    await bible.load(['text-svd']);
    const n = (bible.callSync('GetSearchCount', { query: 'محبة', versionId: 'svd' }) as { searchCount: number })
      .searchCount;
    h.note(
      `search: unvowelled Arabic "محبة" in SVD: ours ${n} verses; FTS5 unicode61 remove_diacritics 2 finds ${(db.prepare('SELECT count(*) AS n FROM v WHERE v MATCH ?').get('"محبة"') as { n: number }).n}`,
    );
    db.close();
    fts.db.close();
  }

  // ---- memory with all ten word indexes made, in a fresh process ----
  try {
    const out = execFileSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), 'memory-child'],
      { encoding: 'utf8', maxBuffer: 1 << 20 },
    );
    const m = JSON.parse(out.trim().split('\n').pop()!) as {
      indexes: number;
      normalised: number;
      rss: number;
      each: Record<string, number>;
    };
    h.note(
      `search: memory with all ten word indexes made (a first search in each): +${mb(m.indexes)} (heap and buffers) over the ten text packs (${Object.entries(
        m.each,
      )
        .map(([v, n]) => `${v} ${mb(n)}`)
        .join(', ')}); a whole-text scan in each afterwards: +${mb(m.normalised)} more; process RSS then ${mb(m.rss)}`,
    );
  } catch (error) {
    h.note(`search: memory figure failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  h.note(
    `search: timings are medians of batched callSync calls; "ours vs peer" > 1 means ours is faster (e.g. GetSearchCount "love" ${formatNs(countLove)})`,
  );
}

async function memoryChild(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
  const settle = async () => {
    gc();
    await new Promise((r) => setTimeout(r, 30));
    gc();
  };
  const used = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const bible = await openNode();
  const versions = bible.meta.versions.map((v) => v.versionId);
  await bible.load(versions.map((v) => `text-${v}`));
  for (const v of versions) await bible.call('GetVerse', { verseId: '43003016', versionId: v });
  await settle();
  const texts = used();
  const each: Record<string, number> = {};
  let before = texts;
  for (const v of versions) {
    await bible.call('GetSearchCount', { query: 'love', versionId: v });
    await settle();
    each[v] = used() - before;
    before = used();
  }
  const indexes = used();
  // "e e" (or "ا ا"): a suffix and a prefix that fit most of the vocabulary, so each answer is a whole-text scan
  for (const v of versions)
    await bible.call('GetSearchAdvanced', { query: v === 'svd' ? 'ا ا' : 'e e', matchType: 'broad', versionId: v });
  await settle();
  const normalised = used();
  process.stdout.write(
    `${JSON.stringify({
      indexes: indexes - texts,
      each,
      normalised: normalised - indexes,
      rss: process.memoryUsage().rss,
    })}\n`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1] && process.argv[2] === 'memory-child')
  await memoryChild();
