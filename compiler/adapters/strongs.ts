// Strong's dictionaries: the Hebrew one as OSHB's HebrewStrong.xml (CRLF) and the Greek one as Ulrik
// Petersen's strongsgreek.xml. Both become the same plain-text entry shape. Formats: corpus
// provenance/original.md, sections C and D.
import { readFileSync } from 'node:fs';
import { decodeXmlEntities } from './filters/osis.ts';

export interface StrongsEntry {
  /** "H430", "G26" */
  id: string;
  number: number;
  /** hebrew, aramaic or greek */
  language: 'hebrew' | 'aramaic' | 'greek';
  /** the lemma in Hebrew or Greek script ('' for the Greek numbers Strong left unused) */
  word: string;
  translit: string;
  pronunciation: string;
  /** part of speech as the dictionary abbreviates it (Hebrew only: "n-m", "v") */
  pos: string;
  /** how the word is formed ("plural of H433") */
  derivation: string;
  /** Strong's definition */
  definition: string;
  /** the KJV's renderings */
  kjvUsage: string;
  /** Strong's ids the derivation names, in order (the first is the root) */
  roots: string[];
  /** true for the Greek numbers Strong skipped (2717, 3203-3302) */
  unused: boolean;
}

const clean = (s: string) =>
  decodeXmlEntities(s.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? '';
const element = (xml: string, name: string) =>
  new RegExp(`<${name}\\b[^>]*>([\\s\\S]*?)</${name}>`).exec(xml)?.[1] ?? '';
const unique = (ids: string[]) => [...new Set(ids)];

const HEBREW_LANGUAGE: Record<string, StrongsEntry['language']> = { heb: 'hebrew', arc: 'aramaic', 'x-pn': 'hebrew' };

export function readStrongsHebrew(path: string): StrongsEntry[] {
  const xml = readFileSync(path, 'utf8').replace(/\r\n/g, '\n');
  const entries: StrongsEntry[] = [];
  for (const [, id, body] of xml.matchAll(/<entry id="(H\d+)">([\s\S]*?)<\/entry>/g)) {
    const w = /<w\b[^>]*>[^<]*<\/w>/.exec(body)?.[0] ?? '';
    // Editorial <note>s inside the text record OSHB's corrections ("number 250, corrected to 251").
    const withoutNotes = (s: string) => s.replace(/<note>[\s\S]*?<\/note>/g, '');
    // Cross-references read "H433" rather than the bare "433" the markup shows.
    const refs = (s: string) => withoutNotes(s).replace(/<w src="(H\d+)"[^>]*>[^<]*<\/w>/g, '$1');
    const source = element(body, 'source');
    const language = HEBREW_LANGUAGE[attr(w, 'xml:lang')];
    if (!language) throw new Error(`HebrewStrong.xml ${id}: unknown language ${attr(w, 'xml:lang')}`);
    entries.push({
      id,
      number: Number(id.slice(1)),
      language,
      word: clean(w),
      translit: attr(w, 'xlit'),
      pronunciation: attr(w, 'pron'),
      pos: attr(w, 'pos'),
      derivation: clean(refs(source)).replace(/;$/, ''),
      definition: clean(refs(element(body, 'meaning'))),
      kjvUsage: clean(refs(element(body, 'usage'))).replace(/\.$/, ''),
      roots: unique([...withoutNotes(source).matchAll(/<w src="(H\d+)"/g)].map((m) => m[1])),
      unused: false,
    });
  }
  check(entries, 'H', 8674, 'HebrewStrong.xml');
  return entries;
}

export function readStrongsGreek(path: string): StrongsEntry[] {
  const xml = readFileSync(path, 'utf8');
  const entries: StrongsEntry[] = [];
  for (const [, padded, body] of xml.matchAll(/<entry strongs="(\d+)">([\s\S]*?)<\/entry>/g)) {
    const number = Number(padded);
    const id = `G${number}`;
    const lemma = /<greek\b[^>]*\/>/.exec(body)?.[0] ?? '';
    // Inline references and quoted Greek words become readable text: "G25", "ἵημι".
    const text = (s: string) =>
      clean(
        s
          .replace(
            /<strongsref language="(GREEK|HEBREW)" strongs="0*(\d+)"\s*\/>/g,
            (_, lang: string, n: string) => `${lang === 'GREEK' ? 'G' : 'H'}${n}`,
          )
          .replace(/<greek\b[^>]*unicode="([^"]*)"[^>]*\/>/g, '$1'),
      );
    let derivationXml = element(body, 'strongs_derivation');
    let definitionXml = element(body, 'strongs_def');
    // A few entries (G2316 θεός among them) put the start of the definition inside the derivation:
    // "of uncertain affinity; a deity, especially (with G3588) the supreme Divinity;". Move it back, so
    // the gloss reads "a deity, …" and G3588 is not taken for a root.
    const misplaced = /^(\s*of uncertain affinity;)([\s\S]*\S[\s\S]*)$/.exec(derivationXml);
    if (misplaced) {
      derivationXml = misplaced[1];
      definitionXml = `${misplaced[2].replace(/;\s*$/, '')}; ${definitionXml}`;
    }
    const unused = !lemma && /Not Used/i.test(body);
    entries.push({
      id,
      number,
      language: 'greek',
      word: attr(lemma, 'unicode'),
      translit: attr(lemma, 'translit'),
      pronunciation: attr(/<pronunciation\b[^>]*\/>/.exec(body)?.[0] ?? '', 'strongs'),
      pos: '',
      derivation: text(derivationXml).replace(/;$/, ''),
      definition: text(definitionXml).replace(/^[;:,\s]+/, ''),
      kjvUsage: text(element(body, 'kjv_def')).replace(/^:--/, '').replace(/\.$/, ''),
      roots: unique(
        [...derivationXml.matchAll(/<strongsref language="(GREEK|HEBREW)" strongs="0*(\d+)"/g)].map(
          (m) => `${m[1] === 'GREEK' ? 'G' : 'H'}${m[2]}`,
        ),
      ),
      unused,
    });
  }
  check(entries, 'G', 5624, 'strongsgreek.xml');
  return entries;
}

/** Entries must run 1..last with no gap, or every index built on them would be off. */
function check(entries: StrongsEntry[], letter: string, last: number, file: string): void {
  if (entries.length !== last || entries.some((e, i) => e.number !== i + 1)) {
    throw new Error(`${file}: expected ${letter}1-${letter}${last} in order, found ${entries.length} entries`);
  }
}
