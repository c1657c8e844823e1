// The original-language packs: Hebrew OT and Greek NT word rows in KJV verses (original-ot,
// original-nt), Strong's Hebrew and Greek dictionaries with occurrence counts (lexicon), verse lists per
// Strong's number for GetSearchStrongs (strongs-index) and the Greek/Hebrew letter tables
// (unicode-tables). Data defects and how they are fixed: docs/original.md and the adapters. How word rows
// are laid out in columns: original-columns.ts.
import { mapToKjv, readOshb, type OshbWord, type VerseMapEntry } from '../adapters/oshb.ts';
import { readTagnt, type TagntWord } from '../adapters/tagnt.ts';
import { readStrongsGreek, readStrongsHebrew, type StrongsEntry } from '../adapters/strongs.ts';
import { expandOshbMorph, readStepMorphology } from '../adapters/step-morphology.ts';
import { readParashot } from '../adapters/hebcal-parashot.ts';
import { readUnicodeData, type UnicodeChar } from '../adapters/unicode-data.ts';
import { readSwordRaw } from '../adapters/sword-ztext.ts';
import type { BuildContext, Builder, BuiltPack } from './context.ts';
import { FIELD_SEPARATOR, LEXICON_FIELDS } from '../../engine/core/original/format.ts';
import { composeVerseId, verseIdOf } from '../../engine/core/ids.ts';
import { sectionsOf } from '../pack/writer.ts';
import {
  grid,
  testamentPack,
  type KjvGrid,
  type Occurrences,
  type Testament,
  type WordRow,
} from './original-columns.ts';
import { ORIGINAL_PACK, LEXICON_PACK, STRONGS_INDEX_PACK, UNICODE_PACK } from '../../engine/core/pack/schemas.ts';

const HEBREW_PREFIX = /^[bcdiklms]$/;

function hebrewRows(words: OshbWord[]): WordRow[] {
  return words.map((w) => {
    const lemmas = w.lemma.split('/');
    const numberAt = lemmas.findIndex((l) => /\d/.test(l));
    const strongs = lemmas.filter((l) => /\d/.test(l)).map((l) => Number(/\d+/.exec(l)![0]));
    const segments = w.morph.slice(1).split('/');
    const connected: string[] = [];
    if (numberAt > 0 || (numberAt < 0 && lemmas.length > 1) || (lemmas.length > 1 && HEBREW_PREFIX.test(lemmas[0])))
      connected.push('prefix');
    if (segments.length > 1 && segments[segments.length - 1].startsWith('S')) connected.push('suffix');
    if (w.maqqef) connected.push('maqqef');
    if (w.paseq) connected.push('paseq');
    // Maqqef and sof pasuq are part of the written word; the paseq stands between words (see connected).
    return {
      form: w.form + (w.maqqef ? '־' : '') + (w.sofPasuq ? '׃' : ''),
      strongs,
      morph: w.morph,
      connected: connected.join(','),
      notes: w.notes,
    };
  });
}

function greekRows(words: TagntWord[]): WordRow[] {
  return words.map((w, i) => {
    const connected: string[] = [];
    if (w.strongs.length > 1) connected.push('compound');
    if (w.conjoin !== undefined) {
      // The nearest other word of the verse with the linked Strong's number.
      let target = -1;
      for (let j = 0; j < words.length; j++) {
        if (j !== i && words[j].strongs.includes(w.conjoin) && (target < 0 || Math.abs(j - i) < Math.abs(target - i)))
          target = j;
      }
      if (target >= 0) connected.push(`linked:${target + 1}`);
    }
    return { form: w.form, strongs: w.strongs, morph: w.morph, connected: connected.join(','), notes: w.notes };
  });
}

