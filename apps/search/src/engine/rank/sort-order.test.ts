import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RankingCriterion } from './rank.ts';
import { buildSortOrder, mergeSortOrder, SortOrderCache } from './sort-order.ts';

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

describe('mergeSortOrder', () => {
  /** A key drawn from few values (ties), signed zeros, infinities and NaN included. */
  const key = fc.oneof(
    fc.integer({ min: -3, max: 3 }),
    fc.constantFrom(0, -0, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN, 0.5),
  );

  it('gives the order and ranks a full build gives, after records are added and removed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(key, key), { maxLength: 60 }),
        fc.integer({ min: 0, max: 60 }),
        fc.array(fc.boolean(), { maxLength: 60 }),
        (rows, split, deadMarks) => {
          const since = Math.min(split, rows.length);
          const criteria = [
            criterion(rows.map((row) => row[0])),
            criterion(rows.map((row) => row[1])),
          ];
          const before = Uint32Array.from({ length: since }, (_, i) => i);
          const previous = buildSortOrder(before, criteria, since);
          // Later writes: records numbered since are added, and some records (old or new) are removed.
          const live = Uint32Array.from(rows.map((_, i) => i).filter((i) => deadMarks[i] !== true));
          const merged = mergeSortOrder(previous, since, live, criteria, rows.length);
          const rebuilt = buildSortOrder(live, criteria, rows.length);
          expect([...merged.order]).toEqual([...rebuilt.order]);
          for (const documentNumber of live)
            expect(merged.rankOf[documentNumber]).toBe(rebuilt.rankOf[documentNumber]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('sorts a large write by radix and merges it the same way', () => {
    // 5,000 records added to 1,000: past the size where the added records are radix-sorted.
    const values = Array.from({ length: 6000 }, (_, i) => ((i * 7919) % 97) - 40);
    const criteria = [criterion(values), criterion(values.map((value) => value % 3))];
    const previous = buildSortOrder(
      Uint32Array.from({ length: 1000 }, (_, i) => i),
      criteria,
      1000,
    );
    const live = Uint32Array.from({ length: 6000 }, (_, i) => i).filter((i) => i % 11 !== 0);
    const merged = mergeSortOrder(previous, 1000, live, criteria, 6000);
    const rebuilt = buildSortOrder(live, criteria, 6000);
    expect([...merged.order]).toEqual([...rebuilt.order]);
    expect([...merged.rankOf]).toEqual([...rebuilt.rankOf]);
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

  it('hands the stale order to the next build, with where it was built', () => {
    const cache = new SortOrderCache();
    const value = { order: new Uint32Array(0), rankOf: new Uint32Array(0) };
    const base = { table: {}, capacity: 7 };
    const seen: unknown[] = [];
    cache.get('desc(x)', 1, (previous) => {
      seen.push(previous);
      return { value, base };
    });
    cache.get('desc(x)', 2, (previous) => {
      seen.push(previous);
      return value;
    });
    expect(seen).toEqual([undefined, { version: 1, value, base }]);
  });
});
