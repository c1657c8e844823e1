// The offline reader page: the engine runs in the page (./engine.js) on packs fetched from data/; the
// service worker (sw.js) keeps the page, the bundle and every pack used, so it works with the network
// cut. Operations a build may leave out (GetSearch, GetSearchCount, GetOriginalText) are used when the
// build has them; without them the page says so or falls back to a scan.
import { openBrowser, wholeWordMatcher, type TypedBible } from './engine.js';

interface VerseRow {
  id: string;
  b: string;
  c: string;
  v: string;
  t: string;
}

const PACK_CACHE = 'bible-packs';
const RESULT_LIMIT = 200;
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const ui = {
  status: $('status'),
  version: $<HTMLSelectElement>('version'),
  book: $<HTMLSelectElement>('book'),
  chapter: $<HTMLSelectElement>('chapter'),
  parallel: $<HTMLSelectElement>('parallel'),
  prev: $<HTMLButtonElement>('prev'),
  next: $<HTMLButtonElement>('next'),
  form: $<HTMLFormElement>('search-form'),
  query: $<HTMLInputElement>('search-input'),
  count: $('search-count'),
  message: $('message'),
  title: $('chapter-title'),
  text: $('chapter-text'),
  results: $('search-results'),
  detail: $('verse-detail'),
};

let bible: TypedBible;
const has = (operation: string) => bible.operations.some((op) => op.name === operation);
const el = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};
const option = (value: string, label: string) => el('option', { value, textContent: label });

function say(text: string): void {
  ui.message.hidden = !text;
  ui.message.textContent = text;
}
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

// The passage and search live in the URL hash, so a reload (also offline) comes back to them.
interface State {
  v: string;
  b: number;
  c: number;
  p: string;
  q: string;
}
function readState(): State {
  const h = new URLSearchParams(location.hash.slice(1));
  return {
    v: h.get('v') ?? 'kjv',
    b: Number(h.get('b')) || 43,
    c: Number(h.get('c')) || 3,
    p: h.get('p') ?? '',
    q: h.get('q') ?? '',
  };
}
function writeState(s: State): void {
  const h = new URLSearchParams({ v: s.v, b: String(s.b), c: String(s.c) });
  if (s.p) h.set('p', s.p);
  if (s.q) h.set('q', s.q);
  history.replaceState(null, '', `#${h}`);
}
let state: State;

const version = (id: string) => bible.meta.versionById.get(id)!;
const chaptersOf = (versionId: string, book: number) => version(versionId).chapterVerses[book - 1]?.length ?? 0;
const bookName = (versionId: string, book: number) => bible.meta.books[book - 1].names[version(versionId).language];
const isRtl = (versionId: string) => version(versionId).language === 'arabic';

function fillPickers(): void {
  ui.version.replaceChildren(...bible.meta.versions.map((v) => option(v.versionId, `${v.abbreviation} — ${v.name}`)));
  ui.parallel.replaceChildren(
    option('', 'none'),
    ...bible.meta.versions.map((v) => option(v.versionId, v.abbreviation)),
  );
  if (!bible.meta.versionById.has(state.v)) state.v = 'kjv';
  if (state.p && !bible.meta.versionById.has(state.p)) state.p = '';
  ui.version.value = state.v;
  ui.parallel.value = state.p;
  fillBooks();
}

function fillBooks(): void {
  const books = bible.meta.books.filter((b) => chaptersOf(state.v, b.number) > 0);
  ui.book.replaceChildren(...books.map((b) => option(String(b.number), bookName(state.v, b.number))));
  if (!books.some((b) => b.number === state.b)) state.b = books[0]?.number ?? 1;
  ui.book.value = String(state.b);
  const chapters = chaptersOf(state.v, state.b);
  ui.chapter.replaceChildren(...Array.from({ length: chapters }, (_, i) => option(String(i + 1), String(i + 1))));
  state.c = Math.min(Math.max(state.c, 1), Math.max(chapters, 1));
  ui.chapter.value = String(state.c);
}

async function chapterRows(versionId: string): Promise<readonly VerseRow[]> {
  return bible.call('GetChapter', { bookId: state.b, chapterId: state.c, versionId });
}

function verseNode(row: VerseRow, versionId: string): HTMLElement {
  const p = el(
    'p',
    { className: 'verse', dir: isRtl(versionId) ? 'rtl' : 'auto' },
    el('sup', { textContent: row.v }),
    row.t,
  );
  p.dataset.id = row.id;
  p.addEventListener('click', () => void showVerse(row.id, p));
  return p;
}

