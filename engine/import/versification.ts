// Which versification an imported text follows, and the map from its own verse numbers to the KJV grid.
// Platform-free: the maps come from the versification pack (compiler/builders/versification.ts), which
// holds the Copenhagen Alliance's standard schemes, the KJV's own scheme and the sniffing rules that
// compare verse lengths. Every scheme maps to `org` (Hebrew BHS / Greek UBS numbers); a text's verse goes
// to org through its scheme, and from org back to the KJV through the inverse of the KJV's scheme.
import {
  bookAndChapterIdOf,
  bookOf,
  chapterOf,
  composeBookAndChapterId,
  composeVerseId,
  verseOf,
} from '../core/ids.ts';
import type { VersificationRule, VersificationSchemeData } from '../core/pack/schemas.ts';

/** The schemes in the order a tie goes: the KJV's first (the engine's own grid), then the closest to it. */
export const SCHEME_NAMES = ['kjv', 'eng', 'org', 'vul', 'lxx', 'rsc', 'rso'] as const;
export type SchemeName = (typeof SCHEME_NAMES)[number];

export interface VersificationMaps {
  schemes: Readonly<Record<string, VersificationSchemeData>>;
  rules: readonly VersificationRule[];
}

/** A verse as a reader gives it (engine/import/types.ts ImportedVerse); text feeds the length tests. */
export interface NumberedVerse {
  book: number;
  chapter: number;
  verse: number;
  text?: string;
}

/** [own, org] pairs of a scheme's runs: equal runs verse by verse, a one-verse run to every verse of the
 *  other, and in a longer pair of unequal runs the extra verses to the shorter run's last. */
export function expandRuns(mapped: readonly number[]): [number, number][] {
  const pairs: [number, number][] = [];
  for (let i = 0; i + 3 < mapped.length; i += 4) {
    const ownFirst = mapped[i];
    const ownLength = mapped[i + 1] - ownFirst + 1;
    const orgFirst = mapped[i + 2];
    const orgLength = mapped[i + 3] - orgFirst + 1;
    if (ownLength === 1 || orgLength === 1) {
      for (let o = 0; o < ownLength; o++) for (let t = 0; t < orgLength; t++) pairs.push([ownFirst + o, orgFirst + t]);
    } else {
      for (let k = 0; k < Math.max(ownLength, orgLength); k++)
        pairs.push([ownFirst + Math.min(k, ownLength - 1), orgFirst + Math.min(k, orgLength - 1)]);
    }
  }
  return pairs;
}

interface SchemeIndex {
  data: VersificationSchemeData;
  /** own verse id -> org verse ids, for the verses the runs list */
  toOrg: Map<number, number[]>;
  /** org verse id -> the scheme's verse ids that hold it, made on first use */
  fromOrg?: Map<number, number[]>;
}

/** org verse id -> a scheme's verses that go to it, over the scheme's grid and the verses its runs list. */
function fromOrgOf(scheme: SchemeIndex): Map<number, number[]> {
  if (scheme.fromOrg) return scheme.fromOrg;
  const fromOrg = new Map<number, number[]>();
  const add = (own: number) => {
    for (const org of scheme.toOrg.get(own) ?? [own]) {
      const owns = fromOrg.get(org) ?? fromOrg.set(org, []).get(org)!;
      if (!owns.includes(own)) owns.push(own);
    }
  };
  for (const [b, chapters] of scheme.data.maxVerses.entries())
    for (const [c, last] of chapters.entries()) for (let v = 1; v <= last; v++) add(composeVerseId(b + 1, c + 1, v));
  for (const own of scheme.toOrg.keys()) add(own);
  scheme.fromOrg = fromOrg;
  return fromOrg;
}

interface MapsIndex {
  schemes: Map<string, SchemeIndex>;
  /** org verse id -> KJV verse ids */
  orgToKjv: Map<number, number[]>;
}

const indexes = new WeakMap<VersificationMaps, MapsIndex>();

