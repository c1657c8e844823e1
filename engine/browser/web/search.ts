// Searches and reference lists: a word search (GetSearch, or a whole-word scan of the text when the build
// lacks it), the verses of a Strong's number, or the passages a reference names, listed as links.
import { wholeWordMatcher } from './engine.js';
import {
  bible,
  bookName,
  chaptersOf,
  el,
  errorText,
  has,
  idParts,
  inLanguageOf,
  say,
  ui,
  type VerseRow,
} from './page.ts';
import { go, linkTo, readPlace, state } from './place.ts';
import { isUnreachable, unavailableMessage } from './unavailable.ts';

const RESULT_LIMIT = 200;

/** Search through the engine's GetSearch when the build has it; else a whole-word scan of the text. */
async function wordSearch(query: string): Promise<{ rows: readonly VerseRow[]; count: number; how: string }> {
  const versionId = state.v;
  if (has('GetSearch')) {
    const rows = await bible.call('GetSearch', { query, versionId });
    const count = has('GetSearchCount')
      ? (await bible.call('GetSearchCount', { query, versionId })).searchCount
      : rows.length;
    return { rows, count, how: '' };
  }
  const matches = wholeWordMatcher(query);
  const rows: VerseRow[] = [];
  for (const book of bible.meta.books) {
    for (let c = 1; c <= chaptersOf(versionId, book.number); c++) {
      for (const row of await bible.call('GetChapter', { bookId: book.number, chapterId: c, versionId })) {
        if (matches(row.t)) rows.push(row);
      }
    }
  }
  return { rows, count: rows.length, how: ' (text scan: this engine has no GetSearch)' };
}

/** A verse as a result: a link to it in its chapter, its panel open. */
function verseLink(row: VerseRow): HTMLElement {
  const link = el(
    'a',
    { className: 'result', href: linkTo({ b: Number(row.b), c: Number(row.c), sel: row.id, hl: '' }) },
    el('b', { textContent: `${bookName(state.v, Number(row.b))} ${row.c}:${row.v} ` }),
    row.t,
  );
  return inLanguageOf(link, state.v);
}

function showResults(title: string, rows: readonly VerseRow[], count: number, how = ''): void {
  ui.count.textContent = `${count.toLocaleString('en')} verse${count === 1 ? '' : 's'}${how}`;
  ui.count.dataset.count = String(count);
  ui.results.replaceChildren(
    el('h3', { textContent: title }),
    ...rows.slice(0, RESULT_LIMIT).map(verseLink),
    ...(rows.length > RESULT_LIMIT
      ? [el('p', { className: 'note', textContent: `showing the first ${RESULT_LIMIT}` })]
      : []),
  );
  ui.results.hidden = false;
}

let shownResults = '';

export function forgetResults(): void {
  shownResults = '';
}

export async function renderResults(): Promise<void> {
  const key = `${state.v}|${state.q}|${state.r}|${state.s}`;
  if (key === shownResults) return;
  shownResults = key;
  if (!state.q && !state.r && !state.s) {
    ui.results.hidden = true;
    ui.results.replaceChildren();
    ui.count.textContent = '';
    delete ui.count.dataset.count;
    return;
  }
  clearResults();
  ui.count.textContent = 'searching…';
  delete ui.count.dataset.count;
  try {
    if (state.s) {
      const rows = await bible.call('GetSearchStrongs', { strongsId: state.s, versionId: state.v });
      if (key === shownResults) showResults(`Verses with Strong's ${state.s}`, rows, rows.length);
    } else if (state.r) {
      const passages = await bible.call('GetPassage', { reference: state.r, versionId: state.v });
      const rows = passages.flatMap((p) => p.verses);
      if (key === shownResults) showResults(passages.map((p) => p.reference).join('; '), rows, rows.length);
    } else {
      const { rows, count, how } = await wordSearch(state.q);
      if (key === shownResults) showResults(`Search: ${state.q}`, rows, count, how);
    }
  } catch (error) {
    if (key !== shownResults) return;
    clearResults();
    say(isUnreachable(error) ? await unavailableMessage(state.v, error) : `Search failed: ${errorText(error)}`);
  }
}

function clearResults(): void {
  ui.results.hidden = true;
  ui.results.replaceChildren();
  ui.count.textContent = '';
  delete ui.count.dataset.count;
}

/**
 * A query no search answers: its reason in words, and no earlier search's results left standing as if
 * they answered it. The URL drops the earlier search too (a new history entry, so Back still finds it).
 */
async function refuseQuery(error: unknown): Promise<void> {
  if (state.q || state.r || state.s) {
    history.pushState(null, '', linkTo({ q: '', r: '', s: '' }));
    readPlace();
  }
  forgetResults();
  clearResults();
  say(isUnreachable(error) ? await unavailableMessage(state.v, error) : errorText(error));
}

/**
 * What the search box was given: a reference (GetPassage reads it) jumps to its chapter, or lists its
 * passages when it names several; anything else is a word search. Text with a digit that no reference
 * reads is answered with GetPassage's reason ("John 99"), since words seldom hold digits.
 */
export async function submitQuery(raw: string): Promise<void> {
  const query = raw.trim();
  if (!query) return go({ q: '', r: '', s: '' });
  if (has('GetPassage')) {
    try {
      const passages = await bible.call('GetPassage', { reference: query, versionId: state.v });
      const [first] = passages;
      const oneChapter = passages.length === 1 && first.chapterId !== undefined;
      if (oneChapter && first.verses.length > 0) {
        const [b, c] = idParts(first.from);
        const whole = first.reference === `${bible.meta.books[b - 1].names.english} ${c}`;
        return go({ b, c, q: '', r: '', s: '', sel: '', hl: whole ? '' : `${first.from}-${first.to}` });
      }
      return go({ q: '', r: query, s: '' });
    } catch (error) {
      if (/\d/.test(query) || isUnreachable(error)) return refuseQuery(error);
    }
  }
  go({ q: query, r: '', s: '' });
}
