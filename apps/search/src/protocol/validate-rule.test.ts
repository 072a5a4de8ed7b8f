import { describe, expect, it } from 'vitest';
import { validateRule, validateRules } from './validate-rule.ts';

const minimal = { objectID: 'r1', consequence: { userData: { banner: 'tv' } } };

function withConsequence(consequence: Record<string, unknown>): Record<string, unknown> {
  return { objectID: 'r1', consequence };
}

describe('validateRule: accepted rules', () => {
  it('returns the docs/api.md §2.9 example as a Rule', () => {
    const rule = {
      objectID: 'r1',
      conditions: [{ pattern: 'tv', anchoring: 'contains', context: 'fr', alternatives: false }],
      consequence: {
        params: { filters: 'category:TV', hitsPerPage: 10 },
        promote: [{ objectID: 'sku-9', position: 0 }],
        hide: [{ objectID: 'sku-7' }],
        userData: { banner: '/img/tv.png' },
        filterPromotes: true,
      },
      enabled: true,
      validity: [{ from: 1_700_000_000, until: 1_800_000_000 }],
      description: 'TV',
      tags: ['seasonal'],
    };
    expect(validateRule(rule)).toEqual(rule);
  });

  it('keeps query edits, array filters and renderingContent, and drops unknown top-level fields', () => {
    const params = {
      query: { remove: ['cheap'], edits: [{ type: 'replace', delete: 'tele', insert: 'tv' }] },
      facetFilters: [['brand:LG', 'brand:Sony']],
      numericFilters: 'price<500',
      tagFilters: 'sale',
      optionalFilters: ['brand:LG<score=2>'],
      renderingContent: { facetOrdering: { facets: { order: ['brand'] } } },
    };
    expect(validateRule({ ...withConsequence({ params }), _highlightResult: {} })).toEqual(
      withConsequence({ params }),
    );
  });

  it('reads the legacy single condition and condition filters', () => {
    expect(
      validateRule({ ...minimal, condition: { filters: 'brand:Apple AND NOT _tags:refurb' } }),
    ).toMatchObject({ conditions: [{ filters: 'brand:Apple AND NOT _tags:refurb' }] });
  });

  it('accepts 25 conditions, 300 promoted records, 50 hidden and 1,024 bytes of userData', () => {
    const conditions = Array.from({ length: 25 }, (_, index) => ({
      pattern: `w${index}`,
      anchoring: 'is',
    }));
    const promote = [0, 1, 2].map((group) => ({
      objectIDs: Array.from({ length: 100 }, (_, index) => `g${group}-${index}`),
      position: group * 100,
    }));
    const hide = Array.from({ length: 50 }, (_, index) => ({ objectID: `h${index}` }));
    const userData = 'x'.repeat(1022);
    expect(() =>
      validateRule({ objectID: 'r', conditions, consequence: { promote, hide, userData } }),
    ).not.toThrow();
  });
});

const conditions26 = Array.from({ length: 26 }, () => ({ context: 'fr' }));

