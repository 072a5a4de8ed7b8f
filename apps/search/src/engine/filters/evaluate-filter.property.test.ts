import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SearchIndex } from '../search-index.ts';
import { filterArbitrary, recordArbitrary } from '../testing/random-index.ts';
import { referenceFilter } from '../testing/reference-search.ts';
import type { FilterExpression } from './filter-expression.ts';

describe('an AND filter narrowed by its first operand', () => {
  // A selective first operand leaves few documents: the others are then tested one by one instead of filled.
  it('keeps exactly the live records every operand accepts', () => {
    fc.assert(
      fc.property(
        fc.array(recordArbitrary, { minLength: 100, maxLength: 300 }),
        fc.array(fc.integer({ min: 0, max: 299 }), { maxLength: 60 }),
        fc.constantFrom('LU', 'Zed', 'Öko'),
        filterArbitrary,
        (drafts, deletedPositions, brand, rest) => {
          // Few records keep a brand, so "brand = X" leaves well under a sixteenth of the index.
          const records = drafts.map(({ brand: kept, ...record }, position) => ({
            ...record,
            ...(position % 12 === 0 && kept !== undefined ? { brand: kept } : {}),
            objectID: `r${position}`,
          }));
          const index = new SearchIndex(
            {
              searchableAttributes: ['title'],
              attributesForFaceting: ['brand', 'colors', 'stock', 'specs.size', 'price', 'group'],
            },
            { compactionThreshold: 1_000 },
          );
          index.saveObjects(records);
          const deleted = new Set(deletedPositions.map((position) => `r${position}`));
          index.deleteObjects([...deleted]);
          const filter: FilterExpression = {
            kind: 'and',
            operands: [{ kind: 'facet', attribute: 'brand', value: brand }, rest],
          };
          const found = index
            .search({ text: '', filter, hitsPerPage: 1000 })
            .hits.map((hit) => hit.record.objectID);
          const expected = records
            .filter((record) => !deleted.has(record.objectID) && referenceFilter(record, filter))
            .map((record) => record.objectID);
          expect([...found].sort()).toEqual([...expected].sort());
        },
      ),
      { numRuns: 150 },
    );
  });
});
