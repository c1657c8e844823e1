// `bible <Operation>` and `bible batch` as scripts call them: JSON on stdout and exit 0, or the error as
// JSON on stderr and exit 2; unknown and repeated parameters refused (--lenient ignores unknown ones,
// naming them on stderr); help for one operation from the operation table.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = resolve(import.meta.dirname, '..', '..', 'bin', 'bible.js');
const bible = (args: string[], input?: string) =>
  spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', input });
const scratch = mkdtempSync(join(tmpdir(), 'bible-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('bible <Operation>', () => {
  it('prints the answer as JSON', () => {
    const run = bible(['GetVerse', 'verseId=43003016', 'versionId=rv1909']);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)[0].t).toMatch(/^Porque de tal manera amó Dios al mundo/);
    expect(run.stderr).toBe('');
  });

  it('fails with exit 2 and a JSON error for bad input', () => {
    const bad = bible(['GetVerse', 'verseId=99999999']);
    expect(bad.status).toBe(2);
    expect(JSON.parse(bad.stderr).error).toMatchObject({ code: 'INVALID_PARAMETER', param: 'verseId' });
    expect(JSON.parse(bible(['GetVrese']).stderr).error.code).toBe('UNKNOWN_OPERATION');
    expect(bible(['GetVerse', 'verseId']).status).toBe(2);
    expect(bible(['help']).status).toBe(0);
    expect(bible([]).status).toBe(1);
  });
});

describe("the README's quick start", () => {
  it("runs the checkout's own command, which answers without installing anything", () => {
    const readme = readFileSync(resolve(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
    const quickStart = /## Quick start([\s\S]*?)\n## /.exec(readme)![1];
    expect(quickStart).not.toMatch(/`npx bible G/);
    const command = /`\.\/bin\/bible\.js (Get\w+) "([^"]+)"`/.exec(quickStart);
    expect(command, 'a ./bin/bible.js example').not.toBeNull();
    const run = bible([command![1], command![2]]);
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).verseIds.length).toBeGreaterThan(0);
  });
});

describe('parameters on the command line', () => {
  it('refuses a misspelt parameter, naming it and the closest real one; --lenient ignores it', () => {
    const strict = bible(['GetVerse', 'verseId=43003016', 'versoinId=web']);
    expect(strict.status).toBe(2);
    expect(strict.stdout).toBe('');
    const error = JSON.parse(strict.stderr).error;
    expect(error).toMatchObject({ code: 'INVALID_PARAMETER', param: 'versoinId' });
    expect(error.message).toContain('did you mean versionId?');

    const lenient = bible(['GetVerse', 'verseId=43003016', 'versoinId=web', '--lenient']);
    expect(lenient.status).toBe(0);
    expect(lenient.stderr).toContain('GetVerse takes no versoinId; ignored');
    expect(JSON.parse(lenient.stdout)[0].t).toMatch(/^For God so loved the world, that he gave/);
    expect(bible(['GetVerse', 'verseId=43003016', '--verbose']).status).toBe(2);
  });

  it('refuses a parameter given twice, as HTTP does', () => {
    const run = bible(['GetVerse', 'verseId=43003016', 'versionId=web', 'versionId=kjv']);
    expect(run.status).toBe(2);
    expect(JSON.parse(run.stderr).error).toMatchObject({ code: 'INVALID_PARAMETER', param: 'versionId' });
    expect(JSON.parse(run.stderr).error.message).toContain('more than once');
  });

  it("reads the Strong's number and book name forms people write", () => {
    expect(JSON.parse(bible(['GetStrongs', 'id=G26']).stdout)[0].strongs_id).toBe('G26');
    expect(JSON.parse(bible(['GetChapterCount', 'bookId=John']).stdout)).toEqual({ chapterCount: 21 });
  });
});

