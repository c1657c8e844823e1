// Versification of imported texts, on the compiled versification pack: the KJV's scheme against the KJV
// grid, the org scheme against the WLC's own VerseMap.xml, detection of whole, partial and synthetic
// texts, and the map to the KJV grid with its inverse and its stored form.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readLocalPack } from '../helpers.ts';
import { withSchema } from '../../engine/core/pack/schema.ts';
import { META_PACK, VERSIFICATION_PACK } from '../../engine/core/pack/schemas.ts';
import { composeVerseId } from '../../engine/core/ids.ts';
import { bookByOsis, bookByUsfm } from '../../sources/books.ts';
import {
  detectVersification,
  mapToKjv,
  type NumberedVerse,
  readMapping,
  SCHEME_NAMES,
  type SchemeName,
  serializeMapping,
  type VersificationMaps,
} from '../../engine/import/versification.ts';

const corpus = resolve(process.env.BIBLE_SOURCES ?? join(import.meta.dirname, '..', '..', '..', 'shared', 'sources'));
const pack = withSchema(readLocalPack('versification'), VERSIFICATION_PACK);
const maps: VersificationMaps = { schemes: pack.json('schemes'), rules: pack.json('rules') };
const kjvGrid = withSchema(readLocalPack('meta'), META_PACK).json('versification');

/** Every verse of a scheme's grid (verses 1..last) in the given books (all 66 when none are given). */
function gridVerses(maxVerses: number[][], books?: number[]): NumberedVerse[] {
  const verses: NumberedVerse[] = [];
  maxVerses.forEach((chapters, b) => {
    if (books && !books.includes(b + 1)) return;
    chapters.forEach((last, c) => {
      for (let v = 1; v <= last; v++) verses.push({ book: b + 1, chapter: c + 1, verse: v });
    });
  });
  return verses;
}
const id = composeVerseId;

describe('the kjv scheme', () => {
  it('is the KJV grid, and maps every KJV verse to itself', () => {
    expect(maps.schemes.kjv.maxVerses).toEqual(kjvGrid);
    const verses = gridVerses(kjvGrid);
    expect(verses).toHaveLength(31_102);
    const mapping = mapToKjv(verses, 'kjv', maps);
    expect(mapping.scheme).toBe('kjv');
    expect(mapping.unmapped).toEqual([]);
    const notIdentity = [...mapping.toKjv].filter(([own, kjv]) => !(kjv.length === 1 && kjv[0] === own));
    expect(notIdentity).toEqual([]);
    expect(serializeMapping(mapping).runs).toEqual([]);
  });

  it('differs from eng exactly in 3 John 1 and Revelation 12', () => {
    const differing: string[] = [];
    for (const [b, chapters] of kjvGrid.entries())
      for (const [c, n] of chapters.entries())
        if (maps.schemes.eng.maxVerses[b][c] !== n)
          differing.push(`${b + 1} ${c + 1}: ${maps.schemes.eng.maxVerses[b][c]} ${n}`);
    expect(differing).toEqual(['64 1: 15 14', '66 12: 18 17']);
    // An eng text: its 3 John 1:14 and 1:15 are both KJV 1:14; its Rev 12:18 opens KJV 13:1.
    const eng = mapToKjv(gridVerses(maps.schemes.eng.maxVerses), 'eng', maps);
    expect(eng.unmapped).toEqual([]);
    expect(eng.fromKjv.get(id(64, 1, 14))).toEqual([id(64, 1, 14), id(64, 1, 15)]);
    expect(eng.toKjv.get(id(64, 1, 15))).toEqual([id(64, 1, 14)]);
    expect(eng.fromKjv.get(id(66, 13, 1))).toEqual([id(66, 12, 18), id(66, 13, 1)]);
    expect(eng.toKjv.get(id(66, 12, 17))).toEqual([id(66, 12, 17)]);
    // The Hebrew numbering's shifts: eng Malachi 4 is KJV Malachi 4; eng (KJV) Joel 2:28 is Joel 3:1 in org.
    expect(eng.toKjv.get(id(39, 4, 6))).toEqual([id(39, 4, 6)]);
  });
});

// ---- the WLC's VerseMap.xml: Hebrew numbering -> KJV --------------------------------------------------

/** "Ps.13.6!a" (a part of a verse) -> the verse id of Ps 13:6. */
function osisVerse(ref: string): number {
  const [book, chapter, verse] = ref.replace(/!\w+$/, '').split('.');
  return id(bookByOsis.get(book)!.number, Number(chapter), Number(verse));
}

