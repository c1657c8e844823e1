// GetPassage format=structured on the real packs of the ten built-in translations: every verse once, in
// order, its runs (notes and titles aside) equal to its flat text; known cases of what each source marks;
// bad input; and the refusal, naming the pack, when a host leaves a structure pack out.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { open } from '../../engine/core/engine.ts';
import { DEFAULT_DATA_DIR, nativeInflate } from '../../engine/node/loader.ts';
import type { Block, Inline, TextRun, VerseMarkup } from '../../engine/core/structure/model.ts';
import { textOutsideTitles } from '../../engine/core/structure/reader.ts';
import { translationStructure } from '../../engine/core/structure/packs.ts';
import { STRUCTURE_PACK, TEXT_PACK } from '../../engine/core/pack/schemas.ts';
import { withSchema } from '../../engine/core/pack/schema.ts';
import { loadTranslation } from '../../engine/core/translation.ts';
import { bible, readLocalPack, refusalOf } from '../helpers.ts';

const b = await bible();
const VERSIONS = ['asv', 'bbe', 'dby', 'kjv', 'kjv1611', 'rv1909', 'svd', 'wbt', 'web', 'ylt'] as const;
await b.load(VERSIONS.flatMap((v) => [`text-${v}`, `structure-${v}`]).concat('headings'));

interface Row {
  id: string;
  v: string;
  t: string;
}
interface Passage {
  reference: string;
  verses: Row[];
  blocks?: Block[];
}

const structured = (reference: string, versionId: string): Passage[] =>
  b.callSync('GetPassage', { reference, versionId, format: 'structured' });

/** Every inline of the blocks in reading order, with the block it stands in. */
function* inlines(blocks: readonly Block[]): Generator<[Inline, Block]> {
  for (const block of blocks) if ('content' in block) for (const inline of block.content) yield [inline, block];
}

/** Each verse's text runs joined, by verse id, as a reader would print them. */
function runsByVerse(blocks: readonly Block[]): Map<string, string> {
  const texts = new Map<string, string>();
  let verse: string | undefined;
  for (const [inline, block] of inlines(blocks)) {
    if (inline.type === 'verse') {
      verse = inline.id;
      texts.set(verse, '');
    } else if (inline.type === 'text' && block.type !== 'title' && verse)
      texts.set(verse, texts.get(verse)! + inline.text);
  }
  return texts;
}

/** Each translation's text (for a verse's position in its list) and its structure pack, read directly. */
const direct = new Map(
  VERSIONS.map((v) => [
    v,
    {
      text: loadTranslation(withSchema(readLocalPack(TEXT_PACK.name(v)), TEXT_PACK), b.meta.versification),
      structure: translationStructure(withSchema(readLocalPack(STRUCTURE_PACK.name(v)), STRUCTURE_PACK)),
    },
  ]),
);
const markupOf = (versionId: (typeof VERSIONS)[number], id: number): VerseMarkup | undefined => {
  const { text, structure } = direct.get(versionId)!;
  return structure.markupAt(text.indexOf(id));
};

const chapters = b.meta.versification.chapterVerses;
const chapterArbitrary = fc
  .integer({ min: 0, max: 65 })
  .chain((book) => fc.tuple(fc.constant(book), fc.integer({ min: 0, max: chapters[book].length - 1 })));

describe('GetPassage format=structured: properties over all ten translations', () => {
  it('lays out every verse of a chapter or range exactly once, in order, with runs equal to its flat text', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...VERSIONS),
        chapterArbitrary,
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 200 }),
        (versionId, [book, chapter], a, z) => {
          const count = chapters[book][chapter];
          const [from, to] = [a % count, z % count].sort((x, y) => x - y).map((v) => v + 1);
          const name = b.meta.books[book].names.english;
          const whole = a % 3 === 0;
          const reference = whole ? `${name} ${chapter + 1}` : `${name} ${chapter + 1}:${from}-${to}`;
          const verseId = (v: number) => String((book + 1) * 1_000_000 + (chapter + 1) * 1000 + v).padStart(8, '0');
          const held = Array.from({ length: to - from + 1 }, (_, i) => verseId(from + i)).filter(
            (id) => (b.callSync('GetVerse', { verseId: id, versionId }) as unknown[]).length > 0,
          );
          if (!whole && held.length === 0) {
            // A range of verses the translation lacks (the ASV's Matt 17:21) is refused, never answered empty.
            expect(() => structured(reference, versionId)).toThrow(/does not have/);
            return;
          }
          const [passage] = structured(reference, versionId);
          const blocks = passage.blocks!;
          const markers = [...inlines(blocks)]
            .filter(([i]) => i.type === 'verse')
            .map(([i]) => (i as { id: string }).id);
          // Each verse once, in the order of the verse rows.
          expect(markers).toEqual(passage.verses.map((r) => r.id));
          const runs = runsByVerse(blocks);
          for (const row of passage.verses) {
            const markup = markupOf(versionId, Number(row.id));
            expect(runs.get(row.id)).toBe(textOutsideTitles(row.t, markup));
          }
          for (const [inline] of inlines(blocks)) if (inline.type === 'text') expect(inline.text).not.toBe('');
          for (const block of blocks) if ('content' in block) expect(block.content.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('answers the same verse rows as format=verses, which stays the default', () => {
    fc.assert(
      fc.property(fc.constantFrom(...VERSIONS), chapterArbitrary, (versionId, [book, chapter]) => {
        const reference = `${b.meta.books[book].names.english} ${chapter + 1}`;
        const plain: Passage[] = b.callSync('GetPassage', { reference, versionId });
        expect(plain[0].blocks).toBeUndefined();
        expect(structured(reference, versionId).map(({ blocks: _, ...p }) => p)).toEqual(plain);
      }),
      { numRuns: 40 },
    );
  });
});

