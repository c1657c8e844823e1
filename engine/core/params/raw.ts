// A raw parameter value as a string or a number: what every reader starts from.
import { asciiForms } from '../ascii-forms.ts';
import { invalid } from '../errors.ts';
import type { ParamSpec } from './spec.ts';

export function rawString(spec: ParamSpec, raw: unknown): string {
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
export function digitsValue(s: string): number {
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
export function digits(spec: ParamSpec, raw: unknown, expected: string): number {
  const s = rawString(spec, raw);
  if (digitsValue(s) >= 0) return Number(s);
  const ascii = asciiForms(s);
  if (digitsValue(ascii) >= 0) return Number(ascii);
  throw invalid(spec.name, `${spec.name} must be ${expected}, got ${JSON.stringify(s.slice(0, 40))}`);
}

/** A number read by digits() as a refusal quotes it: as sent when written in other digits ("got ６７"), so
 *  the caller recognises what it sent; otherwise its value. */
export const shownNumber = (raw: unknown, n: number): string =>
  typeof raw === 'string' && digitsValue(raw) < 0 ? raw : String(n);
