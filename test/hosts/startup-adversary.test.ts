// The compiled package as a fresh process meets it: each entry of lib/ imported cold with one kind of
// operation asked first (lazy tables, lazily loaded fflate and FlexSearch, the lazily built CRC tables),
// concurrent first calls, two engines in one process, damaged packs opened with openNode({ dataDir })
// with and without Node's zlib.crc32, an uncaught error's output, and the CLI's argument errors.
import { execFile, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
// The entries as Node takes them (the package exports' `node` condition).
const LIB = join(ROOT, 'lib', 'node');
const ENTRY_FILE = { node: 'index.js', core: 'core.js', browser: 'browser.js' } as const;
const DATA = join(ROOT, 'dist', 'data');
const CLI = join(ROOT, 'bin', 'bible.js');
const run = promisify(execFile);

type Call = [string, Record<string, string>];

/** First calls of many kinds: citation tables, search (FlexSearch), original text, lexicon, plans, random… */
const FIRST_CALLS: Call[] = [
  ['GetParseCitation', { citation: 'Matt 5:3-5, 7' }],
  ['GetCitationsInText', { text: 'See Jn 3:16, Rom 5:8 and 1 Jn 4:8; also Gen 1:1-3.' }],
  ['GetSearch', { query: 'everlasting life', versionId: 'kjv' }],
  ['GetSearchCount', { query: 'love', versionId: 'web' }],
  ['GetOriginalText', { verseId: '43003016' }],
  ['GetStrongs', { lexiconId: 'G', id: '26' }],
  ['GetRandomVerse', { versionId: 'kjv', seed: '7' }],
  ['GetBibleReadingPlan', { days: '30', requestedStartDate: '2026-01-01', balance: 'words' }],
  ['GetChapterExtraBiblical', { bookId: '1', chapterId: '1' }],
  ['GetSearchExtraBiblical', { query: 'watchers' }],
  ['GetWordCountOfChapter', { bookAndChapterId: '19119' }],
  ['GetBookIdByBookName', { bookName: '1 Juan' }],
  ['GetHebrewCharactersAndUnicodePoints', {}],
  ['GetCrossReferences', { verseId: '01001001' }],
  ['GetParseCitation', { citation: 'not a citation at all' }],
];

/** A script for a fresh Node process: opens an engine from one entry, answers its calls, prints JSON. */
function childScript(entry: 'core' | 'node' | 'browser', calls: Call[], mode: 'sequence' | 'together'): string {
  const opener =
    entry === 'node'
      ? `const { openNode } = await import(${JSON.stringify(join(LIB, ENTRY_FILE.node))}); const bible = await openNode();`
      : `const { open } = await import(${JSON.stringify(join(LIB, ENTRY_FILE[entry]))});
         const { readFile } = await import('node:fs/promises');
         const bible = await open({ loader: async (n) => new Uint8Array(await readFile(${JSON.stringify(DATA)} + '/' + n + '.pack')) });`;
  return `${opener}
    const calls = ${JSON.stringify(calls)};
    const one = ([n, p]) => bible.call(n, p).then((r) => r, (e) => ({ thrown: e.code ?? String(e), message: e.message }));
    const out = [];
    if (${JSON.stringify(mode)} === 'together') out.push(...(await Promise.all(calls.map(one))));
    else for (const c of calls) out.push(await one(c));
    process.stdout.write(JSON.stringify(out));`;
}

async function fresh(entry: 'core' | 'node' | 'browser', calls: Call[], mode: 'sequence' | 'together' = 'sequence') {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', childScript(entry, calls, mode)], {
    maxBuffer: 64 << 20,
  });
  return JSON.parse(stdout) as unknown[];
}

/** Each call's answer in an engine that has already answered every other call (all tables built). */
let warm: unknown[];
beforeAll(async () => {
  const all = await fresh('node', [...FIRST_CALLS, ...FIRST_CALLS]);
  warm = all.slice(FIRST_CALLS.length);
  expect(all.slice(0, FIRST_CALLS.length)).toEqual(warm);
});

