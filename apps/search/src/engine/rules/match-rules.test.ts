import { describe, expect, it } from 'vitest';
import { isActive, matchRules, type RuleMatchContext } from './match-rules.ts';
import type { Anchoring, Rule, RuleCondition } from './rule.ts';
import { wordAlternatives as wordAlternativesFor } from './word-alternatives.ts';

const now = 1_700_000_000;

function rule(objectID: string, conditions?: RuleCondition[], extra: Partial<Rule> = {}): Rule {
  return {
    objectID,
    ...(conditions === undefined ? {} : { conditions }),
    consequence: { userData: objectID },
    ...extra,
  };
}

function pattern(
  text: string,
  anchoring: Anchoring,
  extra: Partial<RuleCondition> = {},
): RuleCondition {
  return { pattern: text, anchoring, ...extra };
}

function ids(
  rules: readonly Rule[],
  context: Partial<RuleMatchContext> & { queryText: string },
): string[] {
  return matchRules(rules, { ruleContexts: [], now, ...context }).map(
    (match) => match.rule.objectID,
  );
}

describe('matchRules: anchoring', () => {
  it.each([
    ['is', 'smart tv', true],
    ['is', 'smart tv 4k', false],
    ['startsWith', 'smart tv 4k', true],
    ['startsWith', 'big smart tv', false],
    ['endsWith', 'big smart tv', true],
    ['endsWith', 'smart tv 4k', false],
    ['contains', 'big smart tv 4k', true],
    ['contains', 'smart big tv', false],
  ] as const)('%s "smart tv" against "%s" → %s', (anchoring, queryText, matches) => {
    expect(ids([rule('r', [pattern('smart tv', anchoring)])], { queryText })).toEqual(
      matches ? ['r'] : [],
    );
  });

  it('matches whole words, not prefixes or parts of words', () => {
    expect(ids([rule('r', [pattern('tv', 'contains')])], { queryText: 'tvs' })).toEqual([]);
    expect(ids([rule('r', [pattern('tv', 'startsWith')])], { queryText: 'tv' })).toEqual(['r']);
  });

  it('folds case, accents and spaces on both sides', () => {
    expect(
      ids([rule('r', [pattern('Télé  ÉCRAN', 'is')])], { queryText: '  tele   Ecran ' }),
    ).toEqual(['r']);
  });

  it('targets the empty query with pattern "" and anchoring is', () => {
    const rules = [rule('r', [pattern('', 'is')])];
    expect(ids(rules, { queryText: '' })).toEqual(['r']);
    expect(ids(rules, { queryText: '   ' })).toEqual(['r']);
    expect(ids(rules, { queryText: 'tv' })).toEqual([]);
  });

  it('never matches {facet:…} placeholder patterns (not supported yet)', () => {
    expect(ids([rule('r', [pattern('{facet:brand}', 'contains')])], { queryText: 'sony' })).toEqual(
      [],
    );
  });
});

describe('matchRules: conditions', () => {
  it('requires the context to be among ruleContexts (exact string)', () => {
    const rules = [rule('r', [{ context: 'fr' }])];
    expect(ids(rules, { queryText: 'x', ruleContexts: ['mobile', 'fr'] })).toEqual(['r']);
    expect(ids(rules, { queryText: 'x', ruleContexts: ['FR'] })).toEqual([]);
    expect(ids([rule('p', [pattern('tv', 'is', { context: 'fr' })])], { queryText: 'tv' })).toEqual(
      [],
    );
  });

  it('applies a rule without conditions to every search', () => {
    expect(ids([rule('r'), rule('s', [])], { queryText: 'anything' })).toEqual(['r', 's']);
  });

  it('triggers when any condition holds', () => {
    const rules = [rule('r', [pattern('phone', 'is'), pattern('tv', 'is')])];
    expect(ids(rules, { queryText: 'tv' })).toEqual(['r']);
  });

  it('asks matchConditionFilters about condition filters, and never matches them without it', () => {
    const rules = [rule('r', [{ filters: 'brand:Apple' }])];
    expect(ids(rules, { queryText: '' })).toEqual([]);
    const matchConditionFilters = (filters: string) =>
      filters === 'brand:Apple' ? ['brand:apple'] : undefined;
    expect(ids(rules, { queryText: '', matchConditionFilters })).toEqual(['r']);
    expect(
      ids([rule('s', [{ filters: 'brand:Sony' }])], { queryText: '', matchConditionFilters }),
    ).toEqual([]);
  });
});

describe('matchRules: enabled and validity', () => {
  it('skips disabled rules', () => {
    expect(
      ids([rule('r', [], { enabled: false }), rule('s', [], { enabled: true })], { queryText: '' }),
    ).toEqual(['s']);
  });

  it('applies a rule from `from` (inclusive) until `until` (exclusive), in any of its ranges', () => {
    const timed = rule('r', [], {
      validity: [
        { from: 100, until: 200 },
        { from: 300, until: 400 },
      ],
    });
    expect([99, 100, 199, 200, 350, 400].map((time) => isActive(timed, time))).toEqual([
      false,
      true,
      true,
      false,
      true,
      false,
    ]);
    expect(ids([timed], { queryText: '', now: 150 })).toEqual(['r']);
    expect(ids([timed], { queryText: '', now: 250 })).toEqual([]);
    expect(isActive(rule('s', [], { validity: [] }), 0)).toBe(true);
  });
});