function indexOf(maps: VersificationMaps): MapsIndex {
  const known = indexes.get(maps);
  if (known) return known;
  const schemes = new Map<string, SchemeIndex>();
  for (const [name, data] of Object.entries(maps.schemes)) {
    const toOrg = new Map<number, number[]>();
    for (const [own, org] of expandRuns(data.mapped)) {
      const targets = toOrg.get(own) ?? toOrg.set(own, []).get(own)!;
      if (!targets.includes(org)) targets.push(org);
    }
    schemes.set(name, { data, toOrg });
  }
  const kjv = schemes.get('kjv');
  if (!kjv) throw new Error('the versification maps hold no kjv scheme');
  const orgToKjv = new Map<number, number[]>();
  for (const [b, chapters] of kjv.data.maxVerses.entries())
    for (const [c, last] of chapters.entries())
      for (let v = 1; v <= last; v++) {
        const id = composeVerseId(b + 1, c + 1, v);
        for (const org of kjv.toOrg.get(id) ?? [id]) (orgToKjv.get(org) ?? orgToKjv.set(org, []).get(org)!).push(id);
      }
  joinOrphans(schemes.get('org'), orgToKjv);
  const index = { schemes, orgToKjv };
  indexes.set(maps, index);
  return index;
}

/**
 * An org verse that no KJV verse maps to goes with the KJV verse that holds the org verse after it in the
 * same book: there the KJV starts its next verse a clause earlier (org's Numbers 25:19 opens the KJV's
 * 26:1, org's 1 Samuel 20:42 ends in the KJV's 20:42 with 21:1, a psalm title of two org verses is the
 * KJV's verse 1), and the standard maps leave the clause unmapped.
 */
function joinOrphans(org: SchemeIndex | undefined, orgToKjv: Map<number, number[]>): void {
  if (!org) return;
  for (const [b, chapters] of org.data.maxVerses.entries()) {
    let waiting: number[] = [];
    for (const [c, last] of chapters.entries())
      for (let v = 1; v <= last; v++) {
        const id = composeVerseId(b + 1, c + 1, v);
        const kjv = orgToKjv.get(id);
        if (!kjv) waiting.push(id);
        else if (waiting.length) {
          for (const orphan of waiting) orgToKjv.set(orphan, [...kjv]);
          waiting = [];
        }
      }
  }
}

function schemeOf(maps: VersificationMaps, name: string): SchemeIndex {
  const scheme = indexOf(maps).schemes.get(name);
  if (!scheme) throw new Error(`no versification scheme "${name}"; schemes: ${Object.keys(maps.schemes).join(', ')}`);
  return scheme;
}

/** The chapter's last verse in a scheme (0 when the scheme has no such chapter). */
const lastVerse = (scheme: SchemeIndex, book: number, chapter: number): number =>
  scheme.data.maxVerses[book - 1]?.[chapter - 1] ?? 0;

/** Whether a scheme numbers this verse: inside its chapter, or a verse its runs list (a title, verse 0). */
function hasVerse(scheme: SchemeIndex, id: number): boolean {
  const verse = verseOf(id);
  return (verse >= 1 && verse <= lastVerse(scheme, bookOf(id), chapterOf(id))) || scheme.toOrg.has(id);
}

/** The KJV verse ids a verse of a scheme holds: through its runs to org, then back from org. */
function kjvOf(maps: VersificationMaps, scheme: SchemeIndex, id: number): number[] {
  const { orgToKjv, schemes } = indexOf(maps);
  // A verse that goes to the same org verses as the KJV's verse of its number, where both schemes share
  // those org verses among the same verses, holds that KJV verse alone: eng's Ps 13:5 and 13:6 are the
  // KJV's, though org joins both in its 13:6 (while org's 13:6 holds KJV 13:5 and 13:6).
  const kjv = schemes.get('kjv')!;
  const targets = scheme.toOrg.get(id) ?? [id];
  if (
    hasVerse(kjv, id) &&
    sameTargets(targets, kjv.toOrg.get(id) ?? [id]) &&
    targets.every((org) => sameTargets(fromOrgOf(scheme).get(org), orgToKjv.get(org)))
  )
    return [id];
  const found = new Set<number>();
  for (const org of scheme.toOrg.get(id) ?? [id]) for (const k of orgToKjv.get(org) ?? []) found.add(k);
  return [...found].sort((a, b) => a - b);
}

