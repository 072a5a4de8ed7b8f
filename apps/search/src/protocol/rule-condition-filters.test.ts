import { describe, expect, it } from 'vitest';
import type { Rule } from '../engine/index.ts';
import { matchRules } from '../engine/index.ts';
import { parseSearchFilters } from './parse-filters.ts';
import { conditionFilterKeys, conditionFiltersMatcher } from './rule-condition-filters.ts';

describe('conditionFilterKeys', () => {
  it('lists facet, tag and negated refinements, facet values lower-cased', () => {
    expect(conditionFilterKeys('brand:Apple AND _tags:Sale AND NOT color:Red', 'f')).toEqual([
      'brand:apple',
      '_tags:Sale',
      'NOT color:red',
    ]);
  });

  it.each([
    ['brand:Apple OR brand:Sony', 'rule.conditions[0].filters: condition filters cannot use OR'],
    [
      '(brand:Apple OR brand:Sony) AND sale',
      'rule.conditions[0].filters: condition filters cannot use OR',
    ],
    ['price > 10', 'rule.conditions[0].filters: condition filters cannot use numeric filters'],
    [
      'brand:Apple AND NOT price:1 TO 2',
      'rule.conditions[0].filters: condition filters cannot use numeric filters',
    ],
    ['brand:', 'rule.conditions[0].filters: unexpected end of input at position 6'],
  ])('rejects %s', (filters, message) => {
    expect(() => conditionFilterKeys(filters, 'rule.conditions[0].filters')).toThrow(message);
  });
});

describe('conditionFiltersMatcher', () => {
  const matcher = conditionFiltersMatcher(
    parseSearchFilters({
      filters: 'price < 10 AND NOT color:Red',
      facetFilters: [['brand:Apple', 'brand:Sony']],
      tagFilters: 'sale',
    }),
  );

  it('matches when the search applies every named refinement, OR groups included', () => {
    expect(matcher('brand:apple')).toEqual(['brand:apple']);
    expect(matcher('_tags:sale AND brand:SONY')).toEqual(['_tags:sale', 'brand:sony']);
    expect(matcher('NOT color:red')).toEqual(['NOT color:red']);
  });

  it('does not match refinements the search lacks, or invalid filters', () => {
    expect(matcher('brand:Apple AND brand:LG')).toBeUndefined();
    expect(matcher('color:red')).toBeUndefined();
    expect(matcher('Brand:apple')).toBeUndefined();
    expect(matcher('brand:Apple OR brand:Sony')).toBeUndefined();
  });

  it('drives matchRules', () => {
    const rules: Rule[] = [
      { objectID: 'apple', conditions: [{ filters: 'brand:Apple' }], consequence: { userData: 1 } },
      { objectID: 'lg', conditions: [{ filters: 'brand:LG' }], consequence: { userData: 2 } },
    ];
    const applied = matchRules(rules, {
      queryText: '',
      ruleContexts: [],
      now: 0,
      matchConditionFilters: matcher,
    });
    expect(applied.map((match) => match.rule.objectID)).toEqual(['apple']);
  });
});
