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
  if (typeof now === 'string') {
    const day = parseDate(now.trim());
    if (day !== null) return day; // a calendar date: taken as given, no time zone involved
    now = new Date(now);
  }
  if (now instanceof Date && Number.isFinite(now.getTime())) return Math.floor(now.getTime() / MS_PER_DAY);
  throw bad(`returned ${typeof now === 'object' ? 'an invalid Date' : JSON.stringify(String(now).slice(0, 40))}`);
}
