// The `bible` command under odd and hostile input: help for every operation and for the commands,
// strict and lenient parameters, `bible batch` fed CRLF, comments, junk, huge lines and early ends,
// `bible build` outside what it can do, copy-packs into odd folders, and book names and Strong's
// numbers as people write them, over call(), the command line and HTTP.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BibleError } from '../../engine/core/errors.ts';
import { OPERATIONS } from '../../engine/core/operations.ts';
import { batch, main, MAX_LINE_CHARS } from '../../engine/node/cli.ts';
import { copyPacksFromArgs } from '../../engine/node/copy-packs.ts';
import { DEFAULT_DATA_DIR, openNode } from '../../engine/node/loader.ts';
import { bible } from '../helpers.ts';
import { get, startServer } from './http.ts';

const REPO = resolve(import.meta.dirname, '../..');
const BIN = join(REPO, 'bin', 'bible.js');

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** The real command, as a shell runs it. */
function run(args: string[], input?: string | Buffer): Run {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: REPO,
    input,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** main() in this process, its output captured: for checks repeated over every operation. */
async function inProcess(args: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk);
    return true;
  });
  try {
    const status = await main(args);
    return { status, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

const errorOf = (text: string) => JSON.parse(text.trim().split('\n').pop()!).error;
const batchLines = (r: Run) =>
  r.stdout
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l));

let work = '';
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'bible-cli-adversary-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('help', () => {
  it('bible help <Operation>, <Operation> --help and -h print the same help for every operation', async () => {
    for (const op of OPERATIONS) {
      const help = await inProcess(['help', op.name]);
      expect(help.status, op.name).toBe(0);
      expect(help.stdout.startsWith(`${op.name} (`), op.name).toBe(true);
      expect(help.stdout).toContain(`example:\n  bible ${op.name}`);
      expect(await inProcess([op.name, '--help'])).toEqual(help);
      expect(await inProcess([op.name, '-h'])).toEqual(help);
      expect(await inProcess(['--help', op.name])).toEqual(help);
    }
  });

  it('a wrongly cased or unknown operation is refused, naming the closest one', async () => {
    for (const name of ['getverse', 'GETVERSE', 'GetVrese']) {
      const r = await inProcess(['help', name]);
      expect(r.status).toBe(2);
      expect(errorOf(r.stderr)).toMatchObject({ code: 'UNKNOWN_OPERATION' });
      expect(errorOf(r.stderr).message).toContain('did you mean GetVerse?');
    }
    for (const name of ['Foo', '', '__proto__', 'x'.repeat(10_000)]) {
      const r = await inProcess(['help', name]);
      expect(r.status).toBe(2);
      expect(errorOf(r.stderr).code).toBe('UNKNOWN_OPERATION');
      expect(r.stderr.length).toBeLessThan(400);
    }
  });

  it('bible help <command> is that command’s own help', async () => {
    for (const [command, first] of [
      ['copy-packs', 'usage: bible copy-packs'],
      ['batch', 'usage:\n  bible batch [--lenient]'],
      ['help', 'usage:'],
    ]) {
      const r = await inProcess(['help', command]);
      expect(r.status, command).toBe(0);
      expect(r.stdout.startsWith(first), command).toBe(true);
      expect(r.stderr).toBe('');
    }
    // batch's help is its own lines, not the whole usage.
    expect((await inProcess(['help', 'batch'])).stdout).not.toContain('bible serve');
    const serve = run(['help', 'serve']);
    expect(serve.status).toBe(0);
    expect(serve.stdout).toMatch(/^usage: bible serve/);
    const build = run(['help', 'build']);
    expect(build.status).toBe(0);
    expect(build.stdout).toMatch(/^usage: bible build/);
  });
});

