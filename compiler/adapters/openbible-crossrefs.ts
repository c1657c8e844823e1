// OpenBible.info cross references (TSV: from-verse, to-verse or range, votes) mapped onto KJV verse ids.
//
// The data uses openbible.info's ESV-like numbering: one source verse (3 John 1:15) and four range ends
// are not KJV verses. A verse beyond the end of its chapter is folded onto the chapter's last verse
// (3 John 1:15 is KJV 3 John 1:14, where the KJV prints that greeting). Rows voted below zero are
// dropped: more readers rejected them than accepted them. Zero-vote rows are kept (unrated, not rejected).
import { readFileSync } from 'node:fs';
import { bookByOsis } from '../../sources/books.ts';
import type { KjvGrid } from './kjv-grid.ts';
import { composeVerseId } from '../../engine/core/ids.ts';

export interface CrossReference {
  /** KJV verse id the reference is listed under */
  from: number;
  /** first verse of the target */
  start: number;
  /** last verse of a range target, 0 for a single verse */
  end: number;
  votes: number;
}

export interface CrossReferenceStats {
  rows: number;
  negativeDropped: number;
  zeroKept: number;
  /** the verse numbers folded onto KJV numbering, and how many row ends that touched */
  remapped: string[];
  remappedRows: number;
  /** rows that became duplicates after folding (the higher vote is kept) */
  merged: number;
}

/** Reads the file; the references come back grouped by source verse, strongest first. */
export function readCrossReferences(
  path: string,
  grid: KjvGrid,
): { references: CrossReference[]; stats: CrossReferenceStats } {
  const lines = readFileSync(path, 'utf8').split('\n');
  if (!lines[0].startsWith('From Verse\tTo Verse\tVotes'))
    throw new Error(`${path}: unexpected header ${JSON.stringify(lines[0].slice(0, 60))}`);
  const stats: CrossReferenceStats = {
    rows: 0,
    negativeDropped: 0,
    zeroKept: 0,
    remapped: [],
    remappedRows: 0,
    merged: 0,
  };

  // About 31,000 distinct references in 690,000 uses: each is parsed once.
  const parsed = new Map<string, { id: number; remapped: boolean }>();
  const toKjv = (osisRef: string): number => {
    let known = parsed.get(osisRef);
    if (!known) {
      const remappedBefore = stats.remappedRows;
      known = { id: parseReference(osisRef), remapped: false };
      known.remapped = stats.remappedRows !== remappedBefore;
      parsed.set(osisRef, known);
    } else if (known.remapped) stats.remappedRows++;
    return known.id;
  };
  const parseReference = (osisRef: string): number => {
    const m = /^(\w+)\.(\d+)\.(\d+)$/.exec(osisRef);
    const book = m ? bookByOsis.get(m[1]) : undefined;
    if (!m || !book) throw new Error(`${path}: bad reference ${JSON.stringify(osisRef)}`);
    const chapter = Number(m[2]);
    const verse = Number(m[3]);
    const last = grid.versesIn(book.number, chapter);
    if (last === 0) throw new Error(`${path}: ${osisRef} names a chapter the KJV does not have`);
    if (verse > last) {
      const note = `${osisRef} -> ${m[1]}.${chapter}.${last}`;
      if (!stats.remapped.includes(note)) stats.remapped.push(note);
      stats.remappedRows++;
      return composeVerseId(book.number, chapter, last);
    }
    return composeVerseId(book.number, chapter, verse);
  };

  const byKey = new Map<string, CrossReference>();
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    if (line === '') continue;
    const [fromRef, toRef, voteText] = line.split('\t');
    if (voteText === undefined || !/^-?\d+$/.test(voteText)) throw new Error(`${path}:${i + 1}: malformed row`);
    stats.rows++;
    const votes = Number(voteText);
    if (votes < 0) {
      stats.negativeDropped++;
      continue;
    }
    if (votes === 0) stats.zeroKept++;
    const [first, last] = toRef.split('-');
    const from = toKjv(fromRef);
    const start = toKjv(first);
    let end = last ? toKjv(last) : 0;
    if (end === start) end = 0;
    const key = `${from}:${start}:${end}`;
    const seen = byKey.get(key);
    if (seen) {
      stats.merged++;
      seen.votes = Math.max(seen.votes, votes);
      continue;
    }
    byKey.set(key, { from, start, end, votes });
  }
  // Canonical order, the ordinals looked up once per reference rather than once per comparison.
  const references = [...byKey.values()]
    .map((r) => ({ r, from: grid.ordinalOfId(r.from), start: grid.ordinalOfId(r.start) }))
    .sort((a, b) => a.from - b.from || b.r.votes - a.r.votes || a.start - b.start || a.r.end - b.r.end)
    .map(({ r }) => r);
  return { references, stats };
}
