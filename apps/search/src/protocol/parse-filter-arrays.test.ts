import { describe, expect, it } from 'vitest';
import { matchAll } from '../engine/index.ts';
import {
  countFilters,
  parseFacetFilters,
  parseNumericFilters,
  parseOptionalFilters,
  parseTagFilters,
} from './parse-filter-arrays.ts';

const red = { kind: 'facet', attribute: 'color', value: 'red' } as const;

describe('parseFacetFilters', () => {
  it('ANDs the outer array and ORs a nested one, negating with a leading -', () => {
    expect(parseFacetFilters(['color:red', ['brand:Acme', 'brand:-Zed']])).toEqual({
      kind: 'and',
      operands: [
        red,
        {
          kind: 'or',
          operands: [
            { kind: 'facet', attribute: 'brand', value: 'Acme' },
            { kind: 'not', operand: { kind: 'facet', attribute: 'brand', value: 'Zed' } },
          ],
        },
      ],
    });
  });

  it('reads \\- as a literal dash and splits at the first colon', () => {
    expect(parseFacetFilters('count:\\-12')).toEqual({
      kind: 'facet',
      attribute: 'count',
      value: '-12',
    });
    expect(parseFacetFilters('collection:-\\-20% Outlet')).toEqual({
      kind: 'not',
      operand: { kind: 'facet', attribute: 'collection', value: '-20% Outlet' },
    });
    expect(parseFacetFilters(['url:http://x.y'])).toEqual({
      kind: 'facet',
      attribute: 'url',
      value: 'http://x.y',
    });
  });

  it('unwraps single-item groups and skips empty ones', () => {
    expect(parseFacetFilters([['color:red'], []])).toEqual(red);
    expect(parseFacetFilters([])).toBe(matchAll);
  });

  it('maps _tags to tag filters and keeps <score> literal (facetFilters have no scores)', () => {
    expect(parseFacetFilters('_tags:sale')).toEqual({ kind: 'tag', value: 'sale' });
    expect(parseFacetFilters('brand:LG<score=2>')).toEqual({
      kind: 'facet',
      attribute: 'brand',
      value: 'LG<score=2>',
    });
  });

  it('accepts every list encoding', () => {
    const expected = {
      kind: 'and',
      operands: [red, { kind: 'facet', attribute: 'size', value: 'M' }],
    };
    expect(parseFacetFilters('color:red,size:M')).toEqual(expected);
    expect(parseFacetFilters('["color:red","size:M"]')).toEqual(expected);
  });

  it('rejects an item without attribute:value, naming where', () => {
    expect(() => parseFacetFilters(['color:red', ['brand']])).toThrow(
      'facetFilters[1][0]: expected "attribute:value", got "brand"',
    );
    expect(() => parseFacetFilters(':red')).toThrow(
      'facetFilters[0]: expected "attribute:value", got ":red"',
    );
  });

  it('rejects more than 1,000 filters with a 400 naming the parameter', () => {
    const many = Array.from({ length: 1001 }, (_, index) => `id:${index}`);
    expect(() => parseFacetFilters(many)).toThrow(
      'facetFilters: 1001 filters, at most 1000 are allowed per query',
    );
    expect(() => parseFacetFilters([many])).toThrow(expect.objectContaining({ status: 400 }));
    expect(countFilters(parseFacetFilters(many.slice(0, 1000)))).toBe(1000);
  });
});

describe('parseOptionalFilters', () => {
  it('reads scores and buries negated values (score on the inner facet)', () => {
    expect(
      parseOptionalFilters(['brand:Acme<score=3>', ['color:red', 'color:-blue<score=2>']]),
    ).toEqual({
      kind: 'and',
      operands: [
        { kind: 'facet', attribute: 'brand', value: 'Acme', score: 3 },
        {
          kind: 'or',
          operands: [
            red,
            {
              kind: 'not',
              operand: { kind: 'facet', attribute: 'color', value: 'blue', score: 2 },
            },
          ],
        },
      ],
    });
  });

  it('accepts a single string and rejects out-of-range scores', () => {
    expect(parseOptionalFilters('color:red')).toEqual(red);
    expect(() => parseOptionalFilters('color:red<score=70000>')).toThrow(
      'optionalFilters[0]: score 70000 is out of range (0 to 65535)',
    );
  });
});

describe('parseNumericFilters', () => {
  it('reads comparisons and ranges, with nested OR', () => {
    expect(parseNumericFilters(['price>=10', ['stock = 0', 'rating:4 TO 5']])).toEqual({
      kind: 'and',
      operands: [
        { kind: 'numeric', attribute: 'price', operator: '>=', value: 10 },
        {
          kind: 'or',
          operands: [
            { kind: 'numeric', attribute: 'stock', operator: '=', value: 0 },
            { kind: 'range', attribute: 'rating', lower: 4, upper: 5 },
          ],
        },
      ],
    });
  });

  it('reads the string forms', () => {
    expect(parseNumericFilters('price:10 TO 20')).toEqual({
      kind: 'range',
      attribute: 'price',
      lower: 10,
      upper: 20,
    });
    expect(parseNumericFilters('price>1,price<-2.5')).toEqual({
      kind: 'and',
      operands: [
        { kind: 'numeric', attribute: 'price', operator: '>', value: 1 },
        { kind: 'numeric', attribute: 'price', operator: '<', value: -2.5 },
      ],
    });
  });

  it.each([
    [
      'price>1 AND price<3',
      'numericFilters[0]: boolean operator "AND" at position 8 is not allowed in numericFilters (nest arrays for OR)',
    ],
    [
      'NOT price>1',
      'numericFilters[0]: boolean operator "NOT" at position 0 is not allowed in numericFilters (nest arrays for OR)',
    ],
    [
      'brand:LG',
      'numericFilters[0]: expected a numeric filter like "price>=10" or "price:10 TO 20", got "brand:LG"',
    ],
    [
      'price>',
      'numericFilters[0]: unexpected end of input at position 6 (expected a number after the comparison)',
    ],
  ])('rejects %s', (input, message) => {
    expect(() => parseNumericFilters([input])).toThrow(message);
  });
});

describe('parseTagFilters', () => {
  const expected = {
    kind: 'and',
    operands: [
      { kind: 'tag', value: 'sale' },
      {
        kind: 'or',
        operands: [
          { kind: 'tag', value: 'new' },
          { kind: 'tag', value: 'hot' },
        ],
      },
      { kind: 'not', operand: { kind: 'tag', value: 'archived' } },
    ],
  };

  it('reads the array form and the string form the same way', () => {
    expect(parseTagFilters(['sale', ['new', 'hot'], '-archived'])).toEqual(expected);
    expect(parseTagFilters('sale,(new,hot),-archived')).toEqual(expected);
  });

  it('reads "a,b" as AND and \\- as a literal dash', () => {
    expect(parseTagFilters('a,b')).toEqual({
      kind: 'and',
      operands: [
        { kind: 'tag', value: 'a' },
        { kind: 'tag', value: 'b' },
      ],
    });
    expect(parseTagFilters(['\\-1'])).toEqual({ kind: 'tag', value: '-1' });
  });
});
