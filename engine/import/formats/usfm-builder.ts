// What USFM's markers mean, shared by the three formats that carry them: USFM itself (backslash markers),
// USX (<para style>, <char style>, <note style>) and USFX (the markers as element names). Each reader
// turns its syntax into the calls below; this module keeps the verse being built, the paragraph kind,
// the open character styles and the note being read.
import type { NoteItem, NoteKind, TitleBlock } from '../../core/structure/model.ts';
import type { ImportedBook } from '../types.ts';
import { bookFromUsfm } from './books.ts';
import { type ImportCollector, type SpanStyle, type StandaloneBlock, VerseBuilder, cleanRun } from './verse-builder.ts';

type ParagraphKind = 'body' | 'heading' | 'header' | 'skip';

const HEADER = new Set([
  'id',
  'ide',
  'h',
  'h1',
  'h2',
  'h3',
  'toc1',
  'toc2',
  'toc3',
  'toca1',
  'toca2',
  'toca3',
  'rem',
  'usfm',
  'sts',
  'restore',
]);
// biome-ignore format: a table
const SKIPPED = new Set([
  'imt', 'imt1', 'imt2', 'imt3', 'imt4', 'is', 'is1', 'is2', 'is3', 'ip', 'ipi', 'im', 'imi', 'ipq', 'imq', 'ipr',
  'iq', 'iq1', 'iq2', 'iq3', 'ib', 'ili', 'ili1', 'ili2', 'iot', 'io', 'io1', 'io2', 'io3', 'iex', 'imte', 'imte1',
  'imte2', 'ie', 'cl', 'cd', 'periph', 'lit', 'toc4', 'ztoc4',
]);
const BODY_PLAIN = new Set([
  'nb',
  'b',
  'pb',
  'tr',
  'cls',
  'pmo',
  'pm',
  'pmc',
  'pmr',
  'pr',
  'pc',
  'po',
  'lh',
  'lf',
  'm',
  'mi',
  'p',
  'pi',
  'ph',
]);
/** Character styles that become spans; every other character style's words are kept as plain text. */
const SPAN_STYLES: Record<string, SpanStyle> = { wj: 'wj', add: 'add', nd: 'nd' };
// biome-ignore format: a table
const PLAIN_CHARS = new Set([
  'k', 'qs', 'qac', 'sup', 'em', 'bd', 'it', 'bdit', 'no', 'sc', 'bk', 'tl', 'pn', 'png', 'addpn', 'ord', 'sig', 'sls',
  'dc', 'ior', 'iqt', 'rq', 'qt', 'rb', 'pro', 'wg', 'wh', 'wa', 'w', 'jmp', 'ndx', 'xt', 'tc1', 'tc2', 'tc3',
  'tc4', 'th1', 'th2', 'th3', 'th4', 'tcr1', 'tcr2', 'thr1', 'thr2', 'litl', 'lik', 'liv', 'liv1', 'efm', 'fv',
]);
/** Characters whose words are not text: alternate and published numbers, figures. */
const DROPPED_CHARS = new Set(['ca', 'va', 'vp', 'fig', 'cat']);
const NOTE_PARTS = new Set([
  'fr',
  'fq',
  'fqa',
  'fk',
  'fl',
  'fw',
  'fp',
  'ft',
  'fdc',
  'fm',
  'xo',
  'xk',
  'xq',
  'xt',
  'xta',
  'xop',
  'xot',
  'xnt',
  'xdc',
  'fv',
]);
/** Note parts whose words are not the note's text: the reference it hangs on, a caller of another note. */
const NOTE_SKIPPED_PARTS = new Set(['fr', 'xo', 'fm']);
const NOTE_KINDS: Record<string, NoteKind> = {
  f: 'footnote',
  fe: 'footnote',
  ef: 'study',
  x: 'crossref',
  ex: 'crossref',
};

/** A verse label that is one part of a verse ("3a", "3b"). */
const LETTERED = /^\d+[a-z]$/;

function levelOf(marker: string, fallback = 1): number {
  const digits = /(\d+)$/.exec(marker)?.[1];
  return digits ? Number(digits) : fallback;
}

function baseOf(marker: string): string {
  return marker.replace(/\d+$/, '');
}

