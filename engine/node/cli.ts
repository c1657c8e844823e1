// The `bible` command: `bible <Operation> name=value ...`, `bible build`, `bible serve`.
// Imports are lazy: `bible help` loads nothing, `bible help <Operation>` the table and the meta pack, an
// operation the engine, `serve` the server.
import { BibleError } from '../core/errors.ts';
import type { Bible } from '../core/engine.ts';
import { parseQuery } from './http/query.ts';

/** `bible batch`'s lines of the usage, which `bible help batch` prints alone. */
const BATCH_USAGE = `  bible batch [--lenient]              answer one call per line of standard input, one JSON line each;
                                       a line is either words as a shell reads them:
                                         GetParseCitation citation="Jn 3:16" 'language=spanish'
                                       or a query string, percent-encoded as in a URL:
                                         GetParseCitation?citation=Jn%203:16&language=spanish
                                       blank lines and # comments are skipped; exit 2 when any
                                       line failed (its error is its JSON line)`;

const USAGE = `usage:
  bible <Operation> [name=value ...]   answer one operation as JSON (e.g. bible GetVerse verseId=43003016)
        [--lenient]                    ignore parameters the operation does not take (named on stderr)
                                       instead of refusing them, as the HTTP API does
        [--data DIR]                   answer from this pack folder (default: BIBLE_DATA, else the
                                       package's own packs); batch takes it too
  bible help <Operation>               an operation's parameters, allowed values, answer and an example
                                       (also: bible <Operation> --help); \`bible GetEndpoints\` lists them all
  bible build [--only b1,b2]           compile the corpus into dist/data (--only: just these builders;
        [--exclude-category c1,c2]     a checkout only); leave out datasets of these licence categories
  bible serve [--port N] [--keys FILE] [--audio TEMPLATE]
                                       start the HTTP server (API, reader page, packs); bible serve --help
  bible copy-packs --to DIR [--versions kjv] [--packs a,b]
                                       copy chosen packs into an app's assets folder; bible copy-packs --help
  bible import SOURCE --id CODE --data DIR [--name ..] [--language ..] [--license ..] [--json]
                                       add a translation (USFM, USX, OSIS, USFX, Zefania, SWORD or a verse
                                       table; a file, folder or zip) to a pack folder; bible import --help
  bible import --remove CODE --data DIR
${BATCH_USAGE}
  bible help serve|batch|copy-packs|import|build
                                       that command's options
  bible help                           this text
  bible --version                      the package's name and version

A parameter may be given once. Unknown parameters are refused (exit 2, naming the closest real one)
unless --lenient is given. Errors are JSON on stderr: {"error":{"code","message","param"}}, exit 2.`;

/** The flags an operation's command line and `bible batch` take besides name=value words. */
interface CallFlags {
  lenient: boolean;
  help: boolean;
}

/**
 * Splits an operation's command-line words into flags (--lenient, --help, -h) and name=value
 * parameters; any other word starting with "-" is refused.
 */
export function splitFlags(
  args: readonly string[],
  takes = 'an operation takes name=value words, --lenient and --help',
): { flags: CallFlags; assignments: string[] } {
  const flags: CallFlags = { lenient: false, help: false };
  const assignments: string[] = [];
  // `--` ends the options, as in any POSIX command: every word after it is a name=value word.
  const end = args.indexOf('--');
  for (const arg of end < 0 ? args : args.slice(0, end)) {
    if (arg === '--lenient') flags.lenient = true;
    else if (arg === '--help' || arg === '-h') flags.help = true;
    else if (arg.startsWith('-') && !arg.includes('='))
      throw new BibleError('INVALID_PARAMETER', `unknown option ${JSON.stringify(arg.slice(0, 40))}; ${takes}`);
    else assignments.push(arg);
  }
  if (end >= 0) assignments.push(...args.slice(end + 1));
  return { flags, assignments };
}

