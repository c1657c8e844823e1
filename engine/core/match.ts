// The one text normaliser shared by the search index (compile time), every query (run time) and every
// operation that asks "does this verse contain that text" (GetSearch*, GetRandomVerse's limitToQuery).
// Platform-free: plain string and typed-array work, no Intl, no Node built-ins.
//
// normalizeText(s) is s with
//   1. compatibility decomposition (NFKD): "é" -> "e" + U+0301; ligatures and presentation forms
//      (Arabic presentation forms, "ﬁ", full-width letters, long s "ſ") -> their plain letters;
//   2. case folding (toLowerCase), the Greek final sigma folded to σ;
//   3. every combining mark removed (\p{M}: Latin accents, Greek accents and breathings, Arabic harakat,
//      shadda, sukun, superscript alef and Quranic marks, Hebrew points), and the invisible format
//      characters (\p{Cf}: joiners, direction marks, soft hyphen) and the Arabic tatweel U+0640 deleted;
//   4. Arabic letter variants folded: every alef with hamza or madda (أ إ آ, which steps 1 and 3 already
//      turn into ا) and alef wasla ٱ -> bare alef ا; waw and yeh with hamza (ؤ ئ) -> و ي (they decompose
//      the same way); alef maqsura ى -> yeh ي; teh marbuta ة -> heh ه. The standalone hamza ء stays.
//      These are the spellings Arabic readers type interchangeably (Lucene's Arabic normaliser folds the
//      same letters), so an unvowelled query without hamza seats finds the fully pointed printed text;
//   5. the Latin ligatures æ and œ (which NFKD leaves whole) -> ae and oe, as a reader types them: the ASV
//      prints "Cæsar" where the WEB and YLT print "Caesar", and "caesar" finds both;
//   6. an apostrophe (straight ', curly ’, full-width ＇, modifier letter ʼ, or a ‘ typed for one) right
//      after a letter or digit is part of the word and becomes ': "LORD’S" -> "lord's", "Jesus’" ->
//      "jesus'". Anywhere else (an opening quote, a second one) it separates words like punctuation;
//   7. every other character that is not a letter or digit (\p{L} \p{N}) separates words: runs of
//      separators (punctuation, spaces, dashes, quotes) become one space, none at either end.
// The result is the text's words, folded, joined by single spaces: "The LORD’S" -> "the lord's",
// "وَقَالَ" -> "وقال", "¿Amó?" -> "amo". normalizeText is idempotent.
//
// Whole-word matching (containsNormalized with `exact`) lets a word end before an apostrophe: "jesus"
// finds "Jesus’ feet" and "lord" finds "LORD’S", while "jesus'" finds only the possessive and "lord's"
// only "LORD’S" (a query's apostrophe is part of its word, so it never matches across a space).
//
// Speed matters (the engine normalises a whole translation, ~4 million characters, on its first search),
// so each UTF-16 code unit is looked up in a table filled lazily from the rules above. Folding character
// by character equals folding the whole string: decomposition works per character, and every mark it
// could reorder is removed.

const FOLD: Record<string, string> = {
  '\u0671': '\u0627', // alef wasla -> alef (the hamza/madda alefs decompose to alef + a removed mark)
  '\u0649': '\u064a', // alef maqsura -> yeh
  '\u0629': '\u0647', // teh marbuta -> heh
  '\u03c2': '\u03c3', // Greek final sigma -> sigma
  '\u00e6': 'ae', // æ (and Æ, lower-cased first) -> ae
  '\u0153': 'oe', // œ -> oe
};
const DROP = /[\p{M}\p{Cf}\u0640]/u;
const WORD = /[\p{L}\p{N}]/u;

// Per code unit: 0 = not computed yet, 1 = deleted, 2 = separator, 3 = several characters (see MULTI),
// 4 = apostrophe, otherwise the single output code unit. Code units 1-4 are control characters, hence
// separators, so no character folds to them.
const TABLE = new Uint16Array(65536);
const MULTI = new Map<number, string>();
const ASTRAL = new Map<number, string>();
const DELETE = 1;
const SEPARATOR = 2;
const SEVERAL = 3;
const APOSTROPHE = 4;
/** The apostrophe as it appears in normalised text. */
export const NORMALIZED_APOSTROPHE = "'";
const APOSTROPHE_CODE = 39;
const SPACE_CODE = 32;
const NEWLINE_CODE = 10;

