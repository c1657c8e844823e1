// Book names as people write them before a chapter number: "John", "Gen.", "1 Cor", "First
// Corinthians", "II Kings", "Rom" in "Rom12:1", "Juan", "يوحنا". Every spelling the meta pack's name index
// knows is accepted; free text adds two precision rules (see nameAllowed).
import { bookNameKey, type Meta } from '../meta.ts';
import { perPack } from '../pack/per-pack.ts';

export interface BookName {
  book: number;
  /** the name as written, and where it starts in the text */
  written: string;
  start: number;
}

/** Names that are also common words: in free text they need a verse to follow, not just a number. */
const COMMON_WORDS = new Set([
  'is',
  'am',
  'job',
  'acts',
  'mark',
  'song',
  'numbers',
  'judges',
  'lamentations',
  'revelation',
  'ruth',
  'ex',
  'es',
  // "Apocalypse 2" is also a film or a game, as "Revelation" is a word.
  'apocalypse',
  // Arabic has no capitals to tell a name from a word: عدد and العدد are "number", تكوين "forming",
  // خروج "going out", جامعة "university", أعمال "works", قضاة "judges" ("جامعة 6 أكتوبر" is a university).
  ...['عدد', 'العدد', 'تكوين', 'خروج', 'جامعة', 'أعمال', 'قضاة'].map(bookNameKey),
  // Abbreviations that are Arabic particles numbers follow in any prose: في "in" (Philippians), نحو "about"
  // (Nahum), مثل "like" (Proverbs), هو "he" (Hosea), لو "if" (Luke), لا "no" (Leviticus), أي "any" (Job),
  // أم "or" (Proverbs). "في 3 أيام" is "in 3 days", and "في 1 كورنثوس 13" is 1 Corinthians 13.
  ...['في', 'نحو', 'مثل', 'هو', 'لو', 'لا', 'أي', 'أم'].map(bookNameKey),
]);
/**
 * Ordinals before a name, in English and Spanish: "First", "2nd", "Primera de", "Segundo", "1ra.", "2da",
 * "1ª", "3er", and "2 de" ("2 de Timoteo"); the Spanish ones may have "de" after them.
 */
const ORDINAL =
  /^(?:(first|second|third|primer[oa]?|segund[oa]|tercer[oa]?)|([1-3])(?:st|nd|rd|r[oa]|er|d[oa]|[oaªº])\.?|([1-3])(?=\s+de\s))\s*(?:de\s+)?/i;
const ORDINAL_NUMBER: Record<string, string> = {
  first: '1',
  second: '2',
  third: '3',
  primer: '1',
  primero: '1',
  primera: '1',
  segundo: '2',
  segunda: '2',
  tercer: '3',
  tercero: '3',
  tercera: '3',
};
const MAX_NAME_LENGTH = 36;
const ORDINAL_AND_LETTER = /^[1-3][.\s]*\p{Ll}\.?$/u;

/** The key a written name is looked up by: ordinals as digits, then the meta pack's own normalisation. */
export function nameKey(written: string): string {
  let key = keyCache.get(written);
  if (key === undefined) {
    key = bookNameKey(
      written.replace(
        ORDINAL,
        (_, word: string | undefined, digit?: string, digitBeforeDe?: string) =>
          `${word ? ORDINAL_NUMBER[word.toLowerCase()] : (digit ?? digitBeforeDe)} `,
      ),
    );
    // Prose repeats its names ("see Gill on Mat …"); a bounded memo keeps normalising off the hot path.
    if (keyCache.size >= KEY_CACHE_SIZE) keyCache.clear();
    keyCache.set(written, key);
  }
  return key;
}
const KEY_CACHE_SIZE = 4096;
const keyCache = new Map<string, string>();

/** Full book names in any language, by key: a name written in lower case must be one of these. */
const fullNameKeys = perPack(
  (meta: Meta) => new Set(['psalm', ...meta.books.flatMap((b) => Object.values(b.names).map(bookNameKey))]),
);

export function isCommonWord(key: string): boolean {
  return COMMON_WORDS.has(key);
}

/** Keys of names that are Spanish and not English ("Juan", "Romanos"): after them "3,16" is chapter and verse. */
const spanishOnlyKeys = perPack((meta: Meta) => {
  const keys = (b: Meta['books'][number], language: 'english' | 'spanish') =>
    [b.names[language], ...(b.abbreviations[language] ?? [])].map(bookNameKey);
  const english = new Set(meta.books.flatMap((b) => keys(b, 'english')));
  return new Set(meta.books.flatMap((b) => keys(b, 'spanish')).filter((k) => !english.has(k)));
});

export function isSpanishOnly(meta: Meta, key: string): boolean {
  return spanishOnlyKeys(meta).has(key);
}

/** "heb4:12", "rom8:28": a chapter and verse run into the name, which no prose word is. */
const CHAPTER_VERSE_AFTER = /[ \t\u00a0]?\d{1,3}[ \t\u00a0]?::?[ \t\u00a0]?\d/y;
/**
 * Abbreviations that are also words or particles a time or a ratio may follow ("he 9:30", "co 2:1", "le
 * 10:30"): in lower case they are never taken for a book.
 */