function readHebrew(ctx: BuildContext): Testament & { verseMap: VerseMapEntry[] } {
  const { books, verseMap } = readOshb(ctx.source('oshb-wlc'));
  const mapping = mapToKjv(books, verseMap);
  const tehmc = readStepMorphology(ctx.source('step-tehmc'));
  const verses = new Map<number, WordRow[]>();
  for (const [id, words] of mapping.words) verses.set(id, hebrewRows(words));
  const multi = [...mapping.sources.values()].filter((s) => s.length > 1).length;
  ctx.log(
    `  OSHB: ${books.reduce((n, b) => n + b.length, 0)} WLC verses -> ${verses.size} KJV verses (${multi} fed by several WLC verses)`,
  );
  return {
    name: ORIGINAL_PACK.name('ot'),
    firstBook: 1,
    lastBook: 39,
    verses,
    morphExpansion: (code) => expandOshbMorph(code, tehmc).text,
    incomplete: [],
    datasets: ['oshb-wlc', 'step-tehmc', 'hebcal-parashot'],
    verseMap,
  };
}

function readGreek(ctx: BuildContext): Testament & { lexicalForms: Map<number, { lemma: string; gloss: string }> } {
  const tagnt = readTagnt(ctx.source('tagnt-tr-kjv'));
  const tegmc = readStepMorphology(ctx.source('step-tegmc'));
  const byVerse = new Map<number, TagntWord[]>();
  const lexicalForms = new Map<number, { lemma: string; gloss: string }>();
  for (const w of tagnt.words) {
    const id = verseIdOf(w);
    if (!byVerse.has(id)) byVerse.set(id, []);
    byVerse.get(id)!.push(w);
    // TR numerals (ιβ = G9990) come from a variant segment with no dictionary form: the word stands in.
    const lemma = w.lemma || (w.strongs[0] > 5624 ? w.form.replace(/[^\p{L}\p{M}]+$/u, '') : '');
    if (lemma && !lexicalForms.has(w.strongs[0])) lexicalForms.set(w.strongs[0], { lemma, gloss: w.gloss });
  }
  const verses = new Map<number, WordRow[]>();
  for (const [id, words] of byVerse) verses.set(id, greekRows(words));
  const f = tagnt.fixes;
  ctx.log(
    `  TAGNT: ${tagnt.words.length} words; TR readings ${f.trReading} (${f.trFromByz} via Byz), TR spellings ${f.trSpelling}, supplement rows ${f.supplement}, re-ordered verses ${f.resorted}`,
  );
  return {
    name: ORIGINAL_PACK.name('nt'),
    firstBook: 40,
    lastBook: 66,
    verses,
    morphExpansion: (code) =>
      code
        .split(' + ')
        .map((c) => tegmc.get(c) ?? tegmc.get(c.replace(/-[A-Z]+$/, '')) ?? c)
        .join(' + '),
    incomplete: tagnt.incomplete.map((x) => ({ verseId: verseIdOf(x), reason: x.reason })),
    datasets: ['tagnt-tr-kjv', 'step-tegmc'],
    lexicalForms,
  };
}

/** Parasha starts in KJV ordinals: hebcal gives Hebrew numbers, mapped with VerseMap like the text. */
function parashot(ctx: BuildContext, g: KjvGrid, verseMap: VerseMapEntry[]) {
  const full = new Map(verseMap.filter((e) => e.type === 'full').map((e) => [verseIdOf(e.wlc), verseIdOf(e.kjv)]));
  return readParashot(ctx.source('hebcal-parashot')).map((p) => {
    const hebrew = composeVerseId(p.book, p.start.chapter, p.start.verse);
    const kjv = full.get(hebrew) ?? hebrew;
    const ordinal = g.ordinal.get(kjv);
    if (ordinal === undefined) throw new Error(`parasha ${p.name}: start ${kjv} is not a KJV verse`);
    return { name: p.name, start: ordinal };
  });
}

