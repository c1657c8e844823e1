// The compiler's layering, checked on its source: adapters read files, builders build from what the
// adapters return, and every input path comes from the catalog.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../sources/catalog.ts';

const buildersDir = join(import.meta.dirname, '..', '..', 'compiler', 'builders');
const builders = readdirSync(buildersDir)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => ({ name, source: readFileSync(join(buildersDir, name), 'utf8') }));

// The top folders of the corpus, as catalog paths start with them.
const corpusFolders = [...new Set(CATALOG.map((e) => e.path.split('/')[0]))];

describe('compiler layering', () => {
  it('builders read no file themselves (the licensing builder only looks at modification times)', () => {
    const reading = builders.filter((b) => /\b(readFileSync|readFile|createReadStream|openSync)\b/.test(b.source));
    expect(reading.map((b) => b.name)).toEqual([]);
    const fsUsers = builders.filter((b) => /from 'node:fs'/.test(b.source)).map((b) => b.name);
    expect(fsUsers).toEqual(['licensing.ts']);
  });

  it('builders name no corpus path: they ask the catalog (ctx.source) for it', () => {
    // A folder prefix ending in '/' ('study/topical/') classifies datasets by kind; a path to a file or
    // folder would be an input.
    const literal = new RegExp(`['\`](${corpusFolders.join('|')})/[^'\`]*[^/'\`]['\`]`);
    const naming = builders.filter((b) => literal.test(b.source)).map((b) => b.name);
    expect(naming).toEqual([]);
  });
});
