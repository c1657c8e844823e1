// Readers of the parameters that carry a value rather than a place: languages, choices, numbers, texts,
// testaments, ages and dates.
import { asciiForms } from '../ascii-forms.ts';
import { invalid } from '../errors.ts';
import { isWellFormed } from '../es2020.ts';
import { LANGUAGES, type Language } from '../meta.ts';
import { EARLIEST_DATE, LATEST_DATE, parseDate } from '../plans/dates.ts';
import { readersAge } from '../plans/reading-time.ts';
import { bookNumber } from './id-readers.ts';
import { digits, rawString, shownNumber } from './raw.ts';
import type { AgeValue, BookOrTestament, ParamSpec } from './spec.ts';

const MAX_TEXT = 1000;

/** A text's length as a reader counts characters, which a text parameter's minimum uses: an accent or
 *  vowel mark typed as its own code point (NFD "a" + U+0301, Arabic harakat) belongs to its letter, an
 *  invisible format character (a joiner, a soft hyphen) is none, and an emoji is one character, not two
 *  UTF-16 code units: also one with a skin tone (👍🏽), a family joined by ZWJs (👨‍👩‍👧) or a flag (🇺🇸,
 *  two regional indicators). General categories only, which every host's regular expressions know. */
export const readerLength = (text: string): number =>
  [
    ...text
      .replace(/\u200d\p{So}|[\p{M}\p{Cf}]|[\u{1F3FB}-\u{1F3FF}]/gu, '')
      .replace(/([\u{1F1E6}-\u{1F1FF}])[\u{1F1E6}-\u{1F1FF}]/gu, '$1'),
  ].length;

/** A text's length in code points: a surrogate pair counts once. */
function codePoints(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** A language of the engine's books and names, lower-cased. */
export function languageParam(spec: ParamSpec, raw: unknown): string {
  const s = rawString(spec, raw).trim().toLowerCase();
  if (!LANGUAGES.includes(s as Language))
    throw invalid(
      spec.name,
      `${spec.name} must be one of ${LANGUAGES.join(', ')}, got ${JSON.stringify(s.slice(0, 40))}`,
    );
  return s;
}

/** One of the listed values, matched case-insensitively. */
export function choiceParam(spec: ParamSpec, raw: unknown): string {
  // A switch listed as 'true' and 'false' (highlight) takes a JavaScript caller's true and false too.
  if (typeof raw === 'boolean' && spec.values!.includes(String(raw))) return String(raw);
  const s = rawString(spec, raw).trim().toLowerCase();
  const match = spec.values!.find((v) => v.toLowerCase() === s);
  if (match === undefined)
    throw invalid(
      spec.name,
      `${spec.name} must be one of ${spec.values!.join(', ')}, got ${JSON.stringify(s.slice(0, 40))}`,
    );
  return spec.asSent ? rawString(spec, raw).trim() : match;
}

/** A whole number within the spec's bounds. */
export function integerParam(spec: ParamSpec, raw: unknown): number {
  const min = spec.min ?? 0;
  const max = spec.max ?? 999_999_999;
  const n = digits(spec, raw, `a whole number from ${min} to ${max}`);
  if (n < min || n > max)
    throw invalid(spec.name, `${spec.name} must be a whole number from ${min} to ${max}, got ${shownNumber(raw, n)}`);
  return n;
}

/** A text of the spec's length, free of control characters and broken Unicode. */
export function textParam(spec: ParamSpec, raw: unknown): string {
  const s = rawString(spec, raw);
  const max = spec.maxLength ?? MAX_TEXT;
  const min = spec.minLength ?? 1;
  const trimmed = s.trim();
  if (!trimmed || (min > 1 && readerLength(trimmed) < min))
    throw invalid(spec.name, `${spec.name} must have at least ${min} character${min === 1 ? '' : 's'}`);
  // Characters as Unicode counts them (an emoji or a letter beyond the BMP is one, each combining mark
  // is one more), so the bound on the work a text costs stays a bound.
  const length = s.length > max ? codePoints(s) : s.length;
  if (length > max) throw invalid(spec.name, `${spec.name} must be at most ${max} characters, got ${length}`);
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(s) || !isWellFormed(s))
    throw invalid(spec.name, `${spec.name} contains control characters or broken Unicode`);
  return s;
}

/** A book number, or a testament (ot / nt). */
export function bookOrTestamentParam(spec: ParamSpec, raw: unknown): BookOrTestament {
  const sent = rawString(spec, raw).trim();
  const s = asciiForms(sent).toLowerCase();
  if (s === 'ot' || s === 'nt') return { testament: s.toUpperCase() as 'OT' | 'NT' } satisfies BookOrTestament;
  if (!/^\d{1,9}$/.test(s))
    throw invalid(
      spec.name,
      `${spec.name} must be a book number from 1 to 66, or ot / nt, got ${JSON.stringify(sent.slice(0, 40))}`,
    );
  return { book: bookNumber(spec, sent) } satisfies BookOrTestament;
}

/** An age as sent, and the age it reads as (anything but a number reads as the default age). */
export function ageParam(spec: ParamSpec, raw: unknown): AgeValue {
  const requested = rawString(spec, raw).trim().slice(0, 40);
  const ascii = asciiForms(requested);
  return {
    requested,
    age: readersAge(/^\d{1,9}$/.test(ascii) ? Number(ascii) : undefined),
  } satisfies AgeValue;
}

/** A date within the range the reading plans cover. */
export function dateParam(spec: ParamSpec, raw: unknown): string {
  // A real calendar date YYYY-MM-DD (2023-02-30 is refused), returned as written, in ASCII digits; a
  // refusal quotes it as sent.
  const sent = rawString(spec, raw).trim();
  const s = asciiForms(sent);
  if (parseDate(s) === null)
    throw invalid(
      spec.name,
      `${spec.name} must be a real calendar date YYYY-MM-DD such as 2023-01-01, got ${JSON.stringify(sent.slice(0, 40))}`,
    );
  if (s < EARLIEST_DATE || s > LATEST_DATE)
    throw invalid(spec.name, `${spec.name} must be from ${EARLIEST_DATE} to ${LATEST_DATE}, got ${sent}`);
  return s;
}
