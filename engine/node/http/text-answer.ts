// The size of a long text's answer, known before it is built. A megabyte of text can name tens of
// thousands of references, each a range of thousands of verses: its answer could be a hundred times the
// text. Its references are read one at a time, each measured and let go, in turns of the event loop; a
// measure past the most one answer of a posted text may be stops there (the request gets 413), and any
// other is reserved in the budget before the answer is built.
import type { TypedBible } from '../../core/engine.ts';
import { citationHits } from '../../core/citations/find.ts';
import type { Meta } from '../../core/meta.ts';
import type { Turns } from './turns.ts';

/** Operations whose answer to a text is measured first, and how their rows are read one at a time. */
const MEASURED: Record<string, { param: string; rows(meta: Meta, text: string): Iterator<unknown> }> = {
  GetCitationsInText: { param: 'text', rows: citationHits },
};

/** How many times the answer budget one answer of a posted text may be (past it: 413). */
export const TEXT_ANSWER_SHARE = 2;

/** The answer would be larger than one answer of a posted text may be. */
export class AnswerTooLarge extends Error {
  constructor(readonly limit: number) {
    super(
      `the answer to this text would be larger than ${limit.toLocaleString('en')} bytes, the most one answer of a posted text may be (twice the server's answer memory); send a shorter text`,
    );
  }
}

/** Rows measured per turn: a row is a few microseconds to build and encode, a range of books far more. */
const ROWS_PER_TURN = 64;

/**
 * The characters of the JSON answer of `name` for its text, counted a few rows per turn; rejects with
 * AnswerTooLarge once they pass `maxChars`. Undefined for an operation whose answer is not measured; null
 * when `gone()` says the client has left (nothing more is measured for it).
 */
export async function measureTextAnswer(
  bible: TypedBible,
  turns: Turns,
  name: string,
  params: Record<string, string>,
  maxChars: number,
  gone: () => boolean,
): Promise<number | undefined | null> {
  const measured = MEASURED[name];
  const text = measured ? params[measured.param] : undefined;
  if (!measured || typeof text !== 'string') return undefined;
  const rows = measured.rows(bible.meta, text);
  let chars = 2;
  for (let done = false; !done; ) {
    done = await turns.run(() => {
      if (gone()) return true;
      for (let n = 0; n < ROWS_PER_TURN; n++) {
        const next = rows.next();
        if (next.done) return true;
        chars += JSON.stringify(next.value).length + 1;
        if (chars > maxChars) throw new AnswerTooLarge(maxChars);
      }
      return false;
    });
  }
  return gone() ? null : chars;
}
