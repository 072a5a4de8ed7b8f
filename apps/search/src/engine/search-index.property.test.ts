import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  build,
  filterArbitrary,
  ids,
  operationsArbitrary,
  optional,
  words,
} from './testing/random-index.ts';
import {
  referenceContainsWord,
  referenceFacetCounts,
  referenceFacetStats,
  referenceFilter,
  referenceSort,
} from './testing/reference-search.ts';

describe('SearchIndex against a brute-force reference', () => {
  it('filters, counts facets and paginates exactly', () => {
    fc.assert(
      fc.property(
        operationsArbitrary,
        optional(filterArbitrary),
        optional(fc.constantFrom(...words)),
        fc.integer({ min: 0, max: 7 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 30 }),
        fc.constantFrom(['custom'], ['typo', 'words', 'exact', 'custom']),
        (
          operations,
          filter,
          word,
          hitsPerPage,
          page,
          maxValuesPerFacet,
          paginationLimitedTo,
          ranking,
        ) => {
          // With typos off and one word, typo/words/exact tie everywhere: only the custom ranking orders.
          const { index, reference } = build(operations, ranking);
          const result = index.search({
            text: word ?? '',
            typoTolerance: false,
            queryType: 'prefixNone',
            exactOnSingleWordQuery: 'word',
            hitsPerPage,
            page,
            maxValuesPerFacet,
            paginationLimitedTo,
            facets: ['brand', 'colors', 'price'],
            ...(filter === undefined ? {} : { filter }),
          });
          const matched = reference
            .all()
            .filter((record) => filter === undefined || referenceFilter(record, filter))
            .filter(
              (record) => word === undefined || referenceContainsWord(record, ['title'], word),
            );
          const ranked = referenceSort(matched, 'rank');
          const start = page * hitsPerPage;
          const end = Math.min(start + hitsPerPage, paginationLimitedTo);
          expect(result.totalHits).toBe(matched.length);
          expect(ids(result.hits.map((hit) => hit.record))).toEqual(
            ids(start >= paginationLimitedTo && hitsPerPage > 0 ? [] : ranked.slice(start, end)),
          );
          expect(result.pageCount).toBe(
            hitsPerPage === 0
              ? 0
              : Math.ceil(Math.min(matched.length, paginationLimitedTo) / hitsPerPage),
          );
          expect(result.message !== undefined).toBe(
            hitsPerPage > 0 && start >= paginationLimitedTo,
          );
          for (const attribute of ['brand', 'colors', 'price']) {
            const expected = referenceFacetCounts(matched, attribute, maxValuesPerFacet);
            // Integer-like keys ("10") are reordered by JS itself, so compare the selected values, not key order.
            expect(result.facetCounts[attribute] ?? {}).toEqual(Object.fromEntries(expected));
          }
          const stats = referenceFacetStats(matched, 'price');
          if (stats === undefined) expect(result.facetStats['price']).toBeUndefined();
          else
            expect(result.facetStats['price']).toEqual({
              ...stats,
              avg: expect.closeTo(stats.avg, 9),
            });
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('SearchIndex through interleaved writes', () => {
  it('stays equal to the reference through interleaved writes and searches', () => {
    fc.assert(
      fc.property(operationsArbitrary, filterArbitrary, (operations, filter) => {
        const { index, reference } = build([]);
        for (const operation of operations) {
          if (operation.kind === 'save') {
            index.saveObjects(operation.records);
            reference.save(operation.records);
          } else {
            index.deleteObjects(operation.ids);
            reference.delete(operation.ids);
          }
          const result = index.search({
            text: '',
            filter,
            hitsPerPage: 1000,
            paginationLimitedTo: 1000,
          });
          const expected = referenceSort(
            reference.all().filter((record) => referenceFilter(record, filter)),
            'rank',
          );
          expect(ids(result.hits.map((hit) => hit.record))).toEqual(ids(expected));
          expect(index.size).toBe(reference.all().length);
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('SearchIndex across consecutive searches of the same text', () => {
  it('matches the reference for every sub-query of a multi-query, before and after writes', () => {
    // InstantSearch's fan-out: the same words with different filters, one search after the other (the text
    // phase of one search is reused by the next when the words are the same).
    fc.assert(
      fc.property(
        operationsArbitrary,
        operationsArbitrary,
        fc.subarray(words, { minLength: 1, maxLength: 2 }),
        fc.array(optional(filterArbitrary), { minLength: 2, maxLength: 4 }),
        (operations, laterOperations, queryWords, filters) => {
          const { index, reference } = build(operations);
          const searchAll = () =>
            filters.forEach((filter, position) => {
              const hitsPerPage = position === 0 ? 5 : 0;
              const result = index.search({
                text: queryWords.join(' '),
                typoTolerance: false,
                queryType: 'prefixNone',
                hitsPerPage,
                facets: ['brand'],
                ...(filter === undefined ? {} : { filter }),
              });
              const matched = reference
                .all()
                .filter((record) => filter === undefined || referenceFilter(record, filter))
                .filter((record) =>
                  queryWords.every((word) => referenceContainsWord(record, ['title'], word)),
                );
              expect(result.totalHits).toBe(matched.length);
              expect(ids(result.hits.map((hit) => hit.record))).toEqual(
                ids(referenceSort(matched, 'rank').slice(0, hitsPerPage)),
              );
              expect(result.facetCounts['brand'] ?? {}).toEqual(
                Object.fromEntries(referenceFacetCounts(matched, 'brand', 10)),
              );
            });
          searchAll();
          for (const operation of laterOperations) {
            if (operation.kind === 'save') {
              index.saveObjects(operation.records);
              reference.save(operation.records);
            } else {
              index.deleteObjects(operation.ids);
              reference.delete(operation.ids);
            }
          }
          searchAll();
        },
      ),
      { numRuns: 150 },
    );
  });
});
