import { describe, expect, it } from 'vitest';
import { applyRules } from './apply-rules.ts';
import { parseAutomaticFilters } from './automatic-filters.ts';
import { matchRules, type RuleMatchContext } from './match-rules.ts';
import { normalizeForRules } from './normalize-for-rules.ts';
import type { Anchoring, Rule, RuleConsequence, RuleParams } from './rule.ts';

const facets: Readonly<Record<string, readonly string[]>> = {
  color: ['Red', 'Navy Blue', 'Navy', 'Blue', 'Vert Émeraude', 'vert emeraude', '-Pale'],
  brand: ['Apple', 'Red Wing'],
};

/** The lookup `prepare-search` builds from the index: raw values whose folding equals the phrase. */
function facetValues(attribute: string, phrase: string): readonly string[] {
  return (facets[attribute] ?? []).filter((value) => normalizeForRules(value) === phrase);
}

function rule(
  objectID: string,
  pattern: string,
  anchoring: Anchoring,
  consequence: RuleConsequence = { userData: objectID },
): Rule {
  return { objectID, conditions: [{ pattern, anchoring }], consequence };
}

function match(rules: readonly Rule[], queryText: string, context: Partial<RuleMatchContext> = {}) {
  return matchRules(rules, { queryText, ruleContexts: [], now: 0, facetValues, ...context });
}

function effects(
  params: RuleParams,
  pattern: string,
  queryText: string,
  anchoring: Anchoring = 'contains',
) {
  return applyRules(match([rule('r', pattern, anchoring, { params })], queryText), queryText);
}

describe('matchRules: {facet:…} placeholders', () => {
  it.each([
    ['contains', 'big red shoes', true],
    ['contains', 'big shoes', false],
    ['is', 'RED', true],
    ['is', 'red shoes', false],
    ['startsWith', 'red shoes', true],
    ['startsWith', 'shoes red', false],
    ['endsWith', 'shoes red', true],
    ['endsWith', 'red shoes', false],
  ] as const)('%s "{facet:color}" against "%s" → %s', (anchoring, queryText, matches) => {
    const matched = match([rule('r', '{facet:color}', anchoring)], queryText);
    expect(matched.map((entry) => entry.rule.objectID)).toEqual(matches ? ['r'] : []);
  });

  it('matches multi-word and accented values, the longest first, and reports what matched', () => {
    const [navy] = match([rule('r', '{facet:color}', 'contains')], 'shirt navy blue');
    expect(navy?.facetMatches).toEqual([
      {
        attribute: 'color',
        values: ['Navy Blue'],
        phrase: 'navy blue',
        wordStart: 1,
        wordCount: 2,
      },
    ]);
    expect(navy?.wordStart).toBe(1);
    expect(navy?.wordCount).toBe(2);
    const [green] = match([rule('r', 'in {facet:color}', 'is')], 'in VERT emeraude');
    expect(green?.facetMatches?.[0]?.values).toEqual(['Vert Émeraude', 'vert emeraude']);
  });

  it('mixes literals and placeholders, giving words back when the rest of the pattern needs them', () => {
    const rules = [rule('r', '{facet:color} blue {facet:brand}', 'is')];
    const [matched] = match(rules, 'navy blue apple');
    expect(matched?.facetMatches?.map((facet) => facet.values)).toEqual([['Navy'], ['Apple']]);
    expect(match(rules, 'blue apple')).toEqual([]);
  });

  it('finds every occurrence of a contains pattern', () => {
    const [matched] = match([rule('r', '{facet:color}', 'contains')], 'red or blue');
    expect(matched?.facetMatches?.map((facet) => facet.phrase)).toEqual(['red', 'blue']);
  });

  it('never matches without a facet lookup or on an unknown attribute', () => {
    const rules = [rule('r', '{facet:color}', 'contains'), rule('s', '{facet:size}', 'contains')];
    expect(matchRules(rules, { queryText: 'red', ruleContexts: [], now: 0 })).toEqual([]);
    expect(match(rules, 'red').map((entry) => entry.rule.objectID)).toEqual(['r']);
  });

  it('puts a literal before a placeholder matching the same words', () => {
    const rules = [rule('a', '{facet:color}', 'contains'), rule('b', 'red', 'contains')];
    expect(match(rules, 'red').map((entry) => entry.rule.objectID)).toEqual(['b']);
  });
});