function lexiconText(entries: StrongsEntry[]): { text: string; starts: Uint32Array } {
  const starts = new Uint32Array(entries.length + 2); // index = Strong's number; 0 unused
  const parts: string[] = [];
  let at = 0;
  for (const e of entries) {
    starts[e.number] = at;
    const record: Record<(typeof LEXICON_FIELDS)[number], string> = {
      word: e.word,
      translit: e.translit,
      pronunciation: e.pronunciation,
      pos: e.pos,
      language: e.language,
      derivation: e.derivation,
      definition: e.definition,
      kjvUsage: e.kjvUsage,
      roots: e.roots.join(' '),
      unused: e.unused ? '1' : '',
    };
    const s = LEXICON_FIELDS.map((f) => {
      if (record[f].includes(FIELD_SEPARATOR)) throw new Error(`Strong's ${e.id}: a field contains the separator`);
      return record[f];
    }).join(FIELD_SEPARATOR);
    parts.push(s);
    at += s.length;
  }
  starts[entries.length + 1] = at;
  starts[0] = 0;
  return { text: parts.join(''), starts };
}

function counts(occ: Occurrences, last: number): { count: Uint32Array; first: Uint32Array } {
  const count = new Uint32Array(last + 1);
  const first = new Uint32Array(last + 1);
  for (let n = 1; n <= last; n++) {
    count[n] = occ.count.get(n) ?? 0;
    first[n] = occ.first.get(n) ?? 0;
  }
  return { count, first };
}

/**
 * Verse lists per Strong's number: start[n]..start[n+1] index `verses`, which holds KJV ordinals as u16
 * gaps from the previous verse of the same list (the first is absolute), so deflate packs them tightly.
 */
function postings(lists: Map<number, number[]>, max: number) {
  const start = new Uint32Array(max + 2);
  const verses: number[] = [];
  for (let n = 0; n <= max; n++) {
    start[n] = verses.length;
    let previous = 0;
    for (const ordinal of lists.get(n) ?? []) {
      if (ordinal > 0xffff || ordinal < previous)
        throw new Error(`Strong's index: ordinal ${ordinal} out of order or beyond u16`);
      verses.push(ordinal - previous);
      previous = ordinal;
    }
  }
  start[max + 1] = verses.length;
  return { start, verses: Uint16Array.from(verses) };
}

/** The KJV's own Strong's tags (`<w lemma="strong:H0430">God</w>`), per verse. */
function kjvTags(ctx: BuildContext, g: KjvGrid) {
  const { verses } = readSwordRaw(ctx.source('kjv'), ctx.kjvChapterVerses);
  const hebrew = new Map<number, number[]>();
  const greek = new Map<number, number[]>();
  for (const v of verses) {
    const ordinal = g.ordinal.get(composeVerseId(v.book, v.chapter, v.verse))!;
    for (const m of v.raw.matchAll(/strong:([HG])0*(\d+)/g)) {
      const lists = m[1] === 'H' ? hebrew : greek;
      const n = Number(m[2]);
      const list = lists.get(n) ?? [];
      if (list[list.length - 1] !== ordinal) list.push(ordinal);
      lists.set(n, list);
    }
  }
  return { hebrew, greek };
}

// The hosted API's escapes: Greek CSS-style (a backslash and four lower-case hex digits, "\\03b1"),
// Hebrew as "\\u05d0".
const hex4 = (cp: number) => cp.toString(16).padStart(4, '0');
const cssEscape = (cp: number) => `\\${hex4(cp)}`;
const unicodeEscape = (cp: number) => `\\u${hex4(cp)}`;

/** Greek: letter name -> escapes of the lower- and uppercase letter (the 24 letters, final sigma, and
 *  the numeral letters stigma, digamma, koppa and sampi). */
export function greekTable(chars: UnicodeChar[]) {
  const table: Record<string, { lowercase: string; uppercase: string }> = {};
  for (const c of chars) {
    const m = /^GREEK SMALL LETTER ([A-Z ]+)$/.exec(c.name);
    if (!m) continue;
    if (!(c.codePoint >= 0x3b1 && c.codePoint <= 0x3c9) && ![0x3db, 0x3dd, 0x3df, 0x3e1].includes(c.codePoint))
      continue;
    if (c.upper === undefined) throw new Error(`UnicodeData: ${c.name} has no uppercase`);
    table[m[1].toLowerCase()] = { lowercase: cssEscape(c.codePoint), uppercase: cssEscape(c.upper) };
  }
  return table;
}

