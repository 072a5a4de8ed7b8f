import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { build, operationsArbitrary } from '../testing/random-index.ts';
import {
  referenceDistinct,
  referenceFacetCounts,
  referenceSort,
} from '../testing/reference-search.ts';

describe('distinct against a brute-force reference', () => {
  it('applies distinct with N per group and pages counted in groups', () => {
    fc.assert(
      fc.property(
        operationsArbitrary,
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 3 }),
        fc.boolean(),
        (operations, perGroup, hitsPerPage, page, afterDistinct) => {
          const { index, reference } = build(operations);
          const result = index.search({
            text: '',
            distinct: perGroup,
            hitsPerPage,
            page,
            facets: ['colors'],
            facetingAfterDistinct: afterDistinct,
          });
          const groups = referenceDistinct(
            referenceSort(reference.all(), 'rank'),
            'group',
            perGroup,
          );
          const pageGroups = groups.slice(page * hitsPerPage, (page + 1) * hitsPerPage);
          expect(result.totalHits).toBe(groups.length);
          expect(
            result.hits.map((hit) => `${hit.record.objectID}:${hit.distinctSequence}`),
          ).toEqual(
            pageGroups.flatMap((members) =>
              members.map((record, sequence) => `${record.objectID}:${sequence}`),
            ),
          );
          const counted = afterDistinct ? groups.flat() : reference.all();
          expect(Object.entries(result.facetCounts['colors'] ?? {})).toEqual(
            referenceFacetCounts(counted, 'colors', 100),
          );
        },
      ),
      { numRuns: 150 },
    );
  });
});
