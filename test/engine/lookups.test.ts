// The lookup path's shortcuts keep the answers and the refusals of the plain path: verse records shared
// and frozen, decoded blocks kept by last read, ids given as numbers, parameters read without an
// ownership check from plain objects.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BibleError } from '../../engine/core/errors.ts';
import { padVerseId } from '../../engine/core/ids.ts';
import { coerceParams, compileParams } from '../../engine/core/params.ts';
import { readPack } from '../read-pack.ts';
import type { TextPackInfo } from '../../engine/core/pack/contents.ts';
import { META_PACK, TEXT_PACK } from '../../engine/core/pack/schemas.ts';
import { loadMeta } from '../../engine/core/meta.ts';
import { DECODED_BLOCKS_KEPT, loadTranslation, lowerBound } from '../../engine/core/translation.ts';
import { wordCodedBlocks } from '../../engine/core/pack/word-coding.ts';
import { DEFAULT_DATA_DIR, nativeInflate } from '../../engine/node/loader.ts';
import { bible } from '../helpers.ts';

const packAt = (name: string) => readPack(name, readFileSync(join(DEFAULT_DATA_DIR, `${name}.pack`)), nativeInflate);

/** The answer or the refusal of a call, comparable with toEqual. */
function outcome(run: () => unknown): unknown {
  try {
    return { answer: run() };
  } catch (error) {
    if (!(error instanceof BibleError)) throw error;
    return { code: error.code, param: error.param, message: error.message };
  }
}

describe('verse records', async () => {
  const b = await bible();
  await b.load(['text-kjv']);

  it('are shared between answers and frozen; each answer is an array of its own', () => {
    const [first] = b.callSync('GetVerse', { verseId: '43003016' });
    const answer = b.callSync('GetVerse', { verseId: '43003016' });
    expect(answer[0]).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => {
      first.t = 'changed';
    }).toThrow(TypeError);
    answer.push({ id: 'mine' });
    expect(b.callSync('GetVerse', { verseId: '43003016' })).toEqual([first]);

    const chapter = b.callSync('GetChapter', { bookId: 43, chapterId: 3 });
    expect(chapter[15]).toBe(first);
    chapter.reverse();
    expect(b.callSync('GetChapter', { bookId: 43, chapterId: 3 })[15]).toBe(first);
  });
});

