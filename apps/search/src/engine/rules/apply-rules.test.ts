import { describe, expect, it } from 'vitest';
import { applyRules } from './apply-rules.ts';
import { editQuery } from './edit-query.ts';
import type { MatchedRule } from './match-rules.ts';
import type { Rule, RuleConsequence } from './rule.ts';

function applied(...consequences: RuleConsequence[]): MatchedRule[] {
  return consequences.map((consequence, index) => {
    const rule: Rule = { objectID: `r${index + 1}`, consequence };
    return { rule, condition: undefined, wordStart: undefined, wordCount: 0, filterKeys: [] };
  });
}

describe('applyRules: query', () => {
  it('leaves the query alone when no rule edits it', () => {
    expect(applyRules(applied({ userData: 1 }), 'Smart  TV').queryText).toBe('Smart  TV');
  });

  it('replaces the whole query with the highest-precedence string query', () => {
    const effects = applyRules(
      applied(
        { params: { query: { remove: ['tv'] } } },
        { params: { query: 'television' } },
        { params: { query: 'x' } },
      ),
      'cheap tv',
    );
    expect(effects.queryText).toBe('television');
  });

  it('applies every rule’s remove and replace edits, in precedence order', () => {
    const effects = applyRules(
      applied(
        { params: { query: { remove: ['cheap'] } } },
        {
          params: { query: { edits: [{ type: 'replace', delete: 'tele', insert: 'television' }] } },
        },
        { params: { query: { edits: [{ type: 'remove', delete: 'pas cher' }] } } },
      ),
      'Cheap Télé 4K pas  CHER',
    );
    expect(effects.queryText).toBe('television 4K');
  });
});

describe('editQuery', () => {
  it('edits every occurrence of a phrase, folding case and accents', () => {
    expect(editQuery('TV and tv', [{ type: 'replace', delete: 'tv', insert: 'télé' }])).toBe(
      'télé and télé',
    );
    expect(editQuery('a b a b', [{ type: 'remove', delete: 'a b' }])).toBe('');
    expect(editQuery('tv', [{ type: 'remove', delete: '  ' }])).toBe('tv');
    expect(editQuery('tv', [{ type: 'replace', delete: 'tv' }])).toBe('');
  });

  it('matches words that hold punctuation as the rule patterns do, whole typed words only', () => {
    expect(editQuery('cheap T-Shirt', [{ type: 'remove', delete: 't-shirt' }])).toBe('cheap');
    expect(editQuery('cheap t shirt', [{ type: 'remove', delete: 't-shirt' }])).toBe('cheap');
    expect(
      editQuery("levi's jeans", [{ type: 'replace', delete: "Levi's", insert: 'levis' }]),
    ).toBe('levis jeans');
    expect(editQuery('Coca-Cola zero!', [{ type: 'remove', delete: 'coca cola' }])).toBe('zero!');
    // Half of a typed word is not removed: "t-shirt" stays when only "shirt" is to go.
    expect(editQuery('t-shirt', [{ type: 'remove', delete: 'shirt' }])).toBe('t-shirt');
  });
});

