// The cursor the reference grammar (grammar.ts) reads text with, and the patterns it tries: the marks,
// words and lookaheads that separate chapters, verses, lists and ranges as people write them.
import { isSpace } from './books.ts';

/**
 * A sticky pattern, and the characters it can start with when they are few: the cursor tries it only
 * there. (A property added to the RegExp itself would take V8's exec off its fast path.)
 */
export interface Pattern {
  re: RegExp;
  firsts?: string;
}
export const firstChars = (re: RegExp, firsts?: string): Pattern => ({ re, firsts });
/**
 * The marks a range is written with: the hyphen-minus and en and em dashes, and the other dashes word
 * processors and phones put in their place (Unicode hyphen, non-breaking hyphen, figure dash, horizontal
 * bar, minus sign, small and full-width hyphen-minus).
 */
export const DASHES = '-–—‐‑‒―−﹣－';
export const RANGE = firstChars(new RegExp(`(?:[${DASHES}~]|to\\b|through\\b|thru\\b)`, 'iy'), `${DASHES}~tT`);
// "and" in English, Spanish ("y") and Arabic ("و"); the Arabic comma "،" for ",".
export const VERSE_LIST = firstChars(/(?:[,،&]|and\b|y(?=\s+\d)|و(?=\s*\d))/iy, ',،&aAyYو');
export const CHAPTER_LIST = firstChars(/(?:[,،&/]|and\b|y(?=\s+\d)|و(?=\s*\d))/iy, ',،&/aAyYو');
export const VERSE_MARKER = firstChars(/(?:verses|verse|vv\.?|vs\.?|ver\.?|v\.?)(?=\s*\d)/iy, 'vV');
/** Before a chapter only the word: "Mic. v. 2" is Gill's Micah 5:2 (a Roman chapter), not a verse of chapter 1. */
export const VERSE_WORD = firstChars(/verses?(?=\s*\d)/iy, 'vV');
export const CHAPTER_MARKER = firstChars(/(?:chapters|chapter|chap\.?|ch\.?)(?=\s*\d)/iy, 'cC');
export const MARKUP = firstChars(/[*_]{1,3}/y, '*_');
export const FOLLOW_ON = firstChars(/[;؛]\s*(?:(?:see\s+)?also\b|see\b|cf\.?)?/iy, ';؛');
/**
 * What may run into a number: a verse marker ("3v16"), a translation code ("5:3-12NIV") or a list word
 * typed without its space ("John3:16-18and Rom8:28").
 */
export const GLUED_AFTER_NUMBER = firstChars(
  /vv?\.?\d|(?:N?KJV|N?[IR]V|ESV|NASB|N?LT|H?CSB|NRSV|AMP|MSG|ASV)\b|and\b/y,
);
export const COMMA = firstChars(/[,،]/y, ',،');
/** A time after a number ("9:30 am") is not a verse. */
export const TIME = String.raw`(?!\s*[ap]\.?m\b)`;
export const TIME_AFTER = firstChars(/\s*[ap]\.?m\b/iy);
export const SPACED_FOLLOWING = firstChars(/[ \t\u00a0]+ff?(?![\p{L}\p{Nd}])/uy);
export const CHAPTER_VERSE_AHEAD = firstChars(new RegExp(String.raw`\s*\d{1,3}\s*[:.]\s*\d{1,3}(?!\d)${TIME}`, 'iy'));
export const GLUED_CHAPTER_VERSE_AHEAD = firstChars(new RegExp(String.raw`\s*\d{1,3}[:.]\d{1,3}(?!\d)${TIME}`, 'iy'));
export const DIGIT_AHEAD = firstChars(/\s*\d/y);
export const NUMBER_AHEAD = firstChars(/\s*(\d{1,3})(?!\d)/y);
export const COLON_SEPARATOR = firstChars(/::?(?=\s*\d)/y, ':');
export const COLON_BEFORE_MARKER = firstChars(/:(?=\s*(?:verses|verse|vv\.?|vs\.?|ver\.?|v\.?)\s*\d)/iy, ':');
export const GLUED_DOT = firstChars(/\.(?=\d)/y, '.');
/** A hashtag cannot hold ":" or ".": "#John3_16" is John 3:16. */
export const GLUED_UNDERSCORE = firstChars(/_(?=\d)/y, '_');
/** Gill's "Numb. 26. 10": chapter and verse apart, as footnotes write them. */
export const SPACED_DOT = firstChars(/\.(?=[ \t\u00a0]+\d)/y, '.');
/** ";" typed for ":", directly between a chapter and a verse: "Titus 2;1-5", not "John 3;4:1". */
export const GLUED_SEMICOLON = firstChars(/;(?=\d{1,3}(?![\d:]|\.\d))/y, ';');
export const SPANISH_SEPARATOR = firstChars(/,(?=\d)/y, ',');
export const WORD_AHEAD = firstChars(/\s*[\p{L}\d]/uy);
export const VERSES_CONTINUE = firstChars(
  new RegExp(`\\s*(?:[${DASHES}~,،&]|to\\b|through\\b|thru\\b|and\\b|y(?=\\s)|و)\\s*\\d`, 'iy'),
);
export const VERSE_AHEAD = firstChars(
  new RegExp(String.raw`\s*\d{1,3}(?:[a-e]{1,2})?(?![\d:.]\s*\d)(?!\d)${TIME}`, 'iy'),
);
/** "2 Cor 5 17": a second number after a space, not a chapter:verse or a time of its own. */
export const SPACED_VERSE_AHEAD = firstChars(
  new RegExp(String.raw`[ \t\u00a0]{1,2}\d{1,3}(?![\d:.,]\s*\d)(?![\p{L}\d])${TIME}`, 'uiy'),
);
/** "Luke 2:10. 11": a verse after a full stop, read when it is later than the last one. */
export const VERSE_AFTER_STOP = firstChars(
  new RegExp(String.raw`\.[ \t\u00a0]*(\d{1,3})(?:[a-e]{1,2})?(?!\d|\s*:\s*\d|\.\d)(?![\p{L}\d])${TIME}`, 'uiy'),
  '.',
);
export const STOP_THEN_CHAPTER_VERSE = firstChars(/\.(?=\s*\d{1,3}[:.]\d)/y, '.');
export const SINGLE_CHAPTER_VERSE_AHEAD = firstChars(/\s*[:.]\s*\d/y);
/** After a common-word name with a bare chapter: a list word and another book's reference ("Acts 2 and Joel 2"). */
export const LIST_WORD = firstChars(/\s*(?:,|;|&|and\b|with\b|or\b|vs\.?|versus\b)/iy);
export const LAST_BOOK = 66;

