// `bible build` refuses a bad command line in one line with exit 2, before it reads the corpus or touches
// dist/: unknown options, stray arguments, and names that are not builders or licence categories.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { buildCommand } from '../../compiler/cli.ts';

const BIN = resolve(import.meta.dirname, '..', '..', 'bin', 'bible.js');

/** Runs the command in this process, with what it writes. */
async function build(args: string[]) {
  const written = { stdout: '', stderr: '' };
  const capture = (stream: 'stdout' | 'stderr') =>
    vi.spyOn(process[stream], 'write').mockImplementation((chunk) => {
      written[stream] += String(chunk);
      return true;
    });
  const spies = [capture('stdout'), capture('stderr')];
  try {
    return { code: await buildCommand(args), ...written };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

describe('bible build: argument errors', () => {
  it('is one clear line and exit 2, before anything is built', async () => {
    const cases: [string[], RegExp][] = [
      [['--bogus'], /^bible build: unknown option "--bogus"/],
      [['--only', 'x'], /^bible build: --only: no builder named "x"; builders: text, meta, /],
      [['--only', 'text,nope'], /^bible build: --only: no builder named "nope"/],
      [['--only', ' , '], /^bible build: --only needs one or more builder names: text, /],
      [['--only'], /^bible build: --only needs a value/],
      [
        ['--exclude-category', 'cheap'],
        /^bible build: --exclude-category: no licence category named "cheap"; licence categories: /,
      ],
      [['everything'], /^bible build: unexpected argument "everything"/],
    ];
    for (const [args, message] of cases) {
      const run = await build(args);
      expect(run.code, `${args.join(' ')}: ${run.stderr}`).toBe(2);
      expect(run.stdout, args.join(' ')).toBe('');
      const lines = run.stderr.trimEnd().split('\n');
      expect(lines, run.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(message);
    }
  });

  it('through the bible command too: exit 2 and no stack trace', () => {
    const run = spawnSync(process.execPath, [BIN, 'build', '--bogus'], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('bible build: unknown option "--bogus" (bible build --help lists the options)\n');
  });

  it('--help lists the builders and categories', async () => {
    const run = await build(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/--only NAMES .*text, meta, plans/);
    expect(run.stdout).not.toMatch(/search/);
    expect(run.stdout).toMatch(/--exclude-category NAMES .*cc_restrictive/);
  });
});
