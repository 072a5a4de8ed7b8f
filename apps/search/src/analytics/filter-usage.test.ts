import { describe, expect, it } from 'vitest';
import type { LoggedSearch } from '../store/analytics-queries.ts';
import { filterConditions, topFilterAttributes, topFilterValues } from './filter-usage.ts';
import { searchOutcomes } from './search-outcomes.ts';

describe('filterConditions', () => {
  it('reads facet, tag, numeric and range conditions, each once, negations left out', () => {
    expect(
      filterConditions(
        'brand:LG AND (size:M OR size:"X L") AND price < 50 AND _tags:sale AND rank:1 TO 5 AND NOT brand:Sony AND brand:LG',
      ),
    ).toEqual([
      { attribute: 'brand', operator: ':', value: 'LG' },
      { attribute: 'size', operator: ':', value: 'M' },
      { attribute: 'size', operator: ':', value: 'X L' },
      { attribute: 'price', operator: '<', value: '50' },
      { attribute: '_tags', operator: ':', value: 'sale' },
      { attribute: 'rank', operator: ':', value: '1 TO 5' },
    ]);
  });

  it('gives nothing for no filters or an unreadable string', () => {
    expect(filterConditions('')).toEqual([]);
    expect(filterConditions('brand:(')).toEqual([]);
  });
});

describe('filter usage', () => {
  const logged = (query: string, filters: string): LoggedSearch => ({
    query,
    filters,
    hitCount: 1,
    queryID: undefined,
    userToken: undefined,
    searchedAt: new Date('2026-03-01T00:00:00.000Z'),
    objectIDs: [],
  });
  const outcomes = searchOutcomes({
    searches: [
      logged('tv', 'brand:LG AND price < 100'),
      logged('TV', '(brand:LG OR brand:Sony)'),
      logged('radio', 'price < 100'),
      logged('radio', ''),
    ],
    events: [],
  });
  const page = { limit: 10, offset: 0, search: undefined };

  it('counts each search once per attribute, most used first', () => {
    expect(topFilterAttributes(outcomes, page)).toEqual({
      attributes: [
        { attribute: 'brand', count: 2 },
        { attribute: 'price', count: 2 },
      ],
    });
    expect(topFilterAttributes(outcomes, { ...page, search: 'radio' })).toEqual({
      attributes: [{ attribute: 'price', count: 1 }],
    });
    expect(topFilterAttributes(outcomes, { ...page, limit: 1, offset: 1 }).attributes).toEqual([
      { attribute: 'price', count: 2 },
    ]);
  });

  it('counts each value of one attribute', () => {
    expect(topFilterValues(outcomes, 'brand', page)).toEqual({
      values: [
        { attribute: 'brand', operator: ':', value: 'LG', count: 2 },
        { attribute: 'brand', operator: ':', value: 'Sony', count: 1 },
      ],
    });
    expect(topFilterValues(outcomes, 'color', page)).toEqual({ values: [] });
  });
});