describe('strict and lenient parameters', () => {
  it('refuses names the operation does not take, naming the closest real one', async () => {
    const cases: [string, string | null][] = [
      ['versoinId=kjv', 'versionId'],
      ['VERSIONID=kjv', 'versionId'],
      ['vérsionId=kjv', 'versionId'],
      ['--versionId=kjv', 'versionId'],
      ['__proto__=x', null],
      ['constructor=x', null],
      ['toString=x', null],
    ];
    for (const [word, closest] of cases) {
      const r = await inProcess(['GetVerse', 'verseId=43003016', word]);
      expect(r.status, word).toBe(2);
      const error = errorOf(r.stderr);
      expect(error.code).toBe('INVALID_PARAMETER');
      expect(error.param).toBe(word.slice(0, word.indexOf('=')));
      if (closest) expect(error.message).toContain(`did you mean ${closest}?`);
    }
  });

  it('refuses words that are not name=value, and takes name= as not given', async () => {
    for (const word of ['=kjv', 'kjv', '43003016', '-', '-x']) {
      const r = await inProcess(['GetVerse', 'verseId=43003016', word]);
      expect(r.status, word).toBe(2);
      expect(errorOf(r.stderr).code).toBe('INVALID_PARAMETER');
    }
    const empty = await inProcess(['GetVerse', 'verseId=43003016', 'versionId=']);
    expect(empty.status).toBe(0);
    expect(JSON.parse(empty.stdout)[0].id).toBe('43003016');
  });

  it('takes -- as the end of options, before or after the operation', async () => {
    for (const args of [
      ['--', 'GetVerse', 'verseId=43003016'],
      ['GetVerse', '--', 'verseId=43003016'],
      ['GetVerse', 'verseId=43003016', '--'],
    ]) {
      const r = await inProcess(args);
      expect(r.status, args.join(' ')).toBe(0);
      expect(JSON.parse(r.stdout)[0].id).toBe('43003016');
    }
    // After it, what looks like an option is a word like any other, and an option name is no operation.
    const help = await inProcess(['GetVerse', 'verseId=43003016', '--', '--help']);
    expect(help.status).toBe(2);
    expect(errorOf(help.stderr).message).toMatch(/expected name=value/);
    const named = await inProcess(['--', '--help']);
    expect(errorOf(named.stderr).code).toBe('UNKNOWN_OPERATION');
  });

  it('refuses a parameter given twice, wherever --lenient stands', async () => {
    for (const args of [
      ['GetVerse', 'verseId=43003016', 'verseId=43003016'],
      ['GetVerse', 'verseId=43003016', '--lenient', 'verseId=01001001'],
      ['GetVerse', 'verseId=43003016', 'versionId=kjv', 'versionId='],
    ]) {
      const r = await inProcess(args);
      expect(r.status).toBe(2);
      expect(errorOf(r.stderr).message).toMatch(/given more than once/);
    }
  });

  it('--lenient ignores unknown names and says so, also before the operation', async () => {
    for (const args of [
      ['GetVerse', 'verseId=43003016', 'foo=1', '--lenient'],
      ['--lenient', 'GetVerse', 'verseId=43003016', 'foo=1'],
    ]) {
      const r = await inProcess(args);
      expect(r.status, args.join(' ')).toBe(0);
      expect(JSON.parse(r.stdout)[0].id).toBe('43003016');
      expect(r.stderr).toMatch(/takes no foo; ignored/);
    }
  });

  it('echoes a very long name cut short, in the refusal and in the lenient warning', async () => {
    const name = 'a'.repeat(100_000);
    const strict = await inProcess(['GetVerse', 'verseId=43003016', `${name}=1`]);
    expect(strict.status).toBe(2);
    expect(errorOf(strict.stderr).message.length).toBeLessThan(300);
    const lenient = await inProcess(['GetVerse', 'verseId=43003016', `${name}=1`, '--lenient']);
    expect(lenient.status).toBe(0);
    expect(lenient.stderr.length).toBeLessThan(300);
    const value = await inProcess(['GetSearch', `query=${name}`]);
    expect(value.status).toBe(2);
    expect(errorOf(value.stderr).message).toMatch(/at most 1000 characters/);
  });
});

