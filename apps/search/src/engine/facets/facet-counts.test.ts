import { describe, expect, it } from 'vitest';
import { SearchIndex } from '../search-index.ts';
import type { SearchRecord } from '../types.ts';

const records: SearchRecord[] = [
  {
    objectID: '1',
    name: 'tv',
    brand: 'LG',
    tags: ['a', 'b', 'a'],
    price: 10,
    hierarchicalCategories: { lvl0: 'TV', lvl1: 'TV > OLED' },
  },
  {
    objectID: '2',
    name: 'tv',
    brand: 'Sony',
    tags: ['b'],
    price: 20,
    hierarchicalCategories: { lvl0: 'TV', lvl1: ['TV > LED', 'TV > 4K'] },
  },
  {
    objectID: '3',
    name: 'radio',
    brand: 'Sony',
    tags: [],
    price: 30,
    hierarchicalCategories: { lvl0: 'Audio' },
  },
  { objectID: '4', name: 'tv', brand: 'Apple', price: 40, secret: 'x' },
];

function index(): SearchIndex {
  const result = new SearchIndex({
    attributesForFaceting: [
      'brand',
      'tags',
      'price',
      'hierarchicalCategories.lvl0',
      'hierarchicalCategories.lvl1',
      'filterOnly(secret)',
    ],
  });
  result.saveObjects(records);
  return result;
}

describe('facet counts', () => {
  it('count every matched record once per distinct value', () => {
    const result = index().search({ text: 'tv', facets: ['brand', 'tags'] });
    expect(result.facetCounts).toEqual({
      brand: { LG: 1, Sony: 1, Apple: 1 },
      tags: { a: 1, b: 2 },
    });
  });

  it('return every countable facet for *, never filterOnly ones or undeclared ones', () => {
    const result = index().search({ text: '', facets: ['*', 'name'] });
    expect(Object.keys(result.facetCounts).sort()).toEqual([
      'brand',
      'hierarchicalCategories.lvl0',
      'hierarchicalCategories.lvl1',
      'price',
      'tags',
    ]);
    expect(result.facetCounts['hierarchicalCategories.lvl1']).toEqual({
      'TV > OLED': 1,
      'TV > LED': 1,
      'TV > 4K': 1,
    });
  });

  it('keep the top values by count, ties by value, or alphabetically', () => {
    const search = index();
    const byCount = search.search({ text: '', facets: ['brand'], maxValuesPerFacet: 2 });
    expect(Object.entries(byCount.facetCounts['brand'] ?? {})).toEqual([
      ['Sony', 2],
      ['Apple', 1],
    ]);
    const alpha = search.search({
      text: '',
      facets: ['brand'],
      maxValuesPerFacet: 2,
      sortFacetValuesBy: 'alpha',
    });
    expect(Object.keys(alpha.facetCounts['brand'] ?? {})).toEqual(['Apple', 'LG']);
  });

  it('compute stats over numeric values and stay exact with hitsPerPage 0 and filters', () => {
    const result = index().search({
      text: '',
      facets: ['price'],
      hitsPerPage: 0,
      filter: { kind: 'numeric', attribute: 'price', operator: '>', value: 10 },
    });
    expect(result.hits).toEqual([]);
    expect(result.totalHits).toBe(3);
    expect(result.facetStats['price']).toEqual({ min: 20, max: 40, avg: 30, sum: 90 });
  });

  it('count through the complement for large matched sets and follow deletions', () => {
    const search = index();
    search.deleteObjects(['2']);
    search.saveObjects([{ objectID: '5', name: 'tv', brand: 'LG' }]);
    const result = search.search({ text: '', facets: ['brand'] });
    expect(result.facetCounts['brand']).toEqual({ LG: 2, Sony: 1, Apple: 1 });
  });
});
