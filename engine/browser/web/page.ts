// The reader page's shared pieces: its elements, the engine it reads (opened once by app.ts), and the
// small helpers every part of the page uses to build elements, name translations and books, and say
// what went wrong. The other modules of the page (place, pickers, chapter, search, panel, settings)
// import these; app.ts wires them together.
import type { TypedBible } from './engine.js';
import type { VerseRow as LayoutRow } from './render.ts';

export interface VerseRow extends LayoutRow {
  b: string;
  c: string;
}

export const PACK_CACHE = 'bible-packs';
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
export const ui = {
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

/** The engine the page reads; app.ts opens it before anything is shown. */
export let bible: TypedBible;
export function useBible(opened: TypedBible): void {
  bible = opened;
}
export const has = (operation: string) => bible.operations.some((op) => op.name === operation);
/** call() for parameters the typed API does not list (GetPassage's `format` before the engine has it). */
export const callLoose = (name: string, params: Record<string, unknown>) =>
  (bible.call as unknown as (n: string, p: Record<string, unknown>) => Promise<unknown>)(name, params);

export const el = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};
export const option = (value: string, label: string) => el('option', { value, textContent: label });
export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function say(text: string): void {
  ui.message.hidden = !text;
  ui.message.textContent = text;
}

// ---- translations and books ----

export const version = (id: string) => bible.meta.versionById.get(id)!;
export const chaptersOf = (versionId: string, book: number) => version(versionId).chapterVerses[book - 1]?.length ?? 0;
export const bookName = (versionId: string, book: number) =>
  bible.meta.books[book - 1].names[version(versionId).language];
/** The built-in translations' languages as BCP 47 tags; an imported one carries the code its file gave. */
const LANGUAGE_TAGS: Record<string, string> = { english: 'en', spanish: 'es', arabic: 'ar' };
const RIGHT_TO_LEFT = new Set(['ar', 'he', 'fa', 'ur', 'yi', 'syr', 'arc']);
/** The translation's language as a `lang` value ("ar", "es"), or '' when it names none a browser knows. */
export function languageTag(versionId: string): string {
  const language = String(version(versionId).language ?? '');
  const tag = LANGUAGE_TAGS[language] ?? language;
  return /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i.test(tag) ? tag : '';
}
export const isRtl = (versionId: string) => RIGHT_TO_LEFT.has(languageTag(versionId).split('-')[0].toLowerCase());
/**
 * Marks a node as written in the translation's language and direction, so a screen reader reads it with
 * that language's voice (the page itself is English).
 */
export function inLanguageOf<T extends HTMLElement>(node: T, versionId: string): T {
  const tag = languageTag(versionId);
  if (tag) node.lang = tag;
  else node.removeAttribute('lang');
  node.dir = isRtl(versionId) ? 'rtl' : 'auto';
  return node;
}
export const idParts = (id: string) => [Number(id.slice(0, 2)), Number(id.slice(2, 5)), Number(id.slice(5))];

/** Translations whose text pack this device holds (the page's pack cache, which the service worker reads). */
export async function storedVersions(): Promise<Set<string>> {
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

export const offline = () => !navigator.onLine;
