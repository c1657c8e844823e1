// OSIS SWORD filter (kjv, asv, bbe, dby, rv1909): turns one verse entry into clean plain text.
// The rules and the counts behind them are in the corpus provenance (provenance/bibles.md).
//
// - Notes (`<note>`, with KJV's `<catchWord>`/`<rdg>` inside) are dropped with their content.
// - Colophons (`<div type="colophon">`, the Pauline subscriptions) are dropped with their content.
// - Titles: only a Psalm superscription at the very start of the entry is kept, followed by a space
//   (see PSALM_TITLE_RULE in sword-ztext.ts). Any other title (Ps 119 acrostics, ASV's "BOOK II"…
//   headings, ASV's subscription after Hab 3:19) is dropped with its content.
// - `<divineName>` is small caps in print, so its words are upper-cased: Lord -> LORD, God -> GOD.
// - Self-closing milestones (`<div/>`, `<l/>`, `<lb/>`, `<chapter/>`, `<milestone/>`) stand between
//   lines or paragraphs, so they become a space (KJV's empty `<w/>` excepted: it is an untranslated
//   Greek word, not a break). Every other tag just goes, keeping its words
//   (`<w>`, `<transChange>`, `<q>`, `<foreign>`, `<hi>`, `<inscription>`, ...).
import type { NoteKind, TitleKind } from '../../../engine/core/structure/model.ts';
import { cleanNoteText, countedLength, type MarkupRecorder } from '../markup-recorder.ts';
import { tidyText } from './plain.ts';

// Placeholders left where removed markup may have separated two words; resolved once the whole entry
// is flattened, because only then are the real neighbouring characters known.
const NOTE_GAP = '\u0001';
const WORD_GAP = '\u0002';

// SpaRV writes enclitic pronouns as added words inside the verb (sáca<transChange>lo</transChange>),
// so there a transChange boundary between letters must NOT become a space. In ASV the same shape
// is a missing space between two words ("he made</transChange>the stars").
const TRANSCHANGE_INSIDE_WORDS = new Set(['SpaRV']);

// BBE marks its Psalm superscriptions as pre-verse section titles rather than type="psalm".
const PREVERSE_SECTION_IS_PSALM_TITLE = new Set(['BBE']);

const TOKEN = /<[^>]*>|[^<]+/g;
// KJV's empty `<w src="…"/>` is an untranslated Greek word: no text and no space (a space there would
// give "said , Whosoever"), so it goes with the other word wrappers.
const WORD_TAG = /<\/?w(?:\s[^>]*)?\/?>/g;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name] ?? whole;
  });
}

/** The raw value of one attribute of a start tag (values here never contain quotes). */
export function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

function isPsalmTitle(tag: string, moduleName: string): boolean {
  const type = attribute(tag, 'type');
  if (type === 'psalm') return true;
  return (
    type === 'section' && attribute(tag, 'subType') === 'x-preverse' && PREVERSE_SECTION_IS_PSALM_TITLE.has(moduleName)
  );
}

/** Elements that are dropped together with everything inside them. */
function dropsContent(name: string, tag: string): boolean {
  return name === 'note' || (name === 'div' && attribute(tag, 'type') === 'colophon');
}

