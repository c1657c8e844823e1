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

export function fillPickers(): void {
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
  const language = languageTag(state.v);
  ui.book.replaceChildren(
    ...books.map((b) => Object.assign(option(String(b.number), bookName(state.v, b.number)), { lang: language })),
  );
  if (!books.some((b) => b.number === state.b)) state.b = books[0]?.number ?? 1;
  ui.book.value = String(state.b);
  const chapters = chaptersOf(state.v, state.b);
  ui.chapter.replaceChildren(...Array.from({ length: chapters }, (_, i) => option(String(i + 1), String(i + 1))));
  state.c = Math.min(Math.max(state.c, 1), Math.max(chapters, 1));
  ui.chapter.value = String(state.c);
}
