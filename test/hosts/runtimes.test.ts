// The engine outside Node: engine/core imports no Node module, dist/engine.js is one self-contained ES
// module with no Node built-ins, no require and no dynamic import, and it answers in a bare V8 context
// (node:vm) with only a byte loader, through the UTF-8 fallback since TextDecoder is absent.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, resolve } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeUtf8Fallback, strictUtf8Decoder } from '../../engine/core/utf8.ts';
import { DEFAULT_DATA_DIR } from '../../engine/node/loader.ts';
import { ENGINE_BUNDLE, ensureBundle } from '../../scripts/bundle.ts';
import { bible } from '../helpers.ts';
import { viaJson } from './http.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CORE = join(ROOT, 'engine', 'core');
const BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
// The package's runtime dependencies (package.json), the only packages the core may import.
const ALLOWED_PACKAGES = new Set(
  Object.keys(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).dependencies),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.(ts|js|mjs)$/.test(name) ? [path] : [];
  });
}

beforeAll(() => ensureBundle(() => {}));

describe('engine/core is platform-free', () => {
  it('imports no node: module, no Node built-in and no package beyond its runtime dependencies', () => {
    const problems: string[] = [];
    for (const file of sourceFiles(CORE)) {
      const code = readFileSync(file, 'utf8').replace(/\/\/.*$/gm, '');
      const where = relative(ROOT, file);
      for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)) {
        const spec = m[1];
        if (spec.startsWith('node:') || BUILTINS.has(spec)) problems.push(`${where} imports ${spec}`);
        else if (!spec.startsWith('.') && !ALLOWED_PACKAGES.has(spec.split('/')[0]))
          problems.push(`${where} imports the package ${spec}`);
      }
      if (/(?<![\w$.])require\s*\(/.test(code)) problems.push(`${where} calls require()`);
      if (/(?<![\w$])Buffer\b/.test(code)) problems.push(`${where} uses Node's Buffer`);
      if (/\bprocess\.(env|argv|versions|platform)/.test(code)) problems.push(`${where} reads process`);
    }
    expect(problems).toEqual([]);
  });
});

describe('dist/engine.js', () => {
  it('is one ES module with no Node built-ins, require, dynamic import or import.meta', () => {
    const code = readFileSync(ENGINE_BUNDLE, 'utf8');
    expect(code).toMatch(/export\s*\{/);
    // Static imports are caught by the bare-V8 test below, whose module linker refuses every import.
    const forbidden = [
      /["'`]node:/g,
      /(?<![\w$.])require\s*\(/g,
      /(?<![\w$.])import\s*\(/g,
      /import\.meta/g,
      /(?<![\w$])Buffer\./g,
    ];
    const found = forbidden.flatMap((re) =>
      [...code.matchAll(re)].map((m) => `${re.source}: …${code.slice(Math.max(0, m.index - 60), m.index + 40)}…`),
    );
    expect(found).toEqual([]);
  });

  it('answers GetVerse and GetSearch in a bare V8 context with only a byte loader and no TextDecoder', {
    timeout: 120_000,
  }, async () => {
    const b = await bible();
    const has = (name: string) => b.operations.some((op) => op.name === name);
    const calls: [string, Record<string, string>][] = [
      ['GetVerse', { verseId: '43003016' }],
      ['GetVerse', { verseId: '43003016', versionId: 'rv1909' }],
      ['GetVerse', { verseId: '01001001', versionId: 'svd' }],
      ['GetChapter', { bookId: '19', chapterId: '23', versionId: 'web' }],
      ['GetParseCitation', { citation: 'Juan 3:16', language: 'spanish' }],
      ['GetVerse', { verseId: '99999999' }],
      ...(has('GetSearch')
        ? ([
            ['GetSearch', { query: 'love', versionId: 'kjv' }],
            ['GetSearch', { query: 'amó', versionId: 'rv1909' }],
          ] as [string, Record<string, string>][])
        : []),
      ...(has('GetSearchCount')
        ? ([['GetSearchCount', { query: 'kingdom of heaven' }]] as [string, Record<string, string>][])
        : []),
      ...(has('GetOriginalText')
        ? ([['GetOriginalText', { verseId: '01001001' }]] as [string, Record<string, string>][])
        : []),
    ];
    const out = execFileSync(
      process.execPath,
      [
        '--experimental-vm-modules',
        '--no-warnings',
        join(import.meta.dirname, 'vm-runner.mjs'),
        ENGINE_BUNDLE,
        DEFAULT_DATA_DIR,
        JSON.stringify(calls),
      ],
      { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
    );
    const { globals, results } = JSON.parse(out) as {
      globals: Record<string, string>;
      results: { ok?: unknown; error?: { code: string } }[];
    };
    expect(globals).toMatchObject({
      TextDecoder: 'undefined',
      TextEncoder: 'undefined',
      Buffer: 'undefined',
      process: 'undefined',
      require: 'undefined',
      fetch: 'undefined',
      setTimeout: 'undefined',
    });
    for (const [i, [name, params]] of calls.entries()) {
      let want: unknown;
      try {
        want = { ok: viaJson(await b.call(name, params)) };
      } catch (error) {
        want = { error: { code: (error as { code: string }).code } };
      }
      expect({ name, params, ...results[i] }).toMatchObject({ name, params, ...(want as object) });
    }
    expect(results[0].ok).toEqual([
      expect.objectContaining({ t: expect.stringMatching(/^For God so loved the world/) }),
    ]);
    if (has('GetSearch')) expect((results[6].ok as unknown[]).length).toBeGreaterThan(100);
  });
});

describe('the UTF-8 fallback decoder', () => {
  const native = new TextDecoder('utf-8', { fatal: true });
  const nativeOrError = (bytes: Uint8Array) => {
    try {
      return native.decode(bytes);
    } catch {
      return Error;
    }
  };
  const fallbackOrError = (bytes: Uint8Array) => {
    try {
      return decodeUtf8Fallback(bytes);
    } catch {
      return Error;
    }
  };

  it('round-trips any well-formed text, in every script and across chunk boundaries', () => {
    const encoder = new TextEncoder();
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 3000 }), (text) => {
        expect(decodeUtf8Fallback(encoder.encode(text))).toBe(text);
      }),
      { numRuns: 300 },
    );
    const long = 'In the beginning בְּרֵאשִׁית Ἐν ἀρχῇ في البدء 😀 '.repeat(2000);
    expect(decodeUtf8Fallback(encoder.encode(long))).toBe(long);
  });

  it('accepts and refuses exactly what a fatal TextDecoder does, BOM included', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect(fallbackOrError(bytes)).toBe(nativeOrError(bytes));
      }),
      { numRuns: 3000 },
    );
    const cases = [
      [0xef, 0xbb, 0xbf, 0x41],
      [0xc0, 0x80],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
      [0xe2, 0x82],
      [0xf0, 0x9f, 0x98, 0x80],
      [0x80],
      [0xc3, 0xa9],
    ];
    for (const c of cases)
      expect(fallbackOrError(new Uint8Array(c)), c.join(' ')).toBe(nativeOrError(new Uint8Array(c)));
  });

  it('is what the pack reader uses when TextDecoder is missing', () => {
    const saved = globalThis.TextDecoder;
    try {
      (globalThis as { TextDecoder?: unknown }).TextDecoder = undefined;
      expect(strictUtf8Decoder()).toBe(decodeUtf8Fallback);
    } finally {
      globalThis.TextDecoder = saved;
    }
    expect(strictUtf8Decoder()).not.toBe(decodeUtf8Fallback);
  });
});