const wlcDir = join(corpus, 'original', 'hebrew', 'oshb-wlc');
const verseMap = [
  ...readFileSync(join(wlcDir, 'VerseMap.xml'), 'utf8').matchAll(/<verse wlc="([^"]+)" kjv="([^"]+)" type="(\w+)"/g),
].map((m) => ({ wlc: osisVerse(m[1]), kjv: osisVerse(m[2]), type: m[3] }));
const wlcVerses: NumberedVerse[] = readdirSync(wlcDir)
  .filter((f) => f.endsWith('.xml') && f !== 'VerseMap.xml')
  .flatMap((f) =>
    [...readFileSync(join(wlcDir, f), 'utf8').matchAll(/<verse osisID="([^".]+)\.(\d+)\.(\d+)"/g)].map((m) => ({
      book: bookByOsis.get(m[1])!.number,
      chapter: Number(m[2]),
      verse: Number(m[3]),
    })),
  );

describe("org against the WLC's VerseMap.xml", () => {
  const mapping = mapToKjv(wlcVerses, 'org', maps);
  const listed = new Map<number, number[]>();
  for (const row of verseMap) (listed.get(row.wlc) ?? listed.set(row.wlc, []).get(row.wlc)!).push(row.kjv);

  it('detects the WLC as org', () => {
    const detection = detectVersification(wlcVerses, maps);
    expect(detection.scheme).toBe('org');
    expect(detection.exact).toBe(true);
  });

  it('agrees with every row of VerseMap.xml and with identity for every verse it does not list', () => {
    const disagreements: string[] = [];
    for (const [wlc, kjv] of listed) {
      const ours = mapping.toKjv.get(wlc) ?? [];
      if (!kjv.every((k) => ours.includes(k))) disagreements.push(`${wlc}: VerseMap ${kjv}, ours ${ours}`);
    }
    let identity = 0;
    const notIdentity: string[] = [];
    for (const [own, kjv] of mapping.toKjv) {
      if (listed.has(own)) continue;
      if (kjv.length === 1 && kjv[0] === own) identity++;
      else notIdentity.push(`${own}: ${kjv}`);
    }
    console.log(
      `WLC: ${verseMap.length} VerseMap rows for ${listed.size} verses; ${listed.size - disagreements.length} agree, ${disagreements.length} disagree; ${identity} unlisted verses map to themselves, ${notIdentity.length} do not; ${mapping.unmapped.length} unmapped`,
    );
    // The disagreements are VerseMap's "partial" rows, where a part of a WLC verse ("!a", "!b") belongs to
    // the KJV's neighbouring verse: the standard maps work in whole verses, so the WLC verse goes to the
    // KJV verse that holds its main part.
    expect(disagreements).toEqual([
      `${id(11, 18, 34)}: VerseMap ${id(11, 18, 33)}, ours ${id(11, 18, 34)}`,
      `${id(11, 20, 3)}: VerseMap ${id(11, 20, 2)}, ours ${id(11, 20, 3)}`,
      `${id(11, 22, 21)}: VerseMap ${id(11, 22, 22)}, ours ${id(11, 22, 21)}`,
      `${id(23, 63, 19)}: VerseMap ${id(23, 64, 1)}, ours ${id(23, 63, 19)}`,
    ]);
    const partial = new Set(verseMap.filter((row) => row.type === 'partial').map((row) => row.wlc));
    expect(disagreements.every((d) => partial.has(Number(d.split(':')[0])))).toBe(true);
    expect(notIdentity).toEqual([]);
    expect(mapping.unmapped).toEqual([]);
    expect(mapping.toKjv.get(id(4, 25, 19))).toEqual([id(4, 26, 1)]);
    expect(mapping.toKjv.get(id(19, 51, 1))).toEqual([id(19, 51, 1)]);
  });
});

// ---- detection ---------------------------------------------------------------------------------------

