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
import { deepFreeze } from '../deep-freeze.ts';

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
  /** the verse's layout steps (verseSteps), when kept from an earlier answer */
  steps?: VerseSteps;
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

/** What laying out a verse does, one step after another: */
enum Step {
  /** put a block that stands alone (a heading, title or note of the source) */
  Block,
  /** close the block: the text goes on in a new block of this kind */
  Break,
  /** open a title block of this kind for the title words that follow */
  Title,
  /** put an inline into the title block opened last */
  InTitle,
  /** put an inline into the current block (opening one of the kind in force if there is none) */
  Place,
}

/**
 * A verse's layout as steps, `[step, what, step, what, ...]`, independent of the verses around it: what the
 * steps put in an answer is shared by every answer that lays the verse out, so it is frozen. The blocks
 * and their content lists are made per answer.
 */
export type VerseSteps = readonly (Step | Block | BlockKind | Inline | TitleKind)[];

/** The steps that lay out a verse: its markup resolved against its text once, so an answer only follows them. */
export function verseSteps(verse: Omit<MarkedVerse, 'headings'>): VerseSteps {
  const steps: (Step | Block | BlockKind | Inline | TitleKind)[] = [];
  const { markup, text } = verse;
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
  const titleAt = (at: number) => titles.find(([from, to]) => from <= at && at < to);

  let marked = false;
  let inTitleBlock = false;
  const toTitle = (titleKind: TitleKind, inline: Inline) => {
    if (!inTitleBlock) steps.push(Step.Title, titleKind);
    inTitleBlock = true;
    steps.push(Step.InTitle, inline);
  };
  const markVerse = () => {
    if (marked) return;
    marked = true;
    steps.push(Step.Place, { type: 'verse', number: verse.number, id: verse.paddedId });
  };
  let e = 0;
  for (let i = 0; i < positions.length; i++) {
    const at = positions[i];
    for (; e < events.length && events[e].at === at; e++) {
      const ev = events[e];
      if (ev.type === 'block') steps.push(Step.Block, ev.block);
      else if (ev.type === 'break') steps.push(Step.Break, ev.kind);
      else {
        // A note whose marker stands in a title is the title's.
        const inTitle = titleAt(at);
        if (inTitle) toTitle(inTitle[2], ev.note);
        else {
          markVerse();
          steps.push(Step.Place, ev.note);
        }
      }
    }
    const end = positions[i + 1];
    if (end === undefined) break;
    const inTitle = titleAt(at);
    if (inTitle) {
      // Only the title's last words shed the spaces after them: a space inside the title stays, so the
      // runs read as the verse prints them ("unto the " + "LORD").
      const last = end >= inTitle[1];
      const slice = text.slice(at, Math.min(end, inTitle[1]));
      const words = last ? slice.replace(/\s+$/, '') : slice;
      if (words) toTitle(inTitle[2], run(words, styled, at, end));
      else if (!inTitleBlock) toTitle(inTitle[2], EMPTY_RUN);
      continue;
    }
    inTitleBlock = false;
    markVerse();
    steps.push(Step.Place, run(text.slice(at, end), styled, at, end));
  }
  markVerse();
  return deepFreeze(steps);
}

export function layOut(verses: readonly MarkedVerse[], options: LayoutOptions = {}): Block[] {
  const blocks: Block[] = [];
  let current: (Block & { content: Inline[] }) | undefined;
  let title: TitleBlock | undefined;
  let kind: BlockKind = options.opening ?? PARAGRAPH;
  let previousChapter: number | undefined;

  for (const verse of verses) {
    const chapter = chapterOfId(verse.id);
    if (chapter !== previousChapter) {
      current = undefined;
      // A chapter opens in a paragraph unless its first verse says otherwise (or the range opens inside one).
      if (previousChapter !== undefined) kind = PARAGRAPH;
      previousChapter = chapter;
    }
    if (options.versePerParagraph) {
      current = undefined;
      kind = PARAGRAPH;
    }
    const steps = verse.steps ?? verseSteps(verse);
    // A book's title stands over everything of its first verse, section headings included.
    let i = 0;
    for (; i < steps.length && isBookTitle(steps[i] as Step, steps[i + 1]); i += 2) {
      current = undefined;
      blocks.push(steps[i + 1] as Block);
    }
    if (verse.headings)
      for (const heading of verse.headings) {
        current = undefined;
        blocks.push(heading);
      }
    for (; i < steps.length; i += 2) {
      const what = steps[i + 1];
      switch (steps[i] as Step) {
        case Step.Block:
          current = undefined;
          blocks.push(what as Block);
          break;
        case Step.Break:
          current = undefined;
          kind = what as BlockKind;
          break;
        case Step.Title:
          current = undefined;
          title = { type: 'title', kind: what as TitleKind, content: [] };
          blocks.push(title);
          break;
        case Step.InTitle:
          if (what !== EMPTY_RUN) title!.content.push(what as Inline);
          break;
        default:
          if (!current) {
            current =
              kind.block === 'poetry'
                ? { type: 'poetry', level: kind.level ?? 1, content: [] }
                : { type: 'paragraph', content: [] };
            blocks.push(current);
          }
          current.content.push(what as Inline);
      }
    }
  }
  return blocks.filter((b) => !('content' in b) || b.content.length > 0);
}

const isBookTitle = (step: Step, what: unknown) =>
  step === Step.Block && (what as Block).type === 'title' && (what as TitleBlock).kind === 'book';

const PARAGRAPH: BlockKind = Object.freeze({ block: 'paragraph' });

/** Stands for title words that are all space: the title block opens, nothing goes into it. */
const EMPTY_RUN: TextRun = Object.freeze({ type: 'text', text: '' });

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