const textOf = (block: Block) =>
  'content' in block
    ? block.content
        .filter((i): i is TextRun => i.type === 'text')
        .map((i) => i.text)
        .join('')
    : '';

describe('GetPassage format=structured: what the sources mark', () => {
  it('puts the KJV Psalm 3 title in a title block, out of verse 1, with the BSB heading over it', () => {
    const [{ blocks, verses }] = structured('Ps 3:1', 'kjv');
    expect(blocks![0]).toMatchObject({ type: 'heading', source: 'bsb-pericopes', level: 1 });
    expect(blocks![1]).toMatchObject({ type: 'title', kind: 'psalm' });
    expect(textOf(blocks![1])).toBe('A Psalm of David, when he fled from Absalom his son.');
    expect(verses[0].t.startsWith('A Psalm of David')).toBe(true); // the flat text is unchanged
    expect(runsByVerse(blocks!).get('19003001')).toBe(
      'LORD, how are they increased that trouble me! many are they that rise up against me.',
    );
  });

  it('marks John 3:16 as words of Jesus in the KJV and the WEB, and not in a source that does not mark them', () => {
    for (const versionId of ['kjv', 'web']) {
      const runs = [...inlines(structured('John 3:16', versionId)[0].blocks!)]
        .map(([i]) => i)
        .filter((i) => i.type === 'text');
      expect(runs.every((r) => (r as TextRun).wj)).toBe(true);
    }
    const asv = [...inlines(structured('John 3:16', 'asv')[0].blocks!)].map(([i]) => i);
    expect(asv.some((i) => i.type === 'text' && i.wj)).toBe(false);
  });

  it('lays out WEB Psalm 23 as poetry lines of levels 1 and 2', () => {
    const blocks = structured('Psalm 23', 'web')[0].blocks!;
    const poetry = blocks.filter((x) => x.type === 'poetry');
    expect(poetry.length).toBeGreaterThanOrEqual(12);
    expect(new Set(poetry.map((x) => (x as { level: number }).level))).toEqual(new Set([1, 2]));
    expect(blocks.find((x) => x.type === 'paragraph')).toBeUndefined();
    expect(textOf(poetry[0])).toBe('Yahweh is my shepherd: ');
  });

  it('places a WEB footnote at its marker, with its text', () => {
    const content = (
      structured('Gen 1:1', 'web')[0].blocks!.find((x) => x.type === 'paragraph') as { content: Inline[] }
    ).content;
    const at = content.findIndex((i) => i.type === 'note');
    expect(content[at]).toMatchObject({ type: 'note', kind: 'footnote' });
    expect((content[at] as { text: string }).text).toContain('Elohim');
    expect((content[at - 1] as TextRun).text).toBe('In the beginning, God');
  });

  it('opens a book with its title where the source has one, over the heading: Matthew in the WEB and the KJV', () => {
    const [p] = structured('Matt 1:1', 'web');
    expect(p.blocks![0]).toMatchObject({ type: 'title', kind: 'book' });
    expect(textOf(p.blocks![0])).toBe('The Good News According to Matthew');
    expect(p.blocks![1]).toMatchObject({ type: 'heading', source: 'bsb-pericopes' });
    // The OSIS modules print theirs in the book's intro entry (`<title type="main">`).
    const [kjv] = structured('Matt 1:1', 'kjv');
    expect(kjv.blocks![0]).toMatchObject({ type: 'title', kind: 'book' });
    expect(textOf(kjv.blocks![0])).toBe('THE GOSPEL ACCORDING TO ST. MATTHEW');
    expect(textOf(structured('Gen 1:1', 'rv1909')[0].blocks![0])).toBe('Génesis');
    // A chapter after the first has no book title.
    expect(structured('Matt 2:1', 'web')[0].blocks!.some((x) => x.type === 'title')).toBe(false);
  });

  it('puts the BSB headings over Matthew 5 and Genesis 1:1 in every translation', () => {
    for (const versionId of VERSIONS) {
      const matthew = structured('Matthew 5', versionId)[0].blocks!.filter((x) => x.type === 'heading');
      expect(matthew.map((h) => (h as { text: string }).text)).toContain('The Sermon on the Mount');
      expect(matthew.every((h) => (h as { source: string }).source === 'bsb-pericopes')).toBe(true);
      // The book's title, where the source has one, stands over the heading.
      const [first] = structured('Gen 1:1', versionId)[0].blocks!.filter(
        (x) => x.type !== 'title' || x.kind !== 'book',
      );
      expect(first).toEqual({
        type: 'heading',
        level: 1,
        text: 'The Creation',
        source: 'bsb-pericopes',
        references: ['John 1:1-5', 'Hebrews 11:1-3'],
      });
    }
  });

  it('keeps a KJV acrostic letter and a Pauline colophon as titles whose words are not in the verse', () => {
    const psalm = structured('Ps 119:1', 'kjv')[0];
    expect(psalm.blocks!.find((x) => x.type === 'title')).toMatchObject({ kind: 'acrostic' });
    expect(psalm.verses[0].t.startsWith('Blessed')).toBe(true);
    const romans = structured('Rom 16:27', 'kjv')[0].blocks!;
    expect(romans[romans.length - 1]).toMatchObject({ type: 'title', kind: 'subscription' });
    expect(textOf(romans[romans.length - 1])).toMatch(/^Written to the Romans/);
  });

  it('cuts blocks at the range: a range starting inside a WEB poem opens in a poetry line', () => {
    const blocks = structured('Ps 23:2', 'web')[0].blocks!;
    expect(blocks[0]).toMatchObject({ type: 'poetry', level: 1 });
  });

  it('crosses chapters and keeps the list order of "Rom 8:28-30; Jn 3:16"', () => {
    const answer = structured('Rom 8:28-30; Jn 3:16', 'kjv');
    expect(answer.map((p) => [...inlines(p.blocks!)].filter(([i]) => i.type === 'verse').length)).toEqual([3, 1]);
    const across = structured('John 3:35-4:2', 'web')[0];
    expect([...inlines(across.blocks!)].filter(([i]) => i.type === 'verse').length).toBe(across.verses.length);
  });
});