/**
 * Takes `--data DIR` (or `--data=DIR`) out of a command's words: the pack folder to answer from, as
 * `bible serve --data` reads it. Without it, BIBLE_DATA names the folder; without both, the package's own.
 * Words after `--` are name=value words, never options.
 */
export function takeDataOption(
  args: readonly string[],
  env: Record<string, string | undefined> = process.env,
): { dataDir?: string; rest: string[] } {
  const rest: string[] = [];
  let dataDir: string | undefined;
  const end = args.indexOf('--');
  const options = end < 0 ? args : args.slice(0, end);
  for (let i = 0; i < options.length; i++) {
    const arg = options[i];
    const value = arg === '--data' ? options[++i] : arg.startsWith('--data=') ? arg.slice('--data='.length) : null;
    if (value === null) {
      rest.push(arg);
      continue;
    }
    if (!value || value.startsWith('-'))
      throw new BibleError('INVALID_PARAMETER', '--data needs a folder of packs, such as --data ./packs', 'data');
    if (dataDir !== undefined) throw new BibleError('INVALID_PARAMETER', '--data is given more than once', 'data');
    dataDir = value;
  }
  if (end >= 0) rest.push(...args.slice(end));
  return { dataDir: dataDir ?? (env.BIBLE_DATA || undefined), rest };
}

/** name=value words -> parameters. A name given twice is refused, as the HTTP server refuses it. */
export function parseAssignments(args: readonly string[]): Record<string, string> {
  const params = new Map<string, string>();
  for (const arg of args) {
    const eq = arg.indexOf('=');
    if (eq <= 0)
      throw new BibleError('INVALID_PARAMETER', `expected name=value, got ${JSON.stringify(arg.slice(0, 40))}`);
    const name = arg.slice(0, eq);
    const shown = name.slice(0, 40);
    if (params.has(name))
      throw new BibleError('INVALID_PARAMETER', `parameter ${shown} is given more than once`, shown);
    params.set(name, arg.slice(eq + 1));
  }
  // fromEntries makes every name an own property, "__proto__" included (assignment would set the prototype).
  return Object.fromEntries(params);
}

const writeError = (error: unknown): number => {
  if (error instanceof BibleError) {
    process.stderr.write(`${JSON.stringify(error.toJSON())}\n`);
    return 2;
  }
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  return 1;
};

/** Refuses a name that is no operation, suggesting the closest one. Only the list of names is loaded:
 *  the engine loads an operation's code (the operation table) when the call needs it. */
async function checkOperationName(name: string): Promise<void> {
  const [{ OPERATION_NAMES }, { unknownOperationMessage }] = await Promise.all([
    import('../core/operation-names.ts'),
    import('../core/params.ts'),
  ]);
  if ((OPERATION_NAMES as readonly string[]).includes(name)) return;
  throw new BibleError(
    'UNKNOWN_OPERATION',
    unknownOperationMessage(name, OPERATION_NAMES, '`bible GetEndpoints` lists them all'),
  );
}

async function operationByName(name: string) {
  await checkOperationName(name);
  const { OPERATION_BY_NAME } = await import('../core/operations.ts');
  return OPERATION_BY_NAME.get(name)!;
}

/** Prints one operation's help; the translation codes come from this build's meta pack. */
async function printOperationHelp(name: string): Promise<number> {
  const op = await operationByName(name);
  const [{ operationHelp }, { openNode }] = await Promise.all([import('./operation-help.ts'), import('./loader.ts')]);
  const bible = await openNode();
  process.stdout.write(
    `${operationHelp(
      op,
      bible.meta.versions.map((v) => v.versionId),
    )}\n`,
  );
  return 0;
}

/** Commands besides operations: `bible help <command>` is `bible <command> --help` (bin/bible.js: build). */
const COMMANDS = new Set(['batch', 'copy-packs', 'import', 'serve']);