describe('decoded blocks', () => {
  const meta = loadMeta(packAt(META_PACK.name));
  const pack = packAt(TEXT_PACK.name('kjv'));
  const reference = loadTranslation(pack, meta.versification);
  // Read in order, each block once: the texts a scattered reader must get.
  const texts = Array.from({ length: reference.size }, (_, i) => reference.textAt(i));

  it('give every verse its own text and record, read in any order across more blocks than are kept', () => {
    // Fewer blocks kept than the engine keeps, so reads drop and decode blocks again.
    const blocksKept = 8;
    const text = loadTranslation(pack, meta.versification, blocksKept);
    const blockCount = pack.u32('blockStarts').length - 1;
    expect(blockCount).toBeGreaterThan(blocksKept);
    fc.assert(
      fc.property(fc.array(fc.nat(text.size - 1), { minLength: 1, maxLength: 300 }), (positions) => {
        for (const i of positions) {
          const id = text.ids[i];
          expect(text.textAt(i)).toBe(texts[i]);
          expect(text.rowAt(i)).toEqual({
            id: padVerseId(id),
            b: String(Math.floor(id / 1e6)),
            c: String(Math.floor(id / 1e3) % 1e3),
            v: String(id % 1e3),
            t: texts[i],
          });
        }
      }),
      { numRuns: 40 },
    );
  });

  it("read a translation's first verse from its chapter alone, and every later verse as the whole block has it", () => {
    // Translations with verses missing from the grid and verses beyond it (their own splits) as well.
    for (const versionId of ['kjv', 'rv1909', 'svd', 'web']) {
      const textPack = packAt(TEXT_PACK.name(versionId));
      const blocks = wordCodedBlocks(textPack, (why) => new Error(why));
      const blockStarts = textPack.u32('blockStarts');
      // Each block decoded whole, its lines as the verse texts: the reference, apart from the reader.
      const wholeText = (position: number) => {
        let block = 0;
        while (blockStarts[block + 1] <= position) block++;
        return new TextDecoder().decode(blocks.read(block)).split('\n')[position - blockStarts[block]];
      };
      fc.assert(
        fc.property(
          fc.nat(reference.size - 1),
          fc.array(fc.integer({ min: -400, max: 400 }), { maxLength: 6 }),
          (first, steps) => {
            const text = loadTranslation(textPack, meta.versification);
            for (const position of [first, ...steps.map((step) => first + step)]) {
              if (position < 0 || position >= text.size) continue;
              expect(text.textAt(position), `${versionId} ${position}`).toBe(wholeText(position));
              expect(text.rowAt(position).id).toBe(padVerseId(text.ids[position]));
            }
          },
        ),
        { numRuns: 25 },
      );
    }
  });

  it('are all kept in every translation, so an answer spanning many blocks decodes each once per process', () => {
    for (const { versionId } of meta.versions) {
      const blockCount = packAt(TEXT_PACK.name(versionId)).u32('blockStarts').length - 1;
      expect(blockCount, versionId).toBeLessThanOrEqual(DECODED_BLOCKS_KEPT);
    }
  });

  it('find the first position at or after any verse id, as a search of the whole list does', () => {
    const ids = reference.ids;
    const search = (id: number) => {
      let i = 0;
      while (i < ids.length && ids[i] < id) i++;
      return i;
    };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 68_000_000 }), (id) => {
        expect(reference.firstAtOrAfter(id)).toBe(search(id));
      }),
      { numRuns: 200 },
    );
  });
});

describe('verse positions', () => {
  const meta = loadMeta(packAt(META_PACK.name));
  const { versification } = meta;
  // The translations that leave grid verses out or add their own: positions there are not ordinals.
  const uneven = meta.versions
    .map(({ versionId }) => packAt(TEXT_PACK.name(versionId)))
    .filter((pack) => {
      const { missing, extra } = pack.json<TextPackInfo>('info');
      return missing.length + extra.length > 0;
    });

  it('are computed without the verse list, and agree with the list once it is built', () => {
    expect(uneven.length).toBeGreaterThan(1);
    for (const pack of uneven) {
      const { missing, extra } = pack.json<TextPackInfo>('info');
      // Records first, in a scattered order, before anything builds the whole list.
      const text = loadTranslation(pack, versification);
      const step = 997;
      const rows = Array.from({ length: Math.ceil(text.size / step) }, (_, k) => text.rowAt(k * step));
      const { ids } = text;
      expect(rows.map((row) => Number(row.id))).toEqual(rows.map((_, k) => ids[k * step]));
      // The list: ascending, the grid less `missing` plus `extra`.
      expect(ids.length).toBe(text.size);
      expect(ids.every((id, i) => i === 0 || id > ids[i - 1])).toBe(true);
      const listed = new Set(ids);
      expect(missing.some((id) => listed.has(id))).toBe(false);
      expect(extra.every((id) => listed.has(id))).toBe(true);
      expect(text.size).toBe(versification.verseCount - missing.length + extra.length);
      expect(Array.from(ids, (id) => text.indexOf(id))).toEqual(Array.from(ids, (_, i) => i));
      for (const id of missing) expect(text.indexOf(id)).toBe(-1);

      const search = (id: number) => lowerBound(ids, id);
      const nearListed = fc.oneof(
        fc.constantFrom(...missing, ...extra).chain((id) => fc.integer({ min: id - 2, max: id + 2 })),
        fc.record({ b: fc.integer({ min: 0, max: 67 }), c: fc.integer({ min: 0, max: 152 }), v: fc.nat(180) }),
        fc.integer({ min: -5, max: 100_000_000 }),
      );
      fc.assert(
        fc.property(nearListed, (drawn) => {
          const id = typeof drawn === 'number' ? drawn : drawn.b * 1e6 + drawn.c * 1e3 + drawn.v;
          expect(text.firstAtOrAfter(id)).toBe(search(id));
          expect(text.indexOf(id)).toBe(ids.indexOf(id));
        }),
        { numRuns: 300 },
      );
      for (let book = 1; book <= 66; book++) {
        expect(text.bookRange(book)).toEqual([search(book * 1e6), search((book + 1) * 1e6)]);
        const chapters = versification.chapterVerses[book - 1].length;
        for (let chapter = 1; chapter <= chapters; chapter++)
          expect(text.chapterRange(book, chapter)).toEqual([
            search(book * 1e6 + chapter * 1e3),
            search(book * 1e6 + (chapter + 1) * 1e3),
          ]);
      }
    }
  });
});