describe('matchRules: precedence and conflicts', () => {
  it('puts the earliest match first', () => {
    const rules = [
      rule('a', [pattern('tv', 'contains')]),
      rule('b', [pattern('smart', 'contains')]),
    ];
    expect(ids(rules, { queryText: 'smart tv' })).toEqual(['b', 'a']);
  });

  it('prefers the longer match, then the stronger anchoring, and drops overlapping matches', () => {
    const rules = [
      rule('short', [pattern('smart', 'is')]),
      rule('long', [pattern('smart tv', 'startsWith')]),
      rule('anchored', [pattern('smart tv', 'is')]),
    ];
    expect(ids(rules, { queryText: 'smart tv' })).toEqual(['anchored']);
    expect(matchRules(rules, { queryText: 'smart tv', ruleContexts: [], now })).toMatchObject([
      { wordStart: 0, wordCount: 2 },
    ]);
  });

  it('keeps rules that match distinct words', () => {
    const rules = [rule('a', [pattern('red', 'contains')]), rule('b', [pattern('tv', 'contains')])];
    expect(ids(rules, { queryText: 'red tv' })).toEqual(['a', 'b']);
  });

  it('ranks anchorings is > startsWith > endsWith > contains for the same words', () => {
    const rules = (['contains', 'endsWith', 'startsWith', 'is'] as const).map((anchoring) =>
      rule(anchoring, [pattern('tv', anchoring)]),
    );
    expect(ids(rules, { queryText: 'tv' })).toEqual(['is']);
    expect(ids(rules.slice(0, 3), { queryText: 'tv' })).toEqual(['startsWith']);
    expect(ids(rules.slice(0, 2), { queryText: 'tv' })).toEqual(['endsWith']);
  });

  it('then prefers a context, then temporary rules, then the smaller objectID', () => {
    const general = rule('a-general', [pattern('tv', 'is')]);
    const contextual = rule('z-context', [pattern('tv', 'is', { context: 'fr' })]);
    const temporary = rule('y-temporary', [pattern('tv', 'is')], {
      validity: [{ from: 0, until: now + 1 }],
    });
    const context = { queryText: 'tv', ruleContexts: ['fr'] };
    expect(ids([general, temporary, contextual], context)).toEqual(['z-context']);
    expect(ids([general, temporary], context)).toEqual(['y-temporary']);
    expect(ids([rule('b', [pattern('tv', 'is')]), general], context)).toEqual(['a-general']);
  });

  it('ranks matched filters into the match length and drops rules on the same refinement', () => {
    const matchConditionFilters = (filters: string) => filters.toLowerCase().split(' and ');
    const rules = [
      rule('a', [{ filters: 'brand:apple' }]),
      rule('b', [{ filters: 'brand:apple AND color:red' }]),
      rule('c', [{ filters: 'size:m' }]),
      rule('d', [{ context: 'fr' }]),
      rule('e'),
    ];
    expect(ids(rules, { queryText: 'tv', ruleContexts: ['fr'], matchConditionFilters })).toEqual([
      'b',
      'c',
      'd',
      'e',
    ]);
  });

  it('puts pattern matches before rules matched without words', () => {
    const rules = [
      rule('a'),
      rule('b', [{ context: 'fr' }]),
      rule('c', [pattern('tv', 'contains')]),
    ];
    expect(ids(rules, { queryText: 'tv', ruleContexts: ['fr'] })).toEqual(['c', 'b', 'a']);
  });
});

describe('matchRules: alternatives', () => {
  const wordAlternatives = wordAlternativesFor(
    [{ objectID: 's', type: 'synonym', synonyms: ['lamp', 'torch'] }],
    ['en'],
  );
  const rules = [
    rule('alt', [pattern('big lamp', 'is', { alternatives: true })]),
    rule('strict', [pattern('big lamp', 'contains', { context: 'strict' })]),
  ];

  it('matches plural forms and synonyms of the query words only with alternatives: true', () => {
    for (const queryText of ['big lamps', 'big torch', 'big torches', 'big lamp'])
      expect(ids(rules, { queryText, wordAlternatives }), queryText).toEqual(['alt']);
    expect(
      ids(rules, { queryText: 'big torch', wordAlternatives, ruleContexts: ['strict'] }),
    ).toEqual(['alt']);
    expect(
      ids(rules, { queryText: 'big lamp', wordAlternatives, ruleContexts: ['strict'] }),
    ).toEqual(['alt']);
  });

  it('matches literally without the lookup and refuses unrelated words', () => {
    expect(ids(rules, { queryText: 'big lamps' })).toEqual([]);
    expect(ids(rules, { queryText: 'big lump', wordAlternatives })).toEqual([]);
  });
});
