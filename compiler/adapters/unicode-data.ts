// Unicode Character Database lines (UnicodeData.txt format: 15 semicolon-separated fields, no header),
// as the filtered Greek and Hebrew subsets in the corpus (provenance/original.md, section G).
import { readFileSync } from 'node:fs';

export interface UnicodeChar {
  codePoint: number;
  name: string;
  category: string;
  /** simple uppercase / lowercase mapping, when the character has one */
  upper?: number;
  lower?: number;
}

export function readUnicodeData(path: string): UnicodeChar[] {
  const chars: UnicodeChar[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const f = line.split(';');
    if (f.length !== 15) throw new Error(`${path}: a line has ${f.length} fields, expected 15: ${line.slice(0, 60)}`);
    chars.push({
      codePoint: parseInt(f[0], 16),
      name: f[1],
      category: f[2],
      ...(f[12] ? { upper: parseInt(f[12], 16) } : {}),
      ...(f[13] ? { lower: parseInt(f[13], 16) } : {}),
    });
  }
  return chars;
}
