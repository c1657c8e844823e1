// docs/architecture.md promises that an operation is one definition in its family's module, its name in
// the list of names, plus its test. This test takes those steps in a scratch copy of the engine: a
// defineOperation appended to the info family's list and its name to OPERATION_NAMES. Then, with no other change, call() answers it, bad input is refused by its parameter
// table, GetEndpoints lists it, and the typed API knows its parameters and result.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '..', '..');

const DEFINITION = `  defineOperation({
    name: 'GetFixtureEcho',
    family: 'info',
    summary: 'The word it is given and its length: an operation written by the test suite.',
    params: [{ name: 'word', type: 'text', required: true, maxLength: 20, description: 'any word' }],
    result: object({ word: string, length: number }),
    packs: () => [],
    run(_ctx, p) {
      return { word: p.word, length: p.word.length };
    },
  }),
`;

// A caller of the new operation: typed method, call(), GetEndpoints, and a refusal of bad input.
const CALLER = `import { openNode } from './engine/node/loader.ts';

const bible = await openNode({ dataDir: ${JSON.stringify(join(REPO, 'dist', 'data'))} });
const answer = await bible.GetFixtureEcho({ word: 'grace' });
const length: number = answer.length;
// Never called: only its type matters.
// @ts-expect-error the new operation's parameter is named word
const misuse = () => bible.GetFixtureEcho({ text: 'grace' });
void misuse;
const endpoints = await bible.GetEndpoints();
let refusal = '';
try {
  await bible.call('GetFixtureEcho', { word: 'x'.repeat(21) });
} catch (error) {
  refusal = \`\${(error as { code: string }).code} \${(error as { param: string }).param}\`;
}
console.log(JSON.stringify({ answer, length, listed: endpoints.GetFixtureEcho, refusal }));
`;

let scratch = '';

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'add-operation-'));
  for (const path of ['engine', 'sources', 'package.json', 'tsconfig.json']) {
    cpSync(join(REPO, path), join(scratch, path), { recursive: true });
  }
  symlinkSync(join(REPO, 'node_modules'), join(scratch, 'node_modules'));
  // The steps: the definition appended to its family's list, and its name to the list of names.
  const family = join(scratch, 'engine', 'core', 'ops', 'info.ts');
  const source = readFileSync(family, 'utf8');
  const end = '\n] as const;';
  expect(source.split(end)).toHaveLength(2);
  writeFileSync(family, source.replace(end, `\n${DEFINITION}] as const;`));
  const namesFile = join(scratch, 'engine', 'core', 'operation-names.ts');
  const names = readFileSync(namesFile, 'utf8');
  const namesEnd = '\n] as const satisfies';
  expect(names.split(namesEnd)).toHaveLength(2);
  writeFileSync(namesFile, names.replace(namesEnd, `\n  'GetFixtureEcho',${namesEnd}`));
  writeFileSync(join(scratch, 'caller.ts'), CALLER);
  writeFileSync(
    join(scratch, 'tsconfig.caller.json'),
    JSON.stringify({ extends: './tsconfig.json', include: [], files: ['caller.ts'] }),
  );
});

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('adding an operation', () => {
  it('is answered, checked and listed with no change but its definition', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(scratch, 'caller.ts')], {
      cwd: scratch,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({
      answer: { word: 'grace', length: 5 },
      length: 5,
      listed: expect.objectContaining({ params: ['word'] }),
      refusal: 'INVALID_PARAMETER word',
    });
  });

  it('is known to the typed API: its parameters and result typecheck, a wrong parameter does not', () => {
    const tsc = spawnSync(
      process.execPath,
      [join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.caller.json'],
      { cwd: scratch, encoding: 'utf8' },
    );
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });
});
