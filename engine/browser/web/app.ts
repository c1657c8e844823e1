// The offline reader page: the engine runs in the page (./engine.js) on packs fetched from data/; the
// service worker (sw.js) keeps the page, the bundle and every pack used, so it works with the network
// cut. The place (translation, chapter, search, the verse open in the panel) lives in the URL hash:
// every move sets the hash, and the page shows whatever the hash says, so Back, Forward, reload and a
// shared link all land on the same place. Operations a build may leave out (GetSearch, GetOriginalText,
// GetCrossReferences, GetCommentary, GetSearchStrongs, GetPassage) are used when the build has them.
import { openBrowser, type TypedBible, wholeWordMatcher } from './engine.js';
import type { Block } from '../../core/structure/model.ts';
import { blocksOfAnswer, renderBlocks, toDom, type VerseRow as LayoutRow, versesToBlocks } from './render.ts';

interface VerseRow extends LayoutRow {
  b: string;
  c: string;
}

const PACK_CACHE = 'bible-packs';
const SETTINGS_KEY = 'bible-reader-settings';
const RESULT_LIMIT = 200;
const PHONE = '(max-width: 800px)';
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const ui = {
  status: $('status'),
  version: $<HTMLSelectElement>('version'),
  book: $<HTMLSelectElement>('book'),
  chapter: $<HTMLSelectElement>('chapter'),
  parallel: $<HTMLSelectElement>('parallel'),
  prev: $<HTMLButtonElement>('prev'),
  next: $<HTMLButtonElement>('next'),
  redLetters: $<HTMLInputElement>('red-letters'),
  dark: $<HTMLInputElement>('dark-theme'),
  smaller: $<HTMLButtonElement>('smaller'),
  larger: $<HTMLButtonElement>('larger'),
  form: $<HTMLFormElement>('search-form'),
  query: $<HTMLInputElement>('search-input'),
  count: $('search-count'),
  message: $('message'),
  reading: $('reading'),
  title: $('chapter-title'),
  text: $('chapter-text'),
  results: $('search-results'),
  detail: $('verse-detail'),
};

let bible: TypedBible;
const has = (operation: string) => bible.operations.some((op) => op.name === operation);
/** call() for parameters the typed API does not list (GetPassage's `format` before the engine has it). */
const callLoose = (name: string, params: Record<string, unknown>) =>
  (bible.call as unknown as (n: string, p: Record<string, unknown>) => Promise<unknown>)(name, params);

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
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

function say(text: string): void {
  ui.message.hidden = !text;
  ui.message.textContent = text;
}

// ---- the place, in the URL ----

interface State {
  /** translation */
  v: string;
  b: number;
  c: number;
  /** parallel translation, '' for none */
  p: string;
  /** a word search */
  q: string;
  /** a reference list shown as results ("Rom 8:28-30; Jn 3:16") */
  r: string;
  /** a Strong's number whose verses are listed */
  s: string;
  /** the verse open in the panel */
  sel: string;
  /** verses picked out in the chapter: "firstId-lastId" */
  hl: string;
}

function readState(): State {
  const h = new URLSearchParams(location.hash.slice(1));
  return {
    v: h.get('v') ?? 'kjv',
    b: Number(h.get('b')) || 43,
    c: Number(h.get('c')) || 3,
    p: h.get('p') ?? '',
    q: h.get('q') ?? '',
    r: h.get('r') ?? '',
    s: h.get('s') ?? '',
    sel: /^\d{8}$/.test(h.get('sel') ?? '') ? h.get('sel')! : '',
    hl: /^\d{8}-\d{8}$/.test(h.get('hl') ?? '') ? h.get('hl')! : '',
  };
}

function hashOf(s: State): string {
  const h = new URLSearchParams({ v: s.v, b: String(s.b), c: String(s.c) });
  for (const key of ['p', 'q', 'r', 's', 'sel', 'hl'] as const) if (s[key]) h.set(key, s[key]);
  return `#${h}`;
}

/** A link to a place: the current place with some parts changed; a move to another chapter drops the rest. */
function linkTo(change: Partial<State>): string {
  const moved = (change.b !== undefined && change.b !== state.b) || (change.c !== undefined && change.c !== state.c);
  const base = moved ? { ...state, sel: '', hl: '' } : state;
  return hashOf({ ...base, ...change });
}

/** Moves to a place: a new history entry, which the hashchange listener shows. */
function go(change: Partial<State>): void {
  const hash = linkTo(change);
  if (hash === location.hash) void show();
  else location.hash = hash;
}

let state: State;

// ---- translations and books ----

