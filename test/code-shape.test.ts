// Code in pieces a reader can hold: no function over 80 lines, no source file over 600 (tests and data
// tables aside), no circle of imports (type imports included). A new long function or file, or a new
// circle, fails here; the allow-lists below name what is waiting for its split, each with its reason.
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findCircles,
  functionLengths,
  GENERATED_MARKER,
  importSpecifiers,
  isGenerated,
  MAX_FILE_LINES,
  MAX_FUNCTION_LINES,
  measureCodeShape,
} from '../scripts/code-shape.ts';

const root = join(import.meta.dirname, '..');

/** `file:function` over the function limit, and why it stays for now (none does today). */
const ALLOWED_LONG_FUNCTIONS: Record<string, string> = {};

/** Files over the file limit that are data tables, not code a reader follows. */
const ALLOWED_LONG_FILES: Record<string, string> = {
  'sources/catalog.ts': 'a data table: one entry per dataset',
};

const shape = measureCodeShape(root);

describe('code shape', () => {
  it(`has no function over ${MAX_FUNCTION_LINES} lines outside the allow-list`, () => {
    const over = shape.longFunctions
      .map((fn) => `${fn.file}:${fn.name}`)
      .filter((key) => !(key in ALLOWED_LONG_FUNCTIONS));
    expect(over).toEqual([]);
  });

  it(`has no source file over ${MAX_FILE_LINES} lines outside the allow-list`, () => {
    const over = shape.longFiles.map((file) => file.file).filter((file) => !(file in ALLOWED_LONG_FILES));
    expect(over).toEqual([]);
  });

  it('has no circle of imports', () => {
    expect(shape.importCircles).toEqual([]);
  });

  it('keeps no stale entry in its allow-lists: each one is still over its limit', () => {
    const long = new Set(shape.longFunctions.map((fn) => `${fn.file}:${fn.name}`));
    expect(Object.keys(ALLOWED_LONG_FUNCTIONS).filter((key) => !long.has(key))).toEqual([]);
    const longFiles = new Set(shape.longFiles.map((file) => file.file));
    expect(Object.keys(ALLOWED_LONG_FILES).filter((file) => !longFiles.has(file))).toEqual([]);
  });
});

describe('code shape measures', () => {
  it('passes by a file written by a script, and only one whose leading comment says so', () => {
    expect(shape.generatedFiles).toContain('engine/core/typed-docs.ts');
    expect(isGenerated(`// ${GENERATED_MARKER} by scripts/x.ts: do not edit.\nexport const a = 1;`)).toBe(true);
    expect(isGenerated(`// Writes a file.\n// ${GENERATED_MARKER} below\nconst a = 1;`)).toBe(true);
    expect(isGenerated(`// A hand-written file.\nconst marker = '${GENERATED_MARKER}';`)).toBe(false);
    expect(isGenerated(`import x from './x.ts';\n// ${GENERATED_MARKER}`)).toBe(false);
    expect(isGenerated('')).toBe(false);
  });

  it('counts a function from its first line to its last, closures inside it included', () => {
    const text = ['function outer() {', '  const inner = () => {', '    return 1;', '  };', '  return inner;', '}'];
    const lengths = functionLengths('x.ts', text.join('\n'));
    expect(lengths.map((fn) => [fn.name, fn.line, fn.lines])).toEqual([
      ['outer', 1, 6],
      ['inner', 2, 3],
    ]);
  });

  it('names methods, arrow functions bound to properties and constructors', () => {
    const text = 'class A { constructor() {} run() {} }\nconst o = { go: () => 1, f: function () {} };';
    expect(functionLengths('x.ts', text).map((fn) => fn.name)).toEqual(['constructor', 'run', 'go', 'f']);
  });

  it('sees type-only, re-exported, dynamic and import-type specifiers', () => {
    const text = [
      "import type { A } from './a.ts';",
      "export { B } from './b.ts';",
      "const c = await import('./c.ts');",
      "let d: import('./d.ts').D;",
      "import 'node:fs';",
    ].join('\n');
    expect(importSpecifiers('x.ts', text)).toEqual(['./a.ts', './b.ts', './c.ts', './d.ts', 'node:fs']);
  });

  it('finds a circle exactly when some file reaches itself', () => {
    const graphs = fc.dictionary(
      fc.constantFrom('a', 'b', 'c', 'd', 'e'),
      fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { maxLength: 4 }),
    );
    fc.assert(
      fc.property(graphs, (edges) => {
        const graph = new Map(Object.entries(edges));
        const reaches = (from: string, to: string): boolean => {
          const seen = new Set<string>();
          const walk = [...(graph.get(from) ?? [])];
          while (walk.length > 0) {
            const next = walk.pop()!;
            if (next === to) return true;
            if (seen.has(next)) continue;
            seen.add(next);
            walk.push(...(graph.get(next) ?? []));
          }
          return false;
        };
        const inCircle = new Set(findCircles(graph).flat());
        for (const file of graph.keys()) expect(inCircle.has(file)).toBe(reaches(file, file));
      }),
    );
  });
});
