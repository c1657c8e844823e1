// How GetCitationsInText does on real prose: hits in Gill's commentary, Easton's and Smith's dictionaries,
// the extra-biblical books and the KJV's own text, and a seeded random sample of 200 hits from the first
// three with their context, for checking by hand (docs/citations.md records the verdicts).
//   npx tsx test/citations/evidence.ts [sample-size]
import { findCitations, type CitationHit } from '../../engine/core/citations/find.ts';
import { seededRandom } from '../../engine/core/random.ts';
import { openNode } from '../../engine/node/loader.ts';
import { packTexts } from './corpus-texts.ts';

const bible = await openNode();
async function kjvTexts(): Promise<string[]> {
  const out: string[] = [];
  for (const book of bible.meta.books) {
    for (let c = 1; c <= bible.meta.versification.chapterVerses[book.number - 1].length; c++) {
      for (const row of await bible.GetChapter({ bookId: book.number, chapterId: c })) out.push(row.t);
    }
  }
  return out;
}

async function extraBiblicalTexts(): Promise<string[]> {
  const out: string[] = [];
  for (const book of await bible.GetBooksExtraBiblical()) {
    const { chapterCount } = await bible.GetChapterCountExtraBiblical({ bookId: Number(book.id) });
    for (let c = 0; c <= chapterCount + 1; c++) {
      const rows = (await bible
        .call('GetChapterExtraBiblical', { bookId: book.id, chapterId: String(c) })
        .catch(() => [])) as { t: string }[];
      for (const row of rows) out.push(row.t);
    }
  }
  return out;
}

interface Found {
  source: string;
  text: string;
  hit: CitationHit;
}

const sources: [string, string[]][] = [
  ['Gill', packTexts('commentary-gill')],
  ["Easton's", packTexts('dictionary-eastons')],
  ["Smith's", packTexts('dictionary-smiths')],
  ['extra-biblical books', await extraBiblicalTexts()],
  ['KJV text', await kjvTexts()],
];

const found: Found[] = [];
for (const [source, texts] of sources) {
  let hits = 0;
  let chars = 0;
  const t0 = performance.now();
  for (const text of texts) {
    chars += text.length;
    for (const hit of findCitations(bible.meta, text)) {
      hits++;
      if (source !== 'extra-biblical books' && source !== 'KJV text') found.push({ source, text, hit });
      else
        console.log(
          `  ${source}: ${JSON.stringify(text.slice(Math.max(0, hit.start - 50), hit.end + 30))} -> ${hit.match}`,
        );
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `${source}: ${texts.length} texts, ${(chars / 1e6).toFixed(1)} M characters, ${hits} hits, ${(chars / 1e6 / seconds).toFixed(1)} M characters/s`,
  );
}

const size = Number(process.argv[2] ?? 200);
const random = seededRandom(2026);
const sample: Found[] = [];
const pool = [...found];
while (sample.length < size && pool.length) sample.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
sample.forEach(({ source, text, hit }, i) => {
  const context = text.slice(Math.max(0, hit.start - 40), Math.min(text.length, hit.end + 25)).replace(/\s+/g, ' ');
  console.log(
    `${String(i + 1).padStart(3)} ${source.padEnd(8)} ${hit.match.padEnd(28)} ${hit.passages.map((p) => (p.from === p.to ? p.from : `${p.from}-${p.to}`)).join(' ')}  | ${context}`,
  );
});