describe('a fresh process asks one kind of operation first', () => {
  it.each(FIRST_CALLS.map((call, i) => [i, call[0]] as const))('bible-engine/node, call %i (%s) first', async (i) => {
    expect(await fresh('node', [FIRST_CALLS[i]])).toEqual([warm[i]]);
  });

  for (const entry of ['core', 'browser'] as const)
    it(`bible-engine${entry === 'core' ? '' : '/browser'}: citations, search, original text and plans first`, async () => {
      for (const i of [0, 1, 2, 4, 7]) expect(await fresh(entry, [FIRST_CALLS[i]])).toEqual([warm[i]]);
    });

  for (const entry of ['core', 'node', 'browser'] as const)
    it(`${entry}: every first call at once on a fresh engine answers as a warm one`, async () => {
      expect(await fresh(entry, FIRST_CALLS, 'together')).toEqual(warm);
    });

  it('two engines in one process, first calls interleaved in opposite orders', async () => {
    const script = `
      const { openNode } = await import(${JSON.stringify(join(LIB, ENTRY_FILE.node))});
      const { open } = await import(${JSON.stringify(join(LIB, ENTRY_FILE.core))});
      const { readFile } = await import('node:fs/promises');
      const a = await openNode();
      const b = await open({ loader: async (n) => new Uint8Array(await readFile(${JSON.stringify(DATA)} + '/' + n + '.pack')) });
      const calls = ${JSON.stringify(FIRST_CALLS)};
      const one = (bible) => ([n, p]) => bible.call(n, p).then((r) => r, (e) => ({ thrown: e.code, message: e.message }));
      const [ra, rb] = await Promise.all([Promise.all(calls.map(one(a))), Promise.all([...calls].reverse().map(one(b)))]);
      process.stdout.write(JSON.stringify([ra, rb.reverse()]));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { maxBuffer: 64 << 20 });
    const [a, b] = JSON.parse(stdout);
    expect(a).toEqual(warm);
    expect(b).toEqual(warm);
  });
});

describe('a damaged pack in a copy of dist/data', () => {
  let dir: string;
  const good = readFileSync(join(DATA, 'text-kjv.pack'));
  const directoryLength = good.readUInt32LE(8);

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'bible-damaged-'));
    for (const f of readdirSync(DATA)) if (f !== 'text-kjv.pack') symlinkSync(join(DATA, f), join(dir, f));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** text-kjv with one byte changed (or cut short), opened with openNode({ dataDir }) in this process. */
  async function openDamaged(damage: (bytes: Buffer) => Buffer, nativeCrc: boolean) {
    writeFileSync(join(dir, 'text-kjv.pack'), damage(Buffer.from(good)));
    const { openNode } = await import(join(LIB, ENTRY_FILE.node));
    // checksum: undefined sends the reader to its own CRC-32 in JavaScript, as on a Node without zlib.crc32.
    return openNode(nativeCrc ? { dataDir: dir } : { dataDir: dir, checksum: undefined });
  }
  const flip = (at: (b: Buffer) => number) => (b: Buffer) => {
    b[at(b)] ^= 0x5a;
    return b;
  };
  const DAMAGES: [string, (b: Buffer) => Buffer][] = [
    ['magic', flip(() => 0)],
    ['format version', flip(() => 4)],
    ['directory length', flip(() => 11)],
    ['directory CRC field', flip(() => 12)],
    ['a directory byte', flip(() => 16 + (directoryLength >> 1))],
    ['the first compressed block', flip(() => 16 + directoryLength)],
    ['the last compressed block', flip((b) => b.length - 1)],
    ['a truncated file', (b) => b.subarray(0, b.length - 10)],
  ];

  for (const nativeCrc of [true, false])
    it.each(DAMAGES)(
      `%s (${nativeCrc ? 'zlib.crc32' : 'JavaScript CRC-32'}): NOT_AVAILABLE naming the pack`,
      async (_, damage) => {
        let bible: Awaited<ReturnType<typeof openDamaged>>;
        try {
          bible = await openDamaged(damage, nativeCrc);
        } catch (error) {
          expect(error).toMatchObject({ code: 'NOT_AVAILABLE', message: expect.stringContaining("'text-kjv'") });
          return;
        }
        const verse = '66022021';
        for (const [name, params] of [
          ['GetVerse', { verseId: verse, versionId: 'kjv' }],
          ['GetBibleReadingPlan', { days: '3' }],
          ['GetWordCountOfVerse', { verseId: verse, versionId: 'kjv' }],
          ['GetWordCountOfBook', { bookId: '66', versionId: 'kjv' }],
          ['GetVerse', { verseId: verse, versionId: 'kjv' }],
        ] as const)
          await expect(bible.call(name, params), name).rejects.toMatchObject({
            code: 'NOT_AVAILABLE',
            message: expect.stringContaining("pack 'text-kjv' cannot be used"),
          });
        // Other packs still answer.
        expect(await bible.call('GetVerse', { verseId: verse, versionId: 'web' })).toHaveLength(1);
      },
    );

  it('a word count asked after a failed count still fails, rather than reading a half-built table as zeros', async () => {
    // Only the last block is damaged: the first books count fine before the count stops.
    const bible = await openDamaged(
      flip((b) => b.length - 1),
      true,
    );
    await expect(bible.call('GetWordCountOfChapter', { bookAndChapterId: '01001' })).rejects.toMatchObject({
      code: 'NOT_AVAILABLE',
    });
    for (const [name, params] of [
      ['GetWordCountOfVerse', { verseId: '66022021' }],
      ['GetWordCountOfBook', { bookId: '66' }],
      ['GetBibleReadingPlan', { days: '1' }],
    ] as const)
      await expect(bible.call(name, params), name).rejects.toMatchObject({ code: 'NOT_AVAILABLE' });
  });

  it('a good copy in the same folder answers as the package does', async () => {
    copyFileSync(join(DATA, 'text-kjv.pack'), join(dir, 'text-kjv.pack'));
    const { openNode } = await import(join(LIB, ENTRY_FILE.node));
    const bible = await openNode({ dataDir: dir, checksum: undefined });
    expect(await bible.call('GetWordCountOfVerse', { verseId: '66022021' })).toEqual({
      verseId: '66022021',
      versionId: 'kjv',
      wordCount: 12,
    });
  });
});

describe('an error the app lets go uncaught', () => {
  it('prints the error and a short source line, not a whole bundled chunk', () => {
    const script = `const { open } = await import(${JSON.stringify(join(LIB, ENTRY_FILE.core))});
      await open({ loader: async () => new Uint8Array(40) });`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(child.status).toBe(1);
    expect(child.stderr).toContain("pack 'meta' cannot be used: not a pack file");
    expect(child.stderr.length).toBeLessThan(4000);
  });
});

describe('the CLI', () => {
  const cli = (args: string[], input?: string) =>
    spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', input, cwd: ROOT });

  it.each([
    [['GetVrese'], 'UNKNOWN_OPERATION', 'did you mean GetVerse'],
    [['GetVerse'], 'MISSING_PARAMETER', 'verseId'],
    [['GetVerse', 'verseId='], 'INVALID_PARAMETER', '8-digit'],
    [['GetVerse', 'verseId=1', 'verseId=2'], 'INVALID_PARAMETER', 'more than once'],
    [['GetVerse', 'versoinId=kjv', 'verseId=43003016'], 'INVALID_PARAMETER', 'did you mean versionId'],
    [['GetVerse', '=kjv'], 'INVALID_PARAMETER', 'expected name=value'],
    [['GetVerse', 'verseId'], 'INVALID_PARAMETER', 'expected name=value'],
    [['GetVerse', '--bogus'], 'INVALID_PARAMETER', 'unknown option'],
    [['help', 'Nope'], 'UNKNOWN_OPERATION', 'Nope'],
    [['batch', '--nope'], 'INVALID_PARAMETER', 'bible batch takes --lenient'],
    [['batch', 'verseId=1'], 'INVALID_PARAMETER', 'standard input'],
    [['GetVerse', 'verseId=99001001'], 'INVALID_PARAMETER', 'verseId'],
  ])('%j: one JSON line on stderr, exit 2', (args, code, words) => {
    const child = cli(args);
    expect(child.status).toBe(2);
    expect(child.stdout).toBe('');
    const lines = child.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    const { error } = JSON.parse(lines[0]);
    expect(error.code).toBe(code);
    expect(error.message).toContain(words);
  });

  it.each([[['copy-packs']], [['serve', '--port', 'abc']], [['copy-packs', '--to']]])(
    '%j: one plain line on stderr, exit 2',
    (args) => {
      const child = cli(args);
      expect(child.status).toBe(2);
      expect(child.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(child.stderr).toMatch(/^bible (copy-packs|serve): /);
    },
  );

  it('help, --help and help of one operation exit 0 on stdout', () => {
    for (const args of [
      ['help'],
      ['--help'],
      ['-h'],
      ['help', 'GetVerse'],
      ['GetVerse', '--help'],
      ['help', 'batch'],
    ]) {
      const child = cli(args);
      expect(child.status, args.join(' ')).toBe(0);
      expect(child.stdout.length, args.join(' ')).toBeGreaterThan(50);
      expect(child.stderr).toBe('');
    }
  });

  it('the usage text and README batch examples answer under the default strict rule', () => {
    const usage = cli(['help']).stdout;
    const examples = usage
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.startsWith('GetParseCitation'));
    expect(examples).toHaveLength(2);
    // The batch examples live in the CLI's guide, linked from the README.
    const readme = ['README.md', 'docs/usage.md'].map((file) => readFileSync(join(ROOT, file), 'utf8')).join('\n');
    const readmeLines = [...readme.matchAll(/\(`(GetParseCitation\?[^`]+)`\)/g)].map((m) => m[1]);
    expect(readmeLines.length).toBeGreaterThan(0);
    const child = cli(['batch'], `${[...examples, ...readmeLines].join('\n')}\n`);
    expect(child.status, child.stdout).toBe(0);
    for (const line of child.stdout.trimEnd().split('\n'))
      expect(JSON.parse(line)).toMatchObject({ bookId: '43', chapterId: '003', verseIds: ['43003016'] });
  });

  it('batch: a bad line fails alone, in order, and the exit code says some failed', () => {
    const input = [
      'GetParseCitation citation="Jn 3:16"',
      '',
      'GetVerse verseId=43003016 versionId="kjv',
      '# a comment',
      'Nope',
      'GetVerse?verseId=%ZZ',
      'GetVerse verseId=43003016 # trailing comment',
      'GetVerse --help',
      '\u00ff\u00fe bytes',
      'GetParseCitation?citation=Jn%203:16 extra words',
    ].join('\r\n');
    const child = cli(['batch'], input);
    expect(child.status).toBe(2);
    const answers = child.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(answers).toHaveLength(8);
    expect(answers[0]).toMatchObject({ verseIds: ['43003016'] });
    expect(answers[1].error.message).toContain('unclosed double quote');
    expect(answers[2].error.code).toBe('UNKNOWN_OPERATION');
    expect(answers[3].error.message).toContain('percent-encoding');
    expect(answers[4][0].id).toBe('43003016');
    expect(answers[5].error.message).toContain('--lenient go after');
    expect(answers[6].error.code).toBe('INVALID_PARAMETER');
    expect(answers[7].error.message).toContain('one word');
  });

  it('batch with empty input answers nothing and exits 0', () => {
    const child = cli(['batch'], '');
    expect(child).toMatchObject({ status: 0, stdout: '', stderr: '' });
  });
});
