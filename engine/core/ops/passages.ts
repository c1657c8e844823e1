// Passages: the verses of any reference or list of references people write ("Rom 8:28-30; Jn 3:16",
// "John 3:35-4:2", "Ps 23", "43003016"), read by the grammar GetParseCitation and GetCitationsInText use.
import { asciiForms } from '../ascii-forms.ts';
import { type ListedReference, readReferenceList } from '../citations/find.ts';
import type { Passage } from '../citations/grammar.ts';
import { invalid, notAvailable } from '../errors.ts';
import { inOwnNumbering } from '../imported.ts';
import { bookOf, chapterOf, composeVerseId, padBookId, padChapterOrVerse, padVerseId, verseOf } from '../ids.ts';
import { type Meta, withChapterVerses } from '../meta.ts';
import { COMMON_PARAMS, defineOperation, textPack, type VerseRow } from '../operation.ts';
import { VERSE } from '../records.ts';
import { arrayOf, json, type JsonValue, object, optional, string } from '../shape.ts';
import type { TranslationData } from '../translation.ts';
import { HEADINGS_PACK, STRUCTURE_PACK } from '../pack/schemas.ts';
import { headingsOf, type TranslationStructure, translationStructure } from '../structure/packs.ts';
import { blockInForce, layOut, type MarkedVerse } from '../structure/reader.ts';
import type { Block } from '../structure/model.ts';
import { withNoteReferences } from '../structure/note-references.ts';
import type { Context } from '../operation.ts';

/** The most verses one GetPassage answers: a longer reference is refused, never cut. */
export const MAX_PASSAGE_VERSES = 500;

/** The longest reference text GetPassage reads. */
const MAX_REFERENCE_TEXT = 1000;

/**
 * The passages of a list of references, in order and with repeats: each reference's inclusive verse
 * ranges, a range written across books ("Genesis 50:26-Exodus 1:1", which the grammar gives book by book)
 * joined back into one.
 */
function passagesOf(references: readonly ListedReference[]): Passage[] {
  const passages: Passage[] = [];
  for (const reference of references) {
    const first = passages.length;
    for (const p of reference.passages) {
      const previous = passages[passages.length - 1];
      // Within one reference another book comes only from a range written across books.
      if (passages.length > first && bookOf(p.from) !== bookOf(previous.to)) previous.to = p.to;
      else passages.push({ from: p.from, to: p.to });
    }
  }
  return passages;
}

/** The KJV's last verse of a chapter. */
const lastVerseOf = (meta: Meta, book: number, chapter: number) =>
  meta.versification.chapterVerses[book - 1][chapter - 1];

/** Whether a passage is whole chapters: from a chapter's first verse to a chapter's last. */
const isWholeChapters = (meta: Meta, p: Passage) =>
  verseOf(p.from) === 1 && verseOf(p.to) === lastVerseOf(meta, bookOf(p.to), chapterOf(p.to));

/**
 * A passage as a reference GetPassage reads back to it: "John 3:16", "John 3:16-18", "Psalms 23",
 * "John 3:35-4:2", "Matthew 5-7", "Genesis 50:26-Exodus 1:1".
 */
export function formatPassage(meta: Meta, p: Passage): string {
  const [b1, c1, v1] = [bookOf(p.from), chapterOf(p.from), verseOf(p.from)];
  const [b2, c2, v2] = [bookOf(p.to), chapterOf(p.to), verseOf(p.to)];
  const name = (book: number) => meta.books[book - 1].names.english;
  const whole = isWholeChapters(meta, p);
  if (b1 !== b2)
    return whole ? `${name(b1)} ${c1}-${name(b2)} ${c2}` : `${name(b1)} ${c1}:${v1}-${name(b2)} ${c2}:${v2}`;
  if (c1 !== c2) return whole ? `${name(b1)} ${c1}-${c2}` : `${name(b1)} ${c1}:${v1}-${c2}:${v2}`;
  if (whole) return `${name(b1)} ${c1}`;
  return v1 === v2 ? `${name(b1)} ${c1}:${v1}` : `${name(b1)} ${c1}:${v1}-${v2}`;
}

