// Nave's Topical Bible, from two copies: the BibleData CSV (section, subject, entry; one sub-entry a
// line, "-Label REFS", 5 spaces per nesting level) and the CCEL text dump (headings indented 3 spaces,
// sub-entries 10 spaces with "-" / "."). The CSV is the primary source; its `JESUS, THE CHRIST` cell is
// cut at Excel's 32,767-character limit, so that subject is read from the text dump instead.
import { readFileSync } from 'node:fs';
import { BOOKS } from '../../sources/books.ts';
import type { KjvGrid } from './kjv-grid.ts';
import { composeVerseId } from '../../engine/core/ids.ts';
import { parseCsv } from './csv.ts';

/** One sub-entry line of a subject. */
export interface NaveLine {
  level: number;
  label: string;
  refs: string;
  codes: BookCodes;
}

type BookCodes = ReadonlyMap<string, number>;

/** One citation as Nave's prints it: a book and chapter, with verses (empty = the whole chapter). */
export interface NaveCitation {
  book: number;
  chapter: number;
  verseIds: number[];
  wholeChapter: boolean;
  throughChapter?: number;
}

export interface NavesData {
  subjects: Map<string, NaveLine[]>;
  /** citations whose verses are not in the KJV (dropped), e.g. "GEN 50:27" */
  invalid: string[];
  /** subjects taken from the text dump because the CSV cell is truncated */
  fromText: string[];
}

// BibleData's Paratext-like codes, plus its exceptions (So = Song of Solomon, Jude, the 1JHN typo).
const CSV_CODES: BookCodes = new Map([
  ...BOOKS.map((b) => [b.usfm, b.number] as const),
  ['So', 22],
  ['Jude', 65],
  ['1JHN', 62],
]);
// CCEL / Online Bible abbreviations used by the text dump (Jud = Judges, Jude = Jude).
const CCEL_CODES: BookCodes = new Map(
  Object.entries({
    Ge: 1,
    Ex: 2,
    Le: 3,
    Nu: 4,
    Num: 4,
    De: 5,
    Jos: 6,
    Jud: 7,
    Ru: 8,
    '1Sa': 9,
    '2Sa': 10,
    '1Ki': 11,
    '2Ki': 12,
    '1Ch': 13,
    '2Ch': 14,
    Ezr: 15,
    Ne: 16,
    Neh: 16,
    Es: 17,
    Job: 18,
    Ps: 19,
    Pr: 20,
    Ec: 21,
    So: 22,
    Isa: 23,
    Jer: 24,
    La: 25,
    Eze: 26,
    Da: 27,
    Ho: 28,
    Hos: 28,
    Joe: 29,
    Am: 30,
    Ob: 31,
    Jon: 32,
    Mic: 33,
    Na: 34,
    Hab: 35,
    Zep: 36,
    Hag: 37,
    Zec: 38,
    Mal: 39,
    Mt: 40,
    Mr: 41,
    Lu: 42,
    Joh: 43,
    Ac: 44,
    Ro: 45,
    '1Co': 46,
    '2Co': 47,
    Ga: 48,
    Eph: 49,
    Php: 50,
    Col: 51,
    '1Th': 52,
    '2Th': 53,
    '1Ti': 54,
    '2Ti': 55,
    Tit: 56,
    Phm: 57,
    Heb: 58,
    Jas: 59,
    '1Pe': 60,
    '2Pe': 61,
    '1Jo': 62,
    '1Joh': 62,
    '2Jo': 63,
    '3Jo': 64,
    Jude: 65,
    Re: 66,
  }),
);

const codePattern = (codes: BookCodes) =>
  new RegExp(`(?:^|\\s)(${[...codes.keys()].sort((a, b) => b.length - a.length).join('|')}) \\d`);
const CSV_REFS_START = codePattern(CSV_CODES);
const CCEL_REFS_START = codePattern(CCEL_CODES);

function splitLine(text: string, codes: BookCodes, start: RegExp): NaveLine {
  const m = start.exec(text);
  if (!m) return { level: 0, label: text.trim(), refs: '', codes };
  const at = m.index + m[0].indexOf(m[1]);
  return { level: 0, label: text.slice(0, at).trim(), refs: text.slice(at).trim(), codes };
}

function readCsvSubjects(path: string): Map<string, NaveLine[]> {
  const rows = parseCsv(readFileSync(path, 'utf8'));
  const header = rows[0]?.join(',');
  if (header !== 'section,subject,entry') throw new Error(`${path}: unexpected header ${JSON.stringify(header)}`);
  const subjects = new Map<string, NaveLine[]>();
  for (const [, subject, entry] of rows.slice(1)) {
    if (!subject) continue;
    const lines = entry
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => {
        const indent = /^ */.exec(l)![0].length;
        const line = splitLine(l.trim().replace(/^-/, ''), CSV_CODES, CSV_REFS_START);
        return { ...line, level: Math.floor(indent / 5) };
      });
    subjects.set(subject.trim(), lines);
  }
  return subjects;
}