const LOWER_CASE_WORDS = new Set([
  ...COMMON_WORDS,
  ...'ab ac act ag ap can cant co col da de ge he ja jam joe kin la lam le mal mar mat mi mic na nam ne nu numb ob os pro re ro ros sal sol son st ti tit'.split(
    ' ',
  ),
]);

/**
 * Free-text precision: a name is taken as written with a capital (or a digit, or in a script without
 * case); in lower case only a full book name that is not a common word counts ("john 3:16", not "is 5").
 */
export function nameAllowed(meta: Meta, written: string, key: string): boolean {
  // "c. 2. p. 2, 3" in Gill's footnotes is a page: a lone lower-case letter after an ordinal is no book.
  if (ORDINAL_AND_LETTER.test(written)) return false;
  // A one-word name a file carries is not read across a space: "A Ü" is two words, not the name "Au".
  if (meta.oneWordNames?.has(key) && /\s/.test(written)) return false;
  const first = written.charAt(0);
  if (first.toLowerCase() === first.toUpperCase() || first !== first.toLowerCase()) return true;
  return fullNameKeys(meta).has(key) && !COMMON_WORDS.has(key);
}

/**
 * A lower-case abbreviation counts in free text before a chapter and verse ("rom 8:28", "heb4:12"), unless
 * it is also a word ("is 5:24" stays prose).
 */
function lowerCaseAbbreviation(text: string, written: string, end: number, key: string): boolean {
  // One word: "the Revelation 1:1" is prose before a name, not the abbreviation "The Revelation".
  if (LOWER_CASE_WORDS.has(key) || / \p{L}/u.test(written)) return false;
  CHAPTER_VERSE_AFTER.lastIndex = end;
  return CHAPTER_VERSE_AFTER.test(text);
}

const isAsciiLetterAt = (text: string, at: number) => {
  const c = text.charCodeAt(at);
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
};

const LETTER = /[\p{L}\p{M}]/u;
/** Letters, with an ASCII fast path: this runs for every character looked back over. */
const isLetter = (ch: string) => {
  const c = ch.charCodeAt(0);
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c > 127 && LETTER.test(ch));
};
const isDigit = (ch: string) => {
  const c = ch.charCodeAt(0);
  return c >= 48 && c <= 57;
};
/** The spaces a reference may have between its parts (not line breaks). */
export const isSpace = (ch: string) => ch === ' ' || ch === '\t' || ch === '\u00a0';
/** Chinese and Japanese, written without spaces between words: a name in another script may follow them
 *  directly ("又见John 3:16") and starts a word there. */
const UNSPACED = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/u;
const wordStartsAt = (text: string, s: number) => {
  if (s === 0) return true;
  const before = text.charAt(s - 1);
  if (!isLetter(before) && !isDigit(before)) return true;
  return before.charCodeAt(0) >= 0x3040 && UNSPACED.test(before) && !UNSPACED.test(text.charAt(s));
};
const isNameChar = (ch: string) =>
  isLetter(ch) || isDigit(ch) || ch === ' ' || ch === '.' || ch === "'" || ch === '’' || ch === '-';

/**
 * The longest book name that ends at `end` (spaces and a dot before the number already skipped by the
 * caller), within the few words before it; undefined when none does.
 */
export function bookNameBefore(
  meta: Meta,
  text: string,
  end: number,
  freeText: boolean,
  /** where the name may start at the earliest: the end of the reference before it */
  earliest = 0,
): BookName | undefined {
  const index = meta.nameIndex();
  let from = end;
  while (from > earliest && end - from < MAX_NAME_LENGTH && isNameChar(text.charAt(from - 1))) from--;
  // Candidate starts: the beginning of each word in that stretch, farthest first, so the longest name wins.
  for (let s = from; s < end; s++) {
    const ch = text.charAt(s);
    if (!isLetter(ch) && !isDigit(ch)) continue;
    if (!wordStartsAt(text, s)) continue;
    const written = text.slice(s, end).trimEnd();
    if (!written || (!isLetter(written.charAt(written.length - 1)) && !written.endsWith('.'))) continue;
    const key = nameKey(written);
    if (!key || /^\d+$/.test(key)) continue;
    const book = index.get(key);
    if (book === undefined) continue;
    if (freeText && !nameAllowed(meta, written, key) && !lowerCaseAbbreviation(text, written, s + written.length, key))
      continue;
    return { book, written, start: s };
  }
  return undefined;
}

/**
 * A book code with its ordinal after it, as Gill's commentary writes them ("Co2 10:1" for 2 Corinthians,
 * "Ti1 4:16", "Sa2 7:13"): the digit at `at` belongs to the name, and the chapter follows a space.
 */
export function ordinalAfter(meta: Meta, text: string, at: number): BookName | undefined {
  const digit = text.charCodeAt(at);
  if (digit < 49 || digit > 51 || !isSpace(text.charAt(at + 1)) || !isAsciiLetterAt(text, at - 1)) return undefined;
  let start = at;
  while (start > 0 && isAsciiLetterAt(text, start - 1) && at - start < 4) start--;
  if (start > 0 && /[\p{L}\d]/u.test(text.charAt(start - 1))) return undefined;
  const book = meta.nameIndex().get(nameKey(`${text.charAt(at)} ${text.slice(start, at)}`));
  return book === undefined ? undefined : { book, written: text.slice(start, at + 1), start };
}
