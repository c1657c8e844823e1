// Text laid out as a Bible prints it: one model for the built-in translations and for imported ones.
//
// Two layers share these types:
// - `VerseMarkup` is what a source's markup adds to a verse's flat text (the string GetVerse answers).
//   Compilers and the importer write it beside the text pack; it stores offsets into the flat text and
//   only the words that are not in it (headings, notes, titles kept out of the verse), so the layout
//   costs a fraction of the text.
// - `Block` and `Inline` are what an answer carries (GetPassage with format=structured): blocks in
//   reading order, each holding inline verse markers, text runs and note markers.
//
// Formats it is designed for: USFM/USX (\s# \r \d \p \m \q# \f \x \wj \add \nd), OSIS (<title>, <p>,
// <lg>/<l level>, <note type>, <q who="Jesus">, <transChange>, <divineName>), USFX (the USFM markers as
// elements) and Zefania (<CAPTION>, <NOTE>, <STYLE>, <BR>).

/** A run of text with the same character styles. Concatenating a verse's runs gives its flat text. */
export interface TextRun {
  type: 'text';
  text: string;
  /** the words of Jesus, where the source marks them (never inferred) */
  wj?: true;
  /** words the translators added (KJV italics, OSIS transChange, USFM \add) */
  add?: true;
  /** the divine name (LORD in small capitals: OSIS divineName, USFM \nd) */
  nd?: true;
}

/** Where a verse begins, inside a block. `id` is the verse's own id (8 digits, in the translation's numbering). */
export interface VerseMarker {
  type: 'verse';
  /** the verse number as printed: "16" */
  number: string;
  id: string;
  /** the KJV verseId this verse maps to, where the translation has its own numbering */
  kjvId?: string;
}

export type NoteKind = 'footnote' | 'crossref' | 'variant' | 'study';

/** A translator's note or cross-reference note, placed where its marker stands. */
export interface NoteItem {
  type: 'note';
  kind: NoteKind;
  /** the marker the source prints ("a", "*", "+"), when it gives one */
  caller?: string;
  text: string;
  /** verseIds a cross-reference note points to, where they can be read */
  references?: string[];
}

export type Inline = TextRun | VerseMarker | NoteItem;

export type TitleKind = 'book' | 'psalm' | 'acrostic' | 'subscription' | 'chapter';

export interface HeadingBlock {
  type: 'heading';
  /** 1 is a main section heading; 2, 3 lesser ones (USFM \s1 \s2, OSIS title levels) */
  level: number;
  text: string;
  /** where the heading comes from: "source" when the translation's own file has it, else the dataset id
   *  ("bsb-pericopes" for the BSB headings put over the built-in texts) */
  source: string;
  /** parallel passages the source names under the heading (USFM \r), as references people read */
  references?: string[];
}

export interface TitleBlock {
  type: 'title';
  kind: TitleKind;
  content: Inline[];
}

export interface ParagraphBlock {
  type: 'paragraph';
  content: Inline[];
}

export interface PoetryBlock {
  type: 'poetry';
  /** indentation level, 1 and up (USFM \q1 \q2, OSIS <l level>) */
  level: number;
  content: Inline[];
}

/** A note that stands by itself (an end-of-chapter or end-of-book note, say), not inside a line of text. */
export interface NoteBlock extends Omit<NoteItem, 'type'> {
  type: 'note';
}

export type Block = HeadingBlock | TitleBlock | ParagraphBlock | PoetryBlock | NoteBlock;

/** What a source's markup adds to one verse's flat text. Offsets are UTF-16 positions in that text,
 *  0 <= at <= text.length; entries are sorted by position, and at one position in the order given. */
export interface VerseMarkup {
  /** a new block starts at `at` (a paragraph, a poetry line); a verse with none continues the block before it */
  breaks?: { at: number; block: 'paragraph' | 'poetry'; level?: number }[];
  /** blocks whose words are not in the flat text, placed before position `at`: headings, titles that a
   *  source keeps out of its verses, notes standing alone */
  blocks?: { at: number; block: HeadingBlock | TitleBlock | NoteBlock }[];
  /** notes whose marker stands at `at` inside the text */
  notes?: { at: number; note: NoteItem }[];
  /** character styles over [from, to); `title` marks words of the flat text that the structured form lays
   *  out as a title (a psalm title the source prints inside verse 1), with its kind */
  spans?: { from: number; to: number; style: 'wj' | 'add' | 'nd' | 'title'; kind?: TitleKind }[];
}

/** What structure a translation's source marks: GetVersions' `structure` field. */
export interface StructureSummary {
  headings: boolean;
  paragraphs: boolean;
  poetry: boolean;
  notes: boolean;
  titles: boolean;
  wordsOfJesus: boolean;
  added: boolean;
  divineName: boolean;
  /** where headings come from when the translation's file has none ("bsb-pericopes") */
  headingSource?: string;
}