describe('bible batch', () => {
  it('reads CRLF lines, blank lines, comments and a last line without a newline', () => {
    const input =
      'GetVerse verseId=43003016\r\n\r\n   \r\n# a comment\r\n  # an indented one\r\n' +
      'GetParseCitation citation="Jn 3:16" # a comment after the words\r\n' +
      'GetVerse?verseId=01001001 # and after a query string\r\n' +
      'GetVerse\tverseId=01001001';
    const r = run(['batch'], input);
    expect(r.status).toBe(0);
    const answers = batchLines(r);
    expect(answers.map((a) => a[0]?.id ?? a.verseIds?.[0])).toEqual(['43003016', '43003016', '01001001', '01001001']);
  });

  it('ends a line at LF or CRLF only: a lone CR is part of its line, wherever chunks split the input', async () => {
    const { Readable, PassThrough } = await import('node:stream');
    const answersOf = async (chunks: string[]) => {
      const output = new PassThrough();
      let text = '';
      output.on('data', (c: Buffer) => (text += c.toString()));
      await batch(Readable.from(chunks), output);
      return text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
    };
    const input = 'GetParseCitation citation=Jn\r3:16\r\nGetVerse verseId=43003016\r\n';
    for (let cut = 0; cut <= input.length; cut++) {
      const answers = await answersOf([input.slice(0, cut), input.slice(cut)]);
      expect(answers.length, `cut at ${cut}`).toBe(2);
      expect(answers[1][0].id).toBe('43003016');
    }
  });

  it('reads quotes and backslashes as sh does; an unclosed quote fails its line only', () => {
    const lines = [
      `GetParseCitation 'citation=Jn 3:16'`,
      'GetParseCitation citation=Jn\\ 3:16',
      `GetParseCitation citation="Jn "'3:16'`,
      'GetParseCitation "citation=Jn 3:16',
      `GetParseCitation 'citation=Jn 3:16`,
      '""',
      `''`,
      '"',
      `'`,
      'GetVerse verseId=01001001',
    ];
    const r = run(['batch'], `${lines.join('\n')}\n`);
    expect(r.status).toBe(2);
    const answers = batchLines(r);
    expect(answers).toHaveLength(lines.length);
    for (const a of answers.slice(0, 3)) expect(a.verseIds).toEqual(['43003016']);
    expect(answers[3].error.message).toMatch(/unclosed double quote/);
    expect(answers[4].error.message).toMatch(/unclosed single quote/);
    expect(answers[5].error.code).toBe('UNKNOWN_OPERATION');
    expect(answers[6].error.code).toBe('UNKNOWN_OPERATION');
    expect(answers[7].error.message).toMatch(/unclosed double quote/);
    expect(answers[8].error.message).toMatch(/unclosed single quote/);
    expect(answers[9][0].id).toBe('01001001');
  });

  it('refuses a repeated parameter in both forms, and says where --lenient goes', () => {
    const lines = [
      'GetVerse verseId=01001001 verseId=01001001',
      'GetVerse?verseId=01001001&verseId=01001001',
      'GetVerse?verseId=01001001&versionId=kjv&versionId=',
      'GetVerse verseId=01001001 --lenient',
      'GetVerse --help',
      'GetVerse?verseId=01001001&__proto__=1',
    ];
    const answers = batchLines(run(['batch'], lines.join('\n')));
    for (const a of answers.slice(0, 3)) expect(a.error.message).toMatch(/given more than once/);
    for (const a of answers.slice(3, 5)) expect(a.error.message).toMatch(/go after `bible batch`/);
    expect(answers[5].error.param).toBe('__proto__');
  });

  it('answers binary junk with an error line and goes on', () => {
    const junk = Buffer.concat([
      Buffer.from([0, 1, 2, 0xff, 0xfe, 0xc3, 0x28, 10]),
      Buffer.from('GetVerse verseId=01001001\n'),
      Buffer.from([0xe2, 0x82]),
    ]);
    const r = run(['batch'], junk);
    expect(r.status).toBe(2);
    const answers = batchLines(r);
    expect(answers).toHaveLength(3);
    expect(answers[0].error.code).toBe('UNKNOWN_OPERATION');
    expect(answers[1][0].id).toBe('01001001');
    expect(answers[2].error.code).toBe('UNKNOWN_OPERATION');
  });

  it('fails an over-long line alone, without holding it, and reads on', () => {
    const long = `GetSearch query=${'a'.repeat(MAX_LINE_CHARS + 10)}\nGetVerse verseId=01001001\n`;
    const answers = batchLines(run(['batch'], long));
    expect(answers).toHaveLength(2);
    expect(answers[0].error.message).toMatch(/a line has more than/);
    expect(answers[1][0].id).toBe('01001001');
    // Megabytes of input with no line end at all: one error, not a crash of the reader.
    const endless = run(['batch'], Buffer.alloc(3 * MAX_LINE_CHARS, 0x61));
    expect(endless.status).toBe(2);
    expect(endless.stderr).toBe('');
    expect(batchLines(endless)).toEqual([{ error: expect.objectContaining({ code: 'INVALID_PARAMETER' }) }]);
  });

  it('ends at once, exit 0, when standard input is empty or /dev/null', async () => {
    const empty = run(['batch'], '');
    expect(empty).toMatchObject({ status: 0, stdout: '', stderr: '' });
    const closed = spawn(process.execPath, [BIN, 'batch'], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    closed.stdout.on('data', (c) => {
      out += c;
    });
    const status = await new Promise((done) => closed.on('close', done));
    expect(status).toBe(0);
    expect(out).toBe('');
  });

  it('stops quietly when its reader goes away', async () => {
    const child = spawn(process.execPath, [BIN, 'batch'], { cwd: REPO, stdio: ['pipe', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c) => {
      err += c;
    });
    child.stdout.once('data', () => child.stdout.destroy());
    child.stdin.on('error', () => {});
    child.stdin.write('GetChapter bookId=19 chapterId=119\n'.repeat(2000));
    child.stdin.end();
    const status = await new Promise((done) => child.on('close', done));
    expect(status).toBe(0);
    expect(err).toBe('');
  });
});

describe('bible build where it cannot build', () => {
  it('in a checkout: --help prints usage; a wrong option or builder is one line, exit 2', () => {
    const help = run(['build', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: bible build/);
    for (const args of [['--bogus'], ['--only'], ['extra'], ['--only', 'nosuchbuilder']]) {
      const r = run(['build', ...args]);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^bible build: /);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

describe('copy-packs', () => {
  it('reads --versions as the engine reads a versionId', () => {
    const to = join(work, 'cased');
    const lines: string[] = [];
    expect(copyPacksFromArgs(['--to', to, '--versions', 'KJV,t_web'], (l) => lines.push(l))).toBe(0);
    expect(lines[0]).toMatch(/meta, text-kjv, text-web$/);
  });

  it('refuses to copy the packs onto the folder they come from', () => {
    const before = readFileSync(join(DEFAULT_DATA_DIR, 'manifest.json'), 'utf8');
    for (const to of [DEFAULT_DATA_DIR, `${DEFAULT_DATA_DIR}/`, join(DEFAULT_DATA_DIR, '..', 'data')])
      expect(() => copyPacksFromArgs(['--to', to, '--versions', 'kjv'], () => {})).toThrow(
        /folder the packs are copied from/,
      );
    expect(readFileSync(join(DEFAULT_DATA_DIR, 'manifest.json'), 'utf8')).toBe(before);
  });

  it('GetVersions marks what a copied folder holds, a second copy adds to it, a missing pack says how to add it', async () => {
    const to = join(work, 'app-packs');
    const r = run(['copy-packs', '--to', to, '--versions', 'kjv']);
    expect(r.status).toBe(0);
    const available = async () =>
      (await (await openNode({ dataDir: to })).GetVersions()).filter((v) => v.available).map((v) => v.versionCode);
    expect(await available()).toEqual(['kjv']);
    const engine = await openNode({ dataDir: to });
    const missing = await engine.call('GetVerse', { verseId: '01001001', versionId: 'asv' }).catch((e) => e);
    expect(missing).toBeInstanceOf(BibleError);
    expect(missing.code).toBe('NOT_AVAILABLE');
    expect(missing.message).toMatch(/copy-packs --to .* --packs text-asv/);
    expect(missing.message).not.toMatch(/npm run build/);

    expect(run(['copy-packs', '--to', to, '--versions', 'asv']).status).toBe(0);
    expect((await available()).sort()).toEqual(['asv', 'kjv']);
    const manifest = JSON.parse(readFileSync(join(to, 'manifest.json'), 'utf8'));
    expect(manifest.packs.map((p: { name: string }) => p.name).sort()).toEqual(['meta', 'text-asv', 'text-kjv']);
  });
});

describe("Strong's numbers as people write them", () => {
  const strongs = async (params: Record<string, string>) => {
    try {
      const [entry] = await (await bible()).call('GetStrongs', params);
      return entry.strongs_id as string;
    } catch (error) {
      expect(error).toBeInstanceOf(BibleError);
      return `${(error as BibleError).code} ${(error as BibleError).param}: ${(error as BibleError).message}`;
    }
  };

  it('reads the letter and number in any case and with leading zeros', async () => {
    expect(await strongs({ id: 'G26' })).toBe('G26');
    expect(await strongs({ id: 'g0026' })).toBe('G26');
    expect(await strongs({ id: 'H430' })).toBe('H430');
    expect(await strongs({ id: ' h0430 ' })).toBe('H430');
    expect(await strongs({ id: '26', lexiconId: 'g' })).toBe('G26');
    expect(await strongs({ id: 'G26', lexiconId: 'G' })).toBe('G26');
  });

  it('refuses what is not a Strong’s number as a fault of id, not a missing lexiconId', async () => {
    for (const id of ['X12', 'G 26', 'G-1', 'G2.6', 'G26a', 'GG26', 'G+26'])
      expect(await strongs({ id }), id).toMatch(/^INVALID_PARAMETER id: id must be a number/);
    expect(await strongs({ id: 'G26', lexiconId: 'H' })).toMatch(/^INVALID_PARAMETER id: .*make them agree/);
    for (const id of ['G0', 'G99999', 'H8675'])
      expect(await strongs({ id }), id).toMatch(/^INVALID_PARAMETER id: id must be .*from 1 to/);
    // a bare number, in ASCII or full-width digits, still needs its lexicon
    for (const id of ['26', '０２６']) expect(await strongs({ id }), id).toMatch(/^MISSING_PARAMETER lexiconId/);
  });

  it('gives the same answers on the command line and over HTTP', async () => {
    expect(JSON.parse(run(['GetStrongs', 'id=g0026']).stdout)[0].strongs_id).toBe('G26');
    expect(errorOf(run(['GetStrongs', 'id=X12']).stderr).param).toBe('id');
    const server = await startServer();
    try {
      expect((await get(server.url, 'GetStrongs?id=G%2026')).json().error.param).toBe('id');
      expect((await get(server.url, 'GetStrongs?id=h430')).json()[0].strongs_id).toBe('H430');
    } finally {
      await server.close();
    }
  });
});

describe('book names for a canonical bookId', () => {
  const chapters: [string, number][] = [
    ['John', 21],
    ['john', 21],
    ['JOHN', 21],
    ['Jn', 21],
    ['Jn.', 21],
    ['1 John', 5],
    ['1John', 5],
    ['I John', 5],
    ['First John', 5],
    ['Third John', 1],
    ['Juan', 21],
    ['1 Juan', 5],
    ['Génesis', 50],
    ['يوحنا', 21],
    ['Song of Songs', 8],
    ['Revelations', 22],
    ['043', 21],
  ];
  const refused = ['one John', 'Tobit', 'Enoch', 'John 3', 'Jn3', 'xyz', '', ' ', '0', '67', '-1', '4 3', 'John\u200b'];

  it('over call()', async () => {
    const b = await bible();
    for (const [bookId, count] of chapters)
      expect((await b.call('GetChapterCount', { bookId })).chapterCount, bookId).toBe(count);
    for (const bookId of refused) {
      const error = await b.call('GetChapterCount', { bookId }).catch((e) => e);
      expect(error, bookId).toBeInstanceOf(BibleError);
      expect(error.param).toBe('bookId');
    }
    expect((await b.call('GetVerseCount', { bookId: 'Juan', chapterId: 3 })).verseCount).toBe(36);
    expect((await b.call('GetWordCountOfChapter', { bookId: 'John', chapterId: '3' })).bookAndChapterId).toBe('43003');
    expect((await b.call('GetBookInfo', { bookId: 'Jn' })).bookId).toBe('43');
    expect(await b.call('GetBookNameByBookId', { bookId: 'Juan', language: 'spanish' })).toEqual([{ n: 'Juan' }]);
  });

  it('over the command line and HTTP', async () => {
    expect(JSON.parse(run(['GetChapterCount', 'bookId=1 Juan']).stdout).chapterCount).toBe(5);
    const server = await startServer();
    try {
      for (const [query, count] of [
        ['bookId=John', 21],
        ['bookId=1%20John', 5],
        ['bookId=1+John', 5],
        ['bookId=%D9%8A%D9%88%D8%AD%D9%86%D8%A7', 21],
      ] as const)
        expect((await get(server.url, `GetChapterCount?${query}`)).json().chapterCount, query).toBe(count);
      // A repeated parameter takes its last value over HTTP, as on the hosted service.
      const twice = await get(server.url, 'GetChapterCount?bookId=John&bookId=1+John');
      expect(twice.json().chapterCount).toBe(5);
      expect(twice.headers['x-repeated-parameters']).toBe('bookId');
    } finally {
      await server.close();
    }
  });

  it('extra-biblical operations keep their own numbers only', async () => {
    const b = await bible();
    for (const [name, params] of [
      ['GetChapterExtraBiblical', { bookId: 'Enoch', chapterId: '1' }],
      ['GetChapterExtraBiblical', { bookId: 'John', chapterId: '1' }],
      ['GetBookNameExtraBiblicalByBookId', { bookId: 'John' }],
      ['GetChapterCountExtraBiblical', { bookId: '1 Enoch' }],
      ['GetSearchExtraBiblical', { query: 'watchers', bookId: 'Jn' }],
    ] as const) {
      const error = await b.call(name, params).catch((e) => e);
      expect(error, name).toBeInstanceOf(BibleError);
      expect(error.param).toBe('bookId');
    }
    expect(await b.call('GetBookNameExtraBiblicalByBookId', { bookId: '1' })).toEqual([{ n: '1 Enoch' }]);
  });
});
