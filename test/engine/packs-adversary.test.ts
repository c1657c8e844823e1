// Adversarial checks of the pack codings (word coding, word-coded entries, column coding) and of how the
// engine meets damaged commentary, dictionary, cross-reference, lexicon and original-text packs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type SectionValue, writePack } from '../../compiler/pack/writer.ts';
import { wordCodedEntrySections, wordCodedSections } from '../../compiler/pack/word-coding.ts';
import { fromBytePlanes, fromDeltasInPlace, toBytePlanes, toDeltas } from '../../engine/core/pack/column-coding.ts';
import { declared, readPack } from '../read-pack.ts';
import { readWordCodedEntries } from '../../engine/core/pack/word-coded-entries.ts';
import { decodeWords, readDictionary } from '../../engine/core/pack/word-coding.ts';
import { COMMENTARY_PACK, DICTIONARY_PACK, XREFS_PACK } from '../../engine/core/pack/schemas.ts';
import type { PackSections } from '../../engine/core/pack/schema.ts';
import { BibleError } from '../../engine/core/errors.ts';
import { open } from '../../engine/core/engine.ts';
import { DEFAULT_DATA_DIR } from '../../engine/node/loader.ts';

const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const realPack = (name: string) => new Uint8Array(readFileSync(join(DEFAULT_DATA_DIR, `${name}.pack`)));

/** Text as sources give it: words (with accents, Hebrew, Greek, combining marks), spaces, punctuation,
 *  emoji, NUL and other controls, in any mix. */
const piece = fc.oneof(
  fc.constantFrom(
    ' ',
    '  ',
    '\n',
    '\t',
    '\u0000',
    ',',
    '. ',
    '—',
    '’',
    "'",
    '😀',
    '𝔄',
    'é',
    'e\u0301',
    '\u05b0',
    'שָׁלוֹם',
    'λόγος',
    'in',
    'the',
    'beginning',
    'Ἰησοῦς',
    '\ufeff',
    '\u00a0',
  ),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary-ascii', maxLength: 8 }),
  fc.stringMatching(/^[a-z]{1,20}$/),
);
const text = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));

/** The texts decoded both ways a block can be (a native copy an entry, and a byte loop), which must agree. */
function decodeAll(texts: readonly string[]): string[] {
  const s = wordCodedSections(texts);
  const dictionary = readDictionary({ ...s, separators: s.separators });
  return s.text.map((codes) => {
    const byLoop = decodeWords(codes, dictionary, false);
    expect(decodeWords(codes, dictionary, true)).toEqual(byLoop);
    return decoder.decode(byLoop);
  });
}

/** A pack written from word-coded entries, and the entries as the engine reads them back. */
function entriesThroughAPack(texts: readonly string[], blockBytes: number) {
  const s = wordCodedEntrySections(texts, blockBytes);
  const sections: Record<string, SectionValue> = {
    offsets: { kind: 'u32', data: s.offsets },
    blockFirstEntry: { kind: 'u32', data: s.blockFirstEntry },
    wordCoding: { kind: 'json', data: s.wordCoding },
    dictionary: { kind: 'bytes', data: s.dictionary },
    sharedPrefixes: { kind: 'bytes', data: s.sharedPrefixes },
    suffixLengths: { kind: 'bytes', data: s.suffixLengths },
    separators: { kind: 'u32', data: s.separators },
    text: { kind: 'bytes', data: s.text },
  };
  const pack = readPack('entries-test', writePack(sections, declared('entries-test')));
  return readWordCodedEntries(pack as never, 2);
}