export async function main(argv: string[]): Promise<number> {
  // `bible --lenient GetVerse …`: a flag written before the operation means the same as after it.
  if (argv[0] === '--lenient' && argv.length > 1 && !argv[1].startsWith('-'))
    return main([argv[1], '--lenient', ...argv.slice(2)]);
  // `bible -- GetVerse …`: the end of options before the operation, whose name is then never an option.
  if (argv[0] === '--' && argv.length > 1)
    return COMMANDS.has(argv[1]) ? main(argv.slice(1)) : callOperation(argv[1], ['--', ...argv.slice(2)]);
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') return helpCommand(command, rest);
  if (command === '--version' || command === '-V' || command === 'version') return versionCommand(command, rest);
  if (command === 'build') {
    process.stderr.write(
      'bible build compiles the corpus and runs from a checkout of the repository (npm run build)\n',
    );
    return 2;
  }
  if (command === 'copy-packs') return copyPacksCommand(rest);
  if (command === 'import') return importCommand(rest);
  if (command === 'batch') return batchCommand(rest);
  if (command === 'serve') return serveCommand(rest);
  return callOperation(command, rest);
}

/** `bible`, `bible help [topic]`, `bible --help [topic]`: the usage, a command's or an operation's help. */
async function helpCommand(command: string | undefined, rest: readonly string[]): Promise<number> {
  const topic = rest[0];
  if (topic !== undefined && COMMANDS.has(topic)) return main([topic, '--help']);
  // `bible help GetVerse` and `bible --help GetVerse` alike.
  if (topic !== undefined && topic !== 'help' && topic !== '--help' && topic !== '-h') {
    try {
      return await printOperationHelp(topic);
    } catch (error) {
      return writeError(error);
    }
  }
  process.stdout.write(`${USAGE}\n`);
  return command ? 0 : 1;
}

/** `bible --version`: the package's name and version; nothing may follow it. */
async function versionCommand(command: string, rest: readonly string[]): Promise<number> {
  if (rest.length) {
    process.stderr.write(`bible ${command} takes nothing after it, got ${JSON.stringify(rest[0].slice(0, 40))}\n`);
    return 2;
  }
  process.stdout.write(`${await packageVersion()}\n`);
  return 0;
}

