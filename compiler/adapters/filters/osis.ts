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

export function osisToText(raw: string, moduleName: string): string {
  const out: string[] = [];
  let hasText = false; // has any verse word been emitted yet? (a kept title must come first)
  let skipping: { name: string; depth: number; gap: string } | undefined;
  let keptTitle = false;
  let divineNameDepth = 0;

  // Word wrappers (`<w lemma=…>`, and KJV's empty `<w/>` for an untranslated Greek word) are the bulk
  // of the markup and never carry meaning for plain text; dropping them up front halves the work.
  const withoutWordTags = raw.replace(WORD_TAG, '');

  for (const [token] of withoutWordTags.matchAll(TOKEN)) {
    if (token[0] !== '<') {
      if (skipping) continue;
      const text = token.includes('&') ? decodeXmlEntities(token) : token;
      out.push(divineNameDepth > 0 ? text.toUpperCase() : text);
      if (/\S/.test(text)) hasText = true;
      continue;
    }

    const closing = token.startsWith('</');
    const selfClosing = token.endsWith('/>');
    const name = /^<\/?([\w:]+)/.exec(token)?.[1] ?? '';

    if (skipping) {
      // Only the matching element can end a skip; count nesting of the same name.
      if (name === skipping.name && !selfClosing) {
        skipping.depth += closing ? -1 : 1;
        if (skipping.depth === 0) {
          out.push(skipping.gap);
          skipping = undefined;
        }
      }
      continue;
    }

    if (selfClosing) {
      // Empty elements are line/paragraph/chapter milestones, which separate words.
      out.push(' ');
    } else if (!closing && dropsContent(name, token)) {
      skipping = { name, depth: 1, gap: name === 'note' ? NOTE_GAP : ' ' };
    } else if (name === 'title') {
      if (closing) {
        if (keptTitle) out.push(' ');
        keptTitle = false;
      } else if (!hasText && isPsalmTitle(token, moduleName)) {
        keptTitle = true;
      } else {
        skipping = { name, depth: 1, gap: ' ' };
      }
    } else if (name === 'divineName') {
      divineNameDepth += closing ? -1 : 1;
    } else if (name === 'transChange' && !TRANSCHANGE_INSIDE_WORDS.has(moduleName)) {
      out.push(WORD_GAP);
    }
    // Any other opening or closing tag simply disappears, keeping the words it wraps.
  }

  return tidyText(resolveGaps(out.join('')));
}
