// A small, strict reader for mysqldump output: it needs no database server. It understands what
// mysqldump writes (comments, conditional /*!…*/ comments, DROP/CREATE/LOCK statements, and
// `INSERT INTO `t` VALUES (…),(…);`) and refuses anything it does not understand, naming the line and
// column, so a changed or damaged dump stops the build instead of yielding wrong rows.

export type SqlValue = string | number | null;

export interface SqlTable {
  /** column names from CREATE TABLE, in order (empty when the dump has no CREATE TABLE for it) */
  columns: string[];
  rows: SqlValue[][];
}

export class SqlParseError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${message} at line ${line}, column ${column}`);
    this.name = 'SqlParseError';
  }
}

// MySQL's backslash escapes in string literals. \% and \_ keep their backslash (they only mean
// something inside LIKE patterns); any other escaped character stands for itself.
const ESCAPES: Record<string, string> = {
  '0': '\0',
  "'": "'",
  '"': '"',
  b: '\b',
  n: '\n',
  r: '\r',
  t: '\t',
  Z: '\x1a',
  '\\': '\\',
  '%': '\\%',
  _: '\\_',
};

/** Decodes dump bytes as UTF-8 (what `SET NAMES utf8` promises); invalid bytes are an error. */
export function decodeDump(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error('the MySQL dump is not valid UTF-8');
  }
}

/** Parses a whole dump into its tables. Rows keep file order; several INSERTs into one table append. */
export function parseMysqlDump(sql: string): Map<string, SqlTable> {
  const tables = new Map<string, SqlTable>();
  const s: Scanner = { sql, at: 0 };
  for (;;) {
    skipSpace(s);
    if (s.at >= sql.length) break;
    const word = /^[A-Za-z]+/.exec(sql.slice(s.at, s.at + 16))?.[0].toUpperCase();
    if (word === 'INSERT') readInsert(s, tables);
    else if (word === 'CREATE' && /^CREATE\s+TABLE\b/i.test(sql.slice(s.at, s.at + 32))) readCreateTable(s, tables);
    else if (word && ['DROP', 'LOCK', 'UNLOCK', 'SET', 'USE', 'CREATE', 'ALTER'].includes(word)) skipStatement(s);
    else if (sql[s.at] === ';') s.at++;
    else fail(s, `unexpected ${JSON.stringify(sql.slice(s.at, s.at + 20))}`);
  }
  return tables;
}

const tableIn = (tables: Map<string, SqlTable>, name: string): SqlTable =>
  tables.get(name) ?? tables.set(name, { columns: [], rows: [] }).get(name)!;

/** `INSERT [IGNORE] INTO t [(columns)] VALUES (…),(…);` appends its rows, in the table's column order. */
function readInsert(s: Scanner, tables: Map<string, SqlTable>): void {
  expectToken(s, 'INSERT');
  skipSpace(s);
  if (s.sql.substr(s.at, 6).toUpperCase() === 'IGNORE') s.at += 6;
  expectToken(s, 'INTO');
  const name = identifier(s);
  const target = tableIn(tables, name);
  skipSpace(s);
  const columns = s.sql[s.at] === '(' ? columnList(s) : null;
  expectToken(s, 'VALUES');
  const width = columns?.length ?? (target.columns.length || undefined);
  for (;;) {
    const rowStart = s.at;
    const row = tuple(s);
    if (width !== undefined && row.length !== width)
      fail(s, `row has ${row.length} values, table \`${name}\` has ${width} columns`, rowStart);
    target.rows.push(
      columns && target.columns.length ? target.columns.map((c) => row[columns.indexOf(c)] ?? null) : row,
    );
    skipSpace(s);
    if (s.sql[s.at] === ',') {
      s.at++;
      continue;
    }
    if (s.sql[s.at] === ';') {
      s.at++;
      return;
    }
    fail(s, "expected ',' or ';' after a row");
  }
}

/** An INSERT's `(a, b, …)` column list. */
function columnList(s: Scanner): string[] {
  expectToken(s, '(');
  return restOfList(s, identifier, 'in the column list');
}

/** CREATE TABLE: records the column names (lines of the body that start with an identifier). */
function readCreateTable(s: Scanner, tables: Map<string, SqlTable>): void {
  expectToken(s, 'CREATE');
  expectToken(s, 'TABLE');
  skipSpace(s);
  if (s.sql.substr(s.at, 13).toUpperCase() === 'IF NOT EXISTS') s.at += 13;
  const name = identifier(s);
  expectToken(s, '(');
  const columns: string[] = [];
  let depth = 1;
  let itemStart = true;
  while (depth > 0) {
    skipSpace(s);
    if (s.at >= s.sql.length) fail(s, 'unterminated CREATE TABLE');
    const c = s.sql[s.at];
    if (itemStart) {
      itemStart = false;
      if (c === '`') {
        columns.push(identifier(s));
        continue;
      }
    }
    if (c === "'" || c === '"') {
      stringLiteral(s);
      continue;
    }
    if (c === '`') {
      identifier(s);
      continue;
    }
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 1) itemStart = true;
    s.at++;
  }
  skipStatement(s);
  tableIn(tables, name).columns = columns;
}

