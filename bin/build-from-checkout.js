// `bible build` compiles the corpus from the compiler's TypeScript sources through tsx, a development
// dependency: only a checkout of the repository with its devDependencies installed has both. Anywhere
// else (an installed package) the command says so in one line instead of failing on a missing module.
import { existsSync } from 'node:fs';

const COMPILER = new URL('../compiler/cli.ts', import.meta.url);
const NEEDS_CHECKOUT =
  'bible build: compiling the corpus needs a checkout of the bible-engine repository with its ' +
  'devDependencies (npm install there, then npm run build); an installed package ships its packs already built';

/** Runs the compiler's `build` command, or explains why it cannot run here; returns the exit code. */
export async function buildFromCheckout(args) {
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
  const { buildCommand } = await import(COMPILER.href);
  return buildCommand(args);
}
