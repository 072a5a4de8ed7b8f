import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWithinAtFilterPrecision, toFilterPrecision } from './numeric-precision.ts';

describe('toFilterPrecision', () => {
  it('takes floating-point errors to the nearest thousandth and leaves large whole numbers alone', () => {
    expect(toFilterPrecision(0.1 + 0.2)).toBe(0.3);
    expect(toFilterPrecision(0.7 - 0.4)).toBe(0.3);
    expect(toFilterPrecision(1.1 * 3)).toBe(3.3);
    expect(toFilterPrecision(0.301)).toBe(0.301);
    expect(toFilterPrecision(-2.0004)).toBe(-2);
    expect(toFilterPrecision(1_767_225_600_123)).toBe(1_767_225_600_123);
    expect(toFilterPrecision(4_611_686_018_427_387)).toBe(4_611_686_018_427_387);
    expect(toFilterPrecision(Number.NaN)).toBeNaN();
    // Between 10^12 and 2^42 values still round (to the nearest thousandth as doubles compute it).
    expect(toFilterPrecision(1_874_617_293_984.8064)).toBe(1_874_617_293_984.807);
  });
});

describe('isWithinAtFilterPrecision', () => {
  const near = (base: number) =>
    fc.integer({ min: -3, max: 3 }).map((steps) => base + steps * 0.0005 + (steps % 2) * 1e-9);
  const number = fc.oneof(
    fc.double({ noNaN: true, min: -1e6, max: 1e6 }),
    fc.integer({ min: -2000, max: 2000 }).map((thousandths) => thousandths / 1000),
    fc.constantFrom(0.1 + 0.2, 0.7 - 0.4, 1e12 - 0.25, 1e12, 4_611_686_018_427_387),
    // Millisecond timestamps and other large values up to where doubles are a thousandth apart (2^42).
    fc.double({ noNaN: true, min: 1e12, max: 2 ** 42 }),
    fc.double({ noNaN: true, min: -(2 ** 42), max: -1e12 }),
  );

  it('agrees with rounding the value then comparing, far from and near the bounds', () => {
    fc.assert(
      fc.property(number, number, fc.boolean(), (a, b, useNear) => {
        const lower = toFilterPrecision(Math.min(a, b));
        const upper = toFilterPrecision(Math.max(a, b));
        const values = useNear ? [lower, upper] : [a, b];
        for (const base of values) {
          fc.assert(
            fc.property(near(base), (value) => {
              const rounded = toFilterPrecision(value);
              expect(isWithinAtFilterPrecision(value, lower, upper)).toBe(
                rounded >= lower && rounded <= upper,
              );
            }),
            { numRuns: 7 },
          );
        }
      }),
      { numRuns: 500 },
    );
  });

  it('accepts infinite bounds and refuses NaN', () => {
    expect(isWithinAtFilterPrecision(0.30000000000000004, Number.NEGATIVE_INFINITY, 0.3)).toBe(
      true,
    );
    expect(isWithinAtFilterPrecision(0.3004, 0.3, Number.POSITIVE_INFINITY)).toBe(true);
    expect(isWithinAtFilterPrecision(0.2994, 0.3, Number.POSITIVE_INFINITY)).toBe(false);
    expect(
      isWithinAtFilterPrecision(Number.NaN, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY),
    ).toBe(false);
  });
});
