import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FilterExpression, matchAll, type NumericOperator } from '../engine/index.ts';
import { formatFilters, quote } from './format-filters.ts';
import { maxFilterNumber, parseFilterString } from './parse-filter-string.ts';

type Leaf = Extract<FilterExpression, { kind: 'facet' | 'tag' | 'numeric' | 'range' }>;

const tricky = fc.constantFrom(
  'AND',
  'OR',
  'NOT',
  'TO',
  'a b',
  '"',
  '\\',
  ':',
  '<score=1>',
  '(',
  ')',
  '-1',
  '',
  'é',
);
const text = fc.oneof(tricky, fc.string(), fc.string({ unit: 'binary', maxLength: 6 }));
const attribute = text.filter((name) => name !== '' && name !== '_tags');
const number = fc.oneof(
  fc.integer({ min: -1e12, max: 1e12 }).map((thousandths) => thousandths / 1000),
  fc.constantFrom(0, maxFilterNumber, -maxFilterNumber, 0.001),
);
const operator = fc.constantFrom<NumericOperator>('<', '<=', '=', '!=', '>=', '>');
const score = fc.option(fc.integer({ min: 0, max: 65_535 }), { nil: undefined });

function withScore(leaf: Leaf, value: number | undefined): Leaf {
  return value === undefined ? leaf : { ...leaf, score: value };
}

const facetLike = fc.oneof(
  fc
    .tuple(attribute, text, score)
    .map(([name, value, points]) => withScore({ kind: 'facet', attribute: name, value }, points)),
  fc.tuple(text, score).map(([value, points]) => withScore({ kind: 'tag', value }, points)),
);
const numericLike = fc.oneof(
  fc
    .tuple(attribute, operator, number, score)
    .map(([name, op, value, points]) =>
      withScore({ kind: 'numeric', attribute: name, operator: op, value }, points),
    ),
  fc
    .tuple(attribute, number, number, score)
    .map(([name, lower, upper, points]) =>
      withScore({ kind: 'range', attribute: name, lower, upper }, points),
    ),
);

function literal(leaf: fc.Arbitrary<Leaf>): fc.Arbitrary<FilterExpression> {
  return fc
    .tuple(leaf, fc.boolean())
    .map(([operand, negated]) => (negated ? { kind: 'not', operand } : operand));
}

/** Two or more literals of one filter type: Algolia's OR group. */
const orGroup: fc.Arbitrary<FilterExpression> = fc
  .oneof(literal(facetLike), literal(numericLike))
  .chain((first) => {
    const sameType = first.kind === 'not' ? first.operand : first;
    const pool = sameType.kind === 'numeric' || sameType.kind === 'range' ? numericLike : facetLike;
    return fc
      .array(literal(pool), { minLength: 1, maxLength: 4 })
      .map((rest): FilterExpression => ({ kind: 'or', operands: [first, ...rest] }));
  });

const anyLiteral = fc.oneof(literal(facetLike), literal(numericLike));
const conjunction = fc
  .array(fc.oneof(anyLiteral, orGroup), { minLength: 2, maxLength: 5 })
  .map((operands): FilterExpression => ({ kind: 'and', operands }));

/** Every tree in the normal form `parseFilterString` returns. */
const normalForm = fc.oneof(anyLiteral, orGroup, conjunction);

describe('formatFilters', () => {
  it('round-trips every normal-form tree through parseFilterString', () => {
    fc.assert(
      fc.property(normalForm, (expression) => {
        expect(parseFilterString(formatFilters(expression))).toEqual(expression);
      }),
      { numRuns: 2000 },
    );
  });

  it('prints readable filters', () => {
    expect(
      formatFilters({
        kind: 'and',
        operands: [
          { kind: 'numeric', attribute: 'price', operator: '<', value: 10 },
          {
            kind: 'or',
            operands: [
              { kind: 'facet', attribute: 'brand', value: 'LG' },
              { kind: 'facet', attribute: 'brand', value: 'Tommy Hilfiger', score: 2 },
            ],
          },
          { kind: 'not', operand: { kind: 'tag', value: 'old' } },
        ],
      }),
    ).toBe('price < 10 AND (brand:LG OR brand:"Tommy Hilfiger"<score=2>) AND NOT _tags:old');
    expect(formatFilters(matchAll)).toBe('');
    expect(formatFilters({ kind: 'numeric', attribute: 'x', operator: '>', value: 1e-7 })).toBe(
      'x > 0.0000001',
    );
  });

  it('quotes only what needs quoting', () => {
    expect(quote('LG')).toBe('LG');
    expect(quote('a.b-c_1/2')).toBe('a.b-c_1/2');
    expect(quote('TO')).toBe('"TO"');
    expect(quote('say "hi" \\')).toBe('"say \\"hi\\" \\\\"');
    expect(quote('')).toBe('""');
  });
});
