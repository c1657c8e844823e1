// The structured form of a run of verses: their flat text and markup laid out as blocks in reading
// order (model.ts). Generic: it knows the model, not any source, so built-in and imported texts read alike.
//
// Rules:
// - every verse gets exactly one verse marker, before its first word outside a title;
// - a verse's text runs, joined, are its flat text without its title spans (and the spaces after them),
//   which go into title blocks of their own;
// - a chapter starts a new block; so does a break, a heading and a block standing alone, after which the
//   text goes on in a block of the kind in force;
// - a text whose source marks no paragraphs (`versePerParagraph`) gives each verse its own paragraph.
import type {
  Block,
  HeadingBlock,
  Inline,
  NoteBlock,
  NoteItem,
  TextRun,
  TitleBlock,
  TitleKind,
  VerseMarkup,
} from './model.ts';

export interface MarkedVerse {
  /** the verse id as a number: book * 1_000_000 + chapter * 1_000 + verse */
  id: number;
  /** the 8-digit id the answer shows */
  paddedId: string;
  number: string;
  text: string;
  markup?: VerseMarkup;
  /** headings that stand before this verse */
  headings?: readonly HeadingBlock[];
}

/** The kind of block a line of text goes into. */
export interface BlockKind {
  block: 'paragraph' | 'poetry';
  level?: number;
}

export interface LayoutOptions {
  /** the block in force before the first verse (blockInForce), else a paragraph */
  opening?: BlockKind;
  /** each verse starts a paragraph: for a text whose source marks none */
  versePerParagraph?: boolean;
}

const chapterOfId = (id: number) => Math.floor(id / 1000);

/**
 * The block in force at a verse: the last break of the nearest verse before it, in its chapter, that has
 * one. `before` gives the verses before it, nearest first.
 */
export function blockInForce(before: Iterable<VerseMarkup | undefined>): BlockKind | undefined {
  for (const markup of before) {
    const last = markup?.breaks?.[markup.breaks.length - 1];
    if (last) return last.block === 'poetry' ? { block: 'poetry', level: last.level ?? 1 } : { block: 'paragraph' };
  }
  return undefined;
}

type Span = NonNullable<VerseMarkup['spans']>[number];

/** The flat text a verse's runs give: its text without its title spans and the spaces after them. */
export function textOutsideTitles(text: string, markup: VerseMarkup | undefined): string {
  const titles = titleRanges(text, markup);
  let out = '';
  let at = 0;
  for (const [from, to] of titles) {
    out += text.slice(at, from);
    at = to;
  }
  return out + text.slice(at);
}

/** Title spans as [from, to) ranges, each taking the whitespace after it. */
function titleRanges(text: string, markup: VerseMarkup | undefined): [number, number, TitleKind][] {
  const ranges: [number, number, TitleKind][] = [];
  for (const s of markup?.spans ?? []) {
    if (s.style !== 'title') continue;
    let to = s.to;
    while (to < text.length && /\s/.test(text[to])) to++;
    ranges.push([s.from, to, s.kind ?? 'psalm']);
  }
  return ranges;
}

/** What happens at one position of a verse, in the order it is laid out there. */
type Event =
  | { at: number; order: 0; type: 'block'; block: HeadingBlock | TitleBlock | NoteBlock }
  | { at: number; order: 1; type: 'break'; kind: BlockKind }
  | { at: number; order: 2; type: 'note'; note: NoteItem };

