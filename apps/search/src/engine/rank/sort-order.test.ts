import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RankingCriterion } from './rank.ts';
import { buildSortOrder, SortOrderCache } from './sort-order.ts';

const criterion = (values: readonly number[]): RankingCriterion => ({
  name: 'c',
  keys(documents, keys) {
    documents.forEach((documentNumber, index) => {
      keys[index] = values[documentNumber] ?? 0;
    });
  },
});

describe('buildSortOrder', () => {
  it('orders by the criteria with negative, fractional and infinite keys, ties by document', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.oneof(fc.double({ noNaN: true }), fc.constant(Number.POSITIVE_INFINITY)),
            fc.integer({ min: 0, max: 3 }),
          ),
          {
            maxLength: 100,
          },
        ),
        (rows) => {
          const documents = Uint32Array.from(rows, (_, i) => i);
          const { order, rankOf } = buildSortOrder(
            documents,
            [criterion(rows.map((row) => row[1])), criterion(rows.map((row) => row[0]))],
            rows.length,
          );
          const expected = [...documents].sort(
            (a, b) =>
              (rows[a]?.[1] ?? 0) - (rows[b]?.[1] ?? 0) ||
              compare(rows[a]?.[0] ?? 0, rows[b]?.[0] ?? 0) ||
              a - b,
          );
          expect([...order]).toEqual(expected);
          for (let i = 1; i < order.length; i++) {
            expect(rankOf[order[i] ?? 0] ?? 0).toBeGreaterThanOrEqual(
              rankOf[order[i - 1] ?? 0] ?? 0,
            );
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

function compare(a: number, b: number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

describe('SortOrderCache', () => {
  it('rebuilds only when the version changes', () => {
    const cache = new SortOrderCache();
    let builds = 0;
    const build = () => {
      builds++;
      return { order: new Uint32Array(0), rankOf: new Uint32Array(0) };
    };
    cache.get('desc(x)', 1, build);
    cache.get('desc(x)', 1, build);
    cache.get('desc(x)', 2, build);
    expect(builds).toBe(2);
  });
});
