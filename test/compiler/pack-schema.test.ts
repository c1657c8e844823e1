// The writer lays a pack out in its schema's order and refuses values the schema does not declare; the
// reader gets back what was written, by the same names.
import { describe, expect, it } from 'vitest';
import { sectionsOf, writePack } from '../../compiler/pack/writer.ts';
import { definePack, json, packName, u16, u32, utf8, withSchema } from '../../engine/core/pack/schema.ts';
import { declared, readPack } from '../read-pack.ts';
import { TEXT_PACK, XREFS_PACK } from '../../engine/core/pack/schemas.ts';

const SAMPLE = definePack('sample', { info: json<{ n: number }>(), ids: u32, counts: u16, words: utf8 });

describe('pack schemas', () => {
  it('writes sections in the schema order, whatever order the values come in', () => {
    const a = sectionsOf(SAMPLE, { words: 'a b', counts: [1], ids: [7, 8], info: { n: 2 } });
    expect(Object.keys(a)).toEqual(['info', 'ids', 'counts', 'words']);
    const b = sectionsOf(SAMPLE, { info: { n: 2 }, ids: [7, 8], counts: [1], words: 'a b' });
    expect(writePack(a, declared('sample'))).toEqual(writePack(b, declared('sample')));
  });

  it('reads back each section through the same schema', () => {
    const pack = withSchema(
      readPack(
        'sample',
        writePack(sectionsOf(SAMPLE, { info: { n: 2 }, ids: [7, 8], counts: [1], words: 'a b' }), declared('sample')),
      ),
      SAMPLE,
    );
    expect(pack.json('info').n).toBe(2);
    expect([...pack.u32('ids')]).toEqual([7, 8]);
    expect([...pack.u16('counts')]).toEqual([1]);
    expect(pack.text('words')).toBe('a b');
  });

  it('refuses a value for an undeclared section and a missing value', () => {
    const values = { info: { n: 1 }, ids: [], counts: [], words: '' };
    expect(() => sectionsOf(SAMPLE, { ...values, extra: [1] } as typeof values)).toThrow(
      /no section extra in its schema/,
    );
    const { words: _, ...missing } = values;
    expect(() => sectionsOf(SAMPLE, missing as typeof values)).toThrow(/section words has no value/);
  });

  it('names fixed and keyed packs', () => {
    expect(packName(XREFS_PACK)).toBe('xrefs');
    expect(packName(TEXT_PACK, 'kjv')).toBe('text-kjv');
    expect(() => packName(TEXT_PACK)).toThrow(/give the key/);
  });
});
