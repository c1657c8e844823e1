// The two indexes the search tests compare: the one the engine reads off a text pack's word codes
// (text-index.ts), made from a pack written for the given verses, and the plain definition, buildPostings
// over the normalised verses. Shared by the property test and the Unicode adversary.
import { wordCodedSections } from '../../compiler/pack/word-coding.ts';
import { sectionsOf, writePack } from '../../compiler/pack/writer.ts';
import { normalizeText } from '../../engine/core/match.ts';
import { declared, readPack } from '../read-pack.ts';
import { TEXT_PACK } from '../../engine/core/pack/schemas.ts';
import { readDictionary } from '../../engine/core/pack/word-coding.ts';
import { buildPostings, type PostingIndex, postingIndexOf } from '../../engine/core/search/postings.ts';
import { NormalizedVerses } from '../../engine/core/search/searcher.ts';
import { indexTranslation, searchEntrySections } from '../../engine/core/search/text-index.ts';
import type { TranslationData } from '../../engine/core/translation.ts';

/** A text pack for these verses, cut into blocks at the given verse counts. */
export function textPack(verses: string[], cuts: number[]) {
  const blockStarts = [0];
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) if (cut > 0 && cut < verses.length) blockStarts.push(cut);
  blockStarts.push(verses.length);
  const blocks = blockStarts.slice(0, -1).map((start, i) => verses.slice(start, blockStarts[i + 1]).join('\n'));
  const coded = wordCodedSections(blocks, { frontCoded: false });
  const sections = sectionsOf(TEXT_PACK, {
    info: { versionId: 'test', missing: [], extra: [], incomplete: [] },
    blockStarts: Uint32Array.from(blockStarts),
    ...coded,
    ...searchEntrySections(readDictionary(coded), verses),
  });
  return readPack('text-test', writePack(sections, declared('text-test', 'text')));
}

/** The index the engine reads off the word codes of a pack of these verses. */
export function codedIndex(verses: string[], cuts: number[]): PostingIndex {
  const rows = { size: verses.length, textAt: (i: number) => verses[i], versionId: 'test' };
  const text = rows as unknown as TranslationData;
  return indexTranslation(textPack(verses, cuts) as never, text, new NormalizedVerses(rows)).postings;
}

/** buildPostings over the normalised verses. */
export const plainIndex = (verses: string[]) => postingIndexOf(buildPostings(verses.map(normalizeText)), verses.length);

/** An index as { key: rows }, for comparing two. */
export const asObject = (index: PostingIndex) =>
  Object.fromEntries(index.terms.map((term, k) => [term, Array.from(index.list(k))]));
