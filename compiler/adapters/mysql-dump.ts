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
  constructor(message: string, readonly line: number, readonly column: number) {
    super(`${message} at line ${line}, column ${column}`);
    this.name = 'SqlParseError';
  }
}

// MySQL's backslash escapes in string literals. \% and \_ keep their backslash (they only mean
// something inside LIKE patterns); any other escaped character stands for itself.
const ESCAPES: Record<string, string> = { '0': '\0', "'": "'", '"': '"', b: '\b', n: '\n', r: '\r', t: '\t', Z: '\x1a', '\\': '\\', '%': '\\%', _: '\\_' };

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
  let at = 0;

  const fail = (message: string, offset = at): never => {
    let line = 1;
    let lineStart = 0;
    for (let i = sql.indexOf('\n'); i >= 0 && i < offset; i = sql.indexOf('\n', i + 1)) { line++; lineStart = i + 1; }
    throw new SqlParseError(message, line, offset - lineStart + 1);
  };
  const table = (name: string) => tables.get(name) ?? tables.set(name, { columns: [], rows: [] }).get(name)!;

  /** Skips whitespace and comments (`-- …`, `# …`, `/* … *\/`, including mysqldump's `/*!40101 … *\/`). */
  const skipSpace = () => {
    for (;;) {
      const c = sql.charCodeAt(at);
      if (c === 32 || c === 9 || c === 10 || c === 13) { at++; continue; }
      if (sql.startsWith('--', at) && (at + 2 >= sql.length || /\s/.test(sql[at + 2]))) { skipLine(); continue; }
      if (c === 35 /* # */) { skipLine(); continue; }
      if (sql.startsWith('/*', at)) {
        const end = sql.indexOf('*/', at + 2);
        if (end < 0) fail('unterminated comment');
        at = end + 2;
        continue;
      }
      return;
    }
  };
  const skipLine = () => { const nl = sql.indexOf('\n', at); at = nl < 0 ? sql.length : nl + 1; };

  const expect = (token: string) => {
    skipSpace();
    if (sql.substr(at, token.length).toUpperCase() !== token.toUpperCase()) fail(`expected ${token}`);
    at += token.length;
  };

  const identifier = (): string => {
    skipSpace();
    if (sql[at] === '`') {
      const end = sql.indexOf('`', at + 1);
      if (end < 0) fail('unterminated `identifier`');
      const name = sql.slice(at + 1, end);
      at = end + 1;
      return name;
    }
    const m = /^[A-Za-z_][A-Za-z0-9_$]*/.exec(sql.slice(at, at + 256));
    if (!m) fail('expected a table or column name');
    at += m![0].length;
    return m![0];
  };

  const stringLiteral = (): string => {
    const quote = sql[at];
    const start = at;
    at++;
    let out = '';
    for (;;) {
      // Jump to the next quote or backslash: most of a long text value is plain characters.
      let next = at;
      while (next < sql.length) {
        const ch = sql.charCodeAt(next);
        if (ch === 92 || ch === quote.charCodeAt(0)) break;
        next++;
      }
      if (next >= sql.length) fail('unterminated string', start);
      out += sql.slice(at, next);
      at = next;
      if (sql[at] === '\\') {
        const escaped = sql[at + 1];
        if (escaped === undefined) fail('unterminated string', start);
        out += ESCAPES[escaped] ?? escaped;
        at += 2;
      } else if (sql[at + 1] === quote) { // '' inside '…' is one quote
        out += quote;
        at += 2;
      } else {
        at++;
        return out;
      }
    }
  };

  const value = (): SqlValue => {
    skipSpace();
    const c = sql[at];
    if (c === "'" || c === '"') return stringLiteral();
    const number = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/.exec(sql.slice(at, at + 64));
    if (number) {
      at += number[0].length;
      return Number(number[0]);
    }
    if (sql.substr(at, 4).toUpperCase() === 'NULL' && !/[A-Za-z0-9_]/.test(sql[at + 4] ?? '')) {
      at += 4;
      return null;
    }
    return fail('expected a value (number, quoted string or NULL)');
  };

  const tuple = (): SqlValue[] => {
    expect('(');
    const row: SqlValue[] = [];
    for (;;) {
      row.push(value());
      skipSpace();
      if (sql[at] === ',') { at++; continue; }
      if (sql[at] === ')') { at++; return row; }
      fail("expected ',' or ')' after a value");
    }
  };

  const insert = () => {
    expect('INSERT');
    skipSpace();
    if (sql.substr(at, 6).toUpperCase() === 'IGNORE') at += 6;
    expect('INTO');
    const name = identifier();
    const target = table(name);
    skipSpace();
    let columns: string[] | null = null;
    if (sql[at] === '(') {
      at++;
      columns = [];
      for (;;) {
        columns.push(identifier());
        skipSpace();
        if (sql[at] === ',') { at++; continue; }
        if (sql[at] === ')') { at++; break; }
        fail("expected ',' or ')' in the column list");
      }
    }
    expect('VALUES');
    const width = columns?.length ?? (target.columns.length || undefined);
    for (;;) {
      const rowStart = at;
      const row = tuple();
      if (width !== undefined && row.length !== width) fail(`row has ${row.length} values, table \`${name}\` has ${width} columns`, rowStart);
      target.rows.push(columns && target.columns.length ? target.columns.map((c) => row[columns!.indexOf(c)] ?? null) : row);
      skipSpace();
      if (sql[at] === ',') { at++; continue; }
      if (sql[at] === ';') { at++; return; }
      fail("expected ',' or ';' after a row");
    }
  };

  /** CREATE TABLE: records the column names (lines of the body that start with an identifier). */
  const createTable = () => {
    expect('CREATE');
    expect('TABLE');
    skipSpace();
    if (sql.substr(at, 13).toUpperCase() === 'IF NOT EXISTS') at += 13;
    const name = identifier();
    expect('(');
    const columns: string[] = [];
    let depth = 1;
    let itemStart = true;
    while (depth > 0) {
      skipSpace();
      if (at >= sql.length) fail('unterminated CREATE TABLE');
      const c = sql[at];
      if (itemStart) {
        itemStart = false;
        if (c === '`') { columns.push(identifier()); continue; }
      }
      if (c === "'" || c === '"') { stringLiteral(); continue; }
      if (c === '`') { identifier(); continue; }
      if (c === '(') depth++;
      else if (c === ')') depth--;
      else if (c === ',' && depth === 1) itemStart = true;
      at++;
    }
    skipToEnd();
    table(name).columns = columns;
  };

  /** Any other statement (DROP, LOCK, SET, …): skipped up to its ';', respecting quotes. */
  const skipToEnd = () => {
    for (;;) {
      skipSpace();
      if (at >= sql.length) fail('statement does not end with ;');
      const c = sql[at];
      if (c === ';') { at++; return; }
      if (c === "'" || c === '"') stringLiteral();
      else if (c === '`') identifier();
      else at++;
    }
  };

  for (;;) {
    skipSpace();
    if (at >= sql.length) break;
    const word = /^[A-Za-z]+/.exec(sql.slice(at, at + 16))?.[0].toUpperCase();
    if (word === 'INSERT') insert();
    else if (word === 'CREATE' && /^CREATE\s+TABLE\b/i.test(sql.slice(at, at + 32))) createTable();
    else if (word && ['DROP', 'LOCK', 'UNLOCK', 'SET', 'USE', 'CREATE', 'ALTER'].includes(word)) skipToEnd();
    else if (sql[at] === ';') at++;
    else fail(`unexpected ${JSON.stringify(sql.slice(at, at + 20))}`);
  }
  return tables;
}
