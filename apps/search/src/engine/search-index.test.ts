import { describe, expect, it } from 'vitest';
import { QueryError } from './query-error.ts';
import { SearchIndex } from './search-index.ts';
import type { SearchRecord } from './types.ts';

const products: SearchRecord[] = [
  {
    objectID: '1',
    name: 'Samsung Galaxy S24',
    brand: 'Samsung',
    price: 899,
    categories: ['Phones'],
  },
  { objectID: '2', name: 'Apple iPhone 15', brand: 'Apple', price: 999, categories: ['Phones'] },
  {
    objectID: '3',
    name: 'Samsung QLED TV',
    brand: 'Samsung',
    price: 1299,
    categories: ['TV', 'Home'],
  },
  { objectID: '4', name: 'LG OLED TV', brand: 'LG', price: 1499, categories: ['TV'] },
  { objectID: '5', name: 'Sony Headphones', brand: 'Sony', price: 199, categories: ['Audio'] },
];

function createIndex(): SearchIndex {
  const index = new SearchIndex({
    searchableAttributes: ['name', 'brand', 'categories'],
    attributesForFaceting: ['brand', 'searchable(categories)', 'price'],
    customRanking: ['desc(price)'],
  });
  index.saveObjects(products);
  return index;
}

const ids = (result: { hits: readonly { record: SearchRecord }[] }): string[] =>
  result.hits.map((hit) => hit.record.objectID);

describe('SearchIndex', () => {
  it('matches words and prefixes of the last word', () => {
    const index = createIndex();
    expect(ids(index.search({ text: 'samsung' }))).toEqual(['3', '1']);
    expect(ids(index.search({ text: 'sams' }))).toEqual(['3', '1']);
    expect(index.search({ text: 'samsung tv' }).totalHits).toBe(1);
  });

  it('returns every record for an empty query, ranked by custom ranking', () => {
    const index = createIndex();
    const result = index.search({ text: '' });
    expect(result.totalHits).toBe(5);
    expect(ids(result)).toEqual(['4', '3', '2', '1', '5']);
  });

  it('adds, replaces and deletes records incrementally', () => {
    const index = createIndex();
    index.saveObjects([{ objectID: '5', name: 'Sony Walkman', brand: 'Sony', price: 99 }]);
    expect(index.size).toBe(5);
    expect(index.search({ text: 'headphones' }).totalHits).toBe(0);
    expect(ids(index.search({ text: 'walkman' }))).toEqual(['5']);
    index.deleteObjects(['5', 'unknown']);
    expect(index.size).toBe(4);
    expect(index.search({ text: 'sony' }).totalHits).toBe(0);
    expect(index.getObject('1')?.['name']).toBe('Samsung Galaxy S24');
    index.clear();
    expect(index.size).toBe(0);
    expect(index.settings.customRanking).toEqual(['desc(price)']);
  });
});

describe('SearchIndex facets and filters', () => {
  it('counts facets over every match and computes stats', () => {
    const index = createIndex();
    const result = index.search({ text: '', facets: ['brand', 'price'], hitsPerPage: 0 });
    expect(result.hits).toEqual([]);
    expect(result.facetCounts['brand']).toEqual({ Samsung: 2, Apple: 1, LG: 1, Sony: 1 });
    expect(result.facetStats['price']).toEqual({ min: 199, max: 1499, avg: 979, sum: 4895 });
  });

  it('filters on facets, numbers and rejects undeclared facet attributes', () => {
    const index = createIndex();
    const byBrand = index.search({
      text: '',
      filter: { kind: 'facet', attribute: 'brand', value: 'samsung' },
    });
    expect(ids(byBrand)).toEqual(['3', '1']);
    const cheap = index.search({
      text: '',
      filter: { kind: 'numeric', attribute: 'price', operator: '<', value: 1000 },
    });
    expect(ids(cheap)).toEqual(['2', '1', '5']);
    expect(() =>
      index.search({ text: '', filter: { kind: 'facet', attribute: 'name', value: 'x' } }),
    ).toThrow(QueryError);
  });
});