interface OpenVerse {
  chapter: number;
  verse: number;
  label: string;
  place: string;
  builder: VerseBuilder;
}

interface OpenNote {
  kind: NoteKind;
  caller?: string;
  text: string;
  part: string;
}

export class UsfmBuilder {
  /** where the reader is, for messages: "line 12" */
  place = 'line 1';
  private book: ImportedBook | undefined;
  private skipping = false;
  private chapter = 0;
  private verse: OpenVerse | undefined;
  private marker = '';
  private kind: ParagraphKind = 'skip';
  private buffer = '';
  private headingReferences: string[] | undefined;
  private lastHeading: StandaloneBlock | undefined;
  private pending: ((builder: VerseBuilder) => void)[] = [];
  private carried: SpanStyle[] = [];
  private readonly chars: string[] = [];
  private note: OpenNote | undefined;
  private attributeText = false;
  private published: string | undefined;
  /** a verse printed as a lettered part ("3a"), held until its next part or another verse comes */
  private held: OpenVerse | undefined;

  constructor(
    private readonly collector: ImportCollector,
    readonly file: string,
  ) {}

  startBook(rawCode: string): void {
    this.closeVerse();
    this.endParagraph();
    this.pending = [];
    this.chapter = 0;
    const code = rawCode.trim().toUpperCase();
    const known = bookFromUsfm(code);
    if (!known) {
      this.book = undefined;
      this.skipping = true;
      this.collector.skipBook(this.file, this.place, code || '(none)');
      return;
    }
    this.skipping = false;
    this.book = this.collector.book(known.number, known.usfm);
    this.marker = 'id';
    this.kind = 'header';
  }

  private get active(): boolean {
    return this.book !== undefined && !this.skipping;
  }

  chapterStart(raw: string): void {
    if (!this.active) return;
    this.closeVerse();
    this.endParagraph();
    // A chapter marker with no number leaves its verses out (they come "before any chapter").
    this.chapter = this.collector.numberOf(this.file, this.place, 'chapter', raw) ?? 0;
  }

  verseStart(raw: string): void {
    if (!this.active) return;
    this.closeVerse(true);
    const label = raw.trim();
    const n = this.collector.numberOf(this.file, this.place, 'verse', label);
    if (n === undefined) {
      this.releaseHeld();
      return;
    }
    const held = this.held;
    if (held && held.chapter === this.chapter && held.verse === n && LETTERED.test(label)) {
      // The next part of a verse printed in parts ("3b" after "3a") joins it: one verse, both halves.
      this.held = undefined;
      this.verse = { ...held, label: String(n) };
      held.builder.space();
      this.applyPending();
      return;
    }
    this.releaseHeld();
    if (this.chapter === 0) {
      this.collector.warn(this.file, this.place, `verse ${label} before any chapter: left out`);
      return;
    }
    const builder = new VerseBuilder();
    // A psalm title that runs on into verse 1 (\d ... \v 1 ...): its words before the verse are a title
    // block, the rest are verse text marked as title.
    let titleInVerse = false;
    if (this.marker === 'd' && this.kind === 'heading') {
      this.flushHeading();
      this.kind = 'body';
      titleInVerse = true;
    } else if (this.kind !== 'body') {
      // A verse with no paragraph marker before it (\c 1 \v 1 ...) is body text all the same.
      this.endParagraph();
      this.kind = 'body';
    }
    this.verse = { chapter: this.chapter, verse: n, label, place: this.place, builder };
    this.applyPending();
    for (const style of this.carried) builder.openSpan(style);
    if (titleInVerse) builder.openSpan('title', 'psalm');
  }

  private applyPending(): void {
    if (!this.verse) return;
    for (const apply of this.pending) apply(this.verse.builder);
    this.pending = [];
  }

  /** A verse's end milestone (USX eid, USFX <ve/>): text after it and before the next verse is no verse's. */
  verseEnd(): void {
    this.closeVerse(true);
  }

  /**
   * Ends the open verse. With `holdPart`, a verse printed as a lettered part ("3a") is held rather than
   * added, so that its next part can join it; any other close adds the held part first.
   */
  private closeVerse(holdPart = false): void {
    if (!holdPart) this.releaseHeld();
    const open = this.verse;
    if (!open || !this.book) return;
    this.closeNote();
    this.carried = open.builder.openStyles().filter((s) => s !== 'title');
    this.verse = undefined;
    const label = this.published ?? open.label;
    this.published = undefined;
    if (holdPart && LETTERED.test(label)) {
      this.releaseHeld();
      this.held = { ...open, label };
      return;
    }
    this.addVerse(open, label);
  }

