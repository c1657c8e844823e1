// The ES2020 stand-ins for newer library calls agree with the calls they stand in for.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasOwn, isWellFormed } from '../../engine/core/es2020.ts';

describe('engine/core/es2020.ts', () => {
  it('isWellFormed agrees with String.prototype.isWellFormed on any UTF-16 text', () => {
    // Texts built from code units around the surrogate ranges, so lone and paired halves are common.
    const unit = fc.oneof(
      fc.integer({ min: 0xd800, max: 0xdfff }),
      fc.integer({ min: 0, max: 0xffff }),
      fc.constantFrom(0x61, 0xd83d, 0xde00),
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 12 }), (units) => {
        const text = String.fromCharCode(...units);
        expect(isWellFormed(text)).toBe(text.isWellFormed());
      }),
      { numRuns: 3000 },
    );
  });

  it('hasOwn agrees with Object.hasOwn, inherited and prototype-less objects included', () => {
    const bare = Object.create(null) as Record<string, number>;
    bare.a = 1;
    const child = Object.create({ inherited: 1 }) as Record<string, number>;
    child.own = 2;
    for (const [object, key] of [
      [bare, 'a'],
      [bare, 'b'],
      [child, 'own'],
      [child, 'inherited'],
      [{ toString: 1 }, 'toString'],
      [{}, 'toString'],
      [[1], '0'],
      [[1], 'length'],
    ] as [object, string][])
      expect(hasOwn(object, key), key).toBe(Object.hasOwn(object, key));
  });
});