const sameTargets = (a: readonly number[] | undefined, b: readonly number[] | undefined): boolean =>
  a === b || (a !== undefined && b !== undefined && a.length === b.length && a.every((t) => b.includes(t)));

// ---- detection ---------------------------------------------------------------------------------------

export interface SchemeScore {
  scheme: SchemeName;
  /** chapter lengths and book lengths (chapters in a book) compared */
  compared: number;
  matching: number;
  /** matching / compared, 0 when nothing was compared */
  score: number;
  /** length rules whose outcome this scheme's tradition agrees and disagrees with */
  rulesAgreeing: number;
  rulesDisagreeing: number;
  /** the first chapters or books whose length differs, "MRK 8: text 39, scheme 38" */
  differences: string[];
}

export interface Detection {
  scheme: SchemeName;
  /** whether every chapter and book length of the text matched the scheme */
  exact: boolean;
  why: string;
  /** every scheme, best first */
  scores: SchemeScore[];
}

interface TextShape {
  /** bookAndChapterId -> the chapter's last verse */
  chapters: Map<number, number>;
  /** book -> its last chapter */
  books: Map<number, number>;
  /** verse id -> text */
  texts: Map<number, string>;
  ids: Set<number>;
}

function shapeOf(verses: readonly NumberedVerse[]): TextShape {
  const chapters = new Map<number, number>();
  const books = new Map<number, number>();
  const texts = new Map<number, string>();
  const ids = new Set<number>();
  for (const v of verses) {
    const chapterId = composeBookAndChapterId(v.book, v.chapter);
    chapters.set(chapterId, Math.max(chapters.get(chapterId) ?? 0, v.verse));
    books.set(v.book, Math.max(books.get(v.book) ?? 0, v.chapter));
    const id = composeVerseId(v.book, v.chapter, v.verse);
    ids.add(id);
    if (v.text !== undefined) texts.set(id, v.text);
  }
  return { chapters, books, texts, ids };
}

// biome-ignore format: one book code per canonical book, in order
const BOOK_CODES = [
  'GEN', 'EXO', 'LEV', 'NUM', 'DEU', 'JOS', 'JDG', 'RUT', '1SA', '2SA', '1KI', '2KI', '1CH', '2CH', 'EZR', 'NEH',
  'EST', 'JOB', 'PSA', 'PRO', 'ECC', 'SNG', 'ISA', 'JER', 'LAM', 'EZK', 'DAN', 'HOS', 'JOL', 'AMO', 'OBA', 'JON',
  'MIC', 'NAM', 'HAB', 'ZEP', 'HAG', 'ZEC', 'MAL', 'MAT', 'MRK', 'LUK', 'JHN', 'ACT', 'ROM', '1CO', '2CO', 'GAL',
  'EPH', 'PHP', 'COL', '1TH', '2TH', '1TI', '2TI', 'TIT', 'PHM', 'HEB', 'JAS', '1PE', '2PE', '1JN', '2JN', '3JN',
  'JUD', 'REV',
];

/** "MRK 8:39" for a verse id, "MRK 8" for a bookAndChapterId. */
export function referenceOf(id: number): string {
  if (id < 1_000_000) return `${BOOK_CODES[Math.floor(id / 1000) - 1] ?? Math.floor(id / 1000)} ${id % 1000}`;
  return `${BOOK_CODES[bookOf(id) - 1] ?? bookOf(id)} ${chapterOf(id)}:${verseOf(id)}`;
}

