// Parameter kinds: each turns a raw value (an HTTP query string gives strings; typed callers may pass
// numbers) into a checked value, or throws a BibleError naming the parameter and what was expected.
import { asciiForms } from './ascii-forms.ts';
import { BibleError, invalid } from './errors.ts';
import { bookNameKey, LANGUAGES, type Language, type Meta } from './meta.ts';
import {
  bookOf,
  chapterOf,
  formatBookAndChapterId,
  parseBookAndChapterId,
  parseVerseId,
  splitBookAndChapterId,
  verseOf,
  type VerseRef,
} from './ids.ts';
import { EARLIEST_DATE, LATEST_DATE, parseDate } from './plans/dates.ts';
import { readersAge } from './plans/reading-time.ts';
import { hasOwn, isWellFormed } from './es2020.ts';

export type ParamType =
  | 'verseId'
  | 'bookId'
  | 'chapterId'
  | 'bookAndChapterId'
  | 'chapterOrBookAndChapterId'
  | 'versionId'
  | 'language'
  | 'integer'
  | 'text'
  | 'choice'
  | 'bookOrTestament'
  | 'date'
  | 'age';

export interface ParamSpec {
  name: string;
  type: ParamType;
  required?: boolean;
  /** used when the parameter is absent; a raw value, coerced like any other */
  default?: string | number;
  description: string;
  /** choice: allowed values (matched case-insensitively); text: the values a typed caller may pass */
  values?: readonly string[];
  /** choice: hand the operation the value as sent (trimmed) rather than the listed spelling */
  asSent?: boolean;
  /** integer: bounds */
  min?: number;
  max?: number;
  /** text: length bounds */
  minLength?: number;
  maxLength?: number;
  /**
   * The name of a choice parameter whose value may also be written as this one's prefix: GetStrongs reads
   * id=G26 as lexiconId=G and id=26. A prefix that disagrees with the other parameter is refused.
   */
  prefixedBy?: string;
  /** integer with prefixedBy: the largest value for each value of the prefix parameter (max is the largest) */
  maxByPrefix?: Readonly<Record<string, number>>;
}

export interface VerseIdValue extends VerseRef {
  id: number;
}
/** An age as sent, and the age it reads as (readersAge in plans/reading-time.ts). */
export interface AgeValue {
  requested: string;
  age: number;
}
export type BookOrTestament = { book: number } | { testament: 'OT' | 'NT' };

const MAX_TEXT = 1000;

function rawString(spec: ParamSpec, raw: unknown): string {
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  if (typeof raw === 'string') return raw;
  // NaN and Infinity are numbers: "must be a string or number, got number" would contradict itself.
  if (typeof raw === 'number')
    throw invalid(spec.name, `${spec.name} must be a string or number, got ${raw}, which is not a finite number`);
  throw invalid(
    spec.name,
    `${spec.name} must be a string or number, got ${Array.isArray(raw) ? 'an array' : typeof raw}`,
  );
}

