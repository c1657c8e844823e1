// The Copenhagen Alliance's versification files: a scheme's JSON (maxVerses, mappedVerses to `org`) and
// the sniffer's merged rules. Only the 66 books of the KJV canon are kept: the engine's ids number no
// other book. References are USFM codes in the schemes ("GEN 32:1-32") and STEP codes in the rules
// ("Gen.32:1").
import { readFileSync } from 'node:fs';
import { bookByUsfm, BOOKS } from '../../sources/books.ts';
import { composeVerseId } from '../../engine/core/ids.ts';

export interface CopenhagenScheme {
  /** maxVerses[book - 1][chapter - 1]; [] for a book the scheme lacks */
  maxVerses: number[][];
  /** [own first, own last, org first, org last] verse ids, four numbers per run, in the file's order */
  mapped: number[];
  /** mappings left out because they name a book outside the 66 or a part of a verse ("ESG 1:1a") */
  skipped: string[];
}

export interface CopenhagenRule {
  name: string;
  columns: string[][];
  tests: string[][];
}

interface SchemeFile {
  maxVerses: Record<string, (string | number)[]>;
  mappedVerses?: Record<string, string>;
}

const RANGE = /^([A-Z1-6]{3}) (\d+):(\d+)(?:-(\d+))?$/;

/** [first id, last id] of "GEN 32:1-32", or null for a book outside the 66 or a verse part. */
export function parseSchemeRange(text: string): [number, number] | null {
  const m = RANGE.exec(text.trim());
  const book = m ? bookByUsfm.get(m[1]) : undefined;
  if (!m || !book) return null;
  const chapter = Number(m[2]);
  const first = Number(m[3]);
  const last = m[4] === undefined ? first : Number(m[4]);
  if (last < first) return null;
  return [composeVerseId(book.number, chapter, first), composeVerseId(book.number, chapter, last)];
}

export function parseScheme(json: string): CopenhagenScheme {
  const file = JSON.parse(json) as SchemeFile;
  if (!file.maxVerses || typeof file.maxVerses !== 'object') throw new Error('versification file has no maxVerses');
  const maxVerses = BOOKS.map((b) => (file.maxVerses[b.usfm] ?? []).map(Number));
  for (const [b, chapters] of maxVerses.entries())
    if (chapters.some((n) => !Number.isInteger(n) || n < 0))
      throw new Error(`maxVerses of ${BOOKS[b].usfm} holds a value that is no verse number`);
  const mapped: number[] = [];
  const skipped: string[] = [];
  for (const [from, to] of Object.entries(file.mappedVerses ?? {})) {
    const own = parseSchemeRange(from);
    const org = parseSchemeRange(to);
    if (own && org) mapped.push(own[0], own[1], org[0], org[1]);
    else skipped.push(`${from} -> ${to}`);
  }
  return { maxVerses, mapped, skipped };
}

export function readScheme(path: string): CopenhagenScheme {
  return parseScheme(readFileSync(path, 'utf8'));
}

const STEP_CODES = new Set(BOOKS.map((b) => b.step));
const RULE_REF = /([1-4A-Z][A-Za-z0-9]{2})\.\d+:\d+/g;

/** Whether a test compares two verses' lengths ("Gen.6:1<Gen.6:2", "Rev.12:17>Rev.13:1*2"). */
export const isLengthTest = (test: string): boolean => /^[^=<>]+[<>][^=<>]+$/.test(test.trim());

/**
 * The sniffing rules that compare verse lengths: what chapter counts alone cannot tell. Rules naming a
 * book outside the 66 are left out.
 */
export function parseLengthRules(json: string): CopenhagenRule[] {
  const rules = JSON.parse(json) as CopenhagenRule[];
  if (!Array.isArray(rules)) throw new Error('merged rules are not a list');
  return rules
    .filter((rule) => rule.tests.some((column) => column.some(isLengthTest)))
    .filter((rule) =>
      rule.tests.every((column) => column.every((t) => [...t.matchAll(RULE_REF)].every((m) => STEP_CODES.has(m[1])))),
    )
    .map((rule) => ({
      name: rule.name,
      columns: rule.columns.map((c) => c.map((name) => name.trim())),
      tests: rule.tests.map((c) => c.map((t) => t.trim())),
    }));
}

export function readLengthRules(path: string): CopenhagenRule[] {
  return parseLengthRules(readFileSync(path, 'utf8'));
}