function countScore(scheme: SchemeIndex, name: SchemeName, shape: TextShape): SchemeScore {
  let compared = 0;
  let matching = 0;
  const differences: string[] = [];
  for (const [chapterId, last] of shape.chapters) {
    const expected = lastVerse(scheme, Math.floor(chapterId / 1000), chapterId % 1000);
    compared++;
    if (expected === last) matching++;
    else differences.push(`${referenceOf(chapterId)}: text ${last}, ${name} ${expected}`);
  }
  for (const [book, last] of shape.books) {
    const expected = scheme.data.maxVerses[book - 1]?.length ?? 0;
    compared++;
    if (expected === last) matching++;
    else differences.push(`${BOOK_CODES[book - 1]}: text ${last} chapters, ${name} ${expected}`);
  }
  return {
    scheme: name,
    compared,
    matching,
    score: compared ? matching / compared : 0,
    rulesAgreeing: 0,
    rulesDisagreeing: 0,
    differences,
  };
}

// The traditions the rules' columns name, as schemes. "Greek" is the Septuagint in the Old Testament
// and the Greek New Testament (org's numbering) in the New.
function schemesOfColumn(column: string, newTestament: boolean): SchemeName[] {
  if (column === 'English') return ['eng', 'kjv'];
  if (column.startsWith('English (NRSV)')) return ['eng'];
  if (/\bKJV\b/.test(column)) return ['kjv'];
  if (column === 'Hebrew') return ['org'];
  if (column === 'Latin') return ['vul'];
  if (column === 'Greek') return newTestament ? ['org'] : ['lxx'];
  return [];
}

// biome-ignore format: STEPBible's code of each canonical book, in order
const STEP_BOOKS = [
  'Gen', 'Exo', 'Lev', 'Num', 'Deu', 'Jos', 'Jdg', 'Rut', '1Sa', '2Sa', '1Ki', '2Ki', '1Ch', '2Ch', 'Ezr', 'Neh',
  'Est', 'Job', 'Psa', 'Pro', 'Ecc', 'Sng', 'Isa', 'Jer', 'Lam', 'Ezk', 'Dan', 'Hos', 'Jol', 'Amo', 'Oba', 'Jon',
  'Mic', 'Nam', 'Hab', 'Zep', 'Hag', 'Zec', 'Mal', 'Mat', 'Mrk', 'Luk', 'Jhn', 'Act', 'Rom', '1Co', '2Co', 'Gal',
  'Eph', 'Php', 'Col', '1Th', '2Th', '1Ti', '2Ti', 'Tit', 'Phm', 'Heb', 'Jas', '1Pe', '2Pe', '1Jn', '2Jn', '3Jn',
  'Jud', 'Rev',
];

/** A rule reference "Gen.6:1" or "Gen.5:31.2" (a part of a verse) as [verse id, part or 0]; null for a
 *  book outside the 66. */
function ruleVerse(text: string): [number, number] | null {
  const m = /^([1-4A-Za-z][A-Za-z0-9]{2})\.(\d+):(\d+)(?:\.(\d+))?$/.exec(text.trim());
  const book = m ? STEP_BOOKS.indexOf(m[1]) + 1 : 0;
  if (!m || book === 0) return null;
  return [composeVerseId(book, Number(m[2]), Number(m[3])), m[4] ? Number(m[4]) : 0];
}

/** Whether a rule test holds for the text: true, false, or undefined when the text cannot tell (a verse
 *  it lacks, no verse text). A text holds whole verses, so a part of a verse never exists. */
export function ruleTestHolds(test: string, shape: Pick<TextShape, 'chapters' | 'texts' | 'ids'>): boolean | undefined {
  const m = /^([^=<>]+)([=<>])(.+)$/.exec(test.trim());
  if (!m) return undefined;
  const left = ruleVerse(m[1]);
  if (!left) return undefined;
  const [id, part] = left;
  const chapterLast = shape.chapters.get(bookAndChapterIdOf(id));
  if (chapterLast === undefined) return undefined;
  const right = m[3].trim();
  if (m[2] === '=') {
    if (right === 'Last') return part === 0 && chapterLast === verseOf(id);
    if (right === 'Exist') return part === 0 && shape.ids.has(id);
    if (right === 'NotExist') return part !== 0 || !shape.ids.has(id);
    return undefined;
  }
  const [reference, times] = right.split('*');
  const other = ruleVerse(reference);
  if (!other || part !== 0 || other[1] !== 0) return undefined;
  const a = shape.texts.get(id);
  const b = shape.texts.get(other[0]);
  if (a === undefined || b === undefined) return undefined;
  const scaled = b.length * (times ? Number(times) : 1);
  return m[2] === '<' ? a.length < scaled : a.length > scaled;
}