async function renderChapter(): Promise<void> {
  writeState(state);
  ui.title.textContent = `${bookName(state.v, state.b)} ${state.c}`;
  ui.title.dir = isRtl(state.v) ? 'rtl' : 'auto';
  try {
    const rows = await chapterRows(state.v);
    if (!state.p) {
      ui.text.replaceChildren(...rows.map((r) => verseNode(r, state.v)));
    } else {
      // Side by side, aligned by verseId: a verse one translation lacks leaves its cell empty.
      const other = await chapterRows(state.p);
      const right = new Map(other.map((r) => [r.id, r]));
      const ids = [...new Set([...rows.map((r) => r.id), ...other.map((r) => r.id)])].sort();
      const left = new Map(rows.map((r) => [r.id, r]));
      const grid = el(
        'div',
        { className: 'rows' },
        el('div', { className: 'col-title', textContent: version(state.v).abbreviation }),
        el('div', { className: 'col-title', textContent: version(state.p).abbreviation }),
      );
      for (const id of ids) {
        const a = left.get(id);
        const b = right.get(id);
        grid.append(a ? verseNode(a, state.v) : el('div'), b ? verseNode(b, state.p) : el('div'));
      }
      ui.text.replaceChildren(grid);
    }
    say('');
  } catch (error) {
    ui.text.replaceChildren();
    say(`This chapter cannot be shown: ${errorText(error)}`);
  }
}

