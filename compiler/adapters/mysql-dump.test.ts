// The strict MySQL dump reader: escapes, multi-row INSERTs, UTF-8, and errors that name line and column.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeDump, parseMysqlDump, SqlParseError, type SqlValue } from './mysql-dump.ts';

const CREATE =
  "CREATE TABLE `t` (\n  `a` int(11) NOT NULL COMMENT 'A, (first)',\n  `b` text CHARACTER SET utf8mb4,\n  PRIMARY KEY (`a`)\n) ENGINE=InnoDB DEFAULT CHARSET=latin1;\n";

/** How mysqldump writes a value. */
function sqlLiteral(v: SqlValue): string {
  if (v === null) return 'NULL';
  if (typeof v === 'number') return String(v);
  return `'${v.replace(/[\\'"\0\n\r\x1a]/g, (c) => ({ '\\': '\\\\', "'": "\\'", '"': '\\"', '\0': '\\0', '\n': '\\n', '\r': '\\r', '\x1a': '\\Z' })[c]!)}'`;
}

function thrown(sql: string): SqlParseError {
  try {
    parseMysqlDump(sql);
  } catch (error) {
    expect(error).toBeInstanceOf(SqlParseError);
    return error as SqlParseError;
  }
  throw new Error('parsed a malformed dump');
}

describe('parseMysqlDump', () => {
  it('reads columns, comments and multi-row INSERTs in file order', () => {
    const sql =
      `-- MySQL dump\n/*!40101 SET NAMES utf8 */;\nDROP TABLE IF EXISTS \`t\`;\n${CREATE}LOCK TABLES \`t\` WRITE;\n` +
      "INSERT INTO `t` VALUES (1,'one'),(2,'two; (not) the end'),(-3,NULL);\nINSERT INTO `t` VALUES (4.5,'four');\nUNLOCK TABLES;\n-- Dump completed\n";
    const t = parseMysqlDump(sql).get('t')!;
    expect(t.columns).toEqual(['a', 'b']);
    expect(t.rows).toEqual([
      [1, 'one'],
      [2, 'two; (not) the end'],
      [-3, null],
      [4.5, 'four'],
    ]);
  });

  it('decodes MySQL string escapes and doubled quotes', () => {
    const t = parseMysqlDump("INSERT INTO `t` VALUES ('a\\nb\\tc\\'d\\\"e\\\\f\\0g\\Zh\\%i\\_j\\qk','it''s');").get(
      't',
    )!;
    expect(t.rows[0]).toEqual(['a\nb\tc\'d"e\\f\0g\x1ah\\%i\\_jqk', "it's"]);
  });

  it('keeps UTF-8 text and rejects invalid UTF-8 bytes', () => {
    const bytes = new TextEncoder().encode("INSERT INTO `t` VALUES ('⌈and⌉ Kâsdejâ † 〈x〉');");
    expect(parseMysqlDump(decodeDump(bytes)).get('t')!.rows[0][0]).toBe('⌈and⌉ Kâsdejâ † 〈x〉');
    expect(() => decodeDump(new Uint8Array([0x27, 0xc3, 0x28, 0x27]))).toThrow(/UTF-8/);
  });

  it('round-trips any values written the way mysqldump writes them', () => {
    const value = fc.oneof(fc.string({ unit: 'grapheme' }), fc.integer(), fc.constant(null));
    fc.assert(
      fc.property(fc.array(fc.tuple(value, value), { minLength: 1, maxLength: 20 }), (rows) => {
        const sql = `${CREATE}INSERT INTO \`t\` VALUES ${rows.map((r) => `(${r.map(sqlLiteral).join(',')})`).join(',')};`;
        expect(parseMysqlDump(sql).get('t')!.rows).toEqual(rows);
      }),
    );
  });

  it('names the line and column of a malformed statement', () => {
    let e = thrown(`${CREATE}INSERT INTO \`t\` VALUES (1,'a'),\n(2,'b'(;`);
    expect([e.line, e.column]).toEqual([7, 7]);
    expect(e.message).toMatch(/line 7, column 7/);
    e = thrown("INSERT INTO `t` VALUES (1,'never closed);");
    expect([e.line, e.column]).toEqual([1, 27]);
    expect(e.message).toMatch(/unterminated string/);
    e = thrown(`${CREATE}INSERT INTO \`t\` VALUES (1,'a',3);`);
    expect(e.message).toMatch(/3 values, table `t` has 2 columns/);
    expect(thrown("INSERT INTO `t` VALUES (1,'a')").message).toMatch(/expected ',' or ';'/);
    expect(thrown('INSERT INTO `t` VALUES (1,bogus);').message).toMatch(/expected a value/);
    expect(thrown('SELECT 1;').message).toMatch(/unexpected "SELECT 1;"/);
    expect(thrown('/* never closed').message).toMatch(/unterminated comment/);
  });
});
