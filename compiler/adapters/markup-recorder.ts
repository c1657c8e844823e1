// Markup as a flattening filter meets it, turned into offsets in the verse's flat text.
//
// Filters build the flat text from pieces and then tidy it (whitespace collapsed, pilcrows and gap
// placeholders dropped, the ends trimmed), so a position in the pieces is not a position in the text.
// Only whitespace changes in tidying: the non-space characters of the pieces are those of the text, in
// order. So an event is recorded as the number of non-space characters before it, and placed in the text
// either before the next non-space character (where a span, a paragraph or a block starts) or just after
// the last one (where a span ends or a note's marker stands).
import type {
  HeadingBlock,
  NoteBlock,
  NoteItem,
  TitleBlock,
  TitleKind,
  VerseMarkup,
} from '../../engine/core/structure/model.ts';
import type { VerseRecord } from './types.ts';

/** Characters that tidying removes or turns into spaces: they are not counted. */
const NOT_COUNTED = /[\s¶⌃\u0001\u0002]/u;

type Style = 'wj' | 'add' | 'nd' | 'title';

type MarkEvent =
  | { type: 'open'; count: number; style: Style; kind?: TitleKind }
  | { type: 'close'; count: number; style: Style }
  | { type: 'break'; count: number; block: 'paragraph' | 'poetry'; level?: number }
  | { type: 'note'; count: number; note: NoteItem }
  | { type: 'block'; count: number; side: 'next' | 'previous'; block: HeadingBlock | TitleBlock | NoteBlock };

/** Records a verse's markup while its filter writes the pieces of its text. */
export interface MarkupRecorder {
  /** counts the non-space characters of a piece of verse text as it is written */
  text(piece: string): void;
  open(style: Style, kind?: TitleKind): void;
  close(style: Style): void;
  /** a paragraph or poetry line starts at the next word */
  paragraph(block: 'paragraph' | 'poetry', level?: number): void;
  /** a note whose marker stands after the last word written, or after the first `count` counted
   *  characters (a note the source writes after the words it is on) */
  note(note: NoteItem, count?: number): void;
  /** the counted characters written so far */
  counted(): number;
  /** a block whose words are not in the text: before the next word, or after the last one */
  block(block: HeadingBlock | TitleBlock | NoteBlock, side?: 'next' | 'previous'): void;
  /** forgets the first `count` counted characters, words a later step strips from the text's start, and
   *  puts `block` (those words laid out apart) before the text */
  dropLeading(count: number, block: TitleBlock): void;
  /** the markup as offsets into `flat`, the filter's tidied text; throws when the two disagree */
  resolve(flat: string, where: string): VerseMarkup | undefined;
}

export function countedLength(text: string): number {
  let n = 0;
  for (const ch of text) if (!NOT_COUNTED.test(ch)) n++;
  return n;
}

export function markupRecorder(): MarkupRecorder {
  const events: MarkEvent[] = [];
  let count = 0;
  let dropped = 0;
  return {
    text(piece) {
      count += countedLength(piece);
    },
    open: (style, kind) => events.push({ type: 'open', count, style, ...(kind && { kind }) }),
    close: (style) => events.push({ type: 'close', count, style }),
    paragraph: (block, level) => events.push({ type: 'break', count, block, ...(level !== undefined && { level }) }),
    note: (note, at = count) => events.push({ type: 'note', count: at, note }),
    counted: () => count,
    block: (block, side = 'next') => events.push({ type: 'block', count, side, block }),
    dropLeading(n, block) {
      dropped += n;
      events.unshift({ type: 'block', count: 0, side: 'next', block });
    },
    resolve(flat, where) {
      const starts: number[] = [];
      for (let i = 0; i < flat.length; i++) if (!NOT_COUNTED.test(flat[i])) starts.push(i);
      // A character outside the BMP is two code units: count it once, as the pieces did.
      const positions = starts.filter((i) => !(i > 0 && isLowSurrogate(flat, i)));
      if (positions.length !== count - dropped)
        throw new Error(
          `${where}: markup counted ${count - dropped} characters, the flat text has ${positions.length}`,
        );
      const before = (n: number) => {
        const k = n - dropped;
        return k <= 0 ? 0 : k >= positions.length ? flat.length : positions[k];
      };
      const after = (n: number) => {
        const k = n - dropped;
        if (k <= 0) return 0;
        const last = positions[Math.min(k, positions.length) - 1];
        return last + (isHighSurrogate(flat, last) ? 2 : 1);
      };
      return markupOf(events, before, after, flat.length);
    },
  };
}

const isHighSurrogate = (s: string, i: number) => s.charCodeAt(i) >= 0xd800 && s.charCodeAt(i) <= 0xdbff;
const isLowSurrogate = (s: string, i: number) => s.charCodeAt(i) >= 0xdc00 && s.charCodeAt(i) <= 0xdfff;