/**
 * [first, end) positions of a passage's verses in a translation: those whose ids lie between its ends.
 * Whole chapters take the translation's own verses past the KJV's end of the last one too (the WEB's
 * Romans 14:24-26), as GetChapter does.
 */
function positionsOf(meta: Meta, text: TranslationData, p: Passage): [number, number] {
  const end = isWholeChapters(meta, p) ? composeVerseId(bookOf(p.to), chapterOf(p.to) + 1, 0) : p.to + 1;
  return [text.firstAtOrAfter(p.from), text.firstAtOrAfter(end)];
}

const widenedMetas = new WeakMap<TranslationData, Meta>();

/**
 * The meta a reference to a translation is read against: an imported translation's own numbers; for a
 * built-in one the KJV grid, widened where the translation has verses past a chapter's KJV end (the WEB's
 * Romans 14:24-26, which "Romans 14" and GetChapter give), so a reference reaches every verse it shows.
 */
function referenceMeta(meta: Meta, versionId: string, text: TranslationData): Meta {
  if (meta.imported?.has(versionId)) return inOwnNumbering(meta, versionId);
  let widened = widenedMetas.get(text);
  if (!widened) {
    let wider = false;
    const grid = meta.versification.chapterVerses.map((chapters, b) =>
      chapters.map((kjvLast, c) => {
        const [first, end] = text.chapterRange(b + 1, c + 1);
        const own = end > first ? verseOf(text.ids[end - 1]) : 0;
        if (own <= kjvLast) return kjvLast;
        wider = true;
        return own;
      }),
    );
    widened = wider ? withChapterVerses(meta, grid) : meta;
    widenedMetas.set(text, widened);
  }
  return widened;
}

/** The packs format=structured reads, refused by name when the host leaves the translation's out. */
function structurePacks(versionId: string, meta: Meta, has: (pack: string) => boolean): string[] {
  // An imported translation carries its own file's headings; the shared ones, keyed by KJV verse ids,
  // are not put over its own numbers.
  const names = meta.imported?.has(versionId)
    ? [STRUCTURE_PACK.name(versionId)]
    : [STRUCTURE_PACK.name(versionId), HEADINGS_PACK.name];
  const missing = names.filter((name) => !has(name));
  if (missing.length)
    throw notAvailable(
      `format=structured needs the pack${missing.length > 1 ? 's' : ''} ${missing.map((n) => `'${n}'`).join(' and ')}, which this build leaves out; ask for format=verses`,
      'format',
    );
  return names;
}

/** The markup of the verses before a position, nearest first, within its chapter. */
function* markupBefore(text: TranslationData, structure: TranslationStructure, position: number) {
  const chapter = Math.floor(Number(text.rowAt(position).id) / 1000);
  for (let k = position - 1; k >= 0 && Math.floor(Number(text.rowAt(k).id) / 1000) === chapter; k--)
    yield structure.markupAt(k);
}

/** A passage's verses [first, end) laid out as blocks, with the headings over them. */
function structuredBlocks(
  ctx: Context,
  versionId: string,
  text: TranslationData,
  first: number,
  end: number,
  from: number,
): Block[] {
  const structure = translationStructure(ctx.pack(STRUCTURE_PACK, versionId));
  const headings = ctx.meta.imported?.has(versionId) ? undefined : headingsOf(ctx.pack(HEADINGS_PACK));
  const verses: MarkedVerse[] = [];
  let previousId = from - 1;
  for (let k = first; k < end; k++) {
    const row = text.rowAt(k);
    const id = Number(row.id);
    const over = headings?.between(previousId, id) ?? [];
    // One shape for every verse (no spread of optional fields): this loop runs for every verse of an answer.
    verses.push({
      id,
      paddedId: row.id,
      number: row.v,
      text: row.t,
      steps: structure.stepsAt(k, row),
      headings: over.length ? over : undefined,
    });
    previousId = id;
  }
  const { summary } = structure.info;
  const opening = first < end ? blockInForce(markupBefore(text, structure, first)) : undefined;
  return withNoteReferences(
    ctx.meta,
    layOut(verses, { ...(opening && { opening }), versePerParagraph: !summary.paragraphs && !summary.poetry }),
  );
}

