// The Smith's/Easton's dictionary reader on hand-written entries: link markers, restored books, headword keys.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { normaliseKey, readBibleDictionary } from './bible-dictionary.ts';

const dir = mkdtempSync(join(tmpdir(), 'bible-dictionary-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
/** A dictionary file in the OpenChristianData layout, with the fields the reader ignores filled in. */
function dictionary(entries: { term: string; definition_blocks: string[] }[]): string {
  const path = join(dir, `dictionary-${++files}.json`);
  const data = entries.map((e) => ({
    entry_id: `smiths-bible-dictionary.${e.term.toLowerCase()}`,
    dictionary_id: 'smiths-bible-dictionary',
    alt_terms: [],
    ...e,
    scripture_references: [],
    related_terms: [],
    word_count: 10,
  }));
  writeFileSync(path, JSON.stringify({ meta: { id: 'smiths-bible-dictionary', license: 'public-domain' }, data }));
  return path;
}

describe('readBibleDictionary', () => {
  it('joins the trimmed blocks, strips the [N] link markers and restores the book of bare references', () => {
    const path = dictionary([
      {
        term: 'Aaron',
        definition_blocks: [
          '(a teacher, or lofty), the son of Amram and Jochebed (Exodus 6:20), met Moses (4:27). See [34]Korah. ',
          '   ',
          'He died on Mount Hor (Numbers 20:28); comp. (33:38).',
        ],
      },
    ]);
    expect(readBibleDictionary(path)).toEqual({
      entries: [
        {
          term: 'Aaron',
          definition:
            '(a teacher, or lofty), the son of Amram and Jochebed (Exodus 6:20), ' +
            'met Moses (Exodus 4:27). See Korah.\nHe died on Mount Hor (Numbers 20:28); comp. (Numbers 33:38).',
          keys: ['aaron'],
        },
      ],
      stats: { entries: 1, markersRemoved: 1, booksRestored: 2 },
    });
  });

  it("restores Easton's abbreviated books, numbered books and 'of' names, whole verse lists included", () => {
    const path = dictionary([
      { term: 'Abiah', definition_blocks: ['Son of Samuel (1 Sam. 8:2; [12]1 Chr. 6:28). Comp. (2:1, 4; 7:7).'] },
      { term: 'Rose', definition_blocks: ['(Song of Solomon 2:1) and again (4:5-6).'] },
    ]);
    const { entries, stats } = readBibleDictionary(path);
    expect(entries.map((e) => e.definition)).toEqual([
      'Son of Samuel (1 Sam. 8:2; 1 Chr. 6:28). Comp. (1 Chr. 2:1, 4; 7:7).',
      '(Song of Solomon 2:1) and again (Song of Solomon 4:5-6).',
    ]);
    expect(stats).toEqual({ entries: 2, markersRemoved: 1, booksRestored: 2 });
  });

  it('does not take a book from words that only look like one, nor from an earlier entry', () => {
    const path = dictionary([
      { term: 'Hiram', definition_blocks: ['A king (1 Kings 5:1). Josephus (Ant. 8:2) and Chapter 9:1 agree (5:10).'] },
      { term: 'Ark', definition_blocks: ['It rested there (6:18).'] },
    ]);
    const { entries, stats } = readBibleDictionary(path);
    expect(entries.map((e) => e.definition)).toEqual([
      'A king (1 Kings 5:1). Josephus (Ant. 8:2) and Chapter 9:1 agree (1 Kings 5:10).',
      'It rested there (6:18).',
    ]);
    expect(stats.booksRestored).toBe(1);
  });

  it('finds a headword by each of its variants and an "X, Y Of" headword also as "y of x"', () => {
    const path = dictionary(
      ['  Abia, Abiah, Or Abijah ', 'Abel, Stone Of', 'Aloes, Lign Aloes', 'Ahasuerus Or Xerxes', 'Abel-Meholah'].map(
        (term) => ({ term, definition_blocks: ['A name.'] }),
      ),
    );
    expect(readBibleDictionary(path).entries.map(({ term, keys }) => ({ term, keys }))).toEqual([
      { term: 'Abia, Abiah, Or Abijah', keys: ['abia, abiah, or abijah', 'abia', 'abiah', 'abijah'] },
      { term: 'Abel, Stone Of', keys: ['abel, stone of', 'stone of abel'] },
      { term: 'Aloes, Lign Aloes', keys: ['aloes, lign aloes'] },
      { term: 'Ahasuerus Or Xerxes', keys: ['ahasuerus or xerxes', 'ahasuerus', 'xerxes'] },
      { term: 'Abel-Meholah', keys: ['abel-meholah'] },
    ]);
  });
});

describe('normaliseKey', () => {
  it('lower-cases, collapses white space and trims', () => {
    expect(normaliseKey('  Abel,\t Stone\n Of ')).toBe('abel, stone of');
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (term) => {
        expect(normaliseKey(normaliseKey(term))).toBe(normaliseKey(term));
      }),
    );
  });
});