interface RuleOutcome {
  rule: string;
  followed: SchemeName[];
  others: SchemeName[];
}

/** The length rules the text decides: the columns all of whose tests hold, when at least one of those
 *  tests compares lengths and exactly one column holds. */
function ruleOutcomes(rules: readonly VersificationRule[], shape: TextShape): RuleOutcome[] {
  const outcomes: RuleOutcome[] = [];
  for (const rule of rules) {
    const holding = rule.tests
      .map((tests, column) => ({ column, results: tests.map((t) => ({ t, holds: ruleTestHolds(t, shape) })) }))
      .filter(
        ({ results }) =>
          results.every((r) => r.holds !== false) && results.some((r) => r.holds === true && /[<>]/.test(r.t)),
      );
    if (holding.length !== 1) continue;
    const first = ruleVerse(rule.tests[0][0]?.split(/[=<>]/)[0] ?? '');
    const newTestament = first !== null && bookOf(first[0]) >= 40;
    const followed = rule.columns[holding[0].column].flatMap((c) => schemesOfColumn(c, newTestament));
    const others = rule.columns
      .filter((_, column) => column !== holding[0].column)
      .flatMap((names) => names.flatMap((c) => schemesOfColumn(c, newTestament)))
      .filter((s) => !followed.includes(s));
    if (followed.length || others.length) outcomes.push({ rule: rule.name, followed, others });
  }
  return outcomes;
}

const byRank = (a: SchemeScore, b: SchemeScore): number =>
  b.matching - a.matching ||
  b.rulesAgreeing - b.rulesDisagreeing - (a.rulesAgreeing - a.rulesDisagreeing) ||
  SCHEME_NAMES.indexOf(a.scheme) - SCHEME_NAMES.indexOf(b.scheme);

/**
 * Which scheme a text follows: the one whose chapter lengths (each chapter's last verse) and book lengths
 * match the most of the text's; where two match equally, the verse-length rules the text decides; then
 * SCHEME_NAMES' order. Works on any part of a Bible: only what the text holds is compared.
 */
export function detectVersification(verses: readonly NumberedVerse[], maps: VersificationMaps): Detection {
  const shape = shapeOf(verses);
  const scores = SCHEME_NAMES.filter((name) => name in maps.schemes).map((name) =>
    countScore(schemeOf(maps, name), name, shape),
  );
  const outcomes = ruleOutcomes(maps.rules, shape);
  for (const score of scores)
    for (const outcome of outcomes) {
      if (outcome.followed.includes(score.scheme)) score.rulesAgreeing++;
      else if (outcome.others.includes(score.scheme)) score.rulesDisagreeing++;
    }
  scores.sort(byRank);
  const best = scores[0];
  return {
    scheme: best.scheme,
    exact: best.compared > 0 && best.matching === best.compared,
    why: whySentence(scores, outcomes, shape),
    scores,
  };
}

function whySentence(scores: readonly SchemeScore[], outcomes: readonly RuleOutcome[], shape: TextShape): string {
  const [best, ...rest] = scores;
  if (best.compared === 0) return `The text holds no verses, so ${best.scheme} is assumed.`;
  const counted = `${shape.chapters.size} chapter lengths and ${shape.books.size} book lengths`;
  const parts = [
    best.matching === best.compared
      ? `all ${counted} match ${best.scheme}`
      : `${best.matching} of ${best.compared} (${counted}) match ${best.scheme}, the closest (differing in ${best.differences.slice(0, 3).join('; ')}${best.differences.length > 3 ? '; …' : ''})`,
  ];
  const tied = rest.filter((s) => s.matching === best.matching).map((s) => s.scheme);
  const runnerUp = rest.find((s) => s.matching < best.matching);
  if (runnerUp)
    parts.push(
      `${runnerUp.scheme} matches ${runnerUp.matching} (it differs in ${runnerUp.differences.slice(0, 2).join('; ')})`,
    );
  const decided = outcomes.filter((o) => o.followed.includes(best.scheme) || o.others.includes(best.scheme));
  if (decided.length)
    parts.push(
      `the verse-length tests of ${decided.length} rule${decided.length > 1 ? 's' : ''} (${decided
        .slice(0, 3)
        .map((o) => o.rule)
        .join(
          ', ',
        )}) ${best.rulesDisagreeing === 0 ? 'agree' : `agree ${best.rulesAgreeing} to ${best.rulesDisagreeing}`}`,
    );
  if (tied.length)
    parts.push(`${tied.join(', ')} count${tied.length === 1 ? 's' : ''} the same here, and ${best.scheme} goes first`);
  const sentence = parts.join('; ');
  return `${sentence[0].toUpperCase()}${sentence.slice(1)}.`;
}