/** Hebrew: category -> name -> escape. Names drop the "HEBREW <CATEGORY>" prefix and are lower case. */
export function hebrewTable(chars: UnicodeChar[]) {
  const table: Record<string, Record<string, string>> = {
    letters: {},
    points: {},
    accents: {},
    punctuation: {},
    marks: {},
    signs: {},
    yiddishLigatures: {},
    presentationForms: {},
  };
  for (const c of chars) {
    const name = c.name;
    let category: string;
    let key: string;
    if (/SIGN$|TRIANGLE$/.test(name)) {
      category = 'signs';
      key = name.replace(/^HEBREW (LETTER )?/, '');
    } else if (name.startsWith('HEBREW LIGATURE YIDDISH ')) {
      category = 'yiddishLigatures';
      key = name.slice('HEBREW LIGATURE YIDDISH '.length);
    } else if (c.codePoint >= 0xfb1d && !name.startsWith('HEBREW POINT ')) {
      category = 'presentationForms';
      key = name.replace(/^HEBREW (LETTER |LIGATURE )?/, '');
    } else {
      const m = /^HEBREW (LETTER|POINT|ACCENT|PUNCTUATION|MARK) (.+)$/.exec(name);
      if (!m) throw new Error(`UnicodeData: cannot place ${name}`);
      category = { LETTER: 'letters', POINT: 'points', ACCENT: 'accents', PUNCTUATION: 'punctuation', MARK: 'marks' }[
        m[1]
      ]!;
      key = m[2];
    }
    table[category][key.toLowerCase()] = unicodeEscape(c.codePoint);
  }
  return table;
}

/** Whether every one of `ids` may be used; logs the ones its licence category excludes. */
function datasetsIncluded(ctx: BuildContext, ids: string[]): boolean {
  const out = ids.filter((id) => ctx.excluded(id));
  if (out.length) ctx.log(`  skipped: ${out.join(', ')} excluded by licence category`);
  return out.length === 0;
}

const noOccurrences = (): Occurrences => ({ count: new Map(), first: new Map(), verses: new Map() });

/** original-ot, with the parasha starts; its words numbered from 0. */
function oldTestamentPack(ctx: BuildContext, g: KjvGrid, occ: Occurrences): { pack: BuiltPack; words: number } {
  const ot = readHebrew(ctx);
  return testamentPack(ot, g, 0, occ, { parashot: parashot(ctx, g, ot.verseMap) });
}

/** original-nt; its words numbered after the Old Testament's. */
function newTestamentPack(ctx: BuildContext, g: KjvGrid, idBase: number, occ: Occurrences): BuiltPack {
  const nt = readGreek(ctx);
  return testamentPack(nt, g, idBase, occ, {
    // Words numbered beyond Strong's (STEPBible's extended numbers, e.g. G6063 οἶδα) get their
    // lexical form and gloss from TAGNT, since the dictionary has no entry for them.
    beyondStrongs: Object.fromEntries([...nt.lexicalForms].filter(([n]) => n > 5624).sort((a, b) => a[0] - b[0])),
  }).pack;
}

/** The lexicon: both dictionaries' entries, with how often and where first each number occurs. */
function lexiconPack(
  ctx: BuildContext,
  hebrew: StrongsEntry[],
  greek: StrongsEntry[],
  hebrewOcc: Occurrences,
  greekOcc: Occurrences,
): BuiltPack {
  const h = lexiconText(hebrew);
  const gr = lexiconText(greek);
  const hc = counts(hebrewOcc, hebrew.length);
  const gc = counts(greekOcc, greek.length);
  ctx.log(
    `  lexicon: H${hebrew.length} G${greek.length}; ${[...hebrewOcc.count.keys()].length} Hebrew and ${[...greekOcc.count.keys()].length} Greek numbers occur`,
  );
  return {
    name: LEXICON_PACK.name,
    datasets: ['strongs-hebrew', 'strongs-greek', 'oshb-wlc', 'tagnt-tr-kjv'],
    sections: sectionsOf(LEXICON_PACK, {
      info: { hebrew: hebrew.length, greek: greek.length, fields: LEXICON_FIELDS },
      hebrewText: h.text,
      hebrewStart: h.starts,
      hebrewCount: hc.count,
      hebrewFirst: hc.first,
      greekText: gr.text,
      greekStart: gr.starts,
      greekCount: gc.count,
      greekFirst: gc.first,
    }),
  };
}

