import { describe, expect, it } from 'vitest';
import { QueryError } from '../query-error.ts';
import { SearchIndex } from '../search-index.ts';

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

  it('counts after distinct as the search facets do (facetingAfterDistinct or afterDistinct)', () => {
    const make = (facet: string) => {
      const search = new SearchIndex({
        attributesForFaceting: [facet],
        attributeForDistinct: 'group',
        distinct: 1,
      });
      search.saveObjects([
        { objectID: '1', group: 'g1', color: 'Red' },
        { objectID: '2', group: 'g1', color: 'Red' },
        { objectID: '3', group: 'g2', color: 'Rose' },
        { objectID: '4', group: 'g2', color: 'Red' },
      ]);
      return search;
    };
    const counts = (search: SearchIndex, query: Parameters<SearchIndex['search']>[0]) => {
      const listed = search.search({ ...query, facets: ['color'] }).facetCounts['color'];
      const found = search.searchFacetValues('color', 'r', query, 10).hits;
      return { listed, found: Object.fromEntries(found.map((hit) => [hit.value, hit.count])) };
    };
    // Each group keeps one record (the first by objectID: no other criterion): g1 → Red, g2 → Rose.
    const after = counts(make('searchable(color)'), { text: '', facetingAfterDistinct: true });
    expect(after).toEqual({ listed: { Red: 1, Rose: 1 }, found: { Red: 1, Rose: 1 } });
    const declared = counts(make('afterDistinct(searchable(color))'), { text: '' });
    expect(declared).toEqual({ listed: { Red: 1, Rose: 1 }, found: { Red: 1, Rose: 1 } });
    const before = counts(make('searchable(color)'), { text: '' });
    expect(before).toEqual({ listed: { Red: 3, Rose: 1 }, found: { Red: 3, Rose: 1 } });
  });

  it('refuses attributes that are not searchable()', () => {
    expect(() => index().searchFacetValues('category', 't', { text: '' }, 10)).toThrow(QueryError);
    expect(() => index().searchFacetValues('category', 't', { text: '' }, 10)).toThrow(
      'Cannot search in `category` attribute, you need to add `searchable(category)` to attributesForFaceting.',
    );
  });
});
