// The topics builder on a tiny Nave's: citations per topic from whole subjects, sub-entries and the CCEL text.
import { afterAll, describe, expect, it } from 'vitest';
import { BOOKS } from '../../sources/books.ts';
import { TOPIC_SOURCES } from '../../sources/topics.ts';
import { fixtureContext, removeFixtures } from '../../test/compiler/fixture-context.ts';
import { topicsBuilder } from './topics.ts';

afterAll(removeFixtures);

// The English names are read for all 66 books; only Genesis and Matthew are cited here.
const NAMES: Record<number, string> = { 1: 'Genesis', 40: 'Matthew' };
const SCROLLMAPPER = {
  'names-scrollmapper/key_english.csv': `"field","field","field","field"\n${BOOKS.map(
    (b) => `"${b.number}","${NAMES[b.number] ?? `Book ${b.number}`}","${b.testament}","1"`,
  ).join('\n')}\n`,
  'names-scrollmapper/key_genre_english.csv': '"field","field"\n"1","Law"\n',
  'names-scrollmapper/key_abbreviations_english.csv': '"field","field","field","field"\n"1","Gen","1","1"\n',
};

// Subject -> entry cell. ANGER and GOD are written out; every other subject the topic list names gets one
// Genesis 1:1 line (and a line for each sub-entry the list names).
const SPECIAL: Record<string, string[]> = {
  ANGER: [
    '-Of Cain GEN 1:2,3; 2:1-2',
    '     -Nested MAT 1:1-3',
    '-Whole chapter GEN 2',
    '-Again GEN 1:2,3',
    '-Across chapters GEN 1:3-2:1; with 2:2; MAT 1:1,3',
    '-Outside the KJV GEN 50:1; GEN 1:9',
  ],
  GOD: ['-Mercy of GEN 1:3', '     -Nested under mercy MAT 1:2', '-Providence of GEN 1:1', '-Guide GEN 1:1'],
  // Cut short in the CSV, so read from the CCEL text instead.
  'JESUS, THE CHRIST': ['-History of MAT 1:3'],
};

function navesCsv(special = SPECIAL): string {
  const subs = new Map<string, string[]>();
  for (const heading of TOPIC_SOURCES.flatMap((t) => t.headings)) {
    const [subject, sub] = heading.split(' > ');
    const lines = subs.get(subject) ?? subs.set(subject, []).get(subject)!;
    lines.push(sub ? `-${sub} GEN 1:1` : '-In general GEN 1:1');
  }
  const cell = (lines: string[]) => `"${lines.join('\n').replaceAll('"', '""')}"`;
  const rows = [...subs].map(([subject, lines]) => `${subject[0]},"${subject}",${cell(special[subject] ?? lines)}`);
  return `\ufeffsection,subject,entry\n${rows.join('\n')}\n`;
}

const NAVES_TEXT = [
  'J',
  '   JESUS, THE CHRIST',
  '          -HISTORY OF',
  '',
  '          .Genealogy of Mt 1:1-3',
  '          -SECOND COMING OF',
  '          .Foretold Mt 1:2;',
  '          Ge 1:1',
  '   JEWS',
  '          -Other Ge 2:1',
  '',
].join('\n');

describe('topicsBuilder', () => {
  const { ctx, logs } = fixtureContext({
    files: { ...SCROLLMAPPER, 'naves-csv': navesCsv(), 'naves-text': NAVES_TEXT },
    // Genesis 1 has 3 verses and Genesis 2 has 2; Matthew 1 has 3.
    chapters: { 1: [3, 2], 40: [3] },
  });
  const packs = topicsBuilder.build(ctx);

  it('builds the topics pack from both copies of Nave’s', () => {
    expect(packs.map((p) => [p.name, p.datasets])).toEqual([['topics', ['naves-csv', 'naves-text']]]);
  });

  it('gives every topic its citations as printed, each once, in canonical order (shorter first on a tie)', () => {
    const citations: Record<string, (string | number)[][]> = {
      anger: [
        ['Genesis 1:2-3', 1001002, 1001003],
        ['Genesis 1:3-2:1', 1001003, 1002001],
        ['Genesis 2:1-2', 1002001, 1002002],
        ['Genesis 2', 1002001, 1002002],
        // "with 2:2" names no book: it continues Genesis.
        ['Genesis 2:2', 1002002],
        ['Matthew 1:1, 3', 40001001, 40001003],
        ['Matthew 1:1-3', 40001001, 40001002, 40001003],
      ],
      // Only the MERCY OF line and what is nested under it.
      compassion: [
        ['Genesis 1:3', 1001003],
        ['Matthew 1:2', 40001002],
      ],
      // From the CCEL text, whose continuation line carries the Genesis reference.
      'second coming': [
        ['Genesis 1:1', 1001001],
        ['Matthew 1:2', 40001002],
      ],
    };
    expect(packs[0].sections).toEqual({
      topics: {
        kind: 'json',
        data: TOPIC_SOURCES.map((s) => ({
          topic: s.topic,
          match: s.match,
          headings: s.headings,
          citations: citations[s.topic] ?? [['Genesis 1:1', 1001001]],
        })),
      },
    });
  });

  it('logs the topic count, the references dropped as outside the KJV and the subject read from the text', () => {
    expect(logs).toEqual([
      "  97 topics; 2 Nave's references outside the KJV dropped; JESUS, THE CHRIST read from the CCEL text",
    ]);
  });

  it('names a topic that ends up with no verses', () => {
    const bare = navesCsv({ ...SPECIAL, ADULTERY: ['-In general GEN 50:1'] });
    const { ctx: empty } = fixtureContext({
      files: { ...SCROLLMAPPER, 'naves-csv': bare, 'naves-text': NAVES_TEXT },
      chapters: { 1: [3, 2], 40: [3] },
    });
    expect(() => topicsBuilder.build(empty)).toThrow('topic adultery has no verses from ADULTERY');
  });
});
