// Translations `bible import` added to a pack folder. Each has an `imported-<id>` pack (its record and its
// map to the KJV grid) beside its text pack, which holds its verses in its own numbers. The engine reads
// the imported packs the loader lists as it opens, and lists those translations after the built-in ones:
// the meta pack, compiled with the package, is never rewritten.
import { deepFreeze } from './deep-freeze.ts';
import { type Meta, bookNameKey, withChapterVerses } from './meta.ts';
import type { ImportedTranslation, Language, VersionRecord } from './pack/contents.ts';
import type { PackOf } from './pack/schema.ts';
import type { IMPORTED_PACK } from './pack/schemas.ts';
import { lowerBound } from './translation.ts';

export type { ImportedTranslation, ImportedTranslationInfo } from './pack/contents.ts';

/** The licence category every imported translation is listed under: its terms are what its file states. */
export const IMPORTED_CATEGORY = 'imported';

/** Whether a rights statement puts the text in the public domain ("Public Domain", "public-domain"), and
 *  does not say it is not. */
export function statesPublicDomain(rights: string | undefined): boolean {
  if (!rights || !/\bpublic[\s-]*domain\b/i.test(rights)) return false;
  return !/\b(not|no longer|never)\b[^.;]*\bpublic[\s-]*domain\b/i.test(rights);
}

/** An imported pack read: its record and map. A map whose two columns differ in length is refused. */
export function loadImported(pack: PackOf<typeof IMPORTED_PACK>): ImportedTranslation {
  const info = deepFreeze(pack.json('info'));
  const own = pack.u32('mapOwn');
  const kjv = pack.u32('mapKjv');
  if (own.length !== kjv.length || !own.every((id, i) => i === 0 || id >= own[i - 1]))
    throw new Error(`pack ${pack.name}: its map to the KJV grid is damaged; import the translation again`);
  // KJV id -> own ids, for the verses that do not keep their number (few in most texts). An own verse
  // that holds several KJV verses comes once for each, in a row.
  const byKjv = new Map<number, number[]>();
  own.forEach((ownId, i) => {
    if (kjv[i]) byKjv.set(kjv[i], [...(byKjv.get(kjv[i]) ?? []), ownId]);
  });
  const moved = (ownId: number) => {
    const i = lowerBound(own, ownId);
    return i < own.length && own[i] === ownId ? i : -1;
  };
  const rights = info.rights?.trim();
  const record: VersionRecord = deepFreeze({
    versionId: info.versionId,
    table: `t_${info.versionId}`,
    number: info.number,
    abbreviation: info.abbreviation,
    name: info.name,
    fullName: info.name,
    // GetVersions shows the code the file gave; the built-ins' three languages are names.
    language: info.language as Language,
    chapterVerses: info.chapterVerses,
    chapterLastVerses: info.chapterLastVerses,
    verseCount: info.verseCount,
    ...(info.structure && { structure: info.structure }),
    licence: {
      category: IMPORTED_CATEGORY,
      licence: rights || 'not stated',
      licenceText: rights ?? '',
      attribution: rights ? `${info.name}. ${rights}` : info.name,
      source: info.source,
      datasets: [],
    },
  });
  return {
    info,
    record,
    kjvIdOf(ownId) {
      const i = moved(ownId);
      return i < 0 ? ownId : kjv[i];
    },
    ownIdsOf(kjvId) {
      const moves = byKjv.get(kjvId) ?? [];
      // The KJV id itself is one of its verses unless that verse moved elsewhere.
      const same = moved(kjvId) < 0 ? [kjvId] : [];
      return [...same, ...moves].sort((a, b) => a - b);
    },
  };
}

const LETTER = /\p{L}/gu;

/** Whether a name a file carries may cite its book in text: a name of one letter ("a" in English, "出" in
 *  Chinese) is an everyday word far more often than a book, so a name needs two letters at least. */
function citableName(key: string): boolean {
  return (key.match(LETTER)?.length ?? 0) >= 2;
}

/**
 * The meta pack's contents with the imported translations after the built-in ones, and the book names
 * their files carry understood where no built-in name already means a book. Without imported
 * translations the meta pack's own object is answered, so built-in answers cannot change.
 */
export function withImported(meta: Meta, imported: readonly ImportedTranslation[]): Meta {
  if (imported.length === 0) return meta;
  const sorted = [...imported].sort((a, b) => a.info.number - b.info.number);
  const byId = new Map(sorted.map((t) => [t.info.versionId, t]));
  let versions: VersionRecord[] | undefined;
  let versionById: Map<string, VersionRecord> | undefined;
  let names: Map<string, number> | undefined;
  let oneWord: Set<string> | undefined;
  return {
    get books() {
      return meta.books;
    },
    get versions() {
      return (versions ??= Object.freeze([
        ...meta.versions.filter((v) => !byId.has(v.versionId)),
        ...sorted.map((t) => t.record),
      ]) as VersionRecord[]);
    },
    get versionById() {
      return (versionById ??= new Map(this.versions.map((v) => [v.versionId, v])));
    },
    versification: meta.versification,
    get service() {
      return meta.service;
    },
    hasVersion: (versionId) => meta.hasVersion(versionId) || byId.has(versionId),
    nameIndex() {
      if (names) return names;
      const index = new Map(meta.nameIndex());
      oneWord = new Set();
      for (const t of sorted)
        for (const { book, names: given } of t.info.books)
          for (const name of [given.long, given.short, given.abbreviation, given.header]) {
            const key = name ? bookNameKey(name) : '';
            if (!citableName(key) || index.has(key)) continue;
            index.set(key, book);
            if (!/\s/.test(name!.trim())) oneWord.add(key);
          }
      return (names = index);
    },
    get oneWordNames() {
      if (!oneWord) this.nameIndex();
      return oneWord;
    },
    imported: byId,
  };
}

const ownNumbering = new WeakMap<ImportedTranslation, Meta>();

/**
 * The meta a reference to an imported translation is read against: its own chapters and verses in place
 * of the KJV grid (a Vulgate-numbered Mark 8 runs to 8:39, where the KJV's ends at 8:38), the KJV's for a
 * book it lacks. A built-in translation reads references against the meta as it is.
 */
export function inOwnNumbering(meta: Meta, versionId: string): Meta {
  const translation = meta.imported?.get(versionId);
  if (!translation) return meta;
  let own = ownNumbering.get(translation);
  if (!own) {
    const kjv = meta.versification.chapterVerses;
    const lastVerses = translation.info.chapterLastVerses;
    const grid = kjv.map((chapters, b) => (lastVerses[b]?.some((n) => n > 0) ? lastVerses[b] : chapters));
    own = withChapterVerses(meta, grid);
    ownNumbering.set(translation, own);
  }
  return own;
}
