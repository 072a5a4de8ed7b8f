import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SearchIndex } from '../search-index.ts';

/**
 * A query asking for no hits, only facet counts after distinct (InstantSearch's disjunctive-facet queries), scores
 * only the matches that share a distinct group: its counts must equal those of the same query with a full page,
 * which ranks every match, whatever the query text (typos, prefixes, several words, proximity).
 */
const words = ['jus', 'pomme', 'orange', 'biscuit', 'chocolat', 'noir', 'lait'];

const recordsArbitrary = fc.array(
  fc.record({
    title: fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 5 }),
    group: fc.option(fc.integer({ min: 0, max: 9 }), { nil: undefined }),
    color: fc.constantFrom('red', 'blue', 'green'),
  }),
  { minLength: 30, maxLength: 80 },
);

const textArbitrary = fc
  .array(
    fc.oneof(
      fc.constantFrom(...words),
      fc.constantFrom(...words).map((word) => word.slice(0, Math.max(1, word.length - 2))),
      fc.constantFrom(...words).map((word) => `${word.slice(1)}${word[0] ?? ''}`),
    ),
    { minLength: 1, maxLength: 2 },
  )
  .map((parts) => parts.join(' '));

describe('facet counts after distinct without a page', () => {
  it('equal the counts of the same query with every match ranked', () => {
    fc.assert(
      fc.property(
        recordsArbitrary,
        textArbitrary,
        fc.integer({ min: 1, max: 2 }),
        (records, text, perGroup) => {
          const index = new SearchIndex({
            attributeForDistinct: 'group',
            attributesForFaceting: ['color', 'group'],
          });
          index.saveObjects(
            records.map((record, position) => ({
              objectID: `r${position}`,
              title: record.title.join(' '),
              color: record.color,
              ...(record.group === undefined ? {} : { group: `g${record.group}` }),
            })),
          );
          const query = {
            text,
            distinct: perGroup,
            facets: ['color'],
            facetingAfterDistinct: true,
          };
          // Searches before leave other values in the scoring slots: a match left unscored would rank on them.
          index.search({ text: 'noir lait', hitsPerPage: 1000 });
          index.search({ text: 'chocolat orange jus', hitsPerPage: 1000 });
          const countsOnly = index.search({ ...query, hitsPerPage: 0 });
          const ranked = index.search({ ...query, hitsPerPage: 1000 });
          expect(countsOnly.facetCounts).toEqual(ranked.facetCounts);
          expect(countsOnly.totalHits).toBe(ranked.totalHits);
        },
      ),
      { numRuns: 300 },
    );
  });
});
