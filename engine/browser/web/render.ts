// The reader page's text layout: the blocks of a structured passage (engine/core/structure/model.ts)
// turned into a small tree of elements, then into DOM nodes. The tree step is pure, so the layout is
// tested in Node on hand-made blocks; `toDom` only copies the tree into the document.
import type { Block, Inline, NoteItem } from '../../core/structure/model.ts';

/** One element of the layout: its tag, classes, attributes and children (text or elements). */
export interface ViewNode {
  tag: string;
  className?: string;
  attrs?: Record<string, string>;
  children: (ViewNode | string)[];
}

/** The flat verses GetChapter and GetPassage format=verses answer. */
export interface VerseRow {
  id: string;
  v: string;
  t: string;
}

const node = (
  tag: string,
  className: string | undefined,
  attrs: Record<string, string> | undefined,
  ...children: (ViewNode | string)[]
): ViewNode => ({ tag, ...(className && { className }), ...(attrs && { attrs }), children });

/** What a note's marker shows when the source gives none: a dagger for a note, a plus for a cross reference. */
const callerOf = (note: Pick<NoteItem, 'caller' | 'kind'>) => note.caller ?? (note.kind === 'crossref' ? '+' : '*');

const NOTE_KIND_NAMES: Record<NoteItem['kind'], string> = {
  footnote: 'Note',
  crossref: 'Cross reference',
  variant: 'Variant reading',
  study: 'Study note',
};

/** Numbers the notes of one rendering, so each marker controls its own note by id. */
interface Layout {
  notes: number;
  /** the verse the inline being laid out belongs to: text runs carry it, so a click finds its verse */
  verse: string;
}

function noteInline(note: NoteItem, layout: Layout): ViewNode[] {
  const id = `note-${++layout.notes}`;
  const caller = callerOf(note);
  const marker = node(
    'button',
    `note-call note-${note.kind}`,
    {
      type: 'button',
      'aria-expanded': 'false',
      'aria-controls': id,
      'aria-label': `${NOTE_KIND_NAMES[note.kind]} ${caller}`,
    },
    caller,
  );
  const body = node('span', `note-text note-${note.kind}`, { id, role: 'note', hidden: '' }, note.text);
  return [marker, body];
}

function inline(item: Inline, layout: Layout): ViewNode[] {
  if (item.type === 'verse') {
    layout.verse = item.id;
    return [node('sup', 'vnum', { 'data-verse': item.id, id: `v${item.id}` }, item.number)];
  }
  if (item.type === 'note') return noteInline(item, layout);
  const styles = ['w', item.wj && 'wj', item.add && 'add', item.nd && 'nd'].filter(Boolean).join(' ');
  return [node(item.add ? 'em' : 'span', styles, layout.verse ? { 'data-verse': layout.verse } : undefined, item.text)];
}

const inlines = (items: readonly Inline[], layout: Layout) => items.flatMap((item) => inline(item, layout));

function block(b: Block, layout: Layout): ViewNode[] {
  switch (b.type) {
    case 'heading': {
      // A heading the translation's own file lacks says where it comes from.
      const attrs: Record<string, string> = { 'data-source': b.source };
      if (b.source !== 'source') attrs.title = `Heading from ${b.source}`;
      const heading = node(b.level <= 1 ? 'h3' : 'h4', `heading level-${b.level}`, attrs, b.text);
      if (!b.references?.length) return [heading];
      return [heading, node('p', 'parallel-refs', undefined, `(${b.references.join('; ')})`)];
    }
    case 'title': {
      // A title's words belong to no verse before it (Ps 119's "BETH" heads verse 9, not verse 8); a verse
      // marker inside the title starts its verse as anywhere else.
      const before = layout.verse;
      layout.verse = '';
      const content = inlines(b.content, layout);
      if (!layout.verse) layout.verse = before;
      return [node('p', `title title-${b.kind}`, undefined, ...content)];
    }
    case 'paragraph':
      return [node('p', 'para', undefined, ...inlines(b.content, layout))];
    case 'poetry':
      return [node('p', `poetry q${Math.min(Math.max(b.level, 1), 4)}`, undefined, ...inlines(b.content, layout))];
    case 'note':
      return [
        node(
          'p',
          `note-block note-${b.kind}`,
          { role: 'note' },
          node('span', 'note-label', undefined, `${NOTE_KIND_NAMES[b.kind]}: `),
          b.text,
        ),
      ];
  }
}

/** The layout of a passage's blocks, in reading order. */
export function renderBlocks(blocks: readonly Block[]): ViewNode[] {
  const layout: Layout = { notes: 0, verse: '' };
  return blocks.flatMap((b) => block(b, layout));
}

/** A translation without structure, or an engine without the structured form: one paragraph per verse,
 *  as the KJV is printed. */
export function versesToBlocks(rows: readonly VerseRow[]): Block[] {
  return rows.map((row) => ({
    type: 'paragraph',
    content: [
      { type: 'verse', number: row.v, id: row.id },
      { type: 'text', text: row.t },
    ],
  }));
}

/** The blocks of a GetPassage answer with format=structured (each passage's `blocks`, in order), or
 *  undefined when the answer has none: an engine without the structured form answers verses. */
export function blocksOfAnswer(answer: unknown): Block[] | undefined {
  const passages = Array.isArray(answer) ? answer : [answer];
  if (passages.length === 0) return undefined;
  const blocks: Block[] = [];
  for (const passage of passages) {
    const own = (passage as { blocks?: unknown } | null)?.blocks;
    if (!Array.isArray(own)) return undefined;
    blocks.push(...(own as Block[]));
  }
  return blocks;
}

/** The words a reader sees in a layout, notes' bodies and markers left out: what the text runs hold. */
export function readingText(nodes: readonly (ViewNode | string)[]): string {
  let text = '';
  for (const n of nodes) {
    if (typeof n === 'string') text += n;
    else if (!/\b(note-call|note-text|vnum|heading|parallel-refs|note-block)\b/.test(n.className ?? ''))
      text += readingText(n.children);
  }
  return text;
}

/** Copies a layout into the document. */
export function toDom(nodes: readonly (ViewNode | string)[], doc: Document): Node[] {
  return nodes.map((n) => {
    if (typeof n === 'string') return doc.createTextNode(n);
    const element = doc.createElement(n.tag);
    if (n.className) element.className = n.className;
    for (const [name, value] of Object.entries(n.attrs ?? {})) element.setAttribute(name, value);
    element.append(...toDom(n.children, doc));
    return element;
  });
}
