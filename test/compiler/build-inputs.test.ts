// What makes the packs stale: the compiler, the catalog and the engine modules the compiler imports. An
// operation's code is none of them, so adding or editing an operation rebuilds lib/, never the packs.
import { describe, expect, it } from 'vitest';
import { buildInputs } from '../../compiler/build.ts';

describe('build inputs', () => {
  const inputs = buildInputs();

  it('hold the compiler, the catalog and the pack layer', () => {
    expect(inputs).toContain('compiler');
    expect(inputs).toContain('sources');
    expect(inputs).toContain('engine/core/pack/schemas.ts');
  });

  it('leave out the operation table and the operations, the hosts and the page', () => {
    const operationCode = inputs.filter(
      (file) =>
        file === 'engine/core/operations.ts' ||
        file.startsWith('engine/core/ops/') ||
        file.startsWith('engine/node/http/') ||
        file === 'engine/node/copy-packs.ts' ||
        file.startsWith('engine/browser/'),
    );
    expect(operationCode).toEqual([]);
  });
});
