// Calendar dates for reading plans. A date is a whole day counted from 1970-01-01 (an "epoch day") and is
// written YYYY-MM-DD. Everything is computed in UTC, so a plan never shifts by a day with the host's time
// zone or daylight-saving changes. "Today" comes from the host's clock (open({ clock })), read as the UTC
// calendar date of the instant it returns, or taken as-is when it returns a YYYY-MM-DD string.
import { BibleError } from '../errors.ts';

const MS_PER_DAY = 86_400_000;

/** Accepted start dates: four-digit years that keep a 10-year plan inside four-digit years. */
export const EARLIEST_DATE = '1900-01-01';
export const LATEST_DATE = '2199-12-31';

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const daysInMonth = (year: number, month: number) => (month === 2 && isLeap(year) ? 29 : MONTH_DAYS[month - 1]);

/** The epoch day of a real YYYY-MM-DD date, or null (wrong format, or a day the month does not have). */
export function parseDate(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

const pad2 = (n: number) => (n < 10 ? '0' : '') + n;

export function formatDate(epochDay: number): string {
  const d = new Date(epochDay * MS_PER_DAY);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}

/** `count` consecutive dates from `firstDay`, stepping the calendar by hand (no Date per day). */
export function dateSequence(firstDay: number, count: number): string[] {
  const out = new Array<string>(count);
  if (count === 0) return out;
  const d = new Date(firstDay * MS_PER_DAY);
  let year = d.getUTCFullYear();
  let month = d.getUTCMonth() + 1;
  let day = d.getUTCDate();
  let monthLength = daysInMonth(year, month);
  let prefix = `${year}-${pad2(month)}-`;
  for (let i = 0; i < count; i++) {
    out[i] = prefix + pad2(day);
    if (++day > monthLength) {
      day = 1;
      if (++month > 12) {
        month = 1;
        year++;
      }
      monthLength = daysInMonth(year, month);
      prefix = `${year}-${pad2(month)}-`;
    }
  }
  return out;
}

/**
 * What a clock may return as a string: a date YYYY-MM-DD, optionally with a time and an offset (ISO 8601,
 * as Date.toISOString writes it). Other forms ("6/1/2024", "2024-6-1") are refused: Date reads them in
 * the host's time zone, which moved "today" by a day east of UTC.
 */
const CLOCK_STRING = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** Today's epoch day from the host clock: options.clock() returning a Date or an ISO date string, else now. */
export function today(options: Readonly<Record<string, unknown>>): number {
  const clock = options.clock;
  if (clock === undefined) return Math.floor(Date.now() / MS_PER_DAY);
  const bad = (why: string) =>
    new BibleError(
      'NOT_AVAILABLE',
      `the clock given to open() ${why}; it must be a function returning a Date or an ISO date string such as 2023-01-01`,
      'clock',
    );
  if (typeof clock !== 'function') throw bad('is not a function');
  let now: unknown;
  try {
    now = clock();
  } catch {
    throw bad('failed');
  }
  let day: number | null = null;
  if (typeof now === 'string') {
    const m = CLOCK_STRING.exec(now.trim());
    // The date part must be a real date: Date rolls 2023-02-30 over to March 1 without a word.
    const written = m ? parseDate(m[1]) : null;
    if (written === null) throw bad(`returned ${JSON.stringify(now.slice(0, 40))}, not a real date YYYY-MM-DD`);
    const [, , hour, minute, second, offset] = m!;
    // The time is checked whether or not an offset follows: "T25:00" is no time, with "Z" or without.
    if (hour !== undefined && (Number(hour) > 23 || Number(minute) > 59 || Number(second ?? 0) > 59))
      throw bad(`returned ${JSON.stringify(now.slice(0, 40))}, whose time is not a real time`);
    // A date, or a time without an offset (which names no instant), is taken as written: no time zone
    // involved. An offset of hours alone ("+05", which ISO 8601 allows) is written out for Date.
    if (offset === undefined) day = written;
    else {
      const instant = now.trim().replace(/([+-]\d{2})$/, '$1:00');
      day = Math.floor(new Date(instant).getTime() / MS_PER_DAY);
    }
  } else {
    const time = dateTime(now);
    if (time !== undefined) day = Math.floor(time / MS_PER_DAY);
  }
  // A number is refused rather than guessed at: seconds since 1970 read as milliseconds would be a day in
  // January 1970, without a word.
  if (typeof now === 'number')
    throw bad(`returned the number ${String(now).slice(0, 40)}; a time in milliseconds is returned as new Date(ms)`);
  if (day === null || !Number.isFinite(day)) throw bad(`returned ${described(now)}`);
  // Plans are written in four-digit years: a clock far out (a year 9999 or 0999) would date them 10000-01-01.
  if (day < FIRST_DAY || day > LAST_DAY)
    throw bad(`returned ${formatDate(day)}, outside ${EARLIEST_DATE} to ${LATEST_DATE}`);
  return day;
}

const FIRST_DAY = parseDate(EARLIEST_DATE)!;
const LAST_DAY = parseDate(LATEST_DATE)!;

/**
 * A Date's time value (NaN when invalid), or undefined for anything else. A Date from another realm (an
 * iframe, a vm context, a test DOM) is a Date too, though not instanceof this realm's Date; getTime checks
 * the real thing, where a Symbol.toStringTag could lie.
 */
function dateTime(value: unknown): number | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  try {
    return Date.prototype.getTime.call(value);
  } catch {
    return undefined;
  }
}

/** What a clock returned, for its refusal: "an invalid date", "a Promise", "undefined". */
function described(value: unknown): string {
  if (dateTime(value) !== undefined || typeof value === 'string') return 'an invalid date';
  if (typeof value !== 'object' || value === null) return JSON.stringify(String(value).slice(0, 40));
  const kind = Object.prototype.toString.call(value).slice(8, -1);
  return kind === 'Object' ? 'an object' : `a ${kind}`;
}