describe('GetVersions structure', () => {
  it('says what each translation marks, with the BSB headings for all', async () => {
    const versions: { versionCode: string; structure: Record<string, unknown> }[] = await b.GetVersions();
    const of = (code: string) => versions.find((v) => v.versionCode === code)!.structure;
    for (const v of versions) expect(v.structure).toMatchObject({ headings: true, headingSource: 'bsb-pericopes' });
    expect(of('kjv')).toMatchObject({ wordsOfJesus: true, titles: true, added: true, divineName: true, notes: true });
    expect(of('web')).toMatchObject({ wordsOfJesus: true, poetry: true, notes: true, titles: true });
    expect(of('svd')).toMatchObject({ wordsOfJesus: false, paragraphs: false, poetry: false, notes: false });
  });
});

describe('GetPassage format: bad input and absent packs', () => {
  it('refuses a format it does not know, naming the parameter', async () => {
    for (const format of ['html', 'STRUCTURE', 'verse']) {
      const error = await refusalOf('GetPassage', { reference: 'John 3:16', versionId: 'kjv', format });
      expect([error.code, error.param]).toEqual(['INVALID_PARAMETER', 'format']);
    }
  });

  it('says NOT_AVAILABLE, naming the pack, when the host leaves the structure pack out', async () => {
    const read = (name: string) => readFile(join(DEFAULT_DATA_DIR, `${name}.pack`)).then((x) => new Uint8Array(x));
    const loader = Object.assign(read, { listPacks: async () => ['meta', 'text-kjv'] });
    const lean = await open({ loader, inflate: nativeInflate });
    await expect(
      lean.call('GetPassage', { reference: 'John 3:16', versionId: 'kjv', format: 'structured' }),
    ).rejects.toMatchObject({
      code: 'NOT_AVAILABLE',
      param: 'format',
      message: expect.stringContaining("'structure-kjv'"),
    });
    // format=verses needs only the text.
    expect(await lean.call('GetPassage', { reference: 'John 3:16', versionId: 'kjv' })).toHaveLength(1);
  });
});
