// Cross-reference notes whose source gives only words ("Isaiah 7:14; Luke 1:31", the WEB's \x notes) get
// the verseIds those words name, read by the engine's own citation reader, so an app can link them as it
// links GetCrossReferences. A note that already carries references keeps them.
import { nameKey } from '../citations/books.ts';
import { findCitations } from '../citations/find.ts';
import type { Meta } from '../meta.ts';
import { perPack } from '../pack/per-pack.ts';
import type { Block, Inline, NoteItem } from './model.ts';
import { withModernBookNames } from './old-spellings.ts';

/** The verseIds of every passage a note's words name, in order, each once; `book` is the book it stands in. */
function verseIdsIn(meta: Meta, text: string, book: number): string[] {
  const ids = new Set<string>();
  const { ordinalOf, idOf } = meta.versification;
  const ownBook = meta.books[book - 1]?.names.english ?? '';
  const isBookName = (name: string) => meta.nameIndex().has(nameKey(name));
  for (const hit of findCitations(meta, withModernBookNames(text, ownBook, isBookName)))
    for (const { from, to } of hit.passages) {
      const [first, last] = [from, to].map((id) => {
        const n = Number(id);
        return ordinalOf(Math.floor(n / 1_000_000), Math.floor(n / 1000) % 1000, n % 1000);
      });
      if (first < 0 || last < first) continue;
      for (let o = first; o <= last; o++) ids.add(String(idOf(o)).padStart(8, '0'));
    }
  return [...ids];
}

/** Per meta, each shared (frozen) note and the note answered for it, made once. */
const answeredNotes = perPack((_: Meta) => new WeakMap<object, object>());

function withIds<N extends NoteItem | Block>(meta: Meta, note: N, book: number): N {
  if (!('kind' in note) || note.kind !== 'crossref' || note.references) return note;
  const cache = answeredNotes(meta);
  let answered = cache.get(note) as N | undefined;
  if (!answered) {
    const references = verseIdsIn(meta, note.text, book);
    answered = Object.freeze(references.length ? { ...note, references } : note) as N;
    cache.set(note, answered);
  }
  return answered;
}

/** The blocks with each cross-reference note carrying the verseIds its words name. */
export function withNoteReferences(meta: Meta, blocks: Block[]): Block[] {
  // The book a note stands in: that of the last verse marker before it.
  let book = 0;
  const inline = (item: Inline): Inline => {
    if (item.type === 'verse') book = Math.floor(Number(item.id) / 1_000_000);
    return item.type === 'note' ? withIds(meta, item, book) : item;
  };
  return blocks.map((block) => {
    if (block.type === 'note') return withIds(meta, block, book);
    if (!('content' in block)) return block;
    if (!block.content.some((i) => i.type === 'note')) {
      for (const item of block.content) inline(item);
      return block;
    }
    // A copy: a block may be one every answer shares (a source's own title), frozen.
    return { ...block, content: block.content.map(inline) };
  });
}