describe('word coding round-trips', () => {
  it('decode(encode(texts)) is the texts, for odd strings', () => {
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 6 }), (texts) => {
        expect(decodeAll(texts)).toEqual(texts);
      }),
      { numRuns: 400 },
    );
  });

  it('keeps empty texts, lone spaces, leading and trailing spaces, NUL and long separator runs', () => {
    const texts = [
      '',
      ' ',
      '  ',
      ' a',
      'a ',
      'a  b',
      ' a b ',
      '\u0000',
      'a\u0000b',
      '😀😀 😀',
      '-'.repeat(1000),
      `x${' '.repeat(300)}y`,
      '𝔄'.repeat(60),
      '😀'.repeat(200),
      'é'.repeat(120),
      'a'.repeat(255),
    ];
    expect(decodeAll(texts)).toEqual(texts);
  });

  it('codes a word too long for a dictionary entry in pieces, with no space between them', () => {
    const texts = ['a'.repeat(256), `${'ก'.repeat(200)} x`, `y${'\u0301'.repeat(300)}`];
    expect(decodeAll(texts)).toEqual(texts);
  });

  it("reads entry starts alike whatever the sections' alignment, length and sharing", () => {
    const at = (offset: number, values: number[]) => {
      const buffer = new Uint8Array(offset + values.length);
      buffer.set(values, offset);
      return buffer.subarray(offset);
    };
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 255 }), { minLength: 1, maxLength: 40 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        (lengths, shareSome, lengthsOffset, sharedOffset) => {
          // An entry shares at most what the one before it has, and is at most 255 bytes, as a writer makes them.
          const shared = lengths.map((n, i) => (shareSome && i > 0 && i % 3 === 0 && n < 255 ? 1 : 0));
          const total = lengths.reduce((sum, n) => sum + n, 0);
          const dictionary = readDictionary({
            dictionary: new Uint8Array(total).fill(0x61),
            sharedPrefixes: at(sharedOffset, shared),
            suffixLengths: at(lengthsOffset, lengths),
            separators: [],
            wordCoding: { oneByte: 1, threeByteLead: 1 },
          });
          let end = 0;
          const expected = [0, ...lengths.map((n, i) => (end += n + shared[i]))];
          expect([...dictionary.starts]).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses a front-coded dictionary whose shared prefixes build an entry longer than 255 bytes', () => {
    // Each entry shares all of the one before and adds 200 bytes: the second is 400 bytes long.
    const sections = {
      dictionary: new Uint8Array(400).fill(0x61),
      sharedPrefixes: Uint8Array.of(0, 200),
      suffixLengths: Uint8Array.of(200, 200),
      separators: [],
      wordCoding: { oneByte: 2, threeByteLead: 2 },
    };
    expect(() => readDictionary(sections)).toThrow(/entry 1 is longer than 255 bytes/);
    const fits = { ...sections, dictionary: new Uint8Array(255).fill(0x61), suffixLengths: Uint8Array.of(200, 55) };
    expect(new TextDecoder().decode(decodeWords(Uint8Array.of(1, 0), readDictionary(fits)))).toBe(
      `${'a'.repeat(255)} ${'a'.repeat(200)}`,
    );
  });

  it('numbers thousands of distinct words (two- and three-byte codes) and decodes each', () => {
    const words = Array.from({ length: 70000 }, (_, i) => `w${i.toString(36)}`.replace(/\d/g, (d) => 'abcdefghij'[+d]));
    const texts = [words.join(' '), words.slice(0, 300).reverse().join(', ')];
    expect(decodeAll(texts)).toEqual(texts);
  });
});

