// The readers ship in the package and run in a browser or React Native as well as Node: they import no
// Node built-in and no package but fflate, and nothing from the compiler (which does not ship).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = import.meta.dirname;
const readers = readdirSync(dir).filter(
  (name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'test-helpers.ts',
);

describe('import readers are platform-free', () => {
  it('import only each other, the engine core, the import contract, the book list and fflate', () => {
    const outside: string[] = [];
    for (const name of readers) {
      const source = readFileSync(join(dir, name), 'utf8');
      for (const [, target] of source.matchAll(/from '([^']+)'/g)) {
        const allowed =
          target === 'fflate' ||
          /^\.\/[\w-]+\.ts$/.test(target) ||
          /^\.\.\/types\.ts$/.test(target) ||
          /^\.\.\/\.\.\/core\//.test(target) ||
          target === '../../../sources/books.ts';
        if (!allowed) outside.push(`${name}: ${target}`);
      }
      expect(source).not.toMatch(/\b(Buffer|process\.|require\()/);
    }
    expect(outside).toEqual([]);
  });
});
