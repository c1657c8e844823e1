// The shape of the source code a reader has to hold: functions over a line limit, files over a line
// limit, and circles of imports (type imports included). `test/code-shape.test.ts` fails on any of them
// that its allow-list does not name; `npx tsx scripts/code-shape.ts` prints them all. A file written by a
// script (its leading comment carries GENERATED_MARKER) is not measured for length: a reader edits the
// script that writes it, not the file. Its imports still count towards circles.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

export const MAX_FUNCTION_LINES = 80;
export const MAX_FILE_LINES = 600;
/** The word a generated file's leading comment carries, so that the length limits pass it by. */
export const GENERATED_MARKER = '@generated';

/** Folders whose TypeScript is source code (tests beside the compiler's modules aside). */
const SOURCE_ROOTS = ['engine', 'compiler', 'sources', 'scripts', 'bin'];

export interface LongFunction {
  file: string;
  name: string;
  line: number;
  lines: number;
}

export interface LongFile {
  file: string;
  lines: number;
}

export interface CodeShape {
  longFunctions: LongFunction[];
  longFiles: LongFile[];
  /** Each circle as the files along it, starting from its first file in sorted order. */
  importCircles: string[][];
  /** Files whose leading comment marks them generated, not measured for length. */
  generatedFiles: string[];
}

const isSourceFile = (path: string): boolean =>
  (path.endsWith('.ts') || path.endsWith('.tsx')) && !path.endsWith('.test.ts') && !path.endsWith('.d.ts');

function listFiles(root: string, folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') found.push(...listFiles(root, path));
    } else if (isSourceFile(path)) {
      found.push(path);
    }
  }
  return found;
}

/** The repository's source files, relative to root, with forward slashes, sorted. */
export function sourceFiles(root: string): string[] {
  return SOURCE_ROOTS.flatMap((folder) => listFiles(root, folder))
    .map((path) => path.split('\\').join('/'))
    .sort();
}

function lineOf(source: ts.SourceFile, position: number): number {
  return source.getLineAndCharacterOfPosition(position).line + 1;
}

/** A name a reader would search for: the declared name, or the variable or property a function is bound to. */
function functionName(node: ts.FunctionLikeDeclaration): string {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name && ts.isStringLiteral(node.name)) return node.name.text;
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return `(anonymous at line ${lineOf(node.getSourceFile(), node.getStart())})`;
}

function isFunctionWithBody(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return (
    (ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)) &&
    node.body !== undefined
  );
}

/** Every function in a file, measured from its first line to its last, closures inside it included. */
export function functionLengths(file: string, text: string): LongFunction[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (isFunctionWithBody(node)) {
      const line = lineOf(source, node.getStart());
      found.push({ file, name: functionName(node), line, lines: lineOf(source, node.getEnd()) - line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The module specifiers a file imports or re-exports, static and dynamic, type-only ones included. */
export function importSpecifiers(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments.length === 1 &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) found.push(literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The source file a relative specifier names, if it is one of `files`. */
function resolveImport(from: string, specifier: string, files: Set<string>): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = join(dirname(from), specifier).split('\\').join('/');
  const stem = base.replace(/\.(js|ts)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`];
  return candidates.find((candidate) => files.has(candidate));
}

export function importGraph(root: string, files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    const targets = importSpecifiers(file, text)
      .map((specifier) => resolveImport(file, specifier, known))
      .filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(targets)].sort());
  }
  return graph;
}

/** Strongly connected components of more than one file (or a file importing itself), by Tarjan's method. */
export function findCircles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let next = 0;
  const connect = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) circles.push(component.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) connect(file);
  return circles.sort((a, b) => a[0].localeCompare(b[0]));
}

/** Whether the comment lines that open a file (before any code) carry GENERATED_MARKER. */
export function isGenerated(text: string): boolean {
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed.startsWith('//')) return false;
    if (trimmed.includes(GENERATED_MARKER)) return true;
  }
  return false;
}

export function measureCodeShape(root: string): CodeShape {
  const files = sourceFiles(root);
  const longFunctions: LongFunction[] = [];
  const longFiles: LongFile[] = [];
  const generatedFiles: string[] = [];
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    if (isGenerated(text)) {
      generatedFiles.push(file);
      continue;
    }
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > MAX_FILE_LINES) longFiles.push({ file, lines });
    longFunctions.push(...functionLengths(file, text).filter((fn) => fn.lines > MAX_FUNCTION_LINES));
  }
  return { longFunctions, longFiles, importCircles: findCircles(importGraph(root, files)), generatedFiles };
}

const runDirectly = process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.dirname, 'code-shape.ts');
if (runDirectly) {
  const root = resolve(import.meta.dirname, '..');
  const shape = measureCodeShape(root);
  console.log(`Functions over ${MAX_FUNCTION_LINES} lines: ${shape.longFunctions.length}`);
  for (const fn of shape.longFunctions) console.log(`  ${fn.lines}\t${fn.file}:${fn.line}\t${fn.name}`);
  console.log(`Files over ${MAX_FILE_LINES} lines: ${shape.longFiles.length}`);
  for (const file of shape.longFiles) console.log(`  ${file.lines}\t${file.file}`);
  console.log(`Import circles: ${shape.importCircles.length}`);
  for (const circle of shape.importCircles) console.log(`  ${circle.join(' <-> ')}`);
  console.log(`Generated files, not measured for length: ${shape.generatedFiles.join(', ') || 'none'}`);
}