describe('SearchIndex pages and hits', () => {
  it('highlights matched prefixes only', () => {
    const index = createIndex();
    const [hit] = index.search({ text: 'gal' }).hits;
    expect(hit?.highlight?.['name']).toEqual({
      value: 'Samsung <em>Gal</em>axy S24',
      matchLevel: 'full',
      matchedWords: ['gal'],
      fullyHighlighted: false,
    });
  });

  it('paginates and reports the pagination limit', () => {
    const index = createIndex();
    const second = index.search({ text: '', hitsPerPage: 2, page: 1 });
    expect(ids(second)).toEqual(['2', '1']);
    expect(second.pageCount).toBe(3);
    index.setSettings({ paginationLimitedTo: 2 });
    const beyond = index.search({ text: '', hitsPerPage: 2, page: 1 });
    expect(beyond.hits).toEqual([]);
    expect(beyond.message).toContain('2 hits');
    expect(beyond.totalHits).toBe(5);
  });

  it('uses offset/length instead of page when both are given', () => {
    const result = createIndex().search({ text: '', offset: 1, length: 2, page: 5 });
    expect(ids(result)).toEqual(['3', '2']);
    expect(result.pageSize).toBe(2);
  });
});

describe('SearchIndex settings and maintenance', () => {
  it('re-reads records when text settings change', () => {
    const index = createIndex();
    expect(index.search({ text: '1299' }).totalHits).toBe(0);
    index.setSettings({ searchableAttributes: ['name', 'price'] });
    expect(ids(index.search({ text: '1299', allowTyposOnNumericTokens: false }))).toEqual(['3']);
    index.setSettings({ separatorsToIndex: '+', camelCaseAttributes: ['name'] });
    index.saveObjects([{ objectID: '6', name: 'Disney+ iPhoneCase', price: 1 }]);
    expect(ids(index.search({ text: 'disney +' }))).toEqual(['6']);
    expect(ids(index.search({ text: 'phone case' }))).toEqual(['6']);
  });

  it('browses every record with a cursor, without highlighting or pagination limit', () => {
    const index = createIndex();
    index.setSettings({ paginationLimitedTo: 1 });
    const first = index.browse({ text: '', hitsPerPage: 3 });
    expect(ids(first)).toEqual(['4', '3', '2']);
    expect(first.hits[0]?.highlight).toBeUndefined();
    expect(first.cursor?.page).toBe(1);
    expect(first.cursor?.after.objectID).toBe('2');
    const second = index.browse({ text: '', hitsPerPage: 3 }, first.cursor);
    expect(ids(second)).toEqual(['1', '5']);
    expect(second.cursor).toBeUndefined();
  });

  it('compacts after many deletions without changing results', () => {
    const index = new SearchIndex({ attributesForFaceting: ['parity'], customRanking: ['asc(n)'] });
    const many = Array.from({ length: 3000 }, (_, n) => ({
      objectID: String(n),
      name: `item ${n}`,
      parity: n % 2 ? 'odd' : 'even',
      n,
    }));
    index.saveObjects(many);
    index.deleteObjects(many.filter((record) => record.n >= 10).map((record) => record.objectID));
    index.saveObjects([{ objectID: '3', name: 'item three', parity: 'odd', n: -1 }]);
    const result = index.search({ text: 'item', facets: ['parity'] });
    expect(ids(result)).toEqual(['3', '0', '1', '2', '4', '5', '6', '7', '8', '9']);
    expect(result.facetCounts['parity']).toEqual({ even: 5, odd: 5 });
    expect([...index.allObjects()].map((record) => record.objectID)).toEqual([
      '0',
      '1',
      '2',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '3',
    ]);
  });

  it('rejects records without a string objectID', () => {
    const index = new SearchIndex();
    expect(() => index.saveObjects([{ objectID: 1 } as unknown as SearchRecord])).toThrow(
      QueryError,
    );
  });

  it('answers hitsPerPage 0 with counts only', () => {
    const result = createIndex().search({ text: 'tv', hitsPerPage: 0, facets: ['brand'] });
    expect(result).toMatchObject({
      hits: [],
      totalHits: 2,
      pageCount: 0,
      facetCounts: { brand: { Samsung: 1, LG: 1 } },
    });
  });
});

describe('SearchIndex.prepare', () => {
  it('warms the lazy structures without changing results', () => {
    const index = createIndex();
    const before = index.search({ text: 'tv' });
    index.prepare();
    expect(index.search({ text: 'tv' })).toEqual(before);
    new SearchIndex().prepare();
  });
});
