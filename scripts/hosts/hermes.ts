// React Native's engine, Hermes, in the host matrix. Two runs over the bundle an app gets through the
// package's `react-native` condition (dist/react-native.js), made into one classic script as Metro
// makes an app's modules into one:
// - the current Hermes compiler (npm hermes-compiler, as React Native ships it) compiles it to bytecode
//   (`hermesc -emit-binary`) with no errors;
// - the Hermes VM of npm hermes-engine-cli 0.12, which runs here, runs it: open, John 3:16, a search,
//   a citation and a refusal, checked against this checkout's engine. That VM is older than any React
//   Native an app is built with today, so the script is first brought down to it as an app's build
//   would: Unicode property escapes expanded into ranges (Hermes compiles regular expressions ahead of
//   time, and 0.12 cannot parse \p{…}) and the syntax lowered to ES5 (Metro's Babel preset lowers
//   classes and async functions; 0.12 parses neither). docs/hosts.md says what this proves.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import ts from 'typescript';

/**
 * The code points a property escape such as `\p{L}` or `\p{sc=Han}` matches, as sorted ranges, by
 * asking this Node's own regular expressions about every code point (kept in `cacheFile` when given,
 * per Unicode version, since the walk takes seconds).
 */
const rangesCache = new Map<string, [number, number][]>();
let cacheFile = '';
export function keepPropertyRangesIn(file: string): void {
  cacheFile = file;
  if (!existsSync(file)) return;
  const kept = JSON.parse(readFileSync(file, 'utf8')) as {
    unicode: string;
    ranges: Record<string, [number, number][]>;
  };
  if (kept.unicode !== process.versions.unicode) return;
  for (const [property, ranges] of Object.entries(kept.ranges)) rangesCache.set(property, ranges);
}

export function propertyRanges(property: string): [number, number][] {
  const cached = rangesCache.get(property);
  if (cached) return cached;
  const test = new RegExp(`^\\p{${property}}$`, 'u');
  const ranges: [number, number][] = [];
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if (cp === 0xd800) cp = 0xe000; // lone surrogates are no characters
    if (!test.test(String.fromCodePoint(cp))) continue;
    const last = ranges[ranges.length - 1];
    if (last && last[1] === cp - 1) last[1] = cp;
    else ranges.push([cp, cp]);
  }
  rangesCache.set(property, ranges);
  if (cacheFile)
    writeFileSync(
      cacheFile,
      JSON.stringify({ unicode: process.versions.unicode, ranges: Object.fromEntries(rangesCache) }),
    );
  return ranges;
}

/** The ranges no range of `ranges` holds, over all code points (for `\P{…}`). */
function complement(ranges: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  let next = 0;
  for (const [from, to] of ranges) {
    if (from > next) out.push([next, from - 1]);
    next = to + 1;
  }
  if (next <= 0x10ffff) out.push([next, 0x10ffff]);
  return out;
}

const codePointEscape = (cp: number) => `\\u{${cp.toString(16).toUpperCase()}}`;
const classBody = (ranges: [number, number][]) =>
  ranges
    .map(([from, to]) => (from === to ? codePointEscape(from) : `${codePointEscape(from)}-${codePointEscape(to)}`))
    .join('');

/**
 * A regular expression's source with every `\p{…}` and `\P{…}` written as the ranges it stands for: a
 * character class of its own, or inside the class it stood in. The `u` flag stays, so `\u{…}` escapes
 * and astral ranges keep their meaning.
 */
export function expandPattern(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      const property = /^\\([pP])\{([^}]+)\}/.exec(pattern.slice(i));
      if (property) {
        const ranges = propertyRanges(property[2]);
        const body = classBody(property[1] === 'P' ? complement(ranges) : ranges);
        out += inClass ? body : `[${body}]`;
        i += property[0].length - 1;
      } else {
        out += pattern.slice(i, i + 2);
        i++;
      }
      continue;
    }
    if (c === '[' && !inClass) inClass = true;
    else if (c === ']' && inClass) inClass = false;
    out += c;
  }
  return out;
}

/**
 * The script with the property escapes of its regular expression literals and its template literals
 * (the engine builds some patterns with String.raw) expanded.
 */
