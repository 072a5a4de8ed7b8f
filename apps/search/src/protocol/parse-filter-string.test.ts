import { describe, expect, it } from 'vitest';
import { matchAll } from '../engine/index.ts';
import { parseFilterString } from './parse-filter-string.ts';
import { SearchApiError } from './search-api-error.ts';

function errorOf(input: string, parameter?: string): SearchApiError {
  try {
    parseFilterString(input, parameter);
  } catch (error) {
    if (error instanceof SearchApiError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(input)} to be rejected`);
}

describe('parseFilterString: atoms', () => {
  it('reads an empty or blank string as matchAll', () => {
    expect(parseFilterString('')).toBe(matchAll);
    expect(parseFilterString('   ')).toBe(matchAll);
  });

  it('reads a facet filter', () => {
    expect(parseFilterString('category:Book')).toEqual({
      kind: 'facet',
      attribute: 'category',
      value: 'Book',
    });
  });

  it('reads booleans as facet values "true" / "false"', () => {
    expect(parseFilterString('inStock:true')).toEqual({
      kind: 'facet',
      attribute: 'inStock',
      value: 'true',
    });
    expect(parseFilterString('inStock:false')).toEqual({
      kind: 'facet',
      attribute: 'inStock',
      value: 'false',
    });
  });

  it('reads quoted names and values with escapes', () => {
    expect(parseFilterString('"hierarchicalCategories.lvl1":"TV > OLED"')).toEqual({
      kind: 'facet',
      attribute: 'hierarchicalCategories.lvl1',
      value: 'TV > OLED',
    });
    expect(parseFilterString('brand:"Say \\"hi\\" \\\\ bye"')).toEqual({
      kind: 'facet',
      attribute: 'brand',
      value: 'Say "hi" \\ bye',
    });
    expect(parseFilterString('brand:"AND"')).toEqual({
      kind: 'facet',
      attribute: 'brand',
      value: 'AND',
    });
  });

  it('keeps dotted attribute names and values with dashes and digits', () => {
    expect(parseFilterString('authors.main:Ann-Lee_2')).toEqual({
      kind: 'facet',
      attribute: 'authors.main',
      value: 'Ann-Lee_2',
    });
    expect(parseFilterString('count:-12')).toEqual({
      kind: 'facet',
      attribute: 'count',
      value: '-12',
    });
  });

  it.each([
    ['price < 10', '<', 10],
    ['price<=10', '<=', 10],
    ['price = 10.5', '=', 10.5],
    ['price != -3', '!=', -3],
    ['price >= 0.125', '>=', 0.125],
    ['price>-1.5', '>', -1.5],
  ] as const)('reads the numeric comparison %s', (input, operator, value) => {
    expect(parseFilterString(input)).toEqual({
      kind: 'numeric',
      attribute: 'price',
      operator,
      value,
    });
  });
});

describe('parseFilterString: numbers, tags, scores and NOT', () => {
  it('reads a range, inclusive at both ends, with negatives and decimals', () => {
    expect(parseFilterString('price:-5.5 TO 20')).toEqual({
      kind: 'range',
      attribute: 'price',
      lower: -5.5,
      upper: 20,
    });
  });

  it('reads tags as _tags:value or a bare value', () => {
    expect(parseFilterString('_tags:sale')).toEqual({ kind: 'tag', value: 'sale' });
    expect(parseFilterString('sale')).toEqual({ kind: 'tag', value: 'sale' });
    expect(parseFilterString('"on sale"')).toEqual({ kind: 'tag', value: 'on sale' });
  });

  it('reads scores on facets, tags and numerics', () => {
    expect(parseFilterString('brand:LG<score=2>')).toEqual({
      kind: 'facet',
      attribute: 'brand',
      value: 'LG',
      score: 2,
    });
    expect(parseFilterString('sale<score=0>')).toEqual({ kind: 'tag', value: 'sale', score: 0 });
    expect(parseFilterString('price > 3 <score=65535>')).toEqual({
      kind: 'numeric',
      attribute: 'price',
      operator: '>',
      value: 3,
      score: 65535,
    });
  });

  it('reads NOT on a single filter', () => {
    expect(parseFilterString('NOT brand:LG')).toEqual({
      kind: 'not',
      operand: { kind: 'facet', attribute: 'brand', value: 'LG' },
    });
  });
});

describe('parseFilterString: combinations', () => {
  const lg = { kind: 'facet', attribute: 'brand', value: 'LG' } as const;
  const sony = { kind: 'facet', attribute: 'brand', value: 'Sony' } as const;
  const cheap = { kind: 'numeric', attribute: 'price', operator: '<', value: 10 } as const;

  it('reads an AND of filters and OR groups', () => {
    expect(parseFilterString('price < 10 AND (brand:LG OR brand:Sony) AND NOT _tags:old')).toEqual({
      kind: 'and',
      operands: [
        cheap,
        { kind: 'or', operands: [lg, sony] },
        { kind: 'not', operand: { kind: 'tag', value: 'old' } },
      ],
    });
  });

  it('allows a lone OR list without parentheses', () => {
    expect(parseFilterString('brand:LG OR brand:Sony OR sale')).toEqual({
      kind: 'or',
      operands: [lg, sony, { kind: 'tag', value: 'sale' }],
    });
  });

  it('allows OR between facets and tags, and between numerics', () => {
    expect(parseFilterString('(brand:LG OR sale)')).toEqual({
      kind: 'or',
      operands: [lg, { kind: 'tag', value: 'sale' }],
    });
    expect(parseFilterString('price < 10 OR price:20 TO 30')).toEqual({
      kind: 'or',
      operands: [cheap, { kind: 'range', attribute: 'price', lower: 20, upper: 30 }],
    });
  });

  it('unwraps a parenthesised single filter and keeps NOT inside OR groups', () => {
    expect(parseFilterString('(brand:LG)')).toEqual(lg);
    expect(parseFilterString('price < 10 AND (brand:LG OR NOT brand:Sony)')).toEqual({
      kind: 'and',
      operands: [cheap, { kind: 'or', operands: [lg, { kind: 'not', operand: sony }] }],
    });
  });

  it('accepts any whitespace between tokens', () => {
    expect(parseFilterString('\tbrand : LG\nAND\r\n( brand:Sony )')).toEqual({
      kind: 'and',
      operands: [lg, sony],
    });
  });
});

describe('parseFilterString: Algolia restrictions', () => {
  it.each([
    [
      'brand:LG OR price > 3',
      'filters: cannot combine numeric and facet/tag filters with OR at position 12 (OR only joins filters of the same type)',
    ],
    [
      'price < 3 AND (brand:LG OR NOT price > 3)',
      'filters: cannot combine numeric and facet/tag filters with OR at position 27 (OR only joins filters of the same type)',
    ],
    [
      'brand:LG OR (brand:Sony AND sale)',
      'filters: unexpected token "(" at position 12 (expected a filter)',
    ],
    [
      'brand:LG AND (brand:Sony AND sale)',
      'filters: AND is not allowed inside parentheses at position 25 (parentheses only group OR alternatives: write "A AND (B OR C)", not "(A AND B)" or "A OR (B AND C)")',
    ],
    [
      '(brand:LG AND (brand:Sony OR sale))',
      'filters: AND is not allowed inside parentheses at position 10 (parentheses only group OR alternatives: write "A AND (B OR C)", not "(A AND B)" or "A OR (B AND C)")',
    ],
    [
      '((brand:LG OR sale))',
      'filters: unexpected token "(" at position 1 (expected a filter; parentheses cannot be nested)',
    ],
    [
      'NOT (brand:LG OR brand:Sony)',
      'filters: NOT applies to a single filter, not to a parenthesized group, at position 0',
    ],
    ['NOT NOT sale', 'filters: unexpected token "NOT" at position 4 (expected a filter)'],
    [
      'brand:LG OR brand:Sony AND sale',
      'filters: cannot mix AND and OR without parentheses at position 23 (write "A AND (B OR C)")',
    ],
    [
      'sale AND brand:LG OR brand:Sony',
      'filters: cannot mix AND and OR without parentheses at position 18 (write "A AND (B OR C)")',
    ],
    [
      '(brand:LG OR sale) OR new',
      'filters: unexpected token "OR" at position 19 (expected "AND" or end of input; put every OR alternative inside one pair of parentheses)',
    ],
  ])('rejects %s', (input, message) => {
    const error = errorOf(input);
    expect(error.status).toBe(400);
    expect(error.message).toBe(message);
  });
});

describe('parseFilterString: syntax errors name the position', () => {
  it.each([
    ['brand:LG AND OR sale', 'filters: unexpected token "OR" at position 13 (expected a filter)'],
    [
      'brand:LG sale',
      'filters: unexpected token "sale" at position 9 (expected "AND", "OR" or end of input)',
    ],
    [
      '(brand:LG) sale',
      'filters: unexpected token "sale" at position 11 (expected "AND" or end of input)',
    ],
    ['brand:LG AND', 'filters: unexpected end of input at position 12 (expected a filter)'],
    ['(brand:LG OR sale', 'filters: unexpected end of input at position 17 (expected "OR" or ")")'],
    [
      'brand:',
      'filters: unexpected end of input at position 6 (expected a value after ":"; quote values that are AND, OR, NOT or TO)',
    ],
    [
      'brand:OR',
      'filters: unexpected token "OR" at position 6 (expected a value after ":"; quote values that are AND, OR, NOT or TO)',
    ],
    [
      'price > cheap',
      'filters: unexpected token "cheap" at position 8 (expected a number after the comparison)',
    ],
    [
      'price > "10"',
      'filters: unexpected token "10" at position 8 (expected a number after the comparison)',
    ],
    [
      'price:low TO 20',
      'filters: unexpected token "low" at position 6 (expected a number before TO)',
    ],
    ['price:1 TO', 'filters: unexpected end of input at position 10 (expected a number after TO)'],
    [
      'price:1 TO 1e3',
      'filters: unexpected token "1e3" at position 11 (expected a number after TO)',
    ],
    [
      'brand:"LG',
      'filters: unterminated quoted string starting at position 6 (expected a closing ")',
    ],
    [
      'brand:"L\\G"',
      'filters: invalid escape at position 8 (inside quotes only \\" and \\\\ are escapes)',
    ],
    ['price ! 3', 'filters: unexpected character "!" at position 6 (expected "!=")'],
    [
      'sale<score=65536>',
      'filters: invalid score at position 4 (expected <score=N> with an integer N between 0 and 65535)',
    ],
    [
      'sale<score=-1>',
      'filters: invalid score at position 4 (expected <score=N> with an integer N between 0 and 65535)',
    ],
    ['"":x', 'filters: empty attribute name at position 0'],
    [
      'price > 4611686018427388',
      'filters: number 4611686018427388 at position 8 is out of range (±4611686018427387)',
    ],
    [') sale', 'filters: unexpected token ")" at position 0 (expected a filter)'],
  ])('rejects %s', (input, message) => {
    expect(errorOf(input).message).toBe(message);
  });

  it('names the parameter it was given', () => {
    expect(errorOf('a AND', 'consequence.params.filters').message).toMatch(
      /^consequence\.params\.filters: /,
    );
  });

  it('accepts the largest allowed numbers', () => {
    expect(parseFilterString('price >= -4611686018427387')).toMatchObject({
      value: -4611686018427387,
    });
  });
});