  private releaseHeld(): void {
    const held = this.held;
    this.held = undefined;
    if (held) this.addVerse(held, held.label);
  }

  private addVerse(open: OpenVerse, label: string): void {
    if (!this.book) return;
    this.collector.verse(
      this.file,
      open.place,
      { book: this.book.book, chapter: open.chapter, verse: open.verse },
      open.builder.finish(),
      label,
    );
  }

  /** A paragraph-level marker: \p, \q2, \s1, \h, \toc1, \mt, \d, \r, \rem ... (or <para style>). */
  paragraph(marker: string): void {
    if (!this.active) return;
    this.endParagraph();
    this.marker = marker;
    const base = baseOf(marker);
    if (HEADER.has(marker)) this.kind = 'header';
    else if (SKIPPED.has(marker) || SKIPPED.has(base)) this.kind = 'skip';
    else if (['s', 'ms', 'mr', 'sr', 'r', 'sp', 'qa', 'd', 'mt', 'mte', 'sd'].includes(base)) this.kind = 'heading';
    else {
      this.kind = 'body';
      if (base === 'q' || base === 'qm' || base === 'qr' || base === 'qc' || base === 'qd') {
        this.breakHere('poetry', levelOf(marker));
      } else if (base === 'li' || base === 'lim' || base === 'pi' || base === 'ph') {
        this.breakHere('paragraph', levelOf(marker));
      } else if (BODY_PLAIN.has(marker)) {
        if (marker !== 'nb' && marker !== 'b' && marker !== 'pb') this.breakHere('paragraph');
      } else {
        this.collector.unknown(`\\${marker}`);
      }
    }
  }

  private breakHere(block: 'paragraph' | 'poetry', level?: number): void {
    this.pending.push((builder) => builder.paragraph(block, level));
  }

  /** Ends the paragraph being read: a heading or header's words take effect, character styles close. */
  endParagraph(): void {
    if (this.kind === 'heading') this.flushHeading();
    else if (this.kind === 'header') this.flushHeader();
    if (this.verse) this.verse.builder.closeSpan('title');
    this.chars.length = 0;
    this.attributeText = false;
    this.buffer = '';
    this.kind = 'skip';
    this.marker = '';
  }

  private pendingBlock(block: StandaloneBlock): void {
    this.pending.push((builder) => builder.block(block));
  }

  private flushHeading(): void {
    const text = cleanRun(this.buffer).trim();
    this.buffer = '';
    if (text === '') return;
    const base = baseOf(this.marker);
    if (base === 'r' || base === 'mr' || base === 'sr') {
      // Parallel passages under a heading belong to it; without one before, they stand as a heading.
      if (this.lastHeading?.type === 'heading' && this.headingReferences && this.pending.length > 0) {
        this.headingReferences.push(text.replace(/^\(|\)$/g, ''));
        return;
      }
    }
    let block: StandaloneBlock;
    if (base === 'd') block = title('psalm', text);
    else if (base === 'qa') block = title('acrostic', text);
    else if (base === 'mt' || base === 'mte') block = title('book', text);
    else {
      const level = base === 'ms' ? 1 : base === 'sp' ? 3 : levelOf(this.marker);
      const heading = { type: 'heading' as const, level, text, source: 'source' };
      this.headingReferences = [];
      const references = this.headingReferences;
      block = heading;
      this.pending.push((builder) => {
        builder.block(references.length > 0 ? { ...heading, references } : heading);
      });
      this.lastHeading = block;
      return;
    }
    this.lastHeading = block;
    this.pendingBlock(block);
  }

  private flushHeader(): void {
    const text = cleanRun(this.buffer).trim();
    this.buffer = '';
    if (text === '' || !this.book) return;
    const names = this.book.names;
    switch (this.marker) {
      case 'toc1':
        names.long ??= text;
        break;
      case 'toc2':
        names.short = text;
        break;
      case 'h':
        // The running header is a name the reader sees on every page, kept beside a \toc2 short name.
        names.header ??= text;
        names.short ??= text;
        break;
      case 'toc3':
        names.abbreviation ??= text;
        break;
      case 'rem':
        if (/copyright|\u00a9|public domain|licen[cs]e|rights/i.test(text)) this.addRights(text);
        break;
    }
  }

