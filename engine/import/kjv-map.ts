// The map from an imported text's own verse numbers to the KJV grid. This is the one place the importer
// asks for it: the versification maps of ../shared/sources/versification (engine/import/versification.ts:
// detectVersification, mapToKjv) take its place here; until then a text is read in the KJV's numbering,
// each verse standing for the KJV verse of the same number, and a verse the KJV grid lacks maps to none.
import { composeVerseId } from '../core/ids.ts';

export const VERSIFICATIONS = ['auto', 'kjv', 'eng', 'org', 'lxx', 'vul', 'rsc', 'rso'] as const;
export type VersificationChoice = (typeof VERSIFICATIONS)[number];

export interface KjvMap {
  /** the versification the text's numbers follow, and why that one */
  name: string;
  reason: string;
  /** own verse id -> KJV verse id (0: none), for every own verse */
  kjvOf: Map<number, number>;
}

export function mapToKjvGrid(
  ownIds: readonly number[],
  asked: VersificationChoice,
  kjvChapterVerses: readonly (readonly number[])[],
  named?: string,
): KjvMap {
  const inGrid = (id: number) => {
    const book = Math.floor(id / 1_000_000);
    const chapter = Math.floor(id / 1000) % 1000;
    const verse = id % 1000;
    return (
      verse >= 1 &&
      verse <= (kjvChapterVerses[book - 1]?.[chapter - 1] ?? 0) &&
      composeVerseId(book, chapter, verse) === id
    );
  };
  const kjvOf = new Map(ownIds.map((id) => [id, inGrid(id) ? id : 0]));
  const reason =
    asked === 'auto'
      ? `read in the KJV's numbering: no other versification's map is in this build${named ? ` (the file names ${named})` : ''}`
      : asked === 'kjv'
        ? 'asked for with --versification kjv'
        : `asked for with --versification ${asked}; its map is not in this build, so verses keep the KJV verse of their number`;
  return { name: asked === 'auto' ? 'kjv' : asked, reason, kjvOf };
}