const version = (id: string) => bible.meta.versionById.get(id)!;
const chaptersOf = (versionId: string, book: number) => version(versionId).chapterVerses[book - 1]?.length ?? 0;
const bookName = (versionId: string, book: number) => bible.meta.books[book - 1].names[version(versionId).language];
const isRtl = (versionId: string) => version(versionId).language === 'arabic';
const idParts = (id: string) => [Number(id.slice(0, 2)), Number(id.slice(2, 5)), Number(id.slice(5))];
function referenceOf(from: string, to = from): string {
  const [b1, c1, v1] = idParts(from);
  const [b2, c2, v2] = idParts(to);
  const start = `${bookName(state.v, b1)} ${c1}:${v1}`;
  if (to === from || to === '00000000') return start;
  if (b1 !== b2) return `${start}-${bookName(state.v, b2)} ${c2}:${v2}`;
  return c1 === c2 ? `${start}-${v2}` : `${start}-${c2}:${v2}`;
}

/** Translations whose text pack this device holds (the page's pack cache, which the service worker reads). */
async function storedVersions(): Promise<Set<string>> {
  const stored = new Set<string>();
  if (typeof caches === 'undefined') return stored;
  try {
    for (const request of await (await caches.open(PACK_CACHE)).keys()) {
      const match = /\/text-([a-z0-9_-]+)\.pack/.exec(request.url);
      if (match) stored.add(match[1]);
    }
  } catch {}
  return stored;
}

const offline = () => !navigator.onLine;

async function fillVersionLabels(): Promise<void> {
  const stored = offline() ? await storedVersions() : undefined;
  for (const o of Array.from(ui.version.options)) {
    const v = version(o.value);
    const mark = stored ? (stored.has(o.value) ? ' · stored' : ' · not stored') : '';
    o.textContent = `${v.abbreviation} — ${v.name}${mark}`;
  }
}

function fillPickers(): void {
  if (ui.version.options.length === 0) {
    ui.version.replaceChildren(...bible.meta.versions.map((v) => option(v.versionId, v.abbreviation)));
    ui.parallel.replaceChildren(
      option('', 'none'),
      ...bible.meta.versions.map((v) => option(v.versionId, v.abbreviation)),
    );
    void fillVersionLabels();
  }
  if (!bible.meta.versionById.has(state.v)) state.v = 'kjv';
  if (state.p && !bible.meta.versionById.has(state.p)) state.p = '';
  ui.version.value = state.v;
  ui.parallel.value = state.p;
  const books = bible.meta.books.filter((b) => chaptersOf(state.v, b.number) > 0);
  ui.book.replaceChildren(...books.map((b) => option(String(b.number), bookName(state.v, b.number))));
  if (!books.some((b) => b.number === state.b)) state.b = books[0]?.number ?? 1;
  ui.book.value = String(state.b);
  const chapters = chaptersOf(state.v, state.b);
  ui.chapter.replaceChildren(...Array.from({ length: chapters }, (_, i) => option(String(i + 1), String(i + 1))));
  state.c = Math.min(Math.max(state.c, 1), Math.max(chapters, 1));
  ui.chapter.value = String(state.c);
}

// ---- the chapter ----

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
    const p = el('p', { className: 'para', dir: isRtl(versionId) ? 'rtl' : 'auto' });
    p.append(...toDom(renderBlocks(versesToBlocks([row]))[0].children, document));
    return p;
  };
  for (const id of ids) grid.append(cell(a.get(id), state.v), cell(b.get(id), state.p));
  return grid;
}

let shownChapter = '';

async function notStoredMessage(versionId: string): Promise<string> {
  const stored = [...(await storedVersions())].filter((id) => bible.meta.versionById.has(id));
  const names = stored.map((id) => version(id).abbreviation).join(', ') || 'none yet';
  return `The ${version(versionId).abbreviation} is not stored on this device, so it cannot be read offline. Stored here: ${names}. Open it once while online to keep it.`;
}

/** Clears what was shown, so a failed chapter never leaves an older chapter or search on screen. */
function clearReading(): void {
  ui.text.replaceChildren();
  ui.results.replaceChildren();
  ui.results.hidden = true;
  ui.count.textContent = '';
  delete ui.count.dataset.count;
  ui.detail.hidden = true;
  shownResults = '';
  shownPanel = '';
}

