import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FacetColumn } from '../facets/facet-column.ts';
import { type RankingCriterion, rankWindow } from '../rank/rank.ts';
import { bestOfEachGroup } from './distinct-best.ts';

/**
 * The one-pass best of each group must keep exactly the documents that ranking every match and keeping each
 * group's first would keep: random groups (some documents without a value), random criteria with many ties.
 */
const caseArbitrary = fc.integer({ min: 1, max: 60 }).chain((size) =>
  fc.record({
    groups: fc.array(fc.integer({ min: -1, max: 20 }), { minLength: size, maxLength: size }),
    criteria: fc.array(
      fc.array(fc.integer({ min: 0, max: 3 }), { minLength: size, maxLength: size }),
      {
        maxLength: 4,
      },
    ),
    matched: fc.array(fc.boolean(), { minLength: size, maxLength: size }),
  }),
);

describe('the best document of each distinct group', () => {
  it('keeps what ranking every document and taking each group’s first keeps', () => {
    fc.assert(
      fc.property(caseArbitrary, ({ groups, criteria, matched }) => {
        const column = new FacetColumn('group', false);
        for (const [documentNumber, group] of groups.entries())
          column.addDocument(documentNumber, group < 0 ? {} : { group: `g${group}` });
        const rankingCriteria: RankingCriterion[] = criteria.map((values, level) => ({
          name: `c${level}`,
          keys: (documents, keys) => {
            documents.forEach((documentNumber, i) => {
              keys[i] = values[documentNumber] ?? 0;
            });
          },
        }));
        const documents = Uint32Array.from(
          matched.flatMap((isMatched, documentNumber) => (isMatched ? [documentNumber] : [])),
        );
        const ranked = rankWindow(documents, rankingCriteria, 0, documents.length);
        const seen = new Set<number>();
        const expected = [...ranked]
          .filter((documentNumber) => {
            const group = column.firstValue(documentNumber);
            if (group < 0) return true;
            if (seen.has(group)) return false;
            seen.add(group);
            return true;
          })
          .sort((a, b) => a - b);
        expect([...bestOfEachGroup(documents, rankingCriteria, column)]).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});
