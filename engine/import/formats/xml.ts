// A small streaming XML tokenizer for the import readers. It never resolves an entity other than XML's
// five, HTML's Latin-1 and punctuation names, and numeric character references, and refuses a DOCTYPE that declares entities or carries an
// internal subset, so a file cannot expand itself (billion laughs) or reach outside itself (external
// entities). Element names lose their namespace prefix ("osis:verse" is "verse").
import { invalid } from '../../core/errors.ts';

/** The longest tag or run of text read at once; a longer one is refused (a hostile file's endless token). */
export const MAX_XML_TOKEN = 1 << 20;

export type Attributes = Record<string, string>;

export interface XmlHandler {
  open(name: string, attributes: Attributes, selfClosing: boolean): void;
  close(name: string): void;
  text(text: string): void;
}

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
// HTML's names for the Latin-1 characters U+00A0..U+00FF, in order: files exported from HTML tools use
// them (&nbsp;, &eacute;) without declaring them, and what they mean is not in doubt.
// biome-ignore format: a table
const LATIN1_NAMES = [
  'nbsp', 'iexcl', 'cent', 'pound', 'curren', 'yen', 'brvbar', 'sect', 'uml', 'copy', 'ordf', 'laquo', 'not', 'shy',
  'reg', 'macr', 'deg', 'plusmn', 'sup2', 'sup3', 'acute', 'micro', 'para', 'middot', 'cedil', 'sup1', 'ordm',
  'raquo', 'frac14', 'frac12', 'frac34', 'iquest', 'Agrave', 'Aacute', 'Acirc', 'Atilde', 'Auml', 'Aring', 'AElig',
  'Ccedil', 'Egrave', 'Eacute', 'Ecirc', 'Euml', 'Igrave', 'Iacute', 'Icirc', 'Iuml', 'ETH', 'Ntilde', 'Ograve',
  'Oacute', 'Ocirc', 'Otilde', 'Ouml', 'times', 'Oslash', 'Ugrave', 'Uacute', 'Ucirc', 'Uuml', 'Yacute', 'THORN',
  'szlig', 'agrave', 'aacute', 'acirc', 'atilde', 'auml', 'aring', 'aelig', 'ccedil', 'egrave', 'eacute', 'ecirc',
  'euml', 'igrave', 'iacute', 'icirc', 'iuml', 'eth', 'ntilde', 'ograve', 'oacute', 'ocirc', 'otilde', 'ouml',
  'divide', 'oslash', 'ugrave', 'uacute', 'ucirc', 'uuml', 'yacute', 'thorn', 'yuml',
];
// biome-ignore format: a table
const HTML_PUNCTUATION: Record<string, number> = {
  ndash: 0x2013, mdash: 0x2014, lsquo: 0x2018, rsquo: 0x2019, sbquo: 0x201a, ldquo: 0x201c, rdquo: 0x201d,
  bdquo: 0x201e, dagger: 0x2020, Dagger: 0x2021, bull: 0x2022, hellip: 0x2026, permil: 0x2030, prime: 0x2032,
  Prime: 0x2033, lsaquo: 0x2039, rsaquo: 0x203a, euro: 0x20ac, trade: 0x2122, OElig: 0x152, oelig: 0x153,
  Scaron: 0x160, scaron: 0x161, Yuml: 0x178, fnof: 0x192, circ: 0x2c6, tilde: 0x2dc, ensp: 0x2002, emsp: 0x2003,
  thinsp: 0x2009, zwnj: 0x200c, zwj: 0x200d, lrm: 0x200e, rlm: 0x200f,
};
// A Map, so that a name such as "constructor" is no entity.
const NAMED = new Map<string, string>(Object.entries(PREDEFINED));
for (const [i, name] of LATIN1_NAMES.entries()) NAMED.set(name, String.fromCharCode(0xa0 + i));
for (const [name, code] of Object.entries(HTML_PUNCTUATION)) NAMED.set(name, String.fromCharCode(code));
const ENTITY = /&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z_][\w.-]*);/g;
const ATTRIBUTE = /\s*([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/y;
const NAME = /[^\s/>]+/y;

function codePoint(reference: string): string | undefined {
  const n = reference[1] === 'x' ? Number.parseInt(reference.slice(2), 16) : Number.parseInt(reference.slice(1), 10);
  if (n === 0x9 || n === 0xa || n === 0xd || (n >= 0x20 && n <= 0x10ffff && !(n >= 0xd800 && n <= 0xdfff))) {
    return String.fromCodePoint(n);
  }
  return undefined;
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

export class XmlReader {
  /** the line of the token being handled, for messages */
  line = 1;
  /** entity references that were not decoded (`&foo;`, `&#0;`) and so left out, with how often each came */
  readonly unknownEntities: Record<string, number> = {};

  constructor(
    private readonly source: string,
    private readonly path: string,
    private readonly maxToken = MAX_XML_TOKEN,
  ) {}

  place(): string {
    return `line ${this.line}`;
  }

  decode(raw: string): string {
    if (raw.indexOf('&') < 0) return raw;
    return raw.replace(ENTITY, (whole, reference: string) => {
      const decoded = reference[0] === '#' ? codePoint(reference) : NAMED.get(reference);
      if (decoded !== undefined) return decoded;
      // An entity no one declared (this reader reads no declarations) has no meaning to keep: it is
      // counted for the report and left out of the text.
      this.unknownEntities[whole] = (this.unknownEntities[whole] ?? 0) + 1;
      return '';
    });
  }

  // The next line break after the counted part, kept so that a long line is searched once, not per token.
  private nextBreak = -2;

  private advanceTo(offset: number): void {
    const s = this.source;
    if (this.nextBreak === -2) this.nextBreak = s.indexOf('\n');
    while (this.nextBreak >= 0 && this.nextBreak < offset) {
      this.line++;
      this.nextBreak = s.indexOf('\n', this.nextBreak + 1);
    }
  }

  private fail(message: string): never {
    throw invalid('source', `${this.path} ${this.place()}: ${message}`);
  }

  private end(from: number, marker: string, what: string): number {
    const at = this.source.indexOf(marker, from);
    if (at < 0) this.fail(`unterminated ${what}`);
    if (at - from > this.maxToken) this.fail(`a ${what} of more than ${this.maxToken} characters is not read`);
    return at;
  }

  private doctype(start: number): number {
    const s = this.source;
    let i = start + 9;
    for (; i < s.length; i++) {
      const c = s[i];
      if (c === '[') this.fail('XML entity declarations are not read (a DOCTYPE with an internal subset)');
      if (c === '>') break;
    }
    if (/ENTITY/i.test(s.slice(start, i))) this.fail('XML entity declarations are not read');
    return i + 1;
  }

  run(handler: XmlHandler): void {
    const s = this.source;
    const n = s.length;
    let pos = 0;
    while (pos < n) {
      const lt = s.indexOf('<', pos);
      const textEnd = lt < 0 ? n : lt;
      if (textEnd > pos) {
        this.advanceTo(pos);
        if (textEnd - pos > this.maxToken)
          this.fail(`a run of text of more than ${this.maxToken} characters is not read`);
        handler.text(this.decode(s.slice(pos, textEnd)));
      }
      if (lt < 0) return;
      this.advanceTo(lt);
      if (s.startsWith('<!--', lt)) {
        pos = this.end(lt + 4, '-->', 'comment') + 3;
      } else if (s.startsWith('<![CDATA[', lt)) {
        const close = this.end(lt + 9, ']]>', 'CDATA section');
        handler.text(s.slice(lt + 9, close));
        pos = close + 3;
      } else if (s.startsWith('<?', lt)) {
        pos = this.end(lt + 2, '?>', 'processing instruction') + 2;
      } else if (s.startsWith('<!DOCTYPE', lt) || s.startsWith('<!doctype', lt)) {
        pos = this.doctype(lt);
      } else if (s.startsWith('<!', lt)) {
        if (/^<!ENTITY/i.test(s.slice(lt, lt + 9))) this.fail('XML entity declarations are not read');
        pos = this.end(lt + 2, '>', 'declaration') + 1;
      } else if (s[lt + 1] === '/') {
        const close = this.end(lt + 2, '>', 'closing tag');
        handler.close(localName(s.slice(lt + 2, close).trim()));
        pos = close + 1;
      } else {
        pos = this.tag(lt, handler);
      }
    }
  }

  private tag(lt: number, handler: XmlHandler): number {
    const s = this.source;
    NAME.lastIndex = lt + 1;
    const name = NAME.exec(s)?.[0];
    if (!name) this.fail('a "<" that starts no tag');
    const attributes: Attributes = {};
    let i = NAME.lastIndex;
    for (;;) {
      ATTRIBUTE.lastIndex = i;
      const match = ATTRIBUTE.exec(s);
      if (!match) break;
      attributes[match[1]] = this.decode(match[2] ?? match[3]);
      i = ATTRIBUTE.lastIndex;
      if (i - lt > this.maxToken) this.fail(`a tag of more than ${this.maxToken} characters is not read`);
    }
    while (s[i] === ' ' || s[i] === '\n' || s[i] === '\t' || s[i] === '\r') i++;
    let selfClosing = false;
    if (s[i] === '/') {
      selfClosing = true;
      i++;
    }
    if (s[i] !== '>') this.fail(`malformed tag <${name}>`);
    handler.open(localName(name), attributes, selfClosing);
    if (selfClosing) handler.close(localName(name));
    return i + 1;
  }
}

/** The name of the document's first element, skipping the prolog (for format detection). */
export function rootElement(text: string): string | undefined {
  // A DOCTYPE's internal subset is skipped here so that the reader, not detection, refuses it by name.
  const match = /^(?:\s|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\]\s*)?>)*<([^\s/>!?]+)/.exec(text);
  return match ? localName(match[1]) : undefined;
}