describe('detectVersification', () => {
  it('detects the KJV grid as kjv, and an NT-only KJV text as kjv', () => {
    const whole = detectVersification(gridVerses(kjvGrid), maps);
    expect(whole).toMatchObject({ scheme: 'kjv', exact: true });
    expect(whole.why).toMatch(/^All 1189 chapter lengths and 66 book lengths match kjv/);
    const nt = detectVersification(gridVerses(kjvGrid, [40, 41, 42, 43, 44, 45, 64, 66]), maps);
    expect(nt.scheme).toBe('kjv');
    expect(nt.exact).toBe(true);
  });

  it('detects a Vulgate-style text and maps KJV Mark 9:1 to its 8:39', () => {
    const vul = gridVerses(maps.schemes.vul.maxVerses, [41]);
    const detection = detectVersification(vul, maps);
    expect(detection.scheme).toBe('vul');
    expect(detection.why).toContain('MRK 8');
    const mapping = mapToKjv(vul, detection.scheme, maps);
    expect(mapping.fromKjv.get(id(41, 9, 1))).toEqual([id(41, 8, 39)]);
    expect(mapping.toKjv.get(id(41, 9, 2))).toEqual([id(41, 9, 3)]);
    expect(readMapping(serializeMapping(mapping)).ownOf(id(41, 9, 1))).toEqual([id(41, 8, 39)]);
  });

  it('detects an eng text from 3 John alone, and reads the verse-length rules of Revelation 12', () => {
    const thirdJohn = gridVerses(maps.schemes.eng.maxVerses, [64]);
    expect(detectVersification(thirdJohn, maps).scheme).toBe('eng');
    // Rev 12:17-13:1 in KJV style: 17 verses in chapter 12, and 12:17 longer than 13:1.
    const rev = gridVerses(kjvGrid, [66]).map((v) => ({
      ...v,
      text: v.chapter === 12 && v.verse === 17 ? 'x'.repeat(90) : 'x'.repeat(40),
    }));
    const detection = detectVersification(rev, maps);
    expect(detection.scheme).toBe('kjv');
    expect(detection.scores.find((s) => s.scheme === 'kjv')!.rulesAgreeing).toBeGreaterThan(0);
    expect(detection.why).toContain('Rev.12:17-13.1a');
  });

  it('maps a text that follows no scheme exactly chapter by chapter, and reports what stays unmapped', () => {
    // KJV numbering, but 3 John in eng's 15 verses and an extra verse no scheme has in Jude 1.
    const verses = [
      ...gridVerses(kjvGrid, [64, 65]),
      { book: 64, chapter: 1, verse: 15 },
      { book: 65, chapter: 1, verse: 26 },
    ];
    const detection = detectVersification(verses, maps);
    expect(detection.exact).toBe(false);
    const mapping = mapToKjv(verses, 'kjv', maps);
    expect(mapping.scheme).toBe('custom');
    expect(mapping.chapterSchemes).toEqual({ 64001: 'eng' });
    expect(mapping.fromKjv.get(id(64, 1, 14))).toEqual([id(64, 1, 14), id(64, 1, 15)]);
    expect(mapping.unmapped).toEqual([id(65, 1, 26)]);
    expect(readMapping(serializeMapping(mapping)).kjvOf(id(65, 1, 26))).toEqual([]);
  });

  it('detects any text made from a scheme as that scheme, or one that counts the same for its books', () => {
    const schemes = SCHEME_NAMES.filter((s) => s in maps.schemes);
    fc.assert(
      fc.property(
        fc.constantFrom(...schemes),
        fc.uniqueArray(fc.integer({ min: 1, max: 66 }), { minLength: 1, maxLength: 6 }),
        (scheme, books) => {
          const present = books.filter((b) => maps.schemes[scheme].maxVerses[b - 1].length > 0);
          fc.pre(present.length > 0);
          const verses = gridVerses(maps.schemes[scheme].maxVerses, present);
          const detected = detectVersification(verses, maps).scheme;
          const sameCounts = (s: SchemeName) =>
            present.every(
              (b) =>
                JSON.stringify(maps.schemes[s].maxVerses[b - 1]) ===
                JSON.stringify(maps.schemes[scheme].maxVerses[b - 1]),
            );
          expect(sameCounts(detected)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('maps and inverse-maps consistently, and the stored form reads back the same map', () => {
    const schemes = SCHEME_NAMES.filter((s) => s in maps.schemes);
    fc.assert(
      fc.property(
        fc.constantFrom(...schemes),
        fc.uniqueArray(fc.integer({ min: 1, max: 66 }), { minLength: 1, maxLength: 4 }),
        (scheme, books) => {
          const verses = gridVerses(maps.schemes[scheme].maxVerses, books);
          const mapping = mapToKjv(verses, scheme, maps);
          const stored = readMapping(JSON.parse(JSON.stringify(serializeMapping(mapping))));
          const same = (a: number[], b: number[] | undefined) => JSON.stringify(a) === JSON.stringify(b);
          const broken: string[] = [];
          for (const [own, kjv] of mapping.toKjv) {
            if (!kjv.every((k) => mapping.fromKjv.get(k)?.includes(own))) broken.push(`inverse of ${own}`);
            if (!same(stored.kjvOf(own), kjv)) broken.push(`stored ${own}`);
          }
          for (const [k, owns] of mapping.fromKjv) {
            if (!owns.every((own) => mapping.toKjv.get(own)?.includes(k))) broken.push(`map of ${k}`);
            // The stored form may add the same-numbered verse the text lacks; the text's own verses agree.
            if (
              !same(
                stored.ownOf(k).filter((o) => mapping.toKjv.has(o)),
                owns,
              )
            )
              broken.push(`stored inverse ${k}`);
          }
          for (const own of mapping.unmapped) if (stored.kjvOf(own).length) broken.push(`unmapped ${own}`);
          expect(broken).toEqual([]);
          expect(mapping.toKjv.size + mapping.unmapped.length).toBe(verses.length);
        },
      ),
      { numRuns: 40 },
    );
  });
});

// ---- the three texts of ../shared/sources/imports ----------------------------------------------------

const stripTags = (xml: string) =>
  xml
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

function osisText(xml: string): NumberedVerse[] {
  return [...xml.matchAll(/<verse sID="([^".]+)\.(\d+)\.(\d+)"[^>]*\/>([\s\S]*?)<verse eID/g)].flatMap((m) => {
    const book = bookByOsis.get(m[1]);
    return book ? [{ book: book.number, chapter: Number(m[2]), verse: Number(m[3]), text: stripTags(m[4]) }] : [];
  });
}

function usfxText(xml: string): NumberedVerse[] {
  const verses: NumberedVerse[] = [];
  for (const bookMatch of xml.matchAll(/<book id="(\w+)">([\s\S]*?)<\/book>/g)) {
    const book = bookByUsfm.get(bookMatch[1]);
    if (!book) continue;
    let chapter = 0;
    for (const m of bookMatch[2].matchAll(/<c id="(\d+)"\s*\/>|<v id="(\d+)"\s*\/>([\s\S]*?)<ve\s*\/>/g)) {
      if (m[1]) chapter = Number(m[1]);
      else verses.push({ book: book.number, chapter, verse: Number(m[2]), text: stripTags(m[3]) });
    }
  }
  return verses;
}

function zefaniaText(xml: string): NumberedVerse[] {
  const verses: NumberedVerse[] = [];
  for (const b of xml.matchAll(/<BIBLEBOOK bnumber="(\d+)"[^>]*>([\s\S]*?)<\/BIBLEBOOK>/g))
    for (const c of b[2].matchAll(/<CHAPTER cnumber="(\d+)"[^>]*>([\s\S]*?)<\/CHAPTER>/g))
      for (const v of c[2].matchAll(/<VERS vnumber="(\d+)"[^>]*>([\s\S]*?)<\/VERS>/g))
        verses.push({ book: Number(b[1]), chapter: Number(c[1]), verse: Number(v[1]), text: stripTags(v[2]) });
  return verses;
}

describe('the texts of ../shared/sources/imports', () => {
  const texts: [string, (xml: string) => NumberedVerse[], SchemeName][] = [
    ['eng-us-oeb.osis.xml', osisText, 'eng'],
    ['chi-cuv.usfx.xml', usfxText, 'kjv'],
    ['eng-ylt.zefania.xml', zefaniaText, 'kjv'],
  ];
  for (const [file, read, expected] of texts)
    it(`detects ${file} as ${expected} and says why`, () => {
      const verses = read(readFileSync(join(corpus, 'imports', file), 'utf8'));
      const detection = detectVersification(verses, maps);
      const mapping = mapToKjv(verses, detection.scheme, maps);
      console.log(
        `${file}: ${verses.length} verses -> ${detection.scheme}${detection.exact ? ' (exact)' : ''}; ${detection.why} Mapping: ${mapping.scheme}, ${Object.keys(mapping.chapterSchemes).length} chapters by another scheme, unmapped: ${mapping.unmapped.length} [${mapping.unmapped.slice(0, 8).join(', ')}]; scores: ${detection.scores.map((s) => `${s.scheme} ${s.matching}/${s.compared}`).join(', ')}`,
      );
      expect(detection.scheme).toBe(expected);
      expect(detection.why.length).toBeGreaterThan(20);
    });
});
