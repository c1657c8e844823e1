// The translation, book and chapter pickers, filled from the engine's tables; an unknown translation
// or book in the place falls back to one the page has.
import { bible, bookName, chaptersOf, languageTag, offline, option, storedVersions, ui, version } from './page.ts';
import { state } from './place.ts';

export async function fillVersionLabels(): Promise<void> {
  const stored = offline() ? await storedVersions() : undefined;
  for (const o of Array.from(ui.version.options)) {
    const v = version(o.value);
    const mark = stored ? (stored.has(o.value) ? ' · stored' : ' · not stored') : '';
    o.textContent = `${v.abbreviation} — ${v.name}${mark}`;
  }
}

/**
 * Fills the pickers for the place, first moving a place the page cannot show (a translation it does not
 * have, a book or chapter the translation lacks) to the nearest one it can; answers what moved, in words,
 * or '' when the place stands.
 */
export function fillPickers(): string {
  if (ui.version.options.length === 0) {
    ui.version.replaceChildren(...bible.meta.versions.map((v) => option(v.versionId, v.abbreviation)));
    ui.parallel.replaceChildren(
      option('', 'none'),
      ...bible.meta.versions.map((v) => option(v.versionId, v.abbreviation)),
    );
    void fillVersionLabels();
  }
  const moved: string[] = [];
  if (!bible.meta.versionById.has(state.v)) {
    moved.push(`There is no translation "${state.v}" here.`);
    state.v = 'kjv';
  }
  if (state.p && !bible.meta.versionById.has(state.p)) {
    moved.push(`There is no translation "${state.p}" here to read beside it.`);
    state.p = '';
  }
  ui.version.value = state.v;
  ui.parallel.value = state.p;
  const books = bible.meta.books.filter((b) => chaptersOf(state.v, b.number) > 0);
  const language = languageTag(state.v);
  ui.book.replaceChildren(
    ...books.map((b) => Object.assign(option(String(b.number), bookName(state.v, b.number)), { lang: language })),
  );
  const name = version(state.v).abbreviation;
  if (!books.some((b) => b.number === state.b)) {
    const known = bible.meta.books[state.b - 1];
    moved.push(`The ${name} has no ${known ? bookName(state.v, state.b) : `book ${state.b}`}.`);
    state.b = books[0]?.number ?? 1;
    state.c = 1;
  }
  ui.book.value = String(state.b);
  const chapters = chaptersOf(state.v, state.b);
  ui.chapter.replaceChildren(...Array.from({ length: chapters }, (_, i) => option(String(i + 1), String(i + 1))));
  const chapter = Math.min(Math.max(Math.trunc(state.c), 1), Math.max(chapters, 1));
  if (chapter !== state.c) {
    moved.push(`The ${name} has no ${bookName(state.v, state.b)} ${state.c}: it has ${chapters}.`);
    state.c = chapter;
  }
  ui.chapter.value = String(state.c);
  return moved.length ? `${moved.join(' ')} Showing ${bookName(state.v, state.b)} ${state.c}.` : '';
}