// ---- mapping -----------------------------------------------------------------------------------------

export interface KjvMapping {
  /** the scheme the text follows throughout, or 'custom' where chapters follow other schemes or verses
   *  stay unmapped */
  scheme: SchemeName | 'custom';
  /** the scheme asked for (or detected): every chapter follows it unless chapterSchemes says otherwise */
  basedOn: SchemeName;
  /** bookAndChapterId -> the scheme a chapter follows where it is not basedOn's */
  chapterSchemes: Record<number, SchemeName>;
  /** the text's own verse id -> the KJV verse ids it holds (sorted) */
  toKjv: Map<number, number[]>;
  /** KJV verse id -> the text's own verse ids that hold it (sorted) */
  fromKjv: Map<number, number[]>;
  /** the text's verses that map to no KJV verse, sorted */
  unmapped: number[];
}

/** The scheme a chapter of the text follows: `preferred` if its length matches, else the first scheme
 *  whose length matches, else `preferred`. */
function chapterScheme(
  maps: VersificationMaps,
  preferred: SchemeName,
  chapterId: number,
  last: number,
  verses: readonly number[],
): SchemeName {
  const book = Math.floor(chapterId / 1000);
  const chapter = chapterId % 1000;
  const fits = (name: SchemeName) => {
    const scheme = schemeOf(maps, name);
    return lastVerse(scheme, book, chapter) === last && verses.every((id) => hasVerse(scheme, id));
  };
  if (fits(preferred)) return preferred;
  return SCHEME_NAMES.find((name) => name in maps.schemes && fits(name)) ?? preferred;
}

/**
 * The map from a text's own numbers to the KJV grid under a scheme. A chapter whose length the scheme
 * does not give follows the first scheme that gives it (its own mapping, built from the standard ones);
 * a verse that no scheme numbers, or whose text has no KJV verse, is reported in `unmapped`.
 */
export function mapToKjv(verses: readonly NumberedVerse[], scheme: SchemeName, maps: VersificationMaps): KjvMapping {
  const byChapter = new Map<number, number[]>();
  for (const v of verses) {
    const id = composeVerseId(v.book, v.chapter, v.verse);
    const chapterId = composeBookAndChapterId(v.book, v.chapter);
    const list = byChapter.get(chapterId) ?? byChapter.set(chapterId, []).get(chapterId)!;
    if (!list.includes(id)) list.push(id);
  }
  const chapterSchemes: Record<number, SchemeName> = {};
  const toKjv = new Map<number, number[]>();
  const fromKjv = new Map<number, number[]>();
  const unmapped: number[] = [];
  for (const chapterId of [...byChapter.keys()].sort((a, b) => a - b)) {
    const ids = byChapter.get(chapterId)!.sort((a, b) => a - b);
    const name = chapterScheme(maps, scheme, chapterId, verseOf(ids.at(-1)!), ids);
    if (name !== scheme) chapterSchemes[chapterId] = name;
    const index = schemeOf(maps, name);
    for (const id of ids) {
      const kjv = hasVerse(index, id) ? kjvOf(maps, index, id) : [];
      if (kjv.length === 0) {
        unmapped.push(id);
        continue;
      }
      toKjv.set(id, kjv);
      for (const k of kjv) (fromKjv.get(k) ?? fromKjv.set(k, []).get(k)!).push(id);
    }
  }
  for (const owns of fromKjv.values()) owns.sort((a, b) => a - b);
  const custom = unmapped.length > 0 || Object.keys(chapterSchemes).length > 0;
  return { scheme: custom ? 'custom' : scheme, basedOn: scheme, chapterSchemes, toKjv, fromKjv, unmapped };
}

