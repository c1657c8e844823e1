// The offline reader page: the engine runs in the page (./engine.js) on packs fetched from data/; the
// service worker (sw.js) keeps the page, the bundle and every pack used, so it works with the network
// cut. The place (translation, chapter, search, the verse open in the panel) lives in the URL hash:
// every move sets the hash, and the page shows whatever the hash says, so Back, Forward, reload and a
// shared link all land on the same place. Operations a build may leave out (GetSearch, GetOriginalText,
// GetCrossReferences, GetCommentary, GetSearchStrongs, GetPassage) are used when the build has them.
// The page's parts are modules: the place in the URL (place.ts), the pickers (pickers.ts), the chapter,
// searches, the verse panel and the settings; page.ts holds what they share. This one shows a place and
// wires the controls, the keys and the network to it.
import { forgetChapter, markVerses, renderChapter } from './chapter.ts';
import { openBrowser } from './engine.js';
import { bible, chaptersOf, errorText, PACK_CACHE, say, storedVersions, ui, useBible, version } from './page.ts';
import { renderPanel } from './panel.ts';
import { fillPickers, fillVersionLabels } from './pickers.ts';
import { go, linkTo, readPlace, state, whenShown } from './place.ts';
import { renderResults, submitQuery } from './search.ts';
import { wireSettings } from './settings.ts';

let showing = Promise.resolve();

/** Shows what the hash says; calls run one after another so a quick Back lands on the last place. */
function show(): Promise<void> {
  showing = showing.then(async () => {
    readPlace();
    say('');
    const moved = fillPickers();
    // The URL then names the place shown, so a reload or a shared link shows it too.
    if (moved) history.replaceState(null, '', linkTo({}));
    ui.query.value = state.q || state.r || ui.query.value;
    if (!(await renderChapter())) return;
    if (moved) say([moved, ui.message.textContent].filter(Boolean).join(' '));
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
  readPlace();
  whenShown(show);
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
    forgetChapter();
    void show();
  });
  addEventListener('offline', () => void showNetwork());
  try {
    useBible(await openBrowser({ baseUrl: new URL('data/', location.href), cacheName: PACK_CACHE }));
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
