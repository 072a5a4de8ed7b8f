import { describe, expect, it } from 'vitest';
import { parseFilterList } from './parse-filter-list.ts';

describe('parseFilterList', () => {
  it('keeps a JSON array with one nesting level', () => {
    expect(parseFilterList([['brand:LG', 'brand:Sony'], 'color:red'], 'facetFilters')).toEqual([
      ['brand:LG', 'brand:Sony'],
      'color:red',
    ]);
  });

  it('parses a JSON-array string and a URL-encoded one (v4 params strings)', () => {
    expect(parseFilterList(' [["brand:LG"],"a:b"] ', 'facetFilters')).toEqual([
      ['brand:LG'],
      'a:b',
    ]);
    expect(parseFilterList('%5B%5B%22brand%3ALG%22%5D%5D', 'facetFilters')).toEqual([['brand:LG']]);
  });

  it('splits a comma-separated string, trimming items, with (…) as an OR group', () => {
    expect(parseFilterList('sale, (new,hot) ,-old,,', 'tagFilters')).toEqual([
      'sale',
      ['new', 'hot'],
      '-old',
    ]);
  });

  it('reads a single string as a one-item list', () => {
    expect(parseFilterList('brand:LG', 'facetFilters')).toEqual(['brand:LG']);
  });

  it('reads nothing as an empty list', () => {
    expect(parseFilterList(undefined, 'facetFilters')).toEqual([]);
    expect(parseFilterList(null, 'facetFilters')).toEqual([]);
    expect(parseFilterList('', 'facetFilters')).toEqual([]);
    expect(parseFilterList([], 'facetFilters')).toEqual([]);
  });

  it.each([
    [42, 'facetFilters must be a string or an array of strings'],
    [[1], 'facetFilters[0] must be a string or an array of strings'],
    [['a:b', ['c:d', ['e:f']]], 'facetFilters[1][1]: arrays may only be nested one level deep'],
    [[['a:b', null]], 'facetFilters[0][1] must be a string'],
    ['[["a:b"', 'facetFilters: invalid JSON array'],
    ['%5B%E0%A4%A', 'facetFilters: invalid URL encoding'],
    ['a,(b,(c))', 'facetFilters: unbalanced or nested parentheses at position 5'],
    ['a,b)', 'facetFilters: unbalanced or nested parentheses at position 3'],
    ['a,(b', 'facetFilters: unbalanced parentheses (missing ")")'],
  ])('rejects %j', (value, message) => {
    expect(() => parseFilterList(value, 'facetFilters')).toThrow(message);
  });

  it('answers 400', () => {
    expect(() => parseFilterList(42, 'tagFilters')).toThrow(
      expect.objectContaining({ status: 400 }),
    );
  });
});