/** What one character (code point) becomes: '' when deleted; ' ' marks a word separator. */
function foldCharacter(ch: string): string {
  let out = '';
  for (const c of ch.normalize('NFKD').toLowerCase().normalize('NFKD')) {
    if (DROP.test(c)) continue;
    const folded = FOLD[c] ?? c;
    // ʼ is a letter to Unicode, and the apostrophe here even inside a decomposition (ŉ -> ʼn)
    out += isApostrophe(folded) ? NORMALIZED_APOSTROPHE : WORD.test(folded) ? folded : ' ';
  }
  return out;
}

/**
 * The straight and the curly apostrophe, what decomposes to them (the full-width one), the modifier
 * letter apostrophe ʼ (U+02BC, which some keyboards and texts use for the apostrophe) and the left single
 * quotation mark ‘ (autocorrect and typists put it for an apostrophe: WEB's "Yahweh‘s" in Isaiah 62).
 * All of them only join a word when they follow a letter or digit, so an opening ‘ stays punctuation.
 */
const isApostrophe = (ch: string) => /^['\u2018\u2019\u02bc]$/.test(ch.normalize('NFKD'));

function classify(code: number): number {
  const ch = String.fromCharCode(code);
  const out = foldCharacter(ch);
  let kind: number;
  if (isApostrophe(ch) || out === NORMALIZED_APOSTROPHE) kind = APOSTROPHE;
  else if (out === '') kind = DELETE;
  else if (/^ +$/.test(out)) kind = SEPARATOR;
  else if (out.length === 1) kind = out.charCodeAt(0);
  else {
    kind = SEVERAL;
    MULTI.set(code, out);
  }
  TABLE[code] = kind;
  return kind;
}
// Surrogates only mean something in pairs; fold() handles them itself.
TABLE.fill(DELETE, 0xd800, 0xe000);
TABLE[10] = SEPARATOR; // a newline separates words, or lines in normalizeLines

// Output goes to a reusable UTF-16 buffer, turned into a string in chunks (fast on every JS engine).
let buffer = new Uint16Array(1 << 16);

function grow(needed: number): void {
  if (needed <= buffer.length) return;
  const bigger = new Uint16Array(Math.max(needed, buffer.length * 2));
  bigger.set(buffer);
  buffer = bigger;
}

// TextDecoder turns the buffer into a string fastest; hosts without a UTF-16 TextDecoder (some React
// Native engines) fall back to String.fromCharCode in chunks.
const utf16: TextDecoder | null = (() => {
  try {
    const decoder = new TextDecoder('utf-16le');
    return decoder.decode(new Uint16Array([0x61, 0x5d0])) === 'a\u05d0' ? decoder : null;
  } catch {
    return null;
  }
})();

function bufferToString(length: number): string {
  if (utf16 && length > 64) return utf16.decode(buffer.subarray(0, length));
  const CHUNK = 8192;
  if (length <= CHUNK) return String.fromCharCode.apply(null, buffer.subarray(0, length) as unknown as number[]);
  const parts: string[] = [];
  for (let at = 0; at < length; at += CHUNK) {
    parts.push(
      String.fromCharCode.apply(null, buffer.subarray(at, Math.min(length, at + CHUNK)) as unknown as number[]),
    );
  }
  return parts.join('');
}

/** Is this output code unit the end of a word so far (a letter or digit), so an apostrophe may follow? */
const endsWord = (unit: number) => unit !== SPACE_CODE && unit !== NEWLINE_CODE && unit !== APOSTROPHE_CODE;

/** Appends a multi-character fold result (rare: ligatures, fractions, letters beyond the BMP). */
function appendSeveral(s: string, out: number, pending: boolean): number {
  grow(out + 2 * s.length + 16);
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c === 32) {
      pending = out > 0 && buffer[out - 1] !== 10;
      continue;
    }
    if (c === APOSTROPHE_CODE) {
      // the rule of an apostrophe on its own: part of the word only right after a letter or digit
      if (!pending && out > 0 && endsWord(buffer[out - 1])) buffer[out++] = c;
      else pending = out > 0 && buffer[out - 1] !== 10;
      continue;
    }
    if (pending) {
      buffer[out++] = 32;
      pending = false;
    }
    buffer[out++] = c;
  }
  // A trailing separator is remembered as a negative length.
  return pending ? -out : out;
}

