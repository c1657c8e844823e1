// The map from an imported text's own verse numbers to the KJV grid: the versification it follows (asked
// for, or found from its chapter and verse counts and verse lengths), then each own verse's KJV verses
// through that scheme's map (engine/import/versification.ts, data from the versification pack).
import type { ImportedVerse } from './types.ts';
import {
  detectVersification,
  type KjvMapping,
  mapToKjv,
  referenceOf,
  SCHEME_NAMES,
  type SchemeName,
  type VersificationMaps,
} from './versification.ts';

export const VERSIFICATIONS = ['auto', 'kjv', 'eng', 'org', 'lxx', 'vul', 'rsc', 'rso'] as const;
export type VersificationChoice = (typeof VERSIFICATIONS)[number];

export interface KjvMap {
  /** the versification the text's numbers follow ('custom' where chapters follow other schemes or verses
   *  map to none), and why that one */
  name: string;
  reason: string;
  mapping: KjvMapping;
}

/** Why some chapters follow another scheme than the text's, in a few words. */
function customNote(mapping: KjvMapping): string {
  const chapters = Object.entries(mapping.chapterSchemes);
  const parts: string[] = [];
  if (chapters.length)
    parts.push(
      `${chapters.length} chapter${chapters.length > 1 ? 's' : ''} follow${chapters.length > 1 ? '' : 's'} another scheme (${chapters
        .slice(0, 4)
        .map(([id, name]) => `${referenceOf(Number(id))}: ${name}`)
        .join(', ')}${chapters.length > 4 ? ', …' : ''})`,
    );
  if (mapping.unmapped.length) parts.push(`${mapping.unmapped.length} verses map to no KJV verse`);
  return parts.length ? ` Its own mapping is built from ${mapping.basedOn}: ${parts.join('; ')}.` : '';
}

export function mapToKjvGrid(
  verses: readonly ImportedVerse[],
  asked: VersificationChoice,
  maps: VersificationMaps,
  named?: string,
): KjvMap {
  let scheme: SchemeName;
  let reason: string;
  if (asked === 'auto') {
    const detection = detectVersification(verses, maps);
    scheme = detection.scheme;
    reason = `found from the text: ${detection.why}`;
  } else {
    if (!(SCHEME_NAMES as readonly string[]).includes(asked) || !(asked in maps.schemes))
      throw new Error(`--versification ${asked}: the versification pack has no such scheme`);
    scheme = asked;
    reason = `asked for with --versification ${asked}.`;
  }
  if (named) reason += ` (The file names its versification ${JSON.stringify(named.slice(0, 60))}.)`;
  const mapping = mapToKjv(verses, scheme, maps);
  reason += customNote(mapping);
  return { name: mapping.scheme, reason, mapping };
}
