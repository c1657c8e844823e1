// Torah portions from hebcal-leyning (aliyot.json): the 54 weekly parashot with their full-reading
// ranges, in Hebrew (Masoretic) verse numbers. Format: corpus provenance/original.md, section F.
import { readFileSync } from 'node:fs';

export interface Parashah {
  /** hebcal's transliterated name: "Bereshit", "Noach", … */
  name: string;
  /** 1-54 */
  num: number;
  /** 1-5 = Genesis-Deuteronomy */
  book: number;
  /** first verse of aliyah 1, Hebrew numbering */
  start: { chapter: number; verse: number };
}

interface AliyotEntry {
  num: number | number[];
  book: number;
  combined?: boolean;
  fullkriyah: Record<string, [string, string, string?]>;
}

/** The regular (not combined) parashot in reading order. */
export function readParashot(aliyotJson: string): Parashah[] {
  const data = JSON.parse(readFileSync(aliyotJson, 'utf8')) as Record<string, AliyotEntry>;
  const list: Parashah[] = [];
  for (const [name, entry] of Object.entries(data)) {
    if (entry.combined || typeof entry.num !== 'number') continue;
    const first = entry.fullkriyah?.['1']?.[0];
    const m = first && /^(\d+):(\d+)$/.exec(first);
    if (!m) throw new Error(`aliyot.json ${name}: no aliyah 1 start`);
    list.push({ name, num: entry.num, book: entry.book, start: { chapter: Number(m[1]), verse: Number(m[2]) } });
  }
  list.sort((a, b) => a.num - b.num);
  if (list.length !== 54 || list.some((p, i) => p.num !== i + 1))
    throw new Error(`aliyot.json: expected parashot 1-54, found ${list.length}`);
  return list;
}