/** The value of a string of 1-15 ASCII digits, or -1 (a loop: cheaper than a regex on the hot path). */
function digitsValue(s: string): number {
  if (s.length === 0 || s.length > 15) return -1;
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

// Numbers are also read in full-width digits (４３, as a CJK input method types them) and Arabic-Indic ones
// (٤٣), as the citation reader reads them (ascii-forms.ts); tried only once the ASCII reading has failed.
function digits(spec: ParamSpec, raw: unknown, expected: string): number {
  const s = rawString(spec, raw);
  if (digitsValue(s) >= 0) return Number(s);
  const ascii = asciiForms(s);
  if (digitsValue(ascii) >= 0) return Number(ascii);
  throw invalid(spec.name, `${spec.name} must be ${expected}, got ${JSON.stringify(s.slice(0, 40))}`);
}

/** A number read by digits() as a refusal quotes it: as sent when written in other digits ("got ６７"), so
 *  the caller recognises what it sent; otherwise its value. */
const shownNumber = (raw: unknown, n: number): string =>
  typeof raw === 'string' && digitsValue(raw) < 0 ? raw : String(n);

function bookNumber(spec: ParamSpec, raw: unknown): number {
  const book = digits(spec, raw, 'a book number from 1 (Genesis) to 66 (Revelation), or a book name');
  if (book < 1 || book > 66)
    throw invalid(
      spec.name,
      `${spec.name} must be a book number from 1 (Genesis) to 66 (Revelation), got ${shownNumber(raw, book)}`,
    );
  return book;
}

/**
 * A canonical book written as a name or abbreviation in any of the three languages ("John", "Jn",
 * "1 Juan"), read by the same name index as GetBookIdByBookName.
 */
function bookByName(spec: ParamSpec, raw: string, meta: Meta): number {
  const key = bookNameKey(raw.slice(0, 100));
  const book = key ? meta.nameIndex().get(key) : undefined;
  if (book === undefined || book < 1 || book > 66)
    throw invalid(
      spec.name,
      `${spec.name} must be a book number from 1 (Genesis) to 66 (Revelation) or a book name such as John, got ${JSON.stringify(raw.slice(0, 40))}`,
    );
  return book;
}

/** The checked value of a verse id number: one that names book 1-66 and a chapter and verse of 1 or more. */
function verseIdValue(spec: ParamSpec, id: number, sent: string | number): VerseIdValue {
  const book = bookOf(id);
  const chapter = chapterOf(id);
  const verse = verseOf(id);
  if (book < 1 || book > 66 || chapter < 1 || verse < 1)
    throw invalid(
      spec.name,
      `${spec.name} ${sent} is not a verse id: book must be 01-66, chapter and verse at least 1`,
    );
  return { book, chapter, verse, id };
}

function verseIdParam(spec: ParamSpec, raw: unknown): VerseIdValue {
  // A whole number of 7 or 8 digits reads as the id it is, without going through its string.
  if (typeof raw === 'number' && Number.isInteger(raw) && raw >= 1_000_000 && raw <= 99_999_999)
    return verseIdValue(spec, raw, raw);
  const s = rawString(spec, raw);
  const id = parseVerseId(s) ?? parseVerseId(asciiForms(s));
  if (id === null)
    throw invalid(
      spec.name,
      `${spec.name} must be an 8-digit BBCCCVVV verse id such as 01001001 (Genesis 1:1), got ${JSON.stringify(s.slice(0, 40))}`,
    );
  return verseIdValue(spec, id, s);
}

function bookIdParam(spec: ParamSpec, raw: unknown, meta: Meta): number {
  return typeof raw === 'string' && digitsValue(raw) < 0 && digitsValue(asciiForms(raw)) < 0
    ? bookByName(spec, raw, meta)
    : bookNumber(spec, raw);
}

function chapterIdParam(spec: ParamSpec, raw: unknown): number {
  const chapter = digits(spec, raw, 'a chapter number from 1 to 150');
  if (chapter < 1 || chapter > 150)
    throw invalid(spec.name, `${spec.name} must be a chapter number from 1 to 150, got ${shownNumber(raw, chapter)}`);
  return chapter;
}

function bookAndChapterIdParam(spec: ParamSpec, raw: unknown): { book: number; chapter: number } {
  const s = rawString(spec, raw);
  const asSent = parseBookAndChapterId(s);
  const id = asSent ?? parseBookAndChapterId(asciiForms(s));
  if (id === null)
    throw invalid(
      spec.name,
      `${spec.name} must be a 5-digit BBCCC id such as 43003 (John 3), got ${JSON.stringify(s.slice(0, 40))}`,
    );
  const { book, chapter } = splitBookAndChapterId(id);
  // Refused here, where the id is still as sent: a refusal quotes ６７００１ as sent, 67001 as read.
  if (book < 1 || book > 66 || chapter < 1)
    throw invalid(
      spec.name,
      `${spec.name} must name book 01-66 and chapter 001 or more, got ${asSent === null ? s : formatBookAndChapterId(book, chapter)}`,
    );
  return { book, chapter };
}

/** A chapter number, or a 5-digit bookAndChapterId that names the book too (chapterId=43003 is John 3). */
export interface ChapterOrBookAndChapter {
  book?: number;
  chapter: number;
}

function chapterOrBookAndChapterIdParam(spec: ParamSpec, raw: unknown): ChapterOrBookAndChapter {
  const sent = rawString(spec, raw).trim();
  // No chapter has four digits: 1001 is Genesis 1, as GetChapterByBookAndChapterId reads it.
  if (/^\d{4,5}$/.test(asciiForms(sent))) return bookAndChapterIdParam(spec, sent);
  const asSent = digitsValue(sent);
  const chapter = asSent >= 0 ? asSent : digitsValue(asciiForms(sent));
  if (chapter < 1 || chapter > 150)
    throw invalid(
      spec.name,
      `${spec.name} must be a chapter number from 1 to 150 or a 5-digit bookAndChapterId such as 43003 (John 3), got ${JSON.stringify(sent.slice(0, 40))}`,
    );
  return { chapter };
}

/**
 * A versionId as code ("rv1909"), table ("t_rv1909", or the hosted service's "t_srv") or table without its
 * prefix ("srv"): the version records are read only for a name that is not a code.
 */
function versionByTable(meta: Meta, name: string): string {
  if (meta.hasVersion(name)) return name;
  const table = name.startsWith('t_') ? name : `t_${name}`;
  const code = table.slice(2);
  if (meta.hasVersion(code)) return code;
  return meta.versions.find((v) => v.table === table)?.versionId ?? code;
}

function versionIdParam(spec: ParamSpec, raw: unknown, meta: Meta): string {
  if (typeof raw === 'string' && meta.hasVersion(raw)) return raw; // the common case, kept cheap
  const s = versionByTable(meta, rawString(spec, raw).trim().toLowerCase());
  if (!meta.hasVersion(s)) {
    throw invalid(
      spec.name,
      `${spec.name} must be one of ${meta.versions.map((v) => v.versionId).join(', ')}, got ${JSON.stringify(String(raw).slice(0, 40))}`,
    );
  }
  return s;
}

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

type Coerce = (spec: ParamSpec, raw: unknown, meta: Meta) => unknown;

/** The kinds most calls carry, each its own function: the check of a compiled operation calls them
 *  directly, and coerceParam through this table. A Map, so a type name never finds a property an app
 *  set on Object.prototype. */
const DIRECT: ReadonlyMap<ParamType, Coerce> = new Map<ParamType, Coerce>([
  ['verseId', verseIdParam],
  ['bookId', bookIdParam],
  ['chapterId', chapterIdParam],
  ['bookAndChapterId', bookAndChapterIdParam],
  ['versionId', versionIdParam],
  ['chapterOrBookAndChapterId', chapterOrBookAndChapterIdParam],
]);

export function coerceParam(spec: ParamSpec, raw: unknown, meta: Meta): unknown {
  const direct = DIRECT.get(spec.type);
  if (direct) return direct(spec, raw, meta);
  switch (spec.type) {
    case 'language': {
      const s = rawString(spec, raw).trim().toLowerCase();
      if (!LANGUAGES.includes(s as Language))
        throw invalid(
          spec.name,
          `${spec.name} must be one of ${LANGUAGES.join(', ')}, got ${JSON.stringify(s.slice(0, 40))}`,
        );
      return s;
    }
    case 'choice': {
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
    case 'integer': {
      const min = spec.min ?? 0;
      const max = spec.max ?? 999_999_999;
      const n = digits(spec, raw, `a whole number from ${min} to ${max}`);
      if (n < min || n > max)
        throw invalid(
          spec.name,
          `${spec.name} must be a whole number from ${min} to ${max}, got ${shownNumber(raw, n)}`,
        );
      return n;
    }
    case 'text': {
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
    case 'bookOrTestament': {
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
    case 'age': {
      const requested = rawString(spec, raw).trim().slice(0, 40);
      const ascii = asciiForms(requested);
      return {
        requested,
        age: readersAge(/^\d{1,9}$/.test(ascii) ? Number(ascii) : undefined),
      } satisfies AgeValue;
    }
    case 'date': {
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
  }
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const isUnknown = (specs: readonly ParamSpec[], name: string) =>
  FORBIDDEN_KEYS.has(name) || !specs.some((s) => s.name === name);

/** The names among `raw` that an operation does not take: refused, or ignored by a lenient engine. */
export function unknownParams(specs: readonly ParamSpec[], raw: unknown): string[] {
  if (raw === undefined || raw === null || typeof raw !== 'object' || Array.isArray(raw)) return [];
  return Object.keys(raw).filter((name) => isUnknown(specs, name));
}

/** An operation's parameter check, made once per engine: raw parameters in, checked values out. */
export type ParamsCheck = (raw: unknown) => Record<string, unknown>;

/**
 * A spec as the check reads it on every call: the fields it needs, all present, made by one function so
 * every step has one object layout (specs themselves come in many, which makes reading them slow).
 */
interface Step {
  readonly name: string;
  readonly required: boolean;
  readonly fallback: string | number | undefined;
  readonly coerce: Coerce;
  readonly spec: ParamSpec;
}

const stepOf = (spec: ParamSpec): Step => ({
  name: spec.name,
  required: spec.required === true,
  fallback: spec.default,
  coerce: DIRECT.get(spec.type) ?? coerceParam,
  spec,
});

/** What a check settles once per operation. */
interface Plan {
  readonly operation: string;
  readonly specs: readonly ParamSpec[];
  readonly steps: readonly Step[];
  /** whether a parameter may be read from another's prefix (ParamSpec.prefixedBy) */
  readonly prefixed: boolean;
  /**
   * When every parameter always has a value (required, or with a default), an object holding all their
   * names in order: the checked values are written into a copy of it, one object layout per operation
   * instead of an object grown a property at a time.
   */
  readonly shape: Record<string, unknown> | undefined;
}

function planOf(operation: string, specs: readonly ParamSpec[]): Plan {
  let shape: Record<string, unknown> | undefined;
  if (specs.every((s) => s.required || s.default !== undefined)) {
    shape = {};
    for (const spec of specs) shape[spec.name] = undefined;
  }
  return { operation, specs, steps: specs.map(stepOf), prefixed: specs.some((s) => s.prefixedBy !== undefined), shape };
}

/** The parameter check of one operation, with what can be settled ahead settled once. */
export function compileParams(operation: string, specs: readonly ParamSpec[], meta: Meta, strict = false): ParamsCheck {
  const plan = planOf(operation, specs);
  const straight = straightCheck(plan, meta);
  if (!straight) return (raw) => checkParams(plan, raw, meta, strict);
  if (!strict) return straight;
  const names = specs.map((s) => s.name);
  return (raw) => {
    if (!isPlainObject(raw)) return checkParams(plan, raw, meta, true);
    refuseUnknownNames(plan, names, raw);
    return straight(raw);
  };
}

/**
 * The strict refusal ahead of a straight-line check: a plain object's own names, each one the operation
 * takes. A for-in walk allocates nothing, where Object.keys makes an array on every lookup.
 */
function refuseUnknownNames(plan: Plan, names: readonly string[], given: object): void {
  for (const name in given)
    if (!names.includes(name) && hasOwn(given, name)) throw unknownParamError(plan.operation, plan.specs, name);
}

/**
 * Straight-line checks for the parameter lists the lookups carry (a verse and a translation; a book, a
 * chapter and a translation; a bookAndChapterId and a translation), reading each parameter by its name: a loop over the specs reads and writes
 * by computed names, which costs as much as the lookup itself. Each takes a plain object only (anything
 * else goes to the loop) and answers and refuses exactly as the loop does, parameter by parameter in the
 * same order (test/engine/lookups.test.ts compares them on random input).
 */
function straightCheck(plan: Plan, meta: Meta): ParamsCheck | undefined {
  if (plan.prefixed) return undefined;
  const signature = plan.steps
    .map(
      (s) => `${s.name}:${s.spec.type}:${s.required ? 'required' : s.fallback !== undefined ? 'default' : 'optional'}`,
    )
    .join(',');
  const [a, b, c] = plan.steps;
  const loop: ParamsCheck = (raw) => checkParams(plan, raw, meta, false);
  switch (signature) {
    case 'verseId:verseId:required,versionId:versionId:default':
      return (raw) => {
        if (!isPlainObject(raw)) return loop(raw);
        const given = raw as { verseId?: unknown; versionId?: unknown };
        return {
          verseId: verseIdParam(a.spec, requiredValue(plan, a, ownParam(given, 'verseId', given.verseId))),
          versionId: versionIdParam(b.spec, valueOrDefault(b, ownParam(given, 'versionId', given.versionId)), meta),
        };
      };
    case 'bookId:bookId:required,chapterId:chapterId:required,versionId:versionId:default':
      return (raw) => {
        if (!isPlainObject(raw)) return loop(raw);
        const given = raw as { bookId?: unknown; chapterId?: unknown; versionId?: unknown };
        return {
          bookId: bookIdParam(a.spec, requiredValue(plan, a, ownParam(given, 'bookId', given.bookId)), meta),
          chapterId: chapterIdParam(b.spec, requiredValue(plan, b, ownParam(given, 'chapterId', given.chapterId))),
          versionId: versionIdParam(c.spec, valueOrDefault(c, ownParam(given, 'versionId', given.versionId)), meta),
        };
      };
    case 'bookAndChapterId:bookAndChapterId:required,versionId:versionId:default':
      return (raw) => {
        if (!isPlainObject(raw)) return loop(raw);
        const given = raw as { bookAndChapterId?: unknown; versionId?: unknown };
        return {
          bookAndChapterId: bookAndChapterIdParam(
            a.spec,
            requiredValue(plan, a, ownParam(given, 'bookAndChapterId', given.bookAndChapterId)),
          ),
          versionId: versionIdParam(b.spec, valueOrDefault(b, ownParam(given, 'versionId', given.versionId)), meta),
        };
      };
    default:
      return undefined;
  }
}

/** A value read by name, unless it was inherited: a property an app (or an attack on it) set on
 *  Object.prototype is not a parameter. The ownership check runs only on a value that is there. */
const ownParam = (given: object, name: string, value: unknown): unknown =>
  value === undefined || hasOwn(given, name) ? value : undefined;

const isPlainObject = (raw: unknown): raw is object => typeof raw === 'object' && raw !== null && isPlain(raw);

function requiredValue(plan: Plan, step: Step, value: unknown): unknown {
  if (value === undefined || value === null) throw missingParam(plan, step);
  return value;
}

const valueOrDefault = (step: Step, value: unknown): unknown =>
  value === undefined || value === null || value === '' ? step.fallback : value;

const missingParam = (plan: Plan, step: Step): BibleError =>
  new BibleError('MISSING_PARAMETER', `${plan.operation} needs ${step.name}: ${step.spec.description}`, step.name);

/**
 * Validates a whole parameter object against an operation's specs. A name the operation does not take is
 * ignored, as web APIs do, unless `strict` asks for it to be refused (the engine asks, unless opened lenient).
 */
export function coerceParams(
  operation: string,
  specs: readonly ParamSpec[],
  raw: unknown,
  meta: Meta,
  strict = false,
): Record<string, unknown> {
  return checkParams(planOf(operation, specs), raw, meta, strict);
}

const NO_PARAMS: Record<string, unknown> = Object.freeze({});

const ENTRY_COLLECTIONS: ReadonlySet<string> = new Set(['URLSearchParams', 'Map', 'FormData', 'Headers']);

/** An operation's raw parameters as an object (none given is an empty one); anything else is refused. */
export function paramsObject(operation: string, raw: unknown): Record<string, unknown> {
  if (raw === undefined || raw === null) return NO_PARAMS;
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw new BibleError('INVALID_PARAMETER', `${operation} takes its parameters as an object of name/value pairs`);
  // A request's URLSearchParams (or a Map, FormData, Headers) holds its pairs out of reach of property
  // reads: taken as an object it has none, and a verseId it holds was answered as missing.
  const proto: unknown = Object.getPrototypeOf(raw);
  if (proto !== Object.prototype && proto !== null) {
    const kind = Object.prototype.toString.call(raw).slice(8, -1);
    if (ENTRY_COLLECTIONS.has(kind))
      throw new BibleError(
        'INVALID_PARAMETER',
        `${operation} takes its parameters as an object of name/value pairs, got a ${kind}: pass Object.fromEntries(${kind === 'Map' ? 'map' : 'params'})`,
      );
  }
  return raw as Record<string, unknown>;
}

/**
 * The caller's parameters copied into an object of their own, read now: a call that must wait (for the
 * operation table, say) checks this copy, so an app that reuses one params object for its next call
 * cannot change what this one answers. A getter or proxy trap that throws is a BibleError naming the
 * parameter, never the host's own exception.
 */
export function snapshotParams(operation: string, raw: unknown): Record<string, unknown> {
  let names: string[];
  let given: Record<string, unknown>;
  try {
    given = paramsObject(operation, raw);
    names = Object.keys(given);
  } catch (error) {
    if (error instanceof BibleError) throw error;
    throw new BibleError('INVALID_PARAMETER', `${operation}'s parameters could not be read: ${reasonOf(error)}`);
  }
  const copy: Record<string, unknown> = Object.create(null);
  for (const name of names) {
    try {
      copy[name] = given[name];
    } catch (error) {
      const shown = name.slice(0, 40);
      throw new BibleError('INVALID_PARAMETER', `${operation}: reading ${shown} failed: ${reasonOf(error)}`, shown);
    }
  }
  return copy;
}

/** An exception's message, read without trusting the exception (its message may be a throwing getter). */
function reasonOf(error: unknown): string {
  try {
    return (error instanceof Error ? error.message : String(error)).slice(0, 200);
  } catch {
    return 'the value threw when read';
  }
}

/**
 * Runs a compiled check on parameters read synchronously. A check that fails on something other than a
 * BibleError met a value that threw when read (a getter, a proxy): the snapshot names the parameter.
 */
export function checkedNow(operation: string, check: ParamsCheck, raw: unknown): Record<string, unknown> {
  try {
    return check(raw);
  } catch (error) {
    if (error instanceof BibleError) throw error;
    return check(snapshotParams(operation, raw));
  }
}

function checkParams(plan: Plan, raw: unknown, meta: Meta, strict: boolean): Record<string, unknown> {
  const given = paramsObject(plan.operation, raw);
  if (strict) {
    const unknown = unknownParams(plan.specs, given)[0];
    if (unknown !== undefined) throw unknownParamError(plan.operation, plan.specs, unknown);
  }
  const prefixed = plan.prefixed;
  const fromPrefixes = prefixed ? prefixedValues(plan.specs, given) : NO_PREFIXED_VALUES;
  const out: Record<string, unknown> = plan.shape ? { ...plan.shape } : {};
  const steps = plan.steps;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    let value = prefixed && fromPrefixes.has(step.name) ? fromPrefixes.get(step.name) : ownValue(given, step.name);
    if (value === '' && !step.required) value = undefined; // ?limitToBookId= means "not given"
    if (value === undefined || value === null) {
      if (step.required) throw missingParam(plan, step);
      if (step.fallback === undefined) {
        // Set even when absent: an operation reading params.limit must not find Object.prototype.limit.
        out[step.name] = undefined;
        continue;
      }
      value = step.fallback;
    }
    out[step.name] = step.coerce(step.spec, value, meta);
  }
  return out;
}

/** A parameter's value when the object holds it itself (an inherited property is not a parameter). */
function ownValue(given: Record<string, unknown>, name: string): unknown {
  const value = given[name];
  return value !== undefined && hasOwn(given, name) ? value : undefined;
}

/** An object literal or a parsed query (prototype Object.prototype, or none): what the straight-line
 *  checks take. Anything else (a class instance, a proxy's target with getters) goes to the loop. */
function isPlain(given: object): boolean {
  const proto = Object.getPrototypeOf(given);
  return proto === Object.prototype || proto === null;
}

/** The refusal of a parameter an operation does not take, naming the closest one it does take. */
export function unknownParamError(operation: string, specs: readonly ParamSpec[], name: string): BibleError {
  const shown = JSON.stringify(name.slice(0, 40));
  const names = specs.map((s) => s.name);
  const closest = closestName(name, names);
  return invalid(
    name,
    `${operation} has no parameter ${shown}${closest ? ` (did you mean ${closest}?)` : ''}; it takes ${names.join(', ') || 'no parameters'}`,
  );
}

/** The refusal of a name that is no operation, with the operation it most likely meant ("getstrongs",
 *  "GetStrong": GetStrongs) and where the list is. Every face of the engine words it this way. */
export function unknownOperationMessage(name: string, operations: readonly string[], listedBy: string): string {
  const closest = closestName(name, operations);
  return `unknown operation ${JSON.stringify(name.slice(0, 60))}${closest ? ` (did you mean ${closest}?)` : ''}; ${listedBy}`;
}

/**
 * The candidate a misspelt name most likely meant: the fewest letters inserted, deleted, changed or
 * swapped with a neighbour, ignoring case, and at most a third of the name's letters (at least one).
 */
export function closestName(name: string, candidates: readonly string[]): string | undefined {
  const typed = name.slice(0, 64).toLowerCase();
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(typed.length / 3)) + 1;
  for (const candidate of candidates) {
    const distance = editDistance(typed, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
    }
  return rows[a.length][b.length];
}

/**
 * Values read from a prefixed parameter (see ParamSpec.prefixedBy): id=G26 gives lexiconId G and id 26.
 * Only a prefix followed by digits counts; anything else is left for the parameter's own check.
 */
function prefixedValues(specs: readonly ParamSpec[], given: Record<string, unknown>): ReadonlyMap<string, unknown> {
  // Made only when a prefixed id is read: this runs on every call of every operation.
  let values: Map<string, unknown> | undefined;
  for (const spec of specs) {
    if (!spec.prefixedBy) continue;
    const raw = hasOwn(given, spec.name) ? given[spec.name] : undefined;
    const prefixSpec = specs.find((s) => s.name === spec.prefixedBy);
    // An id of the wrong type (an array, NaN) is refused as itself, not as the other parameter missing.
    if (raw !== undefined && raw !== null) rawString(spec, raw);
    if (typeof raw !== 'string' || !prefixSpec?.values) continue;
    // G٢٦ and Ｇ２６ are G26, as id=٢٦ is 26 (ascii-forms.ts); the refusals below quote the id as sent.
    const sent = raw.trim();
    const trimmed = asciiForms(sent);
    const prefix = prefixSpec.values.find((v) => trimmed.slice(0, v.length).toLowerCase() === v.toLowerCase());
    const number = prefix === undefined ? '' : trimmed.slice(prefix.length);
    const other = hasOwn(given, prefixSpec.name) ? given[prefixSpec.name] : undefined;
    // The prefix stands in for the other parameter, whose own check then never runs: ["G"] would pass.
    if (other !== undefined && other !== null) rawString(prefixSpec, other);
    if (prefix === undefined || !/^\d{1,15}$/.test(number)) {
      // X12, "G 26", G-1: neither a number nor a letter and a number. Said of this parameter, rather than
      // that the other one (which the letter would have given) is missing.
      if (!/^\d*$/.test(trimmed) && (other === undefined || other === null || other === ''))
        throw invalid(
          spec.name,
          `${spec.name} must be a number (with ${prefixSpec.name}) or a number after ${prefixSpec.values.join(' or ')}, e.g. ${prefixSpec.values.map((v) => `${v}1`).join(', ')}; got ${JSON.stringify(sent.slice(0, 40))}`,
        );
      continue;
    }
    if (
      other !== undefined &&
      other !== null &&
      other !== '' &&
      String(other).trim().toLowerCase() !== prefix.toLowerCase()
    )
      throw invalid(
        spec.name,
        `${spec.name} ${JSON.stringify(sent.slice(0, 40))} names ${prefixSpec.name} ${prefix}, but ${prefixSpec.name} is ${JSON.stringify(String(other).slice(0, 40))}; give one or make them agree`,
      );
    values ??= new Map<string, unknown>();
    // The digits as sent (each form is one unit, so the prefix's length holds): a refusal quotes them.
    values.set(spec.name, sent.slice(prefix.length));
    values.set(prefixSpec.name, prefix);
  }
  return values ?? NO_PREFIXED_VALUES;
}

const NO_PREFIXED_VALUES: ReadonlyMap<string, unknown> = new Map();