function markupOf(
  events: readonly MarkEvent[],
  before: (count: number) => number,
  after: (count: number) => number,
  length: number,
): VerseMarkup | undefined {
  const markup: Required<VerseMarkup> = { breaks: [], blocks: [], notes: [], spans: [] };
  const open = new Map<Style, { from: number; kind?: TitleKind }[]>();
  const closeSpan = (style: Style, to: number) => {
    const stack = open.get(style);
    const start = stack?.pop();
    if (!start || to <= start.from) return;
    markup.spans.push({ from: start.from, to, style, ...(start.kind && { kind: start.kind }) });
  };
  for (const e of events) {
    if (e.type === 'open') {
      const stack = open.get(e.style) ?? [];
      stack.push({ from: before(e.count), ...(e.kind && { kind: e.kind }) });
      open.set(e.style, stack);
    } else if (e.type === 'close') closeSpan(e.style, after(e.count));
    else if (e.type === 'break')
      markup.breaks.push({ at: before(e.count), block: e.block, ...(e.level !== undefined && { level: e.level }) });
    else if (e.type === 'note') markup.notes.push({ at: after(e.count), note: e.note });
    else markup.blocks.push({ at: e.side === 'next' ? before(e.count) : after(e.count), block: e.block });
  }
  // A span the source leaves open (a quotation that runs on into the next verse) ends with the verse.
  for (const [style, stack] of open) while (stack.length) closeSpan(style, length);
  return compactMarkup(markup);
}

/** Markup sorted as the model asks (by position, stable), with empty lists and a bare break at 0 of a
 *  paragraph that nothing else marks left as they are; undefined when nothing is marked. */
export function compactMarkup(markup: VerseMarkup): VerseMarkup | undefined {
  const out: VerseMarkup = {};
  const byAt = <T extends { at: number }>(list: T[]) => [...list].sort((a, b) => a.at - b.at);
  if (markup.breaks?.length) out.breaks = dedupeBreaks(byAt(markup.breaks));
  if (markup.blocks?.length) out.blocks = byAt(markup.blocks);
  if (markup.notes?.length) out.notes = byAt(markup.notes);
  if (markup.spans?.length) out.spans = [...markup.spans].sort((a, b) => a.from - b.from || a.to - b.to);
  return Object.keys(out).length ? out : undefined;
}

/** Two breaks at one position (a paragraph mark then a poetry line) make one block: the last wins. */
function dedupeBreaks(breaks: NonNullable<VerseMarkup['breaks']>) {
  const out: NonNullable<VerseMarkup['breaks']> = [];
  for (const b of breaks) {
    if (out.length && out[out.length - 1].at === b.at) out[out.length - 1] = b;
    else out.push(b);
  }
  return out;
}

/** Markup of a text that was written after a prefix (`prefix` + " " + text): every offset moves on. */
export function shiftMarkup(markup: VerseMarkup | undefined, by: number): VerseMarkup | undefined {
  if (!markup || by === 0) return markup;
  return {
    ...(markup.breaks && { breaks: markup.breaks.map((b) => ({ ...b, at: b.at + by })) }),
    ...(markup.blocks && { blocks: markup.blocks.map((b) => ({ ...b, at: b.at + by })) }),
    ...(markup.notes && { notes: markup.notes.map((n) => ({ ...n, at: n.at + by })) }),
    ...(markup.spans && { spans: markup.spans.map((s) => ({ ...s, from: s.from + by, to: s.to + by })) }),
  };
}

/** Two markups of one text joined (a title's and its verse's), kept in order. */
export function joinMarkup(a: VerseMarkup | undefined, b: VerseMarkup | undefined): VerseMarkup | undefined {
  if (!a) return b;
  if (!b) return a;
  return compactMarkup({
    breaks: [...(a.breaks ?? []), ...(b.breaks ?? [])],
    blocks: [...(a.blocks ?? []), ...(b.blocks ?? [])],
    notes: [...(a.notes ?? []), ...(b.notes ?? [])],
    spans: [...(a.spans ?? []), ...(b.spans ?? [])],
  });
}

/** Note text as printed: markup gone, whitespace single. */
export const cleanNoteText = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The notes of a verse slot that holds nothing else (the ASV's "Many authorities, some ancient, insert
 * v. 21", the WEB's "Some Greek manuscripts add ..."): the flat text has no such verse, so they go to the
 * end of the verse before it in its chapter, where a reader looks for the missing one.
 */
export function keepOrphanNotes(
  verses: VerseRecord[],
  slot: { book: number; chapter: number },
  notes: VerseMarkup['notes'],
  where: string,
): void {
  if (!notes?.length) return;
  const previous = verses[verses.length - 1];
  if (!previous || previous.book !== slot.book || previous.chapter !== slot.chapter)
    throw new Error(`${where}: a note with no verse of its chapter before it to stand after`);
  const at = previous.text.length;
  previous.markup = joinMarkup(previous.markup, { notes: notes.map(({ note }) => ({ at, note })) });
}