export const isDigitCode = (c: number) => c >= 48 && c <= 57;
// Decimal digits only: a footnote mark in superscript ("John 3:16¹") is not part of the number it follows.
export const NON_ASCII_WORD_CHAR = /[\p{L}\p{Nd}]/u;
/** A letter or decimal digit at `at`, with an ASCII fast path. */
export const isWordCharAt = (text: string, at: number) => {
  const c = text.charCodeAt(at);
  return (
    (c >= 48 && c <= 57) ||
    (c >= 97 && c <= 122) ||
    (c >= 65 && c <= 90) ||
    (c > 127 && NON_ASCII_WORD_CHAR.test(text.charAt(at)))
  );
};

/** A parser over one text, one reference at a time. */
export class Cursor {
  constructor(
    readonly text: string,
    public at: number,
  ) {}

  /** Nothing but spaces left: what a lone citation reaches at its end. */
  atEnd(): boolean {
    let i = this.at;
    while (i < this.text.length && isSpace(this.text.charAt(i))) i++;
    return i >= this.text.length;
  }

  skipSpaces(): this {
    while (this.at < this.text.length && isSpace(this.text.charAt(this.at))) this.at++;
    return this;
  }

  /** Matches a sticky pattern at the cursor (after spaces) and moves past it; the cursor stays put otherwise. */
  take(pattern: Pattern): boolean {
    const saved = this.at;
    this.skipSpaces();
    if (this.test(pattern)) {
      this.at = pattern.re.lastIndex;
      return true;
    }
    this.at = saved;
    return false;
  }

  /** Matches a sticky pattern exactly at the cursor (no spaces before it) and moves past it. */
  takeHere(pattern: Pattern): boolean {
    if (!this.test(pattern)) return false;
    this.at = pattern.re.lastIndex;
    return true;
  }

  /**
   * Whether a sticky pattern matches at the cursor, without moving it; the pattern's lastIndex is then
   * where the match ends. (test() builds no match array: this runs for nearly every character read.)
   */
  test(pattern: Pattern, at = this.at): boolean {
    if (pattern.firsts !== undefined && !pattern.firsts.includes(this.text.charAt(at))) return false;
    pattern.re.lastIndex = at;
    return pattern.re.test(this.text);
  }

  /** A sticky pattern's match at the cursor with its groups, without moving it. */
  match(pattern: Pattern, at = this.at): RegExpExecArray | null {
    if (pattern.firsts !== undefined && !pattern.firsts.includes(this.text.charAt(at))) return null;
    pattern.re.lastIndex = at;
    return pattern.re.exec(this.text);
  }

  /** What followed the last number read: a part-verse letter, "f" (and the next verse) or "ff" (and the rest). */
  suffix = '';

  /**
   * A number of 1-3 digits not run into further digits or letters, except part-verse letters (9a, 5ab),
   * "f" or "ff" (allowed for verses only), a glued verse marker ("3v16") or a translation code ("12NIV").
   * Read by hand: it runs for every number in a text.
   */
  number(partLetter = false): number | undefined {
    const text = this.text;
    let i = this.at;
    while (i < text.length && isSpace(text.charAt(i))) i++;
    let value = 0;
    let end = i;
    while (end - i < 4 && isDigitCode(text.charCodeAt(end))) value = value * 10 + text.charCodeAt(end++) - 48;
    if (end === i || end - i > 3 || value === 0) return undefined;
    let suffix = '';
    if (isWordCharAt(text, end)) {
      let j = end;
      while (j - end < 2 && text.charCodeAt(j) >= 97 && text.charCodeAt(j) <= 101) j++;
      if (j === end) while (j - end < 2 && text.charCodeAt(j) === 102) j++;
      if (j > end && !isWordCharAt(text, j)) {
        if (!partLetter) return undefined;
        suffix = text.slice(end, j);
        end = j;
      } else if (!this.test(GLUED_AFTER_NUMBER, end)) return undefined;
    }
    this.at = end;
    this.suffix = suffix;
    return value;
  }

  /** Runs a speculative parse; rolls the cursor back when it gives undefined. */
  attempt<T>(parse: () => T | undefined): T | undefined {
    const saved = this.at;
    const result = parse();
    if (result === undefined) this.at = saved;
    return result;
  }
}
