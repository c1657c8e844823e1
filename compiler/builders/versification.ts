// The versification pack: the Copenhagen Alliance's standard schemes (eng, org, lxx, vul, rsc, rso) over
// the 66 books, the KJV's own scheme made from eng and the KJV grid, and the sniffing rules that compare
// verse lengths. The importer (engine/import/versification.ts) reads it from the installed package, so
// no corpus file is read at run time.
import { readLengthRules, readScheme, parseSchemeRange } from '../adapters/copenhagen-versification.ts';
import { BOOKS } from '../../sources/books.ts';
import type { Builder } from './context.ts';
import { sectionsOf } from '../pack/writer.ts';
import { VERSIFICATION_PACK, type VersificationSchemeData } from '../../engine/core/pack/schemas.ts';
import { bookOf, chapterOf, verseOf } from '../../engine/core/ids.ts';
import type { ChapterVerseTable } from '../adapters/types.ts';
import { expandRuns } from '../../engine/import/versification.ts';

export const VERSIFICATION_SOURCE = 'versification-copenhagen';
export const STANDARD_SCHEMES = ['eng', 'org', 'lxx', 'vul', 'rsc', 'rso'] as const;

/**
 * Where the KJV's chapters differ from eng's, what the KJV's verses hold in `org` numbers. A chapter
 * whose count differs with no entry here fails the build, so a new difference is never mapped by
 * guesswork. Each entry replaces eng's runs for its verses.
 */
export const KJV_DIFFERENCES: readonly { chapter: string; why: string; runs: readonly [string, string][] }[] = [
  {
    chapter: '3JN 1',
    why: "the KJV's 3 John 1:14 holds what eng (and the Greek) print as 1:14 and 1:15",
    runs: [['3JN 1:14', '3JN 1:14-15']],
  },
  {
    chapter: 'REV 12',
    why: 'eng\'s Revelation 12:18 ("and he stood on the sand of the sea") opens the KJV\'s 13:1',
    runs: [
      ['REV 13:1', 'REV 12:18'],
      ['REV 13:1', 'REV 13:1'],
    ],
  },
];

/** The shortest runs for a set of [own, org] pairs: one-verse-to-many runs, and verse-by-verse runs
 *  within a chapter. */
export function compressPairs(pairs: readonly [number, number][]): number[] {
  const byOwn = new Map<number, number[]>();
  for (const [own, org] of pairs) {
    const targets = byOwn.get(own) ?? byOwn.set(own, []).get(own)!;
    if (!targets.includes(org)) targets.push(org);
  }
  const runs: number[] = [];
  const owns = [...byOwn.keys()].sort((a, b) => a - b);
  for (const own of owns) {
    const targets = byOwn.get(own)!.sort((a, b) => a - b);
    const contiguous =
      targets.every((t, k) => t === targets[0] + k) && chapterOf(targets[0]) === chapterOf(targets.at(-1)!);
    const groups = contiguous ? [[targets[0], targets.at(-1)!]] : targets.map((t) => [t, t]);
    for (const [first, last] of groups) {
      const n = runs.length;
      const extendsLast =
        n >= 4 &&
        first === last &&
        runs[n - 1] === runs[n - 2] + (runs[n - 3] - runs[n - 4]) &&
        runs[n - 3] + 1 === own &&
        runs[n - 1] + 1 === first &&
        bookOf(own) === bookOf(runs[n - 4]) &&
        chapterOf(own) === chapterOf(runs[n - 4]) &&
        bookOf(first) === bookOf(runs[n - 2]) &&
        chapterOf(first) === chapterOf(runs[n - 2]) &&
        byOwn.get(runs[n - 3])!.length === 1;
      if (extendsLast) {
        runs[n - 3] = own;
        runs[n - 1] = first;
      } else runs.push(own, own, first, last);
    }
  }
  return runs;
}

