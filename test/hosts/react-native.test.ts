// The package's React Native entry: the `react-native` condition names dist/react-native.js, one ES
// module with no Node built-ins and no fetch loader, whose openAssets() reads `<pack>.pack` files through
// the app's reader and answers as the Node engine does. Hermes itself runs it in the host matrix
// (npm run test:hosts: hermesc, hermes-0.12).
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DATA_DIR } from '../../engine/node/loader.ts';
import { ensureBundle, REACT_NATIVE_BUNDLE } from '../../scripts/bundle.ts';
import { bible } from '../helpers.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');

beforeAll(() => ensureBundle(() => {}));

describe('the react-native entry', () => {
  it('is what package.json names for React Native, and ships', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(manifest.exports['.']['react-native']).toBe('./dist/react-native.js');
    expect(Object.keys(manifest.exports['.']).indexOf('react-native')).toBeLessThan(
      Object.keys(manifest.exports['.']).indexOf('default'),
    );
    expect(manifest.exports['./react-native'].default).toBe('./dist/react-native.js');
    expect(manifest['react-native']).toBe('./dist/react-native.js');
    expect(manifest.files).toContain('dist/react-native.js');
  });

  it('imports nothing and reaches for neither fetch nor Node', () => {
    const code = readFileSync(REACT_NATIVE_BUNDLE, 'utf8');
    expect(code).not.toMatch(/^\s*import\s/m);
    expect(code).not.toMatch(/["'`]node:/);
    expect(code).not.toMatch(/\bfetch\s*\(/);
  });

  it('openAssets reads <pack>.pack through the app and answers as the Node engine does', async () => {
    const entry = await import(pathToFileURL(REACT_NATIVE_BUNDLE).href);
    const asked: string[] = [];
    const engine = await entry.openAssets(async (file: string) => {
      asked.push(file);
      return new Uint8Array(await readFile(join(DEFAULT_DATA_DIR, file)));
    });
    const node = await bible();
    for (const [name, params] of [
      ['GetVerse', { verseId: '43003016', versionId: 'kjv' }],
      ['GetSearchCount', { query: 'love', versionId: 'kjv' }],
      ['GetParseCitation', { citation: 'Jn 3:16-18' }],
    ] as const)
      expect(await engine.call(name, params), name).toEqual(await node.call(name, params));
    // manifest.json tells which packs the app ships (and the translations `bible import` added).
    expect(asked).toEqual(expect.arrayContaining(['manifest.json', 'meta.pack', 'text-kjv.pack']));
    expect(asked.every((file) => file === 'manifest.json' || /^[a-z0-9-]+\.pack$/.test(file))).toBe(true);
    await expect(engine.call('GetVerse', { verseId: '99099099' })).rejects.toMatchObject({ code: 'INVALID_PARAMETER' });
  });
});