async function renderChapter(): Promise<boolean> {
  const key = `${state.v}:${state.b}:${state.c}:${state.p}`;
  if (key === shownChapter) return true;
  shownChapter = key;
  ui.title.textContent = `${bookName(state.v, state.b)} ${state.c}`;
  ui.title.dir = isRtl(state.v) ? 'rtl' : 'auto';
  delete ui.text.dataset.shown;
  const needed = [state.v, ...(state.p ? [state.p] : [])];
  // Offline, a translation this device lacks fails to load its pack: the catch below says so. It is not
  // looked up first, since reading the cache's list would delay every chapter.
  try {
    if (!state.p) {
      const { blocks, structured } = await chapterBlocks(state.v);
      if (key !== shownChapter) return false;
      const body = el('div', { className: 'layout', dir: isRtl(state.v) ? 'rtl' : 'auto' });
      body.append(...toDom(renderBlocks(blocks), document));
      ui.text.replaceChildren(body);
      ui.text.dataset.layout = structured ? 'structured' : 'verses';
    } else {
      const [left, right] = await Promise.all([chapterRows(state.v), chapterRows(state.p)]);
      if (key !== shownChapter) return false;
      ui.text.replaceChildren(parallelGrid(left, right));
      ui.text.dataset.layout = 'parallel';
    }
    focusableVerseNumbers(ui.text);
    ui.text.dataset.shown = key;
    say('');
    return true;
  } catch (error) {
    if (key !== shownChapter) return false;
    shownChapter = '';
    clearReading();
    const stored = await storedVersions();
    const missing = needed.find((id) => !stored.has(id));
    say(missing && offline() ? await notStoredMessage(missing) : `This chapter cannot be shown: ${errorText(error)}`);
    ui.text.dataset.shown = 'unavailable';
    return false;
  }
}

/** Picks out the verses of `hl` and the open verse, and brings the first into view. */
function markVerses(): void {
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

// ---- searches and reference lists ----

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
  link.dir = isRtl(state.v) ? 'rtl' : 'auto';
  return link;
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

async function renderResults(): Promise<void> {
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
    ui.count.textContent = '';
    ui.results.hidden = true;
    say(`Search failed: ${errorText(error)}`);
  }
}

/**
 * What the search box was given: a reference (GetPassage reads it) jumps to its chapter, or lists its
 * passages when it names several; anything else is a word search. Text with a digit that no reference
 * reads is answered with GetPassage's reason ("John 99"), since words seldom hold digits.
 */
async function submitQuery(raw: string): Promise<void> {
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
      if (/\d/.test(query)) {
        say(errorText(error));
        return;
      }
    }
  }
  go({ q: query, r: '', s: '' });
}

// ---- the verse panel ----

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

const panelNote = (text: string) => el('p', { className: 'note', textContent: text });

