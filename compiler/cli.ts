// `bible build`: compiles the corpus into dist/data and bundles the engine for browsers. It runs from a
// checkout (the TypeScript sources, through tsx), never from the published package, which carries no
// compiler: bin/bible.js sends `bible build` here.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parseManifest } from '../engine/node/manifest.ts';
import { bundle } from '../scripts/bundle.ts';
import { LICENCE_CATEGORIES } from '../sources/catalog.ts';
import { BUILDERS, build, DEFAULT_OUT_DIR } from './build.ts';

export const BUILD_USAGE = `usage: bible build [--only NAMES] [--exclude-category CATEGORIES]
  --only NAMES                 run just these builders, keeping the other packs: ${BUILDERS.map((b) => b.name).join(', ')}
  --exclude-category NAMES     leave out the datasets of these licence categories: ${Object.keys(LICENCE_CATEGORIES).join(', ')}`;

/** A mistake in the command line: reported in one line with exit code 2, before anything is built. */
class ArgumentError extends Error {}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** The names a list flag gives, each one of `known`; an empty or unknown name says which are known. */
function namesFrom(flag: string, value: string, [what, plural]: [string, string], known: readonly string[]): string[] {
  const names = list(value);
  if (!names.length) throw new ArgumentError(`${flag} needs one or more ${what} names: ${known.join(', ')}`);
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length)
    throw new ArgumentError(
      `${flag}: no ${what} named ${unknown.map((n) => JSON.stringify(n)).join(', ')}; ${plural}: ${known.join(', ')}`,
    );
  return names;
}

function readBuildArgs(args: string[]): { only?: string[]; excludeCategories?: string[]; help: boolean } {
  let values: { only?: string; 'exclude-category'?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args,
      options: { only: { type: 'string' }, 'exclude-category': { type: 'string' }, help: { type: 'boolean' } },
      strict: true,
    }));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const option = /'([^' ]+)/.exec(message)?.[1] ?? message;
    throw new ArgumentError(
      /argument missing|ambiguous/.test(message)
        ? `${option} needs a value`
        : /Unexpected argument/.test(message)
          ? `unexpected argument ${JSON.stringify(option)}; bible build takes only options (bible build --help)`
          : `unknown option ${JSON.stringify(option)} (bible build --help lists the options)`,
    );
  }
  return {
    help: values.help === true,
    ...(values.only !== undefined
      ? {
          only: namesFrom(
            '--only',
            values.only,
            ['builder', 'builders'],
            BUILDERS.map((b) => b.name),
          ),
        }
      : {}),
    // e.g. --exclude-category cc_restrictive,unknown: a data set fit for commercial redistribution
    ...(values['exclude-category'] !== undefined
      ? {
          excludeCategories: namesFrom(
            '--exclude-category',
            values['exclude-category'],
            ['licence category', 'licence categories'],
            Object.keys(LICENCE_CATEGORIES),
          ),
        }
      : {}),
  };
}

/** A partial build keeps the other packs' records from the manifest there: it must be readable first. */
function checkKeptManifest(): void {
  const path = join(DEFAULT_OUT_DIR, 'manifest.json');
  if (!existsSync(path)) return;
  try {
    parseManifest(readFileSync(path, 'utf8'), path);
  } catch (error) {
    throw new ArgumentError(
      `--only keeps the other packs, but ${error instanceof Error ? error.message : String(error)}; run a full bible build`,
    );
  }
}

export { BuildInputError } from './build.ts';

export async function buildCommand(args: string[]): Promise<number> {
  let options: ReturnType<typeof readBuildArgs>;
  try {
    options = readBuildArgs(args);
    if (options.only) checkKeptManifest();
  } catch (error) {
    if (!(error instanceof ArgumentError)) throw error;
    process.stderr.write(`bible build: ${error.message}\n`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(`${BUILD_USAGE}\n`);
    return 0;
  }
  await build({
    ...(options.only ? { only: options.only } : {}),
    ...(options.excludeCategories ? { excludeCategories: options.excludeCategories } : {}),
  });
  // A full build also bundles the engine for browsers and the reader page (dist/engine.js, dist/web).
  if (options.only === undefined) await bundle();
  return 0;
}

if (process.argv[1] && import.meta.url.endsWith('/compiler/cli.ts') && process.argv[1].endsWith('cli.ts')) {
  process.exitCode = await buildCommand(process.argv.slice(2));
}