/** The verses of each Strong's number: in the original texts, and as the KJV tags them (unless excluded). */
function strongsIndexPack(
  ctx: BuildContext,
  g: KjvGrid,
  dictionarySizes: { hebrew: number; greek: number },
  hebrewOcc: Occurrences,
  greekOcc: Occurrences,
): BuiltPack {
  const tags = ctx.excluded('kjv') ? { hebrew: new Map(), greek: new Map() } : kjvTags(ctx, g);
  const maxH = Math.max(dictionarySizes.hebrew, ...hebrewOcc.verses.keys(), ...tags.hebrew.keys());
  const maxG = Math.max(dictionarySizes.greek, ...greekOcc.verses.keys(), ...tags.greek.keys());
  const ho = postings(hebrewOcc.verses, maxH);
  const go = postings(greekOcc.verses, maxG);
  const hk = postings(tags.hebrew, maxH);
  const gk = postings(tags.greek, maxG);
  return {
    name: STRONGS_INDEX_PACK.name,
    datasets: ['oshb-wlc', 'tagnt-tr-kjv', ...(ctx.excluded('kjv') ? [] : ['kjv'])],
    sections: sectionsOf(STRONGS_INDEX_PACK, {
      info: { maxHebrew: maxH, maxGreek: maxG, kjvTags: !ctx.excluded('kjv') },
      hebrewStart: ho.start,
      hebrewVerses: ho.verses,
      greekStart: go.start,
      greekVerses: go.verses,
      kjvHebrewStart: hk.start,
      kjvHebrewVerses: hk.verses,
      kjvGreekStart: gk.start,
      kjvGreekVerses: gk.verses,
    }),
  };
}

function unicodePack(ctx: BuildContext): BuiltPack {
  return {
    name: UNICODE_PACK.name,
    datasets: ['unicode-greek-hebrew'],
    sections: sectionsOf(UNICODE_PACK, {
      greek: greekTable(readUnicodeData(ctx.source('unicode-greek-hebrew', 'UnicodeData-Greek.txt'))),
      hebrew: hebrewTable(readUnicodeData(ctx.source('unicode-greek-hebrew', 'UnicodeData-Hebrew.txt'))),
    }),
  };
}

export const originalBuilder: Builder = {
  name: 'original',
  build(ctx) {
    const packs: BuiltPack[] = [];
    const g = grid(ctx);
    const hebrewOcc = noOccurrences();
    const greekOcc = noOccurrences();
    let otWords = 0;
    const haveOt = datasetsIncluded(ctx, ['oshb-wlc', 'step-tehmc', 'hebcal-parashot']);
    if (haveOt) {
      const built = oldTestamentPack(ctx, g, hebrewOcc);
      otWords = built.words;
      packs.push(built.pack);
    }
    const haveNt = datasetsIncluded(ctx, ['tagnt-tr-kjv', 'step-tegmc']);
    if (haveNt) packs.push(newTestamentPack(ctx, g, otWords, greekOcc));
    // Both testaments' counts feed the lexicon and the index: without either, neither is made.
    if (datasetsIncluded(ctx, ['strongs-hebrew', 'strongs-greek']) && haveOt && haveNt) {
      const hebrew = readStrongsHebrew(ctx.source('strongs-hebrew'));
      const greek = readStrongsGreek(ctx.source('strongs-greek'));
      packs.push(lexiconPack(ctx, hebrew, greek, hebrewOcc, greekOcc));
      packs.push(strongsIndexPack(ctx, g, { hebrew: hebrew.length, greek: greek.length }, hebrewOcc, greekOcc));
    }
    if (datasetsIncluded(ctx, ['unicode-greek-hebrew'])) packs.push(unicodePack(ctx));
    return packs;
  },
};