/** Turns each leftover placeholder into a space only where the two sides would otherwise touch. */
function resolveGaps(text: string): string {
  return text.replace(/[\u0001\u0002]+/g, (run, offset: number) => {
    const before = text[offset - 1] ?? '';
    const after = text[offset + run.length] ?? '';
    // Darby's name notes sit between words ("beginning<note>Elohim</note>God"): any touching pair
    // of non-space characters needs the space back.
    if (run.includes(NOTE_GAP)) return /\S/.test(before) && /\S/.test(after) ? ' ' : '';
    const wordChar = /[\p{L}\p{M}\p{N}]/u;
    // ASV ends a plural possessive right before an added word: "fathers’<transChange>houses".
    const endsWord = wordChar.test(before) || (/['’]/.test(before) && wordChar.test(text[offset - 2] ?? ''));
    return endsWord && wordChar.test(after) ? ' ' : '';
  });
}

/** What a dropped element was, for the markup: a note's kind, a title's kind, or nothing to keep. */
function droppedAs(name: string, tag: string): { note?: NoteKind; title?: TitleKind } {
  if (name === 'note') {
    const type = attribute(tag, 'type');
    if (type === 'crossReference') return { note: 'crossref' };
    if (type === 'variant') return { note: 'variant' };
    if (type === 'study') return { note: 'study' };
    return { note: 'footnote' };
  }
  if (name === 'div') return { title: 'subscription' };
  if (name === 'title' && attribute(tag, 'type') === 'acrostic') return { title: 'acrostic' };
  return {};
}

/** The block a milestone or element starts, where it starts one: paragraphs and poetry lines. */
function blockStart(
  name: string,
  tag: string,
  selfClosing: boolean,
): { block: 'paragraph' | 'poetry'; level?: number } | undefined {
  const type = attribute(tag, 'type');
  const starts = !selfClosing || attribute(tag, 'sID') !== undefined;
  if (name === 'milestone' && type === 'x-p') return { block: 'paragraph' };
  if (name === 'lb' && type === 'x-p') return { block: 'paragraph' };
  if (name === 'div' && (type === 'x-p' || type === 'paragraph') && starts) return { block: 'paragraph' };
  if (name === 'p' && starts) return { block: 'paragraph' };
  if (name === 'l' && starts) return { block: 'poetry', level: Number(attribute(tag, 'level') ?? 1) || 1 };
  return undefined;
}

/** The paragraphs and poetry lines an entry's tags start, in order (a chapter intro's, for its verse 1). */
export function blockStartsIn(raw: string): { block: 'paragraph' | 'poetry'; level?: number }[] {
  const starts: { block: 'paragraph' | 'poetry'; level?: number }[] = [];
  for (const [tag] of raw.matchAll(/<(?!\/)[^>]*>/g)) {
    const name = /^<([\w:]+)/.exec(tag)?.[1] ?? '';
    const start = blockStart(name, tag, tag.endsWith('/>'));
    if (start) starts.push(start);
  }
  return starts;
}

/** Whether a tag ends a poetry line (after which prose, if any comes, is a paragraph of its own). */
const endsLine = (name: string, tag: string, closing: boolean, selfClosing: boolean) =>
  name === 'l' && (closing || (selfClosing && attribute(tag, 'eID') !== undefined));

/** Character styles of OSIS elements: the words of Jesus, added words, the divine name. */
function styleOf(name: string, tag: string): 'wj' | 'add' | 'nd' | undefined {
  if (name === 'q') return attribute(tag, 'who') === 'Jesus' ? 'wj' : undefined;
  if (name === 'transChange') return attribute(tag, 'type') === 'added' ? 'add' : undefined;
  if (name === 'divineName') return 'nd';
  return undefined;
}

/** An element being dropped with its content: where it ends, what it leaves, the words it held, and a
 *  note's catchword (KJV `<catchWord>`). */
interface Skipping {
  name: string;
  depth: number;
  gap: string;
  tag: string;
  words: string[];
  hidden: number;
  catchWord: number;
  catchWords: string[];
}

const skipping = (name: string, tag: string, gap: string): Skipping => ({
  name,
  depth: 1,
  gap,
  tag,
  words: [],
  hidden: 0,
  catchWord: 0,
  catchWords: [],
});

/** A kept Psalm title's words as written, from the counted position `start`; `searchFrom` is where in
 *  the title the last note placed there stands, and `open` whether the notes still come from the title. */
interface TitleWords {
  start: number;
  words: string;
  searchFrom: number;
  open: boolean;
}

/** Where one entry's walk stands: the text so far and the open elements that change it. */
interface OsisWalk {
  readonly moduleName: string;
  readonly rec: MarkupRecorder | undefined;
  readonly out: string[];
  /** has any verse word been emitted yet? (a kept title must come first) */
  hasText: boolean;
  skipping: Skipping | undefined;
  keptTitle: boolean;
  /** The kept title's words, for a note the source writes after the verse whose catchword is in the title. */
  title: TitleWords | undefined;
  divineNameDepth: number;
  /** The styles each open element started (undefined for one that starts none), per element name. */
  readonly styles: Map<string, ('wj' | 'add' | 'nd' | undefined)[]>;
  readonly jesusMilestones: Set<string>;
  proseAfterLine: boolean;
}

/**
 * One OSIS verse entry as clean plain text. With a recorder, its markup is recorded too (the words of
 * Jesus, added words, the divine name, a kept Psalm title, paragraphs and poetry lines, notes, acrostic
 * titles and colophons); the text is the same with or without one.
 */
export function osisToText(raw: string, moduleName: string, rec?: MarkupRecorder): string {
  const walk: OsisWalk = {
    moduleName,
    rec,
    out: [],
    hasText: false,
    skipping: undefined,
    keptTitle: false,
    title: undefined,
    divineNameDepth: 0,
    styles: new Map(),
    jesusMilestones: new Set(),
    proseAfterLine: false,
  };

  // Word wrappers (`<w lemma=…>`, and KJV's empty `<w/>` for an untranslated Greek word) are the bulk
  // of the markup and never carry meaning for plain text; dropping them up front halves the work.
  const withoutWordTags = raw.replace(WORD_TAG, '');

  for (const [token] of withoutWordTags.matchAll(TOKEN)) {
    if (token[0] !== '<') {
      walkText(walk, token);
      continue;
    }
    const closing = token.startsWith('</');
    const selfClosing = token.endsWith('/>');
    const name = /^<\/?([\w:]+)/.exec(token)?.[1] ?? '';
    if (walk.skipping) walkSkippedTag(walk, walk.skipping, name, closing, selfClosing);
    else walkTag(walk, token, name, closing, selfClosing);
  }

  return tidyText(resolveGaps(walk.out.join('')));
}

/** A run of text: kept (upper-cased inside the divine name), or gathered for the markup while dropping. */
function walkText(walk: OsisWalk, token: string) {
  const { rec } = walk;
  const text = token.includes('&') ? decodeXmlEntities(token) : token;
  if (walk.skipping) {
    if (rec && walk.skipping.hidden === 0) walk.skipping.words.push(text);
    if (rec && walk.skipping.catchWord > 0) walk.skipping.catchWords.push(text);
    return;
  }
  const written = walk.divineNameDepth > 0 ? text.toUpperCase() : text;
  if (walk.title && walk.keptTitle) walk.title.words += written;
  if (rec && walk.proseAfterLine && /\S/.test(written)) {
    rec.paragraph('paragraph');
    walk.proseAfterLine = false;
  }
  walk.out.push(written);
  rec?.text(written);
  if (/\S/.test(text)) walk.hasText = true;
}

/** A tag inside a dropped element: only the matching element can end the drop. */
function walkSkippedTag(walk: OsisWalk, skipping: Skipping, name: string, closing: boolean, selfClosing: boolean) {
  // Only the matching element can end a skip; count nesting of the same name.
  if (name === skipping.name && !selfClosing) {
    skipping.depth += closing ? -1 : 1;
    if (skipping.depth === 0) {
      walk.out.push(skipping.gap);
      if (walk.rec) recordDropped(walk.rec, skipping, walk.hasText, walk.keptTitle ? undefined : walk.title);
      walk.skipping = undefined;
    }
  } else if (name === 'reference' && !selfClosing) {
    // A note's own reference ("1.1 ") says where it stands, which its place already says.
    skipping.hidden += closing ? -1 : 1;
  } else if (name === 'catchWord' && !selfClosing) {
    skipping.catchWord += closing ? -1 : 1;
  }
}

/** A tag outside any dropped element: its markup recorded, then its effect on the text. */
function walkTag(walk: OsisWalk, token: string, name: string, closing: boolean, selfClosing: boolean) {
  const { rec, out, moduleName } = walk;
  if (rec) {
    const start = blockStart(name, token, selfClosing);
    if (start) {
      rec.paragraph(start.block, start.level);
      walk.proseAfterLine = false;
    } else if (endsLine(name, token, closing, selfClosing)) walk.proseAfterLine = true;
    recordStyle(rec, name, token, closing, selfClosing, walk.styles, walk.jesusMilestones);
  }

  if (selfClosing) {
    // Empty elements are line/paragraph/chapter milestones, which separate words.
    out.push(' ');
  } else if (!closing && dropsContent(name, token)) {
    walk.skipping = skipping(name, token, name === 'note' ? NOTE_GAP : ' ');
  } else if (name === 'title') {
    walkTitle(walk, token, closing);
  } else if (name === 'divineName') {
    walk.divineNameDepth += closing ? -1 : 1;
  } else if (name === 'transChange' && !TRANSCHANGE_INSIDE_WORDS.has(moduleName)) {
    out.push(WORD_GAP);
  }
  // Any other opening or closing tag simply disappears, keeping the words it wraps.
}

/** A title tag: a Psalm superscription at the very start is kept, any other title dropped. */
function walkTitle(walk: OsisWalk, token: string, closing: boolean) {
  if (closing) {
    if (walk.keptTitle) {
      walk.out.push(' ');
      walk.rec?.close('title');
    }
    walk.keptTitle = false;
  } else if (!walk.hasText && isPsalmTitle(token, walk.moduleName)) {
    walk.keptTitle = true;
    if (walk.rec) {
      walk.rec.open('title', 'psalm');
      walk.title = { start: walk.rec.counted(), words: '', searchFrom: 0, open: true };
    }
  } else {
    walk.skipping = skipping('title', token, ' ');
  }
}

/**
 * Where in a kept title a note on its words stands, as a counted position: the KJV writes every note
 * after the verse, in reading order, naming its words in `<catchWord>` ("words" for "the words of Cush"
 * in Ps 7's title). So the title's notes come first: each goes after its catchword in the title, found
 * after the one before it, until a note whose catchword the rest of the title does not have; that note
 * and every one after it are the verse's. (A catchword in both, "of" in Ps 50, is the title's: the
 * verse's own notes follow the title's.)
 */
function titleNoteAt(title: TitleWords, catchWord: string): number | undefined {
  if (!title.open) return undefined;
  title.open = false;
  const words = catchWord
    .replace(/…|\.\.\./g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[-–—‐]/g, '[-–—‐]'));
  if (words.length === 0) return undefined;
  const phrase = new RegExp(`(?<![\\p{L}\\p{N}])${words.join('\\s+')}(?![\\p{L}\\p{N}])`, 'iu');
  const found = phrase.exec(title.words.slice(title.searchFrom));
  if (!found) return undefined;
  const end = title.searchFrom + found.index + found[0].length;
  title.searchFrom = end;
  title.open = true;
  return title.start + countedLength(title.words.slice(0, end));
}

/** A dropped element's words, kept in the markup where it is a note, an acrostic title or a colophon. */
function recordDropped(rec: MarkupRecorder, dropped: Skipping, hasText: boolean, title: TitleWords | undefined) {
  const as = droppedAs(dropped.name, dropped.tag);
  const text = cleanNoteText(dropped.words.join(''));
  if (!text) return;
  if (as.note) {
    const catchWord = cleanNoteText(dropped.catchWords.join(''));
    const at = title && catchWord ? titleNoteAt(title, catchWord) : undefined;
    rec.note({ type: 'note', kind: as.note, text }, at);
  } else if (as.title)
    rec.block({ type: 'title', kind: as.title, content: [{ type: 'text', text }] }, hasText ? 'previous' : 'next');
}

/** Opens or closes the character style an element marks. */
function recordStyle(
  rec: MarkupRecorder,
  name: string,
  tag: string,
  closing: boolean,
  selfClosing: boolean,
  styles: Map<string, ('wj' | 'add' | 'nd' | undefined)[]>,
  jesusMilestones: Set<string>,
) {
  if (name !== 'q' && name !== 'transChange' && name !== 'divineName') return;
  if (selfClosing) {
    // Milestone quotations (<q sID="…" who="Jesus"/> … <q eID="…"/>).
    const sID = attribute(tag, 'sID');
    const eID = attribute(tag, 'eID');
    if (sID && styleOf(name, tag) === 'wj') {
      jesusMilestones.add(sID);
      rec.open('wj');
    } else if (eID && jesusMilestones.delete(eID)) rec.close('wj');
    return;
  }
  const stack = styles.get(name) ?? [];
  styles.set(name, stack);
  if (closing) {
    const style = stack.pop();
    if (style) rec.close(style);
  } else {
    const style = styleOf(name, tag);
    stack.push(style);
    if (style) rec.open(style);
  }
}
