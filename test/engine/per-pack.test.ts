// perPack and perPackAnd: computed once per pack object (and key), afresh for another pack object.
import { describe, expect, it } from 'vitest';
import { perPack, perPackAnd } from '../../engine/core/pack/per-pack.ts';

describe('perPack', () => {
  it('computes once per pack object', () => {
    const calls: object[] = [];
    const parsed = perPack((pack: { name: string }) => {
      calls.push(pack);
      return { from: pack.name };
    });
    const a = { name: 'a' };
    const b = { name: 'a' };
    expect(parsed(a)).toBe(parsed(a));
    expect(parsed(b)).not.toBe(parsed(a));
    expect(parsed(b)).toEqual({ from: 'a' });
    expect(calls).toEqual([a, b]);
  });
});

describe('perPackAnd', () => {
  it('computes once per pack object and key', () => {
    const calls: [string, string][] = [];
    const joined = perPackAnd((pack: { name: string }, key: string) => {
      calls.push([pack.name, key]);
      return [`${pack.name}+${key}`];
    });
    const a = { name: 'a' };
    const b = { name: 'b' };
    expect(joined(a, 'x')).toBe(joined(a, 'x'));
    expect(joined(a, 'y')).toEqual(['a+y']);
    expect(joined(b, 'x')).toEqual(['b+x']);
    expect(joined(b, 'x')).not.toBe(joined(a, 'x'));
    expect(calls).toEqual([
      ['a', 'x'],
      ['a', 'y'],
      ['b', 'x'],
    ]);
  });

  it('keys by identity when the key is an object', () => {
    const sizes = perPackAnd((_: object, key: { size: number }) => ({ size: key.size }));
    const pack = {};
    const k1 = { size: 1 };
    const k2 = { size: 1 };
    expect(sizes(pack, k1)).toBe(sizes(pack, k1));
    expect(sizes(pack, k2)).not.toBe(sizes(pack, k1));
  });
});