  private addRights(text: string): void {
    const meta = this.collector.metadata;
    const lines = meta.rights ? meta.rights.split('\n') : [];
    if (!lines.includes(text)) meta.rights = [...lines, text].join('\n');
  }

  charOpen(marker: string): void {
    if (!this.active) return;
    if (this.note) {
      if (NOTE_PARTS.has(marker)) this.note.part = marker;
      return;
    }
    this.chars.push(marker);
    const style = SPAN_STYLES[marker];
    if (style && this.verse && this.kind === 'body') {
      this.applyPending();
      this.verse.builder.openSpan(style);
    } else if (marker === 'w' || marker === 'rb') {
      this.attributeText = false;
    } else if (!style && !DROPPED_CHARS.has(marker) && !PLAIN_CHARS.has(marker)) {
      this.collector.unknown(`\\${marker}`);
    }
  }

  charClose(marker: string): void {
    if (!this.active) return;
    if (this.note) {
      this.note.part = 'ft';
      return;
    }
    const at = this.chars.lastIndexOf(marker);
    if (at >= 0) this.chars.splice(at, 1);
    const style = SPAN_STYLES[marker];
    if (style && this.verse && !this.chars.some((c) => SPAN_STYLES[c] === style)) this.verse.builder.closeSpan(style);
    if (marker === 'w' || marker === 'rb') this.attributeText = false;
  }

  noteOpen(marker: string, caller?: string): void {
    if (!this.active) return;
    this.closeNote();
    const kind = NOTE_KINDS[marker] ?? 'footnote';
    const trimmed = caller?.trim();
    this.note = {
      kind,
      caller: trimmed && trimmed !== '+' && trimmed !== '-' ? trimmed : undefined,
      text: '',
      part: 'ft',
    };
  }

  noteClose(): void {
    this.closeNote();
  }

  private closeNote(): void {
    const open = this.note;
    if (!open) return;
    this.note = undefined;
    const text = cleanRun(open.text).trim();
    if (text === '' || (this.kind !== 'body' && this.kind !== 'heading')) return;
    const note: NoteItem = { type: 'note', kind: open.kind, text };
    if (open.caller) note.caller = open.caller;
    if (this.verse && this.kind === 'body') {
      this.applyPending();
      this.verse.builder.note(note);
    } else {
      const { type: _, ...rest } = note;
      this.pendingBlock({ type: 'note', ...rest });
    }
  }

  /** The published verse label (\vp 1b\vp*), which replaces the number's own label. */
  publishedLabel(label: string): void {
    if (this.verse) this.published = label.trim();
  }

  text(raw: string): void {
    if (!this.active || raw === '') return;
    if (this.note) {
      if (!NOTE_SKIPPED_PARTS.has(this.note.part)) this.note.text += raw;
      return;
    }
    const inner = this.chars[this.chars.length - 1];
    if (inner === 'vp') this.publishedLabel(raw);
    if (this.chars.some((c) => DROPPED_CHARS.has(c))) return;
    let text = raw;
    if (inner === 'w' || inner === 'rb') {
      // \w word|lemma="..."\w*: the attributes after the bar are not text.
      if (this.attributeText) return;
      const bar = text.indexOf('|');
      if (bar >= 0) {
        text = text.slice(0, bar);
        this.attributeText = true;
      }
    }
    text = text.replace(/~/g, '\u00a0').replace(/\/\//g, ' ');
    if (this.kind === 'heading' || this.kind === 'header') {
      this.buffer += text;
    } else if (this.kind === 'body' && this.verse) {
      if (text.trim() !== '') this.applyPending();
      this.verse.builder.append(text);
    }
  }

  /** Ends the file: the last verse is kept, blocks with no verse after them are dropped. */
  finish(): void {
    this.closeVerse();
    this.endParagraph();
    this.pending = [];
  }
}

function title(kind: TitleBlock['kind'], text: string): TitleBlock {
  return { type: 'title', kind, content: [{ type: 'text', text }] };
}