async function originalWords(verseId: string): Promise<Node> {
  if (!has('GetOriginalText')) return panelNote('Hebrew and Greek words are not in this build.');
  const book = idParts(verseId)[0];
  const prefix = book <= 39 ? 'H' : 'G';
  const words = await bible.call('GetOriginalText', { verseId });
  const table = el(
    'table',
    { className: 'words' },
    el('caption', { textContent: book <= 39 ? 'Hebrew words' : 'Greek words' }),
    el(
      'tr',
      {},
      el('th', { scope: 'col', textContent: book <= 39 ? 'Hebrew' : 'Greek' }),
      el('th', { scope: 'col', textContent: "Strong's" }),
      el('th', { scope: 'col', textContent: 'meaning' }),
    ),
  );
  for (const w of words) {
    const gloss = (w.glossary ?? '').replace(/\s*\(Strong's [HG]\d+\)\s*$/, '');
    const strongs = w.strongs ? `${prefix}${w.strongs}` : '';
    const strongsCell = el('td', { className: 'strongs' });
    if (strongs && has('GetSearchStrongs'))
      strongsCell.append(
        el('a', {
          href: linkTo({ s: strongs, q: '', r: '' }),
          textContent: strongs,
          title: `Every verse with ${strongs}`,
        }),
      );
    else strongsCell.textContent = strongs;
    table.append(
      el(
        'tr',
        {},
        el(
          'td',
          {},
          el('span', {
            className: 'orig',
            lang: book <= 39 ? 'he' : 'el',
            dir: book <= 39 ? 'rtl' : 'ltr',
            textContent: w.word,
          }),
          el('div', { className: 'gloss', textContent: pronunciation(w.pronun) }),
        ),
        strongsCell,
        el('td', { className: 'gloss', textContent: gloss.length > 160 ? `${gloss.slice(0, 160)}…` : gloss }),
      ),
    );
  }
  return table;
}

async function crossReferences(verseId: string): Promise<Node> {
  if (!has('GetCrossReferences')) return panelNote('Cross references are not in this build.');
  const refs = await bible.call('GetCrossReferences', { verseId });
  if (refs.length === 0) return panelNote('No cross references for this verse.');
  const list = el('ul', { className: 'xrefs' });
  for (const r of refs.slice(0, 40)) {
    const [b, c] = idParts(r.sv);
    const end = r.ev === '00000000' ? r.sv : r.ev;
    const range = end === r.sv || idParts(end)[0] !== b || idParts(end)[1] !== c ? '' : `${r.sv}-${end}`;
    list.append(
      el('li', {}, el('a', { href: linkTo({ b, c, sel: r.sv, hl: range }), textContent: referenceOf(r.sv, r.ev) })),
    );
  }
  return list;
}

async function commentary(verseId: string): Promise<Node> {
  if (!has('GetCommentary')) return panelNote('Commentary is not in this build.');
  const text = String(await bible.call('GetCommentary', { verseId }));
  const box = el('details', { className: 'commentary' }, el('summary', { textContent: "Gill's commentary" }));
  box.append(...text.split(/\n+/).map((para) => el('p', { textContent: para })));
  return box;
}

async function section(title: string, make: () => Promise<Node>): Promise<HTMLElement> {
  let body: Node;
  try {
    body = await make();
  } catch (error) {
    body = panelNote(errorText(error));
  }
  return el('section', { className: 'panel-part' }, el('h4', { textContent: title }), body);
}

let shownPanel = '';

async function renderPanel(): Promise<void> {
  const verseId = state.sel;
  const key = `${state.v}:${verseId}`;
  if (key === shownPanel) return;
  shownPanel = key;
  delete ui.detail.dataset.verse;
  if (!verseId) {
    ui.detail.hidden = true;
    ui.detail.replaceChildren();
    return;
  }
  const close = el('button', {
    type: 'button',
    className: 'close',
    textContent: '×',
    ariaLabel: 'Close the verse panel',
  });
  close.addEventListener('click', () => go({ sel: '' }));
  const compare = el('button', { type: 'button', textContent: 'Compare every translation' });
  compare.addEventListener('click', () => void compareTranslations(verseId, compare));
  const parts = await Promise.all([
    section('Cross references', () => crossReferences(verseId)),
    section('Original words', () => originalWords(verseId)),
    section('Commentary', () => commentary(verseId)),
  ]);
  if (key !== shownPanel) return;
  ui.detail.replaceChildren(el('h3', { textContent: referenceOf(verseId) }), close, ...parts, compare);
  ui.detail.hidden = false;
  ui.detail.dataset.verse = verseId;
  // On a phone the panel sits below the chapter: bring it into view.
  if (matchMedia(PHONE).matches) ui.detail.scrollIntoView({ block: 'start' });
}

async function compareTranslations(verseId: string, button: HTMLButtonElement): Promise<void> {
  button.disabled = true;
  button.textContent = 'loading translations…';
  try {
    const rows = (await bible.call('GetParallelVerses', { verseId })).flat();
    button.replaceWith(
      el(
        'div',
        {},
        ...rows.map((r) =>
          el(
            'p',
            { className: 'para', dir: isRtl(r.versionId.replace(/^t_/, '')) ? 'rtl' : 'auto' },
            el('b', { textContent: `${r.versionAbbreviation} ` }),
            r.t,
          ),
        ),
      ),
    );
  } catch (error) {
    button.replaceWith(panelNote(`Other translations: ${errorText(error)}`));
  }
}

// ---- showing the place ----

let showing = Promise.resolve();

/** Shows what the hash says; calls run one after another so a quick Back lands on the last place. */
function show(): Promise<void> {
  showing = showing.then(async () => {
    state = readState();
    say('');
    fillPickers();
    ui.query.value = state.q || state.r || ui.query.value;
    if (!(await renderChapter())) return;
    markVerses();
    await Promise.all([renderResults(), renderPanel()]);
  });
  // A failure shows its reason and leaves the chain open for the next place.
  showing = showing.catch((error) => say(`This place cannot be shown: ${errorText(error)}`));
  return showing;
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
  go({ b, c });
}

// ---- display settings, remembered ----

interface Settings {
  fontSize: number;
  dark: boolean;
  redLetters: boolean;
}

function loadSettings(): Settings {
  const defaults = { fontSize: 17, dark: matchMedia('(prefers-color-scheme: dark)').matches, redLetters: true };
  try {
    return { ...defaults, ...(JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}') as Partial<Settings>) };
  } catch {
    return defaults;
  }
}

function applySettings(s: Settings): void {
  document.documentElement.style.setProperty('--text-size', `${s.fontSize}px`);
  document.documentElement.dataset.theme = s.dark ? 'dark' : 'light';
  document.body.classList.toggle('plain-letters', !s.redLetters);
  ui.dark.checked = s.dark;
  ui.redLetters.checked = s.redLetters;
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(s));
  } catch {}
}

function wireSettings(): void {
  let settings = loadSettings();
  const change = (next: Partial<Settings>) => {
    settings = { ...settings, ...next };
    applySettings(settings);
  };
  applySettings(settings);
  ui.dark.addEventListener('change', () => change({ dark: ui.dark.checked }));
  ui.redLetters.addEventListener('change', () => change({ redLetters: ui.redLetters.checked }));
  ui.smaller.addEventListener('click', () => change({ fontSize: Math.max(13, settings.fontSize - 2) }));
  ui.larger.addEventListener('click', () => change({ fontSize: Math.min(31, settings.fontSize + 2) }));
}

// ---- keys, clicks and the network ----

function onKey(event: KeyboardEvent): void {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target as HTMLElement;
  const typing = /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName) || target.isContentEditable;
  if (event.key === 'Escape') {
    if (typing) target.blur();
    else if (state.sel) go({ sel: '' });
    return;
  }
  if (typing) return;
  if (event.key === 'ArrowRight' || event.key === ']') step(1);
  else if (event.key === 'ArrowLeft' || event.key === '[') step(-1);
  else if (event.key === '/') ui.query.focus();
  else if (event.key === 'Enter' && target.classList.contains('vnum')) target.click();
  else return;
  event.preventDefault();
}

