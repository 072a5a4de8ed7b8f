import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type RankingCriterion, rankWindow } from './rank.ts';

function criterion(name: string, values: readonly number[]): RankingCriterion {
  return {
    name,
    keys(documents, keys) {
      documents.forEach((documentNumber, index) => {
        keys[index] = values[documentNumber] ?? 0;
      });
    },
  };
}

describe('rankWindow', () => {
  it('sorts lexicographically on the criteria, ties by document number', () => {
    const first = criterion('typo', [1, 0, 0, 1, 0]);
    const second = criterion('custom', [5, 9, 2, 1, 2]);
    expect([...rankWindow(Uint32Array.from([0, 1, 2, 3, 4]), [first, second], 0, 5)]).toEqual([
      2, 4, 1, 3, 0,
    ]);
    expect([...rankWindow(Uint32Array.from([0, 1, 2, 3, 4]), [first, second], 1, 3)]).toEqual([
      4, 1,
    ]);
  });

  it('matches a full sort for any window', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: 3 }),
            fc.integer({ min: 0, max: 100 }),
            fc.double({ min: 0, max: 1, noNaN: true }),
          ),
          {
            maxLength: 200,
          },
        ),
        fc.nat(220),
        fc.nat(60),
        (rows, start, length) => {
          const documents = Uint32Array.from(rows, (_, i) => i);
          const criteria = [0, 1, 2].map((column) =>
            criterion(
              `c${column}`,
              rows.map((row) => row[column] ?? 0),
            ),
          );
          const expected = [...documents].sort(
            (a, b) =>
              (rows[a]?.[0] ?? 0) - (rows[b]?.[0] ?? 0) ||
              (rows[a]?.[1] ?? 0) - (rows[b]?.[1] ?? 0) ||
              (rows[a]?.[2] ?? 0) - (rows[b]?.[2] ?? 0) ||
              a - b,
          );
          expect([...rankWindow(documents, criteria, start, start + length)]).toEqual(
            expected.slice(start, start + length),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reports groups of fully tied documents', () => {
    const tieStarts: number[] = [];
    rankWindow(Uint32Array.from([0, 1, 2, 3]), [criterion('c', [1, 0, 1, 0])], 0, 4, tieStarts);
    expect(tieStarts).toEqual([0, 2]);
  });
});
