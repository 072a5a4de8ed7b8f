import { describe, expect, it } from 'vitest';
import {
  decodeParamsString,
  encodeParamsString,
  mergeParams,
  paramsFromQueryString,
} from './decode-params.ts';
import { readBoolean, readBooleanOrList, readInteger, readStringList } from './read-param.ts';

describe('decodeParamsString', () => {
  it('decodes + as a space and percent-escapes, keeping values as strings', () => {
    expect(decodeParamsString('?query=red+tv&facets=%5B%22brand%22%5D&flag')).toEqual({
      query: 'red tv',
      facets: '["brand"]',
      flag: '',
    });
  });
  it('rejects broken percent-encoding with a 400', () => {
    expect(() => decodeParamsString('query=%E0%A4%A')).toThrow(
      /params is not a valid URL-encoded string/,
    );
  });
});

describe('mergeParams and encodeParamsString', () => {
  it('applies flat keys over the params string and round-trips v4 encoding', () => {
    const merged = mergeParams(
      { params: 'query=a&page=2', page: 3, indexName: 'x' },
      new Set(['indexName']),
    );
    expect(merged).toEqual({ query: 'a', page: 3 });
    expect(encodeParamsString({ query: 'a b', facets: ['brand'] })).toBe(
      'query=a%20b&facets=%5B%22brand%22%5D',
    );
    expect(encodeParamsString({ query: '\ud800' })).toBe('query=%EF%BF%BD');
  });
  it('drops credentials from query-string parameters', () => {
    expect(paramsFromQueryString({ 'X-Algolia-API-Key': 'k', query: 'q' })).toEqual({ query: 'q' });
  });
});

describe('typed readers', () => {
  it('reads lists in all four forms', () => {
    expect(readStringList(['a', 'b'], 'x')).toEqual(['a', 'b']);
    expect(readStringList('["a","b"]', 'x')).toEqual(['a', 'b']);
    expect(readStringList('a, b', 'x')).toEqual(['a', 'b']);
    expect(readStringList('a', 'x')).toEqual(['a']);
    expect(readStringList('', 'x')).toEqual([]);
    expect(() => readStringList({}, 'x')).toThrow('x must be a list of strings');
  });
  it('reads booleans, integers and boolean-or-list values', () => {
    expect([true, 'true', 1, '1'].map((value) => readBoolean(value, 'b'))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(() => readBoolean('yes', 'b')).toThrow('b must be a boolean');
    expect(readInteger('12', 'n', 0, 20)).toBe(12);
    expect(() => readInteger(1.5, 'n', 0, 20)).toThrow('n must be an integer between 0 and 20');
    expect(readBooleanOrList('false', 'p')).toBe(false);
    expect(readBooleanOrList('fr,en', 'p')).toEqual(['fr', 'en']);
  });
});