/** Invalid rules and the message each one gets. */
const rejected: [unknown, string][] = [
  [42, 'rule must be an object'],
  [{ consequence: { userData: 1 } }, 'rule.objectID must be a string'],
  [{ objectID: '', consequence: { userData: 1 } }, 'rule.objectID must not be empty'],
  [{ objectID: 'r' }, 'rule.consequence must be an object'],
  [
    withConsequence({}),
    'rule.consequence must set at least one of params, promote, hide or userData',
  ],
  [
    { ...minimal, conditions: conditions26 },
    'rule.conditions: at most 25 items are allowed, got 26',
  ],
  [
    { ...minimal, conditions: [{ pattern: 'tv', anchoring: 'near' }] },
    'rule.conditions[0].anchoring must be one of is, startsWith, endsWith, contains',
  ],
  [
    { ...minimal, conditions: [{ pattern: 'tv' }] },
    'rule.conditions[0]: pattern and anchoring must be set together',
  ],
  [
    { ...minimal, conditions: [{ filters: 'brand:A OR brand:B' }] },
    'rule.conditions[0].filters: condition filters cannot use OR',
  ],
  [
    { ...minimal, conditions: [{ filters: 'price > 3' }] },
    'rule.conditions[0].filters: condition filters cannot use numeric filters',
  ],
  [
    withConsequence({
      promote: [{ objectIDs: Array.from({ length: 101 }, String), position: 0 }],
    }),
    'rule.consequence.promote[0].objectIDs: at most 100 items are allowed, got 101',
  ],
  [
    withConsequence({
      promote: Array.from({ length: 4 }, (_, group) => ({
        objectIDs: Array.from({ length: 80 }, (_, index) => `${group}-${index}`),
        position: group,
      })),
    }),
    'rule.consequence.promote: at most 300 promoted records are allowed, got 320',
  ],
  [
    withConsequence({ promote: [{ objectID: 'a', position: 301 }] }),
    'rule.consequence.promote[0].position must be an integer between 0 and 300',
  ],
  [
    withConsequence({
      promote: [
        { objectID: 'a', position: 1 },
        { objectID: 'b', position: 1 },
      ],
    }),
    'rule.consequence.promote[1].position 1 is already used in this rule',
  ],
  [
    withConsequence({
      hide: Array.from({ length: 51 }, (_, index) => ({ objectID: `h${index}` })),
    }),
    'rule.consequence.hide: at most 50 items are allowed, got 51',
  ],
  [
    withConsequence({ userData: 'x'.repeat(1023) }),
    'rule.consequence.userData must be at most 1024 bytes of JSON, got 1025',
  ],
  [
    withConsequence({ params: { filters: 'a AND' } }),
    'rule.consequence.params.filters: unexpected end of input at position 5',
  ],
  [
    withConsequence({ params: { facetFilters: ['brand'] } }),
    'rule.consequence.params.facetFilters[0]: expected "attribute:value", got "brand"',
  ],
  [
    withConsequence({ params: { query: { edits: [{ type: 'swap', delete: 'a' }] } } }),
    'rule.consequence.params.query.edits[0].type must be one of remove, replace',
  ],
  [
    withConsequence({ params: { query: { edits: [{ type: 'replace', delete: 'a' }] } } }),
    'rule.consequence.params.query.edits[0].insert must be a string',
  ],
  [
    withConsequence({ params: { hitsPerPage: 5000 } }),
    'rule.consequence.params.hitsPerPage must be an integer between 0 and 1000',
  ],
  [
    withConsequence({ params: { typoTolerance: 'maybe' } }),
    'rule.consequence.params.typoTolerance must be',
  ],
  [
    withConsequence({ params: { aroundLatLng: '48.8,2.3' } }),
    'rule.consequence.params.aroundLatLng is not supported',
  ],
  [{ ...minimal, enabled: 'yes' }, 'rule.enabled must be a boolean'],
  [
    { ...minimal, validity: [{ from: 10, until: 5 }] },
    'rule.validity[0]: from must not be after until',
  ],
  [
    { ...minimal, validity: [{ from: 'now', until: 5 }] },
    'rule.validity[0].from must be a unix timestamp in seconds',
  ],
];

describe('validateRule: limits and shapes', () => {
  it.each(rejected)('rejects %j', (input, message) => {
    expect(() => validateRule(input)).toThrow(
      expect.objectContaining({ status: 400, message: expect.stringContaining(message) }),
    );
  });

  it('rejects a consequence over 100 KiB', () => {
    const params = { big: 'x'.repeat(100 * 1024) };
    expect(() => validateRule(withConsequence({ params }))).toThrow(
      'rule.consequence must be at most 102400 bytes of JSON',
    );
  });
});

describe('validateRules', () => {
  it('checks each rule of a batch and names its index', () => {
    expect(validateRules([minimal])).toEqual([minimal]);
    expect(() => validateRules([minimal, { objectID: 'r2' }])).toThrow(
      'rules[1].consequence must be an object',
    );
    expect(() => validateRules({})).toThrow('rules must be an array');
  });
});