async function copyPacksCommand(rest: string[]): Promise<number> {
  const { copyPacksFromArgs } = await import('./copy-packs.ts');
  try {
    return copyPacksFromArgs(rest);
  } catch (error) {
    process.stderr.write(`bible copy-packs: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
}

async function importCommand(rest: string[]): Promise<number> {
  const { importFromArgs } = await import('./import-command.ts');
  try {
    return importFromArgs(
      rest,
      (line) => process.stdout.write(`${line}\n`),
      (line) => process.stderr.write(`${line}\n`),
    );
  } catch (error) {
    process.stderr.write(`bible import: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
}

async function batchCommand(rest: readonly string[]): Promise<number> {
  try {
    // Its calls come on standard input: the options it takes are its own, not an operation's.
    const { dataDir, rest: batchArgs } = takeDataOption(rest);
    const { flags, assignments } = splitFlags(batchArgs, 'bible batch takes --lenient, --data DIR and --help');
    if (flags.help) {
      process.stdout.write(`usage:\n${BATCH_USAGE}\n`);
      return 0;
    }
    if (assignments.length)
      throw new BibleError(
        'INVALID_PARAMETER',
        'bible batch reads its calls from standard input; it takes --lenient only',
      );
    return await batch(process.stdin, process.stdout, { lenient: flags.lenient, dataDir });
  } catch (error) {
    return writeError(error);
  }
}

async function serveCommand(rest: string[]): Promise<number> {
  const { serveFromArgs } = await import('./serve-command.ts');
  try {
    await serveFromArgs(rest);
  } catch (error) {
    process.stderr.write(`bible serve: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  return 0;
}

/** `bible <Operation> [name=value…] [--lenient] [--help]`: prints the answer, or the error. */
async function callOperation(command: string, rest: readonly string[]): Promise<number> {
  try {
    const { dataDir, rest: callArgs } = takeDataOption(rest);
    const { flags, assignments } = splitFlags(callArgs);
    if (flags.help) return await printOperationHelp(command);
    await checkOperationName(command);
    const params = parseAssignments(assignments);
    const { openNode } = await import('./loader.ts');
    const bible = await openNode({ lenient: flags.lenient, ...(dataDir ? { dataDir } : {}) });
    if (flags.lenient) await warnIgnored(bible, command, params);
    const answer = await bible.call(command, params);
    process.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
    return 0;
  } catch (error) {
    return writeError(error);
  }
}

/** "bible-engine 1.2.3", from the package.json two folders up (of engine/node in a checkout, of lib/cli
 *  in the installed package). */
async function packageVersion(): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  const manifest = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8'));
  return `${manifest.name} ${manifest.version}`;
}

/** Lenient mode: the parameters an operation does not take are ignored, and named on stderr. */
async function warnIgnored(
  bible: Pick<Bible, 'unknownParams' | 'load'>,
  name: string,
  params: Record<string, string>,
): Promise<void> {
  // unknownParams reads the operation's parameters, which are in the operation table.
  await bible.load([]);
  // Names cut short as in the strict refusal: a runaway argument is not echoed in full.
  const ignored = bible.unknownParams(name, params).map((n) => (n.length > 40 ? `${n.slice(0, 40)}…` : n));
  if (ignored.length)
    process.stderr.write(
      `bible: ${name} takes no ${ignored.join(', ')}; ignored (bible help ${name} lists its parameters)\n`,
    );
}

/**
 * `bible batch`: one process for many calls, for scripts that would otherwise start `bible` once per
 * lookup. Each input line is a call (see parseCallLine); each output line is its JSON answer or
 * {"error": …}, in order. Unknown parameters are refused unless `lenient`.
 */
export async function batch(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  { lenient = false, dataDir }: { lenient?: boolean; dataDir?: string } = {},
): Promise<number> {
  const { openNode } = await import('./loader.ts');
  const bible = await openNode({ lenient, ...(dataDir ? { dataDir } : {}) });
  let failures = 0;
  for await (const raw of inputLines(input, MAX_LINE_CHARS)) {
    const line = raw === TOO_LONG ? undefined : raw.trim();
    if (line === '' || line?.startsWith('#')) continue;
    let answer: unknown;
    try {
      if (line === undefined)
        throw new BibleError(
          'INVALID_PARAMETER',
          `a line has more than ${MAX_LINE_CHARS} characters; the longest parameter value (GetCitationsInText's text) fits in fewer`,
        );
      // However it is written: HELP, /help, "help", help?x=1 or Help GetVerse (which would otherwise
      // fail as "expected name=value").
      if (/^\/?(["']?)(?:help|--help|-h)\1(?:[\s?]|$)/i.test(line))
        throw new BibleError(
          'UNKNOWN_OPERATION',
          'help is a command, not an operation a batch line can call: run `bible help <Operation>`, or GetEndpoints in a batch',
        );
      const [name, params] = parseCallLine(line);
      if (lenient) await warnIgnored(bible, name, params);
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
 * The longest line `bible batch` reads: GetCitationsInText takes 1 MiB of text, which percent-encoding
 * makes up to three times as long. Anything longer (a binary file, a runaway generator) fails that line
 * only, and is dropped as it arrives instead of held in memory.
 */
export const MAX_LINE_CHARS = 4 * 1_048_576;
const TOO_LONG: unique symbol = Symbol('too long');

/**
 * The lines of a stream (ended by LF or CRLF, the last one with or without an end), decoded as UTF-8;
 * a line longer than `max` characters comes out as TOO_LONG. A lone CR is part of its line: POSIX and
 * the shells end a line with LF only, and a CR inside a parameter value must not split one call in two.
 */
async function* inputLines(input: NodeJS.ReadableStream, max: number): AsyncGenerator<string | typeof TOO_LONG> {
  const { StringDecoder } = await import('node:string_decoder');
  const decoder = new StringDecoder('utf8');
  let line = '';
  let tooLong = false;
  const add = (text: string) => {
    if (tooLong) return;
    line += text;
    if (line.length > max) {
      tooLong = true;
      line = '';
    }
  };
  const end = () => {
    const done = tooLong ? TOO_LONG : line.endsWith('\r') ? line.slice(0, -1) : line;
    line = '';
    tooLong = false;
    return done;
  };
  for await (const chunk of input) {
    // The CR of a CRLF is taken off when its line ends, so a CRLF split between two chunks is one end.
    const pieces = (typeof chunk === 'string' ? chunk : decoder.write(chunk)).split('\n');
    for (let i = 0; i < pieces.length - 1; i++) {
      add(pieces[i]);
      yield end();
    }
    add(pieces[pieces.length - 1]);
  }
  add(decoder.end());
  if (line || tooLong) yield end();
}

/**
 * One line of `bible batch` -> operation name and parameters. Two forms:
 * - words, read as a POSIX shell reads a command line (so a line is what one would type after `bible`):
 *   `GetParseCitation citation="Jn 3:16"`, `GetSearch 'query=love one another'`, `GetVerse verseId=01001001`;
 * - a query string, read by the HTTP server's rules (percent-encoding, `+` for a space):
 *   `GetParseCitation?citation=Jn%203:16`. A line is this form when its first word holds a "?".
 */
export function parseCallLine(line: string): [string, Record<string, string>] {
  const firstWord = /^\S*/.exec(line)![0];
  const q = firstWord.indexOf('?');
  if (q >= 0) {
    const after = line.slice(firstWord.length).trim();
    if (after && !after.startsWith('#'))
      throw new BibleError(
        'INVALID_PARAMETER',
        'a query-string line is one word (Name?a=1&b=2, spaces as %20); words after it are not read',
      );
    return [firstWord.slice(0, q).replace(/^\//, ''), parseQuery(firstWord.slice(q + 1))];
  }
  const [name, ...assignments] = shellWords(line);
  const option = assignments.find((word) => word.startsWith('-') && !word.includes('='));
  if (option !== undefined)
    throw new BibleError(
      'INVALID_PARAMETER',
      `${JSON.stringify(option.slice(0, 40))} is not name=value; options such as --lenient go after \`bible batch\`, for every line`,
    );
  return [name.replace(/^\//, ''), parseAssignments(assignments)];
}

/**
 * Splits a line into words as a POSIX shell does, without expansions: blanks separate words; '…' keeps
 * everything inside as it is; "…" keeps everything but a backslash before " \\ $ or \`; outside quotes a
 * backslash keeps the next character; a "#" that starts a word starts a comment, to the end of the line.
 * An unclosed quote is an error for the line.
 */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === ' ' || c === '\t') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      continue;
    }
    if (c === '#' && !inWord) break;
    inWord = true;
    if (c === "'") {
      const close = line.indexOf("'", i + 1);
      if (close < 0) throw unclosed('single quote', i);
      word += line.slice(i + 1, close);
      i = close;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++) {
        if (line[j] === '\\' && j + 1 < line.length && '"\\$`'.includes(line[j + 1])) j++;
        word += line[j];
      }
      if (j >= line.length) throw unclosed('double quote', i);
      i = j;
    } else if (c === '\\') {
      if (i + 1 < line.length) word += line[++i];
    } else {
      word += c;
    }
  }
  if (inWord) words.push(word);
  return words;
}

const unclosed = (quote: string, at: number) =>
  new BibleError('INVALID_PARAMETER', `unclosed ${quote} opened at character ${at + 1} of the line`);

const isEntry = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop()!);
if (isEntry) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
