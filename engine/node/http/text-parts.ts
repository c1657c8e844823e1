// A long text read in parts, so that finding the references in 1 MiB of notes does not hold the event
// loop for the whole text at once: each part is answered in its own turn and the rows are joined, their
// offsets moved to count from the start of the whole text. Parts end only between sentences, where no
// reference can run on: after a lower-case letter and . ! or ?, and white space, before a capitalised
// word ("... of the law. Then ..."). A reference needs digits next to its book name and after its
// separators, so it neither starts before such a break and ends after it, nor looks across it.
import type { TypedBible } from '../../core/engine.ts';
import type { Turns } from './turns.ts';

/** Operations whose text parameter may be read in parts, and how a row's offsets move. */
interface PartwiseCall {
  param: string;
  shift(row: unknown, by: number): unknown;
}

const PARTWISE: Record<string, PartwiseCall> = {
  GetCitationsInText: {
    param: 'text',
    shift: (row, by) => {
      const hit = row as { start: number; end: number };
      return { ...hit, start: hit.start + by, end: hit.end + by };
    },
  },
};

/** Texts shorter than this are read whole: one call is quicker than a turn. */
export const PART_CHARS = 8 * 1024;

const SENTENCE_BREAK = /\p{Ll}[.!?]\s+(?=\p{Lu}\p{Ll})/gu;

/** Where the parts of `text` start: 0, then the first sentence break past every `partChars`. */
export function partStarts(text: string, partChars = PART_CHARS): number[] {
  const starts = [0];
  let from = partChars;
  while (from < text.length) {
    SENTENCE_BREAK.lastIndex = from;
    const m = SENTENCE_BREAK.exec(text);
    if (!m) break;
    const start = m.index + m[0].length;
    starts.push(start);
    from = start + partChars;
  }
  return starts;
}

/** Whether this call is read in parts (a long text for an operation that allows it). */
export function readsInParts(name: string, params: Record<string, string>): boolean {
  const call = PARTWISE[name];
  return call !== undefined && (params[call.param]?.length ?? 0) > PART_CHARS;
}

/** The answer of `name` for a long text, one part per turn, its rows in the order of the text. */
export async function callInParts(
  bible: TypedBible,
  turns: Turns,
  name: string,
  params: Record<string, string>,
): Promise<unknown[]> {
  const call = PARTWISE[name];
  const text = params[call.param];
  const starts = partStarts(text);
  const rows: unknown[] = [];
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i];
    const part = text.slice(start, i + 1 < starts.length ? starts[i + 1] : text.length);
    const found = (await turns.run(() => bible.call(name, { ...params, [call.param]: part }))) as unknown[];
    for (const row of found) rows.push(start ? call.shift(row, start) : row);
  }
  return rows;
}