describe('word-coded entries through a pack', () => {
  it('text(n) is entry n, whatever the block size', () => {
    fc.assert(
      fc.property(
        fc.array(text, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 400 }),
        (texts, blockBytes) => {
          const entries = entriesThroughAPack(texts, blockBytes);
          expect(entries.count).toBe(texts.length);
          // Out of order, so that the kept blocks are evicted and read again.
          for (const n of [...texts.keys()].reverse()) expect(entries.text(n + 1)).toBe(texts[n]);
          for (const n of texts.keys()) expect(entries.text(n + 1)).toBe(texts[n]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('an entry number outside 1..count is a NOT_AVAILABLE naming the pack, never a crash', () => {
    const entries = entriesThroughAPack(['one', 'two'], 4);
    for (const n of [0, -1, 3, Number.NaN, 2 ** 32])
      expect(() => entries.text(n)).toThrow(
        expect.objectContaining({ code: 'NOT_AVAILABLE', message: expect.stringContaining("pack 'entries-test'") }),
      );
  });
});

describe('column coding round-trips', () => {
  it('byte planes and deltas undo exactly, for u16 and u32 values', () => {
    const u16s = fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 200 });
    const u32s = fc.array(fc.integer({ min: 0, max: 0xffffffff }), { maxLength: 200 });
    for (const [values, width] of [
      [u16s, 2],
      [u32s, 4],
    ] as const)
      fc.assert(
        fc.property(values, (v) => {
          const typed = width === 2 ? Uint16Array.from(v) : Uint32Array.from(v);
          const raw = new Uint8Array(typed.buffer);
          const before = raw.slice();
          expect(fromBytePlanes(toBytePlanes(raw, width), width)).toEqual(raw);
          expect(fromDeltasInPlace(toDeltas(raw, width), width)).toEqual(raw);
          expect(fromDeltasInPlace(fromBytePlanes(toBytePlanes(toDeltas(raw, width), width), width), width)).toEqual(
            raw,
          );
          expect(raw).toEqual(before);
        }),
      );
  });

  it('numeric sections come back from a pack as written, whichever coding the writer kept', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 0xffffffff }), { maxLength: 300 }),
        fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 300 }),
        (a, b) => {
          const sorted = [...a].sort((x, y) => x - y);
          const pack = readPack(
            'numbers',
            writePack(
              { a: { kind: 'u32', data: a }, s: { kind: 'u32', data: sorted }, b: { kind: 'u16', data: b } },
              declared('numbers'),
            ),
          );
          expect([...pack.u32('a')]).toEqual(a);
          expect([...pack.u32('s')]).toEqual(sorted);
          expect([...pack.u16('b')]).toEqual(b);
        },
      ),
      { numRuns: 100 },
    );
  });
});

/** An engine whose loader gives `damaged` for one pack and the built packs for the rest. */
const engineWith = (packName: string, damaged: Uint8Array) =>
  open({ loader: async (name) => (name === packName ? damaged : realPack(name)) });

/** What a call answers: the value, or the error's code and message. */
async function outcome(run: () => Promise<unknown>) {
  try {
    return { value: await run() };
  } catch (error) {
    if (!(error instanceof BibleError)) throw error;
    return { code: error.code, message: error.message };
  }
}

/** One call that reads each pack family under test. */
const readers: Record<string, (bible: Awaited<ReturnType<typeof open>>) => Promise<unknown>> = {
  'commentary-gill': (b) => b.call('GetCommentary', { verseId: '40005003' }),
  'dictionary-eastons': (b) => b.call('GetDefinitionBiblical', { query: 'Aaron', dictionaryId: 'eastons' }),
  'dictionary-smiths': (b) => b.call('GetDefinitionBiblical', { query: 'Zion', dictionaryId: 'smiths' }),
  xrefs: (b) => b.call('GetCrossReferences', { verseId: '43003016' }),
  lexicon: (b) => b.call('GetStrongs', { lexiconId: 'G', id: '26' }),
  'original-ot': (b) => b.call('GetOriginalText', { verseId: '01001001' }),
  'original-nt': (b) => b.call('GetOriginalText', { verseId: '43003016' }),
  topics: (b) => b.call('GetTopic', { topic: 'love' }),
  study: (b) => b.call('GetParables', {}),
};

describe('damaged packs of each kind', () => {
  for (const [packName, read] of Object.entries(readers)) {
    it(`${packName}: a truncated file is NOT_AVAILABLE naming the pack`, async () => {
      const file = realPack(packName);
      for (const length of [0, 3, 16, 40, file.length >> 1, file.length - 1]) {
        const result = await outcome(async () => read(await engineWith(packName, file.subarray(0, length))));
        expect(result, `cut to ${length} bytes`).toMatchObject({
          code: 'NOT_AVAILABLE',
          message: expect.stringContaining(`pack '${packName}'`),
        });
      }
    });
  }

  it('a flipped byte anywhere in a pack is refused naming the pack once its section is read', () => {
    const families = Object.keys(readers);
    fc.assert(
      fc.property(
        fc.constantFrom(...families),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 255 }),
        (packName, where, mask) => {
          const file = realPack(packName).slice();
          file[Math.min(file.length - 1, Math.floor(where * file.length))] ^= mask;
          expect(() => {
            const pack = readPack(packName, file);
            for (const section of pack.sectionNames) {
              const blocks = (() => {
                try {
                  return pack.blocks(section);
                } catch {
                  return undefined;
                }
              })();
              if (blocks) for (let i = 0; i < blocks.count; i++) blocks.read(i);
              else pack.bytes(section);
            }
          }).toThrow(
            expect.objectContaining({ code: 'NOT_AVAILABLE', message: expect.stringContaining(`pack '${packName}'`) }),
          );
        },
      ),
      { numRuns: 60 },
    );
  });
});

