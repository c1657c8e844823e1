// The place the page shows (translation, chapter, search, the verse open in the panel) lives in the URL
// hash: every move sets the hash, and the page shows whatever the hash says, so Back, Forward, reload
// and a shared link all land on the same place.

export interface State {
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

export function readState(): State {
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

/** The place the page shows now: read from the hash by `readPlace`, each time the page shows it. */
export let state: State;
export function readPlace(): void {
  state = readState();
}

/** How the page shows the place; app.ts sets it, so that a move to the same hash shows it again. */
let showPlace: () => Promise<void> = async () => {};
export function whenShown(show: () => Promise<void>): void {
  showPlace = show;
}

/** A link to a place: the current place with some parts changed; a move to another chapter drops the rest. */
export function linkTo(change: Partial<State>): string {
  const moved = (change.b !== undefined && change.b !== state.b) || (change.c !== undefined && change.c !== state.c);
  const base = moved ? { ...state, sel: '', hl: '' } : state;
  return hashOf({ ...base, ...change });
}

/** Moves to a place: a new history entry, which the hashchange listener shows. */
export function go(change: Partial<State>): void {
  const hash = linkTo(change);
  if (hash === location.hash) void showPlace();
  else location.hash = hash;
}
