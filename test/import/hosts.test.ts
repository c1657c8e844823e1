// Every host reads imported packs: a pack folder into which `bible import` wrote a translation, opened by
// the browser loader (packs fetched by URL, checked against manifest.json's SHA-256) and by the React
// Native entry (files the app reads), answers in the imported translation as the Node engine does.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../../engine/browser/index.ts';
import type { TypedBible } from '../../engine/core/engine.ts';
import { importTranslation } from '../../engine/node/import-command.ts';
import { DEFAULT_DATA_DIR, openNode } from '../../engine/node/loader.ts';
import { open, openAssets } from '../../engine/react-native/index.ts';

const JOHN = [
  '\\id JHN Test',
  '\\h Johannes',
  '\\toc2 Joh',
  '\\c 1',
  '\\p',
  '\\v 1 Im Anfang war das Wort, und das Wort war bei Gott.',
  '\\v 2 Dasselbe war im Anfang bei Gott.',
  '\\c 3',
  '\\p',
  '\\v 16 Also hat Gott die Welt geliebt.',
].join('\n');

let root: string;
let data: string;
const files: string[] = [];

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'bible-import-hosts-'));
  data = join(root, 'data');
  mkdirSync(data);
  const manifest = JSON.parse(readFileSync(join(DEFAULT_DATA_DIR, 'manifest.json'), 'utf8'));
  const kept = manifest.packs.filter((p: { name: string }) => ['meta', 'text-kjv', 'licensing'].includes(p.name));
  for (const p of kept) copyFileSync(join(DEFAULT_DATA_DIR, p.file), join(data, p.file));
  writeFileSync(join(data, 'manifest.json'), JSON.stringify({ ...manifest, packs: kept }));
  writeFileSync(join(root, 'john.usfm'), `${JOHN}\n`);
  importTranslation({ source: join(root, 'john.usfm'), id: 'luth', data, name: 'Testbibel', language: 'de' });
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A fetch serving the pack folder under http://packs.example/data/, as a static web server would. */
const served = (async (input: RequestInfo | URL) => {
  const url = new URL(String(input));
  files.push(basename(url.pathname));
  try {
    return new Response(await readFile(join(data, basename(url.pathname))));
  } catch {
    return new Response('not found', { status: 404 });
  }
}) as typeof fetch;

const readAsset = async (file: string) => new Uint8Array(await readFile(join(data, file)));

/** The calls an app makes of an imported translation, with their answers. */
async function answers(bible: TypedBible) {
  const calls: [string, Record<string, string>][] = [
    ['GetVerse', { verseId: '43001002', versionId: 'luth' }],
    ['GetChapter', { bookId: '43', chapterId: '1', versionId: 'luth' }],
    ['GetSearch', { query: 'Welt', versionId: 'luth' }],
    ['GetPassage', { reference: 'Johannes 3:16', versionId: 'luth' }],
  ];
  const out: Record<string, unknown> = {};
  for (const [name, params] of calls) out[name] = await bible.call(name, params);
  const versions = await bible.GetVersions();
  out.GetVersions = versions.filter((v) => v.versionCode === 'luth');
  return out;
}

describe('a pack folder with an imported translation', () => {
  let node: Record<string, unknown>;
  beforeAll(async () => {
    node = await answers(await openNode({ dataDir: data }));
  });

  it('answers in Node from its own verses', () => {
    expect(node.GetVerse).toEqual([
      { id: '43001002', b: '43', c: '1', v: '2', t: 'Dasselbe war im Anfang bei Gott.', kjvId: '43001002' },
    ]);
    expect(node.GetChapter).toHaveLength(2);
    expect(node.GetSearch).toEqual([expect.objectContaining({ id: '43003016', kjvId: '43003016' })]);
    expect(node.GetPassage).toEqual([expect.objectContaining({ from: '43003016', to: '43003016' })]);
    expect(node.GetVersions).toEqual([expect.objectContaining({ versionCode: 'luth', version_id: '1001' })]);
  });

  it('is read by the browser loader over fetch, each pack checked against the manifest', async () => {
    files.length = 0;
    const bible = await openBrowser({ baseUrl: 'http://packs.example/data/', fetch: served });
    expect(await answers(bible)).toEqual(node);
    expect(files).toEqual(expect.arrayContaining(['manifest.json', 'imported-luth.pack', 'text-luth.pack']));
  });

  it('is read by the React Native entry through the files the app reads', async () => {
    expect(await answers(await openAssets(readAsset))).toEqual(node);
  });

  it('is read by open() with a loader of the app that lists the packs', async () => {
    const names = JSON.parse(readFileSync(join(data, 'manifest.json'), 'utf8')).packs.map(
      (p: { name: string }) => p.name,
    );
    const loader = Object.assign((name: string) => readAsset(`${name}.pack`), { listPacks: async () => names });
    expect(await answers(await open({ loader }))).toEqual(node);
  });
});
