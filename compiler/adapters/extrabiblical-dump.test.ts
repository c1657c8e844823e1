// The extra-biblical dump reader on a tiny dump in mysqldump's format: each known defect of the real
// dump (a doubled Sirach passage, wrapped lines, "---" rules, a stray 0x91, rows out of order) once.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanVerseText, readExtraBiblical } from './extrabiblical-dump.ts';

const dir = mkdtempSync(join(tmpdir(), 'extrabiblical-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BOOK_KEY = `CREATE TABLE \`book_key\` (
  \`id\` int(3) unsigned NOT NULL AUTO_INCREMENT,
  \`weight\` float DEFAULT NULL COMMENT 'Book order. 1 is Highest.',
  \`name\` varchar(255) DEFAULT NULL,
  \`info_text\` text NOT NULL COMMENT 'About / Info',
  \`info_url\` text NOT NULL COMMENT 'Info URL',
  \`path\` varchar(255) DEFAULT NULL COMMENT 'Path to Text File',
  PRIMARY KEY (\`id\`)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;
`;
const BOOKS = `CREATE TABLE \`books\` (
  \`b\` int(11) NOT NULL COMMENT 'Book',
  \`c\` int(11) NOT NULL COMMENT 'Chapter',
  \`cs\` varchar(10) NOT NULL COMMENT 'Chapter String',
  \`v\` int(11) NOT NULL COMMENT 'Verse',
  \`vs\` varchar(10) NOT NULL COMMENT 'Verse String',
  \`t\` text COMMENT 'Text'
) ENGINE=InnoDB DEFAULT CHARSET=latin1;
`;

function dump(keyRows: string, verseRows: string): string {
  const path = join(dir, `dump-${Math.random().toString(36).slice(2)}.sql`);
  writeFileSync(
    path,
    `${BOOK_KEY}INSERT INTO \`book_key\` VALUES ${keyRows};\n${BOOKS}INSERT INTO \`books\` VALUES ${verseRows};\n`,
  );
  return path;
}

describe('readExtraBiblical', () => {
  it('orders books by weight, keeps the last Sirach copy, cleans text and sorts rows by book and chapter', () => {
    const path = dump(
      "(32,2,'Sirach ','','https://example.org/sirach','sirach/sirach'),(1,1,'1 Enoch','about','https://example.org/enoch','1-enoch/1-enoch')",
      [
        "(1,2,'2',1,'1','Second chapter.\\n')",
        "(1,1,'1',1,'1','The words of\\nthe blessing.\\n')",
        "(1,1,'1',2,'2a','One reading.')",
        "(1,1,'1',2,'2a','Another reading.\\n---\\n')",
        "(32,17,'17',2,'2','corrupt first copy')",
        "(32,17,'17',2,'2','The Lord created man.')",
        "(1,1,'1',3,'3','A \\u0091quote.')".replace('\\u0091', '\u0091'),
      ].join(','),
    );
    const { books, rows, report } = readExtraBiblical(path);
    expect(books).toEqual([
      {
        id: '1',
        weight: '1',
        name: '1 Enoch',
        info_text: 'about',
        info_url: 'https://example.org/enoch',
        path: '1-enoch/1-enoch',
      },
      {
        id: '32',
        weight: '2',
        name: 'Sirach',
        info_text: '',
        info_url: 'https://example.org/sirach',
        path: 'sirach/sirach',
      },
    ]);
    expect(rows).toEqual([
      { b: 1, c: 1, cs: '1', v: 1, vs: '1', t: 'The words of the blessing.' },
      { b: 1, c: 1, cs: '1', v: 2, vs: '2a', t: 'One reading.' },
      { b: 1, c: 1, cs: '1', v: 2, vs: '2a', t: 'Another reading.' },
      { b: 1, c: 1, cs: '1', v: 3, vs: '3', t: 'A \u2018quote.' },
      { b: 1, c: 2, cs: '2', v: 1, vs: '1', t: 'Second chapter.' },
      { b: 32, c: 17, cs: '17', v: 2, vs: '2', t: 'The Lord created man.' },
    ]);
    expect(report).toEqual([
      '7 rows in the dump, 2 books',
      'dropped 1 rows of the first copy of Sirach 17:2-20:9',
      'kept 1 keys with alternative texts as separate segments',
      'trimmed line breaks in 2 values (inner breaks), removed 1 "---" rules, replaced U+0091 in 1',
    ]);
  });

  it('names what is wrong: a missing table or column, a row of an unknown book, a row without text', () => {
    const onlyKeys = join(dir, 'only-keys.sql');
    writeFileSync(onlyKeys, `${BOOK_KEY}INSERT INTO \`book_key\` VALUES (1,1,'A','','','a');\n`);
    expect(() => readExtraBiblical(onlyKeys)).toThrow('lacks the book_key or books table');
    const noPath = BOOK_KEY.replace("  `path` varchar(255) DEFAULT NULL COMMENT 'Path to Text File',\n", '');
    const noPathFile = join(dir, 'no-path.sql');
    writeFileSync(
      noPathFile,
      `${noPath}INSERT INTO \`book_key\` VALUES (1,1,'A','','');\n${BOOKS}INSERT INTO \`books\` VALUES (1,1,'1',1,'1','x');\n`,
    );
    expect(() => readExtraBiblical(noPathFile)).toThrow('table `book_key` has no column `path`');
    expect(() => readExtraBiblical(dump("(1,1,'A','','','a')", "(2,1,'1',1,'1','x')"))).toThrow(
      'books row 1 names book 2, which book_key lacks',
    );
    expect(() => readExtraBiblical(dump("(1,1,'A','','','a')", "(1,1,'1',1,'1',' \\n---\\n')"))).toThrow(
      'book 1 1:1 has no text',
    );
    expect(() => readExtraBiblical(dump("(1,1,'A','','','a')", "(1,-1,'1',1,'1','x')"))).toThrow(
      'books row 1 c is -1, expected a whole number',
    );
  });
});

describe('cleanVerseText', () => {
  it('joins wrapped lines, drops Markdown rules and keeps editorial brackets', () => {
    expect(cleanVerseText('And he\nsaid:\u00a0\u2308yes\u2309\n---\n')).toBe('And he said: \u2308yes\u2309');
  });
});
