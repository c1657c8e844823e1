// `bible <Operation>` and `bible batch` as scripts call them: JSON on stdout and exit 0, or the error as
// JSON on stderr and exit 2; ignored parameters are named on stderr.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
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

  it('names parameters it ignored, and fails with exit 2 and a JSON error for bad input', () => {
    const ignored = bible(['GetVerse', 'verseId=43003016', 'color=red']);
    expect(ignored.status).toBe(0);
    expect(ignored.stderr).toContain('GetVerse takes no color');
    const bad = bible(['GetVerse', 'verseId=99999999']);
    expect(bad.status).toBe(2);
    expect(JSON.parse(bad.stderr).error).toMatchObject({ code: 'INVALID_PARAMETER', param: 'verseId' });
    expect(JSON.parse(bible(['GetVrese']).stderr).error.code).toBe('UNKNOWN_OPERATION');
    expect(bible(['GetVerse', 'verseId']).status).toBe(2);
    expect(bible(['help']).status).toBe(0);
    expect(bible([]).status).toBe(1);
  });
});

describe('bible batch', () => {
  it('answers one call per line, in order, with errors in place', () => {
    const run = bible(
      ['batch'],
      'GetVerse verseId=01001001\n\n# a comment\nGetSearchCount?query=love%20one&versionId=kjv\nGetVerse verseId=0\nGetParseCitation citation=John%203:16\n',
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