export const passageOperations = [
  defineOperation({
    name: 'GetPassage',
    family: 'parsing',
    summary: `The verses of any reference or list of references, in the order written, repeats kept: [{reference, bookId, endBookId?, chapterId?, from, to, verses: [{id, b, c, v, t}]}], one entry per passage (an inclusive range: "John 3:16, 18" is two, "John 3:35-4:2" one). reference names the passage in English as GetPassage reads it back ("Psalms 23", "John 3:35-4:2"); bookId is its first book, endBookId its last when it crosses books, chapterId its chapter when it lies in one; from and to are its first and last verseIds. Verses the translation lacks are left out, and a passage none of whose verses it has is refused; more than ${MAX_PASSAGE_VERSES} verses in one call are refused.`,
    params: [
      {
        name: 'reference',
        type: 'text',
        required: true,
        maxLength: MAX_REFERENCE_TEXT,
        description:
          'references as people write them, apart by ";" or ",": "Rom 8:28-30; Jn 3:16", "John 3:35-4:2", "Ps 23", "Jude 3", OSIS "John.3.16", 8-digit verseIds (43003016) and 5-digit bookAndChapterIds (43003)',
      },
      COMMON_PARAMS.versionId,
      {
        name: 'format',
        type: 'choice',
        values: ['verses', 'structured'],
        default: 'verses',
        description:
          "verses (the default): each passage's verse rows; structured: each passage also carries blocks, the text laid out as printed (headings, titles, paragraphs, poetry lines, notes, the words of Jesus; docs/structure.md)",
      },
    ],
    result: arrayOf(
      object(
        {},
        {
          reference: string,
          bookId: string,
          endBookId: optional(string),
          chapterId: optional(string),
          from: string,
          to: string,
          verses: arrayOf(VERSE),
          blocks: optional(arrayOf(json)),
        },
      ),
    ),
    packs: (p, meta, has) => [
      textPack(p.versionId),
      ...(p.format === 'structured' ? structurePacks(p.versionId, meta, has) : []),
    ],
    run(ctx, p) {
      const text = ctx.translation(p.versionId);
      const written = asciiForms(p.reference as string);
      // An imported translation's references name its own verses ("Mark 8:39" of a Vulgate-numbered text).
      const meta = referenceMeta(ctx.meta, p.versionId, text);
      const passages = passagesOf(readReferenceList(meta, written, 'reference', (id) => text.indexOf(id) >= 0));
      // Counted before any verse is built: a long reference costs binary searches, not rows.
      const ranges = passages.map((passage) => positionsOf(meta, text, passage));
      const missing = ranges.findIndex(([first, end]) => first === end);
      if (missing >= 0) {
        const name = ctx.meta.versionById.get(p.versionId)?.abbreviation ?? p.versionId;
        throw invalid(
          'reference',
          `reference: the ${name} does not have ${formatPassage(meta, passages[missing])} (a verse its text leaves out or numbers otherwise)`,
        );
      }
      const count = ranges.reduce((n, [first, end]) => n + end - first, 0);
      if (count > MAX_PASSAGE_VERSES)
        throw invalid(
          'reference',
          `reference: names ${count} verses in ${p.versionId}; GetPassage answers at most ${MAX_PASSAGE_VERSES} verses per call (ask for the passages in several calls)`,
        );
      return passages.map((passage, i) => {
        const [first, end] = ranges[i];
        const verses = new Array<VerseRow>(end - first);
        for (let k = first; k < end; k++) verses[k - first] = text.rowAt(k);
        const book = bookOf(passage.from);
        const endBook = bookOf(passage.to);
        const chapter = chapterOf(passage.from);
        return {
          reference: formatPassage(meta, passage),
          bookId: padBookId(book),
          ...(endBook !== book && { endBookId: padBookId(endBook) }),
          ...(endBook === book && chapterOf(passage.to) === chapter && { chapterId: padChapterOrVerse(chapter) }),
          from: padVerseId(passage.from),
          to: padVerseId(passage.to),
          verses,
          ...(p.format === 'structured' && {
            // Blocks are plain JSON (model.ts); the result shape checks them as JSON.
            blocks: structuredBlocks(ctx, p.versionId, text, first, end, passage.from) as unknown as JsonValue[],
          }),
        };
      });
    },
  }),
] as const;
