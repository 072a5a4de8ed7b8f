import { describe, expect, it } from 'vitest';
import { QueryError } from './query-error.ts';
import { SearchIndex } from './search-index.ts';

function index(): SearchIndex {
  const search = new SearchIndex({ attributesForFaceting: ['searchable(brand)', 'category'] });
  search.saveObjects([
    { objectID: '1', name: 'tv', brand: 'Samsung', category: 'TV' },
    { objectID: '2', name: 'tv', brand: 'Samsung', category: 'TV' },
    { objectID: '3', name: 'phone', brand: 'Samsung', category: 'Phone' },
    { objectID: '4', name: 'tv', brand: 'Sony', category: 'TV' },
    { objectID: '5', name: 'tv', brand: 'Sanyo Électrique', category: 'TV' },
    { objectID: '6', name: 'radio', brand: 'Philips', category: 'Audio' },
  ]);
  return search;
}

describe('searchFacetValues', () => {
  it('matches value prefixes, counts by the query context, best counts first', () => {
    expect(index().searchFacetValues('brand', 's', { text: '' }, 10).hits).toEqual([
      { value: 'Samsung', highlighted: '<em>S</em>amsung', count: 3 },
      { value: 'Sanyo Électrique', highlighted: '<em>S</em>anyo Électrique', count: 1 },
      { value: 'Sony', highlighted: '<em>S</em>ony', count: 1 },
    ]);
    expect(index().searchFacetValues('brand', 'sam', { text: 'tv' }, 10).hits).toEqual([
      { value: 'Samsung', highlighted: '<em>Sam</em>sung', count: 2 },
    ]);
  });

  it('is accent-folded, typo-tolerant and honours filters and maxFacetHits', () => {
    expect(
      index()
        .searchFacetValues('brand', 'electr', { text: '' }, 10)
        .hits.map((hit) => hit.highlighted),
    ).toEqual(['Sanyo <em>Électr</em>ique']);
    expect(
      index()
        .searchFacetValues('brand', 'smasung', { text: '' }, 10)
        .hits.map((hit) => hit.value),
    ).toEqual(['Samsung']);
    const filter = { kind: 'facet', attribute: 'category', value: 'phone' } as const;
    expect(index().searchFacetValues('brand', '', { text: '', filter }, 10).hits).toEqual([
      { value: 'Samsung', highlighted: 'Samsung', count: 1 },
    ]);
    expect(index().searchFacetValues('brand', '', { text: '' }, 2).hits).toHaveLength(2);
  });

  it('refuses attributes that are not searchable()', () => {
    expect(() => index().searchFacetValues('category', 't', { text: '' }, 10)).toThrow(QueryError);
    expect(() => index().searchFacetValues('category', 't', { text: '' }, 10)).toThrow(
      'Cannot search in `category` attribute, you need to add `searchable(category)` to attributesForFaceting.',
    );
  });
});
