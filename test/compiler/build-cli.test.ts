// `bible build` refuses a bad command line in one line with exit 2, before it reads the corpus or touches
// dist/: unknown options, stray arguments, and names that are not builders or licence categories.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const BIN = resolve(import.meta.dirname, '..', '..', 'bin', 'bible.js');

describe('bible build: argument errors', () => {
  it('is one clear line and exit 2, never a stack trace', () => {
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
      const run = spawnSync(process.execPath, [BIN, 'build', ...args], { encoding: 'utf8', timeout: 60_000 });
      expect(run.status, `${args.join(' ')}: ${run.stderr}`).toBe(2);
      expect(run.stdout, args.join(' ')).toBe('');
      const lines = run.stderr.trimEnd().split('\n');
      expect(lines, run.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(message);
    }
  });

  it('--help lists the builders and categories', () => {
    const run = spawnSync(process.execPath, [BIN, 'build', '--help'], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/--only NAMES .*text, meta, search/);
    expect(run.stdout).toMatch(/--exclude-category NAMES .*cc_restrictive/);
  });
});