/** Search through the engine's GetSearch when the build has it; else a whole-word scan of the text. */
async function search(query: string): Promise<{ rows: readonly VerseRow[]; count: number; how: string }> {
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

async function runSearch(query: string): Promise<void> {
  state.q = query.trim();
  writeState(state);
  if (!state.q) {
    ui.results.hidden = true;
    ui.count.textContent = '';
    return;
  }
  ui.count.textContent = 'searching…';
  try {
    const { rows, count, how } = await search(state.q);
    ui.count.textContent = `${count.toLocaleString('en')} verse${count === 1 ? '' : 's'}${how}`;
    ui.count.dataset.count = String(count);
    const shown = rows.slice(0, RESULT_LIMIT).map((r) => {
      const link = el(
        'a',
        { className: 'result', href: '#' },
        el('b', { textContent: `${bookName(state.v, Number(r.b))} ${r.c}:${r.v} ` }),
        r.t,
      );
      link.dir = isRtl(state.v) ? 'rtl' : 'auto';
      link.addEventListener('click', (event) => {
        event.preventDefault();
        state.b = Number(r.b);
        state.c = Number(r.c);
        fillBooks();
        void renderChapter().then(() =>
          document.querySelector(`[data-id="${r.id}"]`)?.scrollIntoView({ block: 'center' }),
        );
      });
      return link;
    });
    ui.results.replaceChildren(
      el('h3', { textContent: `Search: ${state.q}` }),
      ...shown,
      ...(rows.length > RESULT_LIMIT
        ? [el('p', { className: 'note', textContent: `showing the first ${RESULT_LIMIT}` })]
        : []),
    );
    ui.results.hidden = false;
  } catch (error) {
    ui.count.textContent = '';
    ui.count.dataset.count = '';
    say(`Search failed: ${errorText(error)}`);
  }
}

function pronunciation(raw: string | undefined): string {
  if (!raw) return '';
  try {
    const value = JSON.parse(raw) as unknown;
    if (value && typeof value === 'object') {
      // GetOriginalText's {ipa, ipa_mod, sbl, dic, dic_mod}: the modern respelling and the scholarly one
      const { dic_mod, sbl } = value as Record<string, unknown>;
      if (typeof dic_mod === 'string' && typeof sbl === 'string') return `${dic_mod} · ${sbl}`;
      return Object.values(value as Record<string, unknown>)
        .filter((v) => typeof v === 'string')
        .join(' · ');
    }
    return String(value);
  } catch {
    return raw;
  }
}

/** A verse's original-language words with Strong's numbers, and the verse in every translation. */
async function showVerse(verseId: string, node: HTMLElement): Promise<void> {
  for (const n of Array.from(document.querySelectorAll('.verse.picked'))) n.classList.remove('picked');
  node.classList.add('picked');
  const book = Number(verseId.slice(0, 2));
  const reference = `${bookName(state.v, book)} ${Number(verseId.slice(2, 5))}:${Number(verseId.slice(5))}`;
  const parts: Node[] = [el('h3', { textContent: reference })];
  if (has('GetOriginalText')) {
    try {
      const words = await bible.call('GetOriginalText', { verseId });
      const prefix = book <= 39 ? 'H' : 'G';
      const table = el(
        'table',
        { className: 'words' },
        el(
          'tr',
          {},
          el('th', { textContent: book <= 39 ? 'Hebrew' : 'Greek' }),
          el('th', { textContent: "Strong's" }),
          el('th', { textContent: 'meaning' }),
        ),
      );
      for (const w of words) {
        const gloss = (w.glossary ?? '').replace(/\s*\(Strong's [HG]\d+\)\s*$/, '');
        table.append(
          el(
            'tr',
            {},
            el(
              'td',
              {},
              el('span', { className: 'orig', dir: book <= 39 ? 'rtl' : 'ltr', textContent: w.word }),
              el('div', { className: 'gloss', textContent: pronunciation(w.pronun) }),
            ),
            el('td', { className: 'strongs', textContent: w.strongs ? `${prefix}${w.strongs}` : '' }),
            el('td', { className: 'gloss', textContent: gloss.length > 160 ? `${gloss.slice(0, 160)}…` : gloss }),
          ),
        );
      }
      parts.push(table);
    } catch (error) {
      parts.push(el('p', { className: 'note', textContent: `Original words: ${errorText(error)}` }));
    }
  } else {
    parts.push(el('p', { className: 'note', textContent: 'Hebrew and Greek words are not in this build.' }));
  }
  const compare = el('button', { type: 'button', textContent: 'Compare every translation' });
  compare.addEventListener('click', async () => {
    compare.disabled = true;
    compare.textContent = 'loading translations…';
    try {
      const rows = (await bible.call('GetParallelVerses', { verseId })).flat();
      compare.replaceWith(
        el(
          'div',
          {},
          ...rows.map((r) =>
            el(
              'p',
              { className: 'verse', dir: isRtl(r.versionId.replace(/^t_/, '')) ? 'rtl' : 'auto' },
              el('b', { className: 'strongs', textContent: `${r.versionAbbreviation} ` }),
              r.t,
            ),
          ),
        ),
      );
    } catch (error) {
      compare.replaceWith(el('p', { className: 'note', textContent: `Other translations: ${errorText(error)}` }));
    }
  });
  parts.push(compare);
  ui.detail.replaceChildren(...parts);
  ui.detail.hidden = false;
}

function showNetwork(): void {
  const online = navigator.onLine;
  ui.status.textContent = `${online ? 'online' : 'offline'}${navigator.serviceWorker?.controller ? ' · available offline' : ''}`;
  ui.status.classList.toggle('offline', !online);
}

function step(delta: number): void {
  const chapters = chaptersOf(state.v, state.b);
  let b = state.b;
  let c = state.c + delta;
  if (c < 1 || c > chapters) {
    const books = bible.meta.books.map((x) => x.number).filter((n) => chaptersOf(state.v, n) > 0);
    const at = books.indexOf(b) + delta;
    if (at < 0 || at >= books.length) return;
    b = books[at];
    c = delta > 0 ? 1 : chaptersOf(state.v, b);
  }
  state.b = b;
  state.c = c;
  fillBooks();
  void renderChapter();
}

async function main(): Promise<void> {
  state = readState();
  if ('serviceWorker' in navigator && location.protocol !== 'file:') {
    navigator.serviceWorker
      .register('sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then(showNetwork)
      .catch(() => {});
    navigator.serviceWorker.addEventListener('controllerchange', showNetwork);
  }
  addEventListener('online', showNetwork);
  addEventListener('offline', showNetwork);
  try {
    bible = await openBrowser({ baseUrl: new URL('data/', location.href), cacheName: PACK_CACHE });
    // The page asks which operations the engine has (bible.operations), which needs the operation table.
    await bible.load([]);
  } catch (error) {
    ui.status.textContent = 'not available';
    say(`The Bible data could not be loaded: ${errorText(error)}. Open this page once while online.`);
    return;
  }
  showNetwork();
  fillPickers();
  ui.version.addEventListener('change', () => {
    state.v = ui.version.value;
    fillBooks();
    void renderChapter();
    if (state.q) void runSearch(state.q);
  });
  ui.parallel.addEventListener('change', () => {
    state.p = ui.parallel.value;
    void renderChapter();
  });
  ui.book.addEventListener('change', () => {
    state.b = Number(ui.book.value);
    state.c = 1;
    fillBooks();
    void renderChapter();
  });
  ui.chapter.addEventListener('change', () => {
    state.c = Number(ui.chapter.value);
    void renderChapter();
  });
  ui.prev.addEventListener('click', () => step(-1));
  ui.next.addEventListener('click', () => step(1));
  ui.form.addEventListener('submit', (event) => {
    event.preventDefault();
    void runSearch(ui.query.value);
  });
  ui.query.value = state.q;
  await renderChapter();
  if (state.q) await runSearch(state.q);
  document.body.dataset.ready = 'true';
}

void main();
