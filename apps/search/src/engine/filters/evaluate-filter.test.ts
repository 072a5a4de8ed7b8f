import { describe, expect, it } from 'vitest';
import { QueryError } from '../query-error.ts';
import { SearchIndex } from '../search-index.ts';
import type { SearchRecord } from '../types.ts';
import type { FilterExpression } from './filter-expression.ts';

const records: SearchRecord[] = [
  {
    objectID: '1',
    brand: 'LG',
    colors: ['red', 'Blue'],
    price: 100,
    inStock: true,
    specs: { size: 55 },
    _tags: ['sale'],
  },
  {
    objectID: '2',
    brand: 'Sony',
    colors: ['black'],
    price: [250, 300],
    inStock: 'true',
    specs: { size: 65 },
    _tags: ['Sale', 'new'],
  },
  { objectID: '3', brand: 'lg', colors: [], price: 999.5, inStock: false, specs: { size: 77 } },
  { objectID: '4', brand: 'Samsung', price: 0 },
];

function filtered(
  filter: FilterExpression,
  settings: ConstructorParameters<typeof SearchIndex>[0] = {},
): string[] {
  const index = new SearchIndex({
    attributesForFaceting: ['brand', 'filterOnly(colors)', 'inStock', 'specs.size'],
    ...settings,
  });
  index.saveObjects(records);
  return index.search({ text: '', filter }).hits.map((hit) => hit.record.objectID);
}

const facet = (attribute: string, value: string): FilterExpression => ({
  kind: 'facet',
  attribute,
  value,
});

describe('facet filters', () => {
  it('compare values case-insensitively, on arrays, nested paths, booleans and numbers', () => {
    expect(filtered(facet('brand', 'lg'))).toEqual(['1', '3']);
    expect(filtered(facet('colors', 'blue'))).toEqual(['1']);
    expect(filtered(facet('specs.size', '65'))).toEqual(['2']);
    expect(filtered(facet('inStock', 'true'))).toEqual(['1', '2']);
    expect(filtered(facet('inStock', 'FALSE'))).toEqual(['3']);
  });

  it('combine with and / or / not', () => {
    expect(
      filtered({ kind: 'or', operands: [facet('brand', 'sony'), facet('brand', 'samsung')] }),
    ).toEqual(['2', '4']);
    expect(
      filtered({ kind: 'and', operands: [facet('brand', 'lg'), facet('inStock', 'true')] }),
    ).toEqual(['1']);
    expect(filtered({ kind: 'not', operand: facet('brand', 'lg') })).toEqual(['2', '4']);
    expect(filtered({ kind: 'and', operands: [] })).toEqual(['1', '2', '3', '4']);
  });

  it('are rejected on attributes missing from attributesForFaceting', () => {
    expect(() => filtered(facet('name', 'x'))).toThrow(QueryError);
    expect(() => filtered(facet('name', 'x'))).toThrow(/attributesForFaceting/);
  });

  it('accept objectID without any declaration, exactly, per candidate and in bulk', () => {
    expect(filtered(facet('objectID', '3'))).toEqual(['3']);
    expect(filtered(facet('objectID', 'missing'))).toEqual([]);
    expect(filtered({ kind: 'not', operand: facet('objectID', '2') })).toEqual(['1', '3', '4']);
    expect(
      filtered({ kind: 'or', operands: [facet('objectID', '1'), facet('objectID', '4')] }),
    ).toEqual(['1', '4']);
    const index = new SearchIndex({ attributesForFaceting: [] });
    index.saveObjects([
      { objectID: 'a/1', name: 'rare' },
      { objectID: 'A/1', name: 'rare' },
    ]);
    const search = (text: string) =>
      index
        .search({ text, filter: facet('objectID', 'a/1') })
        .hits.map((hit) => hit.record.objectID);
    expect(search('rare')).toEqual(['a/1']);
    expect(search('')).toEqual(['a/1']);
  });
});

describe('tag filters', () => {
  it('match _tags case-sensitively without any declaration', () => {
    expect(filtered({ kind: 'tag', value: 'sale' })).toEqual(['1']);
    expect(filtered({ kind: 'tag', value: 'Sale' })).toEqual(['2']);
  });
});

describe('numeric filters', () => {
  it('compare any element of an array, on any numeric attribute', () => {
    expect(filtered({ kind: 'numeric', attribute: 'price', operator: '>=', value: 300 })).toEqual([
      '2',
      '3',
    ]);
    expect(filtered({ kind: 'numeric', attribute: 'price', operator: '=', value: 0 })).toEqual([
      '4',
    ]);
    expect(filtered({ kind: 'numeric', attribute: 'price', operator: '!=', value: 100 })).toEqual([
      '2',
      '3',
      '4',
    ]);
    expect(filtered({ kind: 'range', attribute: 'price', lower: 100, upper: 260 })).toEqual([
      '1',
      '2',
    ]);
    expect(
      filtered({ kind: 'numeric', attribute: 'specs.size', operator: '<', value: 60 }),
    ).toEqual(['1']);
  });

  it('follow numericAttributesForFiltering', () => {
    const settings = { numericAttributesForFiltering: ['equalOnly(price)'] };
    expect(
      filtered({ kind: 'numeric', attribute: 'price', operator: '=', value: 100 }, settings),
    ).toEqual(['1']);
    expect(() =>
      filtered({ kind: 'numeric', attribute: 'price', operator: '<', value: 100 }, settings),
    ).toThrow(/equalOnly/);
    expect(() =>
      filtered({ kind: 'range', attribute: 'specs.size', lower: 1, upper: 2 }, settings),
    ).toThrow(QueryError);
  });

  it('accept booleans as 1/0 and boolean facet filters on undeclared attributes', () => {
    expect(filtered({ kind: 'numeric', attribute: 'inStock', operator: '=', value: 1 })).toEqual([
      '1',
    ]);
    expect(filtered(facet('inStock', 'true'), { attributesForFaceting: [] })).toEqual(['1']);
  });
});

describe('filter evaluation strategy', () => {
  it('gives the same answer per candidate and in bulk', () => {
    const index = new SearchIndex({ attributesForFaceting: ['brand'] });
    const many = Array.from({ length: 200 }, (_, i) => ({
      objectID: String(i),
      name: i < 3 ? 'rare' : 'common',
      brand: i % 2 ? 'A' : 'B',
    }));
    index.saveObjects(many);
    const filter = facet('brand', 'a');
    expect(index.search({ text: 'rare', filter }).hits.map((hit) => hit.record.objectID)).toEqual([
      '1',
    ]);
    expect(index.search({ text: 'common', filter }).totalHits).toBe(99);
  });
});
