// `bible build`: compiles the corpus into dist/data and bundles the engine for browsers. It runs from a
// checkout (the TypeScript sources, through tsx), never from the published package, which carries no
// compiler: bin/bible.js sends `bible build` here.
import { parseArgs } from 'node:util';
import { bundle } from '../scripts/bundle.ts';
import { build } from './build.ts';

export { BuildInputError } from './build.ts';

export async function buildCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { only: { type: 'string' }, 'exclude-category': { type: 'string' } },
    strict: true,
  });
  const list = (value: string | undefined) =>
    (value ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  await build({
    ...(values.only !== undefined ? { only: list(values.only) } : {}),
    // e.g. --exclude-category cc_restrictive,unknown: a data set fit for commercial redistribution
    ...(values['exclude-category'] !== undefined ? { excludeCategories: list(values['exclude-category']) } : {}),
  });
  // A full build also bundles the engine for browsers and the reader page (dist/engine.js, dist/web).
  if (values.only === undefined) await bundle();
  return 0;
}

if (process.argv[1] && import.meta.url.endsWith('/compiler/cli.ts') && process.argv[1].endsWith('cli.ts')) {
  process.exitCode = await buildCommand(process.argv.slice(2));
}
