#!/usr/bin/env node
// The `bible` command. It runs the compiled JavaScript in lib/cli (built by `npm install` in a checkout,
// and rebuilt there when the engine's sources changed; shipped in the package). `bible build` compiles the corpus, which only a checkout can do: it runs
// the compiler's TypeScript sources through tsx, a development dependency.

// Stacks name the TypeScript file and line: lib/ ships source maps beside its bundles.
process.setSourceMapsEnabled(true);

// `bible GetEndpoints | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  else throw error;
});

const [command, ...args] = process.argv.slice(2);
if (command === 'build' || (command === 'help' && args[0] === 'build')) {
  const { buildFromCheckout } = await import('./build-from-checkout.js');
  process.exitCode = await buildFromCheckout(command === 'build' ? args : ['--help']);
} else {
  // In a checkout, lib/ is rebuilt first when the engine's sources changed since it was built.
  if (process.getBuiltinModule('node:fs').existsSync(new URL('../scripts/build-lib.ts', import.meta.url)))
    await (await import('./lib-freshness.js')).refreshLib();
  const { main } = await import('../lib/cli/cli.js');
  process.exitCode = await main(process.argv.slice(2));
}
