import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kthSmallest, orderByKey } from './select-top.ts';

describe('kthSmallest', () => {
  it('agrees with sorting', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 1, maxLength: 200 }),
        fc.nat(),
        (values, k) => {
          const index = k % values.length;
          const sorted = [...values].sort((a, b) => a - b);
          expect(kthSmallest(Float64Array.from(values), index)).toBe(sorted[index]);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('orderByKey', () => {
  it('orders the needed prefix stably by key, integer or not', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(fc.integer({ min: 0, max: 5 }), fc.double({ min: -10, max: 10, noNaN: true })),
          { maxLength: 300 },
        ),
        fc.integer({ min: 1, max: 300 }),
        (keys, needed) => {
          const documents = Uint32Array.from(keys, (_, i) => i * 3);
          const { order, boundaries } = orderByKey(documents, Float64Array.from(keys), needed);
          const expected = [...documents].sort(
            (a, b) => (keys[a / 3] ?? 0) - (keys[b / 3] ?? 0) || a - b,
          );
          const prefix = Math.min(needed, keys.length);
          expect([...order.subarray(0, prefix)]).toEqual(expected.slice(0, prefix));
          expect(boundaries[boundaries.length - 1] ?? 0).toBe(order.length);
          expect(order.length).toBeGreaterThanOrEqual(prefix);
        },
      ),
      { numRuns: 200 },
    );
  });
});