// ---- the compact form an imported translation's pack keeps -------------------------------------------

/**
 * A mapping as JSON: every own verse not listed maps to the same KJV verse. `runs` are the other pairs,
 * three numbers each: [own verse id, KJV verse id, length] for `length` verses that both advance by one
 * (an own verse that holds several KJV verses has one run per KJV verse); `unmapped` the own verses that
 * map to none.
 */
export interface SerializedMapping {
  scheme: SchemeName | 'custom';
  basedOn: SchemeName;
  chapterSchemes: Record<number, SchemeName>;
  runs: number[];
  unmapped: number[];
}

export function serializeMapping(mapping: KjvMapping): SerializedMapping {
  const pairs: [number, number][] = [];
  for (const [own, kjv] of [...mapping.toKjv].sort((a, b) => a[0] - b[0]))
    if (!(kjv.length === 1 && kjv[0] === own)) for (const k of kjv) pairs.push([own, k]);
  const runs: number[] = [];
  for (const [own, kjv] of pairs) {
    const n = runs.length;
    const continues =
      n >= 3 &&
      runs[n - 3] + runs[n - 1] === own &&
      runs[n - 2] + runs[n - 1] === kjv &&
      bookAndChapterIdOf(own) === bookAndChapterIdOf(runs[n - 3]) &&
      bookAndChapterIdOf(kjv) === bookAndChapterIdOf(runs[n - 2]) &&
      mapping.toKjv.get(own)!.length === 1 &&
      mapping.toKjv.get(own - 1)?.length === 1;
    if (continues) runs[n - 1]++;
    else runs.push(own, kjv, 1);
  }
  return {
    scheme: mapping.scheme,
    basedOn: mapping.basedOn,
    chapterSchemes: { ...mapping.chapterSchemes },
    runs,
    unmapped: [...mapping.unmapped],
  };
}

/** A stored mapping, read: KJV verses of an own verse and own verses of a KJV verse. */
export interface StoredMapping {
  readonly scheme: SchemeName | 'custom';
  readonly basedOn: SchemeName;
  readonly unmapped: readonly number[];
  /** the KJV verse ids an own verse holds: itself unless the mapping says otherwise */
  kjvOf(ownId: number): number[];
  /** the own verse ids that hold a KJV verse, whether or not the text has them (the text pack tells) */
  ownOf(kjvId: number): number[];
}

export function readMapping(stored: SerializedMapping): StoredMapping {
  if (!Array.isArray(stored?.runs) || stored.runs.length % 3 !== 0 || !Array.isArray(stored.unmapped))
    throw new Error('a stored versification mapping needs runs of three numbers and a list of unmapped verses');
  const toKjv = new Map<number, number[]>();
  const fromKjv = new Map<number, number[]>();
  for (let i = 0; i < stored.runs.length; i += 3) {
    const [own, kjv, length] = stored.runs.slice(i, i + 3);
    for (let k = 0; k < length; k++) {
      (toKjv.get(own + k) ?? toKjv.set(own + k, []).get(own + k)!).push(kjv + k);
      (fromKjv.get(kjv + k) ?? fromKjv.set(kjv + k, []).get(kjv + k)!).push(own + k);
    }
  }
  const unmapped = new Set(stored.unmapped);
  const listed = (id: number) => toKjv.has(id) || unmapped.has(id);
  return {
    scheme: stored.scheme,
    basedOn: stored.basedOn,
    unmapped: stored.unmapped,
    kjvOf: (own) => (unmapped.has(own) ? [] : [...(toKjv.get(own) ?? [own])]),
    ownOf: (kjv) => [...(fromKjv.get(kjv) ?? []), ...(listed(kjv) ? [] : [kjv])].sort((a, b) => a - b),
  };
}
