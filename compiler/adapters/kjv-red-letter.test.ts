// Words-of-Jesus verses found in the raw entries of a tiny hand-built SWORD zText module zip.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync, zlibSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { BOOKS } from '../../sources/books.ts';
import { readKjvRedLetterVerses } from './kjv-red-letter.ts';
import type { ChapterVerseTable } from './types.ts';

const dir = mkdtempSync(join(tmpdir(), 'kjv-red-letter-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CONF = '[KJV]\nDataPath=./modules/texts/ztext/kjv/\nModDrv=zText\nSourceType=OSIS\nEncoding=UTF-8\n';

/** One testament's .bzs/.bzv/.bzz: every entry in a single zlib block. */
function testament(entries: string[]): { bzs: Uint8Array; bzv: Uint8Array; bzz: Uint8Array } {
  const bytes = entries.map((e) => strToU8(e));
  const block = new Uint8Array(bytes.reduce((n, b) => n + b.length, 0));
  const bzv = new DataView(new ArrayBuffer(entries.length * 10));
  let start = 0;
  bytes.forEach((b, i) => {
    block.set(b, start);
    bzv.setUint32(i * 10, 0, true);
    bzv.setUint32(i * 10 + 4, start, true);
    bzv.setUint16(i * 10 + 8, b.length, true);
    start += b.length;
  });
  const bzz = zlibSync(block);
  const bzs = new DataView(new ArrayBuffer(12));
  bzs.setUint32(0, 0, true);
  bzs.setUint32(4, bzz.length, true);
  bzs.setUint32(8, block.length, true);
  return { bzs: new Uint8Array(bzs.buffer), bzv: new Uint8Array(bzv.buffer), bzz };
}

/**
 * A module zip in SWORD's entry order: module and testament headers, then per book an intro entry and
 * per chapter an intro entry followed by its verses. `raw` holds verse entries keyed "book.chapter.verse".
 */
function swordZip(name: string, table: ChapterVerseTable, raw: Record<string, string>): string {
  const files: Record<string, Uint8Array> = { 'mods.d/kjv.conf': strToU8(CONF) };
  for (const t of ['OT', 'NT'] as const) {
    const entries = ['', ''];
    for (const book of BOOKS.filter((b) => b.testament === t)) {
      entries.push('');
      table[book.number - 1].forEach((count, c) => {
        entries.push('');
        for (let v = 1; v <= count; v++) entries.push(raw[`${book.number}.${c + 1}.${v}`] ?? '');
      });
    }
    const { bzs, bzv, bzz } = testament(entries);
    const prefix = `modules/texts/ztext/kjv/${t.toLowerCase()}`;
    Object.assign(files, { [`${prefix}.bzs`]: bzs, [`${prefix}.bzv`]: bzv, [`${prefix}.bzz`]: bzz });
  }
  const path = join(dir, name);
  writeFileSync(path, zipSync(files));
  return path;
}

/** Genesis 1 with 2 verses and Matthew 1 with 3; every other book has no chapters. */
function smallTable(): ChapterVerseTable {
  const table: ChapterVerseTable = BOOKS.map(() => []);
  table[0] = [2];
  table[39] = [3];
  return table;
}

const RAW = {
  '1.1.1': '<w lemma="strong:H07225">In the beginning</w>',
  '1.1.2': 'And God said, <q marker="" who="God">Let there be light</q>',
  '40.1.1': 'The book of the generation',
  '40.1.2': 'And he saith unto them, <q marker="" who="Jesus"><w lemma="strong:G1205">Follow</w> me</q>',
  '40.1.3': '<q who="Jesus" marker="">Verily</q> I say',
};

describe('readKjvRedLetterVerses', () => {
  it('lists the verse ids whose raw entry quotes Jesus, in canonical order', () => {
    const table = smallTable();
    expect(readKjvRedLetterVerses(swordZip('kjv.zip', table, RAW), table)).toEqual([40_001_002, 40_001_003]);
  });

  it('fails when the chapter/verse table does not use up the module index', () => {
    const table = smallTable();
    const path = swordZip('long.zip', table, RAW);
    table[0] = [1];
    expect(() => readKjvRedLetterVerses(path, table)).toThrow('ot index has 44 entries, KJV grid needs 43');
    // A table that needs more entries than the index holds is named the same way, before any is read.
    table[0] = [3];
    expect(() => readKjvRedLetterVerses(path, table)).toThrow('ot index has 44 entries, KJV grid needs 45');
  });
});
