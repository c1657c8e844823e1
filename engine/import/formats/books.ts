// Book codes as import files write them, mapped to our 1..66 through the one canonical book list.
import { BOOKS, type BookCodes, bookByOsis, bookByUsfm } from '../../../sources/books.ts';

// English names, for verse tables that name their books; every other format names books by code.
// biome-ignore format: a table
const ENGLISH_NAMES = [
  'Genesis', 'Exodus', 'Leviticus', 'Numbers', 'Deuteronomy', 'Joshua', 'Judges', 'Ruth', '1 Samuel',
  '2 Samuel', '1 Kings', '2 Kings', '1 Chronicles', '2 Chronicles', 'Ezra', 'Nehemiah', 'Esther', 'Job',
  'Psalms', 'Proverbs', 'Ecclesiastes', 'Song of Solomon', 'Isaiah', 'Jeremiah', 'Lamentations', 'Ezekiel',
  'Daniel', 'Hosea', 'Joel', 'Amos', 'Obadiah', 'Jonah', 'Micah', 'Nahum', 'Habakkuk', 'Zephaniah', 'Haggai',
  'Zechariah', 'Malachi', 'Matthew', 'Mark', 'Luke', 'John', 'Acts', 'Romans', '1 Corinthians',
  '2 Corinthians', 'Galatians', 'Ephesians', 'Philippians', 'Colossians', '1 Thessalonians',
  '2 Thessalonians', '1 Timothy', '2 Timothy', 'Titus', 'Philemon', 'Hebrews', 'James', '1 Peter', '2 Peter',
  '1 John', '2 John', '3 John', 'Jude', 'Revelation',
];

function nameKey(name: string): string {
  return name.toLowerCase().replace(/[\s._-]+/g, '');
}

const byKey = new Map<string, BookCodes>();
for (const book of BOOKS) {
  for (const name of [book.usfm, book.osis, book.step, ENGLISH_NAMES[book.number - 1]]) {
    byKey.set(nameKey(name), book);
  }
}
byKey.set(nameKey('Psalm'), BOOKS[18]);
byKey.set(nameKey('Song of Songs'), BOOKS[21]);
byKey.set(nameKey('Revelation of John'), BOOKS[65]);

/** A USFM/Paratext code (GEN, 1SA), case-insensitive. */
export function bookFromUsfm(code: string): BookCodes | undefined {
  return bookByUsfm.get(code.trim().toUpperCase());
}

/** An OSIS book id (Gen, 1Sam). */
export function bookFromOsis(id: string): BookCodes | undefined {
  return bookByOsis.get(id.trim());
}

/** A book number 1..66 in the KJV canon's order (Zefania's bnumber). */
export function bookFromNumber(value: string | number): BookCodes | undefined {
  const n = typeof value === 'number' ? value : /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= 66 ? BOOKS[n - 1] : undefined;
}

/** Any of the above, or an English name ("1 Samuel", "Song of Solomon"), or a name the caller maps. */
export function bookFromAny(value: string, extraNames?: Record<string, number>): BookCodes | undefined {
  const byNumber = bookFromNumber(value);
  if (byNumber) return byNumber;
  const key = nameKey(value);
  const known = byKey.get(key);
  if (known) return known;
  if (extraNames) {
    for (const [name, number] of Object.entries(extraNames)) {
      if (nameKey(name) === key) return bookFromNumber(number);
    }
  }
  return undefined;
}