export function expandPropertyEscapes(code: string): string {
  const source = ts.createSourceFile('bundle.js', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    const kind = node.kind;
    const pattern =
      kind === ts.SyntaxKind.RegularExpressionLiteral ||
      kind === ts.SyntaxKind.NoSubstitutionTemplateLiteral ||
      kind === ts.SyntaxKind.TemplateHead ||
      kind === ts.SyntaxKind.TemplateMiddle ||
      kind === ts.SyntaxKind.TemplateTail;
    if (pattern) {
      const text = node.getText(source);
      if (/\\[pP]\{/.test(text))
        edits.push({ start: node.getStart(source), end: node.getEnd(), text: expandPattern(text) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start))
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

/**
 * What `import … from 'bible-engine'` gives a React Native app installed in `app`, as one classic script
 * that sets the global `BibleEngine`: resolved with the `react-native` condition and main field first, as
 * Metro resolves it, and made into one script as Metro makes an app's modules into one.
 */
export async function reactNativeScript(app: string): Promise<{ code: string; resolved: string }> {
  const result = await build({
    stdin: { contents: "export * from 'bible-engine';", resolveDir: app },
    absWorkingDir: app,
    bundle: true,
    write: false,
    metafile: true,
    format: 'iife',
    globalName: 'BibleEngine',
    target: 'es2020',
    platform: 'neutral',
    conditions: ['react-native'],
    mainFields: ['react-native', 'module', 'main'],
    logLevel: 'silent',
    charset: 'utf8',
  });
  const resolved = Object.keys(result.metafile.inputs).filter((input) => input.includes('bible-engine'));
  return { code: result.outputFiles[0].text, resolved: resolved.join(', ') };
}

/** ES5 syntax, as Metro's Babel preset gives a VM that parses no classes or async functions. */
export function lowerToEs5(code: string): string {
  return ts.transpileModule(code, {
    compilerOptions: { target: ts.ScriptTarget.ES5, downlevelIteration: true, module: ts.ModuleKind.None },
  }).outputText;
}

/**
 * The script the old VM runs after the engine: the packs it needs inline (the VM reads no files; an
 * app's loader reads its assets), then the calls, printing one JSON line as the consumer script does.
 * Plain ES5 with promise chains.
 */
export function hermesDriver(packs: Record<string, Uint8Array>): string {
  const inline = Object.fromEntries(
    Object.entries(packs).map(([name, bytes]) => [name, Buffer.from(bytes).toString('base64')]),
  );
  return `
var PACKS = ${JSON.stringify(inline)};
var ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
function fromBase64(text) {
  var bytes = new Uint8Array(Math.floor(text.length * 3 / 4) - (text.slice(-2) === '==' ? 2 : text.slice(-1) === '=' ? 1 : 0));
  var at = 0, bits = 0, value = 0;
  for (var i = 0; i < text.length && text[i] !== '='; i++) {
    value = (value << 6) | ALPHABET.indexOf(text[i]);
    bits += 6;
    if (bits >= 8) { bits -= 8; bytes[at++] = (value >> bits) & 255; }
  }
  return bytes;
}
function loader(name) {
  if (!PACKS.hasOwnProperty(name)) return Promise.reject(new Error('pack ' + name + ' is not shipped with this app'));
  return Promise.resolve(fromBase64(PACKS[name]));
}
var answers = {};
var timings = {};
var started = Date.now();
var bible;
BibleEngine.open({ loader: loader })
  .then(function (opened) { bible = opened; return bible.call('GetVerse', { verseId: '43003016', versionId: 'kjv' }); })
  .then(function (verse) {
    answers.verse = verse;
    timings.openAndFirstVerseMs = Date.now() - started;
    started = Date.now();
    return bible.call('GetSearch', { query: 'only begotten', versionId: 'kjv' });
  })
  .then(function (search) {
    answers.search = search;
    timings.searchMs = Date.now() - started;
    return bible.call('GetSearchCount', { query: 'love', versionId: 'kjv' });
  })
  .then(function (count) { answers.count = count; return bible.call('GetParseCitation', { citation: 'Jn 3:16-18' }); })
  .then(function (citation) {
    answers.citation = citation;
    return bible.call('GetVerse', { verseId: '99099099', versionId: 'kjv' }).then(
      function () { answers.refusal = null; },
      function (error) { answers.refusal = { name: error.name, code: error.code, param: error.param }; });
  })
  .then(function () { print(JSON.stringify({ runtime: 'hermes 0.12', answers: answers, timings: timings })); },
        function (error) { print(JSON.stringify({ failed: String(error) + (error && error.stack ? ' at ' + String(error.stack).split('\\n').slice(1, 3).join(' | ') : '') })); });
`;
}

/** Writes the script for the old VM into `folder` and answers its path. */
export async function writeHermesProgram(folder: string, app: string, dataDir: string): Promise<string> {
  const engine = lowerToEs5(expandPropertyEscapes((await reactNativeScript(app)).code));
  const packs = Object.fromEntries(
    ['meta', 'text-kjv'].map((name) => [name, new Uint8Array(readFileSync(join(dataDir, `${name}.pack`)))]),
  );
  const path = join(folder, 'hermes-0.12-program.js');
  writeFileSync(path, `${engine}\n${hermesDriver(packs)}`);
  return path;
}