describe('help for one operation', () => {
  it('bible <Operation> --help and bible help <Operation> print the parameters, values, answer and an example', () => {
    const run = bible(['GetVerse', '--help']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('usage: bible GetVerse verseId=VALUE [versionId=VALUE]');
    expect(run.stdout).toMatch(/verseId .*required/);
    expect(run.stdout).toMatch(/versionId .*default kjv/);
    expect(run.stdout).toMatch(/allowed: .*kjv.*svd.*web/);
    expect(run.stdout).toMatch(/answer: \[\{id: string/);
    expect(run.stdout).toContain('example:\n  bible GetVerse verseId=');
    expect(bible(['help', 'GetVerse']).stdout).toBe(run.stdout);
    expect(bible(['GetVerse', '-h']).stdout).toBe(run.stdout);
    expect(bible(['GetSearchAdvanced', '--help']).stdout).toMatch(/matchType .*\n.*\n\s+allowed: .*broad/);
  });

  it('names the closest operation when the name is misspelt', () => {
    const run = bible(['help', 'GetVrese']);
    expect(run.status).toBe(2);
    expect(JSON.parse(run.stderr).error).toMatchObject({ code: 'UNKNOWN_OPERATION' });
    expect(JSON.parse(run.stderr).error.message).toContain('did you mean GetVerse?');
  });
});

describe('bible batch', () => {
  it('answers one call per line, in order, with errors in place', () => {
    const run = bible(
      ['batch'],
      'GetVerse verseId=01001001\n\n# a comment\nGetSearchCount?query=love%20one&versionId=kjv\nGetVerse verseId=0\nGetParseCitation citation=John\\ 3:16\n',
    );
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(4);
    expect(lines[0][0].t).toBe('In the beginning God created the heaven and the earth.');
    expect(lines[1].searchCount).toBeGreaterThan(0);
    expect(lines[2].error).toMatchObject({ code: 'INVALID_PARAMETER', param: 'verseId' });
    expect(lines[3].verseIds).toEqual(['43003016']);
    expect(run.status).toBe(2);
    expect(bible(['batch'], 'GetVerse verseId=01001001\n').status).toBe(0);
  });

  it('reads quoted words as a shell does; an unclosed quote fails that line only', () => {
    const run = bible(
      ['batch'],
      [
        'GetParseCitation citation="Jn 3:16"',
        "GetParseCitation 'citation=Jn 3:16'",
        'GetParseCitation citation="Jn 3:16',
        'GetSearchCount query="\\"love\\"" versionId=kjv',
        'GetParseCitation?citation=Jn%203:16',
        'GetVerse verseId=43003016 versionId=web versionId=kjv',
        'GetVerse?verseId=43003016&versionId=web&versionId=kjv',
        'GetVerse verseId=43003016 versoinId=web',
      ].join('\n'),
    );
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(8);
    expect(lines[0].verseIds).toEqual(['43003016']);
    expect(lines[1]).toEqual(lines[0]);
    expect(lines[2].error.message).toContain('unclosed double quote');
    expect(lines[3].searchCount).toBeGreaterThan(0);
    expect(lines[4]).toEqual(lines[0]);
    expect(lines[5].error).toMatchObject({ code: 'INVALID_PARAMETER', param: 'versionId' });
    expect(lines[6].error).toMatchObject({ code: 'INVALID_PARAMETER', param: 'versionId' });
    expect(lines[7].error).toMatchObject({ code: 'INVALID_PARAMETER', param: 'versoinId' });
    expect(run.status).toBe(2);

    const lenient = bible(['batch', '--lenient'], 'GetVerse verseId=43003016 versoinId=web\n');
    expect(lenient.status).toBe(0);
    expect(JSON.parse(lenient.stdout)[0].t).toMatch(/^For God so loved the world, that he gave/);
    expect(lenient.stderr).toContain('takes no versoinId');
  });
});

describe('bible copy-packs', () => {
  it('copies meta and the chosen packs, and refuses unknown packs and missing flags', () => {
    const to = join(scratch, 'assets');
    const run = bible(['copy-packs', '--to', to, '--versions', 'web', '--packs', 'lexicon']);
    expect(run.status, run.stderr).toBe(0);
    expect(readdirSync(to).sort()).toEqual(['lexicon.pack', 'manifest.json', 'meta.pack', 'text-web.pack']);
    expect(bible(['copy-packs', '--to', to, '--packs', 'nothing']).stderr).toContain('no pack named nothing');
    expect(bible(['copy-packs']).status).toBe(2);
    expect(bible(['copy-packs', '--to', to, '--colour']).status).toBe(2);
    expect(bible(['copy-packs', '--list']).stdout).toMatch(/text-kjv\s+\d+ KiB/);
  });
});

describe('bible --version', () => {
  it("prints the package's name and version from its package.json, exit 0, in each spelling", () => {
    const { name, version } = JSON.parse(
      readFileSync(resolve(import.meta.dirname, '..', '..', 'package.json'), 'utf8'),
    );
    for (const spelling of ['--version', '-V', 'version']) {
      const run = bible([spelling]);
      expect(run.status, spelling).toBe(0);
      expect(run.stdout).toBe(`${name} ${version}\n`);
    }
    const extra = bible(['--version', 'GetVerse']);
    expect(extra.status).toBe(2);
    expect(extra.stderr).toBe('bible --version takes nothing after it, got "GetVerse"\n');
  });

  it('a help line in a batch is refused in one JSON line that says where help is, and the batch goes on', () => {
    const run = bible(['batch'], 'help GetVerse\n--help\nGetVerse verseId=43003016\n');
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines[0].error).toMatchObject({ code: 'UNKNOWN_OPERATION', message: expect.stringMatching(/bible help/) });
    expect(lines[1].error.code).toBe('UNKNOWN_OPERATION');
    expect(lines[2][0].id).toBe('43003016');
    expect(run.status).toBe(2);
  });
});
