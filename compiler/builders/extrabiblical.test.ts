// The extra-biblical builder on a tiny MySQL dump: rows in book-weight order, chapter runs, sparse labels, text ends.
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureContext, removeFixtures } from '../../test/compiler/fixture-context.ts';
import { decodePostings, SEARCH_FORMAT } from '../../engine/core/search/postings.ts';
import { extrabiblicalBuilder } from './extrabiblical.ts';

afterAll(removeFixtures);

const DUMP = `CREATE TABLE \`book_key\` (
  \`id\` int(3) unsigned NOT NULL AUTO_INCREMENT,
  \`weight\` float DEFAULT NULL COMMENT 'Book order. 1 is Highest.',
  \`name\` varchar(255) DEFAULT NULL,
  \`info_text\` text NOT NULL COMMENT 'About / Info',
  \`info_url\` text NOT NULL COMMENT 'Info URL',
  \`path\` varchar(255) DEFAULT NULL COMMENT 'Path to Text File',
  PRIMARY KEY (\`id\`)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;
INSERT INTO \`book_key\` VALUES (2,2,'Jasher','about Jasher','https://example.org/jasher','jasher/jasher'),\
(5,1,'Jubilees','','https://example.org/jubilees','jubilees/jubilees');
CREATE TABLE \`books\` (
  \`b\` int(11) NOT NULL COMMENT 'Book',
  \`c\` int(11) NOT NULL COMMENT 'Chapter',
  \`cs\` varchar(10) NOT NULL COMMENT 'Chapter String',
  \`v\` int(11) NOT NULL COMMENT 'Verse',
  \`vs\` varchar(10) NOT NULL COMMENT 'Verse String',
  \`t\` text COMMENT 'Text'
) ENGINE=InnoDB DEFAULT CHARSET=latin1;
INSERT INTO \`books\` VALUES (2,1,'1',1,'1','In the beginning.'),(5,2,'2',1,'1','Next chapter.'),\
(5,1,'1',1,'1','These are the words.'),(5,1,'1',2,'2a','Moses’ word.'),(2,3,'3b',1,'1','Later.');
`;

describe('extrabiblicalBuilder', () => {
  it('stores rows in book-weight and chapter order, with chapter runs, differing labels and UTF-16 ends', () => {
    const { ctx, logs } = fixtureContext({ files: { extrabiblical: DUMP } });
    const packs = extrabiblicalBuilder.build(ctx);
    expect(packs.map((p) => [p.name, p.datasets])).toEqual([['extrabiblical', ['extrabiblical']]]);
    const { searchTerms, searchIds, ...sections } = packs[0].sections;
    expect(sections).toEqual({
      books: {
        kind: 'json',
        data: [
          {
            id: '5',
            weight: '1',
            name: 'Jubilees',
            info_text: '',
            info_url: 'https://example.org/jubilees',
            path: 'jubilees/jubilees',
          },
          {
            id: '2',
            weight: '2',
            name: 'Jasher',
            info_text: 'about Jasher',
            info_url: 'https://example.org/jasher',
            path: 'jasher/jasher',
          },
        ],
      },
      chapters: {
        kind: 'json',
        data: {
          5: [
            [1, 0, 2],
            [2, 2, 1],
          ],
          2: [
            [1, 3, 1],
            [3, 4, 1],
          ],
        },
      },
      book: { kind: 'u16', data: [5, 5, 5, 2, 2] },
      chapter: { kind: 'u16', data: [1, 1, 2, 1, 3] },
      verse: { kind: 'u16', data: [1, 2, 1, 1, 1] },
      labels: { kind: 'json', data: { 1: ['1', '2a'], 4: ['3b', '1'] } },
      text: { kind: 'utf8', data: 'These are the words.Moses’ word.Next chapter.In the beginning.Later.' },
      // "’" is one UTF-16 unit (three UTF-8 bytes): ends count units.
      textEnds: { kind: 'u32', data: [20, 32, 45, 62, 68] },
      searchInfo: { kind: 'json', data: { format: SEARCH_FORMAT, size: 5, terms: 12, postings: 13 } },
    });
    // Each whole word's rows, read back as the engine reads them; "moses’" is also found as `moses`.
    expect([searchTerms.kind, searchIds.kind]).toEqual(['utf8', 'bytes']);
    const index = decodePostings(searchTerms.data as string, searchIds.data as Uint8Array, 13, 5);
    expect(Object.fromEntries(index.terms.map((key, k) => [key, [...index.list(k)]]))).toEqual({
      are: [0],
      beginning: [3],
      chapter: [2],
      in: [3],
      later: [4],
      moses: [1],
      "moses'": [1],
      next: [2],
      the: [0, 3],
      these: [0],
      word: [1],
      words: [0],
    });
    expect(logs).toEqual([
      '  5 rows in the dump, 2 books',
      '  dropped 0 rows of the first copy of Sirach 17:2-20:9',
      '  kept 0 keys with alternative texts as separate segments',
      '  trimmed line breaks in 0 values (inner breaks), removed 0 "---" rules, replaced U+0091 in 0',
    ]);
  });

  it('builds nothing, and reads no file, when the extra-biblical dataset is excluded', () => {
    const { ctx, logs } = fixtureContext({ excluded: ['extrabiblical'] });
    expect(extrabiblicalBuilder.build(ctx)).toEqual([]);
    expect(logs).toEqual([]);
  });
});
