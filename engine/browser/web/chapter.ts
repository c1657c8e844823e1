// The chapter: its structured layout when the engine answers GetPassage's structured form, else its
// verses one paragraph each; side by side with a parallel translation; the verses of the place picked out.
import type { Block } from '../../core/structure/model.ts';
import { bookName, bible, callLoose, el, has, inLanguageOf, say, ui, type VerseRow, version } from './page.ts';
import { forgetPanel } from './panel.ts';
import { state } from './place.ts';
import { blocksOfAnswer, renderBlocks, toDom, versesToBlocks } from './render.ts';
import { forgetResults } from './search.ts';
import { unavailableMessage } from './unavailable.ts';

/** The chapter's blocks: GetPassage's structured form when the engine answers it, else its verses laid
 *  out one paragraph each (an engine without the structured form ignores or refuses `format`). */
async function chapterBlocks(versionId: string): Promise<{ blocks: Block[]; structured: boolean }> {
  if (has('GetPassage')) {
    try {
      const reference = `${String(state.b).padStart(2, '0')}${String(state.c).padStart(3, '0')}`;
      const blocks = blocksOfAnswer(await callLoose('GetPassage', { reference, versionId, format: 'structured' }));
      if (blocks) return { blocks, structured: true };
    } catch {
      // No structured form here (format refused, or its pack not in this build): the verses serve.
    }
  }
  const rows = await bible.call('GetChapter', { bookId: state.b, chapterId: state.c, versionId });
  return { blocks: versesToBlocks(rows), structured: false };
}

const chapterRows = (versionId: string): Promise<readonly VerseRow[]> =>
  bible.call('GetChapter', { bookId: state.b, chapterId: state.c, versionId });

/** Makes verse numbers reachable by keyboard: each opens its verse's panel. */
function focusableVerseNumbers(root: HTMLElement): void {
  for (const sup of Array.from(root.querySelectorAll<HTMLElement>('.vnum'))) {
    sup.tabIndex = 0;
    sup.setAttribute('role', 'button');
    sup.setAttribute('aria-label', `Verse ${sup.textContent}: open its panel`);
  }
}

function parallelGrid(left: readonly VerseRow[], right: readonly VerseRow[]): HTMLElement {
  // Side by side, aligned by verseId: a verse one translation lacks leaves its cell empty.
  const byId = (rows: readonly VerseRow[]) => new Map(rows.map((r) => [r.id, r]));
  const [a, b] = [byId(left), byId(right)];
  const ids = [...new Set([...a.keys(), ...b.keys()])].sort();
  const grid = el(
    'div',
    { className: 'rows' },
    el('div', { className: 'col-title', textContent: version(state.v).abbreviation }),
    el('div', { className: 'col-title', textContent: version(state.p).abbreviation }),
  );
  const cell = (row: VerseRow | undefined, versionId: string) => {
    if (!row) return el('div');
    const p = inLanguageOf(el('p', { className: 'para' }), versionId);
    p.append(...toDom(renderBlocks(versesToBlocks([row]))[0].children, document));
    return p;
  };
  for (const id of ids) grid.append(cell(a.get(id), state.v), cell(b.get(id), state.p));
  return grid;
}

let shownChapter = '';

/** Makes the next showing draw the chapter again (the network came back, say). */
export function forgetChapter(): void {
  shownChapter = '';
}

/** Clears what was shown, so a failed chapter never leaves an older chapter or search on screen. */
export function clearReading(): void {
  ui.text.replaceChildren();
  ui.results.replaceChildren();
  ui.results.hidden = true;
  ui.count.textContent = '';
  delete ui.count.dataset.count;
  ui.detail.hidden = true;
  forgetResults();
  forgetPanel();
}

/** The chapter in the translation alone, laid out. */
async function singleLayout(key: string): Promise<HTMLElement | undefined> {
  const { blocks, structured } = await chapterBlocks(state.v);
  if (key !== shownChapter) return undefined;
  const body = inLanguageOf(el('div', { className: 'layout' }), state.v);
  body.append(...toDom(renderBlocks(blocks), document));
  ui.text.dataset.layout = structured ? 'structured' : 'verses';
  return body;
}

/**
 * The chapter beside a parallel translation; when the parallel cannot load, the chapter alone and the
 * reason, so a parallel never takes the chapter with it.
 */
async function parallelLayout(key: string): Promise<{ body: HTMLElement; note: string } | undefined> {
  const [left, right] = await Promise.allSettled([chapterRows(state.v), chapterRows(state.p)]);
  if (left.status === 'rejected') throw left.reason;
  if (right.status === 'fulfilled') {
    if (key !== shownChapter) return undefined;
    ui.text.dataset.layout = 'parallel';
    return { body: parallelGrid(left.value, right.value), note: '' };
  }
  const note = await unavailableMessage(state.p, right.reason);
  const body = await singleLayout(key);
  return body ? { body, note: `${note} The ${version(state.v).abbreviation} is shown alone.` } : undefined;
}

export async function renderChapter(): Promise<boolean> {
  const key = `${state.v}:${state.b}:${state.c}:${state.p}`;
  if (key === shownChapter) return true;
  shownChapter = key;
  ui.title.textContent = `${bookName(state.v, state.b)} ${state.c}`;
  inLanguageOf(ui.title, state.v);
  delete ui.text.dataset.shown;
  // A translation whose pack cannot be fetched (offline and not stored, or the server gone) fails to
  // load: the catch below says so. It is not looked up first, since reading the cache's list would
  // delay every chapter.
  try {
    const shown = state.p ? await parallelLayout(key) : { body: await singleLayout(key), note: '' };
    if (!shown?.body || key !== shownChapter) return false;
    ui.text.replaceChildren(shown.body);
    focusableVerseNumbers(ui.text);
    say(shown.note);
    ui.text.dataset.shown = key;
    return true;
  } catch (error) {
    if (key !== shownChapter) return false;
    shownChapter = '';
    clearReading();
    say(await unavailableMessage(state.v, error));
    ui.text.dataset.shown = 'unavailable';
    return false;
  }
}

/** Picks out the verses of `hl` and the open verse, and brings the first into view. */
export function markVerses(): void {
  for (const n of Array.from(ui.text.querySelectorAll('.hl, .picked'))) n.classList.remove('hl', 'picked');
  const [from, to] = state.hl ? state.hl.split('-') : ['', ''];
  let first: Element | undefined;
  for (const n of Array.from(ui.text.querySelectorAll<HTMLElement>('[data-verse]'))) {
    const id = n.dataset.verse!;
    if (from && id >= from && id <= to) {
      n.classList.add('hl');
      first ??= n;
    }
    if (id === state.sel) n.classList.add('picked');
  }
  if (first && !state.sel) first.scrollIntoView({ block: 'center' });
}