export function layOut(verses: readonly MarkedVerse[], options: LayoutOptions = {}): Block[] {
  const blocks: Block[] = [];
  let current: (Block & { content: Inline[] }) | undefined;
  let kind: BlockKind = options.opening ?? { block: 'paragraph' };
  let previousChapter: number | undefined;

  const openBlock = (k: BlockKind) => {
    kind = k;
    current =
      k.block === 'poetry' ? { type: 'poetry', level: k.level ?? 1, content: [] } : { type: 'paragraph', content: [] };
    blocks.push(current);
  };
  const closeBlock = () => {
    current = undefined;
  };
  const place = (inline: Inline) => {
    if (!current) openBlock(kind);
    current!.content.push(inline);
  };
  const standAlone = (block: Block) => {
    closeBlock();
    blocks.push(block);
  };

  for (const verse of verses) {
    const chapter = chapterOfId(verse.id);
    if (chapter !== previousChapter) {
      closeBlock();
      // A chapter opens in a paragraph unless its first verse says otherwise (or the range opens inside one).
      if (previousChapter !== undefined) kind = { block: 'paragraph' };
      previousChapter = chapter;
    }
    if (options.versePerParagraph) {
      closeBlock();
      kind = { block: 'paragraph' };
    }
    for (const heading of verse.headings ?? []) standAlone(heading);
    const markup = verse.markup;
    const text = verse.text;
    const titles = titleRanges(text, markup);
    const events: Event[] = [
      ...(markup?.blocks ?? []).map((b) => ({ at: b.at, order: 0 as const, type: 'block' as const, block: b.block })),
      ...(markup?.breaks ?? []).map((b) => ({
        at: b.at,
        order: 1 as const,
        type: 'break' as const,
        kind: { block: b.block, ...(b.block === 'poetry' && { level: b.level ?? 1 }) },
      })),
      ...(markup?.notes ?? []).map((n) => ({ at: n.at, order: 2 as const, type: 'note' as const, note: n.note })),
    ].sort((a, b) => a.at - b.at || a.order - b.order);
    const styled = (markup?.spans ?? []).filter((s) => s.style !== 'title');
    // Every position where something starts or ends, so the text between two is one run.
    const cuts = new Set<number>([0, text.length]);
    for (const e of events) cuts.add(e.at);
    for (const s of styled) cuts.add(s.from).add(s.to);
    for (const [from, to] of titles) cuts.add(from).add(to);
    const positions = [...cuts].filter((p) => p >= 0 && p <= text.length).sort((a, b) => a - b);

    let marked = false;
    let title: TitleBlock | undefined;
    let e = 0;
    const standAloneTitle = (titleKind: TitleKind): TitleBlock => {
      const block: TitleBlock = { type: 'title', kind: titleKind, content: [] };
      standAlone(block);
      return block;
    };
    const markVerse = () => {
      if (marked) return;
      marked = true;
      place({ type: 'verse', number: verse.number, id: verse.paddedId });
    };
    for (let i = 0; i < positions.length; i++) {
      const at = positions[i];
      for (; e < events.length && events[e].at === at; e++) {
        const ev = events[e];
        if (ev.type === 'block') standAlone(ev.block);
        else if (ev.type === 'break') {
          closeBlock();
          kind = ev.kind;
        } else {
          // A note whose marker stands in a title is the title's.
          const inTitle = titles.find(([from, to]) => from <= at && at < to);
          if (inTitle) {
            title ??= standAloneTitle(inTitle[2]);
            title.content.push(ev.note);
          } else {
            markVerse();
            place(ev.note);
          }
        }
      }
      const end = positions[i + 1];
      if (end === undefined) break;
      const inTitle = titles.find(([from, to]) => from <= at && at < to);
      if (inTitle) {
        title ??= standAloneTitle(inTitle[2]);
        const words = text.slice(at, Math.min(end, inTitle[1])).replace(/\s+$/, '');
        if (words) title.content.push(run(words, styled, at, end));
        continue;
      }
      title = undefined;
      markVerse();
      place(run(text.slice(at, end), styled, at, end));
    }
    markVerse();
  }
  return blocks.filter((b) => !('content' in b) || b.content.length > 0);
}

/** A run of text with the styles of the spans that cover it. */
function run(text: string, spans: readonly Span[], from: number, to: number): TextRun {
  const out: TextRun = { type: 'text', text };
  for (const s of spans) {
    if (s.from <= from && to <= s.to) {
      if (s.style === 'wj') out.wj = true;
      else if (s.style === 'add') out.add = true;
      else if (s.style === 'nd') out.nd = true;
    }
  }
  return out;
}
