// The verse panel: a verse's cross references, its Hebrew or Greek words with their Strong's numbers,
// the commentary, and the verse in every translation; each part the build lacks says so.
import { bible, bookName, el, errorText, has, idParts, inLanguageOf, say, ui, version } from './page.ts';
import { go, linkTo, state } from './place.ts';

const PHONE = '(max-width: 800px)';

/**
 * The place's `sel` names a verse of the chapter shown that this translation has: 8 digits, in the
 * chapter's verse numbers, and a verse its text holds (the WEB leaves out Luke 17:36).
 */
async function hasVerse(versionId: string, verseId: string): Promise<boolean> {
  if (!/^\d{8}$/.test(verseId)) return false;
  const [b, c, v] = idParts(verseId);
  if (b !== state.b || c !== state.c) return false;
  const last = version(versionId).chapterLastVerses[b - 1]?.[c - 1] ?? 0;
  if (v < 1 || v > last) return false;
  return (await bible.call('GetVerse', { verseId, versionId })).length > 0;
}

function referenceOf(from: string, to = from): string {
  const [b1, c1, v1] = idParts(from);
  const [b2, c2, v2] = idParts(to);
  const start = `${bookName(state.v, b1)} ${c1}:${v1}`;
  if (to === from || to === '00000000') return start;
  if (b1 !== b2) return `${start}-${bookName(state.v, b2)} ${c2}:${v2}`;
  return c1 === c2 ? `${start}-${v2}` : `${start}-${c2}:${v2}`;
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

export function forgetPanel(): void {
  shownPanel = '';
}

export async function renderPanel(): Promise<void> {
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
  if (!(await hasVerse(state.v, verseId))) {
    if (key !== shownPanel) return;
    ui.detail.hidden = true;
    ui.detail.replaceChildren();
    const [b, c] = idParts(verseId);
    const elsewhere = /^\d{8}$/.test(verseId) && (b !== state.b || c !== state.c);
    const shown = `${bookName(state.v, state.b)} ${state.c}`;
    say(
      `The link opens verse ${JSON.stringify(verseId.slice(0, 20))}, which ${elsewhere ? `is not in ${shown}, the chapter shown` : `the ${version(state.v).abbreviation} does not have`}.`,
    );
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

/** One translation's verse in the comparison, in its language; `table` is the API's "t_kjv", "t_srv". */
function compareRow(table: string, abbreviation: string, text: string): HTMLElement {
  const row = el('p', { className: 'para' }, el('b', { textContent: `${abbreviation} ` }), text);
  const known = bible.meta.versions.find((v) => v.table === table);
  return known ? inLanguageOf(row, known.versionId) : row;
}

async function compareTranslations(verseId: string, button: HTMLButtonElement): Promise<void> {
  button.disabled = true;
  button.textContent = 'loading translations…';
  try {
    const rows = (await bible.call('GetParallelVerses', { verseId })).flat();
    button.replaceWith(el('div', {}, ...rows.map((r) => compareRow(r.versionId, r.versionAbbreviation, r.t))));
  } catch (error) {
    button.replaceWith(panelNote(`Other translations: ${errorText(error)}`));
  }
}
