// The three book-name readers on tiny fixtures in each source's own format.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readOpenBibleNames, readScrollmapperNames, readWebBookNames } from './book-names.ts';

const dir = mkdtempSync(join(tmpdir(), 'book-names-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function folder(name: string, files: Record<string, string>): string {
  const path = join(dir, name);
  mkdirSync(path, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(path, file), text);
  return path;
}

describe('readScrollmapperNames', () => {
  it('reads books, genres and weighted abbreviations after each header row', () => {
    const path = folder('scrollmapper', {
      'key_english.csv': '"field","field","field","field"\n"1","Genesis","OT","1"\n"2","Exodus","OT","1"\n',
      'key_genre_english.csv': '"field","field"\n"1","Law"\n"2","History"\n',
      'key_abbreviations_english.csv':
        '"field","field","field","field"\n"1","Gen","1","1"\n"2","Ge","1","0"\n"3","Ex","2","1"\n',
    });
    const names = readScrollmapperNames(path);
    expect(names.books).toEqual([
      { number: 1, name: 'Genesis', genreId: 1 },
      { number: 2, name: 'Exodus', genreId: 1 },
    ]);
    expect([...names.genres]).toEqual([
      [1, 'Law'],
      [2, 'History'],
    ]);
    expect(names.abbreviations).toEqual([
      { abbreviation: 'Gen', book: 1, weight: 1 },
      { abbreviation: 'Ge', book: 1, weight: 0 },
      { abbreviation: 'Ex', book: 2, weight: 1 },
    ]);
  });

  it('names the file and row of a number that is not one', () => {
    const path = folder('scrollmapper-bad', {
      'key_english.csv': '"field","field","field","field"\n"1","Genesis","OT","law"\n',
      'key_genre_english.csv': '"field","field"\n"1","Law"\n',
      'key_abbreviations_english.csv': '"field","field","field","field"\n',
    });
    expect(() => readScrollmapperNames(path)).toThrow('key_english.csv row 1 genre: "law" is not a whole number');
  });
});

describe('readOpenBibleNames', () => {
  it('takes the starred preferred-name lines of data.txt and every variant line of book_names.txt', () => {
    const path = folder('openbible-es', {
      'data.txt': '$FIRST\t1.[ºo]\t1\tI\tPrimero?\n*Gen\tGénesis\tGén\tGn\n*Song\tCantare de los Cantares\t\tCnt\n',
      'book_names.txt': 'Gen\tGenesis\nSong\tCantares\n',
    });
    const names = readOpenBibleNames(path);
    expect([...names.preferred]).toEqual([
      ['Gen', ['Génesis', 'Gén', 'Gn']],
      ['Song', ['Cantare de los Cantares', 'Cnt']],
    ]);
    expect(names.variants).toEqual([
      ['Gen', 'Genesis'],
      ['Song', 'Cantares'],
    ]);
  });
});

describe('readWebBookNames', () => {
  it('reads code, abbreviation, short and long name of each book element', () => {
    const path = join(
      folder('web', {
        'BookNames.xml':
          '<?xml version="1.0"?>\n<BookNames>\n<book code="GEN" abbr="Gen" short="Genesis" long="The First Book of Moses, Commonly Called Genesis" />\n<book code="SNG" abbr="Sng" short="Song of Solomon" long="The Song of Solomon" />\n</BookNames>\n',
      }),
      'BookNames.xml',
    );
    expect(readWebBookNames(path)).toEqual([
      { usfm: 'GEN', abbreviation: 'Gen', short: 'Genesis', long: 'The First Book of Moses, Commonly Called Genesis' },
      { usfm: 'SNG', abbreviation: 'Sng', short: 'Song of Solomon', long: 'The Song of Solomon' },
    ]);
  });
});
