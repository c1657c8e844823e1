// `bible build` compiles the corpus from the compiler's TypeScript sources through tsx, a development
// dependency: only a checkout of the repository with its devDependencies installed has both. Anywhere
// else (an installed package) the command says so in one line instead of failing on a missing module.
import { existsSync } from 'node:fs';

const COMPILER = new URL('../compiler/cli.ts', import.meta.url);
const NEEDS_CHECKOUT =
  'bible build: compiling the corpus needs a checkout of the bible-engine repository with its ' +
  'devDependencies (npm install there, then npm run build); an installed package ships its packs already built';

const USAGE = `usage: bible build [--only b1,b2] [--exclude-category c1,c2]
  --only LIST              run just these builders (text, meta, search, ...), keeping the other packs
  --exclude-category LIST  leave out datasets of these licence categories (e.g. cc_restrictive,unknown)`;

/** Runs the compiler's `build` command, or explains why it cannot run here; returns the exit code. */
export async function buildFromCheckout(args) {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let register;
  if (existsSync(COMPILER)) {
    try {
      ({ register } = await import('tsx/esm/api'));
    } catch (error) {
      if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
    }
  }
  if (!register) {
    process.stderr.write(`${NEEDS_CHECKOUT}\n`);
    return 2;
  }
  register();
  const { buildCommand, BuildInputError } = await import(COMPILER.href);
  try {
    return await buildCommand(args);
  } catch (error) {
    // A mistyped option or builder name, or a missing corpus: one line, not a stack trace. Anything
    // else is a fault in the build, whose stack says where.
    if (!(error instanceof BuildInputError) && !String(error?.code).startsWith('ERR_PARSE_ARGS')) throw error;
    process.stderr.write(`bible build: ${error.message}\n${USAGE}\n`);
    return 2;
  }
}
