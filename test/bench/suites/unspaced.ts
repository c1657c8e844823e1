// Search in a script written without spaces, on the Chinese Union Version (the corpus's imports): the
// n-gram path against a plain scan of the same normalised verses in the same run, the first search's
// index build (normalising the text, word keys and n-grams), and the index's memory.
import { type MatchType, normalizeText } from '../../../engine/core/match.ts';
import type { NgramIndex } from '../../../engine/core/search/ngrams.ts';
import { findVerses, NormalizedVerses } from '../../../engine/core/search/searcher.ts';
import { translationSearchIndex } from '../../../engine/core/search/translation-index.ts';
import type { TranslationData } from '../../../engine/core/translation.ts';
import { textPack } from '../../search/coded-index.ts';
import { CUV_PATH, cuvVerses } from '../../search/unspaced-texts.ts';
import type { Harness } from '../harness.ts';

const GROUP = 'search (Chinese)';
const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;

export default async function unspaced(h: Harness): Promise<void> {
  const verses = cuvVerses();
  if (!verses) {
    h.note(`search (Chinese): skipped, ${CUV_PATH} is not there`);
    return;
  }
  const pack = textPack(
    verses,
    verses.map((_, i) => i).filter((i) => i % 400 === 0),
  );
  const rows = { size: verses.length, textAt: (i: number) => verses[i], versionId: 'cuv' };
  const text = rows as unknown as TranslationData;
  const fresh = () => {
    const normalized = new NormalizedVerses(rows);
    return { normalized, index: translationSearchIndex(pack as never, text, normalized) };
  };

  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage();
  const { normalized, index } = fresh();
  gc?.();
  const after = process.memoryUsage();
  const grams = index.unspaced as NgramIndex;
  const gramBytes = grams.grams.byteLength + grams.starts.byteLength + grams.rows.byteLength;
  const blobChars = normalized.whole().blob.length;
  h.note(
    `search (Chinese): CUV ${verses.length} verses, ${blobChars} normalised characters; n-gram index ${grams.grams.length} grams, ` +
      `${grams.rows.length} postings, ${mb(gramBytes)} of typed arrays; word keys ${index.postings.terms.length}; ` +
      `normalised text kept ${mb(blobChars * 2)}; heap + buffers ${gc ? '' : '(no --expose-gc) '}after the first search ` +
      `+${mb(after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers)}`,
  );
  h.add({
    group: GROUP,
    name: 'first search: CUV normalised, word keys and n-grams made',
    medianNs: h.measure(fresh, 2000),
  });

  const plain = verses.map(normalizeText);
  const plainScan = (q: string) => {
    const query = normalizeText(q);
    const found: number[] = [];
    for (let i = 0; i < plain.length; i++) if (plain[i].includes(query)) found.push(i);
    return found;
  };
  const queries: [string, MatchType, string][] = [
    ['神', 'exact', 'one letter, 3,000+ verses: its unigram list'],
    ['耶穌', 'exact', 'two letters: its bigram list'],
    ['神愛世人', 'exact', 'four letters: three bigrams intersected, then checked'],
    ['耶和華說', 'broad', 'a common phrase'],
    ['獨生子', 'broad', 'a rare phrase'],
  ];
  const all: [number, number] = [0, verses.length];
  for (const [query, matchType, what] of queries) {
    const ours = () => findVerses(normalized, index, { query, matchType, range: all }).length;
    const count = ours();
    if (count !== plainScan(query).length) throw new Error(`${query}: n-gram search and plain scan disagree`);
    h.add({
      group: GROUP,
      name: `${query} (${what}; ${count} verses)`,
      medianNs: h.measure(ours),
      peer: { name: 'plain scan of the normalised verses', medianNs: h.measure(() => plainScan(query)) },
    });
  }
}
