import { describe, expect, it } from 'vitest';
import { matchAll } from '../engine/index.ts';
import { andAll, parseSearchFilters, parseSearchOptionalFilters } from './parse-filters.ts';

describe('parseSearchFilters', () => {
  it('ANDs every filter parameter, flattening conjunctions', () => {
    expect(
      parseSearchFilters({
        filters: 'price < 10 AND sale',
        facetFilters: [['brand:LG', 'brand:Sony']],
        numericFilters: 'stock>0',
        tagFilters: 'new',
      }),
    ).toEqual({
      kind: 'and',
      operands: [
        { kind: 'numeric', attribute: 'price', operator: '<', value: 10 },
        { kind: 'tag', value: 'sale' },
        {
          kind: 'or',
          operands: [
            { kind: 'facet', attribute: 'brand', value: 'LG' },
            { kind: 'facet', attribute: 'brand', value: 'Sony' },
          ],
        },
        { kind: 'numeric', attribute: 'stock', operator: '>', value: 0 },
        { kind: 'tag', value: 'new' },
      ],
    });
  });

  it('returns one filter as is and nothing as matchAll', () => {
    expect(parseSearchFilters({ facetFilters: ['brand:LG'] })).toEqual({
      kind: 'facet',
      attribute: 'brand',
      value: 'LG',
    });
    expect(parseSearchFilters({})).toBe(matchAll);
    expect(parseSearchFilters({ filters: '' })).toBe(matchAll);
  });

  it('rejects a filters value that is not a string', () => {
    expect(() => parseSearchFilters({ filters: ['a:b'] })).toThrow('filters must be a string');
  });

  it('limits filters to 1,000 per parameter and overall, naming the parameters', () => {
    const clauses = Array.from({ length: 1001 }, (_, index) => `id:${index}`);
    expect(() => parseSearchFilters({ filters: clauses.join(' AND ') })).toThrow(
      'filters: 1001 filters, at most 1000 are allowed per query',
    );
    expect(() => parseSearchFilters({ tagFilters: clauses })).toThrow('tagFilters: 1001 filters');
    expect(() =>
      parseSearchFilters({
        filters: clauses.slice(0, 600).join(' AND '),
        facetFilters: clauses.slice(0, 401),
      }),
    ).toThrow(
      expect.objectContaining({
        status: 400,
        message:
          'filters, facetFilters, numericFilters and tagFilters together: 1001 filters, at most 1000 are allowed per query',
      }),
    );
  });
});

describe('parseSearchOptionalFilters', () => {
  it('parses optionalFilters and is matchAll when absent', () => {
    expect(parseSearchOptionalFilters('brand:LG<score=2>')).toEqual({
      kind: 'facet',
      attribute: 'brand',
      value: 'LG',
      score: 2,
    });
    expect(parseSearchOptionalFilters(undefined)).toBe(matchAll);
  });
});

describe('andAll', () => {
  it('flattens and drops matchAll', () => {
    const a = { kind: 'tag', value: 'a' } as const;
    const b = { kind: 'tag', value: 'b' } as const;
    expect(andAll([{ kind: 'and', operands: [a] }, matchAll, b])).toEqual({
      kind: 'and',
      operands: [a, b],
    });
    expect(andAll([matchAll, a])).toBe(a);
    expect(andAll([])).toBe(matchAll);
  });
});