function onTextClick(event: MouseEvent): void {
  const target = event.target as HTMLElement;
  const call = target.closest<HTMLButtonElement>('.note-call');
  if (call) {
    const note = document.getElementById(call.getAttribute('aria-controls') ?? '');
    const open = call.getAttribute('aria-expanded') !== 'true';
    call.setAttribute('aria-expanded', String(open));
    if (note) note.hidden = !open;
    return;
  }
  const verse = target.closest<HTMLElement>('[data-verse]');
  if (verse && !window.getSelection()?.toString()) go({ sel: verse.dataset.verse });
}

async function showNetwork(): Promise<void> {
  const online = navigator.onLine;
  let text = online ? 'online' : 'offline';
  if (navigator.serviceWorker?.controller) text += ' · available offline';
  if (!online && bible) {
    const stored = [...(await storedVersions())].filter((id) => bible.meta.versionById.has(id));
    text += ` · stored: ${stored.map((id) => version(id).abbreviation).join(', ') || 'none'}`;
  }
  ui.status.textContent = text;
  ui.status.classList.toggle('offline', !online);
  if (bible && ui.version.options.length) await fillVersionLabels();
}

function wireControls(): void {
  ui.version.addEventListener('change', () => go({ v: ui.version.value }));
  ui.parallel.addEventListener('change', () => go({ p: ui.parallel.value }));
  ui.book.addEventListener('change', () => go({ b: Number(ui.book.value), c: 1 }));
  ui.chapter.addEventListener('change', () => go({ c: Number(ui.chapter.value) }));
  ui.prev.addEventListener('click', () => step(-1));
  ui.next.addEventListener('click', () => step(1));
  ui.form.addEventListener('submit', (event) => {
    event.preventDefault();
    void submitQuery(ui.query.value);
  });
  ui.text.addEventListener('click', onTextClick);
  document.addEventListener('keydown', onKey);
  addEventListener('hashchange', () => void show());
}

async function main(): Promise<void> {
  state = readState();
  wireSettings();
  if ('serviceWorker' in navigator && location.protocol !== 'file:') {
    navigator.serviceWorker
      .register('sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then(showNetwork)
      .catch(() => {});
    navigator.serviceWorker.addEventListener('controllerchange', () => void showNetwork());
  }
  addEventListener('online', () => {
    void showNetwork();
    shownChapter = '';
    void show();
  });
  addEventListener('offline', () => void showNetwork());
  try {
    bible = await openBrowser({ baseUrl: new URL('data/', location.href), cacheName: PACK_CACHE });
    // The page asks which operations the engine has (bible.operations), which needs the operation table.
    await bible.load([]);
  } catch (error) {
    ui.status.textContent = 'not available';
    say(`The Bible data could not be loaded: ${errorText(error)}. Open this page once while online.`);
    return;
  }
  void showNetwork();
  wireControls();
  await show();
  document.body.dataset.ready = 'true';
}

void main();
