// The `bible` command: `bible <Operation> name=value ...`, `bible build`, `bible serve`.
import { BibleError } from '../core/errors.ts';
import { OPERATIONS } from '../core/operations.ts';
import { openNode } from './loader.ts';

const USAGE = `usage:
  bible <Operation> [name=value ...]   answer one operation as JSON (e.g. bible GetVerse verseId=43003016)
  bible build [--only b1,b2]           compile the corpus into dist/data (--only: just these builders)
        [--exclude-category c1,c2]     leave out datasets of these licence categories (e.g. cc_restrictive,unknown)
  bible serve [--port N] [--keys FILE] [--audio TEMPLATE]
                                       start the HTTP server (API, reader page, packs); bible serve --help
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
    const { build } = await import('../../compiler/build.ts');
    const only = rest.indexOf('--only');
    const exclude = rest.indexOf('--exclude-category');
    await build({
      ...(only >= 0 ? { only: (rest[only + 1] ?? '').split(',').filter(Boolean) } : {}),
      // e.g. --exclude-category cc_restrictive,unknown: a data set fit for commercial redistribution
      ...(exclude >= 0 ? { excludeCategories: (rest[exclude + 1] ?? '').split(',').map((c) => c.trim()).filter(Boolean) } : {}),
    });
    // A full build also bundles the engine for browsers and the reader page (dist/engine.js, dist/web).
    if (only < 0) await (await import('../../scripts/bundle.ts')).bundle();
    return 0;
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
    if (!OPERATIONS.some((op) => op.name === command)) {
      throw new BibleError('UNKNOWN_OPERATION', `unknown operation ${JSON.stringify(command)}; \`bible GetEndpoints\` lists them all`);
    }
    const params = parseAssignments(rest);
    const bible = await openNode();
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
