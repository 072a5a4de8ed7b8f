import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SearchIndex } from '../search-index.ts';
import {
  build,
  ids,
  operationsArbitrary,
  optional,
  scoredFilterArbitrary,
} from '../testing/random-index.ts';
import {
  referenceFilter,
  referenceFilterScore,
  referenceSort,
} from '../testing/reference-search.ts';
import type { SearchQuery } from '../types.ts';
import type { FilterExpression } from './filter-expression.ts';
import { rankingFilter, scoredFilterPart } from './filter-scores.ts';

const facet = (attribute: string, value: string, score?: number): FilterExpression =>
  score === undefined
    ? { kind: 'facet', attribute, value }
    : { kind: 'facet', attribute, value, score };
const or = (...operands: FilterExpression[]): FilterExpression => ({ kind: 'or', operands });
const and = (...operands: FilterExpression[]): FilterExpression => ({ kind: 'and', operands });
const price: FilterExpression = { kind: 'numeric', attribute: 'price', operator: '>', value: 3 };

describe('the scored part of filters', () => {
  it('keeps OR groups holding a score, with their unscored facets, and scored facets ANDed alone', () => {
    const group = or(facet('brand', 'a', 3), facet('brand', 'b'));
    expect(scoredFilterPart(and(group, price, facet('color', 'red')))).toEqual(group);
    expect(scoredFilterPart(and(facet('color', 'red', 2), group))).toEqual(
      and(facet('color', 'red', 2), group),
    );
  });

  it('ignores unscored filters, numeric filters (even scored) and negations', () => {
    expect(scoredFilterPart(or(facet('brand', 'a'), facet('brand', 'b')))).toBeUndefined();
    expect(scoredFilterPart(and(price, { ...price, score: 4 }))).toBeUndefined();
    expect(scoredFilterPart({ kind: 'not', operand: facet('brand', 'a', 5) })).toBeUndefined();
  });

  it('adds optional filters to what the filters score', () => {
    const boost = facet('color', 'red', 2);
    const group = or(facet('brand', 'a', 3), facet('brand', 'b'));
    expect(rankingFilter(undefined, boost)).toBe(boost);
    expect(rankingFilter(facet('brand', 'a'), boost)).toBe(boost);
    expect(rankingFilter(group, undefined)).toEqual(group);
    expect(rankingFilter(group, boost)).toEqual(and(group, boost));
  });
});

describe('ranking by filter scores', () => {
  const records = [
    { objectID: 'plain', brand: 'Zed', color: 'red', price: 5 },
    { objectID: 'samsung', brand: 'Samsung', color: 'blue', price: 9 },
    { objectID: 'both', brand: ['Apple', 'Samsung'], color: 'blue', price: 2 },
    { objectID: 'apple', brand: 'Apple', color: 'red', price: 7 },
  ];
  const index = new SearchIndex({
    attributesForFaceting: ['brand', 'color'],
    customRanking: ['desc(price)'],
  });
  index.saveObjects(records);
  const search = (query: Omit<SearchQuery, 'text'>) => {
    const result = index.search({ text: '', getRankingInfo: true, ...query });
    return result.hits.map((hit) => `${hit.record.objectID}:${hit.rankingInfo?.filters}`);
  };
  const brands = or(facet('brand', 'Apple', 3), facet('brand', 'Samsung', 2));

  it('ranks an OR group of filters by the best matched score (Algolia: no accumulation)', () => {
    expect(search({ filter: brands })).toEqual(['apple:3', 'both:3', 'samsung:2']);
  });

  it('sums the matched scores of the group with sumOrFiltersScores', () => {
    expect(search({ filter: brands, sumOrFiltersScores: true })).toEqual([
      'both:5',
      'apple:3',
      'samsung:2',
    ]);
  });

  it('adds the optional filters and leaves unscored or numeric filters out', () => {
    const filter = and(brands, price, facet('color', 'blue'), { ...price, score: 9 });
    const only = and(brands, facet('color', 'blue'));
    expect(search({ filter: only, optionalFilter: facet('brand', 'Samsung', 4) })).toEqual([
      'both:7',
      'samsung:6',
    ]);
    expect(search({ filter })).toEqual(['samsung:2']);
    expect(search({ filter: or(facet('brand', 'Apple'), facet('brand', 'Samsung')) })).toEqual([
      'samsung:0',
      'apple:0',
      'both:0',
    ]);
  });

  it('ranks by scores only where the ranking lists filters', () => {
    const custom = new SearchIndex({
      attributesForFaceting: ['brand'],
      customRanking: ['desc(price)'],
      ranking: ['custom', 'filters'],
    });
    custom.saveObjects(records);
    expect(
      custom.search({ text: '', filter: brands }).hits.map((hit) => hit.record.objectID),
    ).toEqual(['samsung', 'apple', 'both']);
  });
});

describe('filter scores against a brute-force reference', () => {
  it('reports and ranks by the scores of filters and optional filters', () => {
    fc.assert(
      fc.property(
        operationsArbitrary,
        optional(scoredFilterArbitrary),
        optional(scoredFilterArbitrary),
        fc.boolean(),
        (operations, filter, optionalFilter, sumOrFiltersScores) => {
          const { index, reference } = build(operations, ['filters', 'custom']);
          const result = index.search({
            text: '',
            hitsPerPage: 1000,
            getRankingInfo: true,
            sumOrFiltersScores,
            ...(filter === undefined ? {} : { filter }),
            ...(optionalFilter === undefined ? {} : { optionalFilter }),
          });
          const matched = referenceSort(
            reference
              .all()
              .filter((record) => filter === undefined || referenceFilter(record, filter)),
            'rank',
          );
          const scored = matched
            .map((record, position) => ({
              record,
              position,
              score: referenceFilterScore(record, filter, optionalFilter, sumOrFiltersScores),
            }))
            .sort((a, b) => b.score - a.score || a.position - b.position);
          expect(ids(result.hits.map((hit) => hit.record))).toEqual(
            ids(scored.map((entry) => entry.record)),
          );
          expect(result.hits.map((hit) => hit.rankingInfo?.filters)).toEqual(
            scored.map((entry) => entry.score),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