describe('applyRules: promote and hide', () => {
  it('pins records at their positions and groups at consecutive positions', () => {
    const effects = applyRules(
      applied({
        promote: [
          { objectID: 'sku-9', position: 0 },
          { objectIDs: ['g1', 'g2'], position: 4 },
        ],
      }),
      'tv',
    );
    expect(effects.pinned).toEqual([
      { objectID: 'sku-9', position: 0, filterPromotes: false },
      { objectID: 'g1', position: 4, filterPromotes: false },
      { objectID: 'g2', position: 5, filterPromotes: false },
    ]);
  });

  it('gives a contested slot to the smaller objectID and moves the others down', () => {
    const effects = applyRules(
      applied(
        { promote: [{ objectID: 'b', position: 0 }] },
        { promote: [{ objectIDs: ['a', 'c'], position: 0 }] },
      ),
      'tv',
    );
    expect(effects.pinned.map(({ objectID, position }) => `${objectID}@${position}`)).toEqual([
      'a@0',
      'b@1',
      'c@2',
    ]);
  });

  it('keeps the highest-precedence position of a record promoted twice, and carries filterPromotes', () => {
    const effects = applyRules(
      applied(
        { promote: [{ objectID: 'x', position: 3 }], filterPromotes: true },
        { promote: [{ objectID: 'x', position: 0 }] },
      ),
      'tv',
    );
    expect(effects.pinned).toEqual([{ objectID: 'x', position: 3, filterPromotes: true }]);
  });

  it('hides records (deduplicated) and never pins a hidden one', () => {
    const effects = applyRules(
      applied(
        { hide: [{ objectID: 'h1' }, { objectID: 'p' }] },
        {
          hide: [{ objectID: 'h1' }],
          promote: [
            { objectID: 'p', position: 0 },
            { objectID: 'q', position: 1 },
          ],
        },
      ),
      'tv',
    );
    expect(effects.hidden).toEqual(['h1', 'p']);
    expect(effects.pinned).toEqual([{ objectID: 'q', position: 1, filterPromotes: false }]);
  });
});

describe('applyRules: data for the response and the search', () => {
  it('lists userData and rule ids in precedence order, skipping rules without userData', () => {
    const effects = applyRules(
      applied({ userData: { banner: 'a' } }, { hide: [{ objectID: 'x' }] }, { userData: [1] }),
      '',
    );
    expect(effects.userData).toEqual([{ banner: 'a' }, [1]]);
    expect(effects.appliedRuleIds).toEqual(['r1', 'r2', 'r3']);
  });

  it('collects filter parameters and optional filters per rule, in wire form', () => {
    const effects = applyRules(
      applied(
        { params: { filters: 'category:TV', facetFilters: [['brand:LG']] } },
        { params: { filters: '  ', optionalFilters: 'brand:Sony<score=2>' } },
        { params: { numericFilters: 'price<500', tagFilters: ['sale'] } },
      ),
      '',
    );
    expect(effects.extraFilters).toEqual([
      { filters: 'category:TV', facetFilters: [['brand:LG']] },
      { numericFilters: 'price<500', tagFilters: ['sale'] },
    ]);
    expect(effects.extraOptionalFilters).toEqual(['brand:Sony<score=2>']);
  });

  it('merges renderingContent deeply, the higher-precedence rule winning each key', () => {
    const effects = applyRules(
      applied(
        { params: { renderingContent: { facetOrdering: { facets: { order: ['brand'] } } } } },
        {
          params: {
            renderingContent: {
              facetOrdering: {
                facets: { order: ['price'] },
                values: { brand: { sortRemainingBy: 'alpha' } },
              },
              redirect: { url: 'https://example.com/tv' },
            },
          },
        },
      ),
      '',
    );
    expect(effects.renderingContent).toEqual({
      facetOrdering: {
        facets: { order: ['brand'] },
        values: { brand: { sortRemainingBy: 'alpha' } },
      },
      redirect: { url: 'https://example.com/tv' },
    });
    expect(applyRules(applied({ userData: 1 }), '').renderingContent).toBeUndefined();
  });

  it('passes other search parameters through, the higher-precedence rule winning', () => {
    const effects = applyRules(
      applied(
        { params: { hitsPerPage: 5, query: 'x' } },
        { params: { hitsPerPage: 50, ruleContexts: ['promo'] } },
      ),
      '',
    );
    expect(effects.params).toEqual({ hitsPerPage: 5, ruleContexts: ['promo'] });
  });

  it('has no effects for no rules', () => {
    expect(applyRules([], 'tv')).toEqual({
      queryText: 'tv',
      extraFilters: [],
      extraOptionalFilters: [],
      pinned: [],
      hidden: [],
      userData: [],
      renderingContent: undefined,
      params: {},
      appliedRuleIds: [],
    });
  });
});