/** The chapters whose last verse differs between two tables, as "BOOK chapter: a vs b". */
export function chapterDifferences(a: readonly (readonly number[])[], b: readonly (readonly number[])[]) {
  const differences: { chapter: string; a: number; b: number }[] = [];
  BOOKS.forEach((book, i) => {
    const length = Math.max(a[i]?.length ?? 0, b[i]?.length ?? 0);
    for (let c = 0; c < length; c++)
      if ((a[i]?.[c] ?? 0) !== (b[i]?.[c] ?? 0))
        differences.push({ chapter: `${book.usfm} ${c + 1}`, a: a[i]?.[c] ?? 0, b: b[i]?.[c] ?? 0 });
  });
  return differences;
}

/**
 * The KJV's scheme: eng's runs, except in the chapters KJV_DIFFERENCES covers, plus theirs; and a psalm
 * title (eng's verse 0) folded into verse 1, because the KJV prints its titles above verse 1 and numbers
 * no verse 0.
 */
export function kjvScheme(eng: VersificationSchemeData, kjvGrid: ChapterVerseTable): VersificationSchemeData {
  const differences = chapterDifferences(eng.maxVerses, kjvGrid);
  const covered = new Set(KJV_DIFFERENCES.map((d) => d.chapter));
  const unexplained = differences.filter((d) => !covered.has(d.chapter));
  if (unexplained.length > 0)
    throw new Error(
      `the KJV grid differs from eng where no KJV rule says how: ${unexplained.map((d) => `${d.chapter} (eng ${d.a}, KJV ${d.b})`).join(', ')}`,
    );
  const replaced = new Set<number>();
  const own: [number, number][] = [];
  for (const difference of KJV_DIFFERENCES)
    for (const [from, to] of difference.runs) {
      const kjv = parseSchemeRange(from);
      const org = parseSchemeRange(to);
      if (!kjv || !org) throw new Error(`KJV rule ${from} -> ${to} is no pair of ranges`);
      for (let v = kjv[0]; v <= kjv[1]; v++) replaced.add(v);
      own.push(...expandRuns([kjv[0], kjv[1], org[0], org[1]]));
    }
  const inDifferentChapter = (id: number) =>
    covered.has(`${BOOKS[bookOf(id) - 1].usfm} ${chapterOf(id)}`) || replaced.has(id);
  const engPairs = expandRuns(eng.mapped).filter(([id]) => !inDifferentChapter(id));
  const engListed = new Set(engPairs.map(([id]) => id));
  const fromEng = engPairs.map(([id, org]): [number, number] => [verseOf(id) === 0 ? id + 1 : id, org]);
  // Verse 1 that takes a title but had no run of its own in eng keeps what it was: org's verse 1.
  for (const [id] of engPairs) if (verseOf(id) === 0 && !engListed.has(id + 1)) fromEng.push([id + 1, id + 1]);
  return { maxVerses: kjvGrid.map((chapters) => [...chapters]), mapped: compressPairs([...fromEng, ...own]) };
}

export const versificationBuilder: Builder = {
  name: 'versification',
  build(ctx) {
    const schemes: Record<string, VersificationSchemeData> = {};
    for (const name of STANDARD_SCHEMES) {
      const scheme = readScheme(ctx.source(VERSIFICATION_SOURCE, `${name}.json`));
      schemes[name] = { maxVerses: scheme.maxVerses, mapped: compressPairs(expandRuns(scheme.mapped)) };
    }
    const differences = chapterDifferences(schemes.eng.maxVerses, ctx.kjvChapterVerses);
    ctx.log(
      `KJV vs eng: ${differences.length} chapters differ (${differences.map((d) => `${d.chapter}: eng ${d.a}, KJV ${d.b}`).join('; ')})`,
    );
    schemes.kjv = kjvScheme(schemes.eng, ctx.kjvChapterVerses);
    const rules = readLengthRules(ctx.source(VERSIFICATION_SOURCE, 'merged_rules.json'));
    return [
      {
        name: VERSIFICATION_PACK.name,
        datasets: [VERSIFICATION_SOURCE, 'kjv1611'],
        sections: sectionsOf(VERSIFICATION_PACK, { schemes, rules }),
      },
    ];
  },
};