/** A built pack written again with some sections changed: every checksum is right, so only the
 *  reader's own checks stand between the change and a wrong answer. */
function rewritten(name: string, schema: PackSections, changes: Record<string, unknown>): Uint8Array {
  const pack = readPack(name, realPack(name));
  const sections: Record<string, SectionValue> = {};
  for (const [section, spec] of Object.entries(schema)) {
    const data =
      section in changes
        ? changes[section]
        : spec.kind === 'json'
          ? pack.json(section)
          : spec.kind === 'u32'
            ? pack.u32(section)
            : spec.kind === 'u16'
              ? pack.u16(section)
              : Array.from({ length: pack.blocks(section).count }, (_, i) => pack.blocks(section).read(i));
    sections[section] = { kind: spec.kind, data } as SectionValue;
  }
  return writePack(sections, pack.declaration);
}
const rewrittenSmiths = (changes: Record<string, unknown>) =>
  rewritten('dictionary-smiths', DICTIONARY_PACK.sections, changes);

describe('cross references and commentary whose sections disagree (checksums right)', () => {
  const xrefs = readPack('xrefs', realPack('xrefs'));
  const gill = readPack('commentary-gill', realPack('commentary-gill'));
  const cases: [string, string, PackSections, Record<string, unknown>, string, Record<string, string>][] = [
    [
      'targets past the last verse',
      'xrefs',
      XREFS_PACK.sections,
      { target: Uint16Array.from(xrefs.u16('target'), () => 65535) },
      'GetCrossReferences',
      { verseId: '43003016' },
    ],
    [
      'spans past the last verse',
      'xrefs',
      XREFS_PACK.sections,
      { span: Uint16Array.from(xrefs.u16('span'), () => 65535) },
      'GetCrossReferences',
      { verseId: '43003016' },
    ],
    [
      'a start table cut short',
      'xrefs',
      XREFS_PACK.sections,
      { start: xrefs.u32('start').subarray(0, 100) },
      'GetCrossReferences',
      { verseId: '66022021' },
    ],
    [
      'a start table past the rows',
      'xrefs',
      XREFS_PACK.sections,
      { start: Uint32Array.from(xrefs.u32('start'), (n) => n + 10_000_000) },
      'GetCrossReferences',
      { verseId: '43003016' },
    ],
    [
      'no votes',
      'xrefs',
      XREFS_PACK.sections,
      { votes: new Uint16Array(0) },
      'GetCrossReferences',
      { verseId: '43003016' },
    ],
    [
      'entry numbers past the entries',
      'commentary-gill',
      COMMENTARY_PACK.sections,
      { byOrdinal: Uint32Array.from(gill.u32('byOrdinal'), (n) => (n ? n + 10_000_000 : 0)) },
      'GetCommentary',
      { verseId: '43003016' },
    ],
    [
      'entry numbers cut short',
      'commentary-gill',
      COMMENTARY_PACK.sections,
      { byOrdinal: gill.u32('byOrdinal').subarray(0, 10) },
      'GetCommentary',
      { verseId: '43003016' },
    ],
    ['no info', 'commentary-gill', COMMENTARY_PACK.sections, { info: null }, 'GetCommentary', { verseId: '19001001' }],
  ];
  for (const [what, packName, schema, changes, operation, params] of cases)
    it(`${packName}, ${what}: NOT_AVAILABLE naming the pack`, async () => {
      const bible = await engineWith(packName, rewritten(packName, schema, changes));
      const result = await outcome(() => bible.call(operation, params));
      expect(result).toMatchObject({ code: 'NOT_AVAILABLE', message: expect.stringContaining(`pack '${packName}'`) });
    });
});

