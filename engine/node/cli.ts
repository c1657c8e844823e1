// The `bible` command: `bible <Operation> name=value ...`, `bible build`, `bible serve`.
// Imports are lazy: `bible help` loads nothing, an operation loads the engine, `serve` the server.
import { BibleError } from '../core/errors.ts';
import { parseQuery } from './http/query.ts';

const USAGE = `usage:
  bible <Operation> [name=value ...]   answer one operation as JSON (e.g. bible GetVerse verseId=43003016)
  bible build [--only b1,b2]           compile the corpus into dist/data (--only: just these builders)
        [--exclude-category c1,c2]     leave out datasets of these licence categories (e.g. cc_restrictive,unknown)
  bible serve [--port N] [--keys FILE] [--audio TEMPLATE]
                                       start the HTTP server (API, reader page, packs); bible serve --help
  bible copy-packs --to DIR [--versions kjv] [--search] [--packs a,b]
                                       copy chosen packs into an app's assets folder; bible copy-packs --help
  bible batch                          answer one call per line of standard input, one JSON line each:
                                       "GetVerse verseId=43003016" or "GetVerse?verseId=43003016&versionId=kjv"
  bible help                           this text; \`bible GetEndpoints\` lists every operation`;

export function parseAssignments(args: string[]): Record<string, string> {
  // fromEntries makes every name an own property, "__proto__" included (assignment would set the prototype).
  return Object.fromEntries(
    args.map((arg) => {
      const eq = arg.indexOf('=');
      if (eq <= 0) throw new BibleError('INVALID_PARAMETER', `expected name=value, got ${JSON.stringify(arg)}`);
      return [arg.slice(0, eq), arg.slice(eq + 1)];
    }),
  );
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return command ? 0 : 1;
  }
  if (command === 'build') {
    process.stderr.write(
      'bible build compiles the corpus and runs from a checkout of the repository (npm run build)\n',
    );
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
  if (command === 'batch') return batch(process.stdin, process.stdout);
  if (command === 'serve') {
    const { serveFromArgs } = await import('./serve-command.ts');
    try {
      await serveFromArgs(rest);
    } catch (error) {
      process.stderr.write(`bible serve: ${error instanceof Error ? error.message : String(error)}\n`);
      return 2;
    }
    return 0;
  }
  try {
    const [{ OPERATION_BY_NAME }, { openNode }] = await Promise.all([
      import('../core/operations.ts'),
      import('./loader.ts'),
    ]);
    if (!OPERATION_BY_NAME.has(command)) {
      throw new BibleError(
        'UNKNOWN_OPERATION',
        `unknown operation ${JSON.stringify(command)}; \`bible GetEndpoints\` lists them all`,
      );
    }
    const params = parseAssignments(rest);
    const bible = await openNode();
    const ignored = bible.unknownParams(command, params);
    if (ignored.length)
      process.stderr.write(
        `bible: ${command} takes no ${ignored.join(', ')}; ignored (GetEndpoints lists its parameters)\n`,
      );
    const answer = await bible.call(command, params);
    process.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof BibleError) {
      process.stderr.write(`${JSON.stringify(error.toJSON())}\n`);
      return 2;
    }
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

/**
 * `bible batch`: one process for many calls, for scripts that would otherwise start `bible` once per
 * lookup. Each input line is a call, written as the CLI takes it ("GetVerse verseId=43003016", values
 * percent-encoded where they hold spaces) or as an HTTP path ("GetVerse?verseId=43003016"); each output
 * line is its JSON answer or {"error": …}, in order.
 */
export async function batch(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): Promise<number> {
  const [{ createInterface }, { openNode }] = await Promise.all([import('node:readline'), import('./loader.ts')]);
  const bible = await openNode();
  let failures = 0;
  for await (const raw of createInterface({ input, crlfDelay: Infinity })) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    let answer: unknown;
    try {
      const [name, params] = parseCallLine(line);
      answer = await bible.call(name, params);
    } catch (error) {
      failures++;
      answer =
        error instanceof BibleError
          ? error.toJSON()
          : { error: { code: 'INTERNAL', message: String(error), param: null } };
    }
    if (!output.write(`${JSON.stringify(answer)}\n`)) await new Promise((done) => output.once('drain', done));
  }
  return failures ? 2 : 0;
}

/**
 * "GetVerse verseId=1 versionId=kjv" or "GetVerse?verseId=1&versionId=kjv" -> name and parameters. The
 * second form is a query string, read by the HTTP server's rules.
 */
export function parseCallLine(line: string): [string, Record<string, string>] {
  const q = line.indexOf('?');
  if (q >= 0) return [line.slice(0, q).replace(/^\//, ''), parseQuery(line.slice(q + 1))];
  const [name, ...assignments] = line.split(/\s+/);
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '));
    } catch {
      throw new BibleError('INVALID_PARAMETER', `bad percent-encoding in ${JSON.stringify(s.slice(0, 40))}`);
    }
  };
  const raw = parseAssignments(assignments.filter(Boolean));
  return [name.replace(/^\//, ''), Object.fromEntries(Object.entries(raw).map(([k, v]) => [decode(k), decode(v)]))];
}

const isEntry = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop()!);
if (isEntry) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