/** One subject of the CCEL text dump, as sub-entry lines (continuation lines joined). */
function readTextSubject(path: string, heading: string): NaveLine[] {
  const lines = readFileSync(path, 'utf8').split('\n');
  const start = lines.indexOf(`   ${heading}`);
  if (start < 0) throw new Error(`${path}: no heading ${heading}`);
  const items: { level: number; text: string }[] = [];
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i];
    if (/^ {3}\S/.test(line) || /^\S/.test(line)) break; // next heading or letter
    const body = line.trim();
    if (body === '') continue;
    if (body.startsWith('-') || body.startsWith('.'))
      items.push({ level: body[0] === '-' ? 0 : 1, text: body.slice(1) });
    else if (items.length) items[items.length - 1].text += ` ${body}`;
  }
  return items.map(({ level, text }) => ({ ...splitLine(text, CCEL_CODES, CCEL_REFS_START), level }));
}

export function readNaves(csvPath: string, textPath: string): NavesData {
  const subjects = readCsvSubjects(csvPath);
  const truncated = 'JESUS, THE CHRIST';
  subjects.set(truncated, readTextSubject(textPath, truncated));
  return { subjects, invalid: [], fromText: [truncated] };
}

/**
 * Parses a REFS string ("GEN 4:6; 49:7; 2CH 28:9", "ECC 1; 2", "MAT 5:3-12,14", "ACT 8:9; with 15:28,29")
 * into citations. A part without a book continues the previous book; words such as "with" are skipped.
 */
export function parseRefs(refs: string, codes: BookCodes, grid: KjvGrid, invalid: string[]): NaveCitation[] {
  const out: NaveCitation[] = [];
  let book = 0;
  // Parts end at ';', and in a few lists at '.' before the next book ("GAL 3:8. GEN 17:7").
  for (const rawPart of refs.split(/;|(?<=\d)\.\s+(?=[1-3]?[A-Za-z]+\s+\d)/)) {
    // Leading lower-case words join a reference to the one before ("with HEB 11:4", "see also 1SA 2:31");
    // book codes start with a digit or a capital, so what follows may still name a book.
    let part = rawPart
      .replace(/\[\d+\]/g, '')
      .trim()
      .replace(/^(?:[a-z][a-z.,]*\s+)+/, '');
    const bookMatch = /^([1-3]?[A-Za-z]+)\s+(?=\d)/.exec(part);
    if (bookMatch && codes.has(bookMatch[1])) {
      book = codes.get(bookMatch[1])!;
      part = part.slice(bookMatch[0].length);
    } else part = part.replace(/^[A-Za-z.,\s]+(?=\d)/, ''); // "with 15:28" and the like
    const spec = /^(\d+)(?::([\d,\s\-–:]+))?/.exec(part);
    if (!spec || book === 0) continue;
    const chapter = Number(spec[1]);
    const label = `${BOOKS[book - 1].usfm} ${spec[0].trim()}`;
    if (grid.versesIn(book, chapter) === 0) {
      invalid.push(label);
      continue;
    }
    if (!spec[2]) {
      const ids = Array.from({ length: grid.versesIn(book, chapter) }, (_, i) => composeVerseId(book, chapter, i + 1));
      out.push({ book, chapter, verseIds: ids, wholeChapter: true });
      continue;
    }
    const ids: number[] = [];
    let through: number | undefined;
    for (const item of spec[2]
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const range = /^(\d+)(?:\s*[-–]\s*(?:(\d+):)?(\d+))?$/.exec(item);
      if (!range) continue;
      const first = Number(range[1]);
      const endChapter = range[2] ? Number(range[2]) : chapter;
      const last = range[3] ? Number(range[3]) : first;
      for (let c = chapter; c <= endChapter; c++) {
        const from = c === chapter ? first : 1;
        const to = c === endChapter ? last : grid.versesIn(book, c);
        for (let v = from; v <= to; v++) {
          if (grid.ordinal(book, c, v) < 0) {
            invalid.push(`${BOOKS[book - 1].usfm} ${c}:${v}`);
            continue;
          }
          ids.push(composeVerseId(book, c, v));
        }
      }
      if (endChapter !== chapter) through = endChapter;
    }
    if (ids.length)
      out.push({
        book,
        chapter,
        verseIds: [...new Set(ids)].sort((a, b) => a - b),
        wholeChapter: false,
        throughChapter: through,
      });
  }
  return out;
}

/**
 * The lines a heading names: "ANGER" is the whole subject; "GOD > MERCY OF" is the sub-entry of GOD
 * labelled "MERCY OF" with everything nested under it.
 */
export function linesOf(subjects: Map<string, NaveLine[]>, heading: string): NaveLine[] {
  const [subject, sub] = heading.split(' > ').map((s) => s.trim());
  const lines = subjects.get(subject);
  if (!lines) throw new Error(`Nave's has no subject ${JSON.stringify(subject)}`);
  if (!sub) return lines;
  const at = lines.findIndex((l) => l.label.replace(/[.,:;]+$/, '').toUpperCase() === sub.toUpperCase());
  if (at < 0) throw new Error(`Nave's subject ${subject} has no sub-entry ${JSON.stringify(sub)}`);
  const out = [lines[at]];
  for (let i = at + 1; i < lines.length && lines[i].level > lines[at].level; i++) out.push(lines[i]);
  return out;
}