describe('word-coded dictionary sections that disagree (checksums right)', () => {
  const original = readPack('dictionary-smiths', realPack('dictionary-smiths'));
  const prefixes = original.bytes('sharedPrefixes');
  const lengths = original.bytes('suffixLengths');
  const cases: Record<string, Record<string, unknown>> = {
    'a prefix longer than the entry before': {
      sharedPrefixes: Uint8Array.from(prefixes, (p, i) => (i === 1 ? 255 : p)),
    },
    'a suffix length off by one': { suffixLengths: Uint8Array.from(lengths, (l, i) => (i === 7 ? l + 1 : l)) },
    'one prefix length missing': { sharedPrefixes: prefixes.subarray(1) },
    'a separator beyond the dictionary': { separators: [...original.u32('separators'), 10_000_000] },
    'no word coding layout': { wordCoding: null },
    'an empty word coding layout': { wordCoding: {} },
    'a layout that is not numbers': { wordCoding: { oneByte: 'x', threeByteLead: [] } },
    'a layout past a byte': { wordCoding: { oneByte: 300, threeByteLead: 400 } },
    'a layout whose three-byte lead comes first': { wordCoding: { oneByte: 200, threeByteLead: 100 } },
    'blocks out of order': { blockFirstEntry: [...original.u32('blockFirstEntry')].reverse() },
    'offsets cut short': { offsets: original.u32('offsets').subarray(0, 10) },
    'offsets not ascending': { offsets: Uint32Array.from(original.u32('offsets'), (o, i) => (i === 1 ? 0xffffff : o)) },
    'codes beyond the dictionary': { text: [Uint8Array.of(255, 255, 255, 255)] },
    'a dictionary that is not UTF-8': {
      dictionary: Uint8Array.from(original.bytes('dictionary'), (b, i) => (i < 40 ? 0xff : b)),
    },
    'a terms list that is not a list': { terms: { length: 3 } },
    'keys that point past the terms': { keys: { ...original.json<object>('keys'), aaron: 999_999, zion: -1 } },
    'a term that is not text': { terms: original.json<unknown[]>('terms').map((t, i) => (i === 0 ? 7 : t)) },
  };
  for (const [what, changes] of Object.entries(cases)) {
    it(`${what}: NOT_AVAILABLE naming the pack, or the right answer`, async () => {
      const bible = await engineWith('dictionary-smiths', rewrittenSmiths(changes));
      for (const query of ['Aaron', 'Zion', 'Abel']) {
        const result = await outcome(() => bible.call('GetDefinitionBiblical', { query, dictionaryId: 'smiths' }));
        if ('value' in result) {
          const good = await (await engineWith('none', new Uint8Array())).call('GetDefinitionBiblical', {
            query,
            dictionaryId: 'smiths',
          });
          expect(result.value).toEqual(good);
        } else
          expect(result).toMatchObject({
            code: 'NOT_AVAILABLE',
            message: expect.stringContaining("pack 'dictionary-smiths'"),
          });
      }
    });
  }
});

describe('the same sections give the same bytes', () => {
  it("Smith's dictionary written again from its own sections is the built file, byte for byte", () => {
    const built = realPack('dictionary-smiths');
    const again = rewrittenSmiths({});
    expect(again.length).toBe(built.length);
    expect(Buffer.compare(again, built)).toBe(0);
    expect(Buffer.compare(rewrittenSmiths({}), again)).toBe(0);
  });

  it('word-coded sections of the same texts are identical on every call', () => {
    fc.assert(
      fc.property(fc.array(text, { maxLength: 8 }), (texts) => {
        expect(wordCodedEntrySections(texts, 50)).toEqual(wordCodedEntrySections([...texts], 50));
      }),
      { numRuns: 50 },
    );
  });
});