function fold(text: string, keepLines: boolean): string {
  const n = text.length;
  grow(n + 16);
  const table = TABLE;
  let buf = buffer;
  let out = 0;
  let pending = false; // a space is owed before the next letter of the current line
  for (let i = 0; i < n; i++) {
    const code = text.charCodeAt(i);
    const kind = table[code];
    if (kind > APOSTROPHE) {
      if (pending) {
        buf[out++] = 32;
        pending = false;
      }
      buf[out++] = kind;
    } else if (kind === APOSTROPHE) {
      if (!pending && out > 0 && endsWord(buf[out - 1])) buf[out++] = APOSTROPHE_CODE;
      else pending = out > 0 && buf[out - 1] !== 10;
    } else if (kind === SEPARATOR) {
      if (code === 10 && keepLines) {
        buf[out++] = 10;
        pending = false;
      } else pending = out > 0 && buf[out - 1] !== 10;
    } else if (kind === 0) {
      classify(code);
      i--;
    } else {
      let several: string | undefined;
      if (kind === SEVERAL) {
        several = MULTI.get(code)!;
      } else if (code >= 0xd800 && code <= 0xdfff) {
        // A surrogate pair is a character beyond the BMP (mathematical letters and the like); a lone
        // surrogate (broken text) separates words.
        const low = code <= 0xdbff && i + 1 < n ? text.charCodeAt(i + 1) : 0;
        if (low >= 0xdc00 && low <= 0xdfff) {
          const point = ((code - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
          several = ASTRAL.get(point);
          if (several === undefined) {
            several = foldCharacter(String.fromCodePoint(point));
            ASTRAL.set(point, several);
          }
          i++;
        } else {
          pending = out > 0 && buf[out - 1] !== 10;
        }
      }
      // DELETE: nothing to emit
      if (several !== undefined) {
        const at = appendSeveral(several, out, pending);
        pending = at < 0;
        out = Math.abs(at);
        // Keep room for the rest: every other input unit yields at most one unit plus an owed space.
        grow(out + n - i + 16);
        buf = buffer;
      }
    }
  }
  return bufferToString(out);
}

/** A text's words, case-, accent- and vowel-mark-folded, joined by single spaces (see the rules above). */
export function normalizeText(text: string): string {
  return fold(text, false);
}

/** normalizeText of each line of a newline-separated text, still separated by newlines (one per line). */
export function normalizeLines(text: string): string {
  return fold(text, true);
}

/**
 * normalizeText(text), and for each of its code units the [from, to) range of `text` it comes from (a
 * letter's range also covers the marks removed after it). Slower than normalizeText: used per verse, to
 * turn a match in normalised text into a span of the original (GetSearch's highlight option).
 */
export function normalizeWithOffsets(text: string): { text: string; from: number[]; to: number[] } {
  let out = '';
  const from: number[] = [];
  const to: number[] = [];
  let pending = false;
  const put = (piece: string, at: number, end: number) => {
    for (let k = 0; k < piece.length; k++) {
      const c = piece[k];
      if (c === ' ') {
        pending = out.length > 0;
        continue;
      }
      if (c === NORMALIZED_APOSTROPHE && (pending || out.length === 0 || !endsWord(out.charCodeAt(out.length - 1)))) {
        pending = out.length > 0; // an apostrophe that follows no letter separates words
        continue;
      }
      if (pending) {
        out += ' ';
        from.push(at);
        to.push(at);
        pending = false;
      }
      out += c;
      from.push(at);
      to.push(end);
    }
  };
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let kind = TABLE[code];
    if (kind === 0) kind = classify(code);
    if (kind > APOSTROPHE) put(String.fromCharCode(kind), i, i + 1);
    else if (kind === APOSTROPHE) put(NORMALIZED_APOSTROPHE, i, i + 1);
    else if (kind === SEPARATOR) pending = out.length > 0;
    else if (kind === SEVERAL) put(MULTI.get(code)!, i, i + 1);
    else if (code >= 0xd800 && code <= 0xdfff) {
      const low = code <= 0xdbff && i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (low >= 0xdc00 && low <= 0xdfff) {
        const point = ((code - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
        let several = ASTRAL.get(point);
        if (several === undefined) {
          several = foldCharacter(String.fromCodePoint(point));
          ASTRAL.set(point, several);
        }
        put(several, i, i + 2);
        i++;
      } else {
        pending = out.length > 0;
      }
    } else if (out.length > 0 && !pending) {
      to[to.length - 1] = i + 1; // a removed mark belongs to the letter before it
    }
  }
  return { text: out, from, to };
}

export type MatchType = 'broad' | 'exact';

/**
 * Is this code unit of normalised text a letter of a script written without spaces between words: Thai,
 * Lao, Tibetan, Myanmar, Khmer, the Tai scripts, Han (and the Kangxi radicals, the iteration marks 々 〆,
 * 〇), Hiragana, Katakana, Bopomofo and Yi, or half of a surrogate pair (beyond the BMP a normalised text
 * keeps only letters and digits, and most of those are Han: extensions B to H)? Every such letter is a
 * word of its own to the whole-word rule, and search indexes it by character n-grams
 * (search/ngrams.ts). Hangul is not among them: Korean puts spaces between words.
 */
export function isUnspacedUnit(code: number): boolean {
  if (code < 0x0e00) return false;
  if (code < 0x3000) {
    return (
      code <= 0x0fff || // Thai, Lao, Tibetan
      (code >= 0x1000 && code <= 0x109f) || // Myanmar
      (code >= 0x1780 && code <= 0x17ff) || // Khmer
      (code >= 0x1950 && code <= 0x19ff) || // Tai Le, New Tai Lue, Khmer symbols
      (code >= 0x1a20 && code <= 0x1aaf) || // Tai Tham
      (code >= 0x2e80 && code <= 0x2fdf) // CJK and Kangxi radicals
    );
  }
  if (code < 0xa000) {
    return (
      (code >= 0x3005 && code <= 0x3007) || // 々 〆 〇
      (code >= 0x3021 && code <= 0x3029) || // Hangzhou numerals
      (code >= 0x3031 && code <= 0x3035) || // kana repeat marks
      (code >= 0x303b && code <= 0x303c) ||
      (code >= 0x3040 && code <= 0x312f) || // Hiragana, Katakana, Bopomofo
      (code >= 0x31a0 && code <= 0x31bf) || // Bopomofo extended
      (code >= 0x31f0 && code <= 0x31ff) || // Katakana phonetic extensions
      code >= 0x3400 // CJK extension A, CJK unified ideographs (Yijing symbols are no letters)
    );
  }
  return (
    code <= 0xa4cf || // Yi
    (code >= 0xa9e0 && code <= 0xa9ff) || // Myanmar extended B
    (code >= 0xaa60 && code <= 0xaadf) || // Myanmar extended A, Tai Viet
    (code >= 0xd800 && code <= 0xdfff) || // surrogates: letters beyond the BMP, mostly Han
    (code >= 0xf900 && code <= 0xfaff) // CJK compatibility ideographs (NFKD maps most of them to Han)
  );
}

/** Does a normalised text hold a letter of a script written without spaces (isUnspacedUnit)? */
export function hasUnspaced(normalized: string): boolean {
  for (let i = 0; i < normalized.length; i++) if (isUnspacedUnit(normalized.charCodeAt(i))) return true;
  return false;
}

/**
 * Is the normalised query, found at `at` in the normalised text, there as whole words? It must start a
 * word (text start, space or line break before it) and end one (text end, space or line break after
 * it, or an apostrophe: "jesus" is a whole word of "jesus'", "lord" of "lord's"). A letter of a script
 * written without spaces (isUnspacedUnit) is a word of its own: there is a word boundary on each side of
 * it, so "神愛" is found anywhere in "神愛世人" and "jesus" in "耶穌jesus說". One rule for every search
 * path: the verse check, the whole-text scan and the highlights.
 */
export function isWholeWordAt(text: string, at: number, length: number): boolean {
  if (at > 0) {
    const before = text.charCodeAt(at - 1);
    if (
      before !== SPACE_CODE &&
      before !== NEWLINE_CODE &&
      !isUnspacedUnit(before) &&
      !isUnspacedUnit(text.charCodeAt(at))
    )
      return false;
  }
  if (at + length === text.length) return true;
  const after = text.charCodeAt(at + length);
  return (
    after === SPACE_CODE ||
    after === NEWLINE_CODE ||
    after === APOSTROPHE_CODE ||
    isUnspacedUnit(after) ||
    isUnspacedUnit(text.charCodeAt(at + length - 1))
  );
}

/** Does a normalised text contain a normalised, non-empty query? `broad`: anywhere, even inside a word;
 *  `exact`: only as whole words (isWholeWordAt). */
export function containsNormalized(text: string, query: string, matchType: MatchType): boolean {
  if (matchType === 'broad') return text.includes(query);
  const length = query.length;
  for (let at = text.indexOf(query); at !== -1; at = text.indexOf(query, at + 1)) {
    if (isWholeWordAt(text, at, length)) return true;
  }
  return false;
}

/** A predicate on raw text: does it contain the query the way the search operations match? */
export function queryMatcher(query: string, matchType: MatchType = 'broad'): (text: string) => boolean {
  const q = normalizeText(query);
  if (!q) return () => false;
  return (text) => containsNormalized(normalizeText(text), q, matchType);
}

/** A predicate: does the text contain the words of the query as a whole-word phrase? */
export function wholeWordMatcher(query: string): (text: string) => boolean {
  return queryMatcher(query, 'exact');
}
