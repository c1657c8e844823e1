// Smith's and Easton's Bible dictionaries (OpenChristianData JSON: {meta, data: [{term, definition_blocks}]}).
// Cleaned of the lynx link markers ("see [34]Korah" -> "see Korah"), with the book name restored in
// references that leave it out after an earlier full reference ("(Exodus 4:14) … (9:20)" -> "(Exodus 9:20)").
import { readFileSync } from 'node:fs';

export interface DictionaryEntry {
  /** the headword as the dictionary prints it ("Aaron", "Abia, Abiah, Or Abijah") */
  term: string;
  definition: string;
  /** lower-case keys the entry is found by: the headword, and each variant of a "X, Or Y" headword */
  keys: string[];
}

export interface DictionaryStats {
  entries: number;
  markersRemoved: number;
  booksRestored: number;
}

// Book names as the dictionaries write them in references (full names, and Easton's abbreviations).
const BOOK_WORD = String.raw`(?:[123] )?(?:[A-Z][a-z]+\.?)(?: of [A-Z][a-z]+)?`;
const FULL_REFERENCE = new RegExp(String.raw`(${BOOK_WORD}) \d+:\d+`, 'g');
const BARE_REFERENCE = /\((\d+:\d+[^()]*)\)/g;
const NOT_BOOKS = new Set([
  'See',
  'Comp',
  'Compare',
  'Ver',
  'Verse',
  'Chapter',
  'Ch',
  'And',
  'In',
  'Of',
  'Or',
  'Also',
  'Cf',
  'Vol',
  'Page',
  'Ant',
  'Antiq',
  'Wars',
]);

export function normaliseKey(term: string): string {
  return term.toLowerCase().replace(/\s+/g, ' ').trim();
}

function keysOf(term: string): string[] {
  const keys = new Set([normaliseKey(term)]);
  // "Abia, Abiah, Or Abijah": every part is one name. "Abel, Stone Of" and "Aloes, Lign Aloes" are not variants.
  const parts = term
    .split(/,\s*(?:Or\s+)?|\s+Or\s+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length > 1 && parts.every((p) => /^[A-Z][\w'-]*$/.test(p)))
    for (const p of parts) keys.add(normaliseKey(p));
  // "Abel, Stone Of" is also looked up as "stone of abel".
  const inverted = /^([^,]+), ([A-Z][\w ]* Of)$/.exec(term);
  if (inverted) keys.add(normaliseKey(`${inverted[2]} ${inverted[1]}`));
  return [...keys];
}

export function readBibleDictionary(path: string): { entries: DictionaryEntry[]; stats: DictionaryStats } {
  const data = (JSON.parse(readFileSync(path, 'utf8')) as { data: { term: string; definition_blocks: string[] }[] })
    .data;
  const stats: DictionaryStats = { entries: data.length, markersRemoved: 0, booksRestored: 0 };
  const entries = data.map((raw) => {
    let definition = raw.definition_blocks
      .map((b) => b.trim())
      .filter(Boolean)
      .join('\n');
    definition = definition.replace(/\[\d+\]/g, () => {
      stats.markersRemoved++;
      return '';
    });
    // Restore the book of bare "(9:20)" references from the last full reference before them.
    let lastBook: string | undefined;
    let out = '';
    let at = 0;
    const events: { index: number; end: number; book?: string; bare?: string }[] = [];
    for (const m of definition.matchAll(FULL_REFERENCE)) {
      const book = m[1].replace(/^(?:See|Comp|Compare|And|In|Also|Cf)\.? /, '');
      if (!NOT_BOOKS.has(book.split(' ').pop()!.replace(/\.$/, '')))
        events.push({ index: m.index, end: m.index, book });
    }
    for (const m of definition.matchAll(BARE_REFERENCE))
      events.push({ index: m.index, end: m.index + m[0].length, bare: m[1] });
    events.sort((a, b) => a.index - b.index);
    for (const e of events) {
      if (e.book) {
        lastBook = e.book;
        continue;
      }
      if (!lastBook) continue;
      out += `${definition.slice(at, e.index)}(${lastBook} ${e.bare})`;
      at = e.end;
      stats.booksRestored++;
    }
    definition = out + definition.slice(at);
    return { term: raw.term.trim(), definition, keys: keysOf(raw.term.trim()) };
  });
  return { entries, stats };
}