/** Any other statement (DROP, LOCK, SET, …): skipped up to its ';', respecting quotes. */
function skipStatement(s: Scanner): void {
  for (;;) {
    skipSpace(s);
    if (s.at >= s.sql.length) fail(s, 'statement does not end with ;');
    const c = s.sql[s.at];
    if (c === ';') {
      s.at++;
      return;
    }
    if (c === "'" || c === '"') stringLiteral(s);
    else if (c === '`') identifier(s);
    else s.at++;
  }
}

// The tokens: a scanner is the dump text and the offset reading has reached.

interface Scanner {
  readonly sql: string;
  at: number;
}

/** Throws a SqlParseError naming the line and column of `offset`. */
function fail(s: Scanner, message: string, offset = s.at): never {
  let line = 1;
  let lineStart = 0;
  for (let i = s.sql.indexOf('\n'); i >= 0 && i < offset; i = s.sql.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  throw new SqlParseError(message, line, offset - lineStart + 1);
}

/** Skips whitespace and comments (`-- …`, `# …`, `/* … *\/`, including mysqldump's `/*!40101 … *\/`). */
function skipSpace(s: Scanner): void {
  const { sql } = s;
  for (;;) {
    const c = sql.charCodeAt(s.at);
    if (c === 32 || c === 9 || c === 10 || c === 13) {
      s.at++;
      continue;
    }
    if (c === 35 /* # */ || (sql.startsWith('--', s.at) && (s.at + 2 >= sql.length || /\s/.test(sql[s.at + 2])))) {
      const nl = sql.indexOf('\n', s.at);
      s.at = nl < 0 ? sql.length : nl + 1;
      continue;
    }
    if (sql.startsWith('/*', s.at)) {
      const end = sql.indexOf('*/', s.at + 2);
      if (end < 0) fail(s, 'unterminated comment');
      s.at = end + 2;
      continue;
    }
    return;
  }
}

function expectToken(s: Scanner, token: string): void {
  skipSpace(s);
  if (s.sql.substr(s.at, token.length).toUpperCase() !== token.toUpperCase()) fail(s, `expected ${token}`);
  s.at += token.length;
}

function identifier(s: Scanner): string {
  skipSpace(s);
  if (s.sql[s.at] === '`') {
    const end = s.sql.indexOf('`', s.at + 1);
    if (end < 0) fail(s, 'unterminated `identifier`');
    const name = s.sql.slice(s.at + 1, end);
    s.at = end + 1;
    return name;
  }
  const m = /^[A-Za-z_][A-Za-z0-9_$]*/.exec(s.sql.slice(s.at, s.at + 256));
  if (!m) return fail(s, 'expected a table or column name');
  s.at += m[0].length;
  return m[0];
}

function stringLiteral(s: Scanner): string {
  const { sql } = s;
  const quote = sql[s.at];
  const start = s.at;
  s.at++;
  let out = '';
  for (;;) {
    // Jump to the next quote or backslash: most of a long text value is plain characters.
    let next = s.at;
    while (next < sql.length) {
      const ch = sql.charCodeAt(next);
      if (ch === 92 || ch === quote.charCodeAt(0)) break;
      next++;
    }
    if (next >= sql.length) fail(s, 'unterminated string', start);
    out += sql.slice(s.at, next);
    s.at = next;
    if (sql[s.at] === '\\') {
      const escaped = sql[s.at + 1];
      if (escaped === undefined) fail(s, 'unterminated string', start);
      out += ESCAPES[escaped] ?? escaped;
      s.at += 2;
    } else if (sql[s.at + 1] === quote) {
      // '' inside '…' is one quote
      out += quote;
      s.at += 2;
    } else {
      s.at++;
      return out;
    }
  }
}

function value(s: Scanner): SqlValue {
  skipSpace(s);
  const c = s.sql[s.at];
  if (c === "'" || c === '"') return stringLiteral(s);
  const number = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/.exec(s.sql.slice(s.at, s.at + 64));
  if (number) {
    s.at += number[0].length;
    return Number(number[0]);
  }
  if (s.sql.substr(s.at, 4).toUpperCase() === 'NULL' && !/[A-Za-z0-9_]/.test(s.sql[s.at + 4] ?? '')) {
    s.at += 4;
    return null;
  }
  return fail(s, 'expected a value (number, quoted string or NULL)');
}

/** `(value, value, …)` */
function tuple(s: Scanner): SqlValue[] {
  expectToken(s, '(');
  return restOfList(s, value, 'after a value');
}

/** The items of a parenthesised, comma-separated list whose '(' has been read, and its ')'. */
function restOfList<T>(s: Scanner, item: (s: Scanner) => T, where: string): T[] {
  const items: T[] = [];
  for (;;) {
    items.push(item(s));
    skipSpace(s);
    if (s.sql[s.at] === ',') {
      s.at++;
      continue;
    }
    if (s.sql[s.at] === ')') {
      s.at++;
      return items;
    }
    fail(s, `expected ',' or ')' ${where}`);
  }
}
