// The `bible` command: `bible <Operation> name=value ...`, `bible build`, `bible serve`.
// Imports are lazy: `bible help` loads nothing, an operation loads the engine, `serve` the server.
import { BibleError } from '../core/errors.ts';

const USAGE = `usage:
  bible <Operation> [name=value ...]   answer one operation as JSON (e.g. bible GetVerse verseId=43003016)
  bible build [--only b1,b2]           compile the corpus into dist/data (--only: just these builders)
        [--exclude-category c1,c2]     leave out datasets of these licence categories (e.g. cc_restrictive,unknown)
  bible serve [--port N] [--keys FILE] [--audio TEMPLATE]
                                       start the HTTP server (API, reader page, packs); bible serve --help
  bible copy-packs --to DIR [--versions kjv] [--search] [--packs a,b]
                                       copy chosen packs into an app's assets folder; bible copy-packs --help
  bible help                           this text; \`bible GetEndpoints\` lists every operation`;

export function parseAssignments(args: string[]): Record<string, string> {
  const params: Record<string, string> = {};
  for (const arg of args) {
    const eq = arg.indexOf('=');
    if (eq <= 0) throw new BibleError('INVALID_PARAMETER', `expected name=value, got ${JSON.stringify(arg)}`);
    params[arg.slice(0, eq)] = arg.slice(eq + 1);
  }
  return params;
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(USAGE + '\n');
    return command ? 0 : 1;
  }
  if (command === 'build') {
    process.stderr.write('bible build compiles the corpus and runs from a checkout of the repository (npm run build)\n');
    return 2;
  }
  if (command === 'copy-packs') {
    const { copyPacksFromArgs } = await import('./copy-packs.ts');
    try {
      return copyPacksFromArgs(rest);
    } catch (error) {
      process.stderr.write(`bible copy-packs: ${error instanceof Error ? error.message : String(error)}\n`);
      return 2;
    }
  }
  if (command === 'serve') {
    const { serveFromArgs } = await import('./server.ts');
    try {
      await serveFromArgs(rest);
    } catch (error) {
      process.stderr.write(`bible serve: ${error instanceof Error ? error.message : String(error)}\n`);
      return 2;
    }
    return 0;
  }
  try {
    const [{ OPERATION_BY_NAME }, { openNode }] = await Promise.all([import('../core/operations.ts'), import('./loader.ts')]);
    if (!OPERATION_BY_NAME.has(command)) {
      throw new BibleError('UNKNOWN_OPERATION', `unknown operation ${JSON.stringify(command)}; \`bible GetEndpoints\` lists them all`);
    }
    const params = parseAssignments(rest);
    const bible = await openNode();
    const ignored = bible.unknownParams(command, params);
    if (ignored.length) process.stderr.write(`bible: ${command} takes no ${ignored.join(', ')}; ignored (GetEndpoints lists its parameters)\n`);
    const answer = await bible.call(command, params);
    process.stdout.write(JSON.stringify(answer, null, 2) + '\n');
    return 0;
  } catch (error) {
    if (error instanceof BibleError) {
      process.stderr.write(JSON.stringify(error.toJSON()) + '\n');
      return 2;
    }
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

const isEntry = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop()!);
if (isEntry) {
  main(process.argv.slice(2)).then((code) => { process.exitCode = code; });
}
