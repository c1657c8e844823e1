// One verse's markup as one short line of JSON, for the structure packs: tuples instead of objects,
// positions as differences from the one before, empty lists left off. Lines of a book are stored together
// and DEFLATE-compressed by the pack writer, so what repeats (style letters, note kinds) costs little.
//
// A line is `[breaks, spans, notes, blocks]` (trailing empty lists dropped; "" for no markup):
// - breaks: [at, level, at, level, ...] with level 0 for a paragraph, n for a poetry line of level n;
// - spans: [from, length, style, ...] with style "w", "a", "n", or "t" + a title kind ("tpsalm");
// - notes: [[at, kind, text, caller?, references?], ...];
// - blocks: [[at, block], ...], the block as the model has it.
// Every `at` and `from` is the difference from the previous one of its list.
import type { HeadingRow } from '../pack/schemas.ts';
import type { HeadingBlock, NoteBlock, NoteItem, NoteKind, TitleBlock, TitleKind, VerseMarkup } from './model.ts';

type Span = NonNullable<VerseMarkup['spans']>[number];
type Break = NonNullable<VerseMarkup['breaks']>[number];

const STYLE_CODES = { wj: 'w', add: 'a', nd: 'n', title: 't' } as const;
const STYLES: Record<string, Span['style']> = { w: 'wj', a: 'add', n: 'nd', t: 'title' };
const NOTE_KINDS: readonly NoteKind[] = ['footnote', 'crossref', 'variant', 'study'];

/** Positions as differences from the one before (the first from 0). */
const deltas = (positions: readonly number[]) => positions.map((p, i) => p - (i === 0 ? 0 : positions[i - 1]));

export function encodeVerseMarkup(markup: VerseMarkup | undefined): string {
  if (!markup) return '';
  const breaks = markup.breaks ?? [];
  const breakAts = deltas(breaks.map((b) => b.at));
  const spans = markup.spans ?? [];
  const spanFroms = deltas(spans.map((s) => s.from));
  const notes = markup.notes ?? [];
  const noteAts = deltas(notes.map((n) => n.at));
  const blocks = markup.blocks ?? [];
  const blockAts = deltas(blocks.map((b) => b.at));
  const parts: unknown[] = [
    breaks.flatMap((b, i) => [breakAts[i], b.block === 'poetry' ? (b.level ?? 1) : 0]),
    spans.flatMap((s, i) => [spanFroms[i], s.to - s.from, STYLE_CODES[s.style] + (s.kind ?? '')]),
    notes.map((n, i) => noteTuple(noteAts[i], n.note)),
    blocks.map((b, i) => [blockAts[i], b.block]),
  ];
  while (parts.length && (parts[parts.length - 1] as unknown[]).length === 0) parts.pop();
  return parts.length ? JSON.stringify(parts) : '';
}

function noteTuple(at: number, note: NoteItem): unknown[] {
  const tuple: unknown[] = [at, NOTE_KINDS.indexOf(note.kind), note.text];
  if (note.caller !== undefined || note.references) tuple.push(note.caller ?? null);
  if (note.references) tuple.push(note.references);
  return tuple;
}

/** Undoes differences: running sums. */
const positionsOf = (ds: readonly number[]) => {
  let at = 0;
  return ds.map((d) => (at += d));
};

export function decodeVerseMarkup(line: string): VerseMarkup | undefined {
  if (line === '') return undefined;
  const [breaks = [], spans = [], notes = [], blocks = []] = JSON.parse(line) as [
    (number | string)[]?,
    (number | string)[]?,
    [number, number, string, (string | null)?, string[]?][]?,
    [number, HeadingBlock | TitleBlock | NoteBlock][]?,
  ];
  const markup: VerseMarkup = {};
  if (breaks.length) {
    const ats = positionsOf(breaks.filter((_, i) => i % 2 === 0) as number[]);
    markup.breaks = ats.map((at, i): Break => {
      const level = breaks[i * 2 + 1] as number;
      return level === 0 ? { at, block: 'paragraph' } : { at, block: 'poetry', level };
    });
  }
  if (spans.length) {
    const froms = positionsOf(spans.filter((_, i) => i % 3 === 0) as number[]);
    markup.spans = froms.map((from, i): Span => {
      const code = spans[i * 3 + 2] as string;
      const kind = code.slice(1) as TitleKind;
      return { from, to: from + (spans[i * 3 + 1] as number), style: STYLES[code[0]], ...(kind && { kind }) };
    });
  }
  if (notes.length) {
    const ats = positionsOf(notes.map((n) => n[0]));
    markup.notes = notes.map(([, kind, text, caller, references], i) => ({
      at: ats[i],
      note: {
        type: 'note',
        kind: NOTE_KINDS[kind],
        ...(caller != null && { caller }),
        text,
        ...(references && { references }),
      },
    }));
  }
  if (blocks.length) {
    const ats = positionsOf(blocks.map((b) => b[0]));
    markup.blocks = blocks.map(([, block], i) => ({ at: ats[i], block }));
  }
  return markup;
}

export type { HeadingRow };

export const headingOfRow = ([, level, text, references]: HeadingRow, source: string): HeadingBlock => ({
  type: 'heading',
  level,
  text,
  source,
  ...(references?.length && { references }),
});