describe('applyRules: automatic filters', () => {
  it('reads the string and object forms', () => {
    expect(
      parseAutomaticFilters(['color', 'brand<score=3>', '{facet:size}', 7, { score: 1 }]),
    ).toEqual([
      { facet: 'color', disjunctive: false, negative: false, score: undefined },
      { facet: 'brand', disjunctive: false, negative: false, score: 3 },
      { facet: 'size', disjunctive: false, negative: false, score: undefined },
    ]);
    expect(
      parseAutomaticFilters({ facet: 'color', disjunctive: true, negative: true, score: 2 }),
    ).toEqual([{ facet: 'color', disjunctive: true, negative: true, score: 2 }]);
  });

  it('ANDs the matched values by default and ORs them when disjunctive', () => {
    expect(
      effects({ automaticFacetFilters: ['color'] }, '{facet:color}', 'red blue').extraFilters,
    ).toEqual([{ facetFilters: ['color:Red', 'color:Blue'] }]);
    expect(
      effects(
        { automaticFacetFilters: [{ facet: 'color', disjunctive: true }] },
        '{facet:color}',
        'red blue',
      ).extraFilters,
    ).toEqual([{ facetFilters: [['color:Red', 'color:Blue']] }]);
  });

  it('ORs the raw values of one folded value, negates, escapes and scores', () => {
    expect(
      effects(
        { automaticFacetFilters: [{ facet: 'color', negative: true }] },
        '{facet:color}',
        'vert emeraude',
      ).extraFilters,
    ).toEqual([{ facetFilters: [['color:-Vert Émeraude', 'color:-vert emeraude']] }]);
    expect(
      effects({ automaticFacetFilters: ['color'] }, '{facet:color}', '-pale').extraFilters,
    ).toEqual([{ facetFilters: ['color:\\-Pale'] }]);
    const optional = effects(
      { automaticOptionalFilters: [{ facet: 'color', score: 2 }], filters: 'stock > 0' },
      '{facet:color}',
      'red',
    );
    expect(optional.extraOptionalFilters).toEqual([['color:Red<score=2>']]);
    expect(optional.extraFilters).toEqual([{ filters: 'stock > 0' }]);
    expect(optional.params).toEqual({});
  });

  it('filters only on the facets the consequence lists', () => {
    const result = effects(
      { automaticFacetFilters: ['brand'] },
      '{facet:color} {facet:brand}',
      'red apple',
    );
    expect(result.extraFilters).toEqual([{ facetFilters: ['brand:Apple'] }]);
    expect(result.appliedRuleIds).toEqual(['r']);
  });

  it('removes or replaces the words a placeholder matched when an edit names it, keeping the others', () => {
    const removed = effects(
      {
        automaticFacetFilters: ['color'],
        query: { edits: [{ type: 'remove', delete: '{facet:color}' }] },
      },
      '{facet:color}',
      'Navy  Blue shirt',
    );
    expect(removed.queryText).toBe('shirt');
    expect(removed.extraFilters).toEqual([{ facetFilters: ['color:Navy Blue'] }]);
    const legacy = effects({ query: { remove: ['{facet:color}'] } }, '{facet:color}', 'red shirt');
    expect(legacy.queryText).toBe('shirt');
    const replaced = effects(
      { query: { edits: [{ type: 'replace', delete: '{facet:brand}', insert: 'boots' }] } },
      '{facet:brand}',
      'red wing shoes',
    );
    expect(replaced.queryText).toBe('boots shoes');
    const kept = effects({ automaticFacetFilters: ['color'] }, '{facet:color}', 'red shirt');
    expect(kept.queryText).toBe('red shirt');
  });
});