describe('parameter shortcuts', async () => {
  const b = await bible();
  await b.load(['text-kjv']);

  it('a verse id given as a number answers and refuses as the same number written as a string', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 1_000_000, max: 99_999_999 }),
          fc.integer(),
          fc.double({ noNaN: true, noDefaultInfinity: true }),
          fc.constantFrom(43003016, 1001001, 999_999, 100_000_000, -43003016, 43003016.5, 1e21),
        ),
        (n) => {
          expect(outcome(() => b.callSync('GetVerse', { verseId: n }))).toEqual(
            outcome(() => b.callSync('GetVerse', { verseId: String(n) })),
          );
        },
      ),
    );
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => b.callSync('GetVerse', { verseId: bad })).toThrow(/verseId must be a string or number/);
  });

  it('no parameter of any operation is named like a property every object inherits', () => {
    for (const op of b.operations) for (const spec of op.params) expect(spec.name in Object.prototype).toBe(false);
  });

  it('a parameter an object only inherits is not given; an object without a prototype gives its own', () => {
    const inherited = Object.create({ verseId: '43003016' });
    expect(outcome(() => b.callSync('GetVerse', inherited))).toMatchObject({ code: 'MISSING_PARAMETER' });
    const bare = Object.assign(Object.create(null), { verseId: '43003016' });
    expect(b.callSync('GetVerse', bare)).toEqual(b.callSync('GetVerse', { verseId: '43003016' }));
  });
});

describe('straight-line parameter checks', async () => {
  const b = await bible();
  const value = fc.oneof(
    fc.constantFrom(undefined, null, '', ' ', 'kjv', 'KJV', ' t_web ', 'niv', '43003016', '1001001', '43', 'John'),
    fc.constantFrom('3', '0', '151', '43003', '1001', '99999', '01001000', ' 43003016', 'x', '1e3', '0x2B'),
    fc.string({ maxLength: 10 }),
    fc.integer({ min: -5, max: 100_000_000 }),
    fc.double(),
    fc.constantFrom([], {}, true, Number.NaN),
  );

  // Every operation, since any whose parameter list matches a straight check's gets it.
  it('answer and refuse as the loop over the specs does', () => {
    for (const op of b.operations) {
      const name = op.name;
      const lookup = ['GetVerse', 'GetChapter', 'GetChapterByBookAndChapterId'].includes(name);
      const straight = compileParams(name, op.params, b.meta);
      const names = [...op.params.map((s) => s.name), 'other'];
      fc.assert(
        fc.property(fc.dictionary(fc.constantFrom(...names), value, { maxKeys: 4 }), (raw) => {
          expect(outcome(() => straight(raw))).toEqual(outcome(() => coerceParams(name, op.params, raw, b.meta)));
        }),
        { numRuns: lookup ? 500 : 50 },
      );
      for (const raw of [undefined, null, [], 'verseId=1', Object.create({ verseId: '43003016' })])
        expect(outcome(() => straight(raw))).toEqual(outcome(() => coerceParams(name, op.params, raw, b.meta)));
    }
  });
});
